//! Move ordering: a picker that hands out a node's moves best-first.
//!
//! Order: the transposition-table move (tried before any generation, since
//! it often refutes the node alone), then captures and queen promotions that
//! do not lose material (most valuable victim first, least valuable attacker
//! next), then the killers and the counter-move, then the other quiet moves
//! by history, then the captures that lose material, then under-promotions.
//! Static exchange evaluation is run lazily, only when a capture comes up.

use crate::see::{see_ge, see_value};
use arrayvec::ArrayVec;
use ox88_board::{Board, Move, Role};
use ox88_movegen::{MoveGen, MoveList};

/// Where a move the picker returned comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The transposition-table move.
    TtMove,
    /// A capture or queen promotion that does not lose material.
    GoodTactical,
    /// A killer or the counter-move.
    Refutation,
    /// Any other quiet move.
    Quiet,
    /// A capture that loses material, or an under-promotion.
    BadTactical,
}

const GOOD_TACTICAL: i32 = 3_000_000;
const REFUTATION: i32 = 2_000_000;
const BAD_TACTICAL: i32 = -2_000_000;
const UNDER_PROMOTION: i32 = -3_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    TtMove,
    Generate,
    Pick,
}

/// Hands out the moves of one node, best first, generating them only when
/// the TT move did not cut the node off. Lives on the stack: no allocation.
pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    refutations: [Option<Move>; 3],
    tactical_only: bool,
    moves: MoveList,
    /// Filled when the moves are generated (no initialisation cost for
    /// nodes the table move cuts off).
    scores: ArrayVec<i32, 256>,
    next: usize,
}

impl MovePicker {
    /// A picker over all legal moves. `tt_move` and the `refutations`
    /// (killers, counter-move) may be any move: they are checked.
    pub fn new(tt_move: Option<Move>, refutations: [Option<Move>; 3]) -> MovePicker {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            refutations,
            tactical_only: false,
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
        }
    }

    /// A picker over captures and queen promotions only (quiescence).
    pub fn tactical(tt_move: Option<Move>) -> MovePicker {
        let mut picker =
            MovePicker::new(tt_move.filter(|m| m.is_capture() || m.promotion() == Some(Role::Queen)), [None; 3]);
        picker.tactical_only = true;
        picker
    }

    /// The next move and where it comes from; `quiet_score` scores quiet
    /// moves (from the history tables).
    #[inline]
    pub fn next(&mut self, board: &Board, quiet_score: impl Fn(Move) -> i32) -> Option<(Move, Pick)> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Generate;
            if let Some(m) = self.tt_move {
                if board.is_legal(m) {
                    return Some((m, Pick::TtMove));
                }
                self.tt_move = None;
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            self.generate(board, quiet_score);
        }
        loop {
            if self.next >= self.moves.len() {
                return None;
            }
            let best = self.next + last_max(&self.scores[self.next..]);
            let (m, score) = (self.moves[best], self.scores[best]);
            if score >= GOOD_TACTICAL && !see_ge(board, m, 0) {
                self.scores[best] = BAD_TACTICAL + (score - GOOD_TACTICAL);
                continue;
            }
            self.moves.swap(self.next, best);
            self.scores.swap(self.next, best);
            self.next += 1;
            let pick = match score {
                s if s >= GOOD_TACTICAL => Pick::GoodTactical,
                s if s >= REFUTATION => Pick::Refutation,
                s if s > BAD_TACTICAL / 2 => Pick::Quiet,
                _ => Pick::BadTactical,
            };
            return Some((m, pick));
        }
    }

    fn generate(&mut self, board: &Board, quiet_score: impl Fn(Move) -> i32) {
        if self.tactical_only {
            board.generate_tactical(&mut self.moves);
        } else {
            board.generate_legal(&mut self.moves);
        }
        if let Some(tt) = self.tt_move {
            if let Some(i) = self.moves.iter().position(|&m| m == tt) {
                self.moves.swap_remove(i);
            }
        }
        for &m in &self.moves {
            let score = match m.promotion() {
                Some(role) if role != Role::Queen => UNDER_PROMOTION + see_value(role),
                _ if m.is_tactical() => {
                    let victim = if m.is_en_passant() {
                        Role::Pawn
                    } else {
                        board.piece_at(m.to()).map_or(Role::Pawn, |p| p.role())
                    };
                    let victim_value = if m.is_capture() { see_value(victim) } else { 0 };
                    let promotion = if m.is_promotion() { see_value(Role::Queen) } else { 0 };
                    let attacker = board.piece_at(m.from()).expect("a legal move has a moving piece").role();
                    GOOD_TACTICAL + (victim_value + promotion) * 8 - attacker.index() as i32
                }
                _ => match self.refutations.iter().position(|&r| r == Some(m)) {
                    Some(rank) => REFUTATION + 10 - rank as i32,
                    None => quiet_score(m),
                },
            };
            self.scores.push(score);
        }
    }
}

/// The index of the largest of `scores` (not empty), the last of equals:
/// the maximum first (a loop the compiler vectorises), then its last
/// place, since this runs once for every move the search tries.
#[inline]
fn last_max(scores: &[i32]) -> usize {
    let max = scores.iter().copied().fold(i32::MIN, i32::max);
    scores.iter().rposition(|&score| score == max).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{MoveKind, Square};

    fn order(fen: &str, tt: Option<Move>, refutations: [Option<Move>; 3]) -> Vec<(Move, Pick)> {
        let board: Board = fen.parse().unwrap();
        let mut picker = MovePicker::new(tt, refutations);
        let mut out = Vec::new();
        while let Some(p) = picker.next(&board, |_| 0) {
            out.push(p);
        }
        let mut all: Vec<Move> = board.legal_moves().to_vec();
        let mut got: Vec<Move> = out.iter().map(|p| p.0).collect();
        all.sort_by_key(|m| m.to_raw());
        got.sort_by_key(|m| m.to_raw());
        assert_eq!(all, got, "every legal move exactly once");
        out
    }

    #[test]
    fn stages_come_in_order() {
        // White: Qd1 can take a defended knight on d5 (bad), the pawn e4 takes it (good).
        let fen = "4k3/8/2p5/3n4/4P3/8/8/3QK2R w K - 0 1";
        let killer = Move::new(Square::H1, Square::H7, MoveKind::Quiet);
        let bogus = Move::new(Square::A1, Square::A2, MoveKind::Quiet);
        let tt = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
        let moves = order(fen, Some(tt), [Some(bogus), Some(killer), None]);
        assert_eq!(moves[0], (tt, Pick::TtMove));
        assert_eq!(moves[1], (Move::new(Square::E4, Square::D5, MoveKind::Capture), Pick::GoodTactical));
        assert_eq!(moves[2], (killer, Pick::Refutation));
        assert_eq!(moves.last().unwrap(), &(Move::new(Square::D1, Square::D5, MoveKind::Capture), Pick::BadTactical));
        // An illegal TT move is skipped.
        let moves = order(fen, Some(bogus), [None; 3]);
        assert_eq!(moves[0].1, Pick::GoodTactical);
    }

    /// The rank of a class in the picker's order.
    fn rank(pick: Pick) -> u8 {
        match pick {
            Pick::TtMove => 0,
            Pick::GoodTactical => 1,
            Pick::Refutation => 2,
            Pick::Quiet => 3,
            Pick::BadTactical => 4,
        }
    }

    /// The classes come out in order in every position: quiescence relies on
    /// it, stopping at the first losing capture, as do the search's pruning
    /// rules. Positions along random games from four starts, with killers and
    /// made-up history scores.
    #[test]
    fn classes_never_come_out_of_order() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut positions, mut bad) = (0, 0);
        for fen in starts {
            let mut board: Board = fen.parse().unwrap();
            for _ in 0..60 {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let killer = moves.iter().copied().find(|m| !m.is_tactical());
                let tt = moves[random(moves.len())];
                let history = |m: Move| (m.to_raw() as i32 * 7919) % 20_000 - 10_000;
                for mut picker in [
                    MovePicker::new(Some(tt), [killer, None, None]),
                    MovePicker::new(None, [None; 3]),
                    MovePicker::tactical(Some(tt)),
                    MovePicker::tactical(None),
                ] {
                    let mut last = 0;
                    while let Some((m, pick)) = picker.next(&board, history) {
                        assert!(rank(pick) >= last, "{board}: {m} ({pick:?}) after a later class");
                        assert!(pick != Pick::GoodTactical || see_ge(&board, m, 0), "{board}: {m}");
                        bad += usize::from(pick == Pick::BadTactical);
                        last = rank(pick);
                    }
                }
                positions += 1;
                board.make_move_unchecked(moves[random(moves.len())]);
            }
        }
        assert!(positions > 150 && bad > 50, "{positions} positions, {bad} losing captures");
    }

    #[test]
    fn tactical_picker_yields_captures_only() {
        let board: Board = "4k3/8/2p5/3n4/4P3/8/8/3QK2R w K - 0 1".parse().unwrap();
        let mut picker = MovePicker::tactical(None);
        let mut n = 0;
        while let Some((m, _)) = picker.next(&board, |_| 0) {
            assert!(m.is_capture());
            n += 1;
        }
        assert_eq!(n, 2);
    }
}
