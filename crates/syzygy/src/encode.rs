//! The index of a position within a table part.
//!
//! The pieces are split into groups: a leading group (the two kings, three
//! distinct pieces, or the pawns of one colour) and then runs of equal
//! pieces. The board is mirrored so that the leading group lies in a
//! canonical region (a1-d1-d4 without pawns, files a-d with), each group's
//! placement is numbered as a combination of the squares left free by the
//! groups before it, and the numbers are combined in the order the part's
//! header gives (`factor`: the product of the sizes of the groups numbered
//! after it).

use crate::error::Damage;
use crate::tables::{
    binomial_checked, off_diagonal, BELOW_DIAGONAL, KING_PAIRS, LEAD_PAWN_INDEX, MAX_PIECES, NONE, PAWN_ORDER, TRIANGLE,
};
use ox88_board::{Board, Color, Role};

/// How a part numbers its positions: its pieces and their groups.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Piece codes in index order: `8 * colour + role` (role 1 pawn ..= 6 king).
    pub(crate) pieces: [u8; MAX_PIECES],
    count: usize,
    /// The size of each group, the leading group first.
    groups: [usize; MAX_PIECES],
    group_count: usize,
    /// What each group's number is multiplied by.
    factors: [u64; MAX_PIECES],
    /// The number of positions.
    pub(crate) size: u64,
    /// Whether the second group holds the other colour's pawns.
    both_pawns: bool,
}

impl Layout {
    /// The layout of `pieces[..count]`, whose leading group has at least
    /// `first` pieces (0 with pawns: the run of equal pieces), numbered in
    /// `lead` ways; `order` gives the position of the leading group and,
    /// with `both_pawns`, of the second group in the numbering.
    pub(crate) fn new(
        pieces: [u8; MAX_PIECES],
        count: usize,
        first: usize,
        order: [u8; 2],
        both_pawns: bool,
        lead: u64,
    ) -> Result<Layout, Damage> {
        let mut groups = [0; MAX_PIECES];
        let mut group_count = 1;
        groups[0] = 1;
        for i in 1..count {
            if i < first || pieces[i] == pieces[i - 1] {
                groups[group_count - 1] += 1;
            } else {
                groups[group_count] = 1;
                group_count += 1;
            }
        }
        if lead == 0 || (both_pawns && group_count < 2) {
            return Err(Damage::Inconsistent("a table part whose pieces form no index"));
        }
        let bad_order = Damage::Inconsistent("a group order that names no group");
        let mut factors = [0; MAX_PIECES];
        let mut next = if both_pawns { 2 } else { 1 };
        let mut free = 64 - groups[0] - if both_pawns { groups[1] } else { 0 };
        let mut size: u64 = 1;
        let mut lead_seen = false;
        let mut k = 0;
        while next < group_count || k == order[0] || k == order[1] {
            let ways = if k == order[0] {
                factors[0] = size;
                lead_seen = true;
                lead
            } else if k == order[1] {
                factors[1] = size;
                binomial_checked(groups[1], 48 - groups[0]).ok_or(bad_order.clone())?
            } else {
                if next >= group_count {
                    return Err(bad_order);
                }
                factors[next] = size;
                let ways = binomial_checked(groups[next], free).ok_or(bad_order.clone())?;
                free = free.checked_sub(groups[next]).ok_or(bad_order.clone())?;
                next += 1;
                ways
            };
            size = size.checked_mul(ways).ok_or(Damage::Inconsistent("a table of more positions than exist"))?;
            k += 1;
        }
        if !lead_seen || (both_pawns && factors[1] == 0) {
            return Err(bad_order);
        }
        Ok(Layout { pieces, count, groups, group_count, factors, size, both_pawns })
    }
}

/// The squares of a position's pieces, in a part's index order, mirrored
/// into the table's colours.
pub(crate) struct Squares<'a> {
    board: &'a Board,
    /// Colours swapped and ranks mirrored.
    flip: bool,
    squares: [u8; MAX_PIECES],
    len: usize,
}

impl<'a> Squares<'a> {
    pub(crate) fn new(board: &'a Board, flip: bool) -> Squares<'a> {
        Squares { board, flip, squares: [0; MAX_PIECES], len: 0 }
    }

    /// The board colour of a piece code's colour.
    fn color(&self, code: u8) -> Color {
        if (code >> 3 == 1) ^ self.flip {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Appends the squares of the piece `code`; returns how many there were.
    fn push(&mut self, code: u8) -> Result<usize, Damage> {
        let color = self.color(code);
        let role = Role::from_index(usize::from(code & 7).wrapping_sub(1));
        let mirror = if self.flip { 56 } else { 0 };
        let mut found = 0;
        for &square in self.board.pieces(color) {
            if self.board.piece_at(square).map(|p| p.role()) == role {
                let slot = self.squares.get_mut(self.len).ok_or(MATERIAL)?;
                *slot = square.index64() as u8 ^ mirror;
                self.len += 1;
                found += 1;
            }
        }
        Ok(found)
    }

    /// Takes the pawns of the leading colour (`leader`, a pawn's code), the
    /// leading one first; returns the file (0 a ..= 3 d) it stands on,
    /// counted from the nearer edge.
    pub(crate) fn take_leading_pawns(&mut self, leader: u8) -> usize {
        let _ = self.push(leader);
        let pawns = &mut self.squares[..self.len];
        if let Some(best) = (0..pawns.len()).max_by_key(|&i| PAWN_ORDER[usize::from(pawns[i])]) {
            pawns.swap(0, best);
        }
        let file = usize::from(self.squares[0] & 7);
        file.min(7 - file)
    }

    /// Takes the other pieces, in `layout`'s order.
    pub(crate) fn take_rest(&mut self, layout: &Layout) -> Result<(), Damage> {
        if self.len > 0 && self.len != layout.groups[0] {
            return Err(MATERIAL);
        }
        let mut i = self.len;
        while i < layout.count {
            let code = layout.pieces[i];
            let run = layout.pieces[i..layout.count].iter().take_while(|&&c| c == code).count();
            if self.push(code)? != run {
                return Err(MATERIAL);
            }
            i += run;
        }
        if self.len != layout.count {
            return Err(MATERIAL);
        }
        Ok(())
    }
}

/// A position whose material is not its table's: the caller chose the wrong
/// table, or the header's pieces are wrong.
const MATERIAL: Damage = Damage::Inconsistent("the position's pieces are not the table's");

/// The index of the position in `squares` within the part `layout`.
pub(crate) fn encode(layout: &Layout, squares: &mut Squares<'_>, has_pawns: bool) -> Result<u64, Damage> {
    let count = layout.count;
    let sq = &mut squares.squares[..count];
    if sq[0] & 7 > 3 {
        sq.iter_mut().for_each(|s| *s ^= 7);
    }
    let lead = layout.groups[0];
    let mut index = if has_pawns {
        let mut index = LEAD_PAWN_INDEX[lead][usize::from(sq[0])];
        sq[1..lead].sort_unstable_by_key(|&s| PAWN_ORDER[usize::from(s)]);
        for (i, &s) in sq.iter().enumerate().take(lead).skip(1) {
            index += binomial_checked(i, usize::from(PAWN_ORDER[usize::from(s)])).ok_or(MATERIAL)?;
        }
        index
    } else {
        encode_leading_pieces(sq, lead, layout.group_count > 0 && lead == 3)?
    };
    index *= layout.factors[0];

    let mut start = lead;
    let mut remaining_pawns = layout.both_pawns;
    for group in 1..layout.group_count {
        let len = layout.groups[group];
        let (before, rest) = sq.split_at_mut(start);
        let members = &mut rest[..len];
        members.sort_unstable();
        let mut number = 0;
        for (i, &s) in members.iter().enumerate() {
            let below = before.iter().filter(|&&b| b < s).count();
            let free = usize::from(s).checked_sub(below + if remaining_pawns { 8 } else { 0 }).ok_or(MATERIAL)?;
            number += binomial_checked(i + 1, free).ok_or(MATERIAL)?;
        }
        remaining_pawns = false;
        index += number * layout.factors[group];
        start += len;
    }
    if index >= layout.size {
        return Err(Damage::Inconsistent("a position beyond its table"));
    }
    Ok(index)
}

/// The number of the leading group without pawns: the two kings, or three
/// distinct pieces (`triple`). Mirrors the board so that the first piece
/// lies in a1-d1-d4 and the first of the group off the diagonal below it.
fn encode_leading_pieces(sq: &mut [u8], lead: usize, triple: bool) -> Result<u64, Damage> {
    if sq[0] >> 3 > 3 {
        sq.iter_mut().for_each(|s| *s ^= 56);
    }
    if let Some(i) = (0..lead).find(|&i| off_diagonal(sq[i]) != 0) {
        if off_diagonal(sq[i]) > 0 {
            sq[i..].iter_mut().for_each(|s| *s = ((*s >> 3) | (*s << 3)) & 63);
        }
    }
    let rank = |s: u8| u64::from(s >> 3);
    if !triple {
        let triangle = TRIANGLE[usize::from(sq[0])];
        let pair = KING_PAIRS.get(usize::from(triangle)).map_or(u16::MAX, |row| row[usize::from(sq[1])]);
        return if pair == u16::MAX || triangle == NONE { Err(MATERIAL) } else { Ok(pair.into()) };
    }
    let (s0, s1, s2) = (sq[0], sq[1], sq[2]);
    let adjust1 = u64::from(s1 > s0);
    let adjust2 = u64::from(s2 > s0) + u64::from(s2 > s1);
    let below = |s: u8| u64::from(BELOW_DIAGONAL[usize::from(s)]);
    let index = if off_diagonal(s0) != 0 {
        (u64::from(TRIANGLE[usize::from(s0)]) * 63 + (u64::from(s1) - adjust1)) * 62 + u64::from(s2) - adjust2
    } else if off_diagonal(s1) != 0 {
        (6 * 63 + rank(s0) * 28 + below(s1)) * 62 + u64::from(s2) - adjust2
    } else if off_diagonal(s2) != 0 {
        6 * 63 * 62 + 4 * 28 * 62 + rank(s0) * 7 * 28 + (rank(s1) - adjust1) * 28 + below(s2)
    } else {
        6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + rank(s0) * 7 * 6 + (rank(s1) - adjust1) * 6 + (rank(s2) - adjust2)
    };
    Ok(index)
}
