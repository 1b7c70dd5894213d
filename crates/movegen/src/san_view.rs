//! The position as the bitboard path of resolving SAN sees it
//! ([`View`]): each side's pieces by how they move ([`Side`]), and what
//! constrains the side to move ([`Constraints`]: the check's squares and the
//! pins), with the moves of pieces, the king's and the count of the pieces
//! before a square read from them. See `san_bitboards` for the path.

use crate::index_count::{pawn_attacks, Bitboard, Pieces, KNIGHT_TARGETS, PAWN_ATTACKS};
use crate::rays::{between, walk, DIAGONAL_LINES, LINES, STRAIGHT_LINES};
use crate::slider_attacks::{diagonal, straight};
use crate::SanReplay;
use ox88_board::{CastlingRights, CastlingSide, Color, Role};

/// The king's targets from each square.
pub(crate) static KING_TARGETS: [Bitboard; 64] = {
    let steps: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let mut targets = [0; 64];
    let mut from = 0;
    while from < 64 {
        let mut s = 0;
        while s < 8 {
            targets[from] |= walk(from, steps[s], false);
            s += 1;
        }
        from += 1;
    }
    targets
};

/// One side's pieces by how they move.
#[derive(Clone, Copy)]
pub(crate) struct Side {
    pub(crate) all: Bitboard,
    pub(crate) pawns: Bitboard,
    pub(crate) knights: Bitboard,
    /// Bishops and queens.
    pub(crate) diagonal: Bitboard,
    /// Rooks and queens.
    pub(crate) straight: Bitboard,
    pub(crate) king: usize,
}

impl Side {
    /// `color`'s pieces in `replay`.
    #[inline(always)]
    pub(crate) fn of(replay: &SanReplay, color: Color) -> Side {
        let sets = &replay.sets;
        let all = sets.colors[color.index()];
        Side {
            all,
            pawns: sets.pawns & all,
            knights: sets.knights & all,
            diagonal: sets.diagonal & all,
            straight: sets.straight & all,
            king: usize::from(replay.kings[color.index()]),
        }
    }

    /// The pieces of `role` (bishops or rooks alone: their queens apart).
    #[inline(always)]
    pub(crate) fn of_role(&self, role: Role) -> Bitboard {
        match role {
            Role::Pawn => self.pawns,
            Role::Knight => self.knights,
            Role::Bishop => self.diagonal & !self.straight,
            Role::Rook => self.straight & !self.diagonal,
            Role::Queen => self.diagonal & self.straight,
            Role::King => 1 << self.king,
        }
    }
}

/// What constrains the side to move's moves.
pub(crate) struct Constraints {
    /// The squares a move of a piece other than the king may land on: not
    /// ours and, in check, on the check's line (the checker's included).
    pub(crate) allowed: Bitboard,
    /// Our pinned pieces.
    pub(crate) pinned: Bitboard,
    /// Our king's square.
    pub(crate) king: usize,
    pub(crate) in_check: bool,
}

impl Constraints {
    /// The constraints, or `None` in double check. Each enemy slider on a
    /// line of its kind from the king (few: most are on none) is checked
    /// once: the squares between it and the king hold nothing (it gives
    /// check) or one piece of ours (pinned).
    #[inline(always)]
    pub(crate) fn of(us: Color, ours: &Side, theirs: &Side, occupied: Bitboard) -> Option<Constraints> {
        let king = ours.king;
        let mut checkers = theirs.knights & KNIGHT_TARGETS[king] | theirs.pawns & PAWN_ATTACKS[us.index()][king];
        // The check's squares: the checker's and, for a slider, those between.
        let mut line = checkers;
        let mut pinned = 0;
        let mut snipers = theirs.straight & STRAIGHT_LINES[king] | theirs.diagonal & DIAGONAL_LINES[king];
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let between = between(king, sniper);
            let blockers = between & occupied;
            if blockers == 0 {
                checkers |= 1 << sniper;
                line = between | 1 << sniper;
            } else if blockers & (blockers - 1) == 0 {
                pinned |= blockers & ours.all;
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return None;
        }
        let allowed = if checkers != 0 { !ours.all & line } else { !ours.all };
        Some(Constraints { allowed, pinned, king, in_check: checkers != 0 })
    }

    /// The squares a piece on `from` (not the king) may land on: a pinned
    /// one keeps to the line through it and the king.
    #[inline(always)]
    pub(crate) fn allowed_from(&self, from: usize) -> Bitboard {
        if self.pinned & 1 << from == 0 {
            return self.allowed;
        }
        self.allowed & LINES[self.king][from]
    }
}

/// The position as bitboards, from the side to move's view.
pub(crate) struct View {
    pub(crate) us: Color,
    pub(crate) ours: Side,
    pub(crate) theirs: Side,
    pub(crate) occupied: Bitboard,
    pub(crate) constraints: Constraints,
    /// The en-passant square's bit (none unless a capture there may be
    /// on), and our pawns that may legally take there.
    pub(crate) en_passant: Bitboard,
    pub(crate) en_passant_takers: Bitboard,
}

impl View {
    /// The view of `replay`, whose side to move is `us`, or `None` where
    /// the fast path does not go: double check, or an en-passant capture
    /// possible unless `EN_PASSANT` (the copy that looks at it, out of the
    /// usual moves' way).
    #[inline(always)]
    pub(crate) fn of<const EN_PASSANT: bool>(replay: &SanReplay, us: Color) -> Option<View> {
        if !EN_PASSANT && replay.en_passant.is_some() {
            return None;
        }
        let ours = Side::of(replay, us);
        let theirs = Side::of(replay, !us);
        let occupied = ours.all | theirs.all;
        let constraints = Constraints::of(us, &ours, &theirs, occupied)?;
        let mut view = View { us, ours, theirs, occupied, constraints, en_passant: 0, en_passant_takers: 0 };
        if let (true, Some(square)) = (EN_PASSANT, replay.en_passant) {
            view.en_passant = 1 << square.index64();
            view.en_passant_takers = view.en_passant_takers(square.index64());
        }
        Some(view)
    }

    /// Our pawns that may legally take en passant on `square`: those that
    /// attack it and leave our king unattacked once the capture is made
    /// (the taken pawn, on the square behind, and the taker both leave
    /// their squares, which may open a line on the king; and in check the
    /// capture must answer it), each looked at alone: at most two, and only
    /// where a pawn just made its double push beside one of ours.
    #[inline(always)]
    fn en_passant_takers(&self, square: usize) -> Bitboard {
        let (ours, theirs, king) = (&self.ours, &self.theirs, self.ours.king);
        // The square behind the target, from either side: the pushed pawn.
        let taken = 1 << (square ^ 8);
        let mut takers = pawn_attacks(!self.us, 1 << square) & ours.pawns;
        let mut legal = 0;
        while takers != 0 {
            let from = takers.trailing_zeros() as usize;
            takers &= takers - 1;
            let occupied = self.occupied & !(1 << from | taken) | 1 << square;
            let attackers = theirs.knights & KNIGHT_TARGETS[king]
                | theirs.pawns & !taken & pawn_attacks(self.us, 1 << king)
                | theirs.diagonal & diagonal(king, occupied)
                | theirs.straight & straight(king, occupied);
            if attackers == 0 {
                legal |= 1 << from;
            }
        }
        legal
    }

    /// Those of `squares` that the enemy attacks once our king has left
    /// its square. The pawns and the king attack by whole sets; each other
    /// square is looked at from itself (a knight's jump, a slider's lines
    /// only where an enemy slider of the kind stands on one): the king's few
    /// free squares cost less so than every enemy piece's targets.
    #[inline(always)]
    pub(crate) fn attacked(&self, squares: Bitboard) -> Bitboard {
        let occupied = self.occupied & !(1 << self.ours.king);
        let theirs = &self.theirs;
        let mut attacked = squares & (pawn_attacks(!self.us, theirs.pawns) | KING_TARGETS[theirs.king]);
        let mut rest = squares & !attacked;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let diagonal_sliders = theirs.diagonal & DIAGONAL_LINES[square];
            let straight_sliders = theirs.straight & STRAIGHT_LINES[square];
            if theirs.knights & KNIGHT_TARGETS[square] != 0
                || diagonal_sliders != 0 && diagonal(square, occupied) & diagonal_sliders != 0
                || straight_sliders != 0 && straight(square, occupied) & straight_sliders != 0
            {
                attacked |= 1 << square;
            }
        }
        attacked
    }

    /// The pawn on `from`'s destinations (pushes and captures) as a set,
    /// before the constraints.
    #[inline(always)]
    pub(crate) fn pawn_targets(&self, from: usize) -> Bitboard {
        let pawn = 1 << from;
        let empty = !self.occupied;
        let (single, double) = match self.us {
            Color::White => (pawn << 8 & empty, (pawn & 0xff00) << 16 & empty & (empty << 8)),
            Color::Black => (pawn >> 8 & empty, (pawn & 0x00ff << 48) >> 16 & empty & (empty >> 8)),
        };
        single | double | pawn_attacks(self.us, pawn) & self.theirs.all
    }

    /// The legal destinations of our piece of `role` on `from` (not the
    /// king; a pawn not about to promote).
    #[inline(always)]
    pub(crate) fn targets(&self, role: Role, from: usize) -> Bitboard {
        let reach = match role {
            Role::Pawn => self.pawn_targets(from),
            Role::Knight => KNIGHT_TARGETS[from],
            Role::Bishop => diagonal(from, self.occupied),
            Role::Rook => straight(from, self.occupied),
            _ => diagonal(from, self.occupied) | straight(from, self.occupied),
        };
        reach & self.constraints.allowed_from(from)
    }

    /// The king's legal moves as the destinations the order sorts them by
    /// (a castling move's is its rook's square), or `None` where castling
    /// is not the standard one (Chess960).
    #[inline(always)]
    pub(crate) fn king_moves(&self, castling: &CastlingRights) -> Option<Bitboard> {
        let king = self.ours.king;
        let free = KING_TARGETS[king] & !self.ours.all;
        let mut moves = free & !self.attacked(free);
        if castling.bits() >> (2 * self.us as u8) & 3 == 0 {
            // No castling right of ours (most moves of a game).
            return Some(moves);
        }
        for (side, rook_file, between, path) in
            [(CastlingSide::Short, 7, 0x60, 0x60), (CastlingSide::Long, 0, 0x0e, 0x0c)]
        {
            let Some(rook) = castling.rook(self.us, side) else { continue };
            let (back, rook) = (if self.us == Color::White { 0 } else { 56 }, rook.index64());
            if king != back + 4 || rook != back + rook_file {
                return None;
            }
            let (between, path) = ((between as Bitboard) << back, (path as Bitboard) << back);
            if !self.constraints.in_check && self.occupied & between == 0 && self.attacked(path) == 0 {
                moves |= 1 << rook;
            }
        }
        Some(moves)
    }

    /// The number of legal moves of our pieces on the squares before
    /// `limit`, the king's excepted.
    #[inline(always)]
    pub(crate) fn count_before(&self, limit: usize) -> usize {
        let below = (1 << limit) - 1;
        let ours = &self.ours;
        let mut pieces = Pieces {
            pawns: ours.pawns & below,
            knights: ours.knights & below,
            diagonal: ours.diagonal & below,
            straight: ours.straight & below,
        };
        let (own, occupied) = (ours.all, self.occupied);
        let mut count = 0;
        let mut pinned = self.constraints.pinned & below;
        while pinned != 0 {
            let from = pinned.trailing_zeros() as usize;
            pinned &= pinned - 1;
            count += pieces.only(1 << from).count(self.us, occupied, own, self.constraints.allowed_from(from));
            pieces = pieces.only(!(1 << from));
        }
        // The en-passant captures (none but in the copy that takes them).
        count += (self.en_passant_takers & below).count_ones() as usize;
        count + pieces.count(self.us, occupied, own, self.constraints.allowed)
    }
}
