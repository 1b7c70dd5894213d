#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod bytes;
mod encode;
mod error;
mod material;
mod pairs;
mod probe;
mod root;
mod table;
mod tablebase;
mod tables;

pub use bytes::Storage;
pub use error::{Damage, OpenError, ProbeError, TableKind};
pub use root::RootMove;
pub use tablebase::Tablebase;
pub use tables::MAX_PIECES;

use std::ops::Neg;

/// Win, draw or loss for the side to move, with the fifty-move rule's
/// verdict on wins and losses that take too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// A loss.
    Loss = -2,
    /// A loss that the fifty-move rule turns into a draw.
    BlessedLoss = -1,
    /// A draw.
    Draw = 0,
    /// A win that the fifty-move rule turns into a draw.
    CursedWin = 1,
    /// A win.
    Win = 2,
}

impl Wdl {
    /// The value -2 (loss) ..= 2 (win), as python-chess and the tables'
    /// own tools write it.
    pub const fn value(self) -> i32 {
        self as i32
    }

    /// The `Wdl` of a value -2 ..= 2 (values beyond are clamped).
    pub(crate) const fn from_value(value: i32) -> Wdl {
        match value {
            i32::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            _ => Wdl::Win,
        }
    }
}

impl Neg for Wdl {
    type Output = Wdl;
    /// The same result for the other side.
    fn neg(self) -> Wdl {
        Wdl::from_value(-self.value())
    }
}

/// Distance to zeroing: the plies until the next capture or pawn move with
/// best play (DTZ50'' with the tables' rounding), positive when the side to
/// move wins, negative when it loses, 0 for a draw. Wins and losses that
/// the fifty-move rule draws are beyond 100 (or -100): a cursed win of `n`
/// zeroes in `n - 100` or `n` plies.
///
/// As in the tables, a value may be one ply more than the truth (`n` can
/// mean zeroing in `n + 1` plies) where that never changes the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtz(pub i32);

impl Dtz {
    /// The plies, signed.
    pub const fn plies(self) -> i32 {
        self.0
    }

    /// The result this distance implies with the halfmove clock at 0.
    pub const fn wdl(self) -> Wdl {
        match self.0 {
            i32::MIN..=-101 => Wdl::BlessedLoss,
            -100..=-1 => Wdl::Loss,
            0 => Wdl::Draw,
            1..=100 => Wdl::Win,
            _ => Wdl::CursedWin,
        }
    }
}
