//! Play against the ox88 engine in the terminal: a board diagram, moves in
//! SAN or UCI, legal-move hints, take-backs, the game's end with its
//! reason, and the games saved in PGN.
//!
//! cargo run --release --example play -- [--time SECONDS | --depth N] [--black] [--fen FEN] [--pgn FILE]

#[path = "common/parse.rs"]
mod parse;
#[path = "common/seconds.rs"]
mod seconds;

use ox88::board::{Board, Color, File, PovScore, Rank, Score, Square};
use ox88::movegen::{MoveGen, Notation, Outcome, Position, Termination};
use ox88::pgn::annotation::engine_comment;
use ox88::pgn::{Date, Game};
use ox88::protocol::{Engine, Limits};
use ox88::{Ox88, Settings};
use parse::number;
use seconds::seconds;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const HELP: &str = "\
play: play chess against the ox88 engine in the terminal

usage: play [--time SECONDS | --depth N] [--black] [--fen FEN] [--pgn FILE] [--threads N] [--hash MB]

  --time SECONDS  the engine thinks this long per move (default 1)
  --depth N       the engine searches this deep per move (with --time too: whichever comes first)
  --black         play Black (default: White)
  --fen FEN       start from this position instead of the initial one
  --pgn FILE      append each game to FILE in PGN when it is left (new game, quit, end of input)
  --threads N     engine search threads (default 1)
  --hash MB       engine transposition table size (default 16)
  --help          show this help

Type `help` during the game for its commands.";

/// The commands during a game.
const COMMANDS: &str = "\
Type moves in SAN (e4, Nf3, O-O, exd8=Q) or UCI (e2e4, e1g1, e7e8q). Commands:
  moves          list your legal moves
  undo           take back your last move (and the engine's reply)
  new            start a new game
  white, black   play that colour from now on (the engine moves if it is its turn)
  flip           turn the board diagram around
  draw           claim a draw by threefold repetition or the fifty-move rule
  board, fen     show the board, or its FEN
  pgn            show the game so far in PGN
  help           show this list
  quit           leave (so does end of input)";

struct Options {
    start: Board,
    human: Color,
    limits: Limits,
    settings: Settings,
    pgn: Option<PathBuf>,
}

fn parse_args() -> Result<Option<Options>, String> {
    let mut options = Options {
        start: Board::startpos(),
        human: Color::White,
        limits: Limits::default(),
        settings: Settings::default(),
        pgn: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--time" => {
                options.limits.movetime = Some(seconds(&value("--time")?, "--time")?);
            }
            "--depth" => options.limits.depth = Some(number(&value("--depth")?, "--depth")?),
            "--black" => options.human = Color::Black,
            "--white" => options.human = Color::White,
            "--fen" => options.start = Board::from_fen(&value("--fen")?).map_err(|e| format!("bad FEN: {e}"))?,
            "--threads" => options.settings.threads = number(&value("--threads")?, "--threads")?,
            "--hash" => options.settings.hash_mb = number(&value("--hash")?, "--hash")?,
            "--pgn" => options.pgn = Some(PathBuf::from(value("--pgn")?)),
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if options.limits.depth == Some(0) || options.settings.threads < 1 || options.settings.hash_mb < 1 {
        return Err("--depth, --threads and --hash must be at least 1".into());
    }
    if options.limits.depth.is_none() && options.limits.movetime.is_none() {
        options.limits.movetime = Some(Duration::from_secs(1));
    }
    Ok(Some(options))
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The board as text, from `viewer`'s side, with the side to move and the
/// last move.
fn diagram(game: &Position, viewer: Color) -> String {
    let board = game.board();
    let ranks: Vec<u8> = if viewer == Color::White { (0..8).rev().collect() } else { (0..8).collect() };
    let files: Vec<u8> = if viewer == Color::White { (0..8).collect() } else { (0..8).rev().collect() };
    let mut text = String::new();
    for &r in &ranks {
        let rank = Rank::new(r).expect("0..8 is a rank");
        text.push_str(&format!(" {} ", rank.char()));
        for &f in &files {
            let square = Square::from_coords(File::new(f).expect("0..8 is a file"), rank);
            text.push(' ');
            text.push(board.piece_at(square).map_or('.', |p| p.char()));
        }
        text.push('\n');
    }
    text.push_str("   ");
    for &f in &files {
        text.push(' ');
        text.push(File::new(f).expect("0..8 is a file").char());
    }
    text.push('\n');
    text
}

/// A game in the terminal: the game, who plays what, and the engine.
struct Session {
    game: Position,
    start: Board,
    human: Color,
    viewer: Color,
    limits: Limits,
    engine: Ox88,
    /// A claimed draw ends the game too (`Position::outcome` only knows the
    /// draws that need no claim).
    claimed: Option<Outcome>,
    /// A comment for each move played: the engine's score and depth.
    comments: Vec<Option<String>>,
    /// Where to save each game, in PGN.
    pgn: Option<PathBuf>,
}

impl Session {
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or(self.claimed)
    }

    fn show(&self) {
        print!("{}", diagram(&self.game, self.viewer));
        match self.outcome() {
            Some(outcome) => println!("Game over: {outcome}. Type `new` to play again, or `undo`."),
            None => {
                let board = self.game.board();
                let check = if board.in_check() { ", in check" } else { "" };
                println!("{} to move{check}.", color_name(board.side_to_move()));
                if let Some(reason) = self.game.claimable_draw() {
                    println!("A draw may be claimed ({}): type `draw` to claim it.", claim_text(reason));
                }
            }
        }
    }

    /// The engine plays a move in the current position, which is not over.
    fn engine_move(&mut self) {
        self.engine.stop_handle().reset(false);
        let result = self.engine.search(&self.game, &self.limits, &mut |_| {});
        // The engine returns a move whenever there is one, and the caller
        // checked that the game is not over.
        let m = result.best.expect("a legal move exists");
        // A draw is worth claiming unless the engine expects to win.
        let not_winning = result.score().is_some_and(|score| score.relative() <= Score::ZERO);
        if let (Some(reason), true) = (self.game.claimable_draw(), not_winning) {
            println!("ox88 claims a draw ({}).", claim_text(reason));
            self.claimed = Some(Outcome::draw(reason));
            return;
        }
        let san = self.game.board().san(m);
        self.game.play(m).expect("the engine plays legal moves");
        let depth = result.depth();
        // Scores from ox88's side, the side to move when it searched.
        let (score, comment) = match result.score().map(PovScore::relative) {
            Some(score) => {
                let said =
                    score.mate_moves().map_or_else(|| engine_comment(Some(score), None, None), |n| format!("mate {n}"));
                (said, engine_comment(Some(score), Some(depth), None))
            }
            None => ("book".to_owned(), "book".to_owned()),
        };
        self.comments.push(Some(comment));
        println!("ox88 plays {san} (depth {depth}, {score} for ox88)");
    }

    /// Handles one line of input; returns `false` to quit.
    fn command(&mut self, line: &str) -> bool {
        let word = line.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return false,
            "help" | "?" => println!("{COMMANDS}"),
            "moves" | "hint" => self.list_moves(),
            "board" | "d" => self.show(),
            "fen" => println!("{}", self.game.board().fen()),
            "pgn" => print!("{}", self.to_pgn()),
            "flip" => {
                self.viewer = !self.viewer;
                self.show();
            }
            "white" | "black" => {
                self.human = if word.eq_ignore_ascii_case("white") { Color::White } else { Color::Black };
                self.viewer = self.human;
                println!("You play {}.", color_name(self.human));
            }
            "new" => {
                self.save();
                self.game = Position::new(self.start.clone());
                self.comments.clear();
                self.claimed = None;
                self.engine.new_game();
                println!("New game: you play {}.", color_name(self.human));
                self.show();
            }
            "undo" | "takeback" => self.undo(),
            "draw" => match (self.outcome(), self.game.claimable_draw()) {
                (Some(_), _) => println!("The game is already over."),
                (None, Some(reason)) => {
                    self.claimed = Some(Outcome::draw(reason));
                    println!("Draw claimed ({}). Game over: {}.", claim_text(reason), Outcome::draw(reason));
                }
                (None, None) => println!("No draw can be claimed here (no threefold repetition, not fifty moves)."),
            },
            _ => self.human_move(word),
        }
        true
    }

    fn human_move(&mut self, text: &str) {
        if let Some(outcome) = self.outcome() {
            println!("The game is over ({outcome}): type `new` or `undo`.");
            return;
        }
        let board = self.game.board();
        if board.side_to_move() != self.human {
            println!("It is not your move.");
            return;
        }
        match self.game.parse_move(text) {
            Ok(m) => {
                println!("You play {}", board.san(m));
                self.game.play(m).expect("parsed moves are legal");
                self.comments.push(None);
            }
            Err(e) => println!("{e} (type `moves` for the legal moves, `help` for the commands)"),
        }
    }

    /// The game so far in PGN.
    fn to_pgn(&self) -> String {
        let mut game = Game::from_position(&self.game);
        for (node, comment) in game.moves.nodes.iter_mut().zip(&self.comments) {
            node.comment.clone_from(comment);
        }
        let (white, black) = match self.human {
            Color::White => ("Human", "ox88"),
            Color::Black => ("ox88", "Human"),
        };
        for (name, value) in [
            ("Event", "Game in the terminal"),
            ("Site", "ox88 play"),
            ("Date", &Date::today().to_string()),
            ("Round", "-"),
            ("White", white),
            ("Black", black),
        ] {
            game.headers.set(name, value);
        }
        // A draw claimed or a resignation, as well as the rules' endings.
        if let Some(outcome) = self.outcome() {
            game.set_outcome(outcome);
        }
        game.to_string()
    }

    /// Appends the game to the `--pgn` file, if there is one and the game
    /// has begun.
    fn save(&self) {
        let Some(path) = &self.pgn else { return };
        if self.game.moves().is_empty() {
            return;
        }
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| file.write_all(self.to_pgn().as_bytes()));
        match written {
            Ok(()) => println!("Game saved to {}.", path.display()),
            Err(e) => println!("Could not save the game to {}: {e}", path.display()),
        }
    }

    fn list_moves(&self) {
        let board = self.game.board();
        let mut moves: Vec<String> = board.legal_moves().iter().map(|&m| board.san(m).to_string()).collect();
        moves.sort();
        if moves.is_empty() {
            println!("No legal moves.");
        } else {
            println!("Legal moves ({}): {}", moves.len(), moves.join(" "));
        }
    }

    /// Takes back moves until it is the human's turn again, at least one.
    fn undo(&mut self) {
        self.claimed = None;
        if self.game.undo().is_none() {
            println!("Nothing to take back.");
            return;
        }
        self.comments.pop();
        while self.game.board().side_to_move() != self.human && self.game.undo().is_some() {
            self.comments.pop();
        }
        println!("Taken back.");
        self.show();
    }
}

fn claim_text(reason: Termination) -> &'static str {
    match reason {
        Termination::FiftyMoves => "fifty-move rule",
        _ => "threefold repetition",
    }
}

fn run(options: Options) -> io::Result<()> {
    let mut engine = Ox88::with_settings(options.settings).map_err(io::Error::other)?;
    engine.new_game();
    let mut session = Session {
        game: Position::new(options.start.clone()),
        start: options.start,
        human: options.human,
        viewer: options.human,
        limits: options.limits,
        engine,
        claimed: None,
        comments: Vec::new(),
        pgn: options.pgn,
    };
    println!("You play {} against ox88. Type `help` for the commands.", color_name(session.human));
    let mut input = io::stdin().lock();
    let mut line = String::new();
    let mut shown = false;
    loop {
        if session.outcome().is_none() && session.game.board().side_to_move() != session.human {
            session.engine_move();
            shown = false;
            continue;
        }
        if !shown {
            session.show();
            shown = true;
        }
        print!("> ");
        io::stdout().flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            println!();
            break;
        }
        let moves = session.game.moves().len();
        if !session.command(&line) {
            break;
        }
        // Undo and new show the board themselves; a move needs a new diagram.
        shown = shown && session.game.moves().len() <= moves;
    }
    session.save();
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{HELP}\n\n{COMMANDS}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    match run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(1)
        }
    }
}
