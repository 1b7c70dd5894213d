//! What a match is asked to be: the engines, the openings, the rules of
//! adjudication, the SPRT, an SPSA run, as the command line (`cli.rs`)
//! gives them and the runner, the games and the reports read them.

use crate::stats::Sprt;
use crate::tc::Budget;
use ox88_board::CastlingMode;
use ox88_client::Protocol;
use std::path::PathBuf;
use std::time::Duration;

/// One engine of the match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
    /// Options set for every engine with `-each`: an engine without one is
    /// warned about, not refused (as a CECP engine without `memory` for
    /// `option.Hash`).
    pub shared_options: Vec<String>,
    pub budget: Budget,
    pub timemargin: Duration,
    pub restart: bool,
    pub ponder: bool,
}

/// How the openings file is written (`format=`, else by its extension).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    Epd,
    Pgn,
}

/// `-openings file=F format=epd|pgn order=random|sequential plies=N start=N`.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningsSpec {
    pub file: PathBuf,
    pub format: OpeningFormat,
    pub random: bool,
    pub plies: Option<usize>,
    pub start: usize,
}

/// `-resign movecount=N score=CP twosided=on|off`: a game is lost when a
/// side sees itself at or below -score for movecount moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    pub twosided: bool,
}

/// `-draw movenumber=N movecount=N score=CP`: a game is drawn when both
/// sides see a score within score of 0 for movecount moves after movenumber.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// `-sprt elo0= elo1= alpha= beta= model= prior=`: the sequential test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub normalized: bool,
    /// `prior=a,b,c,d,e`: pentanomial counts of earlier runs to continue from.
    pub prior: [u32; 5],
}

impl SprtSpec {
    /// The test these settings describe, continuing from the prior counts.
    pub fn test(&self) -> Sprt {
        Sprt::new(self.elo0, self.elo1, self.alpha, self.beta, self.normalized).with_prior(self.prior)
    }
}

/// `-tournament roundrobin|gauntlet`: who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tournament {
    RoundRobin,
    Gauntlet,
}

/// The whole command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    pub rounds: u32,
    pub games: u32,
    pub concurrency: usize,
    pub tournament: Tournament,
    pub seeds: usize,
    /// `-variant`: how castling is written, and whether games start from
    /// Chess960 arrangements when no book is given.
    pub castling_mode: CastlingMode,
    pub openings: Option<OpeningsSpec>,
    pub srand: Option<u64>,
    pub pgnout: Option<PathBuf>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub maxmoves: Option<u32>,
    pub sprt: Option<SprtSpec>,
    pub ratinginterval: u32,
    pub event: String,
    pub log: Option<PathBuf>,
    /// `-spsa`: tune one engine's options instead of a match.
    pub spsa: Option<SpsaSpec>,
}

/// `-spsa params=FILE iterations=N [state=FILE] [alpha=0.602] [gamma=0.101]
/// [A=0.1]`: what to tune, for how many game pairs, and where the state
/// lives.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaSpec {
    pub params: PathBuf,
    pub iterations: u32,
    /// Where θ is saved after every pair and read back at the start
    /// (default: the parameter file's name with `.state` added).
    pub state: PathBuf,
    pub alpha: f64,
    pub gamma: f64,
    /// The stability constant as a share of the iterations.
    pub a_ratio: f64,
}

impl SpsaSpec {
    /// The spec from `-spsa`'s `key=value` pairs.
    pub fn parse(pairs: &[(String, String)]) -> Result<SpsaSpec, String> {
        let (mut params, mut iterations, mut state) = (None, None, None);
        let (mut alpha, mut gamma, mut a_ratio) = (0.602, 0.101, 0.1);
        for (key, value) in pairs {
            let real = || value.parse::<f64>().map_err(|_| format!("-spsa {key}: not a number: {value:?}"));
            match key.as_str() {
                "params" => params = Some(PathBuf::from(value)),
                "iterations" => {
                    iterations = Some(value.parse().map_err(|_| format!("-spsa iterations: not a count: {value:?}"))?)
                }
                "state" => state = Some(PathBuf::from(value)),
                "alpha" => alpha = real()?,
                "gamma" => gamma = real()?,
                "A" => a_ratio = real()?,
                _ => return Err(format!("-spsa: unknown key {key:?}")),
            }
        }
        let params: PathBuf = params.ok_or("-spsa needs params=FILE")?;
        let iterations = iterations.filter(|&n| n > 0).ok_or("-spsa needs iterations=N (at least 1)")?;
        let state = state.unwrap_or_else(|| PathBuf::from(format!("{}.state", params.display())));
        Ok(SpsaSpec { params, iterations, state, alpha, gamma, a_ratio })
    }
}
