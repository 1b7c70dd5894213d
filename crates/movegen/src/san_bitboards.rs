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
//! candidates of the SAN are the pieces of its kind on the destination's
//! lines (when more than one, those that reach it), and the move's index is
//! the number of legal moves, in [`move_index`](crate::move_index)'s order,
//! of the pieces before its origin and of its own piece to destinations
//! before its own. Where an en-passant capture may be on, each pawn that
//! may take is tested once for the king's safety after the capture, in a
//! copy of its own.
//!
//! Only the common case is taken: castling, or a piece or pawn move (a
//! promotion or an en-passant capture included; a promotion where en
//! passant is possible is not); at most one checker, and castling rights
//! (if any) with the king and rooks on their standard squares.
//! Anything else, and any SAN that does not name exactly one legal move,
//! gives `None`: the caller's general path then answers, errors included.

use crate::index_count::{Bitboard, FILE_A, KNIGHT_TARGETS};
use crate::rays::{DIAGONAL_LINES, STRAIGHT_LINES};
use crate::san_view::View;
use crate::slider_attacks::{diagonal, straight};
use crate::{San, SanReplay};
use multiversion::multiversion;
use ox88_board::{CastlingRights, CastlingSide, Color, Move, MoveKind, Role};

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
        return resolve_out_of_line::<true, false>(replay, san);
    }
    if replay.en_passant.is_some() {
        return resolve_out_of_line::<false, true>(replay, san);
    }
    let found = match replay.side {
        Color::White => resolve_for::<false, false>(replay, san, Color::White),
        Color::Black => resolve_for::<false, false>(replay, san, Color::Black),
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
        let found = resolve_out_of_line::<true, false>(replay, san)?;
        replay.play(found.0);
        return Some(found);
    }
    if replay.en_passant.is_some() {
        let found = resolve_out_of_line::<false, true>(replay, san)?;
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
    let found = resolve_for::<false, false>(replay, san, us)?;
    if found.m.is_castle() {
        replay.play(found.m);
    } else {
        replay.play_found(us, found.role, found.from, found.to);
    }
    Some((found.m, found.index))
}

/// [`resolve_indexed`] for the rare cases, out of line: a promotion's SAN
/// if `PROMOTION`, or a SAN without one where an en-passant capture may be
/// on if `EN_PASSANT` (about one move in 150 of a game). The usual moves'
/// copies then carry the code of neither (promotions cost them about 30
/// instructions a move).
#[inline(never)]
fn resolve_out_of_line<const PROMOTION: bool, const EN_PASSANT: bool>(
    replay: &SanReplay,
    san: San,
) -> Option<(Move, u8)> {
    let found = match replay.side {
        Color::White => resolve_for::<PROMOTION, EN_PASSANT>(replay, san, Color::White),
        Color::Black => resolve_for::<PROMOTION, EN_PASSANT>(replay, san, Color::Black),
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
/// `PROMOTION` (else for a SAN without one), in a position where an
/// en-passant capture may be on if `EN_PASSANT` (else in one where none is).
#[inline(always)]
fn resolve_for<const PROMOTION: bool, const EN_PASSANT: bool>(
    replay: &SanReplay,
    san: San,
    us: Color,
) -> Option<Found> {
    let view = View::of::<EN_PASSANT>(replay, us)?;
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
            let (from, mut destinations) = normal_origin(&view, castling, role, file, rank, to, PROMOTION)?;
            if EN_PASSANT && role == Role::Pawn && view.en_passant_takers & 1 << from != 0 {
                destinations |= view.en_passant;
            }
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
        _ if EN_PASSANT && role == Role::Pawn && target == view.en_passant => MoveKind::EnPassant,
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
