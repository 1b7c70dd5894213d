//! A line of moves from a [`Position`] in SAN, checked move by move
//! (python-chess's `board.variation_san(pv)`), and the error naming the
//! first move of the line that is not legal where it is played.

use crate::{IllegalMoveError, MoveGen, Notation, Position, SanLine};
use ox88_board::{Move, UciMove};
use std::fmt;

impl Position {
    /// `moves` played from the current position, in SAN with move numbers
    /// ("1. e4 e5 2. Nf3", "12...Nf6 13. Bd3"), as python-chess's
    /// `variation_san` writes a principal variation; format it with
    /// `Display` (nothing is allocated then).
    ///
    /// Every move is checked where it is played first: the error names the
    /// first illegal one, its place in the line, the SAN of the legal moves
    /// before it and why it is illegal. Use [`SanLine`] through
    /// [`Notation::san_line`] on the [`board`](Self::board) to print only
    /// the sound prefix of a line instead.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let mut pos = Position::startpos();
    /// pos.play_san("e4")?;
    /// // A principal variation from here, as an engine would send it.
    /// let mut walk = pos.clone();
    /// let pv = [walk.play_uci("e7e5")?, walk.play_uci("g1f3")?];
    /// assert_eq!(pos.variation_san(&pv)?.to_string(), "1...e5 2. Nf3");
    ///
    /// // A move that is not legal where it stands is named, with the moves before it.
    /// let wrong = [pv[1], pv[0]];
    /// let err = pos.variation_san(&wrong).unwrap_err();
    /// assert_eq!(err.index, 0);
    /// assert_eq!(err.to_string(), "move 1 of the line (g1f3) is illegal after 1. e4: illegal move g1f3: Black has no piece on g1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn variation_san<'a>(&'a self, moves: &'a [Move]) -> Result<SanLine<'a>, VariationError> {
        let mut board = self.board().clone();
        for (index, &m) in moves.iter().enumerate() {
            if let Err(reason) = board.play(m) {
                return Err(VariationError {
                    index,
                    uci: self.uci(m),
                    before: self.san_before(&moves[..index]),
                    reason,
                });
            }
        }
        Ok(self.board().san_line(moves))
    }

    /// Where the line stood when it went wrong: the moves played in this
    /// game, then the legal prefix of the line.
    fn san_before(&self, prefix: &[Move]) -> String {
        let mut all = self.moves().to_vec();
        all.extend_from_slice(prefix);
        self.start().san_line(&all).to_string()
    }
}

/// A move of a line that is not legal where it is played
/// ([`Position::variation_san`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationError {
    /// Where the move stands in the line (0 for the first).
    pub index: usize,
    /// The move, in UCI text.
    pub uci: UciMove,
    /// The game and the line up to the move, in SAN ("1. e4 e5 2. Nf3"; empty
    /// at the start of a game).
    pub before: String,
    /// Why the move is illegal there.
    pub reason: IllegalMoveError,
}

impl fmt::Display for VariationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the line ({}) is illegal", self.index + 1, self.uci)?;
        if self.before.is_empty() {
            write!(f, " at the start")?;
        } else {
            write!(f, " after {}", self.before)?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for VariationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.reason)
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    fn line(pos: &Position, uci: &[&str]) -> Vec<ox88_board::Move> {
        let mut walk = pos.clone();
        uci.iter().map(|u| walk.play_uci(u).expect("legal")).collect()
    }

    #[test]
    fn numbers_like_python_chess() {
        let mut pos = Position::startpos();
        assert_eq!(pos.variation_san(&[]).expect("empty").to_string(), "");
        let pv = line(&pos, &["e2e4", "e7e5", "g1f3"]);
        assert_eq!(pos.variation_san(&pv).expect("legal").to_string(), "1. e4 e5 2. Nf3");
        pos.play_uci("d2d4").expect("legal");
        let pv = line(&pos, &["d7d5", "c2c4"]);
        assert_eq!(pos.variation_san(&pv).expect("legal").to_string(), "1...d5 2. c4");
    }

    #[test]
    fn names_the_first_illegal_move_with_the_game_before_it() {
        let mut pos = Position::startpos();
        pos.play_san("e4").expect("legal");
        let mut pv = line(&pos, &["e7e5", "g1f3"]);
        pv.push(pv[1]); // Nf3 again, now with Black to move
        let err = pos.variation_san(&pv).unwrap_err();
        assert_eq!((err.index, err.uci.to_string(), err.before.as_str()), (2, "g1f3".into(), "1. e4 e5 2. Nf3"));
        assert!(err.to_string().starts_with("move 3 of the line (g1f3) is illegal after 1. e4 e5 2. Nf3: "), "{err}");
        let fresh = Position::startpos();
        let err = fresh.variation_san(&pv[..1]).unwrap_err();
        assert!(err.to_string().starts_with("move 1 of the line (e7e5) is illegal at the start: "), "{err}");
    }
}
