//! The plan of a [`RegionBatches`](crate::table_regions::RegionBatches): the regions of its files that its
//! threads read, in order, each beginning where a game begins and never spanning two files.
//!
//! A small input (at most [`EVEN_LEN`] of PGN text a thread) is cut into even regions, `threads` a file: the
//! threads, taking the regions in order, each read about the same share of every file, so that files of unequal
//! cost (a MB of long games without comments costs twice a MB of games with clocks) even out with few regions,
//! and few batches for pyarrow to import. A larger input is cut into regions that shrink toward its end, where
//! the regions' own costs weigh little beside the reading, and a thread that ends early waits for at most a small
//! region of another whatever the files' costs.

use crate::table_read::{read_error, Options};
use arrow_schema::ArrowError;
use ox88_pgn::region::{self, Region};
use std::fs::File;

/// The most PGN text a region holds (more only where its last game runs past): the regions of a larger input
/// are taken in turn, so that memory stays bounded whatever the input's size.
pub const MAX_REGION_LEN: u64 = 32 << 20;

/// The most PGN text a thread an input is cut into even regions with: 4 MiB, where a region's own costs (a
/// cut, a batch begun, pyarrow's import of that batch: about 0.3M instructions) are a few in a thousand of its
/// reading, and where the shrinking regions' balance begins to weigh more than their number.
pub const EVEN_LEN: u64 = 4 << 20;

/// What a region holds of the input left to read from its start on, in the shrinking plan: a share of
/// `1 / (threads x SHARE)`. Large first, so that their own costs stay few; small last, so that regions of unequal
/// cost even out between the threads.
const SHARE: u64 = 2;

/// The least text a region is cut to, however small the input left: below it a region's own costs begin to show.
const MIN_REGION_LEN: u64 = 64 << 10;

/// The lengths a plan is made with.
#[derive(Clone, Copy, Debug)]
pub struct PlanLimits {
    /// The most text a region holds.
    pub max_region_len: u64,
    /// The most text a thread an input is cut into even regions with.
    pub even_len: u64,
}

impl PlanLimits {
    /// [`MAX_REGION_LEN`] and [`EVEN_LEN`].
    pub const DEFAULT: PlanLimits = PlanLimits { max_region_len: MAX_REGION_LEN, even_len: EVEN_LEN };
}

/// A region of one of the files.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    /// The file's index in the input.
    pub file: usize,
    /// Its bytes.
    pub region: Region,
}

/// The regions of `options`' files, in order: even regions if the input holds at most `limits.even_len` (and
/// `limits.max_region_len`) a thread ([`even_len`]), else regions that shrink toward its end ([`shrinking_len`]).
/// A file that cannot be opened or cut ends the plan with its error.
pub fn plan(options: &Options, limits: PlanLimits) -> (Vec<Part>, Option<ArrowError>) {
    let lens: Vec<u64> = options.paths.iter().map(|p| std::fs::metadata(p).map_or(0, |m| m.len())).collect();
    let threads = options.threads.max(1) as u64;
    let max_region_len = limits.max_region_len.max(1);
    // The input from the start of each file on.
    let mut left: u64 = lens.iter().sum();
    let even = left <= threads.saturating_mul(limits.even_len.min(max_region_len));
    let mut parts = Vec::new();
    for (file, (path, &len)) in options.paths.iter().zip(&lens).enumerate() {
        let cut = File::open(path).and_then(|mut handle| {
            if even {
                region::cut(&mut handle, len, even_len(len, threads))
            } else {
                region::cut_by(&mut handle, len, |start| {
                    shrinking_len(len - start, left - start, threads, max_region_len)
                })
            }
        });
        match cut {
            Ok(regions) => parts.extend(regions.into_iter().map(|region| Part { file, region })),
            Err(e) => return (parts, Some(read_error(format!("{}: {e}", path.display())))),
        }
        left -= len;
    }
    (parts, None)
}

/// The length of the even regions of a file of `len` bytes on `threads` threads: a `threads`th of it, or as
/// much as fewer regions of at least [`MIN_REGION_LEN`] hold (one for a file below twice that).
fn even_len(len: u64, threads: u64) -> u64 {
    let regions = (len / MIN_REGION_LEN).clamp(1, threads.max(1));
    len.div_ceil(regions).max(1)
}

/// The length of a shrinking region with `rest` bytes of its file and `left` bytes of the input from its start on
/// (of all the files, not only its own), on `threads` threads: [`region_len`], or the file's rest if that is
/// shorter than one and a half of them.
fn shrinking_len(rest: u64, left: u64, threads: u64, max_region_len: u64) -> u64 {
    let len = region_len(left, threads, max_region_len);
    if rest < len + len / 2 {
        rest
    } else {
        len
    }
}

/// The length of a region with `left` bytes of input from its start to the input's end, on `threads` threads:
/// a share of them ([`SHARE`]), at least [`MIN_REGION_LEN`] and at most `max_region_len` bytes (the most wins).
fn region_len(left: u64, threads: u64, max_region_len: u64) -> u64 {
    (left / (threads.max(1) * SHARE)).max(MIN_REGION_LEN).min(max_region_len).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_db::Columns;
    use std::path::PathBuf;

    const GAME: &str = "[White \"A\"]\n\n1. e4 e5 2. Nf3 { [%clk 0:01:00] } Nc6 *\n\n";

    fn options(paths: &[PathBuf], threads: usize) -> Options {
        Options { paths: paths.to_vec(), threads, columns: Columns::default(), batch_size: 4096 }
    }

    /// Files of `counts` games each, in a directory of their own named after `name`.
    fn files(name: &str, counts: &[usize]) -> (PathBuf, Vec<PathBuf>) {
        let dir = std::env::temp_dir().join(format!("ox88-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let paths: Vec<PathBuf> = (0..counts.len()).map(|i| dir.join(format!("{i}.pgn"))).collect();
        for (path, &count) in paths.iter().zip(counts) {
            std::fs::write(path, GAME.repeat(count)).unwrap();
        }
        (dir, paths)
    }

    /// Each file's regions follow one another from its start to its end.
    fn assert_tiled(parts: &[Part], lens: &[u64]) {
        for (i, part) in parts.iter().enumerate() {
            let Region { start, end } = part.region;
            assert_eq!(start, if i > 0 && parts[i - 1].file == part.file { parts[i - 1].region.end } else { 0 });
            assert!(end < lens[part.file] || parts.get(i + 1).is_none_or(|next| next.file != part.file));
            assert!(end == lens[part.file] || parts[i + 1].file == part.file);
        }
    }

    #[test]
    fn regions_are_sized_from_the_input_left() {
        // A share of what is left a thread, shrinking toward the end.
        assert_eq!(region_len(8 << 20, 2, MAX_REGION_LEN), 2 << 20);
        assert_eq!(region_len(4 << 20, 4, MAX_REGION_LEN), 512 << 10);
        // Never below the least length, unless the most is below it; never above the most.
        assert_eq!(region_len(200 << 10, 2, MAX_REGION_LEN), MIN_REGION_LEN);
        assert_eq!(region_len(1 << 20, 2, 1000), 1000);
        assert_eq!(region_len(1 << 40, 2, MAX_REGION_LEN), MAX_REGION_LEN);
        assert_eq!(region_len(0, 0, 0), 1);
        // Even regions: a thread's share of the file, fewer for a small file.
        assert_eq!(even_len(1 << 20, 2), 512 << 10);
        assert_eq!(even_len(1 << 20, 3), (1 << 20) / 3 + 1);
        assert_eq!(even_len(3 * MIN_REGION_LEN, 4), MIN_REGION_LEN);
        assert_eq!(even_len(2 * MIN_REGION_LEN - 1, 4), 2 * MIN_REGION_LEN - 1);
        assert_eq!(even_len(MIN_REGION_LEN, 2), MIN_REGION_LEN);
        assert_eq!(even_len(0, 0), 1);
    }

    #[test]
    fn a_small_input_is_cut_into_even_regions_a_file() {
        // Files of about 1.5 MB, 0.5 MB, 100 KB and 20 KB (two regions, two, one and one on two threads; three,
        // three, one and one on three), and none.
        let (dir, paths) = files("even", &[27_000, 9_000, 1_800, 360, 0]);
        let lens: Vec<u64> = paths.iter().map(|path| std::fs::metadata(path).unwrap().len()).collect();
        for (threads, want) in [(2, [2, 2, 1, 1, 0]), (3, [3, 3, 1, 1, 0])] {
            let (parts, error) = plan(&options(&paths, threads), PlanLimits::DEFAULT);
            assert!(error.is_none());
            assert_tiled(&parts, &lens);
            let counts: Vec<usize> = (0..lens.len()).map(|f| parts.iter().filter(|p| p.file == f).count()).collect();
            assert_eq!(counts, want, "{threads} threads");
            for part in &parts {
                // A thread's share of its file (less by up to two games for the last: a cut is told by a whole
                // line before it), or all of it.
                let (len, share) = (part.region.end - part.region.start, even_len(lens[part.file], threads as u64));
                assert!(len.abs_diff(share) <= 2 * GAME.len() as u64, "{part:?}");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_larger_input_is_cut_into_regions_that_shrink_toward_its_end() {
        let (dir, paths) = files("shrink", &[27_000, 9_000]);
        let lens: Vec<u64> = paths.iter().map(|path| std::fs::metadata(path).unwrap().len()).collect();
        // 2 MB: even regions below 1 MiB a thread; shrinking ones with a lower limit.
        let (parts, _) = plan(&options(&paths, 2), PlanLimits { max_region_len: MAX_REGION_LEN, even_len: 1 << 20 });
        assert_eq!(parts.len(), 4);
        let limits = PlanLimits { max_region_len: MAX_REGION_LEN, even_len: 512 << 10 };
        let (parts, error) = plan(&options(&paths, 2), limits);
        assert!(error.is_none());
        assert_tiled(&parts, &lens);
        let mut left = lens.iter().sum::<u64>();
        for part in &parts {
            let Region { start, end } = part.region;
            let (len, rest) = (end - start, lens[part.file] - start);
            // A region holds a quarter of what is left (two games more at most), or its file's rest if that is
            // less than one and a half of them.
            let want = region_len(left, 2, MAX_REGION_LEN);
            let rest_whole = rest < want + want / 2;
            assert!(
                if rest_whole { len == rest } else { len >= want && len <= want + 2 * GAME.len() as u64 },
                "{part:?}"
            );
            left -= len;
        }
        assert_eq!(left, 0);
        assert!(parts.len() >= 8 && parts.iter().filter(|part| part.file == 0).count() >= 2);
        assert!(parts.last().unwrap().region.end - parts.last().unwrap().region.start < 2 * MIN_REGION_LEN);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_cannot_be_read_ends_the_plan() {
        let (dir, mut paths) = files("unread", &[100]);
        paths.insert(1, dir.join("missing.pgn"));
        paths.push(paths[0].clone());
        let (parts, error) = plan(&options(&paths, 2), PlanLimits::DEFAULT);
        assert_eq!(parts.len(), 1);
        assert!(error.unwrap().to_string().contains("missing.pgn"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
