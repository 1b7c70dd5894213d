//! Static exchange evaluation: the material outcome of the capture sequence
//! a move starts on its destination square, each side recapturing with its
//! least valuable attacker and free to stop when recapturing would lose.
//!
//! Attackers are found along the 0x88 geometry tables; a piece that has taken
//! part in the exchange no longer blocks a line, so sliders behind it (x-rays)
//! join in. Pins are ignored.

use arrayvec::ArrayVec;
use ox88_board::geometry::{attack_mask, piece_mask, SLIDER_MASK};
use ox88_board::{Board, Color, Move, Piece, Role, Square};
use ox88_eval::piece_value;

/// Piece values for exchanges, in centipawns: ox88-eval's [`piece_value`],
/// with the king worth more than all the rest (taking it ends everything).
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::King => 20_000,
        _ => piece_value(role),
    }
}

/// Squares whose pieces have left the exchange: at most every piece, plus an
/// en-passant victim.
type Gone = ArrayVec<Square, 34>;

/// The least valuable piece of `side` attacking `target`, ignoring (and
/// seeing through) the squares in `gone`; among equals, the first in
/// [`Board::pieces`] order.
///
/// Pawns are worth least, so the (at most two) squares a pawn of `side`
/// attacks `target` from are looked at first, and only when neither holds
/// one are the other pieces scanned.
fn least_valuable_attacker(board: &Board, target: Square, side: Color, gone: &Gone) -> Option<(Square, Role)> {
    let pawn = Piece::new(side, Role::Pawn);
    // 0x88 offsets from `target` back to the pawns that attack it.
    let steps: [i8; 2] = match side {
        Color::White => [-17, -15],
        Color::Black => [15, 17],
    };
    let [a, b] = steps
        .map(|step| target.offset(step).filter(|&from| board.piece_at(from) == Some(pawn) && !gone.contains(&from)));
    match (a, b) {
        (Some(only), None) | (None, Some(only)) => return Some((only, Role::Pawn)),
        // Two pawns: the one the piece list holds first, as a scan of the
        // list would find.
        (Some(a), Some(b)) => {
            let first = board.pawns(side).iter().copied().find(|&s| s == a || s == b);
            return Some((first.expect("piece list and mailbox agree"), Role::Pawn));
        }
        (None, None) => {}
    }
    let mut best: Option<(Square, Role)> = None;
    for &from in board.non_pawns(side) {
        let piece = board.piece_at(from).expect("piece list and mailbox agree");
        let mask = piece_mask(piece);
        if attack_mask(from, target) & mask == 0 || gone.contains(&from) {
            continue;
        }
        if best.is_some_and(|(_, role)| see_value(role) <= see_value(piece.role())) {
            continue;
        }
        if mask & SLIDER_MASK != 0 && !board.path_clear(from, target, gone) {
            continue;
        }
        best = Some((from, piece.role()));
    }
    best
}

/// Whether the exchange that legal move `m` starts wins at least `threshold`
/// centipawns for the side to move.
/// (For example, a knight taking a pawn defended by a pawn loses 220: see
/// the test `a_knight_taking_a_defended_pawn_loses_220`.)
pub fn see_ge(board: &Board, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let (from, to) = (m.from(), m.to());
    let mover = board.piece_at(from).expect("a legal move has a moving piece").role();
    let mut gone = Gone::new();
    gone.push(from);
    let mut gain = match board.piece_at(to) {
        Some(victim) => see_value(victim.role()),
        None if m.is_en_passant() => {
            gone.push(Square::from_coords(to.file(), from.rank()));
            see_value(Role::Pawn)
        }
        None => 0,
    };
    let mut on_square = mover;
    if let Some(role) = m.promotion() {
        gain += see_value(role) - see_value(Role::Pawn);
        on_square = role;
    }
    // `balance` is what the side to move has won so far minus the threshold,
    // assuming the piece standing on the square is then lost.
    let mut balance = gain - threshold;
    if balance < 0 {
        return false;
    }
    balance -= see_value(on_square);
    if balance >= 0 {
        return true;
    }
    let us = board.side_to_move();
    let mut side = !us;
    while let Some((attacker, role)) = least_valuable_attacker(board, to, side, &gone) {
        if role == Role::King && least_valuable_attacker(board, to, !side, &gone).is_some() {
            // The king may not recapture into a defended square.
            break;
        }
        gone.push(attacker);
        // `side` captures the piece on the square; from our point of view
        // the balance flips sign each ply (negamax of the exchange).
        balance = -balance - 1 - see_value(role);
        side = !side;
        if balance >= 0 {
            break;
        }
    }
    // The side to move when the exchange stopped is the one that lost it.
    side != us
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{MoveKind, Square};
    use ox88_movegen::MoveGen;

    #[test]
    fn a_knight_taking_a_defended_pawn_loses_220() {
        let board: Board = "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1".parse().unwrap();
        let nxd5 = Move::new(Square::E3, Square::D5, MoveKind::Capture);
        assert!(see_ge(&board, nxd5, -220));
        assert!(!see_ge(&board, nxd5, -219));
    }

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board: Board = fen.parse().unwrap();
        let m = board.legal_moves().into_iter().find(|m| m.to_string() == uci).expect("legal move");
        // The largest threshold that still passes is the exchange value.
        let (mut low, mut high) = (-30_000i32, 30_000i32);
        while low < high {
            let mid = (low + high + 1).div_euclid(2);
            if see_ge(&board, m, mid) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        low
    }

    #[test]
    fn exchanges() {
        // Undefended pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"), 100);
        // Rook takes a pawn defended by a rook: loses the rook for a pawn.
        assert_eq!(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
        // Knight takes pawn defended by pawn.
        assert_eq!(see_of("4k3/8/2p1p3/3p4/8/4N3/8/3RK3 w - - 0 1", "e3d5"), -220);
        // The pawn recaptures before the queen, for either colour (the
        // queen first would let the rook win her: +230).
        assert_eq!(see_of("3qk3/8/2p5/3p4/8/4N3/8/3RK3 w - - 0 1", "e3d5"), -220);
        assert_eq!(see_of("3rk3/8/4n3/8/3P4/2P5/8/3QK3 b - - 0 1", "e6d4"), -220);
        assert_eq!(see_of("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"), -220);
        // X-ray: the rook behind the rook backs it up.
        assert_eq!(see_of("3r2k1/8/8/8/3p4/8/3R4/3RK3 w - - 0 1", "d2d4"), 100);
        // Two attackers against two defenders lose the exchange.
        assert_eq!(see_of("3r2k1/3r4/8/8/3p4/8/3R4/3RK3 w - - 0 1", "d2d4"), -400);
        // The queen must recapture first (the rook stands behind it).
        assert_eq!(see_of("3r2k1/3q4/8/8/3p4/8/3R4/3RK3 w - - 0 1", "d2d4"), 50);
        // A quiet move onto an attacked square loses the piece.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1", "c1e3"), 0);
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1", "c1f4"), 0);
        assert_eq!(see_of("4k3/8/4p3/8/8/8/8/2B1K3 w - - 0 1", "c1f4"), 0);
        assert_eq!(see_of("4k3/8/8/4p3/8/8/8/2B1K3 w - - 0 1", "c1f4"), -330);
        // The king cannot recapture on a defended square.
        assert_eq!(see_of("8/8/8/8/8/5k2/4r3/3QK3 w - - 0 1", "d1e2"), 500);
        assert_eq!(see_of("8/8/8/8/8/2n2k2/4r3/3QK3 w - - 0 1", "d1e2"), 500 - 950);
        assert_eq!(see_of("8/8/8/8/8/5k2/4r3/3Q3K w - - 0 1", "d1e2"), 500 - 950);
        // En passant and promotions.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(see_of("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 850);
        assert_eq!(see_of("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), 320 + 850);
        // Castling never loses material.
        assert_eq!(see_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }
}
