//! Reading the usual shapes of SAN from the start of a reader's input, in
//! one pass over the bytes: a reader of files otherwise walks each token
//! twice (once to find its end, once to parse it).

use crate::san::{San, SanPlus, Suffix};
use crate::san_parse::{lower_file, rank};
use ox88_board::{CastlingSide, File, Rank, Role, Square};

impl SanPlus {
    /// Reads the usual shapes of SAN ("e4", "exd5", "Nf3", "Nxe5", "Nbd7",
    /// "R1e2", "Nbxd7", "R1xe2", "O-O", "O-O-O", each with or without "+"
    /// or "#") from the start of `bytes`, returning the move and the number
    /// of bytes it took; `None` for anything else. What follows is not
    /// looked at: the caller checks that the move ends there (a byte that
    /// cannot continue a move: "Ng1f3" reads as "Ng1" here). Where the move
    /// does end there, the answer is what [`SanPlus::from_ascii`] reads
    /// from those bytes.
    ///
    /// ```
    /// use ox88_movegen::SanPlus;
    /// let (m, len) = SanPlus::from_ascii_prefix(b"Nbd7+ 12. O-O").unwrap();
    /// assert_eq!((m.to_string().as_str(), len), ("Nbd7+", 5));
    /// assert!(SanPlus::from_ascii_prefix(b"e8=Q").is_some_and(|(_, len)| len == 2));
    /// assert!(SanPlus::from_ascii_prefix(b"Ke").is_none());
    /// ```
    #[inline(always)]
    pub fn from_ascii_prefix(bytes: &[u8]) -> Option<(SanPlus, usize)> {
        let (san, len) = match *bytes.first()? {
            b'O' => castling(bytes)?,
            first => match lower_file(first) {
                Some(file) => pawn_move(bytes, file)?,
                None => piece_move(bytes, PIECES[first as usize]?)?,
            },
        };
        Some(match bytes.get(len) {
            Some(b'+') => (SanPlus { san, suffix: Some(Suffix::Check) }, len + 1),
            Some(b'#') => (SanPlus { san, suffix: Some(Suffix::Checkmate) }, len + 1),
            _ => (SanPlus { san, suffix: None }, len),
        })
    }
}

/// "O-O" or "O-O-O" (with capital letters, as [`SanPlus::from_ascii`]'s
/// fast path reads them; zeros go the long way).
#[inline(always)]
fn castling(bytes: &[u8]) -> Option<(San, usize)> {
    if bytes.starts_with(b"O-O-O") {
        Some((San::Castle(CastlingSide::Long), 5))
    } else if bytes.starts_with(b"O-O") {
        Some((San::Castle(CastlingSide::Short), 3))
    } else {
        None
    }
}

/// "e4" or "exd5", after the file `file` read from the first byte.
#[inline(always)]
fn pawn_move(bytes: &[u8], file: File) -> Option<(San, usize)> {
    let second = *bytes.get(1)?;
    if let Some(rank) = rank(second) {
        let to = Square::from_coords(file, rank);
        return Some((normal(Role::Pawn, None, None, false, to), 2));
    }
    if second != b'x' {
        return None;
    }
    Some((normal(Role::Pawn, Some(file), None, true, square(bytes, 2)?), 4))
}

/// "Nf3", "Nxe5", "Nbd7", "R1e2", "Nbxd7" or "R1xe2", after the piece
/// `role` named by the first byte.
#[inline(always)]
fn piece_move(bytes: &[u8], role: Role) -> Option<(San, usize)> {
    let second = *bytes.get(1)?;
    if second == b'x' {
        return Some((normal(role, None, None, true, square(bytes, 2)?), 4));
    }
    let (file, rank) = match (lower_file(second), rank(second)) {
        (Some(file), _) => {
            // "Nf3": the file was the destination's.
            if let Some(rank) = rank(*bytes.get(2)?) {
                return Some((normal(role, None, None, false, Square::from_coords(file, rank)), 3));
            }
            (Some(file), None)
        }
        (None, Some(rank)) => (None, Some(rank)),
        (None, None) => return None,
    };
    if bytes.get(2) == Some(&b'x') {
        Some((normal(role, file, rank, true, square(bytes, 3)?), 5))
    } else {
        Some((normal(role, file, rank, false, square(bytes, 2)?), 4))
    }
}

#[inline(always)]
fn normal(role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square) -> San {
    San::Normal { role, file, rank, capture, to, promotion: None }
}

/// The square written at `at` ("d5").
#[inline(always)]
fn square(bytes: &[u8], at: usize) -> Option<Square> {
    match bytes.get(at..at + 2)? {
        &[file, rank_byte] => Some(Square::from_coords(lower_file(file)?, rank(rank_byte)?)),
        _ => None,
    }
}

/// The pieces a capital letter names in SAN: not "P", and not lower case.
static PIECES: [Option<Role>; 256] = {
    let mut table = [None; 256];
    table[b'N' as usize] = Some(Role::Knight);
    table[b'B' as usize] = Some(Role::Bishop);
    table[b'R' as usize] = Some(Role::Rook);
    table[b'Q' as usize] = Some(Role::Queen);
    table[b'K' as usize] = Some(Role::King);
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Wherever the prefix reader takes `len` bytes, the general reader
    /// reads those bytes the same: every text of up to five bytes from an
    /// alphabet of SAN's own bytes and a few others, six from a smaller one.
    #[test]
    fn agrees_with_from_ascii() {
        fn check(text: &[u8]) {
            if let Some((plus, len)) = SanPlus::from_ascii_prefix(text) {
                assert!(len <= text.len(), "{:?}", String::from_utf8_lossy(text));
                assert_eq!(SanPlus::from_ascii(&text[..len]), Ok(plus), "{:?}", String::from_utf8_lossy(text));
            }
        }
        fn all(alphabet: &[u8], prefix: &mut Vec<u8>, left: usize) {
            check(prefix);
            if left > 0 {
                for &b in alphabet {
                    prefix.push(b);
                    all(alphabet, prefix, left - 1);
                    prefix.pop();
                }
            }
        }
        all(b"aeh18NBKPnqx-=+#O0!? .p", &mut Vec::new(), 4);
        all(b"ah18NQPx+-#O", &mut Vec::new(), 5);
        all(b"bd27RKxO-+ ", &mut Vec::new(), 6);
    }

    /// The usual shapes all go this way.
    #[test]
    fn reads_the_usual_shapes() {
        for text in ["e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2", "Nbxd7", "R1xe2", "O-O", "O-O-O", "Qh4#", "Kxf2+"] {
            let (plus, len) = SanPlus::from_ascii_prefix(format!("{text} 1-0").as_bytes()).expect(text);
            assert_eq!((plus.to_string(), len), (text.to_string(), text.len()));
        }
        for text in ["", "x", "Pe4", "nf3", "0-0", "O-", "Ke", "Nxe", "exd", "e9", "N9f3"] {
            assert!(SanPlus::from_ascii_prefix(text.as_bytes()).is_none(), "{text:?}");
        }
    }
}
