//! Random input lines to the CECP driver (with the `FirstLegal` test
//! engine): it never panics or hangs, and every line it writes is a CECP
//! message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_protocol::testing::{FirstLegal, SharedBuffer};
use ox88_protocol::xboard::{XbDriver, XbMessage};
use ox88_protocol::Flow;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out = SharedBuffer::default();
    // Searches run inline: FirstLegal answers at once, so no thread per input.
    let mut driver = XbDriver::new(FirstLegal::default(), out.clone()).inline();
    for line in text.lines().take(64) {
        if driver.handle_line(line).expect("memory writes do not fail") == Flow::Quit {
            break;
        }
        driver.poll().expect("memory writes do not fail");
    }
    driver.finish().expect("the engine comes back");
    for line in out.text().lines() {
        assert!(line.parse::<XbMessage>().is_ok() || line == "\tno book moves" || line.is_empty(), "{line:?}");
    }
});
