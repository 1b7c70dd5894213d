//! The 960 starting positions of Chess960, by their standard numbers
//! (Scharnagl's numbering: 518 is the standard starting position).

use crate::{Board, Color, File, Piece, Rank, Role, Setup, Square};

/// The knights' squares among the five left after the bishops and the queen,
/// for each value of the numbering's last digit.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// White's back rank of Chess960 position `number` (0..960), a-file first.
///
/// ```
/// use ox88_board::{chess960_back_rank, Role};
/// use Role::*;
/// assert_eq!(chess960_back_rank(518), Some([Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]));
/// assert_eq!(chess960_back_rank(0), Some([Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]));
/// assert_eq!(chess960_back_rank(960), None);
/// ```
pub const fn chess960_back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= 960 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = number as usize;
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * ((n / 4) % 4)] = Some(Role::Bishop);
    let n = n / 16;
    // The queen on the (n % 6)th empty square, the knights on two of the
    // five left, then rook, king, rook on the last three.
    place_on_nth_empty(&mut rank, n % 6, Role::Queen);
    let (first, second) = KNIGHTS[n / 6];
    // Placing the first knight shifts the second's index among the empties by one.
    place_on_nth_empty(&mut rank, first, Role::Knight);
    place_on_nth_empty(&mut rank, second - 1, Role::Knight);
    place_on_nth_empty(&mut rank, 0, Role::Rook);
    place_on_nth_empty(&mut rank, 0, Role::King);
    place_on_nth_empty(&mut rank, 0, Role::Rook);
    let mut roles = [Role::Pawn; 8];
    let mut i = 0;
    while i < 8 {
        roles[i] = match rank[i] {
            Some(role) => role,
            None => Role::Pawn,
        };
        i += 1;
    }
    Some(roles)
}

const fn place_on_nth_empty(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
    let mut seen = 0;
    let mut i = 0;
    while i < 8 {
        if rank[i].is_none() {
            if seen == nth {
                rank[i] = Some(role);
                return;
            }
            seen += 1;
        }
        i += 1;
    }
}

impl Board {
    /// Chess960 starting position `number` (0..960, Scharnagl's numbering;
    /// 518 is the standard position), with both sides' castling rights, or
    /// `None` for a number out of range.
    ///
    /// ```
    /// use ox88_board::Board;
    /// assert_eq!(Board::chess960(518), Some(Board::startpos()));
    /// let board = Board::chess960(0).unwrap();
    /// assert_eq!(board.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// ```
    pub fn chess960(number: u16) -> Option<Board> {
        let roles = chess960_back_rank(number)?;
        let mut setup = Setup::empty();
        for (file, role) in File::ALL.into_iter().zip(roles) {
            for (color, back, pawns) in
                [(Color::White, Rank::FIRST, Rank::SECOND), (Color::Black, Rank::EIGHTH, Rank::SEVENTH)]
            {
                setup.put(Square::from_coords(file, back), Piece::new(color, role));
                setup.put(Square::from_coords(file, pawns), Piece::new(color, Role::Pawn));
                if role == Role::Rook {
                    setup.castle_with_rook(color, file);
                }
            }
        }
        // Every arrangement has one king between two rooks: the setup is valid.
        Some(setup.build().expect("a Chess960 start position is valid"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_gives_a_distinct_legal_arrangement() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = chess960_back_rank(n).unwrap();
            let files = |role| (0..8).filter(move |&i| rank[i] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(rooks[0] < king && king < rooks[1], "{n}: king not between the rooks");
            assert_eq!(files(Role::Knight).count(), 2);
            assert_eq!(files(Role::Queen).count(), 1);
            assert!(seen.insert(rank), "{n} repeats an arrangement");
            assert!(Board::chess960(n).unwrap().castling().iter().count() == 4);
        }
    }
}
