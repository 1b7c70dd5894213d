//! [`Material`]: the material-only baseline evaluator.

use crate::{Evaluator, Score};
use ox88_board::{Board, Color, Piece, Role};

/// Counts material and nothing else: a baseline for comparisons and tests.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::{Evaluator, Material, Score};
/// let mut eval = Material::default();
/// assert_eq!(eval.evaluate(&Board::startpos()), Score::ZERO);
/// let board: Board = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1".parse().unwrap();
/// assert_eq!(eval.evaluate(&board), Score::cp(-900));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// The value of each role in centipawns, indexed by `Role::index()`; the
    /// king's is ignored.
    pub values: [i32; 6],
}

impl Material {
    /// The conventional 1/3/3/5/9 values (bishops a little above knights).
    pub const CLASSIC: [i32; 6] = [100, 320, 330, 500, 900, 0];

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
