//! The move-ordering memory of one search thread: killers, counter-moves,
//! the butterfly history and the continuation histories. All live in one
//! heap allocation made when the thread is created, and persist from move
//! to move of a game (a new game clears them).

use crate::MAX_PLY;
use ox88_board::{Color, Move, Piece};

/// History scores stay within plus or minus this value.
pub const HISTORY_MAX: i32 = 16_384;

/// A piece arriving on a square: the index of a continuation-history table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The piece `piece` arriving on the destination of `m`.
    #[inline(always)]
    pub fn new(piece: Piece, m: Move) -> PieceTo {
        PieceTo((piece.index() * 64 + m.to().index64()) as u16)
    }
    #[inline(always)]
    fn index(self) -> usize {
        self.0 as usize
    }
}

const PIECE_TO: usize = 12 * 64;

/// Adds `bonus` to a history score with gravity: the closer the score is to
/// the bound, the less it moves, so scores never leave the range and old
/// information fades.
#[inline(always)]
fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let value = i32::from(*entry);
    *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
}

/// Killers, counter-moves and history tables.
pub struct History {
    /// Two quiet moves per ply that recently caused a beta cutoff.
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// The quiet move that refuted each previous move, by piece and square.
    counters: Box<[Option<Move>; PIECE_TO]>,
    /// Quiet move success by side, origin and destination.
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    /// Quiet move success after a given previous move (one and two plies
    /// back): [previous piece-to][piece-to].
    continuation: Box<[[i16; PIECE_TO]; PIECE_TO]>,
}

impl History {
    /// Empty tables.
    pub fn new() -> History {
        History {
            killers: [[None; 2]; MAX_PLY + 2],
            counters: Box::new([None; PIECE_TO]),
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            continuation: vec![[0i16; PIECE_TO]; PIECE_TO].into_boxed_slice().try_into().expect("sized"),
        }
    }

    /// Forgets the killers (a new search: they belong to the last tree).
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// The killers of `ply`.
    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// Forgets the killers of `ply` (before searching its children, so they
    /// start from the killers of their own subtree).
    #[inline(always)]
    pub fn clear_ply_killers(&mut self, ply: usize) {
        self.killers[ply] = [None; 2];
    }

    /// The counter-move to the previous move.
    #[inline(always)]
    pub fn counter(&self, previous: Option<PieceTo>) -> Option<Move> {
        previous.and_then(|p| self.counters[p.index()])
    }

    /// The ordering score of the quiet move `m` of `piece` for `side`,
    /// given the moves one and two plies back.
    #[inline(always)]
    pub fn quiet_score(&self, side: Color, piece: Piece, m: Move, previous: [Option<PieceTo>; 2]) -> i32 {
        let here = PieceTo::new(piece, m);
        let mut score = i32::from(self.butterfly[side.index()][m.from().index64()][m.to().index64()]);
        for p in previous.into_iter().flatten() {
            score += i32::from(self.continuation[p.index()][here.index()]);
        }
        score
    }

    /// Rewards `best`, the quiet move that caused a beta cutoff, by `bonus`
    /// (see [`SearchParams::history_bonus`](crate::SearchParams::history_bonus)),
    /// and penalises the quiet moves tried before it by as much.
    pub fn update_quiet(
        &mut self,
        ply: usize,
        side: Color,
        bonus: i32,
        best: (Piece, Move),
        tried: &[(Piece, Move)],
        previous: [Option<PieceTo>; 2],
    ) {
        let (piece, m) = best;
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if let Some(p) = previous[0] {
            self.counters[p.index()] = Some(m);
        }
        self.update_one(side, piece, m, bonus, previous);
        for &(piece, m) in tried {
            self.update_one(side, piece, m, -bonus, previous);
        }
    }

    #[inline(always)]
    fn update_one(&mut self, side: Color, piece: Piece, m: Move, bonus: i32, previous: [Option<PieceTo>; 2]) {
        gravity(&mut self.butterfly[side.index()][m.from().index64()][m.to().index64()], bonus);
        let here = PieceTo::new(piece, m);
        for p in previous.into_iter().flatten() {
            gravity(&mut self.continuation[p.index()][here.index()], bonus);
        }
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{MoveKind, Role, Square};

    #[test]
    fn gravity_keeps_scores_bounded() {
        let mut h = 0i16;
        for _ in 0..1000 {
            gravity(&mut h, 1600);
        }
        assert!(i32::from(h) <= HISTORY_MAX && h > 15_000);
        for _ in 0..1000 {
            gravity(&mut h, -1600);
        }
        assert!(i32::from(h) >= -HISTORY_MAX && h < -15_000);
    }

    #[test]
    fn cutoffs_set_killers_counters_and_history() {
        let mut history = History::new();
        let knight = Piece::new(Color::White, Role::Knight);
        let nf3 = Move::new(Square::G1, Square::F3, MoveKind::Quiet);
        let nh3 = Move::new(Square::G1, Square::H3, MoveKind::Quiet);
        let previous =
            PieceTo::new(Piece::new(Color::Black, Role::Pawn), Move::new(Square::E7, Square::E5, MoveKind::DoublePush));
        history.update_quiet(
            3,
            Color::White,
            crate::SearchParams::default().history_bonus(4),
            (knight, nf3),
            &[(knight, nh3)],
            [Some(previous), None],
        );
        assert_eq!(history.killers(3), [Some(nf3), None]);
        assert_eq!(history.counter(Some(previous)), Some(nf3));
        let score = |m| history.quiet_score(Color::White, knight, m, [Some(previous), None]);
        assert!(score(nf3) > 0 && score(nh3) < 0);
        assert_eq!(history.quiet_score(Color::Black, knight, nf3, [None, None]), 0);
    }
}
