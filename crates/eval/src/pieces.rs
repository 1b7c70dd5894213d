//! Piece terms: the bishop pair, knight and bishop outposts, rooks and
//! queens on open files and on the seventh rank, and trapped bishops.
//! (Trapped rooks need a rook's mobility and are scored with the attacks.)

use crate::attacks::{Attacks, PAWN};
use crate::pawns::{ahead, relative_rank, PawnEntry};
use crate::{Weights, S};
use ox88_board::{Board, Color, Piece, Role, Square};

/// The piece term of `us`.
pub(crate) fn pieces(board: &Board, w: &Weights, pawns: &PawnEntry, attacks: &Attacks, us: Color) -> S {
    let them = !us;
    let mut value = S::ZERO;
    if board.count(Piece::new(us, Role::Bishop)) >= 2 {
        value += w.bishop_pair;
    }
    let enemy_pawns_on_seventh = (0..8).any(|file| pawns.ranks(them, file, us) & 1 << 6 != 0);
    let seventh_matters = enemy_pawns_on_seventh || relative_rank(board.king(them), us) == 7;

    for &square in board.pieces(us) {
        let role = board.piece_at(square).expect("piece list and mailbox agree").role();
        let rank = relative_rank(square, us);
        let file = square.file().index();
        match role {
            Role::Knight | Role::Bishop => {
                let safe_from_pawns = (pawns.ranks(them, file as i32 - 1, us) | pawns.ranks(them, file as i32 + 1, us))
                    & ahead(rank)
                    == 0;
                if (3..=5).contains(&rank) && attacks.by(us, square) & PAWN != 0 && safe_from_pawns {
                    value += if role == Role::Knight { w.knight_outpost } else { w.bishop_outpost };
                }
                if role == Role::Bishop {
                    value += trapped_bishop(w, pawns, us, square);
                }
            }
            Role::Rook | Role::Queen => {
                let open = pawns.no_pawns(us, file);
                let semi_open = open && !pawns.no_pawns(them, file);
                value += match (role, open, semi_open) {
                    (Role::Rook, true, false) => w.rook_open_file,
                    (Role::Rook, true, true) => w.rook_semi_open_file,
                    (Role::Queen, true, false) => w.queen_open_file,
                    _ => S::ZERO,
                };
                if rank == 6 && seventh_matters {
                    value += if role == Role::Rook { w.rook_seventh } else { w.queen_seventh };
                }
            }
            _ => {}
        }
    }
    value
}

/// The penalty of a bishop of `us` on `square` if an enemy pawn shuts it in
/// on the edge: a7 by b6 (full) or a6 by b5 (half), and the h-file mirror.
fn trapped_bishop(w: &Weights, pawns: &PawnEntry, us: Color, square: Square) -> S {
    let file = square.file().index() as i32;
    let rank = relative_rank(square, us);
    let inward = match file {
        0 => 1,
        7 => 6,
        _ => return S::ZERO,
    };
    let jailer = |r: u8| pawns.ranks(!us, inward, us) & 1 << r != 0;
    match rank {
        6 if jailer(5) => w.trapped_bishop,
        5 if jailer(4) => w.trapped_bishop / 2,
        _ => S::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Trace;
    use crate::Terms;

    fn pieces_of(fen: &str, us: Color) -> S {
        let board: Board = fen.parse().unwrap();
        let w = Weights::default();
        let pawns = PawnEntry::compute(&board, &w);
        let attacks = Attacks::compute(&board, &w, Terms::ALL, &mut Trace::default());
        pieces(&board, &w, &pawns, &attacks, us)
    }

    #[test]
    fn bishop_pair() {
        let w = Weights::default();
        assert_eq!(pieces_of("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Color::White), w.bishop_pair);
        assert_eq!(pieces_of("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn knight_outpost_needs_pawn_support_and_no_enemy_pawn_to_chase_it() {
        let w = Weights::default();
        assert_eq!(pieces_of("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", Color::White), w.knight_outpost);
        assert_eq!(pieces_of("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(pieces_of("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn rooks_on_open_files_and_the_seventh() {
        let w = Weights::default();
        assert_eq!(pieces_of("4k3/p7/8/8/8/8/P7/3RK3 w - - 0 1", Color::White), w.rook_open_file);
        assert_eq!(pieces_of("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", Color::White), w.rook_semi_open_file);
        assert_eq!(pieces_of("4k3/R7/8/8/8/8/P7/4K3 w - - 0 1", Color::White), w.rook_seventh);
        assert_eq!(pieces_of("4k3/1Q6/8/8/8/8/8/4K3 w - - 0 1", Color::White), w.queen_open_file + w.queen_seventh);
    }

    #[test]
    fn trapped_bishop() {
        let w = Weights::default();
        assert_eq!(pieces_of("4k3/B7/1p6/8/8/8/8/4K3 w - - 0 1", Color::White), w.trapped_bishop);
        assert_eq!(pieces_of("4k3/8/8/8/8/6P1/7b/4K3 b - - 0 1", Color::Black), w.trapped_bishop);
    }
}
