//! Writing a game then reading it gives the same game: random games of
//! legal moves with nested variations, null moves, comments before and
//! after moves, NAGs, tags with quotes, backslashes and non-ASCII text,
//! starting positions from FEN (White or Black to move), every result. The
//! written text keeps the export format's rules.

use ox88_board::GameResult;
use ox88_board::{Board, Color};
use ox88_movegen::{MoveGen, Notation};
use ox88_pgn::{Game, Headers, Line, MoveToken, Nag, Node, Reader, SEVEN_TAG_ROSTER};
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), so that one proptest
/// seed makes a whole game.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const STARTS: [&str; 4] = [
    ox88_board::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 3 17",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 5 40",
];

/// Words for tags and comments, including what must be escaped in a tag
/// and text that looks like movetext.
const WORDS: [&str; 14] = [
    "Kasparov,",
    "G.",
    "\"quoted\"",
    "back\\slash",
    "Göteborg",
    "[%clk",
    "0:05:00]",
    "1-0",
    "e4",
    "(",
    ")",
    ";",
    "$5",
    "±",
];

fn text(rng: &mut Rng, max_words: usize) -> String {
    let words = 1 + rng.below(max_words);
    (0..words).map(|_| WORDS[rng.below(WORDS.len())]).collect::<Vec<_>>().join(" ")
}

/// A line of up to `length` moves from `board`; variations to some moves,
/// nested up to `depth`. Comments go only where reading puts them back:
/// before a line's first move or after a move's variations, after a move,
/// and at the end of a line after variations.
fn random_line(rng: &mut Rng, board: &Board, length: usize, depth: usize) -> Line {
    let mut board = board.clone();
    let mut line = Line::default();
    for _ in 0..length {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let null = !board.in_check() && rng.chance(3);
        let mut node =
            if null { Node::new(MoveToken::Null) } else { Node::new(board.san(moves[rng.below(moves.len())])) };
        let follows_variations = line.nodes.last().is_none_or(|n: &Node| !n.variations.is_empty());
        if follows_variations && rng.chance(20) {
            node.comment_before = Some(text(rng, 6));
        }
        for _ in 0..rng.below(3) {
            if rng.chance(30) {
                node.nags.push(Nag(rng.next() as u8));
            }
        }
        if rng.chance(25) {
            node.comment = Some(text(rng, 20));
        }
        if depth > 0 {
            for _ in 0..rng.below(3) {
                if rng.chance(25) {
                    let length = 1 + rng.below(6);
                    node.variations.push(random_line(rng, &board, length, depth - 1));
                }
            }
        }
        match node.san {
            MoveToken::San(san) => {
                let m = board.resolve_san(san.san).expect("generated legal");
                board.make_move_unchecked(m);
            }
            MoveToken::Null => {
                board.make_null_move();
            }
        }
        line.nodes.push(node);
    }
    let after_variations = line.nodes.last().is_none_or(|n| !n.variations.is_empty());
    if after_variations && rng.chance(30) {
        line.comment = Some(text(rng, 5));
    }
    line
}

fn game(seed: u64) -> Game {
    let mut rng = Rng(seed | 1);
    let fen = STARTS[rng.below(STARTS.len())];
    let board: Board = fen.parse().expect("valid FEN");
    let result = [GameResult::Win(Color::White), GameResult::Win(Color::Black), GameResult::Draw, GameResult::Unknown]
        [rng.below(4)];
    // Tags in export order: the roster, then others sorted by name.
    let mut headers = Headers::new();
    for name in SEVEN_TAG_ROSTER {
        let value = if name == "Result" { result.as_str().to_owned() } else { text(&mut rng, 4) };
        headers.set(name, value);
    }
    let mut others: Vec<(String, String)> = Vec::new();
    if fen != ox88_board::STARTPOS_FEN {
        others.push(("FEN".into(), fen.into()));
        others.push(("SetUp".into(), "1".into()));
    }
    for name in ["Annotator", "ECO", "PlyCount", "TimeControl", "WhiteElo", "X_Custom+#=:-"] {
        if rng.chance(30) {
            others.push((name.into(), text(&mut rng, 3)));
        }
    }
    others.sort();
    for (name, value) in others {
        headers.set(name, value);
    }
    let length = rng.below(60);
    let moves = random_line(&mut rng, &board, length, 3);
    Game { headers, moves, result: Some(result), number: 1 }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn write_then_read_gives_the_same_game(seed: u64) {
        let game = game(seed);
        let written = game.to_string();
        let read: Vec<Game> = Reader::from_bytes(written.as_bytes())
            .games()
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        prop_assert_eq!(read.len(), 1, "{}", written);
        prop_assert_eq!(&read[0], &game, "{}", written);
        read[0].for_each_move(|_| {}).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        // The export format's shape: tags, one blank line, movetext lines
        // under 80 characters, the result, one blank line.
        let (tags, movetext) = written.split_once("\n\n").expect("a blank line after the tags");
        prop_assert!(tags.lines().all(|l| l.starts_with('[') && l.ends_with("\"]")));
        let body = movetext.strip_suffix("\n\n").expect("a blank line after the game");
        prop_assert!(body.lines().all(|l| !l.is_empty() && l.chars().count() < 80), "{}", movetext);
        let end = format!("{}\n\n", game.result.expect("set").as_str());
        prop_assert!(movetext.ends_with(&end));
        // The game read back writes the same text again.
        prop_assert_eq!(read[0].to_string(), written);
    }
}

/// How many moves a line holds, its variations' included.
fn count(line: &Line) -> usize {
    line.nodes.iter().map(|n| 1 + n.variations.iter().map(count).sum::<usize>()).sum()
}

fn has_null(line: &Line) -> bool {
    line.nodes.iter().any(|n| n.san == MoveToken::Null || n.variations.iter().any(has_null))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A game becomes a tree holding every move; written and read back, the
    /// tree writes the same text and has the same positions.
    #[test]
    fn trees_hold_every_move_and_read_back(seed: u64) {
        let game = game(seed);
        let tree = match game.tree() {
            Ok(tree) => tree,
            Err(e) => {
                prop_assert!(has_null(&game.moves), "{e}");
                prop_assert!(matches!(e.kind, ox88_pgn::ErrorKind::NullMove));
                return Ok(());
            }
        };
        let mut nodes = Vec::new();
        let mut stack = vec![tree.root()];
        while let Some(node) = stack.pop() {
            // Each node's board is its parent's with its move played.
            if let (Some(parent), Some(m)) = (node.parent(), node.mv()) {
                let mut board = parent.board().clone();
                board.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(&board, node.board());
                prop_assert_eq!(node.ply(), parent.ply() + 1);
            }
            nodes.push(node.board().fen());
            stack.extend(node.variations());
        }
        prop_assert_eq!(nodes.len(), count(&game.moves) + 1);
        let written = tree.to_string();
        let again = Reader::from_bytes(written.as_bytes()).next_game().expect("a game")
            .and_then(|g| g.tree()).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        prop_assert_eq!(again.to_string(), written);
        prop_assert_eq!(again.mainline_moves(), tree.mainline_moves());
    }
}

/// A few exact texts: numbering from a position with Black to move, around
/// comments and variations, and escapes.
#[test]
fn export_shapes() {
    let text = "[Event \"A \\\"B\\\" \\\\ C\"]\n[FEN \"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 3 17\"]\n\n\
        17... Nf6xd5?! {risky} (17... Kh8 $1 18. Rab1) 18. Bxd5 *";
    let mut game = Reader::from_bytes(text.as_bytes()).next_game().expect("a game").expect("reads");
    game.normalize_san().expect("legal");
    let written = game.to_string();
    assert!(written.starts_with("[Event \"A \\\"B\\\" \\\\ C\"]\n[Site \"?\"]\n"), "{written}");
    assert!(written.ends_with("\n\n17... Nd5 $6 {risky} (17... Kh8 $1 18. Rb1) 18. Bxd5+ *\n\n"), "{written}");
}
