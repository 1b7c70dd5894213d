//! The weights text form under random input: reading never panics and a
//! failed read changes nothing; any weights within their ranges survive a
//! round trip through text.

use ox88_eval::Weights;
use proptest::prelude::*;

/// Pieces that weights files are made of, so that random text often comes
/// close to valid.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("tempo".to_owned()),
        Just("bishop_pair".to_owned()),
        Just("scale_minor_up".to_owned()),
        Just("king_attacker".to_owned()),
        Just("=".to_owned()),
        Just("\n".to_owned()),
        Just("#".to_owned()),
        Just(" ".to_owned()),
        (-100i64..100).prop_map(|n| n.to_string()),
        Just("99999999999".to_owned()),
        "[a-z_=#0-9 -]{1,6}",
    ]
}

proptest! {
    #[test]
    fn random_text_reads_or_changes_nothing(tokens in prop::collection::vec(token(), 0..40)) {
        let text = tokens.join(" ");
        let mut weights = Weights::default();
        match weights.apply_text(&text) {
            Ok(()) => prop_assert_eq!(weights.to_text().parse::<Weights>().unwrap(), weights),
            Err(_) => prop_assert_eq!(weights, Weights::default()),
        }
    }

    #[test]
    fn weights_within_their_ranges_round_trip(seed in any::<u64>()) {
        let mut weights = Weights::default();
        let mut state = seed;
        for p in weights.parameters_mut() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let value = (state >> 33) as i32 % 2001 - 1000;
            *p.value = value.clamp(*p.range.start(), *p.range.end());
        }
        prop_assert_eq!(weights.to_text().parse::<Weights>().unwrap(), weights);
    }
}
