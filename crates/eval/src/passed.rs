//! Passed pawns: a bonus by rank, raised or lowered by the kings' distances
//! in the endgame, by how free the path to promotion is, and by the rule of
//! the square when the enemy has only its king and pawns.

use crate::attacks::Attacks;
use crate::pawns::{relative_rank, PawnEntry};
use crate::{Weights, S};
use ox88_board::{Board, Color, Rank, Role, Square};

/// The passed-pawn term of `us`.
pub(crate) fn passed_pawns(board: &Board, w: &Weights, pawns: &PawnEntry, attacks: &Attacks, us: Color) -> S {
    let them = !us;
    let enemy_has_pieces = board.pieces(them).len() > 1 + board.count_role(Role::Pawn)[them];
    let mut total = S::ZERO;
    let mut bits = pawns.passed[us];
    while bits != 0 {
        let square = Square::from_index64(bits.trailing_zeros() as u8).expect("a bit of a 64-bit set");
        bits &= bits - 1;
        total += passed_pawn(board, w, attacks, us, square);
        if !enemy_has_pieces && unstoppable(board, us, square) {
            total += w.passed_unstoppable;
        }
    }
    total
}

/// The rank weight of the distance and path bonuses: 0 up to the third
/// relative rank, then 2, 7, 12, 17.
#[inline(always)]
fn rank_weight(rank: u8) -> i32 {
    (5 * rank as i32 - 13).max(0)
}

fn passed_pawn(board: &Board, w: &Weights, attacks: &Attacks, us: Color, square: Square) -> S {
    let them = !us;
    let rank = relative_rank(square, us);
    let mut value = w.passed_rank[rank as usize];
    let weight = rank_weight(rank);
    let Some(stop) = square.offset(us.forward()) else {
        return value;
    };
    if weight == 0 {
        return value;
    }
    let their_distance = stop.distance(board.king(them)).min(5) as i32;
    let our_distance = stop.distance(board.king(us)).min(5) as i32;
    value += (w.passed_enemy_king * their_distance - w.passed_own_king * our_distance) * weight / 8;

    if board.piece_at(stop).is_none() {
        let contested = |sq: Square| attacks.by(them, sq) != 0 || board.piece_at(sq).is_some_and(|p| p.color() == them);
        let mut path_contested = false;
        let mut at = Some(stop);
        while let Some(sq) = at {
            path_contested |= contested(sq);
            at = sq.offset(us.forward());
        }
        if !path_contested {
            value += w.passed_free_path * weight;
        } else if !contested(stop) {
            value += w.passed_safe_stop * weight;
        }
        if attacks.by(us, stop) != 0 {
            value += w.passed_defended_stop * weight;
        }
    }
    value
}

/// Whether the lone enemy king cannot catch the pawn of `us` on `square`
/// (the rule of the square), its path being empty.
fn unstoppable(board: &Board, us: Color, square: Square) -> bool {
    let them = !us;
    let promotion = Square::from_coords(square.file(), us.fold(Rank::EIGHTH, Rank::FIRST));
    let mut at = square.offset(us.forward());
    while let Some(sq) = at {
        if board.piece_at(sq).is_some() {
            return false;
        }
        at = sq.offset(us.forward());
    }
    let rank = relative_rank(square, us).max(2);
    let pawn_moves = 7 - rank as i32;
    let tempo = i32::from(board.side_to_move() == them);
    promotion.distance(board.king(them)) as i32 - tempo > pawn_moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Trace;
    use crate::Terms;

    fn passed(fen: &str, us: Color) -> S {
        let board: Board = fen.parse().unwrap();
        let w = Weights::default();
        let pawns = PawnEntry::compute(&board, &w);
        let attacks = Attacks::compute(&board, &w, Terms::ALL, &mut Trace::default());
        passed_pawns(&board, &w, &pawns, &attacks, us)
    }

    #[test]
    fn a_free_far_advanced_passer_is_worth_much() {
        let w = Weights::default();
        // e6 passed, kings far: base + distances + free path + unstoppable.
        let v = passed("k7/8/4P3/8/8/8/8/K7 w - - 0 1", Color::White);
        let weight = rank_weight(5);
        let expected = w.passed_rank[5]
            + (w.passed_enemy_king * 4 - w.passed_own_king * 5) * weight / 8
            + w.passed_free_path * weight
            + w.passed_unstoppable;
        assert_eq!(v, expected);
    }

    #[test]
    fn the_rule_of_the_square_depends_on_the_side_to_move() {
        let board: Board = "8/8/8/8/k7/8/6P1/6K1 w - - 0 1".parse().unwrap();
        // g2 needs 5 moves (double step); the a4 king is 6 from g8.
        assert!(unstoppable(&board, Color::White, Square::G2));
        let black_to_move: Board = "8/8/8/8/k7/8/6P1/6K1 b - - 0 1".parse().unwrap();
        assert!(!unstoppable(&black_to_move, Color::White, Square::G2));
    }

    #[test]
    fn a_blockaded_passer_gets_no_path_bonus() {
        let free = passed("4k3/8/8/1P6/8/8/8/4K3 w - - 0 1", Color::White);
        let blocked = passed("4k3/8/1n6/1P6/8/8/8/4K3 w - - 0 1", Color::White);
        assert!(blocked.eg() < free.eg());
        assert_eq!(passed("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }
}
