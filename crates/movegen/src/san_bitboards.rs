//! The usual SAN move of a game resolved and indexed on bitboards alone:
//! the fast path of [`resolve_san_indexed`](crate::resolve_san_indexed).
//!
//! The position comes as a [`SanReplay`]: its pieces as bitboards (each
//! side's squares, the pieces by kind), the kings' squares, the castling
//! rights and the en-passant square, kept up to date by a game's reader. The
//! checkers and pins are found from the enemy sliders on the king's lines
//! (a table of whole lines, the squares between two cut from it) and,
//! when the king's moves count, each of its free squares is tested for
//! attack from the square itself: table lookups, shifts and bit scans,
//! with few branches that depend on the position (the mailbox walks of
//! [`KingSafety`](crate::KingSafety) mispredicted often). The
//! candidates of the SAN are the pieces of its kind that reach the
//! destination (for a slider, the first piece along each ray from it), and
//! the move's index is the number of legal moves, in
//! [`move_index`](crate::move_index)'s order, of the pieces before its
//! origin and of its own piece to destinations before its own.
//!
//! Only the common case is taken: castling, or a piece or pawn move
//! (a promotion included); at most one checker, no en-passant capture possible, and castling
//! rights (if any) with the king and rooks on their standard squares.
//! Anything else, and any SAN that does not name exactly one legal move,
//! gives `None`: the caller's general path then answers, errors included.

use crate::index_count::{pawn_attacks, Bitboard, Pieces, FILE_A, KNIGHT_TARGETS};
use crate::rays::{between, walk, DIAGONAL_LINES, LINES, STRAIGHT_LINES};
use crate::slider_attacks::{diagonal, straight};
use crate::{San, SanReplay};
use multiversion::multiversion;
use ox88_board::{CastlingRights, CastlingSide, Color, Move, MoveKind, Role};

/// The king's targets from each square.
static KING_TARGETS: [Bitboard; 64] = {
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
struct Side {
    all: Bitboard,
    pawns: Bitboard,
    knights: Bitboard,
    /// Bishops and queens.
    diagonal: Bitboard,
    /// Rooks and queens.
    straight: Bitboard,
    king: usize,
}

impl Side {
    /// `color`'s pieces in `replay`.
    #[inline(always)]
    fn of(replay: &SanReplay, color: Color) -> Side {
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
    fn of_role(&self, role: Role) -> Bitboard {
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
struct Constraints {
    /// The squares a move of a piece other than the king may land on: not
    /// ours and, in check, on the check's line (the checker's included).
    allowed: Bitboard,
    /// Our pinned pieces.
    pinned: Bitboard,
    /// Our king's square.
    king: usize,
    in_check: bool,
}

impl Constraints {
    /// The constraints, or `None` in double check. Each enemy slider on a
    /// line of its kind from the king (few: most are on none) is checked
    /// once: the squares between it and the king hold nothing (it gives
    /// check) or one piece of ours (pinned).
    #[inline(always)]
    fn of(us: Color, ours: &Side, theirs: &Side, occupied: Bitboard) -> Option<Constraints> {
        let king = ours.king;
        let mut checkers = theirs.knights & KNIGHT_TARGETS[king] | theirs.pawns & pawn_attacks(us, 1 << king);
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
    fn allowed_from(&self, from: usize) -> Bitboard {
        if self.pinned & 1 << from == 0 {
            return self.allowed;
        }
        self.allowed & LINES[self.king][from]
    }
}

/// The position as bitboards, from the side to move's view.
struct View {
    us: Color,
    ours: Side,
    theirs: Side,
    occupied: Bitboard,
    constraints: Constraints,
}

impl View {
    /// The view of `replay`, whose side to move is `us`, or `None` where
    /// the fast path does not go (en passant possible, double check).
    #[inline(always)]
    fn of(replay: &SanReplay, us: Color) -> Option<View> {
        if replay.en_passant.is_some() {
            return None;
        }
        let ours = Side::of(replay, us);
        let theirs = Side::of(replay, !us);
        let occupied = ours.all | theirs.all;
        let constraints = Constraints::of(us, &ours, &theirs, occupied)?;
        Some(View { us, ours, theirs, occupied, constraints })
    }

    /// Those of `squares` that the enemy attacks once our king has left
    /// its square. The pawns and the king attack by whole sets; each other
    /// square is looked at from itself (a knight's jump, a slider's lines
    /// only where an enemy slider of the kind stands on one): the king's few
    /// free squares cost less so than every enemy piece's targets.
    #[inline(always)]
    fn attacked(&self, squares: Bitboard) -> Bitboard {
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
    fn pawn_targets(&self, from: usize) -> Bitboard {
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
    fn targets(&self, role: Role, from: usize) -> Bitboard {
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
    fn king_moves(&self, castling: &CastlingRights) -> Option<Bitboard> {
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
    fn count_before(&self, limit: usize) -> usize {
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
        count + pieces.count(self.us, occupied, own, self.constraints.allowed)
    }
}

/// The squares whose file and rank are those given (any when `None`).
#[inline(always)]
fn origin_mask(file: Option<ox88_board::File>, rank: Option<ox88_board::Rank>) -> Bitboard {
    let files = file.map_or(!0, |f| FILE_A << f.index());
    let ranks = rank.map_or(!0, |r| 0xff << (8 * r.index()));
    files & ranks
}

/// The legal move that `san` names on `replay`'s position and its index, when the fast
/// path applies and finds exactly one; `None` otherwise (see the module's
/// documentation). Compiled twice, for the processors with the population
/// count and bit scan instructions (`popcnt`, `lzcnt`, `bmi1`'s `tzcnt`)
/// and for the baseline x86-64 target, where `count_ones` takes a dozen
/// instructions; the `multiversion` crate picks one at run time.
#[multiversion(targets("x86_64+popcnt+lzcnt+bmi1"))]
pub(crate) fn resolve_indexed(replay: &SanReplay, san: San) -> Option<(Move, u8)> {
    resolve_indexed_portable(replay, san)
}

/// [`resolve_indexed`], compiled for the caller's target.
#[inline(always)]
fn resolve_indexed_portable(replay: &SanReplay, san: San) -> Option<(Move, u8)> {
    // One copy for each side to move, in which the side is a constant: the
    // pawns' shifts and the back rank's squares are then chosen at compile
    // time, not computed both ways and selected.
    if let San::Normal { promotion: Some(_), .. } = san {
        return resolve_promotion(replay, san);
    }
    let found = match replay.side {
        Color::White => resolve_for::<false>(replay, san, Color::White),
        Color::Black => resolve_for::<false>(replay, san, Color::Black),
    }?;
    Some((found.m, found.index))
}

/// [`resolve_indexed`], and the move found played on `replay`: a game's
/// reader that plays each move it resolves saves [`SanReplay::play`]'s
/// work out of the move's bits of what the path already knows (the side,
/// the piece, the squares).
#[multiversion(targets("x86_64+popcnt+lzcnt+bmi1"))]
pub(crate) fn resolve_indexed_and_play(replay: &mut SanReplay, san: San) -> Option<(Move, u8)> {
    if let San::Normal { promotion: Some(_), .. } = san {
        let found = resolve_promotion(replay, san)?;
        replay.play(found.0);
        return Some(found);
    }
    match replay.side {
        Color::White => resolve_and_play_for(replay, san, Color::White),
        Color::Black => resolve_and_play_for(replay, san, Color::Black),
    }
}

/// [`resolve_indexed_and_play`] for the side to move `us`, a SAN without
/// promotion.
#[inline(always)]
fn resolve_and_play_for(replay: &mut SanReplay, san: San, us: Color) -> Option<(Move, u8)> {
    let found = resolve_for::<false>(replay, san, us)?;
    if found.m.is_castle() {
        replay.play(found.m);
    } else {
        replay.play_found(us, found.role, found.from, found.to);
    }
    Some((found.m, found.index))
}

/// [`resolve_indexed`] for a promotion, out of line: the usual moves'
/// copies then carry no promotion code (it cost them about 30
/// instructions a move).
#[inline(never)]
fn resolve_promotion(replay: &SanReplay, san: San) -> Option<(Move, u8)> {
    let found = match replay.side {
        Color::White => resolve_for::<true>(replay, san, Color::White),
        Color::Black => resolve_for::<true>(replay, san, Color::Black),
    }?;
    Some((found.m, found.index))
}

/// A move the path found: the move, its index, its piece and squares
/// (a1 = 0; a castling move's destination is its rook's square).
#[derive(Clone, Copy)]
struct Found {
    m: Move,
    index: u8,
    role: Role,
    from: usize,
    to: usize,
}

/// [`resolve_indexed`] for the side to move `us`, for a promotion's SAN if
/// `PROMOTION` (else for a SAN without one).
#[inline(always)]
fn resolve_for<const PROMOTION: bool>(replay: &SanReplay, san: San, us: Color) -> Option<Found> {
    let view = View::of(replay, us)?;
    let castling = &replay.castling;
    let king = view.ours.king;
    // The move's origin and destination (castling: the king takes its
    // rook, as the order has it), and its piece's legal destinations
    // (ordered as the index orders its moves: by destination, then, for a
    // promotion, by role).
    let (role, from, to, destinations) = match san {
        San::Castle(side) => {
            let rook = castling.rook(view.us, side)?.index64();
            (Role::King, king, rook, view.king_moves(castling)?)
        }
        San::Normal { role, file, rank, to, .. } => {
            let to = to.index64();
            if view.ours.all & 1 << to != 0 || PROMOTION && role != Role::Pawn {
                return None;
            }
            let (from, destinations) = normal_origin(&view, castling, role, file, rank, to, PROMOTION)?;
            (role, from, to, destinations)
        }
    };
    let target = 1 << to;
    if destinations & target == 0 {
        return None;
    }
    // A promoting pawn's destinations (all on the last rank) are four
    // moves each, ordered knight, bishop, rook, queen.
    let (per_destination, promotion) = match san {
        San::Normal { promotion: Some(promotion), .. } if PROMOTION => {
            let rank = match promotion {
                Role::Knight => 0,
                Role::Bishop => 1,
                Role::Rook => 2,
                Role::Queen => 3,
                _ => return None,
            };
            (4, Some((promotion, rank)))
        }
        _ => (1, None),
    };
    let before = (destinations & (target - 1)).count_ones() as usize;
    let mut count = per_destination * before + promotion.map_or(0, |(_, rank)| rank) + view.count_before(from);
    if king < from {
        count += view.king_moves(castling)?.count_ones() as usize;
    }
    let kind = match (san, promotion) {
        (_, Some((role, _))) if view.theirs.all & target != 0 => MoveKind::PromotionCapture(role),
        (_, Some((role, _))) => MoveKind::Promotion(role),
        (San::Castle(CastlingSide::Short), _) => MoveKind::CastleShort,
        (San::Castle(CastlingSide::Long), _) => MoveKind::CastleLong,
        _ if role == Role::Pawn && to.abs_diff(from) == 16 => MoveKind::DoublePush,
        _ if view.theirs.all & target != 0 => MoveKind::Capture,
        _ => MoveKind::Quiet,
    };
    let index = u8::try_from(count).ok()?;
    Some(Found { m: Move::from_indices64(from as u8, to as u8, kind), index, role, from, to })
}

/// The origin of the piece or pawn move of `role` to `to` (origin `file`
/// and `rank`, if given; a pawn `promoting`, if so), and that piece's legal
/// destinations; `None` unless exactly one piece of the kind may legally go
/// there.
#[inline(always)]
fn normal_origin(
    view: &View,
    castling: &CastlingRights,
    role: Role,
    file: Option<ox88_board::File>,
    rank: Option<ox88_board::Rank>,
    to: usize,
    promoting: bool,
) -> Option<(usize, Bitboard)> {
    let king = view.ours.king;
    if role == Role::King {
        return (origin_mask(file, rank) & 1 << king != 0).then_some((king, view.king_moves(castling)?));
    }
    let from = if role == Role::Pawn {
        pawn_origin(view, file, rank, to, promoting)?
    } else {
        // The pieces of the kind on the destination's lines (empty board)
        // and squares: most often one, which then goes if its legal
        // targets hold the destination (the caller looks); the reach of a
        // slider from the destination is looked up only to choose among
        // more.
        let lines = match role {
            Role::Knight => KNIGHT_TARGETS[to],
            Role::Bishop => DIAGONAL_LINES[to],
            Role::Rook => STRAIGHT_LINES[to],
            _ => DIAGONAL_LINES[to] | STRAIGHT_LINES[to],
        };
        let mut candidates = view.ours.of_role(role) & lines & origin_mask(file, rank);
        if candidates & candidates.wrapping_sub(1) == 0 {
            let from = candidates.checked_ilog2()? as usize;
            return Some((from, view.targets(role, from)));
        }
        candidates &= match role {
            Role::Knight => !0,
            Role::Bishop => diagonal(to, view.occupied),
            Role::Rook => straight(to, view.occupied),
            _ => diagonal(to, view.occupied) | straight(to, view.occupied),
        };
        // Only the legal ones: keep those that may land on `to`.
        let mut from = None;
        while candidates != 0 {
            let c = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if view.constraints.allowed_from(c) & 1 << to != 0 {
                if from.is_some() {
                    return None;
                }
                from = Some(c);
            }
        }
        from?
    };
    Some((from, view.targets(role, from)))
}

/// The square of our pawn that the pawn move to `to` (origin `file`, no
/// rank) starts from, as SAN reads it: a push without a file (or with the
/// destination's), else a capture from that file. `None` unless the move
/// is `promoting` exactly when it reaches the last rank.
#[inline(always)]
fn pawn_origin(
    view: &View,
    file: Option<ox88_board::File>,
    rank: Option<ox88_board::Rank>,
    to: usize,
    promoting: bool,
) -> Option<usize> {
    let white = view.us == Color::White;
    let to_rank = to / 8;
    let (first, last) = if white { (0, 7) } else { (7, 0) };
    // A pawn move to the first rank is none; one to the last rank promotes
    // (without the role: an error, for the general path to say).
    if rank.is_some() || to_rank == first || (to_rank == last) != promoting {
        return None;
    }
    let behind = if white { to - 8 } else { to + 8 };
    let pawns = view.ours.pawns;
    match file.filter(|f| usize::from(f.index()) != to % 8) {
        None if pawns & 1 << behind != 0 => Some(behind),
        None if to_rank == if white { 3 } else { 4 } => {
            let start = if white { to - 16 } else { to + 16 };
            (view.occupied & 1 << behind == 0 && pawns & 1 << start != 0).then_some(start)
        }
        None => None,
        Some(f) => {
            let from = behind - to % 8 + usize::from(f.index());
            (usize::from(f.index()).abs_diff(to % 8) == 1 && pawns & 1 << from != 0).then_some(from)
        }
    }
}

#[cfg(test)]
#[path = "san_bitboards_tests.rs"]
mod tests;
