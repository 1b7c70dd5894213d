//! Why SAN that names no legal move is refused: the [`IllegalReason`] a
//! [`SanError::Illegal`](crate::SanError::Illegal) carries, worked out only once the move is refused
//! (reading a game's moves never pays for it), and the words for it.

use crate::illegal::castling_side_name;
use crate::san::San;
use crate::IllegalReason;
use ox88_board::{Board, Color, File, Piece, Rank, Role, Square};

/// Why `san` names no legal move: the side to move has no piece of the
/// kind named (where the origin file or rank given says), has lost the
/// right to castle on that side, asks a promotion of a move that cannot
/// promote, or has the piece but no legal move of it to the square.
pub(crate) fn reason(board: &Board, san: San) -> IllegalReason {
    let us = board.side_to_move();
    let in_check = board.in_check();
    let (role, file, rank, to, promotion) = match san {
        San::Castle(side) if board.castling().rook(us, side).is_none() => {
            return IllegalReason::NoCastlingRight { side };
        }
        San::Castle(_) => return IllegalReason::NoLegalMove { piece: Piece::new(us, Role::King), in_check },
        San::Normal { role, file, rank, to, promotion, .. } => (role, file, rank, to, promotion),
    };
    let (file, rank) = origin(role, file, rank, to);
    // "g1f3": a full origin square without a piece letter, for any piece.
    let any_piece = role == Role::Pawn && file.is_some() && rank.is_some();
    let mover = board.pieces(us).iter().find_map(|&square| {
        let piece = board.piece_at(square)?;
        let fits = (any_piece || piece.role() == role)
            && file.is_none_or(|f| square.file() == f)
            && rank.is_none_or(|r| square.rank() == r);
        fits.then_some(piece)
    });
    let Some(piece) = mover else { return IllegalReason::NoPiece { side: us } };
    let last_rank = to.rank().index() == if us == Color::White { 7 } else { 0 };
    if promotion.is_some() && (piece.role() != Role::Pawn || !last_rank) {
        return IllegalReason::UnexpectedPromotion;
    }
    IllegalReason::NoLegalMove { piece, in_check }
}

/// The origin file and rank a move says: as written, and for a pawn push
/// (no origin file written) the destination's file.
fn origin(role: Role, file: Option<File>, rank: Option<Rank>, to: Square) -> (Option<File>, Option<Rank>) {
    match (role, file) {
        (Role::Pawn, None) => (Some(to.file()), rank),
        _ => (file, rank),
    }
}

/// Why `san` is refused, in words for [`SanError`]'s message.
pub(crate) fn explain(san: &San, reason: &IllegalReason) -> String {
    let check = |in_check: bool, side: Color| if in_check { format!(" ({side:?} is in check)") } else { String::new() };
    match (*san, *reason) {
        (San::Castle(side), IllegalReason::NoCastlingRight { .. }) => {
            format!("the side to move has no right to castle {}", castling_side_name(side))
        }
        (San::Castle(side), IllegalReason::NoLegalMove { piece, in_check }) => {
            format!(
                "{:?} cannot castle {} here{}",
                piece.color(),
                castling_side_name(side),
                check(in_check, piece.color())
            )
        }
        (San::Normal { role, file, rank, to, .. }, IllegalReason::NoPiece { side }) => {
            let (file, rank) = origin(role, file, rank, to);
            let piece = if role == Role::Pawn && file.is_some() && rank.is_some() { "piece" } else { role.name() };
            let place = match (file, rank) {
                (Some(f), Some(r)) => format!(" on {}{}", f.char(), r.char()),
                (Some(f), None) => format!(" on the {}-file", f.char()),
                (None, Some(r)) => format!(" on rank {}", r.char()),
                (None, None) => String::new(),
            };
            format!("{side:?} has no {piece}{place}")
        }
        (San::Normal { to, .. }, IllegalReason::NoLegalMove { piece, in_check }) => {
            let (color, role) = (piece.color().name(), piece.role().name());
            format!("no {color} {role} can move to {to}{}", check(in_check, piece.color()))
        }
        (_, IllegalReason::UnexpectedPromotion) => "only a pawn reaching the last rank promotes".into(),
        _ => "no legal move matches".into(),
    }
}

#[cfg(test)]
mod tests {
    use crate::{IllegalReason, Notation, SanError};
    use ox88_board::{Board, CastlingSide, Color, Piece, Role};

    fn refused(fen: &str, san: &str) -> (IllegalReason, String) {
        let board: Board = fen.parse().expect("valid FEN");
        match board.parse_san(san) {
            Err(err @ SanError::Illegal { reason, .. }) => (reason, err.to_string()),
            other => panic!("{san} in {fen}: {other:?}"),
        }
    }

    #[test]
    fn each_reason_is_named_with_the_token() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let white = |role| Piece::new(Color::White, role);
        let (reason, text) = refused(start, "Nf6");
        assert_eq!(reason, IllegalReason::NoLegalMove { piece: white(Role::Knight), in_check: false });
        assert_eq!(text, "illegal move Nf6: no white knight can move to f6");
        let (reason, text) = refused(start, "Qh5");
        assert_eq!(reason, IllegalReason::NoLegalMove { piece: white(Role::Queen), in_check: false });
        assert!(text.starts_with("illegal move Qh5:"), "{text}");
        let (reason, text) = refused("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3");
        assert_eq!(
            (reason, text.as_str()),
            (IllegalReason::NoPiece { side: Color::White }, "illegal move Nf3: White has no knight")
        );
        let (_, text) = refused("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "d5");
        assert_eq!(text, "illegal move d5: White has no pawn on the d-file");
        let (reason, text) = refused("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O");
        assert_eq!(reason, IllegalReason::NoCastlingRight { side: CastlingSide::Short });
        assert_eq!(text, "illegal move O-O: the side to move has no right to castle kingside");
        let (reason, text) = refused("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "O-O");
        assert_eq!(reason, IllegalReason::NoLegalMove { piece: white(Role::King), in_check: false });
        assert_eq!(text, "illegal move O-O: White cannot castle kingside here");
        let (reason, text) = refused("4k3/8/8/8/8/8/4P3/4K2r w - - 0 1", "e4");
        assert_eq!(reason, IllegalReason::NoLegalMove { piece: white(Role::Pawn), in_check: true });
        assert_eq!(text, "illegal move e4: no white pawn can move to e4 (White is in check)");
        let (reason, _) = refused(start, "e3=Q");
        assert_eq!(reason, IllegalReason::UnexpectedPromotion);
    }
}
