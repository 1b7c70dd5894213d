//! The visitor path allocates nothing per move, per comment or per tag:
//! reading a file twice over costs no more allocations than reading it
//! once (the reader's few buffers are made once), whether the visitor only
//! counts tokens or plays every move. Counted per thread with an allocator
//! that wraps the system's.

use ox88_alloc_count::{allocations_during, CountingAllocator};
use ox88_board::Board;
use ox88_movegen::{Notation, SanPlus};
use ox88_pgn::{ErrorKind, Nag, RawComment, RawTag, Reader, SetupTags, Skip, Visitor};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Looks at everything, keeps nothing.
#[derive(Default)]
struct Tokens {
    games: u64,
    moves: u64,
    other: u64,
}

impl Visitor for Tokens {
    type Output = ();
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.other += (name.len() + value.as_bytes().len()) as u64;
        Ok(())
    }
    fn san(&mut self, _: SanPlus) -> Result<(), ErrorKind> {
        self.moves += 1;
        Ok(())
    }
    fn nag(&mut self, nag: Nag) {
        self.other += u64::from(nag.0);
    }
    fn comment(&mut self, comment: RawComment<'_>) {
        self.other += comment.as_bytes().len() as u64;
    }
    fn end_game(&mut self) {
        self.games += 1;
    }
}

/// Plays every main-line move.
struct Play {
    setup: SetupTags,
    board: Board,
    moves: u64,
}

impl Visitor for Play {
    type Output = ();
    fn begin_game(&mut self) {
        self.setup.clear();
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.setup.tag(name, value).map(|_| ())
    }
    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        self.board = self.setup.board();
        Ok(Skip(false))
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        let m = self.board.resolve_san(san.san)?;
        self.board.make_move_unchecked(m);
        self.moves += 1;
        Ok(())
    }
    fn end_game(&mut self) {}
}

fn read_all<V: Visitor<Output = ()>>(mut reader: Reader<impl ox88_pgn::source::Source>, visitor: &mut V) {
    while reader.read_game(visitor).unwrap_or_else(|e| panic!("{e}")).is_some() {}
}

fn files() -> Vec<Vec<u8>> {
    ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"]
        .iter()
        .map(|name| {
            let path = format!("{}/../../tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect()
}

#[test]
fn reading_allocates_nothing_per_game_or_move() {
    for once in files() {
        let twice = [once.as_slice(), once.as_slice()].concat();
        let mut counts = Vec::new();
        for bytes in [&once, &twice] {
            let mut tokens = Tokens::default();
            let from_slice = allocations_during(|| read_all(Reader::from_bytes(bytes), &mut tokens));
            let from_io = allocations_during(|| read_all(Reader::new(bytes.as_slice()), &mut Tokens::default()));
            let mut play = Play { setup: SetupTags::new(), board: Board::startpos(), moves: 0 };
            let playing = allocations_during(|| read_all(Reader::from_bytes(bytes), &mut play));
            assert!(tokens.moves > 20_000 && play.moves > 20_000 && tokens.other > 0);
            counts.push((from_slice, from_io, playing, tokens.games));
        }
        println!("allocations (slice, io::Read, playing, games) once and twice: {counts:?}");
        let ((slice, io, playing, games), (slice2, io2, playing2, games2)) = (counts[0], counts[1]);
        assert_eq!(games2, 2 * games);
        // A few buffers, made once: none per game, tag, comment or move.
        assert!(slice <= 8 && io <= 9 && playing <= 8, "{counts:?}");
        assert_eq!((slice2, io2, playing2), (slice, io, playing), "allocations grew with the input: {counts:?}");
    }
}
