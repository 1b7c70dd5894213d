//! Engine options as CECP engines announce them, `feature option="NAME -TYPE
//! ..."`, read into the protocol's [`OptionSpec`]: what a program driving a
//! CECP engine needs to offer and check the engine's options.

use crate::words::{span, words};
use crate::{OptionKind, OptionSpec};

/// Why the text of a `feature option="..."` is not an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid CECP option {text:?}: {reason}")]
pub struct ParseOptionFeatureError {
    /// The feature's value as sent.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

/// The option types CECP knows, each with the protocol's kind it maps to:
/// sliders are spins, files and paths are strings, `-save` and `-reset` are
/// buttons.
const TYPES: [&str; 10] =
    ["-button", "-save", "-reset", "-check", "-string", "-file", "-path", "-spin", "-slider", "-combo"];

/// Reads the value of a `feature option="..."` (without the quotes) into an
/// option: the name, then the type keyword and its fields.
///
/// ```
/// use ox88_protocol::xboard::parse_option_feature;
/// use ox88_protocol::{OptionKind, OptionSpec};
/// assert_eq!(
///     parse_option_feature("Resign Threshold -spin 800 200 1200"),
///     Ok(OptionSpec::spin("Resign Threshold", 800, 200, 1200))
/// );
/// let combo = parse_option_feature("Style -combo Solid /// *Risky Play /// Wild").unwrap();
/// assert_eq!(combo, OptionSpec::combo("Style", "Risky Play", &["Solid", "Risky Play", "Wild"]));
/// assert_eq!(parse_option_feature("Book -file /usr/share/book.bin"), Ok(OptionSpec::string("Book", "/usr/share/book.bin")));
/// assert!(parse_option_feature("Hash -spin big").is_err());
/// ```
pub fn parse_option_feature(text: &str) -> Result<OptionSpec, ParseOptionFeatureError> {
    let err = |reason| ParseOptionFeatureError { text: text.to_owned(), reason };
    // The name may contain spaces: it ends at the first known type keyword.
    let all = words(text);
    let at = all.iter().position(|w| TYPES.contains(&w.text)).ok_or(err("no option type"))?;
    if at == 0 {
        return Err(err("option without a name"));
    }
    let name = span(text, &all, 0, at).to_owned();
    let kind_word = all[at].text;
    let fields = text[all[at].start + kind_word.len()..].trim();
    let numbers = || -> Result<Vec<i64>, ParseOptionFeatureError> {
        fields.split_whitespace().map(|n| n.parse::<i64>().map_err(|_| err("bad number"))).collect()
    };
    let kind = match kind_word {
        "-button" | "-save" | "-reset" => OptionKind::Button,
        "-check" => match fields {
            "1" => OptionKind::Check { default: true },
            "0" | "" => OptionKind::Check { default: false },
            _ => return Err(err("check default must be 0 or 1")),
        },
        "-string" | "-file" | "-path" => OptionKind::String { default: fields.to_owned() },
        "-spin" | "-slider" => match numbers()?[..] {
            [default, min, max] if min <= max => OptionKind::Spin { default: default.clamp(min, max), min, max },
            _ => return Err(err("spin takes DEFAULT MIN MAX")),
        },
        _ => {
            let mut default = None;
            let mut choices = Vec::new();
            for choice in fields.split("///").map(str::trim).filter(|c| !c.is_empty()) {
                let plain = choice.strip_prefix('*');
                if plain.is_some() && default.is_none() {
                    default = plain.map(str::to_owned);
                }
                choices.push(plain.unwrap_or(choice).to_owned());
            }
            let default = default.or_else(|| choices.first().cloned()).ok_or(err("combo without choices"))?;
            OptionKind::Combo { default, choices }
        }
    };
    Ok(OptionSpec { name, kind })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xboard::state::cecp_option;
    use proptest::prelude::*;

    fn arb_kind() -> impl Strategy<Value = OptionKind> {
        let word = "[A-Za-z][A-Za-z0-9]{0,6}";
        prop_oneof![
            any::<bool>().prop_map(|default| OptionKind::Check { default }),
            (-1000i64..1000, 0i64..1000, 0i64..1000).prop_map(|(min, span, at)| OptionKind::Spin {
                default: min + at % (span + 1),
                min,
                max: min + span
            }),
            Just(OptionKind::Button),
            "([a-z./]([a-z./ ]{0,8}[a-z./])?)?".prop_map(|default| OptionKind::String { default }),
            (prop::collection::btree_set(word, 1..5), any::<prop::sample::Index>()).prop_map(|(set, pick)| {
                let choices: Vec<String> = set.into_iter().collect();
                OptionKind::Combo { default: choices[pick.index(choices.len())].clone(), choices }
            }),
        ]
    }

    proptest! {
        #[test]
        fn announced_options_read_back(name in "[A-Za-z][A-Za-z0-9 ()]{0,20}[A-Za-z0-9)]", kind in arb_kind()) {
            let spec = OptionSpec { name, kind };
            prop_assert_eq!(parse_option_feature(&cecp_option(&spec)), Ok(spec));
        }

        #[test]
        fn any_text_reads_or_errs(text in "\\PC{0,60}") {
            let _ = parse_option_feature(&text);
        }
    }

    #[test]
    fn what_the_driver_announces_reads_back() {
        let specs = [
            OptionSpec::check("Ponder Hard", true),
            OptionSpec::spin("Depth", 2, 1, 3),
            OptionSpec::button("Clear Hash"),
            OptionSpec::string("Book File", "/a b/c.bin"),
            OptionSpec::string("Empty", ""),
            OptionSpec::combo("Style", "Risky", &["Solid", "Risky", "Wild one"]),
        ];
        for spec in specs {
            assert_eq!(parse_option_feature(&cecp_option(&spec)), Ok(spec.clone()), "{spec:?}");
        }
    }

    #[test]
    fn real_engines_options() {
        // Lines from Fairy-Max 5.0b, Phalanx XXV and PolyGlot 2.0.4.
        assert_eq!(
            parse_option_feature("Randomizer (0-50) -slider 0 0 50"),
            Ok(OptionSpec::spin("Randomizer (0-50)", 0, 0, 50))
        );
        assert_eq!(parse_option_feature("Info -button"), Ok(OptionSpec::button("Info")));
        assert_eq!(parse_option_feature("Polyglot Save -save"), Ok(OptionSpec::button("Polyglot Save")));
        assert_eq!(
            parse_option_feature("Polyglot exclude move -string "),
            Ok(OptionSpec::string("Polyglot exclude move", ""))
        );
        assert_eq!(
            parse_option_feature("Dummy Path Example -path ."),
            Ok(OptionSpec::string("Dummy Path Example", "."))
        );
        assert_eq!(parse_option_feature("Resign -check 0"), Ok(OptionSpec::check("Resign", false)));
        assert_eq!(
            parse_option_feature("Makruk rules -combo makruk /// Cambodian /// Ai-wok"),
            Ok(OptionSpec::combo("Makruk rules", "makruk", &["makruk", "Cambodian", "Ai-wok"]))
        );
    }

    #[test]
    fn malformed_options_are_errors() {
        for text in ["", "-spin 1 2 3", "Name", "Name -spin 1 2", "Name -spin 1 3 2", "Name -check yes", "Name -combo"]
        {
            assert!(parse_option_feature(text).is_err(), "{text:?}");
        }
    }
}
