//! Threats: enemy pieces attacked by pawns or by lesser pieces, and
//! attacked pieces that nothing defends, credited to the attacking side.

use crate::attacks::{Attacks, MINORS, PAWN, ROOK};
use crate::{Weights, S};
use ox88_board::{Board, Color, Role};

/// The threat term of `us` (the attacker).
pub(crate) fn threats(board: &Board, w: &Weights, attacks: &Attacks, us: Color) -> S {
    let them = !us;
    let mut value = S::ZERO;
    for &square in board.pieces(them) {
        let role = board.piece_at(square).expect("piece list and mailbox agree").role();
        let ours = attacks.by(us, square);
        if role == Role::King || ours == 0 {
            continue;
        }
        let theirs = attacks.by(them, square);
        let pawn_defended = theirs & PAWN != 0;
        let i = role.index();
        if ours & PAWN != 0 && role != Role::Pawn {
            value += w.threat_by_pawn[i];
        }
        if ours & MINORS != 0 && (role != Role::Pawn || !pawn_defended) {
            value += w.threat_by_minor[i];
        }
        if ours & ROOK != 0 && (role == Role::Queen || !pawn_defended) {
            value += w.threat_by_rook[i];
        }
        if theirs == 0 {
            value += w.hanging;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Trace;
    use crate::Terms;

    fn threats_of(fen: &str, us: Color) -> S {
        let board: Board = fen.parse().unwrap();
        let w = Weights::default();
        let attacks = Attacks::compute(&board, &w, Terms::ALL, &mut Trace::default());
        threats(&board, &w, &attacks, us)
    }

    #[test]
    fn pawn_attacks_a_defended_knight() {
        let w = Weights::default();
        assert_eq!(threats_of("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", Color::White), w.threat_by_pawn[1]);
    }

    #[test]
    fn knight_forks_rook_and_queen() {
        let w = Weights::default();
        // The king defends the queen and the queen the rook: nothing hangs.
        let v = threats_of("7k/2r3q1/4N3/8/8/8/8/4K3 b - - 0 1", Color::White);
        let expected = w.threat_by_minor[3] + w.threat_by_minor[4];
        assert_eq!(v, expected);
    }

    #[test]
    fn rook_attacks_queen_and_nothing_is_hanging_when_defended() {
        let w = Weights::default();
        let v = threats_of("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::White);
        assert_eq!(v, w.threat_by_rook[4]);
        // A queen attacking a defended rook is no threat.
        assert_eq!(threats_of("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::Black), S::ZERO);
        let hanging = threats_of("3qk3/8/8/8/8/8/8/3R2K1 w - - 0 1", Color::Black);
        assert_eq!(hanging, w.hanging);
    }
}
