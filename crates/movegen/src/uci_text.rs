//! [`push_uci`]: a move's UCI text appended to a string from the move's
//! bits, for a game's reader that writes every move of every game.

use ox88_board::{CastlingMode, Move, MoveKind};

/// Appends the UCI text of `m` to `text`: the same text as
/// [`Move::to_uci`]`(mode)`'s `Display`, written from the move's bits (the
/// squares' letters and digits computed from their indices, with no
/// [`Square`](ox88_board::Square) conversion and no formatter).
///
/// ```
/// use ox88_board::{CastlingMode, Move, MoveKind, Square};
/// use ox88_movegen::push_uci;
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
/// let mut text = String::new();
/// push_uci(&mut text, castle, CastlingMode::Standard);
/// push_uci(&mut text, castle, CastlingMode::Chess960);
/// assert_eq!(text, "e1g1e1h1");
/// ```
#[inline]
pub fn push_uci(text: &mut String, m: Move, mode: CastlingMode) {
    let raw = m.to_raw();
    let (from, mut to) = (raw & 63, raw >> 6 & 63);
    if mode == CastlingMode::Standard && from & 7 == 4 && from >> 3 == to >> 3 {
        // Standard castling is written as the king's two-square move.
        match m.kind() {
            MoveKind::CastleShort if to & 7 == 7 => to = from + 2,
            MoveKind::CastleLong if to & 7 == 0 => to = from - 2,
            _ => {}
        }
    }
    for square in [from, to] {
        text.push(char::from(b'a' + (square & 7) as u8));
        text.push(char::from(b'1' + (square >> 3) as u8));
    }
    if let Some(role) = m.promotion() {
        text.push(role.char());
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
                        let mut text = String::new();
                        push_uci(&mut text, m, mode);
                        assert_eq!(text, m.to_uci(mode).to_string(), "{m:?}");
                    }
                }
            }
        }
    }
}
