//! One table file: its header, read once, and the value it stores for a
//! position.
//!
//! After four magic bytes and a flags byte, the header describes each part
//! of the table: one part per side to move stored (two for a WDL table of
//! unequal material, one otherwise) and, for tables with pawns, per file
//! a-d of the leading pawn. For each part: the order in which its groups of
//! pieces are numbered and the pieces in the order the index takes them,
//! then (aligned to two bytes) each part's decoder header ([`Pairs`]), the
//! DTZ value maps, each part's sparse index, each part's block lengths, and
//! each part's data (aligned to 64 bytes).

use crate::bytes::{self, span, Bytes};
use crate::encode::{encode, Layout, Squares};
use crate::error::{Damage, TableKind};
use crate::material::Material;
use crate::pairs::Pairs;
use crate::tables::{KING_PAIR_COUNT, LEAD_PAWN_COUNT, MAX_PIECES, UNIQUE_TRIPLE_COUNT};
use ox88_board::{Board, Color, Role};

const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// The length of the checksum that ends every file.
const CHECKSUM_BYTES: u64 = 16;

/// DTZ part flags: the side to move stored (1 = black), values mapped,
/// wins and losses counted in plies rather than moves, maps of `u16`.
const DTZ_BLACK_STORED: u8 = 1;
const DTZ_MAPPED: u8 = 2;
const DTZ_WIN_PLIES: u8 = 4;
const DTZ_LOSS_PLIES: u8 = 8;
const DTZ_WIDE: u8 = 16;

/// One part: a side to move and, with pawns, a file of the leading pawn.
#[derive(Debug)]
struct Part {
    layout: Layout,
    pairs: Pairs,
    /// DTZ: where each of the four value maps starts (win, loss, cursed
    /// win, blessed loss), and its length.
    maps: [(usize, usize); 4],
}

/// A table file, parsed.
#[derive(Debug)]
pub(crate) struct Table {
    kind: TableKind,
    symmetric: bool,
    has_pawns: bool,
    /// 2 for a WDL table of unequal material, else 1.
    sides: usize,
    /// `file * sides + side`.
    parts: Vec<Part>,
    bytes: Bytes,
}

impl Table {
    /// Parses the file of `kind` for `material` (its name's sides, first = white).
    pub(crate) fn parse(bytes: Bytes, kind: TableKind, material: &Material) -> Result<Table, Damage> {
        let data = bytes.as_slice();
        let magic = if kind == TableKind::Wdl { WDL_MAGIC } else { DTZ_MAGIC };
        if data.get(..4) != Some(&magic[..]) {
            return Err(Damage::Magic { found: data.iter().take(4).copied().collect(), kind });
        }
        let flags = bytes::byte(data, 4)?;
        let (has_pawns, symmetric) = (material.has_pawns(), material.is_symmetric());
        if (flags & 2 != 0) != has_pawns {
            return Err(Damage::Inconsistent("the header's pawn flag contradicts the file name"));
        }
        if kind == TableKind::Wdl && (flags & 1 != 0) == symmetric {
            return Err(Damage::Inconsistent("the header's sides flag contradicts the file name"));
        }
        let sides = if kind == TableKind::Wdl && !symmetric { 2 } else { 1 };
        let files = if has_pawns { 4 } else { 1 };
        let (white, black) = (material.count(0, Role::Pawn), material.count(1, Role::Pawn));
        let other_pawns = if black == 0 || (white > 0 && black >= white) { black } else { white };
        let both_pawns = has_pawns && other_pawns > 0;
        let count = material.piece_count();

        // Step 1: each part's piece order and groups.
        let mut at = 5;
        let mut layouts = Vec::with_capacity(files * sides);
        for file in 0..files {
            let order = bytes::byte(data, at)?;
            let order2 = if both_pawns { bytes::byte(data, at + 1)? } else { 0xff };
            at += 1 + usize::from(both_pawns);
            let codes: Vec<u8> = (0..count).map(|k| bytes::byte(data, at + k)).collect::<Result<_, _>>()?;
            at += count;
            for side in 0..sides {
                let nibble = |b: u8| if side == 0 { b & 0xf } else { b >> 4 };
                let mut pieces = [0; MAX_PIECES];
                for (piece, code) in pieces.iter_mut().zip(&codes) {
                    *piece = nibble(*code);
                }
                check_pieces(&pieces[..count], material)?;
                let lead = if has_pawns {
                    let leaders = pieces[1..count].iter().take_while(|&&p| p == pieces[0]).count() + 1;
                    *LEAD_PAWN_COUNT.get(leaders).map_or(&0, |c| &c[file])
                } else if material.has_unique_piece() {
                    UNIQUE_TRIPLE_COUNT
                } else {
                    KING_PAIR_COUNT
                };
                let first = if has_pawns {
                    0
                } else if material.has_unique_piece() {
                    3
                } else {
                    2
                };
                let layout = Layout::new(pieces, count, first, [nibble(order), nibble(order2)], both_pawns, lead)?;
                layouts.push(layout);
            }
        }
        at += at & 1;

        // Step 2: each part's decoder.
        let mut parts = Vec::with_capacity(layouts.len());
        for layout in layouts {
            let (pairs, next) = Pairs::parse(data, at, layout.size)?;
            parts.push(Part { layout, pairs, maps: [(0, 0); 4] });
            at = next;
        }

        // Step 3: DTZ value maps, one set per file.
        if kind == TableKind::Dtz {
            for part in &mut parts {
                let flags = part.pairs.flags;
                if flags & DTZ_MAPPED == 0 {
                    continue;
                }
                if flags & DTZ_WIDE != 0 {
                    at += at & 1;
                    for map in &mut part.maps {
                        let len = usize::from(bytes::u16_le(data, at)?);
                        *map = (at + 2, len);
                        at = span(data, at + 2, 2 * len as u64)?;
                    }
                } else {
                    for map in &mut part.maps {
                        let len = usize::from(bytes::byte(data, at)?);
                        *map = (at + 1, len);
                        at = span(data, at + 1, len as u64)?;
                    }
                }
            }
            at += at & 1;
        }

        // Step 4: sparse indices, block lengths, data.
        for part in &mut parts {
            part.pairs.sparse_at = at;
            at = span(data, at, part.pairs.section_sizes().0)?;
        }
        for part in &mut parts {
            part.pairs.lengths_at = at;
            at = span(data, at, part.pairs.section_sizes().1)?;
        }
        for part in &mut parts {
            at = at.checked_add(63).ok_or(Damage::Inconsistent("an offset beyond any file"))? & !63;
            part.pairs.data_at = at;
            at = span(data, at, part.pairs.section_sizes().2)?;
        }
        // The generator pads the data to 64 bytes and ends the file with a
        // 16-byte checksum: a file cut anywhere in them is truncated too.
        let padded = at.checked_add(63).ok_or(Damage::Inconsistent("an offset beyond any file"))? & !63;
        span(data, padded, CHECKSUM_BYTES)?;
        Ok(Table { kind, symmetric, has_pawns, sides, parts, bytes })
    }

    /// The part that stores `board`, and the position's index in it; `None`
    /// for a DTZ table that stores only the other side to move. `mirrored`:
    /// the board has the table's material with the colours swapped (`KvKR`
    /// for `KRvK`).
    fn locate(&self, board: &Board, mirrored: bool) -> Result<Option<(&Part, u64)>, Damage> {
        let black_to_move = board.side_to_move() == Color::Black;
        // Tables are stored with the first side white; a symmetric table
        // only with white to move.
        let flip = mirrored || (self.symmetric && black_to_move);
        let side = usize::from(black_to_move ^ flip);
        let mut squares = Squares::new(board, flip);
        let file = if self.has_pawns { squares.take_leading_pawns(self.parts[0].layout.pieces[0]) } else { 0 };
        let part = &self.parts[file * self.sides + side % self.sides];
        if self.kind == TableKind::Dtz
            && usize::from(part.pairs.flags & DTZ_BLACK_STORED) != side
            && (self.has_pawns || !self.symmetric)
        {
            return Ok(None);
        }
        squares.take_rest(&part.layout)?;
        let index = encode(&part.layout, &mut squares, self.has_pawns)?;
        Ok(Some((part, index)))
    }

    /// The WDL value (-2 loss ..= 2 win) a WDL table stores for `board`,
    /// captures not considered.
    pub(crate) fn wdl(&self, board: &Board, mirrored: bool) -> Result<i32, Damage> {
        let Some((part, index)) = self.locate(board, mirrored)? else {
            return Err(Damage::Inconsistent("a WDL table without both sides to move"));
        };
        match part.pairs.value(self.bytes.as_slice(), index)? {
            value @ 0..=4 => Ok(i32::from(value) - 2),
            _ => Err(Damage::Inconsistent("a WDL value out of range")),
        }
    }

    /// The distance to zeroing, in plies, a DTZ table stores for `board`,
    /// whose WDL value is `wdl` (never 0); `None` if the table stores only
    /// the other side to move.
    pub(crate) fn dtz(&self, board: &Board, mirrored: bool, wdl: i32) -> Result<Option<i32>, Damage> {
        let Some((part, index)) = self.locate(board, mirrored)? else { return Ok(None) };
        let data = self.bytes.as_slice();
        let mut value = usize::from(part.pairs.value(data, index)?);
        let flags = part.pairs.flags;
        if flags & DTZ_MAPPED != 0 {
            let map = match wdl {
                2 => 0,
                -2 => 1,
                1 => 2,
                _ => 3,
            };
            let (at, len) = part.maps[map];
            if value >= len {
                return Err(Damage::Inconsistent("a DTZ value beyond its map"));
            }
            value = if flags & DTZ_WIDE != 0 {
                usize::from(bytes::u16_le(data, at + 2 * value)?)
            } else {
                usize::from(bytes::byte(data, at + value)?)
            };
        }
        let in_plies = match wdl {
            2 => flags & DTZ_WIN_PLIES != 0,
            -2 => flags & DTZ_LOSS_PLIES != 0,
            _ => false,
        };
        let value = value as i32;
        Ok(Some(if in_plies { value } else { 2 * value }))
    }
}

/// Checks that a part's pieces are the material of the file name.
fn check_pieces(pieces: &[u8], material: &Material) -> Result<(), Damage> {
    let mut counts = [[0u8; 6]; 2];
    for &code in pieces {
        let role = Role::from_index(usize::from(code & 7).wrapping_sub(1)).filter(|_| code & !0xf == 0);
        let role = role.ok_or(Damage::Inconsistent("a piece code that names no piece"))?;
        counts[usize::from(code >> 3)][role.index()] += 1;
    }
    for (side, side_counts) in counts.iter().enumerate() {
        for role in Role::ALL {
            if side_counts[role.index()] != material.count(side, role) {
                return Err(Damage::Inconsistent("the header's pieces are not the file name's"));
            }
        }
    }
    Ok(())
}
