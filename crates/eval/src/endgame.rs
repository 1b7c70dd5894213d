//! Endgame knowledge: dead-drawn material, scaling of drawish endgames, and
//! the mop-up term that drives a lone king to the edge (or to the right
//! corner for bishop and knight) so that the search finds the mate.

use crate::pawns::PawnEntry;
use crate::{piece_value, Weights, S};
use ox88_board::{Board, Color, File, Piece, Rank, Role, Square};

/// The full endgame scale, out of which [`scale_factor`] counts.
pub(crate) const NORMAL_SCALE: i32 = 64;

/// The material of `color` other than pawns, by [`piece_value`] (fixed
/// values, not tuned weights: they decide which rule applies, not how much
/// it is worth).
fn non_pawn_material(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&role| board.count(Piece::new(color, role)) as i32 * piece_value(role))
        .sum()
}

/// Whether neither side can possibly mate: K v K, K+minor v K, K+N+N v K.
pub(crate) fn insufficient_material(board: &Board) -> bool {
    let heavy = |role| board.count_role(role);
    if heavy(Role::Pawn).white
        + heavy(Role::Pawn).black
        + heavy(Role::Rook).white
        + heavy(Role::Rook).black
        + heavy(Role::Queen).white
        + heavy(Role::Queen).black
        != 0
    {
        return false;
    }
    let (knights, bishops) = (board.count_role(Role::Knight), board.count_role(Role::Bishop));
    let minors = |c: Color| knights[c] + bishops[c];
    match (minors(Color::White), minors(Color::Black)) {
        (0, 0) | (1, 0) | (0, 1) => true,
        (2, 0) => knights.white == 2,
        (0, 2) => knights.black == 2,
        _ => false,
    }
}

/// The endgame scale (out of 64) for the side `strong` that the endgame
/// score favours: lower in endgames that are hard to win.
pub(crate) fn scale_factor(board: &Board, w: &Weights, pawns: &PawnEntry, strong: Color) -> i32 {
    let weak = !strong;
    let count = |color, role| board.count(Piece::new(color, role));
    let (strong_npm, weak_npm) = (non_pawn_material(board, strong), non_pawn_material(board, weak));

    if count(strong, Role::Pawn) == 0 && strong_npm - weak_npm <= piece_value(Role::Bishop) {
        return if strong_npm < piece_value(Role::Rook) {
            w.scale_minor_up_no_rook
        } else if weak_npm <= piece_value(Role::Bishop) {
            w.scale_minor_up_weak_minor
        } else {
            w.scale_minor_up
        };
    }

    if let (Some(ours), Some(theirs)) = (lone_bishop(board, strong), lone_bishop(board, weak)) {
        if ours.is_light() != theirs.is_light() {
            let only_bishops = strong_npm == piece_value(Role::Bishop) && weak_npm == strong_npm;
            return if only_bishops {
                let passers = pawns.passed[strong].count_ones() as i32;
                (w.scale_opposite_bishops + w.scale_opposite_bishops_passer * passers).min(NORMAL_SCALE)
            } else {
                w.scale_opposite_bishops_pieces
            };
        }
    }

    if wrong_rook_pawns(board, pawns, strong) {
        return w.scale_wrong_bishop;
    }
    NORMAL_SCALE
}

/// The square of `color`'s only bishop, if it has exactly one.
fn lone_bishop(board: &Board, color: Color) -> Option<Square> {
    let bishop = Piece::new(color, Role::Bishop);
    if board.count(bishop) != 1 {
        return None;
    }
    board.pieces(color).iter().copied().find(|&sq| board.piece_at(sq) == Some(bishop))
}

/// Whether `strong` has only rook pawns on one file, no pieces but bishops
/// that do not control the promotion square, and the weak king guards that
/// corner: a fortress.
fn wrong_rook_pawns(board: &Board, pawns: &PawnEntry, strong: Color) -> bool {
    let count = |role| board.count(Piece::new(strong, role));
    if count(Role::Pawn) == 0 || count(Role::Knight) + count(Role::Rook) + count(Role::Queen) != 0 {
        return false;
    }
    let files = &pawns.files[strong];
    let file = if files[1..].iter().all(|&m| m == 0) {
        File::A
    } else if files[..7].iter().all(|&m| m == 0) {
        File::H
    } else {
        return false;
    };
    let promotion = Square::from_coords(file, strong.fold(Rank::EIGHTH, Rank::FIRST));
    let bishop_covers = board.pieces(strong).iter().any(|&sq| {
        board.piece_at(sq) == Some(Piece::new(strong, Role::Bishop)) && sq.is_light() == promotion.is_light()
    });
    !bishop_covers && board.king(!strong).distance(promotion) <= 1
}

/// The mop-up of [`mopup`] with the default weights, as an endgame value for
/// the side to move: what the network's score gets on top when one side
/// has a bare king (positions its self-play data hardly holds, as games are
/// adjudicated before them), so that the search drives that king to the
/// edge and mates. Zero when both sides have more than a king.
pub(crate) fn lone_king_bonus(board: &Board) -> i32 {
    let (white, black) = (board.pieces(Color::White).len(), board.pieces(Color::Black).len());
    if white > 1 && black > 1 {
        return 0;
    }
    let w = &Weights::DEFAULT;
    let value = mopup(board, w, Color::White).eg() - mopup(board, w, Color::Black).eg();
    board.side_to_move().fold(value, -value)
}

/// The mop-up bonus of `strong` when the other side has a bare king and
/// `strong` has mating material; zero otherwise.
pub(crate) fn mopup(board: &Board, w: &Weights, strong: Color) -> S {
    let weak = !strong;
    if board.pieces(weak).len() != 1 {
        return S::ZERO;
    }
    let count = |role| board.count(Piece::new(strong, role));
    let (knights, bishops) = (count(Role::Knight), count(Role::Bishop));
    let heavy = count(Role::Rook) + count(Role::Queen) > 0;
    // Without a rook or queen, mating takes a bishop and another minor piece.
    if !heavy && (bishops == 0 || knights + bishops < 2) {
        return S::ZERO;
    }
    let (king, lone) = (board.king(strong), board.king(weak));
    let mut value = w.mopup_proximity * (14 - manhattan(king, lone));
    if !heavy && knights > 0 {
        // Bishop and knight mate only in a corner of the bishop's colour.
        let light = lone_bishop(board, strong).map(Square::is_light);
        let corners: &[Square] = match light {
            Some(true) => &[Square::H1, Square::A8],
            Some(false) => &[Square::A1, Square::H8],
            None => &[Square::A1, Square::H1, Square::A8, Square::H8],
        };
        let nearest = corners.iter().map(|&c| manhattan(lone, c)).min().unwrap_or(0);
        value += w.mopup_corner * (14 - nearest);
    } else {
        value += w.mopup_edge * centre_distance(lone);
    }
    value
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().index() as i32 - b.file().index() as i32).abs()
        + (a.rank().index() as i32 - b.rank().index() as i32).abs()
}

/// Manhattan distance to the nearest of the four centre squares (0..=6).
fn centre_distance(square: Square) -> i32 {
    let from_centre = |i: u8| (3 - i as i32).max(i as i32 - 4);
    from_centre(square.file().index()) + from_centre(square.rank().index())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn dead_draws_are_recognised() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
            "4kn2/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
            "2n1kn2/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            assert!(insufficient_material(&board(fen)), "{fen}");
        }
        for fen in [
            "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1",
            "4k3/8/8/8/8/8/8/3NKB2 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1",
        ] {
            assert!(!insufficient_material(&board(fen)), "{fen}");
        }
    }

    fn scale(fen: &str, strong: Color) -> i32 {
        let b = board(fen);
        let w = Weights::default();
        scale_factor(&b, &w, &PawnEntry::compute(&b, &w), strong)
    }

    #[test]
    fn drawish_endgames_are_scaled_down() {
        let w = Weights::default();
        // Opposite-coloured bishops, one passed pawn.
        let ocb = scale("2b1k3/8/8/3p4/8/2P5/1P6/2B1K3 w - - 0 1", Color::White);
        assert_eq!(ocb, w.scale_opposite_bishops + w.scale_opposite_bishops_passer);
        // Same-coloured bishops are not drawish.
        assert_eq!(scale("4kb2/8/8/3p4/8/2P5/1P6/2B1K3 w - - 0 1", Color::White), NORMAL_SCALE);
        // A rook against a bishop, no pawns.
        assert_eq!(scale("4kb2/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White), w.scale_minor_up_weak_minor);
        // Rook pawn, bishop of the wrong colour, the king in the corner.
        assert_eq!(scale("7k/8/8/7P/8/8/8/3BK3 w - - 0 1", Color::White), w.scale_wrong_bishop);
        assert_eq!(scale("7k/8/8/7P/8/8/8/4K3 w - - 0 1", Color::White), w.scale_wrong_bishop);
        // The bishop that controls h8 wins; so does a king far from the corner.
        assert_eq!(scale("7k/8/8/7P/8/8/8/2B1K3 w - - 0 1", Color::White), NORMAL_SCALE);
        assert_eq!(scale("8/8/2k5/7P/8/8/8/3BK3 w - - 0 1", Color::White), NORMAL_SCALE);
        // A rook and a pawn are not scaled.
        assert_eq!(scale("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1", Color::White), NORMAL_SCALE);
    }

    #[test]
    fn mopup_prefers_the_lone_king_on_the_edge() {
        let w = Weights::default();
        let centre = mopup(&board("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"), &w, Color::White);
        let edge = mopup(&board("3k4/8/8/8/8/8/8/R3K3 w - - 0 1"), &w, Color::White);
        assert!(edge.eg() > centre.eg());
        assert_eq!(mopup(&board("3k4/8/8/8/8/8/8/R3K3 w - - 0 1"), &w, Color::Black), S::ZERO);
        // No mop-up without mating material, or against pawns.
        assert_eq!(mopup(&board("3k4/8/8/8/8/8/8/N3K3 w - - 0 1"), &w, Color::White), S::ZERO);
        assert_eq!(mopup(&board("3k4/3p4/8/8/8/8/8/R3K3 w - - 0 1"), &w, Color::White), S::ZERO);
    }

    #[test]
    fn bishop_and_knight_drive_to_the_bishops_corner() {
        let w = Weights::default();
        // Dark-squared bishop (c1): a1 and h8 are the mating corners.
        let right = mopup(&board("7k/8/8/8/8/8/8/2B1K1N1 w - - 0 1"), &w, Color::White);
        let wrong = mopup(&board("k7/8/8/8/8/8/8/2B1K1N1 w - - 0 1"), &w, Color::White);
        assert!(right.eg() > wrong.eg(), "{right:?} vs {wrong:?}");
    }
}
