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
///
/// With the `serde` feature it is written as its [`name`](Self::name),
/// `"win"`, `"cursed_win"`, `"draw"`, `"blessed_loss"` or `"loss"` (the
/// [`value`](Self::value) -2 ..= 2 is python-chess's form), and anything
/// else is refused by name:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use ox88_syzygy::Wdl;
/// assert_eq!(serde_json::to_string(&Wdl::CursedWin).unwrap(), r#""cursed_win""#);
/// assert!(serde_json::from_str::<Wdl>("2").unwrap_err().to_string().contains("integer `2`"));
/// # }
/// ```
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
    /// Every result, from the best for the side to move to the worst.
    pub const ALL: [Wdl; 5] = [Wdl::Win, Wdl::CursedWin, Wdl::Draw, Wdl::BlessedLoss, Wdl::Loss];

    /// The result's name: `win`, `cursed_win`, `draw`, `blessed_loss` or
    /// `loss`.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::CursedWin => "cursed_win",
            Wdl::Draw => "draw",
            Wdl::BlessedLoss => "blessed_loss",
            Wdl::Loss => "loss",
        }
    }

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

/// The result's [`name`](Wdl::name).
#[cfg(feature = "serde")]
impl serde::Serialize for Wdl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Wdl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Wdl, D::Error> {
        let text = String::deserialize(deserializer)?;
        Wdl::ALL.into_iter().find(|wdl| wdl.name() == text).ok_or_else(|| {
            let expected = "a result: \"win\", \"cursed_win\", \"draw\", \"blessed_loss\" or \"loss\"";
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&text), &expected)
        })
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

/// The DTZ a zeroing move into a position of this WDL (for the side to move
/// before the move) counts as.
pub(crate) fn dtz_before_zeroing(wdl: i32) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        -1 => -101,
        -2 => -1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_runs_from_best_to_worst_and_negates() {
        let values: Vec<i32> = Wdl::ALL.iter().map(|wdl| wdl.value()).collect();
        assert_eq!(values, [2, 1, 0, -1, -2]);
        for wdl in Wdl::ALL {
            assert_eq!(Wdl::from_value(wdl.value()), wdl);
            assert_eq!(-(-wdl), wdl);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn every_result_reads_back_as_written_and_nothing_else_reads() {
        let written: Vec<String> = Wdl::ALL.iter().map(|wdl| serde_json::to_string(wdl).expect("JSON")).collect();
        assert_eq!(written, [r#""win""#, r#""cursed_win""#, r#""draw""#, r#""blessed_loss""#, r#""loss""#]);
        for (wdl, text) in Wdl::ALL.iter().zip(&written) {
            assert_eq!(serde_json::from_str::<Wdl>(text).expect("read back"), *wdl);
        }
        for (bad, says) in [
            (r#""Win""#, r#"string "Win", expected a result: "win", "cursed_win""#),
            (r#""cursed-win""#, r#"string "cursed-win""#),
            ("2", "integer `2`"),
            ("null", "null"),
        ] {
            let error = serde_json::from_str::<Wdl>(bad).expect_err(bad).to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
        for wdl in Wdl::ALL {
            assert_eq!(serde_json::to_string(&wdl).expect("JSON"), format!("\"{}\"", wdl.name()));
        }
    }
}
