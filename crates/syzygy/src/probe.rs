//! Probing a position: the tables store a value only where captures do not
//! decide it, and no position with an en-passant capture, so a probe plays
//! out captures (and, for DTZ, the moves that reach the side the DTZ table
//! stores) before reading a table.
//!
//! WDL values run from -2 (loss) to 2 (win), -1 and 1 being losses and wins
//! that the fifty-move rule turns into draws. DTZ values are plies to the
//! next capture or pawn move (with the rounding the tables use), 100 more
//! for cursed wins and blessed losses, negative for losses: the values and
//! the method of the tables' author's own prober, which python-chess's
//! `chess.syzygy` follows too.

use crate::dtz_before_zeroing;
use crate::error::{ProbeError, TableKind};
use crate::material::Material;
use crate::tablebase::Tablebase;
use ox88_board::{Board, Move, MoveKind, Role};
use ox88_movegen::{MoveGen, MoveList};

/// How deep the DTZ probe's move search may recurse: two plies suffice for
/// any set of tables, so more means tables that contradict each other.
const DEPTH_LIMIT: u32 = 8;

/// Whether `m` moves a pawn.
fn is_pawn_move(board: &Board, m: Move) -> bool {
    board.piece_at(m.from()).is_some_and(|p| p.role() == ox88_board::Role::Pawn)
}

/// The legal captures of `board` (en passant included), and maybe some
/// other moves. Out of check, the tactical generator lists the captures
/// without the quiet moves, which are most moves in an endgame; it gives
/// capturing promotions to a queen only, so the under-promotions are added.
fn captures(board: &Board) -> MoveList {
    let mut moves = MoveList::new();
    if board.in_check() {
        board.generate_legal(&mut moves);
        return moves;
    }
    board.generate_tactical(&mut moves);
    for i in 0..moves.len() {
        let m = moves[i];
        if m.is_capture() && m.promotion() == Some(Role::Queen) {
            for role in [Role::Rook, Role::Bishop, Role::Knight] {
                moves.push(Move::new(m.from(), m.to(), MoveKind::PromotionCapture(role)));
            }
        }
    }
    moves
}

/// Plays `m`, runs `f` on the board after it, and takes `m` back.
fn with_move<T>(board: &mut Board, m: Move, f: impl FnOnce(&mut Board) -> T) -> T {
    let undo = board.make_move_unchecked(m);
    let result = f(board);
    board.unmake_move(m, undo);
    result
}

impl Tablebase {
    /// The WDL value of the table for `board`, captures not considered.
    fn wdl_table(&self, board: &Board) -> Result<i32, ProbeError> {
        let material = Material::of(board);
        if material.piece_count() == 2 {
            return Ok(0);
        }
        let (table, mirrored, path) = self.table(&material, TableKind::Wdl)?;
        table.wdl(board, mirrored).map_err(|damage| ProbeError::Damaged { path: path.to_owned(), damage })
    }

    /// Checks that `board` can be probed at all.
    pub(crate) fn check(&self, board: &Board) -> Result<(), ProbeError> {
        if !board.castling().is_empty() {
            return Err(ProbeError::Castling);
        }
        let count = board.pieces(ox88_board::Color::White).len() + board.pieces(ox88_board::Color::Black).len();
        if count > self.max_pieces().max(2) {
            return Err(ProbeError::TooManyPieces { count, max: self.max_pieces() });
        }
        Ok(())
    }

    /// Alpha-beta over the captures (en passant aside): the value and how
    /// it was found (1: the table, 2: a capture at least as good).
    fn probe_ab(&self, board: &mut Board, mut alpha: i32, beta: i32) -> Result<(i32, u8), ProbeError> {
        let moves = captures(board);
        for &m in moves.iter().filter(|m| m.is_capture() && !m.is_en_passant()) {
            let v = -with_move(board, m, |board| self.probe_ab(board, -beta, -alpha))?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.wdl_table(board)?;
        Ok(if alpha >= v { (alpha, 1 + u8::from(alpha > 0)) } else { (v, 1) })
    }

    /// The best WDL value reachable by capturing en passant, if any.
    fn best_en_passant(&self, board: &mut Board) -> Result<Option<i32>, ProbeError> {
        if board.en_passant().is_none() {
            return Ok(None);
        }
        let mut moves = MoveList::new();
        board.generate_legal(&mut moves);
        let mut best = None;
        for &m in moves.iter().filter(|m| m.is_en_passant()) {
            let v = -with_move(board, m, |board| self.probe_ab(board, -2, 2))?.0;
            best = best.max(Some(v));
        }
        Ok(best)
    }

    /// Whether every legal move is an en-passant capture.
    fn only_en_passant(board: &Board) -> bool {
        board.legal_moves().iter().all(|m| m.is_en_passant())
    }

    /// The WDL value of `board`, -2 ..= 2, assuming it was reached by a
    /// capture or pawn move.
    pub(crate) fn wdl_value(&self, board: &mut Board) -> Result<i32, ProbeError> {
        let (mut v, _) = self.probe_ab(board, -2, 2)?;
        if let Some(ep) = self.best_en_passant(board)? {
            if ep >= v || (v == 0 && Self::only_en_passant(board)) {
                v = ep;
            }
        }
        Ok(v)
    }

    /// The DTZ value of `board`.
    pub(crate) fn dtz_value(&self, board: &mut Board, depth: u32) -> Result<i32, ProbeError> {
        let mut v = self.dtz_without_en_passant(board, depth)?;
        if let Some(ep) = self.best_en_passant(board)? {
            let ep = [-1, -101, 0, 101, 1][(ep + 2) as usize];
            let take = if v < -100 {
                ep >= 0
            } else if v < 0 {
                !(-100..0).contains(&ep)
            } else if v > 100 {
                ep > 0
            } else if v > 0 {
                ep == 1
            } else if ep >= 0 {
                true
            } else {
                Self::only_en_passant(board)
            };
            if take {
                v = ep;
            }
        }
        Ok(v)
    }

    /// The DTZ value of `board`, en-passant captures not considered.
    fn dtz_without_en_passant(&self, board: &mut Board, depth: u32) -> Result<i32, ProbeError> {
        if depth > DEPTH_LIMIT {
            return Err(self.contradiction(board));
        }
        let (wdl, how) = self.probe_ab(board, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if how == 2 {
            return Ok(dtz_before_zeroing(wdl));
        }
        let mut moves = MoveList::new();
        board.generate_legal(&mut moves);
        if wdl > 0 {
            // A pawn push that keeps the win zeroes at once. One push that
            // needs a missing table does not stop the others from answering.
            let mut unknown = None;
            for &m in moves.iter() {
                if m.is_capture() || !is_pawn_move(board, m) {
                    continue;
                }
                match with_move(board, m, |board| self.wdl_value(board)) {
                    Ok(v) if -v == wdl => return Ok(if wdl == 2 { 1 } else { 101 }),
                    Ok(_) => {}
                    Err(error) => unknown = unknown.or(Some(error)),
                }
            }
            if let Some(error) = unknown {
                return Err(error);
            }
        }
        let material = Material::of(board);
        let (table, mirrored, path) = self.table(&material, TableKind::Dtz)?;
        let stored =
            table.dtz(board, mirrored, wdl).map_err(|damage| ProbeError::Damaged { path: path.to_owned(), damage })?;
        if let Some(dtz) = stored {
            return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { dtz } else { -dtz });
        }
        // The table stores the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for &m in moves.iter() {
                if m.is_capture() || is_pawn_move(board, m) {
                    continue;
                }
                let (v, mate) = with_move(board, m, |board| {
                    let v = self.dtz_value(board, depth + 1).map(|v| -v)?;
                    Ok::<_, ProbeError>((v, v == 1 && board.is_checkmate()))
                })?;
                if mate {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for &m in moves.iter() {
                let v = with_move(board, m, |board| {
                    if board.halfmove_clock() == 0 {
                        if wdl == -2 {
                            Ok(-1)
                        } else {
                            let (v, _) = self.probe_ab(board, 1, 2)?;
                            Ok(if v == 2 { 0 } else { -101 })
                        }
                    } else {
                        self.dtz_value(board, depth + 1).map(|v| -v - 1)
                    }
                })?;
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// The error for tables whose DTZ sides never meet.
    fn contradiction(&self, board: &Board) -> ProbeError {
        let material = Material::of(board);
        match self.table(&material, TableKind::Dtz) {
            Ok((_, _, path)) => ProbeError::Damaged {
                path: path.to_owned(),
                damage: crate::error::Damage::Inconsistent("DTZ tables that store neither side to move"),
            },
            Err(error) => error,
        }
    }
}
