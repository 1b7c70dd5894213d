//! [`Region`]s: a PGN file cut into a few large parts, each beginning where
//! a game begins, for threads that each read a part with a visitor and an
//! output of their own (no game crosses threads); the caller puts the
//! parts' games back in order, placing them with [`PgnError::place`].
//!
//! The cuts are [`ParallelReader`](crate::ParallelReader)'s: found by the
//! text's look alone, near where a part should end. Where that look is
//! wrong (a cut inside a `{` comment of malformed text), the part before
//! the cut ends inside a game: [`Region::read`] then reads on to the next
//! cut, and says where it ended ([`RegionRead::end`]), so that the caller
//! reads the next part again from there.

use crate::scan::find;
use crate::split::{count_newlines, next_cut};
use crate::{PgnError, Reader, Visitor};
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::ControlFlow;

/// A part of a PGN file: its bytes from `start` to `end`, beginning where a
/// game seems to begin (see [`cut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Where it starts in the file.
    pub start: u64,
    /// Where it ends (the next region's start, or the file's length).
    pub end: u64,
}

/// What [`Region::read`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionRead {
    /// The games handed over (errors included).
    pub games: u64,
    /// The line ends from the region's start to where the reading ended.
    pub newlines: u64,
    /// Where the reading ended: the region's end, or further on if the
    /// region's last game ran past it (then the games from the region's
    /// end to here are read, and the next region must be read again from
    /// here).
    pub end: u64,
}

/// The most bytes read at a time while looking for a cut.
const LOOK: u64 = 1 << 16;

/// The bytes first read while looking for a cut: a few games' worth, where a cut is found nearly always, so
/// that a cut costs little; then twice as many each time, up to [`LOOK`].
const FIRST_LOOK: u64 = 1 << 12;

/// Cuts a file of `len` bytes into regions of about `region_len` bytes
/// (more where a cut falls later), each after the first beginning at the
/// first place a game seems to begin past `region_len` bytes of the one
/// before it. Reads only near the cuts.
///
/// ```
/// use ox88_pgn::region::{cut, Region};
/// use std::io::Cursor;
/// let pgn = "[White \"A\"]\n\n1. e4 e5 *\n\n".repeat(3);
/// let regions = cut(&mut Cursor::new(&pgn), pgn.len() as u64, 30)?;
/// assert_eq!(regions, [Region { start: 0, end: 50 }, Region { start: 50, end: 75 }]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn cut<F: Read + Seek>(file: &mut F, len: u64, region_len: u64) -> io::Result<Vec<Region>> {
    cut_by(file, len, |_| region_len)
}

/// Cuts a file of `len` bytes into regions as [`cut`] does, the length of
/// each told by `region_len` from the region's start: regions that shrink
/// toward the end, for instance.
///
/// ```
/// use ox88_pgn::region::{cut_by, Region};
/// use std::io::Cursor;
/// let pgn = "[White \"A\"]\n\n1. e4 e5 *\n\n".repeat(4);
/// let regions = cut_by(&mut Cursor::new(&pgn), pgn.len() as u64, |start| if start == 0 { 30 } else { 1 })?;
/// let starts: Vec<u64> = regions.iter().map(|r| r.start).collect();
/// assert_eq!(starts, [0, 50, 75]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn cut_by<F, L>(file: &mut F, len: u64, mut region_len: L) -> io::Result<Vec<Region>>
where
    F: Read + Seek,
    L: FnMut(u64) -> u64,
{
    let mut regions = Vec::new();
    let mut start = 0;
    while start < len {
        let from = start.saturating_add(region_len(start).max(1));
        let end = if from >= len { len } else { cut_after(file, from)?.unwrap_or(len) };
        regions.push(Region { start, end });
        start = end;
    }
    Ok(regions)
}

/// The first place past `from` where a game seems to begin, looked for in
/// the bytes from the first line that starts after `from` (a cut is told by
/// the whole line before it, never by the end of a line cut short);
/// `None` if the file ends first.
fn cut_after<F: Read + Seek>(file: &mut F, from: u64) -> io::Result<Option<u64>> {
    file.seek(SeekFrom::Start(from))?;
    let mut bytes = Vec::new();
    let mut line = None;
    let mut searched = 1;
    let mut look = FIRST_LOOK;
    loop {
        let got = file.by_ref().take(look).read_to_end(&mut bytes)?;
        look = (look * 2).min(LOOK);
        if line.is_none() {
            line = find(b'\n', &bytes).map(|n| n + 1);
        }
        if let Some(line) = line {
            let whole = &bytes[line..];
            if let Some(at) = next_cut(whole, searched) {
                return Ok(Some(from + (line + at) as u64));
            }
            // A `[` at the very end is told by the next byte.
            searched = searched.max(whole.len().saturating_sub(1));
        }
        if got == 0 {
            return Ok(None);
        }
    }
}

impl Region {
    /// Reads the region's games with `visitor`, handing each to `sink` in
    /// order, until the region ends or `sink` breaks. Each error is as a
    /// [`Reader`] of the region alone gives it: its game number, byte
    /// offset and line count from the region's start; place it in the file
    /// with [`PgnError::place`] once the games and lines before the region
    /// are known (the byte offset is `start`).
    ///
    /// The region's bytes are read into memory (about its length). If its
    /// last game runs past its end (a cut inside a comment), the region
    /// reads on to the next cut and reads its games again from the start,
    /// handing over only those not handed yet (its last game is handed
    /// over only once the region is known to end after it).
    ///
    /// ```
    /// use ox88_pgn::region::{cut, Region};
    /// use ox88_pgn::GameBuilder;
    /// use std::io::Cursor;
    /// use std::ops::ControlFlow;
    /// // A comment with a line that looks like a game's start, past the cut.
    /// let pgn = "1. e4 *\n\n1. d4 { a\nb\n[Event \"x\"]\n} d5 *\n\n[White \"C\"]\n\n1. c4 *\n";
    /// let mut file = Cursor::new(pgn);
    /// let regions = cut(&mut file, pgn.len() as u64, 12)?;
    /// assert_eq!(regions.len(), 2);
    /// let mut games = Vec::new();
    /// let read = regions[0].read(&mut file, &mut GameBuilder::new(), |game| {
    ///     games.push(game.unwrap().mainline_moves().unwrap().len());
    ///     ControlFlow::Continue(())
    /// })?;
    /// // The first region read on past its end to the third game's start: the
    /// // second region, which starts inside the comment, is read again from there.
    /// assert_eq!(games, [1, 2]);
    /// assert_eq!(read.end, pgn.find("[White").unwrap() as u64);
    /// assert!(regions[1].start < read.end);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read<F, V, S>(&self, file: &mut F, visitor: &mut V, mut sink: S) -> io::Result<RegionRead>
    where
        F: Read + Seek,
        V: Visitor,
        S: FnMut(Result<V::Output, PgnError>) -> ControlFlow<()>,
    {
        file.seek(SeekFrom::Start(self.start))?;
        let mut bytes = Vec::with_capacity(usize::try_from(self.end.saturating_sub(self.start)).unwrap_or(0));
        file.by_ref().take(self.end.saturating_sub(self.start)).read_to_end(&mut bytes)?;
        let mut handed = 0;
        loop {
            let mut reader = Reader::from_bytes(&bytes);
            // The last game read, handed over once the next one is read (or the region is known to end).
            let mut last = None;
            let mut seen = 0;
            let stopped = loop {
                let game = match reader.read_game(visitor) {
                    Ok(Some(output)) => Ok(output),
                    Ok(None) => break false,
                    Err(e) => Err(e),
                };
                seen += 1;
                if seen <= handed {
                    continue;
                }
                if let Some(before) = last.replace(game) {
                    handed += 1;
                    if sink(before).is_break() {
                        break true;
                    }
                }
            };
            let ended_inside = reader.ended_inside();
            if !stopped && ended_inside && extend(file, &mut bytes, self.start)? {
                continue;
            }
            if let (false, Some(game)) = (stopped, last) {
                handed += 1;
                let _ = sink(game);
            }
            let (newlines, end) = (count_newlines(&bytes), self.start + bytes.len() as u64);
            return Ok(RegionRead { games: handed, newlines, end });
        }
    }
}

/// Reads on from the end of `bytes` (the region from `start`) to the next
/// place past it where a game seems to begin, or the file's end; whether
/// there was more to read.
fn extend<F: Read + Seek>(file: &mut F, bytes: &mut Vec<u8>, start: u64) -> io::Result<bool> {
    let old = bytes.len();
    file.seek(SeekFrom::Start(start + old as u64))?;
    // The old end was taken for a game's start: look past it.
    let mut searched = old + 1;
    loop {
        let got = file.by_ref().take(LOOK).read_to_end(bytes)?;
        if let Some(at) = next_cut(bytes, searched) {
            bytes.truncate(at);
            return Ok(true);
        }
        if got == 0 {
            return Ok(bytes.len() > old);
        }
        searched = searched.max(bytes.len() - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameBuilder;
    use std::io::Cursor;

    /// Each game's number and moves (or error) over `regions` read in turn,
    /// placed as a reader of the whole text places them, the way a caller
    /// of regions read on threads does.
    fn read_all(text: &str, region_len: u64) -> Vec<(u64, Result<usize, String>)> {
        let mut file = Cursor::new(text.as_bytes());
        let regions = cut(&mut file, text.len() as u64, region_len).unwrap();
        let (mut out, mut games, mut lines, mut expected) = (Vec::new(), 0, 0, 0);
        for region in regions {
            if region.end <= expected {
                continue;
            }
            // A region that starts inside the game the one before read on into: read again from there.
            let region = Region { start: region.start.max(expected), ..region };
            let mut these = Vec::new();
            let read = region
                .read(&mut file, &mut GameBuilder::new(), |game| {
                    these.push(game.map(|g| g.mainline_moves().map_or(0, |m| m.len())));
                    ControlFlow::Continue(())
                })
                .unwrap();
            for (i, game) in these.into_iter().enumerate() {
                out.push((games + i as u64 + 1, game.map_err(|e| e.place(games, region.start, lines).to_string())));
            }
            (games, lines, expected) = (games + read.games, lines + read.newlines, read.end);
        }
        out
    }

    fn read_whole(text: &str) -> Vec<(u64, Result<usize, String>)> {
        let mut reader = Reader::from_bytes(text.as_bytes());
        let mut out = Vec::new();
        while let Some(game) = reader.next_game() {
            out.push((
                reader.games_read(),
                game.map(|g| g.mainline_moves().map_or(0, |m| m.len())).map_err(|e| e.to_string()),
            ));
        }
        out
    }

    #[test]
    fn regions_read_as_the_whole_text() {
        let tricky = "[Event \"a\"]\n\n1. e4 { c\n[Event \"fake\"]\n\n1. d4 } e5 2. Nf9 *\n\n1. c4 {\n[A \"b\"]\n*\n";
        let text =
            format!("{}{tricky}{}", "[White \"A\"]\n\n1. e4 e5 2. Qh5 *\n\n".repeat(7), "1. f4 e5 *\n\n".repeat(5));
        let whole = read_whole(&text);
        assert!(whole.iter().any(|(_, game)| game.is_err()));
        for region_len in [1, 7, 20, 33, 64, 100, 1000] {
            assert_eq!(read_all(&text, region_len), whole, "regions of {region_len}");
        }
    }

    #[test]
    fn cuts_fall_where_games_begin() {
        // Nominal cuts in every place of a game, its tag lines among them: each region begins at a game's first
        // tag, so that none reads on past its end.
        let text = "[Event \"e\"]\n[Opening \"a long name\"]\n[Variation \"x\"]\n\n1. e4 e5 *\n\n".repeat(100);
        let mut file = Cursor::new(text.as_bytes());
        for region_len in 1..=70 {
            let regions = cut(&mut file, text.len() as u64, region_len).unwrap();
            assert_eq!(regions.first().map(|r| r.start), Some(0));
            assert_eq!(regions.last().map(|r| r.end), Some(text.len() as u64));
            for pair in regions.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
                assert!(text[pair[1].start as usize..].starts_with("[Event "), "regions of {region_len}");
            }
            let read = regions[0].read(&mut file, &mut GameBuilder::new(), |_| ControlFlow::Continue(())).unwrap();
            assert_eq!((read.games, read.end), (regions[0].end / 65, regions[0].end));
        }
        assert_eq!(cut(&mut file, text.len() as u64, 1000).unwrap().len(), 7);
        assert_eq!(cut(&mut file, 0, 500).unwrap(), []);
    }

    #[test]
    fn a_cut_is_looked_for_past_the_first_bytes_read() {
        // Games far longer than the first look (and than the most read at a time): a comment of 100 KB, and
        // one of 5 KB whose end is the first look's.
        let long = format!("[Event \"a\"]\n\n1. e4 {{ {} }} e5 *\n\n", "x ".repeat(50_000));
        let medium = format!("[Event \"b\"]\n\n1. d4 {{ {} }} d5 *\n\n", "y\n".repeat(2_500));
        let text = format!("{long}{medium}{long}[Event \"c\"]\n\n1. c4 *\n");
        let starts: Vec<u64> = text.match_indices("[Event").map(|(at, _)| at as u64).collect();
        let mut file = Cursor::new(text.as_bytes());
        let regions = cut(&mut file, text.len() as u64, 10).unwrap();
        let cuts: Vec<u64> = regions.iter().map(|r| r.start).collect();
        assert_eq!(cuts, starts);
        assert_eq!(read_all(&text, 10), read_whole(&text));
    }

    #[test]
    fn a_sink_that_breaks_stops_the_reading() {
        let text = "1. e4 *\n\n".repeat(10);
        let region = Region { start: 0, end: text.len() as u64 };
        let mut seen = 0;
        let read = region
            .read(&mut Cursor::new(text.as_bytes()), &mut GameBuilder::new(), |_| {
                seen += 1;
                if seen == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!((seen, read.games), (3, 3));
    }
}
