//! The command line, in cutechess-cli's and fastchess's form: `-engine
//! cmd=... name=... option.Hash=16`, `-each tc=10+0.1`, `-rounds`, `-games`,
//! `-openings file=... format=epd`, `-sprt elo0=0 elo1=5`, ...

use crate::config::{
    Config, DrawRule, EngineSpec, OpeningFormat, OpeningsSpec, ResignRule, SprtSpec, SpsaSpec, Tournament,
};
use crate::tc::{parse_time_control, Budget};
use ox88_board::CastlingMode;
use ox88_client::Protocol;
use std::path::PathBuf;
use std::time::Duration;

/// `key=value` pairs of one option.
type Pairs = Vec<(String, String)>;

/// Parses the arguments; `Ok(None)` for `-help`.
pub fn parse(args: &[String]) -> Result<Option<Config>, String> {
    let mut engines: Vec<Pairs> = Vec::new();
    let mut each: Pairs = Vec::new();
    let mut config = Config {
        engines: Vec::new(),
        rounds: 1,
        games: 2,
        concurrency: 1,
        tournament: Tournament::RoundRobin,
        seeds: 1,
        castling_mode: CastlingMode::Standard,
        openings: None,
        srand: None,
        pgnout: None,
        resign: None,
        draw: None,
        maxmoves: None,
        sprt: None,
        ratinginterval: 10,
        event: "ox88 match".into(),
        log: None,
        spsa: None,
    };
    let (mut rounds_given, mut repeat) = (false, None);
    let mut i = 0;
    while i < args.len() {
        let option = args[i].trim_start_matches('-').to_owned();
        if !args[i].starts_with('-') {
            return Err(format!("unexpected argument {:?}", args[i]));
        }
        // The values of an option run to the next word that starts with '-'.
        let end =
            args[i + 1..].iter().position(|a| a.starts_with('-') && a.len() > 1).map_or(args.len(), |n| i + 1 + n);
        let values = &args[i + 1..end];
        i = end;
        let one = |what: &str| -> Result<&str, String> {
            match values {
                [value] => Ok(value),
                _ => Err(format!("-{option} takes one value ({what})")),
            }
        };
        match option.as_str() {
            "help" | "h" => return Ok(None),
            "engine" => engines.push(pairs(&option, values)?),
            "each" => each.extend(pairs(&option, values)?),
            "rounds" => (config.rounds, rounds_given) = (number(&option, one("a count")?)?, true),
            "games" => config.games = number(&option, one("a count")?)?,
            "repeat" => repeat = Some(values.first().map(|v| number::<u32>(&option, v)).transpose()?.unwrap_or(2)),
            "concurrency" => config.concurrency = number(&option, one("a count")?)?,
            "tournament" => {
                config.tournament = match one("roundrobin or gauntlet")? {
                    "roundrobin" | "round-robin" => Tournament::RoundRobin,
                    "gauntlet" => Tournament::Gauntlet,
                    other => return Err(format!("-tournament: unknown type {other:?}")),
                }
            }
            "seeds" => config.seeds = number(&option, one("a count")?)?,
            "variant" => {
                config.castling_mode = match one("standard or fischerandom")? {
                    "standard" => CastlingMode::Standard,
                    "fischerandom" | "chess960" | "frc" => CastlingMode::Chess960,
                    other => return Err(format!("-variant: unknown variant {other:?}")),
                }
            }
            "openings" => config.openings = Some(openings(&pairs(&option, values)?)?),
            "srand" => config.srand = Some(number(&option, one("a seed")?)?),
            "pgnout" => {
                let first = values.first().ok_or("-pgnout needs a file")?;
                config.pgnout = Some(PathBuf::from(first.strip_prefix("file=").unwrap_or(first)));
            }
            "resign" => config.resign = Some(resign(&pairs(&option, values)?)?),
            "draw" => config.draw = Some(draw(&pairs(&option, values)?)?),
            "maxmoves" => config.maxmoves = Some(number(&option, one("a count")?)?),
            "sprt" => config.sprt = Some(sprt(&pairs(&option, values)?)?),
            "spsa" => config.spsa = Some(SpsaSpec::parse(&pairs(&option, values)?)?),
            "ratinginterval" => config.ratinginterval = number(&option, one("a count")?)?,
            "event" => config.event = values.join(" "),
            "log" => {
                let first = values.first().ok_or("-log needs a file")?;
                config.log = Some(PathBuf::from(first.strip_prefix("file=").unwrap_or(first)));
            }
            "recover" => {}
            _ => return Err(format!("unknown option -{option} (see -help)")),
        }
    }
    if let Some(n) = repeat {
        // fastchess: -repeat is -games 2. cutechess: -games N -repeat plays
        // each opening twice, so N games are N/2 rounds of 2.
        if !rounds_given && config.games > 2 {
            config.rounds = config.games.div_ceil(n.max(1));
        }
        config.games = n.max(1);
    }
    for spec in engines {
        let mut all = each.clone();
        all.extend(spec);
        config.engines.push(engine(&all, each.len())?);
    }
    for i in 0..config.engines.len() {
        let base = config.engines[i].name.clone();
        let mut n = 2;
        while config.engines[..i].iter().any(|e| e.name == config.engines[i].name) {
            config.engines[i].name = format!("{base}-{n}");
            n += 1;
        }
    }
    if config.spsa.is_some() && (config.engines.len() != 1 || config.sprt.is_some() || config.pgnout.is_some()) {
        return Err("-spsa tunes one -engine (against itself), without -sprt or -pgnout".into());
    }
    if config.engines.len() < 2 && config.spsa.is_none() {
        return Err("give at least two -engine".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("-sprt needs exactly two engines".into());
    }
    if config.rounds == 0 || config.games == 0 || config.concurrency == 0 {
        return Err("-rounds, -games and -concurrency must be at least 1".into());
    }
    Ok(Some(config))
}

fn number<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("-{option}: not a number: {text:?}"))
}

fn pairs(option: &str, values: &[String]) -> Result<Pairs, String> {
    values
        .iter()
        .map(|v| match v.split_once('=') {
            Some((key, value)) => Ok((key.to_owned(), value.to_owned())),
            None if v == "ponder" => Ok((v.clone(), "true".into())),
            None => Err(format!("-{option}: expected KEY=VALUE, got {v:?}")),
        })
        .collect()
}

fn flag(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(format!("{key}: expected on or off, got {value:?}")),
    }
}

/// An engine from its `key=value` pairs, the first `shared` of which came
/// from `-each`.
fn engine(all: &Pairs, shared: usize) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        command: String::new(),
        args: Vec::new(),
        dir: None,
        protocol: Protocol::Uci,
        options: Vec::new(),
        shared_options: Vec::new(),
        budget: Budget::default(),
        timemargin: Duration::ZERO,
        restart: false,
        ponder: false,
    };
    for (index, (key, value)) in all.iter().enumerate() {
        let num = |what| number::<u64>(what, value);
        match key.as_str() {
            "cmd" => spec.command = value.clone(),
            "name" => spec.name = value.clone(),
            "proto" => spec.protocol = value.parse().map_err(|e| format!("proto: {e}"))?,
            "args" => spec.args = split_words(value)?,
            "arg" => spec.args.push(value.clone()),
            "dir" => spec.dir = Some(PathBuf::from(value)),
            "tc" => spec.budget.clock = parse_time_control(value)?,
            "st" => {
                let seconds: f64 = value.parse().map_err(|_| format!("st: not a number: {value:?}"))?;
                spec.budget.movetime = Some(Duration::from_secs_f64(seconds.max(0.001)));
            }
            "nodes" => spec.budget.nodes = Some(num("nodes")?),
            "depth" | "plies" => spec.budget.depth = Some(num("depth")? as u32),
            "timemargin" => spec.timemargin = Duration::from_millis(num("timemargin")?),
            "restart" => spec.restart = flag(key, value)?,
            "ponder" => spec.ponder = flag(key, value)?,
            _ => match key.strip_prefix("option.") {
                Some(name) => {
                    spec.options.retain(|(n, _)| n != name);
                    spec.options.push((name.to_owned(), value.clone()));
                    spec.shared_options.retain(|n| n != name);
                    if index < shared {
                        spec.shared_options.push(name.to_owned());
                    }
                }
                None => return Err(format!("-engine: unknown key {key:?}")),
            },
        }
    }
    if spec.command.is_empty() {
        return Err("-engine needs cmd=PATH".into());
    }
    if spec.name.is_empty() {
        spec.name = spec.command.rsplit(['/', '\\']).next().unwrap_or(&spec.command).to_owned();
    }
    Ok(spec)
}

/// Splits `text` into words like a shell: spaces separate, quotes group.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in text.chars() {
        match (quote, c) {
            (None, '"' | '\'') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in {text:?}"));
    }
    if any {
        words.push(word);
    }
    Ok(words)
}

fn openings(all: &Pairs) -> Result<OpeningsSpec, String> {
    let mut spec =
        OpeningsSpec { file: PathBuf::new(), format: OpeningFormat::Epd, random: false, plies: None, start: 1 };
    let mut format = None;
    for (key, value) in all {
        match key.as_str() {
            "file" => spec.file = PathBuf::from(value),
            "format" => {
                format = Some(match value.as_str() {
                    "epd" => OpeningFormat::Epd,
                    "pgn" => OpeningFormat::Pgn,
                    other => return Err(format!("-openings: unknown format {other:?}")),
                })
            }
            "order" => {
                spec.random = match value.as_str() {
                    "random" => true,
                    "sequential" => false,
                    other => return Err(format!("-openings: unknown order {other:?}")),
                }
            }
            "plies" => spec.plies = Some(number("openings plies", value)?),
            "start" => spec.start = number::<usize>("openings start", value)?.max(1),
            "policy" => {}
            other => return Err(format!("-openings: unknown key {other:?}")),
        }
    }
    if spec.file.as_os_str().is_empty() {
        return Err("-openings needs file=F".into());
    }
    let by_extension = spec.file.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    spec.format = format.unwrap_or(if by_extension { OpeningFormat::Pgn } else { OpeningFormat::Epd });
    Ok(spec)
}

fn resign(all: &Pairs) -> Result<ResignRule, String> {
    let mut rule = ResignRule { movecount: 1, score: 0, twosided: false };
    for (key, value) in all {
        match key.as_str() {
            "movecount" => rule.movecount = number("resign movecount", value)?,
            "score" => rule.score = number("resign score", value)?,
            "twosided" => rule.twosided = flag(key, value)?,
            other => return Err(format!("-resign: unknown key {other:?}")),
        }
    }
    Ok(rule)
}

fn draw(all: &Pairs) -> Result<DrawRule, String> {
    let mut rule = DrawRule { movenumber: 0, movecount: 1, score: 0 };
    for (key, value) in all {
        match key.as_str() {
            "movenumber" => rule.movenumber = number("draw movenumber", value)?,
            "movecount" => rule.movecount = number("draw movecount", value)?,
            "score" => rule.score = number("draw score", value)?,
            other => return Err(format!("-draw: unknown key {other:?}")),
        }
    }
    Ok(rule)
}

fn sprt(all: &Pairs) -> Result<SprtSpec, String> {
    let mut spec = SprtSpec { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, normalized: true, prior: [0; 5] };
    for (key, value) in all {
        let x = || number::<f64>("sprt", value);
        match key.as_str() {
            "elo0" => spec.elo0 = x()?,
            "elo1" => spec.elo1 = x()?,
            "alpha" => spec.alpha = x()?,
            "beta" => spec.beta = x()?,
            "model" => {
                spec.normalized = match value.as_str() {
                    "normalized" => true,
                    "logistic" => false,
                    other => return Err(format!("-sprt: unknown model {other:?} (normalized or logistic)")),
                }
            }
            "prior" => spec.prior = prior(value)?,
            other => return Err(format!("-sprt: unknown key {other:?}")),
        }
    }
    let valid = spec.elo0 < spec.elo1
        && (0.0..1.0).contains(&spec.alpha)
        && (0.0..1.0).contains(&spec.beta)
        && spec.alpha > 0.0
        && spec.beta > 0.0
        && spec.alpha + spec.beta < 1.0;
    if !valid {
        return Err("-sprt: need elo0 < elo1 and 0 < alpha, beta with alpha + beta < 1".into());
    }
    Ok(spec)
}

/// Five comma-separated pair counts (pentanomial, 0 to 2 points a pair).
fn prior(value: &str) -> Result<[u32; 5], String> {
    let counts = value
        .split(',')
        .map(|c| c.trim().parse::<u32>().map_err(|_| format!("-sprt prior: {c:?} is not a count of pairs")))
        .collect::<Result<Vec<u32>, String>>()?;
    counts.try_into().map_err(|c: Vec<u32>| format!("-sprt prior: five counts, not {} ({value:?})", c.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        split_words(text).unwrap()
    }

    #[test]
    fn a_fastchess_command_line() {
        let line = "-engine cmd=target/uci name=ox88 option.Hash=16 -engine cmd=/usr/games/phalanx proto=xboard \
                    \"args=-b- -l-\" tc=5+0.05 -each tc=1+0.01 option.Threads=1 timemargin=100 -rounds 50 -repeat \
                    -concurrency 2 -openings file=o.epd format=epd order=random -resign movecount=3 score=600 \
                    -draw movenumber=34 movecount=8 score=20 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic";
        let config = parse(&args(line)).unwrap().unwrap();
        assert_eq!(config.engines.len(), 2);
        let (a, b) = (&config.engines[0], &config.engines[1]);
        assert_eq!((a.name.as_str(), b.name.as_str()), ("ox88", "phalanx"));
        assert_eq!(a.options, [("Threads".to_owned(), "1".to_owned()), ("Hash".to_owned(), "16".to_owned())]);
        assert_eq!(a.shared_options, ["Threads"], "Hash is the engine's own");
        assert_eq!(a.budget.clock.unwrap().to_string(), "1+0.01");
        assert_eq!(b.budget.clock.unwrap().to_string(), "5+0.05", "the engine's own setting wins");
        assert_eq!((b.protocol, b.args.clone()), (Protocol::Xboard, vec!["-b-".to_owned(), "-l-".to_owned()]));
        assert_eq!(a.timemargin, Duration::from_millis(100));
        assert_eq!((config.rounds, config.games, config.concurrency), (50, 2, 2));
        assert!(config.openings.unwrap().random);
        assert_eq!(config.resign, Some(ResignRule { movecount: 3, score: 600, twosided: false }));
        assert_eq!(config.draw.unwrap().movenumber, 34);
        assert!(!config.sprt.unwrap().normalized);
        assert_eq!(config.sprt.unwrap().prior, [0; 5]);
        let resumed = parse(&args("-engine cmd=a -engine cmd=b -sprt elo0=0 elo1=10 prior=26,115,169,108,37"));
        assert_eq!(resumed.unwrap().unwrap().sprt.unwrap().prior, [26, 115, 169, 108, 37]);
    }

    #[test]
    fn cutechess_games_and_repeat() {
        let config = parse(&args("-engine cmd=a -engine cmd=a -games 100 -repeat")).unwrap().unwrap();
        assert_eq!((config.rounds, config.games), (50, 2));
        assert_eq!(config.engines[1].name, "a-2", "names are made unique");
        let config = parse(&args("-engine cmd=a -engine cmd=b -games 30")).unwrap().unwrap();
        assert_eq!((config.rounds, config.games), (1, 30));
    }

    #[test]
    fn bad_command_lines_say_why() {
        for (line, why) in [
            ("-engine cmd=a", "at least two"),
            ("-engine name=x -engine cmd=b", "cmd=PATH"),
            ("-engine cmd=a -engine cmd=b -games x", "not a number"),
            ("-engine cmd=a -engine cmd=b -frob", "unknown option"),
            ("-engine cmd=a tc=fast -engine cmd=b", "time control"),
            ("-engine cmd=a -engine cmd=b -engine cmd=c -sprt elo0=0 elo1=5", "exactly two"),
            ("-engine cmd=a -engine cmd=b -sprt elo0=5 elo1=0", "elo0 < elo1"),
            ("-engine cmd=a proto=uxi -engine cmd=b", "unknown protocol"),
            ("-engine cmd=a -engine cmd=b -sprt elo0=0 elo1=5 prior=1,2,3,4", "five counts, not 4"),
            ("-engine cmd=a -engine cmd=b -sprt elo0=0 elo1=5 prior=1,2,x,4,5", "\"x\" is not a count"),
        ] {
            let err = parse(&args(line)).unwrap_err();
            assert!(err.contains(why), "{line}: {err}");
        }
        assert_eq!(parse(&args("-help")), Ok(None));
    }
}
