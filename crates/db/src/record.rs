//! [`GameRecord`], one game as the tables hold it, and [`GameRecorder`], the
//! PGN visitor that makes one from each game, checking every move.

use crate::move_index::NULL_MOVE_INDEX;
use crate::tags::TextTag;
use crate::{Columns, Tags};
use ox88_board::{Board, CastlingMode, GameResult, Move};
use ox88_movegen::{
    append_uci, resolve_san_indexed, resolve_san_indexed_with, MoveGen, Notation, PieceSets, San, SanError, SanReplay,
    Suffix,
};
use ox88_pgn::annotation::{self, EvalScore};
use ox88_pgn::{ErrorKind, PgnError, RawComment, RawTag, SanPlus, SetupTags, Skip, Visitor};

/// One game, as a row of the games table (and its rows of the positions
/// table): tags, main-line moves and the clocks and evaluations of the
/// `[%clk]` and `[%eval]` comments after them.
///
/// A game that could not be read has its [`error`](Self::error) and the
/// tags the error names; the rest is empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The game's number in its input, from 1 (as ox88-pgn's errors count).
    pub number: u64,
    /// The tags.
    pub tags: Tags,
    /// The main line's moves (null moves included).
    pub ply_count: u32,
    /// The moves in UCI, separated by spaces (a null move is `0000`);
    /// empty unless [`Columns::uci`].
    pub uci: String,
    /// The moves in SAN as the position writes them (not as the file did),
    /// separated by spaces (a null move is `--`); empty unless
    /// [`Columns::san`].
    pub san: String,
    /// Each move's index among the legal moves (see [`crate::move_index`]);
    /// empty unless [`Columns::move_indices`].
    pub move_indices: Vec<u8>,
    /// The clock after each move, in seconds; empty if the game has none.
    pub clocks: Vec<Option<f32>>,
    /// The evaluation after each move; empty if the game has none.
    pub evals: Vec<Option<EvalScore>>,
    /// The Polyglot key of the position before each move; empty unless
    /// [`Columns::positions`].
    pub keys: Vec<u64>,
    /// The moves (`None`: a null move); empty unless
    /// [`Columns::positions`].
    pub moves: Vec<Option<Move>>,
    /// The termination marker after the moves (`*` if there is none).
    pub marker: GameResult,
    /// Why the game could not be read.
    pub error: Option<String>,
}

impl GameRecord {
    /// A record of a game that could not be read: its number, the tags the
    /// error names, and the error.
    pub fn failed(error: &PgnError) -> GameRecord {
        let game = &error.game;
        let mut tags = Tags::default();
        for (tag, value) in [
            (TextTag::Event, &game.event),
            (TextTag::Round, &game.round),
            (TextTag::White, &game.white),
            (TextTag::Black, &game.black),
        ] {
            if !value.is_empty() {
                tags.set_text(tag, value);
            }
        }
        if !game.date.is_empty() {
            tags.set(b"Date", RawTag(game.date.as_bytes()));
        }
        GameRecord { number: game.number, tags, error: Some(error.to_string()), ..GameRecord::default() }
    }

    /// The game's result: the `Result` tag's, else the termination marker.
    pub fn result(&self) -> GameResult {
        self.tags.result.unwrap_or(self.marker)
    }
}

/// The [`Visitor`] that makes a [`GameRecord`] of each game: give it to a
/// [`Reader`](ox88_pgn::Reader) or, one per thread, to a
/// [`ParallelReader`](ox88_pgn::ParallelReader). Every main-line move is
/// checked (variations are skipped); an illegal move is an error naming it.
///
/// ```
/// use ox88_db::{Columns, GameRecorder};
/// use ox88_pgn::Reader;
/// let pgn = b"[WhiteElo \"2100\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%eval 0.3] } 2. Qh5 *";
/// let mut recorder = GameRecorder::new(Columns::all());
/// let game = Reader::from_bytes(pgn).read_game(&mut recorder)?.expect("a game");
/// assert_eq!(game.tags.white_elo, Some(2100));
/// assert_eq!((game.uci.as_str(), game.san.as_str()), ("e2e4 e7e5 d1h5", "e4 e5 Qh5"));
/// assert_eq!(game.clocks, [Some(180.0), None, None]);
/// assert_eq!(game.ply_count, 3);
/// # Ok::<(), ox88_pgn::PgnError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameRecorder {
    columns: Columns,
    /// Whether the games are replayed on the lean state alone (`replay`):
    /// unless the SAN text or the positions' keys are asked for, which
    /// need the whole board (`board` and `sets`).
    lean: bool,
    setup: SetupTags,
    /// The position, when the columns need the whole board.
    board: Board,
    /// The board's pieces as sets, played move by move with it (for the
    /// move indices' bitboard path).
    sets: PieceSets,
    /// The position, on the usual import.
    replay: SanReplay,
    /// The moves replayed on `replay` (`None`: a null move), to rebuild
    /// the board should a move be an error (see [`Self::board_error`]).
    played: Vec<Option<Move>>,
    mode: CastlingMode,
    record: GameRecord,
    /// The game's UCI text as it is written (ASCII bytes), made the
    /// record's `uci` at the game's end (see [`append_uci`]).
    uci: Vec<u8>,
    /// What the next game's columns start with: the last game's sizes.
    room: Room,
}

/// The room a game's columns start with: the last game's sizes with some
/// more, so that they take one allocation a game rather than a doubling
/// every few moves.
#[derive(Clone, Copy, Debug, Default)]
struct Room {
    plies: usize,
    uci: usize,
    san: usize,
    /// The tags' text, and the tags without a column of their own.
    tag_text: usize,
    other_tags: usize,
    /// Whether the last game had clocks, and evaluations.
    clocks: bool,
    evals: bool,
}

impl GameRecorder {
    /// A recorder filling the columns `columns` asks for.
    pub fn new(columns: Columns) -> GameRecorder {
        let board = Board::startpos();
        GameRecorder {
            columns,
            lean: !columns.san && !columns.positions,
            setup: SetupTags::new(),
            sets: PieceSets::of(&board),
            replay: SanReplay::of(&board),
            played: Vec::new(),
            board,
            mode: CastlingMode::Standard,
            record: GameRecord::default(),
            uci: Vec::new(),
            room: Room::default(),
        }
    }

    /// Appends a space unless `text` is empty: between a game's moves.
    fn separate(text: &mut String) {
        if !text.is_empty() {
            text.push(' ');
        }
    }

    /// [`Self::separate`] for the UCI text's bytes.
    fn separate_bytes(text: &mut Vec<u8>) {
        if !text.is_empty() {
            text.push(b' ');
        }
    }

    /// A move of the usual import, on the lean state: its index and its
    /// UCI text, and the move played.
    #[inline]
    fn san_lean(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        let (columns, record) = (&self.columns, &mut self.record);
        let (m, index) = match self.replay.resolve_and_play(san.san) {
            Ok(found) => found,
            Err(error) => return Err(self.board_error(san.san, error)),
        };
        self.played.push(Some(m));
        if columns.move_indices {
            record.move_indices.push(index);
        }
        if columns.uci {
            Self::separate_bytes(&mut self.uci);
            append_uci(&mut self.uci, m, self.mode);
        }
        record.ply_count += 1;
        Ok(())
    }

    /// The error the board path gives for `san` where the lean state gave
    /// `error`: the same but for the order of an ambiguous move's
    /// candidates, which is the board's piece lists' and so the game's
    /// history's. The board is rebuilt from the game's start and moves.
    #[cold]
    #[inline(never)]
    fn board_error(&self, san: San, error: SanError) -> ErrorKind {
        let mut board = self.setup.board();
        for &m in &self.played {
            match m {
                Some(m) => board.make_move_unchecked(m),
                None => board.make_null_move(),
            };
        }
        let found = if self.columns.move_indices {
            resolve_san_indexed(&board, san).map(|(m, _)| m)
        } else {
            board.resolve_san(san)
        };
        // The board finds no move either (the two paths answer alike, as
        // ox88-movegen's tests check): keep its error.
        found.err().unwrap_or(error).into()
    }
}

impl Visitor for GameRecorder {
    type Output = GameRecord;

    fn begin_game(&mut self) {
        self.setup.clear();
        let (room, columns) = (self.room, &self.columns);
        let plies = |asked: bool| if asked { room.plies } else { 0 };
        self.uci = Vec::with_capacity(if columns.uci { room.uci } else { 0 });
        self.record = GameRecord {
            tags: Tags::with_capacity(room.tag_text, room.other_tags),
            san: String::with_capacity(if columns.san { room.san } else { 0 }),
            move_indices: Vec::with_capacity(plies(columns.move_indices)),
            clocks: Vec::with_capacity(plies(columns.annotations && room.clocks)),
            evals: Vec::with_capacity(plies(columns.annotations && room.evals)),
            ..GameRecord::default()
        };
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.setup.tag(name, value)?;
        self.record.tags.set(name, value);
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        let board = self.setup.board();
        if self.lean {
            self.replay = SanReplay::of(&board);
            self.played.clear();
        } else {
            self.sets = PieceSets::of(&board);
            self.board = board;
        }
        self.mode = self.setup.castling_mode();
        Ok(Skip(false))
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        if self.lean {
            return self.san_lean(san);
        }
        let (columns, record) = (&self.columns, &mut self.record);
        let m = if columns.move_indices {
            // One analysis of the king's safety for both.
            let (m, index) = resolve_san_indexed_with(&self.board, &self.sets, san.san)?;
            record.move_indices.push(index);
            self.sets.play(&self.board, m);
            m
        } else {
            self.board.resolve_san(san.san)?
        };
        if columns.uci {
            Self::separate_bytes(&mut self.uci);
            append_uci(&mut self.uci, m, self.mode);
        }
        if columns.san {
            Self::separate(&mut record.san);
            self.board.san_without_suffix(m).push_to(&mut record.san);
        }
        if columns.positions {
            record.keys.push(self.board.key());
            record.moves.push(Some(m));
        }
        self.board.make_move_unchecked(m);
        if columns.san && self.board.in_check() {
            // The suffix from the position reached (the move is made anyway).
            let suffix = if self.board.has_legal_moves() { Suffix::Check } else { Suffix::Checkmate };
            record.san.push(suffix.char());
        }
        record.ply_count += 1;
        Ok(())
    }

    fn null_move(&mut self) -> Result<(), ErrorKind> {
        let in_check = if self.lean { self.replay.in_check() } else { self.board.in_check() };
        if in_check {
            return Err(ErrorKind::NullMoveInCheck);
        }
        let (columns, record) = (&self.columns, &mut self.record);
        if columns.move_indices {
            record.move_indices.push(NULL_MOVE_INDEX);
        }
        if columns.uci {
            Self::separate_bytes(&mut self.uci);
            self.uci.extend_from_slice(b"0000");
        }
        if columns.san {
            Self::separate(&mut record.san);
            record.san.push_str("--");
        }
        if columns.positions {
            record.keys.push(self.board.key());
            record.moves.push(None);
        }
        if self.lean {
            self.replay.play_null();
            self.played.push(None);
        } else {
            self.board.make_null_move();
        }
        record.ply_count += 1;
        Ok(())
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        let ply = self.record.ply_count as usize;
        let bytes = comment.as_bytes();
        // Commands only (a cheap look first: a byte search, as `contains`
        // is for bytes), and only after a move.
        if ply == 0 || !self.columns.annotations || !bytes.contains(&b'%') {
            return;
        }
        let (clock, eval) = annotation::clock_and_eval_raw(comment);
        if let Some(clock) = clock {
            let clocks = &mut self.record.clocks;
            clocks.resize(ply, None);
            clocks[ply - 1] = Some(clock.as_secs_f32());
        }
        if let Some(eval) = eval {
            let evals = &mut self.record.evals;
            evals.resize(ply, None);
            evals[ply - 1] = Some(eval.score);
        }
    }

    fn result(&mut self, result: GameResult) {
        self.record.marker = result;
    }

    fn end_game(&mut self) -> GameRecord {
        let mut record = std::mem::take(&mut self.record);
        // Only `append_uci`'s text, spaces and `0000` were written: ASCII.
        record.uci = String::from_utf8(std::mem::take(&mut self.uci)).expect("UCI text is ASCII");
        let plies = record.ply_count as usize;
        self.room = Room {
            plies: plies + 8,
            uci: record.uci.len() + 40,
            san: record.san.len() + 32,
            tag_text: record.tags.text_len() + 64,
            other_tags: record.tags.other_len() + 2,
            clocks: !record.clocks.is_empty(),
            evals: !record.evals.is_empty(),
        };
        if !record.clocks.is_empty() {
            record.clocks.resize(plies, None);
        }
        if !record.evals.is_empty() {
            record.evals.resize(plies, None);
        }
        record
    }
}
