//! The king's zone: its square, the eight around it and the two squares two
//! files away on its rank (where castling kings land), as an 11-bit set, and
//! a table that says, from a piece's 0x88 distance to the king, which zone
//! squares it attacks on an empty board. One lookup per enemy piece then
//! finds checks, the squares the king may not step to and the castling
//! squares under attack.

use ox88_board::{Color, Square};

/// Bit `i` of a zone set stands for the square `ZONE_OFFSETS[i]` (0x88
/// steps) from the king: the 3x3 block rank by rank from below, file by file
/// from the left, then two files left and two files right.
pub(crate) const ZONE_OFFSETS: [i8; 11] = [-17, -16, -15, -1, 0, 1, 15, 16, 17, -2, 2];

/// [`ZONE_OFFSETS`] padded to 16 entries, so that a bit number taken from a
/// zone set indexes it without a bounds test.
static ZONE_STEPS: [i8; 16] = {
    let mut steps = [0; 16];
    let mut i = 0;
    while i < ZONE_OFFSETS.len() {
        steps[i] = ZONE_OFFSETS[i];
        i += 1;
    }
    steps
};

/// The 0x88 step from the king to the square of zone bit `bit` (any bit
/// number of a `u16` zone set).
#[inline(always)]
pub(crate) fn offset(bit: u32) -> i8 {
    ZONE_STEPS[bit as usize & 15]
}

/// The bits of the 3x3 block around the king (the squares it may step to,
/// and its own).
pub(crate) const BLOCK: u16 = 0x1ff;

/// The bits of the squares two files away (castling destinations).
pub(crate) const CASTLE_SQUARES: u16 = 0x600;

/// The zone bit of the king's own square (a piece attacking it gives check).
pub(crate) const CENTER: u16 = 1 << 4;

/// The number of squares in a set of the 3x3 block's bits ([`BLOCK`]): a
/// table, since the release build targets processors without a population
/// count instruction, where `count_ones` takes a dozen instructions.
#[inline(always)]
pub(crate) fn block_count(bits: u16) -> usize {
    BLOCK_COUNTS[(bits & BLOCK) as usize] as usize
}

static BLOCK_COUNTS: [u8; BLOCK as usize + 1] = {
    let mut counts = [0; BLOCK as usize + 1];
    let mut bits = 0;
    while bits <= BLOCK as usize {
        counts[bits] = bits.count_ones() as u8;
        bits += 1;
    }
    counts
};

/// The zone bit of the square one unit `step` (a king step) from the king.
#[inline(always)]
pub(crate) fn step_bit(step: i8) -> u16 {
    STEP_BITS[(step as i16 + 17) as usize]
}

/// The zone bit of the square two files from the king (`step` is 2 or -2).
#[inline(always)]
pub(crate) fn castle_bit(step: i8) -> u16 {
    if step > 0 {
        1 << 10
    } else {
        1 << 9
    }
}

const STEP_BITS: [u16; 35] = {
    let mut bits = [0u16; 35];
    let mut i = 0;
    while i < 9 {
        bits[(ZONE_OFFSETS[i] + 17) as usize] = 1 << i;
        i += 1;
    }
    bits
};

/// `ZONE[color][role][king - from + 119]` (rows of 256 entries, so that
/// the index is a byte and needs no bounds test): the zone squares a piece of
/// `color` and `role` (numbered as `Role as usize`, 1..=6; 0 is nothing)
/// standing on `from` attacks on an empty board. Slider entries say only
/// that the square is on one of the piece's lines: the caller looks for
/// blockers.
static ZONE: [[[u16; 256]; 8]; 2] = [build(Color::White), build(Color::Black)];

/// The zone squares attacked (on an empty board) by a piece with role number
/// `role` of colour `color` on `from`, for the king on `king`.
#[inline(always)]
pub(crate) fn zone_attacks(color: Color, role: usize, from: Square, king: Square) -> u16 {
    let index = (king.index0x88() as u8).wrapping_sub(from.index0x88() as u8).wrapping_add(119);
    ZONE[color.index()][role & 7][index as usize]
}

const fn attacks(color: Color, role: usize, dr: i16, df: i16) -> bool {
    let (ar, af) = (dr.abs(), df.abs());
    match role {
        1 => {
            let forward = match color {
                Color::White => 1,
                Color::Black => -1,
            };
            dr == forward && af == 1
        }
        2 => ar * af == 2,
        3 => ar == af && ar != 0,
        4 => (ar == 0) != (af == 0),
        5 => (ar == af && ar != 0) || ((ar == 0) != (af == 0)),
        6 => ar <= 1 && af <= 1 && ar + af != 0,
        _ => false,
    }
}

const fn build(color: Color) -> [[u16; 256]; 8] {
    let mut table = [[0u16; 256]; 8];
    let mut role = 1;
    while role <= 6 {
        let mut index = 0;
        while index < 239 {
            // The 0x88 difference king - from decomposes uniquely into ranks
            // and files, the files within -7..=7.
            let d = index as i16 - 119;
            let dr = (d + 7).div_euclid(16);
            let df = d - 16 * dr;
            if df >= -7 && df <= 7 && dr >= -7 && dr <= 7 {
                let mut bit = 0;
                while bit < 11 {
                    let (zr, zf) =
                        if bit < 9 { (bit as i16 / 3 - 1, bit as i16 % 3 - 1) } else { (0, 4 * bit as i16 - 38) };
                    if attacks(color, role, dr + zr, df + zf) {
                        table[role][index] |= 1 << bit;
                    }
                    bit += 1;
                }
            }
            index += 1;
        }
        role += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{geometry, Piece, Role};

    /// The table agrees with the board's square-difference table for every
    /// piece, king square and zone square on the board.
    #[test]
    fn zone_table_matches_attack_masks() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                for from in Square::all() {
                    for king in Square::all() {
                        let zone = zone_attacks(color, role as usize, from, king);
                        for (bit, &offset) in ZONE_OFFSETS.iter().enumerate() {
                            let Some(z) = king.offset(offset) else { continue };
                            let expected = geometry::pseudo_attacks(piece, from, z);
                            assert_eq!(zone & (1 << bit) != 0, expected, "{piece:?} {from} {king} {z}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn step_bits() {
        assert_eq!(step_bit(0), CENTER);
        assert_eq!(step_bit(16), 1 << 7);
        assert_eq!(step_bit(-17), 1);
    }
}
