//! Game trees with positions: built from games read (the real files of
//! `tests/data/pgn`), built move by move, reordered and pruned; starting
//! positions from the tags (Chess960 kept); games built from a `Position`
//! reading back as the same game.

use ox88_board::GameResult;
use ox88_movegen::Position;
use ox88_pgn::annotation::{EvalScore, Evaluation};
use ox88_pgn::{AddMoveError, ErrorKind, Game, GameTree, NodeId, PgnError, Reader};
use std::path::PathBuf;
use std::time::Duration;

fn read(path: &str) -> Vec<Game> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn").join(path);
    let bytes = std::fs::read(path).expect("test data");
    Reader::from_bytes(&bytes).games().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{e}"))
}

fn one(pgn: &str) -> Game {
    Reader::from_bytes(pgn.as_bytes()).next_game().expect("a game").unwrap_or_else(|e| panic!("{e}"))
}

/// The FEN of every node, depth first: the main continuation, then the
/// variations.
fn fens(tree: &GameTree) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        out.push(node.board().fen());
        stack.extend(node.variations().collect::<Vec<_>>().into_iter().rev());
    }
    out
}

#[test]
fn real_games_become_trees_that_write_and_read_back() {
    // (These files have no variations: the proptest of round_trip.rs
    // builds trees of random games with nested ones.)
    for file in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        for game in read(file) {
            let tree = game.tree().unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(tree.mainline_moves(), game.mainline_moves().unwrap(), "{file}: game {}", game.number);
            assert_eq!(tree.end().board(), game.end_position().unwrap().board());
            // Each main-line node's position is the one its moves reach, and its ply counts them.
            let start_ply = tree.root().ply();
            for (i, node) in tree.mainline().enumerate() {
                assert_eq!(node.ply(), start_ply + i as u32 + 1);
                assert_eq!(node.position().board(), node.board());
                assert_eq!(node.position().moves().len(), i + 1);
                assert!(node.is_mainline() && node.parent().is_some());
            }
            // Written and read back, the tree is the same tree.
            let text = tree.to_string();
            let again = one(&text).tree().unwrap_or_else(|e| panic!("{file}: {e}\n{text}"));
            assert_eq!(fens(&again), fens(&tree), "{file}: game {}", game.number);
            assert_eq!(again.to_string(), text);
            assert_eq!(again.headers, tree.headers);
        }
    }
}

#[test]
fn lichess_clocks_and_evals() {
    let games = read("lichess_db_1000k.pgn");
    let tree = games[0].tree().unwrap();
    let first = tree.mainline().next().unwrap();
    assert!(first.comment().unwrap().contains("[%clk"));
    let clocks: Vec<Duration> = tree.mainline().map(|n| n.clock().expect("a clock on every move")).collect();
    assert_eq!(clocks.len(), tree.mainline().count());
    // Blitz or faster: no clock above the hour.
    assert!(clocks.iter().all(|c| *c <= Duration::from_secs(3600)));
    let with_evals = games.iter().filter(|g| g.mainline().any(|n| n.eval().is_some())).count();
    assert!(with_evals > 0, "some lichess games carry [%eval]");

    let id = first.id();
    let mut tree = tree;
    tree.set_clock(id, Some(Duration::from_millis(179_900)));
    tree.set_eval(id, Some(Evaluation { score: EvalScore::Mate(-3), depth: None }));
    let node = tree.node(id).unwrap();
    assert_eq!(node.clock(), Some(Duration::from_millis(179_900)));
    assert_eq!(node.eval().map(|e| e.score), Some(EvalScore::Mate(-3)));
    assert!(node.comment().unwrap().contains("[%clk 0:02:59.9]"));
    let reread = one(&tree.to_string()).tree().unwrap();
    assert_eq!(reread.mainline().next().unwrap().eval(), node.eval());
}

#[test]
fn nodes_are_added_promoted_demoted_and_removed() {
    let mut tree = GameTree::new(Position::startpos());
    let root = tree.root().id();
    let e4 = tree.add_san(root, "e4").unwrap();
    let d4 = tree.add_san(root, "d4").unwrap();
    let c4 = tree.add_san(root, "c4").unwrap();
    assert_eq!(tree.add_san(root, "e4").unwrap(), e4, "a move already there is not added twice");
    let order = |tree: &GameTree| -> Vec<NodeId> { tree.root().variations().map(|n| n.id()).collect() };
    assert_eq!(order(&tree), [e4, d4, c4]);
    assert!(tree.promote(c4));
    assert_eq!(order(&tree), [e4, c4, d4]);
    assert!(tree.promote_to_main(d4));
    assert_eq!(order(&tree), [d4, e4, c4]);
    assert!(!tree.promote(d4), "already the main line");
    assert!(tree.demote(d4));
    assert_eq!(order(&tree), [e4, d4, c4]);
    assert!(!tree.demote(c4), "already last");
    let nf3 = tree.add_main_variation(root, tree.root().board().uci_move("g1f3")).unwrap();
    assert_eq!(order(&tree), [nf3, e4, d4, c4]);
    assert!(tree.node(e4).unwrap().starts_variation() && !tree.node(nf3).unwrap().starts_variation());

    let e5 = tree.add_san(e4, "e5").unwrap();
    let end = tree.add_line(e5, &line(&tree, e5, &["Nf3", "Nc6", "Bb5"])).unwrap();
    let end_node = tree.node(end).unwrap();
    assert_eq!(end_node.ply(), 5);
    assert_eq!(end_node.position().san_line().to_string(), "1. e4 e5 2. Nf3 Nc6 3. Bb5");
    assert!(!end_node.is_mainline() && end_node.is_main_variation());
    assert_eq!(tree.node(e4).unwrap().end().id(), end);

    // Illegal moves and removed nodes change nothing.
    assert!(matches!(tree.add_san(e5, "Ke3"), Err(AddMoveError::San(_))));
    let bad = tree.root().board().uci_move("e2e4");
    assert!(matches!(tree.add_variation(e5, bad), Err(AddMoveError::Illegal(_))));
    let before = tree.to_string();
    assert!(tree.add_line(e5, &[bad]).is_err());
    assert_eq!(tree.to_string(), before);
    assert!(tree.remove(e5));
    assert!(tree.node(e5).is_none() && tree.node(end).is_none());
    assert!(!tree.remove(e5) && !tree.remove(root));
    assert!(matches!(tree.add_san(e5, "Nf3"), Err(AddMoveError::NoNode(id)) if id == e5));
    assert!(!tree.set_comment(end, Some("gone".into())));
    assert!(tree.to_string().ends_with("\n1. Nf3 (1. e4) (1. d4) (1. c4) *\n\n"));
}

/// The moves named in SAN, played from node `at`.
fn line(tree: &GameTree, at: NodeId, sans: &[&str]) -> Vec<ox88_board::Move> {
    let mut position = Position::new(tree.node(at).unwrap().board().clone());
    sans.iter().map(|san| position.play_san(san).unwrap()).collect()
}

/// A legal move by its UCI text.
trait UciMove {
    fn uci_move(&self, uci: &str) -> ox88_board::Move;
}

impl UciMove for ox88_board::Board {
    fn uci_move(&self, uci: &str) -> ox88_board::Move {
        Position::new(self.clone()).parse_uci(uci).unwrap()
    }
}

#[test]
fn chess960_flag_survives_a_standard_looking_start() {
    // The reproducer: the Variant tag alone makes O-O king-takes-rook.
    let game = one(concat!(
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n",
        "1. Nf3 Nf6 2. e3 e6 3. Be2 Be7 4. O-O O-O *\n"
    ));
    let start = game.start_position().unwrap();
    assert!(start.is_chess960());
    let tree = game.tree().unwrap();
    let ucis: Vec<String> = tree.mainline().map(|n| n.uci().unwrap().to_string()).collect();
    assert_eq!(&ucis[6..], ["e1h1", "e8h8"]);
    assert!(tree.end().position().is_chess960());
    // A Position that is Chess960 writes Variant and Shredder-FEN, and reads back the same.
    let built = Game::from_position(&tree.end().position());
    assert_eq!(built.headers.get("Variant"), Some("Chess960"));
    assert_eq!(built.headers.get("FEN"), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
    let read_back = one(&built.to_string());
    assert_eq!((&read_back.headers, &read_back.moves), (&built.headers, &built.moves));
    assert_eq!(read_back.end_position().unwrap().fen(), tree.end().position().fen());
    assert!(read_back.end_position().unwrap().is_chess960());

    // A standard game writes no setup tags at all, and its tags are the roster.
    let mut standard = Position::startpos();
    standard.play_san("e4").unwrap();
    let built = Game::from_position(&standard);
    let names: Vec<&str> = built.headers.iter().map(|(n, _)| n).collect();
    assert_eq!(names, ox88_pgn::SEVEN_TAG_ROSTER);
    let read_back = one(&built.to_string());
    assert_eq!(read_back.headers, built.headers, "a built game's tags are those read back");
    assert_eq!(read_back.moves, built.moves);
    assert_eq!(one(&Game::new().to_string()).headers, Game::new().headers);
    assert!(one("*").headers.is_empty() && Game::without_tag_roster().headers.is_empty());
}

#[test]
fn null_moves_and_illegal_moves_are_errors() {
    let null = one("1. e4 -- 2. d4 *");
    assert!(matches!(null.tree(), Err(PgnError { kind: ErrorKind::NullMove, .. })));
    let illegal = one("1. e4 e5 (1... Ke7) 2. Nf3 *");
    let error = illegal.tree().unwrap_err();
    assert_eq!(error.token, "1... Ke7");
    assert!(matches!(error.kind, ErrorKind::Move(_)));
}

#[test]
fn comments_find_their_nodes() {
    let game = one("{Game} 1. e4 {King pawn} (1. d4 {Queen pawn}) (1. c4) {after} 1... e5 $1 {Open} *");
    let tree = game.tree().unwrap();
    assert_eq!(tree.root().comment(), Some("Game"));
    let e4 = tree.root().next().unwrap();
    assert_eq!(e4.comment(), Some("King pawn"));
    assert_eq!(tree.root().variation(1).unwrap().comment(), Some("Queen pawn"));
    let e5 = e4.next().unwrap();
    assert_eq!(e5.starting_comment(), Some("after"));
    assert_eq!((e5.comment(), e5.nags().len()), (Some("Open"), 1));
    assert_eq!(tree.to_string().lines().last().unwrap_or_default(), "", "export text ends with a blank line");
    assert!(tree
        .to_string()
        .replace('\n', " ")
        .contains("{Game} 1. e4 {King pawn} (1. d4 {Queen pawn}) (1. c4) {after} 1... e5 $1 {Open} *"));
}

/// A game built from a finished `Position` carries its result and
/// `[Termination "normal"]`, read back the same; one that goes on is `*`.
#[test]
fn a_built_game_carries_the_result_of_its_end() {
    let start = Position::from_fen("7k/8/4Q2K/8/8/8/8/8 w - - 0 1").unwrap();
    let going_on = Game::from_position(&start);
    assert_eq!((going_on.headers.get("Result"), going_on.headers.get("Termination")), (Some("*"), None));
    let mut stalemate = start.clone();
    let qf7 = stalemate.play_san("Qf7").unwrap();
    assert!(stalemate.is_stalemate());
    let built = Game::from_position(&stalemate);
    assert_eq!(built.outcome(), GameResult::Draw);
    assert_eq!((built.headers.get("Result"), built.headers.get("Termination")), (Some("1/2-1/2"), Some("normal")));
    let text = built.to_string();
    assert!(text.ends_with("\n1. Qf7 1/2-1/2\n\n"), "{text}");
    let read_back = one(&text);
    assert_eq!((&read_back.headers, read_back.outcome()), (&built.headers, GameResult::Draw));
    // from_moves does the same from a start and moves.
    assert_eq!(Game::from_moves(&start, &[qf7]).unwrap(), built);
    assert_eq!(Game::from_moves(&start, &[]).unwrap(), going_on);
}
