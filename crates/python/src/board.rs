//! The state of `Board`: an ox88 `Position` (with the positions before any null moves), the side to move
//! mirrored into a slot of the instance (a plain attribute, read at the speed of python-chess's), and the constructors, FEN, pieces and copies. Moves are in `board_play`, the rules in `board_rules`.

use crate::draft::Draft;
use crate::errors::fen_error;
use crate::moves::PyMove;
use crate::piece::PyPiece;
use crate::squares::{bit, color};
use ox88_board::{Board, CastlingMode, Color, FenError, FenRepair, MoveKind, Setup, Square};
use ox88_movegen::{MoveGen, MoveList, Position};
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

/// The start position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The core of `ox88.Board` (the class users meet subclasses it and adds what is written in Python).
///
/// The position is always one that can be played from: every method that sets one up checks it, and refuses
/// anything else with a `ValueError` that names the problem.
#[pyclass(subclass, module = "ox88._core", name = "BoardCore")]
pub struct BoardCore {
    /// The position and the moves since the last null move.
    pos: Position,
    /// The positions (with their moves) before each null move played, oldest first.
    pub before_nulls: Vec<Position>,
    /// The legal moves of `pos` once `listed` (generated in place: a list the size of the position's moves
    /// is never copied).
    legal: MoveList,
    /// Whether `legal` holds the moves of `pos` (cleared by every change of the position).
    listed: bool,
    /// Whether the Python object has `Board`'s `turn` and `move_stack` slots (a bare `BoardCore` has not).
    pub(crate) slots: bool,
    /// The list in the object's `move_stack` slot, kept equal to the moves played.
    stack: Option<Py<PyList>>,
    /// The board as python-chess holds it after an edit that left something a position does not keep (castling
    /// rights or an en-passant square the pieces do not allow), or no position at all; `None` when `pos` says
    /// everything.
    draft: Option<Box<Draft>>,
    /// Why no position can be built from `draft` (then `pos` is a placeholder that nothing reads: every method
    /// that needs a position raises a `ValueError` with this reason).
    unplayable: Option<String>,
}

/// `Board.turn.__set__` and `Board.move_stack.__set__`: they write the slots without going through
/// `Board.__setattr__`, which makes a user's `board.turn = ...` give the move to the other side. (A slot, not
/// the instance's `__dict__`: CPython reads a slot at python-chess's speed, 26 ns here, and a `__dict__` that
/// Rust holds at 70 to 80 ns.)
static SLOT_SETTERS: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();

fn slot_setters(py: Python<'_>) -> PyResult<&(Py<PyAny>, Py<PyAny>)> {
    SLOT_SETTERS.get_or_try_init(py, || {
        let board = py.import(intern!(py, "ox88._board"))?.getattr(intern!(py, "Board"))?;
        let setter =
            |name| -> PyResult<Py<PyAny>> { Ok(board.getattr(name)?.getattr(intern!(py, "__set__"))?.unbind()) };
        Ok((setter(intern!(py, "turn"))?, setter(intern!(py, "move_stack"))?))
    })
}

impl BoardCore {
    /// A core on `pos`.
    pub fn new(pos: Position) -> BoardCore {
        BoardCore {
            pos,
            before_nulls: Vec::new(),
            legal: MoveList::new(),
            listed: false,
            slots: false,
            stack: None,
            draft: None,
            unplayable: None,
        }
    }
    /// The position (since the last null move).
    pub fn pos(&self) -> &Position {
        &self.pos
    }
    /// The position, to change it (which forgets its legal moves, and the draft of an edited board: a move
    /// played from it leaves a position).
    pub fn pos_mut(&mut self) -> &mut Position {
        self.listed = false;
        self.draft = None;
        &mut self.pos
    }
    /// `Ok` when the board holds a position to play from; else a `ValueError` saying why not (python-chess
    /// would go on with a board it calls invalid).
    pub fn ready(&self) -> PyResult<()> {
        match &self.unplayable {
            None => Ok(()),
            Some(why) => Err(PyValueError::new_err(format!(
                "not a position to play from ({why}; board.status() says what is wrong): {}",
                self.fen_text(false)
            ))),
        }
    }
    /// Whether the board holds a position to play from (see [`ready`](Self::ready)).
    pub fn playable(&self) -> bool {
        self.unplayable.is_none()
    }
    /// The draft of an edited board, if the position does not say everything.
    pub fn draft_ref(&self) -> Option<&Draft> {
        self.draft.as_deref()
    }
    /// The board as python-chess holds it: the draft, or one made from the position.
    pub fn draft(&self) -> Draft {
        match &self.draft {
            Some(draft) => (**draft).clone(),
            None => Draft::of(self.board(), self.castling_mask(), self.ep()),
        }
    }
    /// Holds `draft` (a new board with no move stack): as a plain position if one says all of it, else as a
    /// draft beside the position built from it leniently (rights the pieces do not allow left out), or beside
    /// nothing to play from. [`sync_all`](Self::sync_all) must follow.
    pub fn settle(&mut self, draft: Draft) {
        let mode = self.pos.castling_mode();
        let chess960 = self.pos.is_chess960();
        let setup = draft.setup(chess960);
        let position = |board: Board| {
            let mut pos = Position::new(board);
            pos.set_castling_mode(mode);
            pos
        };
        match setup.build() {
            Ok(board) if draft.castling == draft.clean_castling(chess960) && board.en_passant() == draft.ep => {
                self.set_position(position(board));
                return;
            }
            _ => {}
        }
        match setup.build_lenient() {
            Ok((board, _)) => self.set_position(position(board)),
            Err(error) => {
                self.set_position(position(Board::startpos()));
                self.unplayable = Some(error.to_string());
            }
        }
        self.draft = Some(Box::new(draft));
    }
    /// The board of the current position.
    pub fn board(&self) -> &Board {
        self.pos.board()
    }
    /// The legal moves of the position, generated once for each position.
    pub fn moves(&mut self) -> &MoveList {
        if !self.listed {
            self.legal.clear();
            self.pos.board().generate_legal(&mut self.legal);
            self.listed = true;
        }
        &self.legal
    }
    /// The legal moves of the position, if they were listed.
    pub fn listed(&self) -> Option<&MoveList> {
        self.listed.then_some(&self.legal)
    }
    /// Ends a change of the position: writes the side to move into the object's `turn` slot. `stack` says
    /// what became of the move stack: `Some(move)` pushed, `None` popped.
    pub fn sync(this: PyRefMut<'_, Self>, stack: Option<Option<&Bound<'_, PyMove>>>) -> PyResult<()> {
        let py = this.py();
        if !this.slots {
            return Ok(());
        }
        let white = this.draft_ref().map_or(this.board().side_to_move(), |d| d.side) == Color::White;
        match (&this.stack, stack) {
            (Some(list), Some(Some(pushed))) => list.bind(py).append(pushed)?,
            (Some(list), Some(None)) => {
                let list = list.bind(py);
                list.del_item(list.len().saturating_sub(1))?
            }
            _ => {}
        }
        let object = this.into_pyobject(py)?;
        slot_setters(py)?.0.call1(py, (object, white))?;
        Ok(())
    }
    /// Ends a change of the position that replaced the move stack: the `move_stack` list is rebuilt (the same
    /// list object) and `turn` written.
    pub fn sync_all(this: PyRefMut<'_, Self>) -> PyResult<()> {
        let py = this.py();
        if let Some(list) = &this.stack {
            let list = list.bind(py);
            list.del_slice(0, list.len())?;
            for m in this.stack() {
                list.append(m.object(py)?)?;
            }
        }
        BoardCore::sync(this, None)
    }
    /// Replaces the position (and forgets the move stack); [`sync_all`](Self::sync_all) must follow.
    pub fn set_position(&mut self, pos: Position) {
        *self.pos_mut() = pos;
        self.before_nulls.clear();
        self.unplayable = None;
    }
    /// Replaces the position by the one before the last null move.
    pub fn restore(&mut self, earlier: Position) {
        *self.pos_mut() = earlier;
    }
    /// Makes the object's slots `turn` and `move_stack` (on a `Board`; `slf` is then new).
    pub fn install_slots(slf: &Bound<'_, Self>) -> PyResult<()> {
        let py = slf.py();
        let list = PyList::empty(py);
        slot_setters(py)?.1.call1(py, (slf, &list))?;
        let mut this = slf.borrow_mut();
        this.slots = true;
        this.stack = Some(list.unbind());
        Ok(())
    }
    /// The board after `edit` changed it as python-chess's board (no move stack: python-chess keeps the stack;
    /// ox88 cannot undo moves across an edit). See [`settle`](Self::settle).
    pub fn edit(mut this: PyRefMut<'_, Self>, edit: impl FnOnce(&mut Draft)) -> PyResult<()> {
        let mut draft = this.draft();
        edit(&mut draft);
        this.settle(draft);
        BoardCore::sync_all(this)
    }
    /// python-chess's FEN: the en-passant square only when a legal capture exists.
    pub fn fen_text(&self, shredder: bool) -> String {
        if let (Some(draft), Some(_)) = (&self.draft, &self.unplayable) {
            return draft.fen(self.pos.is_chess960(), shredder, true);
        }
        let board = self.board();
        let fen = if shredder { board.shredder_fen() } else { board.fen() };
        if board.en_passant().is_some() && !board.has_legal_en_passant() {
            let mut fields: Vec<&str> = fen.split(' ').collect();
            fields[3] = "-";
            return fields.join(" ");
        }
        fen
    }
    /// A position from python-chess's constructor arguments, or for a FEN that is none (python-chess reads
    /// any placement), a placeholder position and the draft to [`settle`](Self::settle).
    pub fn parse(fen: Option<&str>, chess960: bool) -> PyResult<(Position, Option<Draft>)> {
        let text = fen.unwrap_or(STARTING_FEN).trim();
        let position = |board: Board| {
            let mut pos = Position::new(board);
            if chess960 {
                pos.set_castling_mode(CastlingMode::Chess960);
            }
            pos
        };
        match Board::from_fen_lenient(text) {
            Ok((board, repairs)) if repairs.iter().all(|r| *r == FenRepair::FullmoveNumberZero) => {
                Ok((position(board), None))
            }
            Ok(_) | Err(FenError::Invalid(_)) => {
                // Rights or an en-passant square the pieces do not allow, or no position: python-chess's board.
                let setup: Setup = text.parse().map_err(fen_error)?;
                let castling = text.split_whitespace().nth(2).unwrap_or("-");
                let draft = Draft::of_setup(&setup, castling)
                    .ok_or_else(|| PyValueError::new_err(format!("invalid castling fen: {castling:?}")))?;
                Ok((position(Board::startpos()), Some(draft)))
            }
            Err(error) => Err(fen_error(error)),
        }
    }
    /// Sets up what [`parse`](Self::parse) read (and clears the move stack); [`sync_all`](Self::sync_all)
    /// must follow.
    pub fn set_parsed(&mut self, (pos, draft): (Position, Option<Draft>)) {
        self.set_position(pos);
        if let Some(draft) = draft {
            self.settle(draft);
        }
    }
    /// The mask of python-chess's `castling_rights`: the squares of the rooks that may castle.
    pub fn castling_mask(&self) -> u64 {
        if let Some(draft) = &self.draft {
            return draft.castling;
        }
        self.board().castling().iter().fold(0, |mask, (_, _, rook)| mask | bit(rook))
    }
    /// python-chess's `ep_square`: the square a pawn passed on its double push just played (whether or not
    /// a capture is possible), or the position's en-passant square before any move.
    pub fn ep(&self) -> Option<Square> {
        if let Some(draft) = &self.draft {
            return draft.ep;
        }
        match self.pos.last_move() {
            Some(m) if m.kind() == MoveKind::DoublePush => {
                let (from, to) = (m.from(), m.to());
                Square::from_index64(((from.index64() + to.index64()) / 2) as u8)
            }
            Some(_) => None,
            None => self.board().en_passant(),
        }
    }
    /// The squares of `pieces` as a mask.
    pub fn mask(squares: impl IntoIterator<Item = Square>) -> u64 {
        squares.into_iter().fold(0, |mask, sq| mask | bit(sq))
    }
}

#[pymethods]
impl BoardCore {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyAny>, _kwargs: Option<&Bound<'_, PyAny>>) -> BoardCore {
        BoardCore::new(Position::startpos())
    }
    /// Sets up the position of `fen` (`None`: the start position) on a `Board`, whose `turn` slot is then
    /// kept in step. Called by `Board.__init__`.
    #[pyo3(signature = (fen, chess960 = false))]
    fn _setup(slf: &Bound<'_, Self>, fen: Option<&str>, chess960: bool) -> PyResult<()> {
        let parsed = BoardCore::parse(fen.or(Some(STARTING_FEN)), chess960)?;
        BoardCore::install_slots(slf)?;
        let mut this = slf.borrow_mut();
        this.set_parsed(parsed);
        if fen.is_none() {
            this.settle(Draft::empty());
        }
        BoardCore::sync_all(this)
    }
    /// Takes every piece off the board, and with `everything` also gives white the move, drops the castling
    /// rights and the en-passant square and resets the clocks (python-chess's `clear`; `clear_board` keeps
    /// them). The move stack is cleared.
    #[pyo3(signature = (everything = true))]
    fn _clear(slf: PyRefMut<'_, Self>, everything: bool) -> PyResult<()> {
        BoardCore::edit(slf, |draft| {
            let kept = draft.clone();
            *draft = Draft::empty();
            if !everything {
                (draft.side, draft.castling, draft.ep) = (kept.side, kept.castling, kept.ep);
                (draft.halfmove, draft.fullmove) = (kept.halfmove, kept.fullmove);
            }
        })
    }
    /// A copy of this board (of the same class), with its move stack: all of it (`stack=True`), none of it
    /// (`stack=False`) or the last `stack` moves.
    #[pyo3(signature = (*, stack = None))]
    pub(crate) fn copy<'py>(slf: &Bound<'py, Self>, stack: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let keep = match stack {
            None => None,
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => (!s.extract::<bool>()?).then_some(0),
            Some(s) => Some(s.extract::<usize>()?),
        };
        let (pos, before_nulls, draft, unplayable) = {
            let this = slf.borrow();
            let (draft, unplayable) = (this.draft.clone(), this.unplayable.clone());
            match keep {
                None => (this.pos.clone(), this.before_nulls.clone(), draft, unplayable),
                Some(n) => (this.last_moves(n), Vec::new(), draft, unplayable),
            }
        };
        let copy = BoardCore::spawn(slf, pos)?;
        let mut core = copy.cast::<BoardCore>()?.borrow_mut();
        (core.before_nulls, core.draft, core.unplayable) = (before_nulls, draft, unplayable);
        BoardCore::sync_all(core)?;
        Ok(copy)
    }
    /// The FEN of the position ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"). Castling is
    /// X-FEN (`KQkq`, a file letter for an inner Chess960 rook), or Shredder-FEN (`HAha`) with `shredder=True`;
    /// the en-passant square is written only when a legal capture exists (python-chess's default).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        if let (Some(draft), "fen" | "xfen") = (&self.draft, en_passant) {
            return Ok(draft.fen(self.pos.is_chess960(), shredder, en_passant == "xfen"));
        }
        match en_passant {
            "legal" => Ok(self.fen_text(shredder)),
            "fen" | "xfen" => {
                let board = self.board();
                Ok(if shredder { board.shredder_fen() } else { board.fen() })
            }
            other => Err(PyValueError::new_err(format!("en_passant is \"legal\", \"fen\" or \"xfen\", not {other:?}"))),
        }
    }
    /// The FEN's first field: where the pieces stand.
    #[pyo3(signature = (*, promoted = None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted;
        if let Some(draft) = &self.draft {
            return draft.placement();
        }
        let fen = self.board().fen();
        fen.split(' ').next().unwrap_or_default().to_owned()
    }
    /// The four EPD fields (FEN without the clocks), the en-passant square only when a capture is legal.
    #[pyo3(signature = (*, shredder = false))]
    fn epd(&self, shredder: bool) -> String {
        self.fen_text(shredder).split(' ').take(4).collect::<Vec<_>>().join(" ")
    }
    /// Sets up the position of `fen` and clears the move stack; a `ValueError` names what is wrong with a bad
    /// FEN (and the board is unchanged).
    fn set_fen(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        let parsed = BoardCore::parse(Some(fen), slf.pos.is_chess960())?;
        slf.set_parsed(parsed);
        BoardCore::sync_all(slf)
    }
    /// Back to the start position, with no moves.
    fn reset(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        let parsed = BoardCore::parse(None, slf.pos.is_chess960())?;
        slf.set_parsed(parsed);
        BoardCore::sync_all(slf)
    }
    /// Sets up Chess960 start position `scharnagl` (0 to 959; 518 is the standard one).
    fn set_chess960_pos(mut slf: PyRefMut<'_, Self>, scharnagl: i64) -> PyResult<()> {
        let pos = u16::try_from(scharnagl)
            .ok()
            .and_then(Position::chess960)
            .ok_or_else(|| PyValueError::new_err(format!("Chess960 positions are 0 to 959, not {scharnagl}")))?;
        slf.set_position(pos);
        BoardCore::sync_all(slf)
    }
    /// Whether castling is written as Chess960 (king takes rook, `e1h1`) rather than standard (`e1g1`).
    #[getter]
    fn chess960(&self) -> bool {
        self.pos.is_chess960()
    }
    #[setter(chess960)]
    fn set_chess960(mut slf: PyRefMut<'_, Self>, chess960: bool) -> PyResult<()> {
        if let Some(draft) = slf.draft.take() {
            // The clean castling rights depend on the rules: the draft is judged again under the new ones.
            slf.pos.set_castling_mode(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
            slf.settle(*draft);
            return BoardCore::sync_all(slf);
        }
        slf.pos_mut().set_castling_mode(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
        BoardCore::sync_all(slf)
    }
    /// The squares of the rooks that may still castle, as a mask (`BB_A1 | BB_H1 | ...`).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.castling_mask()
    }
    /// The square a pawn passed on the double push just played, or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.ep().map(|sq| sq.index64() as u8)
    }
    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.draft.as_ref().map_or_else(|| self.board().halfmove_clock(), |d| d.halfmove)
    }
    #[setter(halfmove_clock)]
    fn set_halfmove_clock(slf: PyRefMut<'_, Self>, plies: u16) -> PyResult<()> {
        BoardCore::edit(slf, |draft| draft.halfmove = plies)
    }
    /// The number of the move, starting at 1 and counted up after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.draft.as_ref().map_or_else(|| self.board().fullmove_number(), |d| d.fullmove)
    }
    #[setter(fullmove_number)]
    fn set_fullmove_number(slf: PyRefMut<'_, Self>, number: u16) -> PyResult<()> {
        BoardCore::edit(slf, |draft| draft.fullmove = number)
    }
    /// Gives the move to `white` (`True`) or Black, clearing the move stack (`board.turn = ...` calls this).
    fn _set_turn(slf: PyRefMut<'_, Self>, white: bool) -> PyResult<()> {
        BoardCore::edit(slf, |draft| draft.side = color(white))
    }
    /// The board as python-chess prints it: eight lines of `r n b q k b n r`, `.` for an empty square.
    fn __str__(&self) -> String {
        match &self.draft {
            Some(draft) => draft.picture(|p| p.map_or('.', |p| p.char()).to_string()),
            None => self.pos.to_string(),
        }
    }
    /// The board in Unicode chess symbols, as python-chess's `unicode()` draws it.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘", orientation = true))]
    fn unicode(&self, invert_color: bool, borders: bool, empty_square: &str, orientation: bool) -> String {
        let picture = match &self.draft {
            Some(draft) => {
                let picture = draft
                    .picture(|p| p.map_or_else(|| "⭘".to_owned(), |p| PyPiece::of(p).unicode_symbol(false).to_owned()));
                if orientation {
                    picture
                } else {
                    picture.lines().rev().map(|l| l.chars().rev().collect::<String>()).collect::<Vec<_>>().join("\n")
                }
            }
            None => self.board().unicode(color(orientation)).to_string(),
        };
        crate::text::unicode(&picture, invert_color, borders, empty_square, color(orientation))
    }
}

impl BoardCore {
    /// The current position with only its last `n` moves as its move stack.
    fn last_moves(&self, n: usize) -> Position {
        let moves = self.pos.moves();
        let n = n.min(moves.len());
        let mut root = self.pos.clone();
        for _ in 0..n {
            root.undo();
        }
        let mut pos = Position::new(root.board().clone());
        pos.set_castling_mode(self.pos.castling_mode());
        for &m in &moves[moves.len() - n..] {
            pos.play_unchecked(m);
        }
        pos
    }
}
