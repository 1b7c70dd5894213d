//! [`SanLine`]: a sequence of moves written in SAN with move numbers, as
//! python-chess's `variation_san` writes a line of play.

use crate::san::san_plus;
use crate::MoveGen;
use ox88_board::{Board, Color, Move};
use std::fmt::{self, Write};

/// Moves played one after the other from a position, displayed in SAN:
/// "12...Nf6 13. Bd3 O-O", or without numbers "Nf6 Bd3 O-O". The numbers
/// are python-chess's (`variation_san`): "13. " before a White move, and
/// "12..." joined to a first move by Black. PGN's export format writes
/// "12... Nf6" with a space: that is [`ox88-pgn`](https://docs.rs/ox88-pgn)'s
/// writer.
///
/// Displaying allocates nothing (one board is copied on the stack). It
/// stops at the first move that is not legal where it is played, so a
/// principal variation from a hash table prints only its sound prefix.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::{Position, Notation};
/// let mut game = Position::startpos();
/// for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
///     game.play_san(san)?;
/// }
/// assert_eq!(game.start().san_line(game.moves()).to_string(), "1. e4 e5 2. Nf3 Nc6 3. Bb5");
/// let after_e4 = game.moves()[1..].to_vec();
/// let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(board.san_line(&after_e4).to_string(), "1...e5 2. Nf3 Nc6 3. Bb5");
/// assert_eq!(board.san_line(&after_e4).without_numbers().to_string(), "e5 Nf3 Nc6 Bb5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SanLine<'a> {
    board: &'a Board,
    moves: &'a [Move],
    numbers: bool,
}

impl<'a> SanLine<'a> {
    /// The line of `moves` from `board`, with move numbers.
    pub fn new(board: &'a Board, moves: &'a [Move]) -> SanLine<'a> {
        SanLine { board, moves, numbers: true }
    }
    /// The same line without move numbers.
    pub fn without_numbers(self) -> SanLine<'a> {
        SanLine { numbers: false, ..self }
    }
}

impl fmt::Display for SanLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = self.board.clone();
        for (i, &m) in self.moves.iter().enumerate() {
            if !board.is_legal(m) {
                break;
            }
            if i > 0 {
                f.write_char(' ')?;
            }
            if self.numbers {
                match board.side_to_move() {
                    Color::White => write!(f, "{}. ", board.fullmove_number())?,
                    Color::Black if i == 0 => write!(f, "{}...", board.fullmove_number())?,
                    Color::Black => {}
                }
            }
            write!(f, "{}", san_plus(&board, m))?;
            board.make_move_unchecked(m);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::Notation;
    use ox88_board::{Board, Move, MoveKind, Square};

    #[test]
    fn stops_at_an_illegal_move() {
        let board = Board::startpos();
        let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        let bogus = Move::new(Square::E4, Square::E5, MoveKind::Quiet);
        assert_eq!(board.san_line(&[e4, bogus, e4]).to_string(), "1. e4");
        assert_eq!(board.san_line(&[bogus]).to_string(), "");
        assert_eq!(board.san_line(&[]).to_string(), "");
    }

    #[test]
    fn checks_and_mates_are_marked() {
        let board = Board::startpos();
        let moves: Vec<Move> = ["f3", "e5", "g4", "Qh4"]
            .iter()
            .scan(board.clone(), |b, san| {
                let m = b.parse_san(san).expect("legal");
                b.make_move_unchecked(m);
                Some(m)
            })
            .collect();
        assert_eq!(board.san_line(&moves).to_string(), "1. f3 e5 2. g4 Qh4#");
        // From Black's move, as python-chess's variation_san writes it.
        let mut after = board.clone();
        for &m in &moves[..3] {
            after.make_move_unchecked(m);
        }
        assert_eq!(after.san_line(&moves[3..]).to_string(), "2...Qh4#");
        assert_eq!(after.san_line(&moves[3..]).without_numbers().to_string(), "Qh4#");
    }
}
