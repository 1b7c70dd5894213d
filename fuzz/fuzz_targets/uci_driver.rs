//! Random input lines to the UCI driver (with the `FirstLegal` test engine):
//! it never panics or hangs, every line it writes is a UCI message or a
//! perft/display line, and every accepted `go` gets exactly one `bestmove`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_protocol::testing::{FirstLegal, SharedBuffer};
use ox88_protocol::uci::{UciCommand, UciDriver, UciMessage};
use ox88_protocol::Flow;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out = SharedBuffer::default();
    // Searches run inline: FirstLegal answers at once, so no thread per input.
    let mut driver = UciDriver::new(FirstLegal::default(), out.clone()).inline();
    let mut gos = 0;
    for line in text.lines().take(64) {
        let command = line.parse::<UciCommand>();
        // Deeper perfts cover no more code, and only cost time.
        if matches!(command, Ok(UciCommand::Perft(depth)) if depth > 2) {
            continue;
        }
        let is_go = matches!(command, Ok(UciCommand::Go(_)));
        if driver.handle_line(line).expect("memory writes do not fail") == Flow::Quit {
            break;
        }
        gos += usize::from(is_go);
        driver.poll().expect("memory writes do not fail");
    }
    driver.finish().expect("the engine comes back");
    let written = out.text();
    for line in written.lines() {
        assert!(
            line.parse::<UciMessage>().is_ok() || line.contains(": ") || line.is_empty() || is_diagram_line(line),
            "{line:?}"
        );
    }
    assert_eq!(written.lines().filter(|l| l.starts_with("bestmove")).count(), gos, "{written}");
});

/// A line of the board diagram the `d` command prints.
fn is_diagram_line(line: &str) -> bool {
    let mut chars = line.chars();
    line.starts_with("  +---")
        || line.trim_start().starts_with("a   b   c")
        || (chars.next().is_some_and(|c| c.is_ascii_digit()) && chars.next() == Some(' ') && chars.next() == Some('|'))
}
