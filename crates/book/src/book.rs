//! [`Book`]: a Polyglot `.bin` file in memory, searched by key.

use crate::entry::{BookEntry, ENTRY_SIZE};
use ox88_board::{Board, Move};
use ox88_movegen::Position;
use std::path::Path;

/// Why a book could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read.
    #[error("cannot read book {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The data is not a whole number of 16-byte entries.
    #[error("book data has {len} bytes, not a multiple of 16: not a Polyglot book")]
    Truncated {
        /// The data's length.
        len: usize,
    },
    /// The entries are not sorted by key, so lookups would miss moves.
    #[error("book entry {index} is out of key order: not a Polyglot book")]
    Unsorted {
        /// The first entry found out of order.
        index: usize,
    },
}

/// How to choose among a position's book moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookChoice {
    /// Always the move with the highest weight (the first such, in file order).
    Best,
    /// A move drawn in proportion to the weights, using the given random
    /// number (any `u64`; the same number gives the same move).
    Weighted(u64),
}

/// A Polyglot opening book: 16-byte entries sorted by position key.
///
/// ```
/// use ox88_book::{Book, BookChoice, BookEntry};
/// use ox88_movegen::Position;
/// let start = Position::startpos();
/// let e4 = start.parse_san("e4").unwrap();
/// let d4 = start.parse_san("d4").unwrap();
/// let book = Book::from_entries(vec![
///     BookEntry { key: start.key(), raw_move: BookEntry::encode_move(e4), weight: 3, learn: 0 },
///     BookEntry { key: start.key(), raw_move: BookEntry::encode_move(d4), weight: 1, learn: 0 },
/// ]);
/// assert_eq!(book.choose(&start, BookChoice::Best), Some(e4));
/// assert_eq!(book.moves(&start), vec![(e4, 3), (d4, 1)]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Book {
    data: Vec<u8>,
}

impl Book {
    /// Reads a `.bin` book file.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let data = std::fs::read(path).map_err(|source| BookError::Io { path: path.display().to_string(), source })?;
        Book::from_bytes(data)
    }

    /// A book from the bytes of a `.bin` file, checked for size and order.
    pub fn from_bytes(data: Vec<u8>) -> Result<Book, BookError> {
        if data.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Truncated { len: data.len() });
        }
        let book = Book { data };
        if let Some(index) = (1..book.len()).find(|&i| book.entry(i - 1).key > book.entry(i).key) {
            return Err(BookError::Unsorted { index });
        }
        Ok(book)
    }

    /// A book from entries in any order (they are sorted by key, keeping the
    /// given order among equal keys).
    pub fn from_entries(mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by_key(|e| e.key);
        Book { data: entries.iter().flat_map(|e| e.to_bytes()).collect() }
    }

    /// The bytes of the book as a `.bin` file.
    pub fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.data.len() / ENTRY_SIZE
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The entry at `index` (in key order).
    pub fn entry(&self, index: usize) -> BookEntry {
        let bytes = self.data[index * ENTRY_SIZE..(index + 1) * ENTRY_SIZE].try_into().expect("16 bytes");
        BookEntry::from_bytes(bytes)
    }

    /// The entries of the position with `key`, found by binary search.
    pub fn entries(&self, key: u64) -> impl Iterator<Item = BookEntry> + '_ {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = (low + high) / 2;
            if self.entry(mid).key < key {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        (low..self.len()).map(|i| self.entry(i)).take_while(move |e| e.key == key)
    }

    /// The legal book moves of `position` with their weights, in file order.
    /// Entries that do not decode to a legal move are skipped.
    pub fn moves(&self, position: &Position) -> Vec<(Move, u16)> {
        self.moves_on_board(position.board())
    }

    /// A book move for `position`, chosen as `choice` says; `None` when the
    /// position is not in the book. Moves of weight 0 are only played when
    /// every move has weight 0.
    pub fn choose(&self, position: &Position, choice: BookChoice) -> Option<Move> {
        self.choose_on_board(position.board(), choice)
    }

    /// [`moves`](Self::moves) on a bare [`Board`]: the fast path for an
    /// engine that holds only its search board. A book needs nothing more
    /// than the board (the key, and the legal moves to decode entries:
    /// Polyglot writes castling king-takes-rook in standard chess and
    /// Chess960 alike, so the position's Chess960 flag does not matter).
    pub fn moves_on_board(&self, board: &Board) -> Vec<(Move, u16)> {
        self.entries(board.key()).filter_map(|e| e.to_move(board).map(|m| (m, e.weight))).collect()
    }

    /// [`choose`](Self::choose) on a bare [`Board`], as
    /// [`moves_on_board`](Self::moves_on_board).
    pub fn choose_on_board(&self, board: &Board, choice: BookChoice) -> Option<Move> {
        let moves = self.moves_on_board(board);
        let total: u64 = moves.iter().map(|&(_, w)| w as u64).sum();
        match choice {
            BookChoice::Best => {
                let best = moves.iter().map(|&(_, w)| w).max()?;
                moves.iter().find(|&&(_, w)| w == best).map(|&(m, _)| m)
            }
            BookChoice::Weighted(_) if total == 0 => moves.first().map(|&(m, _)| m),
            BookChoice::Weighted(random) => {
                let mut ticket = random % total;
                for &(m, w) in &moves {
                    if ticket < w as u64 {
                        return Some(m);
                    }
                    ticket -= w as u64;
                }
                None
            }
        }
    }
}
