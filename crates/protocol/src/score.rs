//! The score of a search result as the protocols report it: centipawns or
//! moves to mate, and whether it is exact or only a bound.

use ox88_board::Score;
use std::fmt;

/// A score on the wire: what UCI writes as `cp 34` or `mate -3`, and CECP as
/// a centipawn number (mate scores as ±(100000 + moves)).
///
/// ```
/// use ox88_protocol::ScoreInfo;
/// assert_eq!(ScoreInfo::Cp(34).to_string(), "cp 34");
/// assert_eq!(ScoreInfo::Mate(-3).to_string(), "mate -3");
/// assert_eq!(ScoreInfo::Mate(2).to_cecp(), 100_002);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreInfo {
    /// A score in centipawns from the point of view of the side to move.
    Cp(i32),
    /// Mate in this many moves (not plies); negative when the side to move
    /// is the one being mated. `Mate(0)` is "mated now".
    Mate(i32),
}

/// How far CECP mate scores sit from zero: XBoard shows `100000 + n` as
/// "mate in n" (`#n`) and `-100000 - n` as "mated in n".
pub const CECP_MATE: i32 = 100_000;

impl ScoreInfo {
    /// The score as CECP thinking output writes it: centipawns, or
    /// ±([`CECP_MATE`] + moves) for mates.
    pub fn to_cecp(self) -> i32 {
        match self {
            ScoreInfo::Cp(cp) => cp.clamp(-CECP_MATE + 1, CECP_MATE - 1),
            ScoreInfo::Mate(n) if n > 0 => CECP_MATE.saturating_add(n),
            ScoreInfo::Mate(n) => (-CECP_MATE).saturating_sub(n.saturating_abs()),
        }
    }

    /// Reads a CECP score back: values at or beyond ±[`CECP_MATE`] are mates.
    pub fn from_cecp(value: i32) -> ScoreInfo {
        if value > CECP_MATE {
            ScoreInfo::Mate(value - CECP_MATE)
        } else if value <= -CECP_MATE {
            ScoreInfo::Mate(-(value.saturating_add(CECP_MATE)).saturating_abs())
        } else {
            ScoreInfo::Cp(value)
        }
    }
}

/// A search score on the wire: mate scores become moves to mate. This is
/// where a [`Score`] becomes protocol text (its own `Display` is for people:
/// `+0.34`, `#+3`).
///
/// ```
/// use ox88_board::Score;
/// use ox88_protocol::ScoreInfo;
/// assert_eq!(ScoreInfo::from(Score::mate_in(5)), ScoreInfo::Mate(3));
/// assert_eq!(ScoreInfo::from(Score::cp(-12)), ScoreInfo::Cp(-12));
/// assert_eq!(ScoreInfo::from(Score::cp(34)).to_string(), "cp 34");
/// assert_eq!(ScoreInfo::from(Score::mate_in(5)).to_string(), "mate 3");
/// assert_eq!(ScoreInfo::from(Score::mated_in(4)).to_string(), "mate -2");
/// ```
impl From<Score> for ScoreInfo {
    fn from(score: Score) -> ScoreInfo {
        match score.mate_moves() {
            Some(moves) => ScoreInfo::Mate(moves),
            None => ScoreInfo::Cp(score.raw()),
        }
    }
}

/// A score read from an engine, as a search score: mate in `n` moves is a
/// mate `2n - 1` plies away, mated in `n` moves `2n` plies away (mates
/// further than [`Score::MAX_MATE_PLY`] are cut to it).
///
/// ```
/// use ox88_board::Score;
/// use ox88_protocol::ScoreInfo;
/// assert_eq!(Score::from(ScoreInfo::Mate(3)), Score::mate_in(5));
/// assert_eq!(Score::from(ScoreInfo::Mate(-2)), Score::mated_in(4));
/// assert_eq!(Score::from(ScoreInfo::Cp(-12)), Score::cp(-12));
/// ```
impl From<ScoreInfo> for Score {
    fn from(score: ScoreInfo) -> Score {
        match score {
            ScoreInfo::Cp(cp) => Score::cp(cp),
            ScoreInfo::Mate(n) if n > 0 => {
                Score::mate_in(n.saturating_mul(2).saturating_sub(1).min(Score::MAX_MATE_PLY))
            }
            ScoreInfo::Mate(n) => Score::mated_in(n.saturating_abs().saturating_mul(2).min(Score::MAX_MATE_PLY)),
        }
    }
}

/// The UCI form: `cp 34` or `mate -3`.
impl fmt::Display for ScoreInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreInfo::Cp(cp) => write!(f, "cp {cp}"),
            ScoreInfo::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cecp_scores_round_trip() {
        for score in
            [ScoreInfo::Cp(0), ScoreInfo::Cp(-250), ScoreInfo::Mate(1), ScoreInfo::Mate(-7), ScoreInfo::Mate(0)]
        {
            assert_eq!(ScoreInfo::from_cecp(score.to_cecp()), score, "{score}");
        }
        assert_eq!(ScoreInfo::Mate(-7).to_cecp(), -100_007);
        assert_eq!(ScoreInfo::Mate(0).to_cecp(), -100_000);
        assert_eq!(ScoreInfo::Cp(i32::MAX).to_cecp(), 99_999);
    }

    #[test]
    fn scores_read_from_engines_round_trip() {
        for score in
            [ScoreInfo::Cp(0), ScoreInfo::Cp(-250), ScoreInfo::Mate(1), ScoreInfo::Mate(-7), ScoreInfo::Mate(0)]
        {
            assert_eq!(ScoreInfo::from(Score::from(score)), score, "{score}");
        }
        assert!(Score::from(ScoreInfo::Mate(i32::MAX)).is_mate());
        assert!(Score::from(ScoreInfo::Mate(i32::MIN)).is_mate());
        assert!(!Score::from(ScoreInfo::Cp(i32::MAX)).is_mate());
    }

    #[test]
    fn search_scores_in_uci_text() {
        assert_eq!(ScoreInfo::from(Score::mated_in(0)).to_string(), "mate 0");
        assert_eq!(ScoreInfo::from(Score::cp(-12)).to_string(), "cp -12");
    }
}
