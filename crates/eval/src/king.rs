//! King safety: the pawn shelter and storm around the king (or around the
//! square it may still castle to), and the danger from enemy pieces
//! attacking the squares around it.

use crate::attacks::{zone_centre, Attacks, BISHOP, KING, KNIGHT, QUEEN, ROOK};
use crate::pawns::{relative_rank, PawnEntry};
use crate::{Weights, S};
use ox88_board::{Board, CastlingSide, Color, Direction, File, Piece, Role, Square};

/// The king-safety term of `us`: the best shelter minus the king danger.
pub(crate) fn king_safety(board: &Board, w: &Weights, pawns: &PawnEntry, attacks: &Attacks, us: Color) -> S {
    let king = board.king(us);
    let mut best = shelter(w, pawns, us, king);
    for side in CastlingSide::ALL {
        if board.castling().rook(us, side).is_some() {
            let file = if side == CastlingSide::Short { File::G } else { File::C };
            let target = Square::from_coords(file, king.rank());
            let there = shelter(w, pawns, us, target);
            if there.mg() > best.mg() {
                best = there;
            }
        }
    }
    best - danger(board, w, attacks, us, best)
}

/// Shield and storm on the three files around `king` (shifted inwards from
/// the edge).
pub(crate) fn shelter(w: &Weights, pawns: &PawnEntry, us: Color, king: Square) -> S {
    let rank = relative_rank(king, us);
    let centre = king.file().index().clamp(1, 6) as i32;
    let mut value = S::ZERO;
    for file in centre - 1..=centre + 1 {
        let not_behind = 0xFFu8 << rank;
        let own = (pawns.ranks(us, file, us) & not_behind).trailing_zeros() as usize % 8;
        let theirs = (pawns.ranks(!us, file, us) & not_behind).trailing_zeros() as usize % 8;
        value += w.shield[own];
        value += if own != 0 && theirs == own + 1 { w.storm_blocked[theirs] } else { w.storm[theirs] };
    }
    value
}

/// The king-danger penalty of `us` (a positive pair to subtract).
fn danger(board: &Board, w: &Weights, attacks: &Attacks, us: Color, shelter: S) -> S {
    let them = !us;
    let king = board.king(us);
    let mut units = attacks.king_attackers[them] * attacks.king_attacker_weight[them]
        + w.king_zone_attack * attacks.king_zone_attacks[them];

    // Zone squares the enemy attacks and only our king defends.
    let centre = zone_centre(board, us);
    let zone = Direction::ALL.iter().filter_map(|&d| centre.offset(d)).chain([centre]);
    let weak = zone
        .filter(|&sq| {
            let defence = attacks.by(us, sq);
            attacks.by(them, sq) != 0 && (defence == 0 || defence == KING)
        })
        .count() as i32;
    units += w.king_weak_square * weak;

    // Safe checks: a square from which an enemy piece that can reach it gives
    // check, that we do not attack and that holds no enemy piece.
    let safe = |sq: Square| attacks.by(us, sq) == 0 && !matches!(board.piece_at(sq), Some(p) if p.color() != us);
    let mut checks = 0u8;
    for d in Direction::KNIGHT {
        if let Some(sq) = king.offset(d) {
            if safe(sq) {
                checks |= attacks.by(them, sq) & KNIGHT;
            }
        }
    }
    for (directions, sliders) in [(Direction::DIAGONAL, BISHOP | QUEEN), (Direction::STRAIGHT, ROOK | QUEEN)] {
        for d in directions {
            let mut at = king;
            while let Some(sq) = at.offset(d) {
                if safe(sq) {
                    checks |= attacks.by(them, sq) & sliders;
                }
                if board.piece_at(sq).is_some() {
                    break;
                }
                at = sq;
            }
        }
    }
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        if checks & crate::attacks::role_bit(role) != 0 {
            units += w.king_safe_check[role.index()];
        }
    }

    if board.count(Piece::new(them, Role::Queen)) == 0 {
        units += w.king_no_queen;
    }
    units -= shelter.mg() * w.king_shelter_relief / 64;
    if units <= w.king_danger_threshold {
        return S::ZERO;
    }
    let units = units.min(w.king_danger_cap);
    S(units * units * w.king_danger.mg() / 64, units * w.king_danger.eg() / 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Trace;
    use crate::Terms;

    fn safety(fen: &str, us: Color) -> S {
        let board: Board = fen.parse().unwrap();
        let w = Weights::default();
        let pawns = PawnEntry::compute(&board, &w);
        let attacks = Attacks::compute(&board, &w, Terms::ALL, &mut Trace::default());
        king_safety(&board, &w, &pawns, &attacks, us)
    }

    #[test]
    fn an_intact_shield_beats_an_open_king() {
        let w = Weights::default();
        let board: Board = "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1".parse().unwrap();
        let pawns = PawnEntry::compute(&board, &w);
        // White: a shield pawn and no storming pawn on each of the three files.
        assert_eq!(shelter(&w, &pawns, Color::White, Square::G1), (w.shield[1] + w.storm[0]) * 3);
        // Black: no shield, and white's pawns six ranks away on each file.
        assert_eq!(shelter(&w, &pawns, Color::Black, Square::G8), (w.shield[0] + w.storm[6]) * 3);
        assert!(safety("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White).mg() > 0);
    }

    #[test]
    fn storming_pawns_hurt() {
        let w = Weights::default();
        let board: Board = "6k1/8/8/8/8/6pp/5PP1/6K1 w - - 0 1".parse().unwrap();
        let pawns = PawnEntry::compute(&board, &w);
        // f: own f2, no storm; g: own g2 blocked by g3; h: no own pawn, storm on h3.
        let expected = w.shield[1] * 2 + w.shield[0] + w.storm[0] + w.storm_blocked[2] + w.storm[2];
        assert_eq!(shelter(&w, &pawns, Color::White, Square::G1), expected);
    }

    #[test]
    fn castling_rights_count_the_shelter_of_the_castled_square() {
        let w = Weights::default();
        let board: Board = "4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1".parse().unwrap();
        let pawns = PawnEntry::compute(&board, &w);
        let attacks = Attacks::compute(&board, &w, Terms::ALL, &mut Trace::default());
        assert_eq!(king_safety(&board, &w, &pawns, &attacks, Color::White), (w.shield[1] + w.storm[0]) * 3);
    }

    #[test]
    fn attacks_on_the_king_zone_cost() {
        // The same shelter, with and without a queen, rook and knight bearing down on g8.
        let calm = safety("r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", Color::Black);
        let attacked = safety("r5k1/5ppp/8/6N1/8/3Q4/5PPP/6KR b - - 0 1", Color::Black);
        assert!(attacked.mg() < calm.mg() - 50, "{attacked:?} vs {calm:?}");
    }
}
