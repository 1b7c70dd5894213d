//! Reading the game termination marker ("1-0", "0-1", "1/2-1/2", "*") as
//! PGN import format meets it: [`GameResult`](ox88_board::GameResult) with
//! the sloppy draws people also write.

use ox88_board::{Color, GameResult};

/// Reads a marker: the four of the standard, and "1/2" and "½-½" as people
/// also write a draw.
pub(crate) fn read_result(text: &[u8]) -> Option<GameResult> {
    Some(match text {
        b"1-0" => GameResult::Win(Color::White),
        b"0-1" => GameResult::Win(Color::Black),
        b"1/2-1/2" | b"1/2" | [0xc2, 0xbd, b'-', 0xc2, 0xbd] => GameResult::Draw,
        b"*" => GameResult::Unknown,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_sloppy_draws() {
        for r in GameResult::ALL {
            assert_eq!(read_result(r.as_str().as_bytes()), Some(r));
        }
        assert_eq!(read_result(b"1/2"), Some(GameResult::Draw));
        assert_eq!(read_result("½-½".as_bytes()), Some(GameResult::Draw));
        assert_eq!(read_result(b"2-0"), None);
    }
}
