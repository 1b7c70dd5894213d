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
    // One second a move at 3,000 nodes a second: the search stops at 3,000
    // nodes less the move overhead (10 ms, 30 nodes), and reports node time.
    let started = Instant::now();
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "post", "nps 3000", "st 1", "go"], "move ");
    let lines = thinking(&text);
    let &(_, centis, nodes) = lines.last().unwrap_or_else(|| panic!("thinking output in\n{text}"));
    assert!((2_000..=2_970).contains(&nodes), "{nodes} nodes:\n{text}");
    assert_eq!(centis, nodes / 30, "time reported in nodes:\n{text}");
    // At this machine's speed a wall-clock second searches hundreds of
    // times more: the limit was the node rate, not the wall.
    assert!(started.elapsed() < Duration::from_millis(900), "{:?}", started.elapsed());

    // Without nps, the same command searches by the wall clock.
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "post", "st 1", "go"], "move ");
    let &(_, _, nodes) = thinking(&text).last().expect("thinking output");
    assert!(nodes > 20_000, "{nodes} nodes in a wall-clock second");

    // `new` forgets the node rate, as CECP says.
    let text = xboard(Ox88::new(), &["xboard", "protover 2", "new", "nps 3000", "new", "post", "st 1", "go"], "move ");
    assert!(thinking(&text).last().expect("thinking output").2 > 20_000);
}
