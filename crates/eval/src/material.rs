//! [`piece_value`]: one value per piece, and [`Material`], the
//! material-only baseline evaluator that counts it.

use crate::{Evaluator, Score};
use ox88_board::{Board, Color, Piece, Role};

/// The value of a piece in centipawns, wherever one number per piece is
/// wanted: the search's static exchange evaluation and move ordering, the
/// endgame rules' material classes, and the [`Material`] evaluator. (The
/// classical evaluation's own material weights are tuned, one per game
/// phase.) The king has no material value.
///
/// The queen is worth 950, not the textbook 900: the search played every
/// measured game with 950 in its exchanges, and the tuned weights value a
/// queen at about two rooks (1017 / 952 against 473 / 512, middlegame /
/// endgame).
///
/// ```
/// use ox88_board::Role;
/// use ox88_eval::piece_value;
/// assert_eq!(piece_value(Role::Queen), 950);
/// assert!(piece_value(Role::Bishop) > piece_value(Role::Knight));
/// ```
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 0,
    }
}

/// Counts material and nothing else: a baseline for comparisons and tests.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::{Evaluator, Material, Score};
/// let mut eval = Material::default();
/// assert_eq!(eval.evaluate(&Board::startpos()), Score::ZERO);
/// let board: Board = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1".parse().unwrap();
/// assert_eq!(eval.evaluate(&board), Score::cp(-950));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// The value of each role in centipawns, indexed by `Role::index()`; the
    /// king's is ignored.
    pub values: [i32; 6],
}

impl Material {
    /// The values of [`piece_value`], by `Role::index()`.
    pub const CLASSIC: [i32; 6] = [
        piece_value(Role::Pawn),
        piece_value(Role::Knight),
        piece_value(Role::Bishop),
        piece_value(Role::Rook),
        piece_value(Role::Queen),
        piece_value(Role::King),
    ];

    /// An evaluator with the given values per role.
    pub const fn new(values: [i32; 6]) -> Material {
        Material { values }
    }

    /// White's material minus black's.
    pub fn balance(&self, board: &Board) -> i32 {
        Role::ALL[..5]
            .iter()
            .map(|&role| {
                let diff = board.count(Piece::new(Color::White, role)) as i32
                    - board.count(Piece::new(Color::Black, role)) as i32;
                diff * self.values[role.index()]
            })
            .sum()
    }
}

impl Default for Material {
    fn default() -> Material {
        Material::new(Material::CLASSIC)
    }
}

impl Evaluator for Material {
    fn evaluate(&mut self, board: &Board) -> Score {
        let white = self.balance(board);
        Score::cp(board.side_to_move().fold(white, -white))
    }
}
