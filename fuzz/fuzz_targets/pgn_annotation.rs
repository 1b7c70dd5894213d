//! Any text as a PGN comment: reading its `[%clk]` and `[%eval]` commands
//! never panics; setting a clock or an evaluation (from the input's first
//! bytes) and reading it back gives it again, leaving the other command and
//! the comment's words; removing both leaves no command that reads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_pgn::annotation::{self, EvalScore, Evaluation};
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Some((numbers, text)) = data.split_at_checked(12) else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let _ = (annotation::clock(text), annotation::eval(text));
    let number = |i: usize| u32::from_le_bytes(numbers[i..i + 4].try_into().expect("four bytes"));
    // A clock to the millisecond (what the command writes) and a score.
    let clock = Duration::from_millis(u64::from(number(0)) * 7);
    let score = match number(4) % 2 {
        0 => EvalScore::Centipawns(number(8) as i32 / 2),
        _ => EvalScore::Mate(number(8) as i32 % 1000),
    };
    let evaluation = Evaluation { score, depth: (number(4) % 3 == 0).then_some(number(4) % 100) };

    let mut comment = Some(text.to_owned());
    let eval_before = annotation::eval(text);
    annotation::set_clock(&mut comment, Some(clock));
    let written = comment.clone().expect("a clock was written");
    assert_eq!(annotation::clock(&written), Some(clock), "{written:?}");
    assert_eq!(annotation::eval(&written), eval_before, "{written:?}");
    annotation::set_eval(&mut comment, Some(evaluation));
    let written = comment.clone().expect("an evaluation was written");
    assert_eq!(annotation::eval(&written), Some(evaluation), "{written:?}");
    assert_eq!(annotation::clock(&written), Some(clock), "{written:?}");
    annotation::set_clock(&mut comment, None);
    annotation::set_eval(&mut comment, None);
    // The commands written were the first readable ones; removing them
    // leaves the text's own later commands, if any, or none.
    if let Some(left) = &comment {
        assert!(!left.trim().is_empty());
    }
});
