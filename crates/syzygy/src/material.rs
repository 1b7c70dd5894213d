//! The material of a table: which pieces each side has, as the file names
//! write it (`KRPvKR`: the first side before the `v`, white when not mirrored).

use ox88_board::{Board, Color, Role};
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The letters of the roles in the order table names write them.
const NAME_ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// How many pieces of each role each side has: `counts[side][role.index()]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// A material hashes as its counts packed four bits each into one word:
/// every probe looks its material up, and hashing the twelve counts one by
/// one through the standard SipHash cost a quarter of a WDL probe.
impl Hash for Material {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let packed = self.counts.iter().flatten().fold(0u64, |key, &count| key << 4 | u64::from(count & 0xf));
        state.write_u64(packed);
    }
}

/// The hasher of the material map: the materials are few and chosen by the
/// files found, not by an adversary, so one word mixed by SplitMix64's
/// finaliser is enough.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MaterialHasher(u64);

impl Hasher for MaterialHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }
    fn write_u64(&mut self, word: u64) {
        let mut z = (self.0 ^ word).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Builds [`MaterialHasher`]s for a `HashMap` keyed by [`Material`].
pub(crate) type MaterialHashing = BuildHasherDefault<MaterialHasher>;

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
    fn different_materials_hash_apart() {
        use std::hash::BuildHasher;
        let names = ["KvK", "KRvK", "KvKR", "KRPvKR", "KRvKRP", "KQvKR", "KRvKQ", "KPPvKP", "KPvKPP"];
        let hashes: std::collections::HashSet<u64> =
            names.iter().map(|n| MaterialHashing::default().hash_one(Material::parse(n).unwrap())).collect();
        assert_eq!(hashes.len(), names.len());
    }

    #[test]
    fn the_board_gives_its_material() {
        let board: Board = "8/8/8/8/8/2k5/1p6/1RK5 w - - 0 1".parse().unwrap();
        assert_eq!(Material::of(&board).to_string(), "KRvKP");
        assert!(Material::of(&board).has_unique_piece());
        assert!(!Material::parse("KRRvKBB").unwrap().has_unique_piece());
    }
}
