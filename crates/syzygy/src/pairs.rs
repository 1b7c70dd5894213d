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

/// One symbol of the grammar: its two halves.
#[derive(Clone, Copy, Debug, Default)]
struct Symbol {
    /// The left half, or the value of a leaf.
    left: u16,
    /// The right half, [`LEAF`] for a leaf.
    right: u16,
}

/// The Huffman codes of one length.
#[derive(Clone, Copy, Debug)]
struct CodeLength {
    /// The lowest code of this length, left-aligned in 64 bits (longer
    /// codes are numerically lower).
    base: u64,
    /// The symbol of the lowest code.
    lowest: u32,
    /// The length in bits.
    bits: u32,
}

/// For each value of a code's first eight bits, the first code length
/// (index into the code lengths) a code starting so can have: the decoder's
/// search for a code's length starts there instead of at the shortest. An
/// array of 256, so that indexing by a byte needs no check.
#[derive(Clone, Debug)]
struct FirstLengths(Box<[u8; 256]>);

impl Default for FirstLengths {
    fn default() -> FirstLengths {
        FirstLengths(Box::new([0; 256]))
    }
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
    /// The code lengths, shortest first; the last one's base is 0.
    codes: Vec<CodeLength>,
    first_length: FirstLengths,
    symbols: Vec<Symbol>,
    /// How many values each symbol expands into, less one: apart from the
    /// symbols, as the decoder reads these for every code it passes, and
    /// one byte each, as the tables' own probers hold them (the generator
    /// never makes a symbol of more than 256 values).
    extra: Vec<u8>,
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
        let codes: Vec<CodeLength> = code_bases(&lowest, shortest)?
            .into_iter()
            .zip(lowest)
            .zip(u32::from(shortest)..)
            .map(|((base, lowest), bits)| CodeLength { base, lowest: lowest.into(), bits })
            .collect();
        let first_length = first_lengths(&codes);
        let tree_at = lowest_at + 2 * lengths;
        let count = bytes::u16_le(data, tree_at)?;
        let (symbols, extra) = read_symbols(data, tree_at + 2, usize::from(count))?;
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
            codes,
            first_length,
            symbols,
            extra,
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
        let Some(bytes) = data.get(start..start + self.block_size as usize) else {
            return Err(Damage::Inconsistent("a block past the data"));
        };
        let (codes, extra, first_length) = (&self.codes[..], &self.extra[..], &self.first_length.0);
        let mut window = (u64::from(be_u32(bytes, 0)) << 32) | u64::from(be_u32(bytes, 4));
        let mut next = 8;
        let mut bits: u32 = 64;
        loop {
            // Codes are ordered so that longer codes are numerically lower;
            // the longest codes' base is 0, so a length is always found.
            let mut length = usize::from(first_length[(window >> 56) as usize]);
            let code = loop {
                match codes.get(length) {
                    Some(code) if window >= code.base => break code,
                    Some(_) => length += 1,
                    None => return Err(Damage::Inconsistent("a Huffman code of no length")),
                }
            };
            let symbol = ((window - code.base) >> (64 - code.bits)) as usize + code.lowest as usize;
            let Some(&values) = extra.get(symbol) else {
                return Err(Damage::Inconsistent("a Huffman code for no symbol"));
            };
            let values = u64::from(values);
            if offset <= values {
                return Ok((symbol, offset));
            }
            offset -= values + 1;
            window <<= code.bits;
            bits -= code.bits;
            if bits <= 32 {
                bits += 32;
                window |= u64::from(be_u32(bytes, next)) << (64 - bits);
                next += 4;
                if next > bytes.len() + 8 {
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
            let left = u64::from(self.extra[usize::from(s.left)]);
            if offset <= left {
                symbol = usize::from(s.left);
            } else {
                offset -= left + 1;
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

/// The big-endian `u32` at `at` in a block, bytes past its end read as
/// zeros (the decoder looks ahead past a block's last symbol).
#[inline(always)]
fn be_u32(block: &[u8], at: usize) -> u32 {
    match block.get(at..at + 4) {
        Some(&[a, b, c, d]) => u32::from_be_bytes([a, b, c, d]),
        _ => bytes::u32_be_padded(block, at, block.len()),
    }
}

/// For each possible first byte of a code, the index of the shortest code
/// length whose codes can start with it: no code that starts with byte `b`
/// is shorter, since a shorter code's base exceeds every window starting so.
fn first_lengths(codes: &[CodeLength]) -> FirstLengths {
    let mut first = FirstLengths::default();
    for (byte, slot) in first.0.iter_mut().enumerate() {
        let highest = (byte as u64) << 56 | ((1 << 56) - 1);
        let index = codes.iter().position(|code| highest >= code.base).unwrap_or(0);
        *slot = u8::try_from(index).unwrap_or(0);
    }
    first
}

/// The grammar's symbols and the number of values each expands into, less one.
fn read_symbols(data: &[u8], at: usize, count: usize) -> Result<(Vec<Symbol>, Vec<u8>), Damage> {
    span(data, at, 3 * count as u64)?;
    let symbols: Vec<Symbol> = (0..count)
        .map(|i| {
            let [a, b, c] = bytes::array::<3>(data, at + 3 * i).unwrap_or([0; 3]);
            Symbol { left: u16::from(a) | (u16::from(b & 0xf) << 8), right: (u16::from(c) << 4) | u16::from(b >> 4) }
        })
        .collect();
    let mut extra = vec![0u8; count];
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
            let Symbol { left, right } = symbols[s];
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
                let values = usize::from(extra[l]) + usize::from(extra[r]) + 2;
                extra[s] =
                    u8::try_from(values - 1).map_err(|_| Damage::Inconsistent("a symbol of more than 256 values"))?;
                state[s] = 2;
                stack.pop();
            }
        }
    }
    Ok((symbols, extra))
}
