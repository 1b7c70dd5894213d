//! The compressed values of one table part: canonical Huffman codes over a
//! Re-Pair grammar, in blocks of equal size found through a sparse index.
//!
//! A part's header gives the block size, the span of the sparse index (one
//! entry every `span` positions, naming the block and the offset in it of
//! the position in the middle of the span), the number of blocks, and the
//! Huffman code: the lengths of its shortest and longest codes and, for each
//! length, its lowest symbol. Then the grammar: each symbol is a value (a
//! leaf) or a pair of earlier symbols, and expands into one or more values.
//! A block holds the codes of consecutive symbols; `block_lengths[b] + 1`
//! values are expanded from block `b`.

use crate::bytes::{self, span};
use crate::error::Damage;

/// The flag of a part whose every position has one value (no blocks).
const SINGLE_VALUE: u8 = 0x80;

/// A symbol's right half when the symbol is a leaf.
const LEAF: u16 = 0xfff;

/// The longest Huffman code this decoder reads: longer codes appear in no
/// generated table and would not fit its 64-bit window.
const LONGEST_CODE: u8 = 32;

/// One symbol of the grammar.
#[derive(Clone, Copy, Debug, Default)]
struct Symbol {
    /// The left half, or the value of a leaf.
    left: u16,
    /// The right half, [`LEAF`] for a leaf.
    right: u16,
    /// How many values the symbol expands into, less one.
    extra: u32,
}

/// One part's decoder.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pairs {
    /// The part's flags (the DTZ tables keep theirs here).
    pub(crate) flags: u8,
    /// The value of every position, for a single-valued part.
    single: Option<u16>,
    block_size: u64,
    span: u64,
    /// Entries in the sparse index, and where it starts.
    pub(crate) sparse_len: u64,
    pub(crate) sparse_at: usize,
    /// Entries in the block-length list, and where it starts.
    pub(crate) lengths_len: u64,
    pub(crate) lengths_at: usize,
    /// Blocks of data, and where they start.
    pub(crate) blocks: u64,
    pub(crate) data_at: usize,
    shortest: u8,
    /// For each code length from the shortest, the lowest code, left-aligned
    /// in 64 bits; and the lowest symbol of that length.
    base: Vec<u64>,
    lowest: Vec<u16>,
    symbols: Vec<Symbol>,
}

impl Pairs {
    /// Reads the header of a part whose positions number `size`, starting
    /// at `at`; returns it and the offset past it.
    pub(crate) fn parse(data: &[u8], at: usize, size: u64) -> Result<(Pairs, usize), Damage> {
        let flags = bytes::byte(data, at)?;
        if flags & SINGLE_VALUE != 0 {
            let value = bytes::byte(data, at + 1)?;
            return Ok((Pairs { flags, single: Some(value.into()), ..Pairs::default() }, at + 2));
        }
        let block_log = bytes::byte(data, at + 1)?;
        let span_log = bytes::byte(data, at + 2)?;
        if block_log > 30 || span_log > 40 || span_log == 0 {
            return Err(Damage::Inconsistent("a block size or index span out of range"));
        }
        let padding = bytes::byte(data, at + 3)?;
        let blocks = bytes::u32_le(data, at + 4)?;
        let longest = bytes::byte(data, at + 8)?;
        let shortest = bytes::byte(data, at + 9)?;
        if shortest == 0 || longest < shortest || longest > LONGEST_CODE {
            return Err(Damage::Inconsistent("Huffman code lengths out of range"));
        }
        let lengths = usize::from(longest - shortest) + 1;
        let lowest_at = at + 10;
        let mut lowest = Vec::with_capacity(lengths);
        for i in 0..lengths {
            lowest.push(bytes::u16_le(data, lowest_at + 2 * i)?);
        }
        let base = code_bases(&lowest, shortest)?;
        let tree_at = lowest_at + 2 * lengths;
        let count = bytes::u16_le(data, tree_at)?;
        let symbols = read_symbols(data, tree_at + 2, usize::from(count))?;
        let end = tree_at + 2 + 3 * usize::from(count) + usize::from(count & 1);
        let span = 1u64 << span_log;
        let pairs = Pairs {
            flags,
            single: None,
            block_size: 1 << block_log,
            span,
            sparse_len: size.div_ceil(span),
            sparse_at: 0,
            lengths_len: u64::from(blocks) + u64::from(padding),
            lengths_at: 0,
            blocks: blocks.into(),
            data_at: 0,
            shortest,
            base,
            lowest,
            symbols,
        };
        Ok((pairs, end))
    }

    /// The bytes of the sparse index, the block lengths and the data.
    pub(crate) fn section_sizes(&self) -> (u64, u64, u64) {
        (self.sparse_len * 6, self.lengths_len * 2, self.blocks * self.block_size)
    }

    /// The value stored for the position at `index`.
    pub(crate) fn value(&self, data: &[u8], index: u64) -> Result<u16, Damage> {
        if let Some(value) = self.single {
            return Ok(value);
        }
        let (block, offset) = self.locate(data, index)?;
        let (symbol, offset) = self.symbol_in_block(data, block, offset)?;
        self.expand(symbol, offset)
    }

    /// The block holding `index`, and the number of values before it in the block.
    fn locate(&self, data: &[u8], index: u64) -> Result<(u64, u64), Damage> {
        let entry = index / self.span;
        if entry >= self.sparse_len {
            return Err(Damage::Inconsistent("a position beyond the sparse index"));
        }
        let at = self.sparse_at + 6 * entry as usize;
        let mut block = u64::from(bytes::u32_le(data, at)?);
        let mut offset = i64::from(bytes::u16_le(data, at + 4)?);
        offset += (index % self.span) as i64 - (self.span / 2) as i64;
        let length = |block: u64| -> Result<i64, Damage> {
            if block >= self.lengths_len {
                return Err(Damage::Inconsistent("the sparse index leads past the last block"));
            }
            Ok(i64::from(bytes::u16_le(data, self.lengths_at + 2 * block as usize)?) + 1)
        };
        while offset < 0 {
            block =
                block.checked_sub(1).ok_or(Damage::Inconsistent("the sparse index leads before the first block"))?;
            offset += length(block)?;
        }
        loop {
            let here = length(block)?;
            if offset < here {
                break;
            }
            offset -= here;
            block += 1;
        }
        if block >= self.blocks {
            return Err(Damage::Inconsistent("the sparse index leads past the data"));
        }
        Ok((block, offset as u64))
    }

    /// Decodes block `block` up to the symbol whose expansion holds value
    /// number `offset`; returns it and the offset within its expansion.
    fn symbol_in_block(&self, data: &[u8], block: u64, mut offset: u64) -> Result<(usize, u64), Damage> {
        let start = self.data_at + (block * self.block_size) as usize;
        let end = start + self.block_size as usize;
        let mut next = start + 8;
        let mut window = (u64::from(bytes::u32_be_padded(data, start, end)) << 32)
            | u64::from(bytes::u32_be_padded(data, start + 4, end));
        let mut bits: u32 = 64;
        loop {
            // Codes are ordered so that longer codes are numerically lower.
            let length = self.base.iter().position(|&base| window >= base).unwrap_or(self.base.len() - 1);
            let code_bits = u32::from(self.shortest) + length as u32;
            let rank = (window - self.base[length]) >> (64 - code_bits);
            let symbol = rank + u64::from(self.lowest[length]);
            let extra = match self.symbols.get(symbol as usize) {
                Some(s) => u64::from(s.extra),
                None => return Err(Damage::Inconsistent("a Huffman code for no symbol")),
            };
            if offset <= extra {
                return Ok((symbol as usize, offset));
            }
            offset -= extra + 1;
            window <<= code_bits;
            bits -= code_bits;
            if bits <= 32 {
                bits += 32;
                window |= u64::from(bytes::u32_be_padded(data, next, end)) << (64 - bits);
                next += 4;
                if next > end + 8 {
                    return Err(Damage::Inconsistent("a block holds fewer values than its length says"));
                }
            }
        }
    }

    /// The value number `offset` of the expansion of `symbol`.
    fn expand(&self, mut symbol: usize, mut offset: u64) -> Result<u16, Damage> {
        // Each step goes down the acyclic grammar: at most one step per symbol.
        for _ in 0..=self.symbols.len() {
            let s = self.symbols[symbol];
            if s.right == LEAF {
                return Ok(s.left);
            }
            let left = &self.symbols[usize::from(s.left)];
            if offset <= u64::from(left.extra) {
                symbol = usize::from(s.left);
            } else {
                offset -= u64::from(left.extra) + 1;
                symbol = usize::from(s.right);
            }
        }
        Err(Damage::Inconsistent("a symbol that never expands to a value"))
    }
}

/// The lowest code of each length, left-aligned: longer codes are lower,
/// and code `c` of length `l` (right-aligned) has rank `c - lowest code`.
fn code_bases(lowest: &[u16], shortest: u8) -> Result<Vec<u64>, Damage> {
    let mut base = vec![0u64; lowest.len()];
    for i in (0..lowest.len().saturating_sub(1)).rev() {
        let sum = (base[i + 1] + u64::from(lowest[i])).checked_sub(u64::from(lowest[i + 1]));
        base[i] = sum.ok_or(Damage::Inconsistent("Huffman codes out of order"))? / 2;
    }
    for (i, b) in base.iter_mut().enumerate() {
        let shift = 64 - i as u32 - u32::from(shortest);
        let shifted = b.checked_shl(shift).filter(|shifted| shifted >> shift == *b);
        *b = shifted.ok_or(Damage::Inconsistent("Huffman codes out of range"))?;
    }
    Ok(base)
}

/// The grammar's symbols and the number of values each expands into.
fn read_symbols(data: &[u8], at: usize, count: usize) -> Result<Vec<Symbol>, Damage> {
    span(data, at, 3 * count as u64)?;
    let mut symbols: Vec<Symbol> = (0..count)
        .map(|i| {
            let [a, b, c] = bytes::array::<3>(data, at + 3 * i).unwrap_or([0; 3]);
            Symbol {
                left: u16::from(a) | (u16::from(b & 0xf) << 8),
                right: (u16::from(c) << 4) | u16::from(b >> 4),
                extra: 0,
            }
        })
        .collect();
    // Expansion lengths, children first, without recursion: 0 unseen, 1 on
    // the stack, 2 done. A symbol met again while on the stack is a cycle.
    let mut state = vec![0u8; count];
    let mut stack = Vec::new();
    for root in 0..count {
        if state[root] == 2 {
            continue;
        }
        stack.push(root);
        state[root] = 1;
        while let Some(&s) = stack.last() {
            let Symbol { left, right, .. } = symbols[s];
            if right == LEAF {
                state[s] = 2;
                stack.pop();
                continue;
            }
            let (l, r) = (usize::from(left), usize::from(right));
            if l >= count || r >= count {
                return Err(Damage::Inconsistent("a symbol made of symbols that do not exist"));
            }
            let mut waiting = false;
            for child in [l, r] {
                match state[child] {
                    0 => {
                        state[child] = 1;
                        stack.push(child);
                        waiting = true;
                        break;
                    }
                    1 => return Err(Damage::Inconsistent("a symbol that contains itself")),
                    _ => {}
                }
            }
            if !waiting {
                symbols[s].extra = symbols[l].extra.saturating_add(symbols[r].extra).saturating_add(1);
                state[s] = 2;
                stack.pop();
            }
        }
    }
    Ok(symbols)
}
