//! `Board`'s moves: playing and taking back (`push`, `pop`, the null move), reading and writing them in SAN,
//! LAN and UCI, and the questions about one move (`is_legal`, `is_capture`, `gives_check`, ...).

use crate::board::BoardCore;
use crate::errors::{illegal, san_error, uci_error, IllegalMoveError};
use crate::moves::PyMove;
use ox88_board::{Color, Move, Piece, Role};
use ox88_movegen::{IllegalMoveError as RustIllegal, Notation, Position, Suffix};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::cmp::Ordering;

impl BoardCore {
    /// The ox88 move `m` names here, as python-chess's `push` reads it (castling also as the king's two-square
    /// move in Chess960 notation and as king-takes-rook in standard notation).
    pub fn find(&self, m: PyMove) -> Result<Move, RustIllegal> {
        let (from, to) = m.squares();
        self.pos().find_move(from, to, m.role())
    }
    /// The legal move `m` among the legal moves already listed for this position, if they were.
    fn cached(&self, m: PyMove) -> Option<Move> {
        let index = m.index()?;
        let mode = self.pos().castling_mode();
        // The origin first: one comparison rules out most moves (castling starts on the king's square in both
        // notations).
        let from = m.squares().0;
        self.listed()?
            .iter()
            .copied()
            .find(|&legal| legal.from() == from && crate::moves::table_index(legal, mode) == index)
    }
    /// The legal move that is exactly `m` in this board's notation (python-chess's `is_legal`), if any.
    pub fn legal(&self, m: PyMove) -> Option<Move> {
        let found = self.find(m).ok()?;
        (PyMove::of(found, self.pos().castling_mode()) == m).then_some(found)
    }
    /// The legal move `m`, or python-chess's `IllegalMoveError` naming it and the position.
    pub fn require(&self, m: PyMove) -> PyResult<Move> {
        self.find(m).map_err(|e| illegal(e, &self.fen_text(false)))
    }
    /// Whether `m` is an en-passant capture by its squares: a pawn's diagonal step onto the empty square a
    /// double push just passed.
    fn en_passant_by(&self, m: PyMove) -> bool {
        let (from, to) = m.squares();
        let board = self.board();
        self.ep() == Some(to)
            && board.piece_at(from).is_some_and(|p| p.role() == Role::Pawn)
            && matches!(i16::from(m.to_square).abs_diff(i16::from(m.from_square)), 7 | 9)
            && board.piece_at(to).is_none()
    }
    /// If `m` castles by its squares (a king's move of more than one file, or onto a rook of the side to move),
    /// where its destination's file lies from its origin's (`Greater`: towards the h-file).
    fn castling_side(&self, m: PyMove) -> Option<Ordering> {
        let (from, to) = m.squares();
        let board = self.board();
        if board.piece_at(from).is_none_or(|p| p.role() != Role::King) {
            return None;
        }
        let (from_file, to_file) = (m.from_square % 8, m.to_square % 8);
        let onto_rook = board.piece_at(to).is_some_and(|p| p.role() == Role::Rook && p.color() == board.side_to_move());
        (from_file.abs_diff(to_file) > 1 || onto_rook).then_some(to_file.cmp(&from_file))
    }
    /// The pieces on the squares `m` touches: its origin and destination (none for a move that stays put).
    fn touched(&self, m: PyMove) -> impl Iterator<Item = Piece> + '_ {
        let (from, to) = m.squares();
        let board = self.board();
        [from, to].into_iter().filter(move |_| from != to).filter_map(move |sq| board.piece_at(sq))
    }
    /// Plays the null move: the other side to move, no en-passant square, the clocks ticking as python-chess
    /// ticks them. The moves before it stay on the stack; repetitions are counted from it on.
    fn push_null(&mut self) -> PyResult<()> {
        let board = self.board();
        if board.in_check() {
            return Err(IllegalMoveError::new_err(format!("a null move while in check in {}", self.fen_text(false))));
        }
        let mut setup = board.to_setup();
        let black = board.side_to_move() == Color::Black;
        setup
            .set_side_to_move(!board.side_to_move())
            .set_en_passant(None)
            .set_halfmove_clock(board.halfmove_clock().saturating_add(1))
            .set_fullmove_number(board.fullmove_number() + u16::from(black));
        let after = setup.build().map_err(|e| IllegalMoveError::new_err(format!("a null move here: {e}")))?;
        let mut pos = Position::new(after);
        pos.set_castling_mode(self.pos().castling_mode());
        let before = std::mem::replace(self.pos_mut(), pos);
        self.before_nulls.push(before);
        Ok(())
    }
    /// The SAN of the legal move `m` ("Nf3", "O-O", "exd8=Q#").
    pub fn san_of(&self, m: Move) -> String {
        self.pos().san_unchecked(m).to_string()
    }
    /// The long algebraic notation of the legal move `m`: "Ng1-f3", "e7xd8=Q#", "O-O".
    fn lan_of(&self, m: Move) -> String {
        let san = self.pos().san_unchecked(m);
        if m.is_castle() {
            return san.to_string();
        }
        let board = self.board();
        let role = board.piece_at(m.from()).map_or(Role::Pawn, |p| p.role());
        let mut text = String::new();
        if role != Role::Pawn {
            text.push(role.upper_char());
        }
        text.push_str(&format!("{}{}{}", m.from(), if m.is_capture() { 'x' } else { '-' }, m.to()));
        if let Some(promotion) = m.promotion() {
            text.push('=');
            text.push(promotion.upper_char());
        }
        match san.suffix {
            Some(Suffix::Check) => text.push('+'),
            Some(Suffix::Checkmate) => text.push('#'),
            None => {}
        }
        text
    }
    /// The moves of the stack, oldest first, null moves included.
    pub fn stack(&self) -> Vec<PyMove> {
        let mode = self.pos().castling_mode();
        let mut moves = Vec::new();
        for earlier in &self.before_nulls {
            moves.extend(earlier.moves().iter().map(|&m| PyMove::of(m, mode)));
            moves.push(PyMove::NULL);
        }
        moves.extend(self.pos().moves().iter().map(|&m| PyMove::of(m, mode)));
        moves
    }
}

#[pymethods]
impl BoardCore {
    /// Plays `move` and puts it on the move stack. Unlike python-chess, which trusts its caller, the move
    /// must be legal: otherwise `IllegalMoveError` (a `ValueError`) and the board is unchanged.
    /// `Move.null()` passes the turn.
    fn push(mut slf: PyRefMut<'_, Self>, r#move: &Bound<'_, PyMove>) -> PyResult<()> {
        slf.ready()?;
        let m = *r#move.get();
        // The stack holds the shared move object (a hand-made `Move(...)` equal to it is replaced).
        let shared = m.object(slf.py())?;
        let r#move = shared.bind(slf.py());
        if m.is_null() {
            slf.push_null()?;
        } else {
            // Moves come from the legal moves just listed, as a rule: found there without a search.
            let found = match slf.cached(m) {
                Some(found) => found,
                None => slf.require(m)?,
            };
            slf.pos_mut().play_unchecked(found);
        }
        BoardCore::sync(slf, Some(Some(r#move)))
    }
    /// Takes back the last move and returns it; `IndexError` when the stack is empty.
    fn pop(mut slf: PyRefMut<'_, Self>) -> PyResult<Py<PyMove>> {
        let py = slf.py();
        let mode = slf.pos().castling_mode();
        let m = match slf.pos_mut().undo() {
            Some(m) => PyMove::of(m, mode),
            None => match slf.before_nulls.pop() {
                Some(earlier) => {
                    slf.restore(earlier);
                    PyMove::NULL
                }
                None => return Err(PyIndexError::new_err("pop from empty move stack")),
            },
        };
        BoardCore::sync(slf, Some(None))?;
        m.object(py)
    }
    /// The last move played; `IndexError` when the stack is empty.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = match self.pos().last_move() {
            Some(m) => PyMove::of(m, self.pos().castling_mode()),
            None if !self.before_nulls.is_empty() => PyMove::NULL,
            None => return Err(PyIndexError::new_err("peek at an empty move stack")),
        };
        m.object(py)
    }
    /// The legal moves as a list (what `list(board.legal_moves)` gives, in one call).
    fn _legal_list<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.ready()?;
        let mode = self.pos().castling_mode();
        crate::moves::list(py, self.moves(), mode)
    }
    /// Whether `move` is legal here, written in this board's notation (`e1g1` castles on a standard board,
    /// `e1h1` on a Chess960 board). The null move is never legal.
    fn is_legal(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.legal(*r#move.get()).is_some())
    }
    /// Whether `move` captures (en passant included): one of its squares holds a piece of the other side, judged
    /// by its squares as python-chess judges any move, legal or not.
    fn is_capture(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        let m = *r#move.get();
        let board = self.board();
        Ok(self.touched(m).any(|p| p.color() != board.side_to_move()) || self.en_passant_by(m))
    }
    /// Whether `move` captures en passant: a pawn's diagonal step onto the empty en-passant square.
    fn is_en_passant(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.en_passant_by(*r#move.get()))
    }
    /// Whether `move` castles: a king's move of more than one file, or onto a rook of the side to move.
    fn is_castling(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.castling_side(*r#move.get()).is_some())
    }
    /// Whether `move` castles on the king's side (towards the h-file).
    fn is_kingside_castling(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.castling_side(*r#move.get()) == Some(Ordering::Greater))
    }
    /// Whether `move` castles on the queen's side (towards the a-file).
    fn is_queenside_castling(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.castling_side(*r#move.get()) == Some(Ordering::Less))
    }
    /// Whether `move` resets the fifty-move count: it moves or takes a pawn, or takes any piece of the other side.
    fn is_zeroing(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        let side = self.board().side_to_move();
        Ok(self.touched(*r#move.get()).any(|p| p.role() == Role::Pawn || p.color() != side))
    }
    /// Whether `move` gives check.
    fn gives_check(&self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        Ok(self.find(*r#move.get()).is_ok_and(|m| self.pos().gives_check(m)))
    }
    /// The SAN of the legal `move` ("Nf3", "O-O", "exd8=Q#"; "--" for the null move).
    fn san(&self, r#move: &Bound<'_, PyMove>) -> PyResult<String> {
        self.ready()?;
        let m = *r#move.get();
        if m.is_null() {
            return Ok("--".to_owned());
        }
        Ok(self.san_of(self.require(m)?))
    }
    /// The long algebraic notation of the legal `move` ("Ng1-f3", "e7xd8=Q#", "O-O"; "--" for the null move).
    fn lan(&self, r#move: &Bound<'_, PyMove>) -> PyResult<String> {
        self.ready()?;
        let m = *r#move.get();
        if m.is_null() {
            return Ok("--".to_owned());
        }
        Ok(self.lan_of(self.require(m)?))
    }
    /// The UCI of `move` in this board's notation (or in Chess960's with `chess960=True`).
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(&self, r#move: &Bound<'_, PyMove>, chess960: Option<bool>) -> PyResult<String> {
        self.ready()?;
        let m = *r#move.get();
        let mode = match chess960 {
            Some(true) => ox88_board::CastlingMode::Chess960,
            Some(false) => ox88_board::CastlingMode::Standard,
            None => self.pos().castling_mode(),
        };
        Ok(match self.find(m) {
            Ok(found) if !m.is_null() => PyMove::of(found, mode).uci_text(),
            _ => m.uci_text(),
        })
    }
    /// The legal move named in SAN ("Nf3", "e8=Q", "O-O"): `InvalidMoveError` if the text is not SAN,
    /// `IllegalMoveError` if no legal move fits, `AmbiguousMoveError` if more than one does.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<PyMove>> {
        self.ready()?;
        if matches!(san.trim(), "--" | "Z0" | "0000" | "@@@@") {
            return PyMove::NULL.object(py);
        }
        let m = self.pos().parse_san(san).map_err(|e| san_error(e, &self.fen_text(false)))?;
        PyMove::of(m, self.pos().castling_mode()).object(py)
    }
    /// The legal move named in UCI ("e2e4", castling in this board's notation); "0000" is the null move.
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<PyMove>> {
        self.ready()?;
        let given = PyMove::parse(uci)?;
        if given.is_null() {
            return PyMove::NULL.object(py);
        }
        let m = self.pos().parse_uci(uci).map_err(|e| uci_error(e, &self.fen_text(false)))?;
        PyMove::of(m, self.pos().castling_mode()).object(py)
    }
    /// Plays the move named in SAN and returns it.
    fn push_san(slf: PyRefMut<'_, Self>, san: &str) -> PyResult<Py<PyMove>> {
        slf.ready()?;
        let py = slf.py();
        let m = slf.parse_san(py, san)?;
        BoardCore::push(slf, m.bind(py))?;
        Ok(m)
    }
    /// Plays the move named in UCI and returns it.
    fn push_uci(slf: PyRefMut<'_, Self>, uci: &str) -> PyResult<Py<PyMove>> {
        slf.ready()?;
        let py = slf.py();
        let m = slf.parse_uci(py, uci)?;
        BoardCore::push(slf, m.bind(py))?;
        Ok(m)
    }
    /// The moves of `variation` in SAN with move numbers, from this position: "1. e4 e5 2. Nf3", "3...Nf6 4.
    /// O-O". `IllegalMoveError` names the first move that is not legal where it is played.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        self.ready()?;
        let mut pos = self.pos().clone();
        let mut moves = Vec::new();
        for item in variation.try_iter()? {
            let item = item?;
            let m = *item.cast::<PyMove>()?.get();
            let found = pos
                .find_move(m.squares().0, m.squares().1, m.role())
                .ok()
                .filter(|&f| PyMove::of(f, pos.castling_mode()) == m || !pos.is_chess960())
                .ok_or_else(|| {
                    IllegalMoveError::new_err(format!("illegal move {} in position {}", m.uci_text(), pos.fen()))
                })?;
            pos.play_unchecked(found);
            moves.push(found);
        }
        // Every move was found legal where it is played: the line is written whole.
        Ok(self.pos().board().san_line(&moves).to_string())
    }
}
