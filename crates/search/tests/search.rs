//! Behaviour of the whole search: mates at their exact distance, stopping,
//! limits, determinism, repetition draws, MultiPV and searchmoves.

use ox88_board::{Board, Color, Move, PovScore, Score};
use ox88_eval::Material as TestEval;
use ox88_movegen::{MoveGen, Position};
use ox88_search::{Limits, LineReport, Report, SearchResult, Searcher};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The tests run one at a time: several of them measure time, which other
/// searches running beside them on a small machine would distort.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn board(fen: &str) -> Board {
    fen.parse().expect("valid FEN")
}

fn search(fen: &str, limits: &Limits) -> SearchResult {
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    searcher.search(&Position::new(board(fen)), limits, &mut |_| {})
}

fn uci(board: &Board, text: &str) -> Move {
    board.legal_moves().into_iter().find(|m| m.to_string() == text).expect("legal move")
}

#[test]
fn mates_are_found_at_their_exact_distance() {
    let _serial = serial();
    // Distances checked independently by exhaustive search (python-chess).
    for (fen, moves, best) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, Some("a1a8")),
        ("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, Some("a1a6")),
        ("k7/8/2K5/8/8/8/8/6R1 w - - 0 1", 2, None),
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, None),
    ] {
        let result = search(fen, &Limits::depth(8));
        let score = result.score().unwrap();
        assert_eq!(score.relative().mate_moves(), Some(moves), "{fen}: {score:?}");
        // From White's side: white mates, or (black to move) is mated.
        let white_mates = if fen.contains(" w ") { moves } else { -moves };
        assert_eq!(score.white().mate_moves(), Some(white_mates), "{fen}: {score:?}");
        assert_eq!(score.to_string(), format!("#{white_mates:+}"), "{fen}");
        if let Some(best) = best {
            assert_eq!(result.best.unwrap().to_string(), best, "{fen}");
        }
        // The mate limit stops the search as soon as the mate is found.
        let limited = search(fen, &Limits { mate: Some(moves as u32), ..Limits::default() });
        assert_eq!(limited.score().unwrap().relative().mate_moves(), Some(moves), "{fen}");
    }
    // After 1.Ra6 of the mate in two, black is mated next move whatever it plays.
    let mated = search("kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1", &Limits::depth(6));
    let score = mated.score().unwrap();
    assert_eq!(score.relative().mate_moves(), Some(-1), "{score:?}");
    // Black to move is mated: from White's side, white mates in 1.
    assert_eq!((score.turn, score.white().mate_moves(), score.to_string()), (Color::Black, Some(1), "#+1".into()));
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let _serial = serial();
    let mate = search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &Limits::depth(3));
    assert_eq!((mate.best, mate.score()), (None, Some(PovScore::new(Score::mated_in(0), Color::Black))));
    assert_eq!(mate.score().unwrap().to_string(), "#+0");
    let stalemate = search("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", &Limits::depth(3));
    assert_eq!((stalemate.best, stalemate.score().map(PovScore::relative)), (None, Some(Score::DRAW)));
}

#[test]
fn the_stop_handle_ends_an_infinite_search_quickly() {
    let _serial = serial();
    // One thread and two: the bound for two is looser, since on a busy
    // two-core machine the helper thread may wait for a time slice.
    for (threads, bound) in [(1, 50), (2, 200)] {
        assert_stops_within(threads, Duration::from_millis(bound));
    }
}

fn assert_stops_within(threads: usize, bound: Duration) {
    let mut searcher = Searcher::<TestEval>::new(16, threads);
    let handle = searcher.stop_handle();
    handle.reset(false);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        handle.stop();
        Instant::now()
    });
    let result = searcher.search(&Position::startpos(), &Limits::infinite(), &mut |_| {});
    let returned = Instant::now();
    let stopped = stopper.join().unwrap();
    let latency = returned.duration_since(stopped);
    assert!(latency < bound, "{threads} threads took {latency:?} to stop");
    assert!(Board::startpos().is_legal(result.best.unwrap()));
}

#[test]
fn a_search_stopped_before_it_starts_still_returns_a_legal_move() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(1, 1);
    searcher.stop_handle().stop();
    let b = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let result = searcher.search(&Position::new(b.clone()), &Limits::infinite(), &mut |_| {});
    assert!(b.is_legal(result.best.unwrap()));
    // The handle resets itself when a search returns: the next one runs.
    assert!(!searcher.stop_handle().is_stopped());
    let result = searcher.search(&Position::new(b), &Limits::depth(3), &mut |_| {});
    assert_eq!(result.depth(), 3);
}

#[test]
fn a_stop_asked_for_in_an_iterations_report_ends_the_search_before_the_next_iteration() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(1, 1);
    let handle = searcher.stop_handle();
    let game = Position::startpos();
    let mut depths = Vec::new();
    let result = searcher.search(&game, &Limits::nodes(1_000_000), &mut |report| {
        if let Report::Line(line) = report {
            depths.push(line.depth);
            if line.depth == 3 {
                handle.stop();
            }
        }
    });
    assert_eq!(depths, [1, 2, 3], "no report after the stop");
    assert_eq!(result.depth(), 3);
    // Not a node of the fourth iteration: the same count as a search to depth 3.
    searcher.clear();
    let to_depth_3 = searcher.search(&game, &Limits::depth(3), &mut |_| {});
    assert_eq!(result.nodes(), to_depth_3.nodes());
}

#[test]
fn single_thread_depth_searches_are_deterministic() {
    let _serial = serial();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let first = search(fen, &Limits::depth(7));
    let second = search(fen, &Limits::depth(7));
    // Everything but the time taken.
    let timeless = |result: SearchResult| {
        let line = result.line.map(|line| LineReport { time: Duration::ZERO, ..line });
        SearchResult { line, ..result }
    };
    assert_eq!(timeless(first.clone()), timeless(second));
    assert_eq!(first.depth(), 7);
}

#[test]
fn searchmoves_restrict_the_root() {
    let _serial = serial();
    let b = Board::startpos();
    let only = vec![uci(&b, "a2a3"), uci(&b, "h2h4")];
    let limits = Limits { searchmoves: only.clone(), ..Limits::depth(6) };
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let result = searcher.search(&Position::new(b.clone()), &limits, &mut |_| {});
    assert!(only.contains(&result.best.unwrap()));
    if let Some(ponder) = result.ponder {
        let mut after = b.clone();
        after.make_move_unchecked(result.best.unwrap());
        assert!(after.is_legal(ponder));
    }
}

#[test]
fn a_perpetual_check_is_seen_as_a_draw() {
    let _serial = serial();
    // Two rooks down, white saves the game only by checking forever:
    // Qg5+ Kh8 Qf6+ Kg8 Qg5+ ...
    let fen = "5rk1/5p1p/8/8/8/rr6/3Q2PP/7K w - - 0 1";
    let result = search(fen, &Limits::depth(9));
    assert_eq!(result.score().map(PovScore::relative), Some(Score::DRAW), "{:?}", result.score());
    assert_eq!(result.best.unwrap().to_string(), "d2g5");
    // Against the game history too: the position after the checks repeats
    // one the game has seen.
    let b = board(fen);
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let result = searcher.search(&Position::new(b.clone()), &Limits::depth(9), &mut |_| {});
    assert_eq!(result.score().map(PovScore::relative), Some(Score::DRAW));
}

#[test]
fn the_node_limit_is_respected() {
    let _serial = serial();
    for limit in [1u64, 5_000, 40_000] {
        let result =
            search("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &Limits::nodes(limit));
        assert!(result.nodes() <= limit.max(2), "{} > {limit}", result.nodes());
        assert!(result.best.is_some());
    }
}

#[test]
fn movetime_is_respected() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let b = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let start = Instant::now();
    let result = searcher.search(&Position::new(b.clone()), &Limits::movetime(Duration::from_millis(300)), &mut |_| {});
    let took = start.elapsed();
    // Generous above: the machine running the tests may be busy.
    assert!(took >= Duration::from_millis(250) && took < Duration::from_millis(500), "{took:?}");
    assert!(result.depth() >= 3);
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let mut last_lines = Vec::new();
    searcher.set_multipv(3);
    let limits = Limits::depth(6);
    searcher.search(&Position::startpos(), &limits, &mut |r: &Report| {
        if let Report::Line(line) = r {
            if line.depth == 6 {
                last_lines.push((line.multipv, line.score.relative(), line.pv[0]));
            }
        }
    });
    assert_eq!(last_lines.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(last_lines[0].1 >= last_lines[1].1 && last_lines[1].1 >= last_lines[2].1);
    assert!(last_lines[0].2 != last_lines[1].2 && last_lines[1].2 != last_lines[2].2);
}

#[test]
fn a_ponder_search_waits_for_the_hit_then_keeps_time() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let handle = searcher.stop_handle();
    handle.reset(true);
    let hitter = {
        let handle = handle.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            handle.ponderhit();
        })
    };
    let start = Instant::now();
    let limits = Limits { ponder: true, ..Limits::movetime(Duration::from_millis(100)) };
    let result = searcher.search(&Position::startpos(), &limits, &mut |_| {});
    let took = start.elapsed();
    hitter.join().unwrap();
    assert!(took >= Duration::from_millis(290) && took < Duration::from_millis(450), "{took:?}");
    assert!(result.best.is_some());
}

#[test]
fn reports_carry_consistent_statistics() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let mut depths = Vec::new();
    let result = searcher.search(&Position::startpos(), &Limits::depth(5), &mut |r: &Report| {
        if let Report::Line(line) = r {
            assert!(line.seldepth >= Some(line.depth) && line.nodes > 0 && !line.pv.is_empty());
            depths.push(line.depth);
        }
    });
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(result.depth(), 5);
}

#[test]
fn two_threads_find_the_same_mate() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(16, 2);
    let result =
        searcher.search(&Position::new(board("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")), &Limits::depth(8), &mut |_| {});
    assert_eq!(result.best.unwrap().to_string(), "a1a6");
    assert_eq!(result.score().unwrap().relative().mate_moves(), Some(2));
}

#[test]
fn the_bench_node_count_is_a_signature() {
    let _serial = serial();
    let first = ox88_search::bench(TestEval::default(), 4, 1);
    let second = ox88_search::bench(TestEval::default(), 4, 1);
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.positions, ox88_search::BENCH_FENS.len());
    let deeper = ox88_search::bench(TestEval::default(), 5, 1);
    assert!(deeper.nodes > first.nodes);
}

#[test]
fn switching_a_heuristic_off_changes_the_search_but_not_the_mate() {
    let _serial = serial();
    let fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
    let mut plain = Searcher::<TestEval>::new(16, 1);
    plain.set_params(ox88_search::SearchParams { null_move: false, lmr: false, ..Default::default() });
    let without = plain.search(&Position::new(board(fen)), &Limits::depth(6), &mut |_| {});
    let with = search(fen, &Limits::depth(6));
    assert_eq!(without.score(), with.score());
    assert_ne!(without.nodes(), with.nodes());
}

#[test]
fn an_infinite_search_waits_for_the_stop_even_when_it_has_nothing_left() {
    let _serial = serial();
    let mut searcher = Searcher::<TestEval>::new(1, 1);
    let handle = searcher.stop_handle();
    handle.reset(false);
    // The clock starts before the stopper's, so that it measures at least
    // the stopper's 150 ms.
    let start = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        handle.stop();
    });
    let limits = Limits { infinite: true, ..Limits::depth(2) };
    let result = searcher.search(&Position::new(board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")), &limits, &mut |_| {});
    stopper.join().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(150));
    assert_eq!(result.best.unwrap().to_string(), "a1a8");
    assert_eq!(result.depth(), 2);
}

#[test]
fn a_node_rate_turns_time_into_nodes() {
    let _serial = serial();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // One second at 5,000 nodes a second: 5,000 nodes, however fast the machine.
    let limits = Limits { nodes_per_second: Some(5_000), ..Limits::movetime(Duration::from_secs(1)) };
    let mut times = Vec::new();
    let mut searcher = Searcher::<TestEval>::new(16, 1);
    let result = searcher.search(&Position::new(board(fen)), &limits, &mut |r: &Report| {
        if let Report::Line(line) = r {
            times.push((line.nodes, line.time));
        }
    });
    assert!((4_000..=5_000).contains(&result.nodes()), "{} nodes", result.nodes());
    // Reported times are node times too.
    for (nodes, time) in times {
        assert_eq!(time, Duration::from_secs_f64(nodes as f64 / 5_000.0));
    }
    // The same with a clock: no more than the hard limit of the clock's budget.
    let clock = ox88_search::TimeLeft {
        remaining: ox88_board::ByColor::new(Duration::from_secs(60), Duration::from_secs(60)),
        ..Default::default()
    };
    let limits = Limits { nodes_per_second: Some(1_000), clock: Some(clock), ..Limits::default() };
    let hard = ox88_search::TimeManager::new(&limits, ox88_board::Color::White).hard_node_limit().unwrap();
    let result = searcher.search(&Position::new(board(fen)), &limits, &mut |_| {});
    assert!(result.nodes() <= hard && hard < 60_000, "{} nodes, hard limit {hard}", result.nodes());
}

#[test]
fn the_result_heads_its_own_line() {
    let _serial = serial();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let mut searcher = Searcher::<TestEval>::new(16, 2);
    for nodes in (1..40).map(|n| n * 997) {
        let result = search(fen, &Limits::nodes(nodes));
        let line = result.line.as_ref().expect("a line once a move is scored");
        assert_eq!(line.best(), result.best, "{nodes} nodes");
        assert_eq!(result.ponder, line.pv.get(1).copied().or(result.ponder), "{nodes} nodes");
        // With two threads the helper may spend a small budget before the
        // main thread scores anything: then there is no line at all.
        let two = searcher.search(&Position::new(board(fen)), &Limits::nodes(nodes), &mut |_| {});
        if let Some(line) = &two.line {
            assert_eq!(line.best(), two.best, "{nodes} nodes, two threads");
        }
    }
}
