//! [`KingBuckets`]: which set of feature weights a perspective uses, chosen
//! by where its own king stands, and the left-right mirroring that halves
//! the king squares to tell apart.
//!
//! Without king buckets ([`KingBuckets::NONE`]) there is one set of 768
//! feature weights. With them, each perspective looks at its king's square
//! in its own view (Black's mirrored top to bottom, as for every feature):
//! if the king stands on files e to h, that perspective sees the whole board
//! mirrored left to right, so that its king is always on files a to d; a
//! table of those 32 squares then names the bucket, and the features are
//! `(bucket, colour, role, square)`: `buckets × 768` of them.

use super::INPUTS;
use ox88_board::{Board, Color, Square};

/// The most king buckets a network may have.
pub const MAX_KING_BUCKETS: usize = 16;

/// The bucket table of the layout named `4`, by king square (files a to d,
/// rank by rank from the first): each corner square of the first rank its
/// own pair, the rest of the first rank, the second rank, and everything
/// beyond.
const FOUR: [u8; 32] = {
    let mut table = [3u8; 32];
    table[0] = 0;
    table[1] = 0;
    table[2] = 1;
    table[3] = 1;
    let mut file = 0;
    while file < 4 {
        table[4 + file] = 2;
        file += 1;
    }
    table
};

/// The bucket table of the layout named `8`: each square of the first rank
/// its own bucket, the second rank in two pairs of files, then ranks 3-4
/// and ranks 5-8.
const EIGHT: [u8; 32] = {
    let mut table = [7u8; 32];
    let mut square = 0;
    while square < 16 {
        table[square] = match square {
            0..=3 => square as u8,
            4 | 5 => 4,
            6 | 7 => 5,
            _ => 6,
        };
        square += 1;
    }
    table
};

/// The named layouts: `(name, description, table)`; `none` has no table.
const NAMED: [(&str, &str, Option<[u8; 32]>); 4] = [
    ("none", "one set of weights, no mirroring (format 2; the networks up to net 8)", None),
    ("mirrored", "one set of weights, mirrored left to right when the king is on files e-h", Some([0; 32])),
    ("4", "mirrored; buckets: king on a1-b1, c1-d1, the second rank, ranks 3-8", Some(FOUR)),
    ("8", "mirrored; buckets: a1, b1, c1, d1, a2-b2, c2-d2, ranks 3-4, ranks 5-8", Some(EIGHT)),
];

/// A king-bucket layout: how many sets of feature weights a network has and
/// which one a perspective uses: the bucket of its own king's square,
/// on files a to d after mirroring a king on e-h (the module
/// documentation of `nnue` describes it).
///
/// ```
/// use ox88_board::{Color, Square};
/// use ox88_eval::nnue::KingBuckets;
/// let four = KingBuckets::named("4").unwrap();
/// assert_eq!(four.count(), 4);
/// // A king on g1 is mirrored to b1, in the bucket of a1-b1.
/// assert_eq!(four.bucket(Color::White, Square::G1), (0, true));
/// // Black's king on c8 is, in its own view, on c1.
/// assert_eq!(four.bucket(Color::Black, Square::C8), (1, false));
/// assert_eq!(KingBuckets::named("none").unwrap(), KingBuckets::NONE);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KingBuckets {
    /// The bucket of each king square of files a to d (`rank * 4 + file`,
    /// in the perspective's own view); all zero without mirroring.
    table: [u8; 32],
    /// The number of buckets: one more than the largest entry.
    count: u8,
    /// Whether a king on files e-h mirrors the board left to right.
    mirrored: bool,
}

/// Why a king-bucket table is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KingBucketError {
    /// An entry at or beyond [`MAX_KING_BUCKETS`].
    #[error("king bucket {bucket} for a king on {square} is beyond the {MAX_KING_BUCKETS} buckets allowed")]
    TooMany {
        /// The king square (files a to d, in the perspective's view).
        square: Square,
        /// The entry.
        bucket: u8,
    },
    /// A bucket below the largest that no square uses.
    #[error("king bucket {bucket} is used by no square, though bucket {largest} is")]
    Unused {
        /// The unused bucket.
        bucket: u8,
        /// The largest entry.
        largest: u8,
    },
}

impl KingBuckets {
    /// No king buckets: one set of feature weights, no mirroring.
    pub const NONE: KingBuckets = KingBuckets { table: [0; 32], count: 1, mirrored: false };

    /// A mirrored layout of `table`: the bucket of each king square of files
    /// a to d (`rank * 4 + file` in the perspective's own view, a1 = 0),
    /// numbered from 0 with none skipped and fewer than
    /// [`MAX_KING_BUCKETS`].
    pub fn mirrored(table: [u8; 32]) -> Result<KingBuckets, KingBucketError> {
        let square = |i: usize| Square::from_index64(((i / 4) * 8 + i % 4) as u8).expect("below 64");
        if let Some(i) = table.iter().position(|&b| usize::from(b) >= MAX_KING_BUCKETS) {
            return Err(KingBucketError::TooMany { square: square(i), bucket: table[i] });
        }
        let largest = table.iter().copied().max().unwrap_or(0);
        if let Some(bucket) = (0..largest).find(|b| !table.contains(b)) {
            return Err(KingBucketError::Unused { bucket, largest });
        }
        Ok(KingBuckets { table, count: largest + 1, mirrored: true })
    }

    /// The layout of a name: one of [`KingBuckets::names`].
    pub fn named(name: &str) -> Option<KingBuckets> {
        let (_, _, table) = NAMED.iter().find(|(n, _, _)| *n == name)?;
        Some(table.map_or(KingBuckets::NONE, |t| KingBuckets::mirrored(t).expect("the named tables are valid")))
    }

    /// The named layouts, with a line describing each: what
    /// [`named`](KingBuckets::named) accepts.
    pub fn names() -> impl Iterator<Item = (&'static str, &'static str)> {
        NAMED.iter().map(|(name, description, _)| (*name, *description))
    }

    /// The name of this layout, if it is one of the named.
    pub fn name(&self) -> Option<&'static str> {
        NAMED.iter().map(|(name, _, _)| *name).find(|name| KingBuckets::named(name) == Some(*self))
    }

    /// The number of buckets: sets of [`INPUTS`] feature weights.
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// Whether a king on files e-h mirrors its perspective left to right
    /// (false only for [`KingBuckets::NONE`]).
    pub fn is_mirrored(&self) -> bool {
        self.mirrored
    }

    /// The table of a mirrored layout (all zero for [`KingBuckets::NONE`]).
    pub fn table(&self) -> [u8; 32] {
        self.table
    }

    /// The number of feature inputs: `count() × INPUTS`.
    pub fn inputs(&self) -> usize {
        self.count() * INPUTS
    }

    /// The bucket of `perspective` with its king on `king`, and whether that
    /// perspective sees the board mirrored left to right.
    pub fn bucket(&self, perspective: Color, king: Square) -> (usize, bool) {
        let view = self.view(perspective, king);
        (usize::from(view.offset) / INPUTS, view.flip & 7 != 0)
    }

    /// How `perspective` sees the board with its king on `king`.
    #[inline(always)]
    pub(crate) fn view(&self, perspective: Color, king: Square) -> View {
        let flip = View::of(perspective).flip;
        if !self.mirrored {
            return View { offset: 0, flip };
        }
        let own = king.index64() ^ usize::from(flip);
        let mirror = if own & 7 >= 4 { 7 } else { 0 };
        let own = own ^ mirror;
        let bucket = self.table[(own >> 3) * 4 + (own & 7)];
        View { offset: u16::from(bucket) * INPUTS as u16, flip: flip ^ mirror as u8 }
    }

    /// Both perspectives' views of `board`, indexed by [`Color::index`].
    #[inline(always)]
    pub(crate) fn views(&self, board: &Board) -> [View; 2] {
        Color::ALL.map(|perspective| self.view(perspective, board.king(perspective)))
    }
}

impl Default for KingBuckets {
    /// [`KingBuckets::NONE`].
    fn default() -> KingBuckets {
        KingBuckets::NONE
    }
}

/// How one perspective sees the board: the first feature of its bucket,
/// and what its square indices are xor-ed with (56: Black's top-to-bottom
/// mirror; 7: the left-right one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    pub offset: u16,
    pub flip: u8,
}

impl View {
    /// A perspective's view without king buckets.
    #[inline(always)]
    pub const fn of(perspective: Color) -> View {
        match perspective {
            Color::White => View { offset: 0, flip: 0 },
            Color::Black => View { offset: 0, flip: 56 },
        }
    }
}
