//! `GameClock` and `TimeControl`: examples of each rule, and properties over
//! random controls and thinking times (flag fall, increments, periods,
//! pauses).

use ox88_board::{ByColor, Color};
use ox88_control::{Flagged, GameClock, TimeControl};
use proptest::prelude::*;
use std::time::Duration;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn control(text: &str) -> TimeControl {
    text.parse().expect("a valid time control")
}

#[test]
fn time_controls_read_and_write_the_pgn_and_cutechess_forms() {
    assert_eq!(control("10+0.1"), TimeControl::new(ms(10_000), ms(100)));
    assert_eq!(control("40/60+0.6"), TimeControl::per_moves(40, ms(60_000), ms(600)));
    assert_eq!(control("1:30+1").base, ms(90_000));
    assert_eq!(control("0:00.5").base, ms(500));
    for (text, written) in
        [("1+0.01", "1+0.01"), ("40/60", "40/60"), ("300+2", "300+2"), ("1:30", "90"), ("2.50+0", "2.5")]
    {
        assert_eq!(control(text).to_string(), written, "{text}");
    }
    for bad in [
        "",
        "x",
        "10+",
        "-1+0",
        "0+0",
        "0",
        "40/",
        "/60",
        "1:x",
        "1e3",
        "+1",
        "1.0000000001",
        "10+0.1x",
        "4294967296/60",
    ] {
        let error = bad.parse::<TimeControl>().expect_err(bad);
        assert_eq!(error.text, bad, "the error names the text");
    }
}

#[test]
fn moves_to_go_counts_down_each_period() {
    let classical = control("40/5400+30");
    assert_eq!(classical.moves_to_go(0), Some(40));
    assert_eq!(classical.moves_to_go(39), Some(1));
    assert_eq!(classical.moves_to_go(40), Some(40));
    assert_eq!(control("300+2").moves_to_go(17), None);
}

#[test]
fn a_clock_runs_for_one_side_at_a_time() {
    let mut clock = GameClock::new(control("60+1"));
    assert_eq!((clock.running(), clock.flag_at()), (None, None));
    clock.start(Color::White, ms(0));
    clock.press(Color::White, ms(10_000)).expect("in time");
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(clock.remaining(Color::White, ms(99_000)), ms(51_000), "60 - 10 + 1, standing");
    assert_eq!(clock.remaining(Color::Black, ms(25_000)), ms(45_000), "running since 10 s");
    assert_eq!(clock.moves_made(Color::White), 1);
}

#[test]
fn an_untimed_first_move_gains_no_increment() {
    // A server for people leaves each side's first move untimed: it does
    // not press for White's first move, and Black's first press starts
    // White's time.
    let mut clock = GameClock::new(control("60+1"));
    clock.press(Color::Black, ms(5_000)).expect("nothing runs");
    assert_eq!(clock.remaining(Color::Black, ms(9_000)), ms(60_000), "no time taken, no increment");
    assert_eq!(clock.running(), Some(Color::White));
}

#[test]
fn a_move_after_the_flag_is_refused_and_changes_nothing() {
    let mut clock = GameClock::new(control("60+1"));
    clock.start(Color::White, ms(0));
    let before = clock.clone();
    assert_eq!(clock.flagged(ms(59_999)), None);
    assert_eq!(clock.flagged(ms(60_000)), Some(Flagged(Color::White)));
    assert_eq!(clock.press(Color::White, ms(60_000)), Err(Flagged(Color::White)));
    assert_eq!(clock, before);
    assert_eq!(clock.remaining(Color::White, ms(80_000)), ms(0));
    assert_eq!(Flagged(Color::White).to_string(), "white ran out of time");
}

#[test]
fn grace_lets_a_side_overrun_and_leaves_it_the_increment() {
    let mut clock = GameClock::new(control("10+1")).with_grace(ByColor::new(ms(50), ms(0)));
    clock.start(Color::White, ms(0));
    assert_eq!(clock.flag_at(), Some((Color::White, ms(10_050))));
    clock.press(Color::White, ms(10_049)).expect("within the grace");
    assert_eq!(clock.remaining(Color::White, ms(20_000)), ms(1_000), "an empty clock, plus the increment");
    assert_eq!(clock.flag_at(), Some((Color::Black, ms(20_049))), "Black has no grace");
}

#[test]
fn a_new_period_adds_the_base_again() {
    // The match runner's "2/10+1": 10 s for every 2 moves, plus 1 s a move.
    let mut clock = GameClock::new(control("2/10+1"));
    clock.start(Color::White, ms(0));
    assert_eq!(clock.time_left(Color::White, ms(0)).and_then(|t| t.moves_to_go), Some(2));
    clock.press(Color::White, ms(4_000)).expect("in time");
    clock.press(Color::Black, ms(4_000)).expect("in time");
    assert_eq!(clock.remaining(Color::White, ms(4_000)), ms(7_000));
    assert_eq!(clock.time_left(Color::White, ms(4_000)).and_then(|t| t.moves_to_go), Some(1));
    clock.press(Color::White, ms(7_000)).expect("in time");
    assert_eq!(clock.remaining(Color::White, ms(7_000)), ms(15_000), "7 - 3 + 1, and the base again");
}

#[test]
fn an_untimed_side_never_flags_and_has_no_time_left_to_report() {
    let controls = ByColor::new(Some(control("10+0.1")), None);
    let mut clock = GameClock::with_controls(controls);
    clock.start(Color::Black, ms(0));
    assert_eq!((clock.flag_at(), clock.flagged(ms(1 << 40))), (None, None));
    clock.press(Color::Black, ms(1 << 40)).expect("untimed");
    assert_eq!(clock.time_left(Color::Black, ms(0)), None);
    let white = clock.time_left(Color::White, ms(1 << 40)).expect("timed");
    assert_eq!(white.remaining, ByColor::new(ms(10_000), ms(0)));
    assert_eq!(white.increment, ByColor::new(ms(100), ms(0)));
    assert_eq!(white.moves_to_go, None);
}

#[test]
fn a_stored_clock_resumes_with_its_times() {
    let mut clock = GameClock::new(control("300+2")).with_remaining(ByColor::new(ms(12_345), ms(67_890)));
    assert_eq!(clock.running(), None);
    clock.start(Color::Black, ms(1_000));
    assert_eq!(clock.remaining(Color::Black, ms(2_000)), ms(66_890));
    assert_eq!(clock.remaining(Color::White, ms(2_000)), ms(12_345));
}

/// A time control of up to 40 moves a period, a base of up to ten minutes
/// and an increment of up to ten seconds, in milliseconds.
fn controls() -> impl Strategy<Value = TimeControl> {
    (0u32..40, 1u64..600_000, 0u64..10_000)
        .prop_map(|(moves, base, inc)| TimeControl::per_moves(moves, ms(base), ms(inc)))
}

proptest! {
    #[test]
    fn time_controls_round_trip_through_text(control in controls()) {
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
    }

    /// Each side's time is its base, less the time it thought, plus an
    /// increment a move and a base a period; the flag falls exactly when a
    /// move takes more than the time left, and the clock is then as it was.
    #[test]
    fn the_clock_keeps_account_of_every_move(
        control in controls(),
        thinks in prop::collection::vec(0u64..30_000, 1..120),
    ) {
        let mut clock = GameClock::new(control);
        let mut expected = ByColor::new(control.base, control.base);
        let mut made = ByColor::new(0u32, 0u32);
        let mut now = ms(7);
        let mut side = Color::White;
        clock.start(side, now);
        for think in thinks {
            let before = clock.clone();
            prop_assert_eq!(clock.remaining(!side, now + ms(think)), expected[!side], "the other side's time stands");
            let flagged = ms(think) >= expected[side];
            let answer = clock.press(side, now + ms(think));
            if flagged {
                prop_assert_eq!(answer, Err(Flagged(side)));
                prop_assert_eq!(&clock, &before);
                break;
            }
            prop_assert_eq!(answer, Ok(()));
            made[side] += 1;
            expected[side] = expected[side] - ms(think) + control.increment;
            if control.moves > 0 && made[side] % control.moves == 0 {
                expected[side] += control.base;
            }
            prop_assert_eq!(clock.remaining(side, now + ms(think) + ms(12_345)), expected[side]);
            now += ms(think);
            side = !side;
            prop_assert_eq!(clock.flag_at(), Some((side, now + expected[side])));
            let left = clock.time_left(side, now).expect("timed");
            prop_assert_eq!(left.remaining, expected);
            prop_assert_eq!(left.moves_to_go, control.moves_to_go(made[side]));
        }
    }

    /// A clock stopped and started again loses no time in between.
    #[test]
    fn pauses_cost_no_time(control in controls(), before in 0u64..1_000, pause in 0u64..1_000_000, after in 0u64..1_000) {
        let mut clock = GameClock::new(control);
        clock.start(Color::Black, ms(0));
        clock.stop(ms(before));
        let left = clock.remaining(Color::Black, ms(before));
        prop_assert_eq!(clock.remaining(Color::Black, ms(before + pause)), left);
        prop_assert_eq!(clock.flagged(ms(before + pause)), None);
        clock.start(Color::Black, ms(before + pause));
        prop_assert_eq!(clock.remaining(Color::Black, ms(before + pause + after)), left.saturating_sub(ms(after)));
    }
}
