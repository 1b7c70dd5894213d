//! The accumulators (each perspective's hidden layer before its activation)
//! and the output layer, at any hidden width `H`. The loops are plain
//! indexed loops over fixed-size arrays, written so that the compiler turns
//! them into vector code with no `unsafe`: 128-bit on the baseline x86-64
//! target (`paddw`/`psubw` for the updates; `pmaxsw`, `pminsw`, `pmullw` and
//! `pmaddwd` for the output), and 256- or 512-bit where the functions of
//! [`simd`](super::simd) inline them into their AVX2 and AVX-512 versions.
//! Every function here is `#[inline(always)]` for that reason.

use super::features::{active_features, FeatureDelta};
use super::king_buckets::View;
use super::layers::Layers;
use super::{QA, QB};
use ox88_board::{Board, Color};

/// Both perspectives' accumulators, indexed by [`Color::index`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(align(64))]
pub(crate) struct Accumulator<const H: usize> {
    pub values: [[i16; H]; 2],
}

impl<const H: usize> Default for Accumulator<H> {
    fn default() -> Accumulator<H> {
        Accumulator { values: [[0; H]; 2] }
    }
}

impl<const H: usize> Accumulator<H> {
    /// Computes both perspectives from scratch: the bias plus the rows of
    /// every piece on the board.
    #[inline(always)]
    pub fn refresh(&mut self, layers: &Layers<H>, board: &Board) {
        let views = layers.king_buckets.views(board);
        for perspective in Color::ALL {
            let values = &mut self.values[perspective.index()];
            *values = layers.feature_bias;
            for feature in active_features(board, perspective, views[perspective.index()]) {
                add_row(values, &layers.feature_weights[feature]);
            }
        }
    }

    /// Computes `perspective`'s accumulator after a move from scratch, seen
    /// through `view` (its view after the move): the bias, the rows of the
    /// pieces of `board` (the position before the move), and `delta`'s
    /// changes, which are in that view too. For a king move that changes
    /// its side's king bucket or mirroring.
    #[inline(always)]
    pub fn refresh_view(
        &mut self,
        layers: &Layers<H>,
        board: &Board,
        perspective: Color,
        view: View,
        delta: &FeatureDelta,
    ) {
        let p = perspective.index();
        let values = &mut self.values[p];
        *values = layers.feature_bias;
        for feature in active_features(board, perspective, view).chain(delta.added(p)) {
            add_row(values, &layers.feature_weights[feature]);
        }
        for feature in delta.removed(p) {
            sub_row(values, &layers.feature_weights[feature]);
        }
    }

    /// Sets `self` to `parent` changed by `delta`, in one pass over each
    /// perspective for the changes moves make; a perspective the delta
    /// marks refreshed was computed when the move was made, and is left.
    #[inline(always)]
    pub fn update(&mut self, parent: &Accumulator<H>, delta: &FeatureDelta, layers: &Layers<H>) {
        let rows = &layers.feature_weights;
        for p in 0..2 {
            if delta.refreshed(p) {
                continue;
            }
            let (out, from) = (&mut self.values[p], &parent.values[p]);
            match delta.counts() {
                (1, 1) => add1_sub1(out, from, &rows[delta.add_at(0, p)], &rows[delta.remove_at(0, p)]),
                (1, 2) => add1_sub2(
                    out,
                    from,
                    &rows[delta.add_at(0, p)],
                    &rows[delta.remove_at(0, p)],
                    &rows[delta.remove_at(1, p)],
                ),
                (2, 2) => add2_sub2(
                    out,
                    from,
                    [&rows[delta.add_at(0, p)], &rows[delta.add_at(1, p)]],
                    [&rows[delta.remove_at(0, p)], &rows[delta.remove_at(1, p)]],
                ),
                _ => {
                    *out = *from;
                    for f in delta.added(p) {
                        add_row(out, &rows[f]);
                    }
                    for f in delta.removed(p) {
                        sub_row(out, &rows[f]);
                    }
                }
            }
        }
    }

    /// The network's output for the side to move `stm` through the output
    /// layer `bucket`, in centipawns.
    #[inline(always)]
    pub fn output(&self, stm: Color, bucket: usize, layers: &Layers<H>) -> i32 {
        let us = &self.values[stm.index()];
        let them = &self.values[(!stm).index()];
        let weights = &layers.output_weights[bucket];
        let sum = screlu_dot(us, &weights[0])
            .wrapping_add(screlu_dot(them, &weights[1]))
            .wrapping_add(layers.square_offset[bucket]);
        // `sum` is in units of QA * QA * QB, the bias in QA * QB; both
        // divisions round to the nearest.
        let out = rounded_div(i64::from(sum), i64::from(QA)) + i64::from(layers.output_bias[bucket]);
        let centipawns = rounded_div(out * i64::from(layers.scale), i64::from(QA * QB));
        centipawns.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

/// `value / divisor` (positive), rounded to the nearest integer.
#[inline(always)]
fn rounded_div(value: i64, divisor: i64) -> i64 {
    (value + divisor / 2).div_euclid(divisor)
}

/// `sum((clamp(v, 0, QA)^2 - 32768) * w)`: the square (below 65,536) less
/// 32,768 is an `i16`, the 16 bits of the square with the top bit flipped.
/// The network's `square_offset` adds the 32,768s back.
#[inline(always)]
fn screlu_dot<const H: usize>(values: &[i16; H], weights: &[i16; H]) -> i32 {
    let mut sum = 0i32;
    for i in 0..H {
        let v = values[i].clamp(0, QA as i16);
        let shifted_square = v.wrapping_mul(v) ^ i16::MIN;
        sum = sum.wrapping_add(i32::from(shifted_square) * i32::from(weights[i]));
    }
    sum
}

// The updates wrap: the final values fit in `i16` (see the module
// documentation of `nnue`), and wrapping keeps intermediate sums of a
// different order from mattering.

#[inline(always)]
fn add_row<const H: usize>(out: &mut [i16; H], row: &[i16; H]) {
    for i in 0..H {
        out[i] = out[i].wrapping_add(row[i]);
    }
}

#[inline(always)]
fn sub_row<const H: usize>(out: &mut [i16; H], row: &[i16; H]) {
    for i in 0..H {
        out[i] = out[i].wrapping_sub(row[i]);
    }
}

#[inline(always)]
fn add1_sub1<const H: usize>(out: &mut [i16; H], from: &[i16; H], add: &[i16; H], sub: &[i16; H]) {
    for i in 0..H {
        out[i] = from[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
    }
}

#[inline(always)]
fn add1_sub2<const H: usize>(out: &mut [i16; H], from: &[i16; H], add: &[i16; H], sub1: &[i16; H], sub2: &[i16; H]) {
    for i in 0..H {
        out[i] = from[i].wrapping_add(add[i]).wrapping_sub(sub1[i]).wrapping_sub(sub2[i]);
    }
}

#[inline(always)]
fn add2_sub2<const H: usize>(out: &mut [i16; H], from: &[i16; H], add: [&[i16; H]; 2], sub: [&[i16; H]; 2]) {
    for i in 0..H {
        out[i] =
            from[i].wrapping_add(add[0][i]).wrapping_add(add[1][i]).wrapping_sub(sub[0][i]).wrapping_sub(sub[1][i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shifted squares plus the offset equal the plain sum of squares
    /// times weights, over the whole range of values and weights.
    #[test]
    fn the_shifted_square_sum_is_exact() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200 {
            let values: [i16; 256] = std::array::from_fn(|_| (next() % 700) as i16 - 200);
            let weights: [i16; 256] = std::array::from_fn(|_| (next() % 1015) as i16 - 507);
            let offset = weights.iter().fold(0i32, |s, &w| s.wrapping_add(32_768 * i32::from(w)));
            let direct: i64 = values
                .iter()
                .zip(&weights)
                .map(|(&v, &w)| i64::from(v.clamp(0, QA as i16)).pow(2) * i64::from(w))
                .sum();
            assert_eq!(i64::from(screlu_dot(&values, &weights).wrapping_add(offset)), direct);
        }
    }
}
