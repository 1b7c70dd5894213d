//! The material of a table: which pieces each side has, as the file names
//! write it (`KRPvKR`: the first side before the `v`, white when not mirrored).

use ox88_board::{Board, Color, Role};
use std::fmt;

/// The letters of the roles in the order table names write them.
const NAME_ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// How many pieces of each role each side has: `counts[side][role.index()]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Material {
    counts: [[u8; 6]; 2],
}

impl Material {
    /// The material on `board`, white first.
    pub(crate) fn of(board: &Board) -> Material {
        let mut counts = [[0; 6]; 2];
        for color in Color::ALL {
            for &square in board.pieces(color) {
                if let Some(piece) = board.piece_at(square) {
                    counts[color.index()][piece.role().index()] += 1;
                }
            }
        }
        Material { counts }
    }

    /// Reads a table name such as `KRPvKR` (each side one king and up to
    /// six other pieces, in any order).
    pub(crate) fn parse(name: &str) -> Option<Material> {
        let (first, second) = name.split_once('v')?;
        let mut counts = [[0; 6]; 2];
        for (side, text) in [first, second].into_iter().enumerate() {
            for c in text.chars() {
                let role = Role::from_char(c.to_ascii_lowercase()).filter(|_| c.is_ascii_uppercase())?;
                counts[side][role.index()] += 1;
            }
            if counts[side][Role::King.index()] != 1 {
                return None;
            }
        }
        let material = Material { counts };
        (material.piece_count() <= crate::MAX_PIECES).then_some(material)
    }

    /// The same material with the sides swapped.
    pub(crate) fn mirrored(self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    /// How many of `role` the side `side` (0 first, 1 second) has.
    pub(crate) fn count(&self, side: usize, role: Role) -> u8 {
        self.counts[side][role.index()]
    }

    /// All pieces, kings included.
    pub(crate) fn piece_count(&self) -> usize {
        self.counts.iter().flatten().map(|&c| usize::from(c)).sum()
    }

    /// Whether the sides have the same pieces (`KRvKR`).
    pub(crate) fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    /// Whether there is a pawn on the board.
    pub(crate) fn has_pawns(&self) -> bool {
        self.count(0, Role::Pawn) + self.count(1, Role::Pawn) > 0
    }

    /// Whether some piece other than a king is the only one of its colour and role.
    pub(crate) fn has_unique_piece(&self) -> bool {
        self.counts.iter().any(|side| side[..Role::King.index()].contains(&1))
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in 0..2 {
            if side == 1 {
                f.write_str("v")?;
            }
            for role in NAME_ORDER {
                for _ in 0..self.count(side, role) {
                    write!(f, "{}", role.upper_char())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_write_back() {
        for name in ["KvK", "KRPvKR", "KQvKRP", "KBNvK", "KPPPPPvK"] {
            let material = Material::parse(name).expect(name);
            assert_eq!(material.to_string(), name);
        }
        assert_eq!(Material::parse("KRvKR").map(|m| m.is_symmetric()), Some(true));
        assert_eq!(Material::parse("KRvK").map(|m| m.mirrored().to_string()), Some("KvKR".into()));
    }

    #[test]
    fn bad_names_are_refused() {
        for name in ["KRK", "RvK", "KKvK", "KxvK", "KQQQQQvKQ", "krvk", ""] {
            assert_eq!(Material::parse(name), None, "{name}");
        }
    }

    #[test]
    fn the_board_gives_its_material() {
        let board: Board = "8/8/8/8/8/2k5/1p6/1RK5 w - - 0 1".parse().unwrap();
        assert_eq!(Material::of(&board).to_string(), "KRvKP");
        assert!(Material::of(&board).has_unique_piece());
        assert!(!Material::parse("KRRvKBB").unwrap().has_unique_piece());
    }
}
