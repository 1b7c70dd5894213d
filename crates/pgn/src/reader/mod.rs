//! [`Reader`]: games one after the other from a byte slice or any
//! `io::Read`, told to a [`Visitor`].

mod skip;

use crate::error::token_string;
use crate::movetext::{self, Movetext, Step};
use crate::scan::{find, is_space};
use crate::source::{ReadSource, SliceSource, Source, INITIAL_BUFFER};
use crate::{tags, ErrorKind, Game, GameBuilder, GameId, Location, PgnError, RawTag, Visitor};
use std::io::Read;

/// The longest token (a comment, a tag line) a reader over `io::Read`
/// takes by default: the buffer grows to this at most.
pub const DEFAULT_MAX_TOKEN_LEN: usize = 1 << 20;

/// Reads PGN games one after the other, in constant memory.
///
/// Over a byte slice ([`from_bytes`](Reader::from_bytes)) it reads in
/// place; over any [`io::Read`](std::io::Read) ([`new`](Reader::new)) it
/// reads through one buffer, which grows only for a token longer than it
/// (up to [`DEFAULT_MAX_TOKEN_LEN`]). Hand each game to a [`Visitor`] with
/// [`read_game`](Self::read_game), or take whole [`Game`](crate::Game)s
/// with [`next_game`](Self::next_game) or [`games`](Self::games).
///
/// Import format is read as people write it: `%` escape lines, `;`
/// comments, move numbers with or without spaces (`12.Nf3`, `12...Nf6`),
/// `0-0`, `e.p.`, promotions with or without `=`, `!`/`?` suffixes, null
/// moves (`--`, `Z0`), missing blank lines, a missing result, CRLF, a
/// UTF-8 byte-order mark, Latin-1 bytes in tags and comments.
///
/// ```
/// use ox88_pgn::Reader;
/// let pgn = "[White \"Morphy\"]\n[Black \"Allies\"]\n\n1. e4 e5 2. Nf3 d6 {Philidor} 1-0\n";
/// let mut reader = Reader::from_bytes(pgn.as_bytes());
/// let game = reader.next_game().expect("one game")?;
/// assert_eq!(game.headers.get("White"), Some("Morphy"));
/// assert_eq!(game.mainline_moves()?.len(), 4);
/// assert!(reader.next_game().is_none());
/// # Ok::<(), ox88_pgn::PgnError>(())
/// ```
#[derive(Debug)]
pub struct Reader<S> {
    source: S,
    max_token_len: usize,
    /// Games begun so far.
    number: u64,
    /// The current game's naming tags as read (see `GameId::tag_index`).
    naming: [Vec<u8>; 5],
    /// Whether nothing has been read yet (a byte-order mark may follow).
    at_start: bool,
    /// Whether a read error ended the input.
    failed: bool,
    /// Whether the input ended inside the last game's tag section or a `{`
    /// comment (see `ended_inside`).
    ended_inside: bool,
}

impl<'a> Reader<SliceSource<'a>> {
    /// A reader of `bytes`, in place.
    pub fn from_bytes(bytes: &'a [u8]) -> Reader<SliceSource<'a>> {
        Reader::with_source(SliceSource::new(bytes))
    }
}

impl<R: Read> Reader<ReadSource<R>> {
    /// A reader of `reader`, through a 64 KiB buffer (no need to wrap it in
    /// a `BufReader`).
    pub fn new(reader: R) -> Reader<ReadSource<R>> {
        Reader::with_source(ReadSource::new(reader, INITIAL_BUFFER))
    }

    /// The same reader (before it has read anything), taking tokens (a
    /// comment, a tag line) up to `limit` bytes long: its buffer starts at
    /// 64 KiB or `limit`, whichever is less, and grows to `limit` at most. A
    /// longer token is an [`ErrorKind::TooLong`] error.
    pub fn with_max_token_len(self, limit: usize) -> Reader<ReadSource<R>> {
        let limit = limit.max(16);
        let mut reader = Reader::with_source(ReadSource::new(self.source.into_inner(), INITIAL_BUFFER.min(limit)));
        reader.max_token_len = limit;
        reader
    }

    /// The `io::Read` given to [`new`](Self::new).
    pub fn into_inner(self) -> R {
        self.source.into_inner()
    }
}

/// The games of a [`Reader`], as [`Reader::games`] gives them.
#[derive(Debug)]
pub struct Games<'r, S> {
    reader: &'r mut Reader<S>,
}

impl<S: Source> Iterator for Games<'_, S> {
    type Item = Result<Game, PgnError>;
    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.reader.next_game()
    }
}

/// Where a game went wrong, before it is named.
struct Failure {
    kind: ErrorKind,
    token: String,
    at: Location,
    /// Parentheses open where the game failed.
    depth: u32,
    /// Whether the failure ended inside the movetext, right after a token.
    in_movetext: bool,
}

impl<S: Source> Reader<S> {
    fn with_source(source: S) -> Reader<S> {
        Reader {
            source,
            max_token_len: DEFAULT_MAX_TOKEN_LEN,
            number: 0,
            // Room for the naming tags' usual values, made once.
            naming: std::array::from_fn(|_| Vec::with_capacity(64)),
            at_start: true,
            failed: false,
            ended_inside: false,
        }
    }

    /// How many games were begun so far (the number of the last one).
    pub fn games_read(&self) -> u64 {
        self.number
    }

    /// Whether the end of the input was met inside a game's tag section or
    /// inside a `{` comment (then reading went on as the end of the input
    /// allowed, where more input would have gone on with the same game).
    /// The parallel reader cuts its input where a game may begin and checks
    /// with this that it did.
    pub(crate) fn ended_inside(&self) -> bool {
        self.ended_inside
    }

    /// Reads the next game into `visitor` and returns what its
    /// [`end_game`](Visitor::end_game) returns; `Ok(None)` at the end of the
    /// input. An error names the game and the token; the reader has then
    /// skipped the rest of that game, and the next call reads the next one
    /// (after a read error, [`ErrorKind::Io`], there is none).
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Result<Option<V::Output>, PgnError> {
        if self.failed {
            return Ok(None);
        }
        match self.find_game() {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            Err(failure) => {
                self.number += 1;
                return Err(self.fail(failure, false));
            }
        }
        self.number += 1;
        for tag in &mut self.naming {
            tag.clear();
        }
        visitor.begin_game();
        if let Err(failure) = self.tags(visitor) {
            return Err(self.fail(failure, true));
        }
        let skip = match visitor.begin_movetext() {
            Ok(skip) => skip,
            Err(kind) => {
                let failure =
                    Failure { kind, token: String::new(), at: self.source.locate(0), depth: 0, in_movetext: false };
                return Err(self.fail(failure, false));
            }
        };
        if skip.0 {
            if let Err(failure) = self.skip_movetext(0, true) {
                return Err(self.fail(failure, false));
            }
        } else if let Err(failure) = self.movetext(visitor) {
            return Err(self.fail(failure, false));
        }
        Ok(Some(visitor.end_game()))
    }

    /// Reads the next game as a [`Game`] tree; `None` at the end of the
    /// input. After an error (which names the game and the token), the next
    /// call reads the next game.
    pub fn next_game(&mut self) -> Option<Result<Game, PgnError>> {
        let mut builder = GameBuilder::new();
        match self.read_game(&mut builder) {
            Ok(Some(mut game)) => {
                game.number = self.number;
                Some(Ok(game))
            }
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// The games one after the other, as [`next_game`](Self::next_game)
    /// reads them.
    ///
    /// ```
    /// use ox88_pgn::Reader;
    /// let pgn = "1. e4 e5 *\n\n1. d4 Nf9 *\n\n1. c4 *\n";
    /// let results: Vec<_> = Reader::from_bytes(pgn.as_bytes()).games().collect();
    /// assert_eq!(results.len(), 3);
    /// assert!(results[0].is_ok() && results[2].is_ok());
    /// let error = results[1].as_ref().unwrap_err();
    /// assert_eq!((error.game.number, error.token.as_str()), (2, "Nf9"));
    /// ```
    pub fn games(&mut self) -> Games<'_, S> {
        Games { reader: self }
    }

    /// Skips the next game (its tags are still read, to find where it
    /// ends); `Ok(false)` at the end of the input.
    pub fn skip_game(&mut self) -> Result<bool, PgnError> {
        struct SkipAll;
        impl Visitor for SkipAll {
            type Output = ();
            fn begin_movetext(&mut self) -> Result<crate::Skip, ErrorKind> {
                Ok(crate::Skip(true))
            }
            fn end_game(&mut self) {}
        }
        self.read_game(&mut SkipAll).map(|game| game.is_some())
    }

    /// Names a failure of the current game and skips the rest of the game
    /// (`in_tags`: from inside its tag pairs).
    fn fail(&mut self, failure: Failure, in_tags: bool) -> PgnError {
        let mut game = GameId { number: self.number, ..GameId::default() };
        for (index, tag) in self.naming.iter().enumerate() {
            if !tag.is_empty() {
                game.set(index, RawTag(tag).decode().into_owned());
            }
        }
        let (depth, after_token) = (failure.depth, failure.in_movetext);
        let error =
            PgnError { game: Box::new(game), token: failure.token, location: Some(failure.at), kind: failure.kind };
        if error.is_fatal() {
            self.failed = true;
        } else {
            let skipped = if in_tags { self.skip_tags() } else { Ok(()) };
            if skipped.and_then(|()| self.skip_movetext(depth, !after_token)).is_err() {
                // Only reading can fail while skipping.
                self.failed = true;
            }
        }
        error
    }

    /// Brings more input; `Ok(false)` when none came because the window
    /// already holds a whole `max_token_len` (the caller's token is too
    /// long) — never at the end of the input, where the caller rescans.
    fn more(&mut self) -> Result<bool, Failure> {
        match self.source.fill(self.max_token_len) {
            Ok(true) => Ok(true),
            Ok(false) if self.source.at_end() => Ok(true),
            Ok(false) => Ok(false),
            Err(e) => Err(Failure {
                kind: ErrorKind::Io(e),
                token: String::new(),
                at: self.source.locate(0),
                depth: 0,
                in_movetext: false,
            }),
        }
    }

    fn too_long(&mut self) -> Failure {
        let window = self.source.window();
        let token = token_string(&window[..window.len().min(crate::error::MAX_TOKEN_TEXT)]);
        Failure {
            kind: ErrorKind::TooLong { limit: self.max_token_len },
            token,
            at: self.source.locate(0),
            depth: 0,
            in_movetext: false,
        }
    }

    /// Skips what may come between games (blank lines, byte-order marks,
    /// `%` and `;` lines); `Ok(false)` at the end of the input.
    fn find_game(&mut self) -> Result<bool, Failure> {
        loop {
            let at_end = self.source.at_end();
            let window = self.source.window();
            let mut i = 0;
            loop {
                while i < window.len() && is_space(window[i]) {
                    i += 1;
                }
                match window.get(i..).unwrap_or_default() {
                    [0xef, 0xbb, 0xbf, ..] => i += 3,
                    [b'%' | b';', rest @ ..] => match find(b'\n', rest) {
                        Some(n) => i += n + 2,
                        None if at_end => i = window.len(),
                        None => break,
                    },
                    [] => break,
                    // Maybe a byte-order mark cut by the window's end.
                    [0xef, ..] if window.len() - i < 3 && !at_end => break,
                    _ => {
                        self.source.consume(i);
                        self.at_start = false;
                        return Ok(true);
                    }
                }
            }
            if i == window.len() && at_end {
                self.source.consume(i);
                return Ok(false);
            }
            self.source.consume(i);
            if !self.more()? {
                return Err(self.too_long());
            }
        }
    }

    /// Reads the tag pairs (and `%`/`;` lines among them) up to the first
    /// byte of the movetext.
    fn tags<V: Visitor>(&mut self, visitor: &mut V) -> Result<(), Failure> {
        loop {
            let at_end = self.source.at_end();
            let window = self.source.window();
            let mut i = 0;
            while i < window.len() && is_space(window[i]) {
                i += 1;
            }
            let Some(&first) = window.get(i) else {
                self.source.consume(i);
                if at_end {
                    self.ended_inside = true;
                    return Ok(());
                }
                if !self.more()? {
                    return Err(self.too_long());
                }
                continue;
            };
            if !matches!(first, b'[' | b'%' | b';') {
                self.source.consume(i);
                return Ok(());
            }
            // A tag pair as export format writes it, read at once; anything
            // else (escapes, sloppy quotes, a line cut by the window's end)
            // line by line.
            let standard = if first == b'[' { tags::parse_standard(&window[i..]) } else { None };
            let (line, pair) = match standard {
                Some(pair) => (&window[i..], pair),
                None => {
                    let Some(line_len) = find(b'\n', &window[i..]).or(at_end.then_some(window.len() - i)) else {
                        self.source.consume(i);
                        if !self.more()? {
                            return Err(self.too_long());
                        }
                        continue;
                    };
                    let line = &window[i..i + line_len];
                    if first != b'[' {
                        self.source.consume(i + line_len);
                        continue;
                    }
                    let line = line.strip_suffix(b"\r").unwrap_or(line);
                    let Some(pair) = tags::parse(line) else {
                        let token = token_string(line);
                        return Err(Failure {
                            kind: ErrorKind::Tag,
                            token,
                            at: self.source.locate(i),
                            depth: 0,
                            in_movetext: false,
                        });
                    };
                    (line, pair)
                }
            };
            let (name, value) = (&line[pair.name.clone()], RawTag(&line[pair.value.clone()]));
            if let Some(index) = GameId::tag_index(name) {
                self.naming[index].clear();
                self.naming[index].extend_from_slice(value.as_bytes());
            }
            if let Err(kind) = visitor.tag(name, value) {
                let token = token_string(value.as_bytes());
                let (at, end) = (self.source.locate(i + pair.value.start), i + pair.end);
                self.source.consume(end);
                return Err(Failure { kind, token, at, depth: 0, in_movetext: false });
            }
            self.source.consume(i + pair.end);
        }
    }

    /// Reads the movetext into the visitor.
    fn movetext<V: Visitor>(&mut self, visitor: &mut V) -> Result<(), Failure> {
        let mut state = Movetext::default();
        loop {
            let at_end = self.source.at_end();
            match movetext::scan(self.source.window(), at_end, &mut state, visitor) {
                Step::End(n) => {
                    self.source.consume(n);
                    for _ in 0..state.depth {
                        visitor.end_variation();
                    }
                    return Ok(());
                }
                Step::Refill(n) => {
                    self.source.consume(n);
                    if !self.more()? {
                        return Err(self.too_long());
                    }
                }
                Step::Fail { start, end, kind } => {
                    self.ended_inside |= matches!(kind, ErrorKind::UnterminatedComment);
                    let token = token_string(&self.source.window()[start..end]);
                    let at = self.source.locate(start);
                    self.source.consume(end);
                    // The rest of the game is skipped from the error on.
                    return Err(Failure { kind, token, at, depth: state.depth + state.skip, in_movetext: true });
                }
            }
        }
    }
}
