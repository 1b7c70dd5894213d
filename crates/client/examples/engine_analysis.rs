//! Analyses one position with any UCI or CECP engine and prints each line:
//! `multipv N depth D seldepth S score cp|mate X [lowerbound|upperbound]
//! nodes N time MS pv MOVES`, then `bestmove MOVE`.
//!
//! ```text
//! cargo run --release -p ox88-client --example engine_analysis -- --depth 12 /usr/games/stockfish
//! ```

use ox88_client::{Bound, EngineCommand, Limits, LineReport, Position, Protocol};
use std::process::ExitCode;
use std::time::Duration;

const HELP: &str = "\
engine_analysis: analyse a position with a UCI or CECP engine and print its lines

usage: engine_analysis [OPTIONS] PROGRAM [ARGS...]

  --xboard             the engine speaks CECP (default: UCI)
  --fen FEN            the position (default: the start position)
  --moves 'M1 M2 ...'  moves played from it, in UCI notation
  --depth N            search to depth N
  --nodes N            search N nodes
  --movetime MS        search MS milliseconds
  --multipv N          report the N best lines (default 1)
  --option NAME=VALUE  set an engine option (repeatable)
  --help               show this";

struct Args {
    protocol: Protocol,
    fen: Option<String>,
    moves: Vec<String>,
    limits: Limits,
    multipv: u32,
    options: Vec<(String, String)>,
    command: Vec<String>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        protocol: Protocol::Uci,
        fen: None,
        moves: Vec::new(),
        limits: Limits::default(),
        multipv: 1,
        options: Vec::new(),
        command: Vec::new(),
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let number =
            |text: String, name: &str| text.parse::<u64>().map_err(|_| format!("{name}: not a number: {text:?}"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--xboard" => parsed.protocol = Protocol::Xboard,
            "--fen" => parsed.fen = Some(value("--fen")?),
            "--moves" => parsed.moves = value("--moves")?.split_whitespace().map(str::to_owned).collect(),
            "--depth" => parsed.limits.depth = Some(number(value("--depth")?, "--depth")? as u32),
            "--nodes" => parsed.limits.nodes = Some(number(value("--nodes")?, "--nodes")?),
            "--movetime" => {
                parsed.limits.movetime = Some(Duration::from_millis(number(value("--movetime")?, "--movetime")?))
            }
            "--multipv" => parsed.multipv = number(value("--multipv")?, "--multipv")? as u32,
            "--option" => {
                let text = value("--option")?;
                let (name, value) = text.split_once('=').ok_or(format!("--option wants NAME=VALUE, not {text:?}"))?;
                parsed.options.push((name.to_owned(), value.to_owned()));
            }
            _ if arg.starts_with("--") && parsed.command.is_empty() => return Err(format!("unknown option {arg}")),
            _ => {
                parsed.command.push(arg);
                parsed.command.extend(args.by_ref());
            }
        }
    }
    if parsed.command.is_empty() {
        return Err("no engine given".into());
    }
    if parsed.limits.is_unlimited() {
        return Err("give a limit: --depth, --nodes or --movetime".into());
    }
    Ok(Some(parsed))
}

fn run(args: Args) -> Result<(), String> {
    let mut position = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("--fen: {e}"))?,
        None => Position::startpos(),
    };
    for text in &args.moves {
        position.play_uci(text).map_err(|e| format!("--moves: {text}: {e}"))?;
    }
    let command = EngineCommand::new(&args.command[0], args.protocol).args(&args.command[1..]);
    let mut engine = command.spawn().map_err(|e| e.to_string())?;
    for (name, value) in &args.options {
        engine.set_option(name, value).map_err(|e| e.to_string())?;
    }
    let result = engine
        .analysis(&position, &args.limits, args.multipv)
        .and_then(|analysis| analysis.wait())
        .map_err(|e| e.to_string())?;
    for (index, line) in result.lines.iter().enumerate() {
        println!("multipv {} {}", index + 1, describe(&position, line));
    }
    match result.search.best.map(|m| (position.uci(m), position.san(m))) {
        Some((uci, Ok(san))) => println!("bestmove {uci} ({san})"),
        _ => println!("bestmove none"),
    }
    Ok(())
}

/// The line's fields, the PV in UCI as the position writes it (king takes
/// rook in Chess960).
fn describe(position: &Position, line: &LineReport) -> String {
    let mut text = format!("depth {} ", line.depth);
    if let Some(seldepth) = line.seldepth {
        text += &format!("seldepth {seldepth} ");
    }
    // The protocol form from the side to move (`cp 14`, `mate -3`), as
    // python-chess is compared in it.
    text += &format!("score {} ", ox88_protocol::ScoreInfo::from(line.score.pov(position.side_to_move())));
    if line.bound != Bound::Exact {
        text += &format!("bound {} ", format!("{:?}", line.bound).to_lowercase());
    }
    text += &format!("nodes {} time {} ", line.nodes, line.time.as_millis());
    let mut after = position.clone();
    let mut pv = Vec::new();
    for &m in &line.pv {
        pv.push(after.uci(m).to_string());
        after.play_unchecked(m);
    }
    text.push_str("pv ");
    text.push_str(&pv.join(" "));
    text
}

fn main() -> ExitCode {
    match parse(std::env::args().skip(1)) {
        Ok(None) => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Ok(Some(args)) => match run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("engine_analysis: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("engine_analysis: {err} (see --help)");
            ExitCode::from(2)
        }
    }
}
