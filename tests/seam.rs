//! What crosses the seam between the protocol drivers and the search, end
//! to end with the real engine in-process: CECP's `nps` reaches the search's
//! clock, and the settings reach the search.

use ox88::protocol::testing::SharedBuffer;
use ox88::protocol::xboard::{XbDriver, XbMessage};
use ox88::Ox88;
use std::time::{Duration, Instant};

/// Feeds `lines` to a CECP driver running `engine`, then handles its events
/// until it has written a line starting with `until`; returns the output.
fn xboard(engine: Ox88, lines: &[&str], until: &str) -> String {
    let out = SharedBuffer::default();
    let mut driver = XbDriver::new(engine, out.clone());
    for line in lines {
        driver.handle_line(line).expect("memory writes do not fail");
    }
    let started = Instant::now();
    while !out.text().lines().any(|l| l.starts_with(until)) {
        assert!(started.elapsed() < Duration::from_secs(20), "no {until:?} in\n{}", out.text());
        driver.poll().expect("memory writes do not fail");
        std::thread::sleep(Duration::from_millis(1));
    }
    driver.finish().expect("the engine comes back");
    out.text()
}

/// The thinking lines of CECP output: (ply, centiseconds, nodes).
fn thinking(text: &str) -> Vec<(u32, u64, u64)> {
    text.lines()
        .filter_map(|line| match line.parse() {
            Ok(XbMessage::Thinking(t)) => Some((t.ply, t.centis, t.nodes)),
            _ => None,
        })
        .collect()
}

#[test]
fn cecp_nps_counts_time_in_nodes_in_the_search() {
    // Without nps, `st 1` searches by the wall clock: far past 3,000 nodes at
    // this machine's speed. Its iterations' node counts are the tree's, the
    // same in every search of this position from a new engine.
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "post", "st 1", "go"], "move ");
    let by_wall = thinking(&text);
    let &(_, _, nodes) = by_wall.last().expect("thinking output");
    assert!(nodes > 20_000, "{nodes} nodes in a wall-clock second");

    // One second a move at 3,000 nodes a second: the search stops at 3,000
    // nodes less the move overhead (10 ms, 30 nodes), so it reports every
    // iteration the wall-clock search finished within 2,970 nodes and no
    // later one, with its time counted in nodes.
    let started = Instant::now();
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "post", "nps 3000", "st 1", "go"], "move ");
    let lines = thinking(&text);
    let within: Vec<(u32, u64)> =
        by_wall.iter().filter(|&&(_, _, nodes)| nodes <= 2_970).map(|&(ply, _, nodes)| (ply, nodes)).collect();
    let reported: Vec<(u32, u64)> = lines.iter().map(|&(ply, _, nodes)| (ply, nodes)).collect();
    assert!(!within.is_empty(), "no iteration within 2,970 nodes in\n{text}");
    assert_eq!(reported, within, "the iterations within the node budget:\n{text}");
    for &(_, centis, nodes) in &lines {
        assert_eq!(centis, nodes / 30, "time reported in nodes:\n{text}");
    }
    // At this machine's speed a wall-clock second searches hundreds of
    // times more: the limit was the node rate, not the wall.
    assert!(started.elapsed() < Duration::from_millis(900), "{:?}", started.elapsed());

    // `new` forgets the node rate, as CECP says.
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "nps 3000", "new", "post", "st 1", "go"], "move ");
    assert!(thinking(&text).last().expect("thinking output").2 > 20_000);
}
