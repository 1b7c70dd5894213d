//! What a CECP engine announces about itself with `feature`, read into typed
//! fields with the protocol's defaults: for programs that drive CECP engines.

use crate::xboard::{parse_option_feature, Feature, FeatureValue, ParseOptionFeatureError, XbCommand};
use crate::OptionSpec;

/// The variant name of Chess960 in CECP (`variant fischerandom`).
pub const CHESS960_VARIANT: &str = "fischerandom";

/// The features of a CECP engine that a GUI acts on, as the engine announced
/// them (each `feature` line read with [`read`](Self::read)), the protocol's
/// defaults where it said nothing.
///
/// ```
/// use ox88_protocol::xboard::{EngineFeatures, XbCommand, XbMessage};
/// let mut features = EngineFeatures::default();
/// let XbMessage::Feature(pairs) =
///     r#"feature ping=1 setboard=1 san=1 myname="Fairy-Max 5.0b" option="Resign -check 0" done=1"#.parse().unwrap()
/// else { panic!() };
/// let mut answers = Vec::new();
/// for pair in &pairs {
///     answers.extend(features.read(pair)?);
/// }
/// assert!(features.ping && features.setboard && !features.prefixed_moves);
/// assert_eq!(features.myname.as_deref(), Some("Fairy-Max 5.0b"));
/// assert_eq!(features.options[0].name, "Resign");
/// assert_eq!(features.done, Some(true));
/// assert_eq!(answers, [XbCommand::Rejected("san".into())]); // moves are written in coordinates
/// # Ok::<(), ox88_protocol::xboard::ParseOptionFeatureError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineFeatures {
    /// `ping`: the engine answers `ping N` with `pong N` (default off).
    pub ping: bool,
    /// `setboard`: positions are set with `setboard FEN` rather than edit
    /// mode (default off).
    pub setboard: bool,
    /// `usermove`: moves are sent as `usermove MOVE` (default off: bare).
    pub prefixed_moves: bool,
    /// `time`: the engine wants `time` and `otim` (default on).
    pub time: bool,
    /// `draw`: the engine takes draw offers (default on).
    pub draw: bool,
    /// `analyze`: the engine analyses (default on).
    pub analyze: bool,
    /// `nps`: the engine counts time in nodes; `None` if it did not say.
    pub nps: Option<bool>,
    /// `memory`: the engine takes its hash size with `memory` (default off).
    pub memory: bool,
    /// `smp`: the engine takes its thread count with `cores` (default off).
    pub smp: bool,
    /// `exclude`: the engine restricts its analysis with `exclude` and
    /// `include` (default off).
    pub exclude: bool,
    /// `name`: the engine wants the opponent's `name` before a game
    /// (default on).
    pub name: bool,
    /// `myname`: the engine's name.
    pub myname: Option<String>,
    /// `variants`: the variants it plays (standard chess only when empty).
    pub variants: Vec<String>,
    /// `option`: the engine's options.
    pub options: Vec<OptionSpec>,
    /// `done`: `Some(false)` while more features are to come, `Some(true)`
    /// once all are announced, `None` if the engine did not say.
    pub done: Option<bool>,
}

impl Default for EngineFeatures {
    /// The protocol's defaults, for an engine that announced nothing.
    fn default() -> EngineFeatures {
        EngineFeatures {
            ping: false,
            setboard: false,
            prefixed_moves: false,
            time: true,
            draw: true,
            analyze: true,
            nps: None,
            memory: false,
            smp: false,
            exclude: false,
            name: true,
            myname: None,
            variants: Vec::new(),
            options: Vec::new(),
            done: None,
        }
    }
}

impl EngineFeatures {
    /// Takes in one announced feature. Returns what the GUI answers when it
    /// refuses one: `rejected san` (moves are written in coordinates, which
    /// the engine must then read) and `rejected reuse` (the same process
    /// plays on); other features need no answer. A malformed `option` is an
    /// error (the others are kept as they come).
    pub fn read(&mut self, feature: &Feature) -> Result<Option<XbCommand>, ParseOptionFeatureError> {
        let flag = match &feature.value {
            FeatureValue::Int(n) => Some(*n != 0),
            FeatureValue::Text(_) => None,
        };
        let text = match &feature.value {
            FeatureValue::Text(text) => Some(text.as_str()),
            FeatureValue::Int(_) => None,
        };
        let refuse = || Some(XbCommand::Rejected(feature.name.clone()));
        let set = |field: &mut bool| {
            if let Some(on) = flag {
                *field = on;
            }
        };
        match feature.name.as_str() {
            "ping" => set(&mut self.ping),
            "setboard" => set(&mut self.setboard),
            "usermove" => set(&mut self.prefixed_moves),
            "time" => set(&mut self.time),
            "draw" => set(&mut self.draw),
            "analyze" => set(&mut self.analyze),
            "memory" => set(&mut self.memory),
            "smp" => set(&mut self.smp),
            "exclude" => set(&mut self.exclude),
            "name" => set(&mut self.name),
            "nps" => self.nps = flag.or(self.nps),
            "done" => self.done = flag.or(self.done),
            "san" if flag == Some(true) => return Ok(refuse()),
            "reuse" if flag == Some(false) => return Ok(refuse()),
            "myname" => self.myname = text.map(str::to_owned).or(self.myname.take()),
            "variants" => {
                if let Some(list) = text {
                    self.variants = list.split(',').map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).collect();
                }
            }
            "option" => {
                if let Some(text) = text {
                    let spec = parse_option_feature(text)?;
                    self.options.retain(|o| !o.is_named(&spec.name));
                    self.options.push(spec);
                }
            }
            _ => {}
        }
        Ok(None)
    }

    /// Whether the engine plays `variant` (a CECP variant name, such as
    /// [`CHESS960_VARIANT`]).
    pub fn plays(&self, variant: &str) -> bool {
        self.variants.iter().any(|v| v == variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xboard::state::features;
    use crate::xboard::XbMessage;

    #[test]
    fn what_the_driver_announces_reads_back() {
        let options = [OptionSpec::hash(16, 1024), OptionSpec::threads(4), OptionSpec::multipv(4)];
        let mut read = EngineFeatures::default();
        for message in features("ox88", &options) {
            let XbMessage::Feature(pairs) = message else { panic!("{message}") };
            for pair in &pairs {
                assert_eq!(read.read(pair), Ok(None), "{pair:?}");
            }
        }
        assert!(read.ping && read.setboard && read.prefixed_moves && read.memory && read.smp && read.exclude);
        assert_eq!((read.nps, read.done, read.myname.as_deref()), (Some(true), Some(true), Some("ox88")));
        assert!(read.plays(CHESS960_VARIANT) && read.plays("normal"));
        assert_eq!(read.options, [OptionSpec::multipv(4)], "Hash and Threads go by memory and cores");
    }

    #[test]
    fn defaults_and_refusals() {
        let mut read = EngineFeatures::default();
        assert!(read.time && read.analyze && !read.ping && !read.plays(CHESS960_VARIANT));
        assert_eq!(read.read(&Feature::int("reuse", 0)), Ok(Some(XbCommand::Rejected("reuse".into()))));
        assert_eq!(read.read(&Feature::int("san", 0)), Ok(None));
        assert!(read.read(&Feature::text("option", "Hash -spin big")).is_err());
        assert_eq!(read.read(&Feature::int("unheard-of", 1)), Ok(None));
    }
}
