//! [`append_uci`]: a move's UCI text appended to a byte buffer from the
//! move's bits, for a game's reader that writes every move of every game.

use ox88_board::{CastlingMode, Move, MoveKind};

/// Appends the UCI text of `m` to `text`, as ASCII bytes: the same text as
/// [`Move::to_uci`]`(mode)`'s `Display`, written from the move's bits (the
/// squares' letters and digits computed from their indices, with no
/// [`Square`](ox88_board::Square) conversion and no formatter). The bytes
/// go to a `Vec<u8>` rather than a `String`: the squares land with one
/// check of the room left, where a `String` checks it for each character
/// (`String::from_utf8` makes the text a `String` at the end). Always
/// inlined: a call saved and restored more registers than the text took.
///
/// ```
/// use ox88_board::{CastlingMode, Move, MoveKind, Role, Square};
/// use ox88_movegen::append_uci;
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
/// let promotion = Move::new(Square::B7, Square::A8, MoveKind::PromotionCapture(Role::Knight));
/// let mut text = Vec::new();
/// append_uci(&mut text, castle, CastlingMode::Standard);
/// append_uci(&mut text, castle, CastlingMode::Chess960);
/// append_uci(&mut text, promotion, CastlingMode::Standard);
/// assert_eq!(String::from_utf8(text)?, "e1g1e1h1b7a8n");
/// # Ok::<(), std::string::FromUtf8Error>(())
/// ```
#[inline(always)]
pub fn append_uci(text: &mut Vec<u8>, m: Move, mode: CastlingMode) {
    let raw = m.to_raw();
    let (from, mut to) = (raw & 63, raw >> 6 & 63);
    // The kind first: a castling move is rare, and a branch on it alone is
    // cheaper than the squares' tests, computed without branches, for
    // every move.
    if m.is_castle() && mode == CastlingMode::Standard && from & 7 == 4 && from >> 3 == to >> 3 {
        // Standard castling is written as the king's two-square move.
        match m.kind() {
            MoveKind::CastleShort if to & 7 == 7 => to = from + 2,
            MoveKind::CastleLong if to & 7 == 0 => to = from - 2,
            _ => {}
        }
    }
    // A square's file letter and rank digit (a1 = 0).
    let name = |square: u16| [b'a' + (square & 7) as u8, b'1' + (square >> 3) as u8];
    let ([from_file, from_rank], [to_file, to_rank]) = (name(from), name(to));
    text.extend_from_slice(&[from_file, from_rank, to_file, to_rank]);
    if let Some(role) = m.promotion() {
        // A role's letter is ASCII.
        text.push(role.char() as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{Role, Square};

    /// Every pair of squares with every kind (castling included, where the
    /// squares make it standard or not) is written as `to_uci` writes it.
    #[test]
    fn the_text_is_to_uci_s() {
        let kinds = [
            MoveKind::Quiet,
            MoveKind::DoublePush,
            MoveKind::CastleShort,
            MoveKind::CastleLong,
            MoveKind::Capture,
            MoveKind::EnPassant,
            MoveKind::Promotion(Role::Knight),
            MoveKind::PromotionCapture(Role::Queen),
        ];
        for from in Square::all() {
            for to in Square::all() {
                for kind in kinds {
                    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                        let m = Move::new(from, to, kind);
                        let mut text = Vec::new();
                        append_uci(&mut text, m, mode);
                        assert_eq!(String::from_utf8(text).unwrap(), m.to_uci(mode).to_string(), "{m:?}");
                    }
                }
            }
        }
    }
}
