//! The evaluation's vector work, compiled three times and chosen at run time
//! for the processor the engine runs on: AVX-512 (`avx512f` and `avx512bw`:
//! 32 `i16` lanes), AVX2 (16 lanes), or the baseline x86-64 build (SSE2, 8
//! lanes); other architectures take the portable build. The choice is the
//! `multiversion` crate's: it detects the features once (then a relaxed
//! atomic load per call) and calls the version compiled for them. Its
//! generated dispatcher holds the only `unsafe` (calling a
//! `#[target_feature]` function after checking the features); every line
//! here is safe Rust.
//!
//! Each dispatched function is one call per evaluation (not per row): the
//! plain generic functions of [`accumulator`](super::accumulator) are
//! `#[inline(always)]`, so they compile inside each version with its
//! vector width. The `*_portable` functions are the same code compiled for
//! the build's baseline target: the tests check that every version gives
//! identical results.

use super::accumulator::Accumulator;
use super::features::FeatureDelta;
use super::king_buckets::View;
use super::layers::Layers;
use multiversion::multiversion;
use ox88_board::{Board, Color};

/// Brings the last of `accumulators` up to date from the first, which is
/// computed: `accumulators[i + 1]` is `accumulators[i]` changed by
/// `deltas[i]`. Returns the output of the last for the side to move `stm`
/// through the output layer `bucket`, in centipawns.
#[inline(always)]
pub(crate) fn update_and_output_portable<const H: usize>(
    accumulators: &mut [Accumulator<H>],
    deltas: &[FeatureDelta],
    layers: &Layers<H>,
    stm: Color,
    bucket: usize,
) -> i32 {
    debug_assert_eq!(accumulators.len(), deltas.len() + 1);
    for (i, delta) in deltas.iter().enumerate() {
        let (below, above) = accumulators.split_at_mut(i + 1);
        above[0].update(&below[i], delta, layers);
    }
    accumulators.last().expect("the computed accumulator at least").output(stm, bucket, layers)
}

/// Computes `accumulator` for `board` from scratch.
#[inline(always)]
pub(crate) fn refresh_portable<const H: usize>(accumulator: &mut Accumulator<H>, layers: &Layers<H>, board: &Board) {
    accumulator.refresh(layers, board);
}

/// [`update_and_output_portable`] in the widest vectors the processor has.
#[multiversion(targets("x86_64+avx512f+avx512bw", "x86_64+avx2"))]
pub(crate) fn update_and_output<const H: usize>(
    accumulators: &mut [Accumulator<H>],
    deltas: &[FeatureDelta],
    layers: &Layers<H>,
    stm: Color,
    bucket: usize,
) -> i32 {
    update_and_output_portable(accumulators, deltas, layers, stm, bucket)
}

/// [`refresh_portable`] in the widest vectors the processor has.
#[multiversion(targets("x86_64+avx512f+avx512bw", "x86_64+avx2"))]
pub(crate) fn refresh<const H: usize>(accumulator: &mut Accumulator<H>, layers: &Layers<H>, board: &Board) {
    refresh_portable(accumulator, layers, board);
}

/// Computes `perspective`'s half of `accumulator` from scratch after a
/// move, seen through `view` (see
/// [`Accumulator::refresh_view`](super::accumulator::Accumulator::refresh_view)).
#[inline(always)]
pub(crate) fn refresh_view_portable<const H: usize>(
    accumulator: &mut Accumulator<H>,
    layers: &Layers<H>,
    board: &Board,
    perspective: Color,
    view: View,
    delta: &FeatureDelta,
) {
    accumulator.refresh_view(layers, board, perspective, view, delta);
}

/// [`refresh_view_portable`] in the widest vectors the processor has.
#[multiversion(targets("x86_64+avx512f+avx512bw", "x86_64+avx2"))]
pub(crate) fn refresh_view<const H: usize>(
    accumulator: &mut Accumulator<H>,
    layers: &Layers<H>,
    board: &Board,
    perspective: Color,
    view: View,
    delta: &FeatureDelta,
) {
    refresh_view_portable(accumulator, layers, board, perspective, view, delta);
}

/// [`update_and_output_portable`] in AVX2 at most: on a processor with
/// AVX-512, the tests check this version too.
#[cfg(test)]
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn update_and_output_avx2<const H: usize>(
    accumulators: &mut [Accumulator<H>],
    deltas: &[FeatureDelta],
    layers: &Layers<H>,
    stm: Color,
    bucket: usize,
) -> i32 {
    update_and_output_portable(accumulators, deltas, layers, stm, bucket)
}

/// [`refresh_portable`] in AVX2 at most.
#[cfg(test)]
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn refresh_avx2<const H: usize>(accumulator: &mut Accumulator<H>, layers: &Layers<H>, board: &Board) {
    refresh_portable(accumulator, layers, board);
}

/// [`refresh_view_portable`] in AVX2 at most.
#[cfg(test)]
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn refresh_view_avx2<const H: usize>(
    accumulator: &mut Accumulator<H>,
    layers: &Layers<H>,
    board: &Board,
    perspective: Color,
    view: View,
    delta: &FeatureDelta,
) {
    refresh_view_portable(accumulator, layers, board, perspective, view, delta);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::layers::with_layers;
    use crate::nnue::tests::{random_bucketed_network, random_network_of};
    use crate::nnue::{KingBuckets, Network, HIDDEN_SIZES};
    use ox88_board::Random;
    use ox88_movegen::MoveGen;

    /// Which versions this processor runs, for the record in the test's
    /// output.
    fn features() -> String {
        #[cfg(target_arch = "x86_64")]
        return format!(
            "avx2 {}, avx512f+avx512bw {}",
            std::arch::is_x86_feature_detected!("avx2"),
            std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw")
        );
        #[cfg(not(target_arch = "x86_64"))]
        String::from("not x86-64: the portable build only")
    }

    /// Plays `plies` random moves from the start, and at each computes the
    /// new position's accumulator from its parent's (and from scratch)
    /// with the baseline build, AVX2, and the widest the processor has:
    /// all must agree, and so must their outputs.
    fn paths_agree<const H: usize>(layers: &Layers<H>, random: &mut Random, plies: usize) -> usize {
        let mut board = Board::startpos();
        let mut parent = Accumulator::<H>::default();
        refresh_portable(&mut parent, layers, &board);
        let mut checked = 0;
        for _ in 0..plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // King moves change buckets: prefer them.
            let kings: Vec<_> = moves.iter().filter(|m| board.king(board.side_to_move()) == m.from()).collect();
            let m = match kings.is_empty() || random.below(2) == 0 {
                true => moves[random.below(moves.len())],
                false => *kings[random.below(kings.len())],
            };
            let (delta, views) = FeatureDelta::of_bucketed_move(&board, m, &layers.king_buckets);
            if !layers.king_buckets.is_mirrored() {
                assert_eq!(delta, FeatureDelta::of_move(&board, m));
            }
            let mover = board.side_to_move();
            let before = board.clone();
            board.make_move_unchecked(m);
            let (stm, bucket) = (board.side_to_move(), Network::bucket(&board));
            let mut results = Vec::new();
            for version in 0..3 {
                let mut pair = [parent.clone(), Accumulator::default()];
                if delta.refreshed(mover.index()) {
                    let view = views[mover.index()];
                    match version {
                        0 => refresh_view_portable(&mut pair[1], layers, &before, mover, view, &delta),
                        1 => refresh_view_avx2(&mut pair[1], layers, &before, mover, view, &delta),
                        _ => refresh_view(&mut pair[1], layers, &before, mover, view, &delta),
                    }
                }
                let output = match version {
                    0 => update_and_output_portable(&mut pair, &[delta], layers, stm, bucket),
                    1 => update_and_output_avx2(&mut pair, &[delta], layers, stm, bucket),
                    _ => update_and_output(&mut pair, &[delta], layers, stm, bucket),
                };
                let mut scratch = Accumulator::default();
                match version {
                    0 => refresh_portable(&mut scratch, layers, &board),
                    1 => refresh_avx2(&mut scratch, layers, &board),
                    _ => refresh(&mut scratch, layers, &board),
                }
                assert_eq!(pair[1], scratch, "version {version}, {}", board.fen());
                let [_, child] = pair;
                results.push((output, child));
            }
            assert!(results.windows(2).all(|w| w[0] == w[1]), "{}: outputs {:?}", board.fen(), results.map_outputs());
            parent = results.pop().expect("three versions").1;
            checked += 1;
        }
        checked
    }

    trait Outputs {
        fn map_outputs(&self) -> Vec<i32>;
    }

    impl<const H: usize> Outputs for Vec<(i32, Accumulator<H>)> {
        fn map_outputs(&self) -> Vec<i32> {
            self.iter().map(|(output, _)| *output).collect()
        }
    }

    #[test]
    fn every_instruction_set_gives_identical_results_at_every_width() {
        eprintln!("this processor: {}", features());
        let mut random = Random::new(0xa5a5);
        for hidden in HIDDEN_SIZES {
            let mut checked = 0;
            for seed in 0..3 {
                let network = random_network_of(hidden, 1000 * hidden as u64 + seed);
                checked += with_layers!(network.layers(), layers => paths_agree(layers, &mut random, 120));
            }
            assert!(checked >= 200, "{hidden}: {checked} positions");
        }
    }

    #[test]
    fn every_instruction_set_gives_identical_results_with_king_buckets() {
        let mut random = Random::new(0x5a5a);
        for (i, name) in ["4", "8"].into_iter().enumerate() {
            let king_buckets = KingBuckets::named(name).expect("a named layout");
            for hidden in [256, 512, HIDDEN_SIZES[2 + i]] {
                let network = random_bucketed_network(hidden, king_buckets, hidden as u64 + i as u64);
                let checked = with_layers!(network.layers(), layers => paths_agree(layers, &mut random, 150));
                assert!(checked >= 100, "{hidden}: {checked} positions");
            }
        }
    }
}
