//! A small material-only engine, for trying the drivers with a real GUI or
//! match runner: `cargo run --example greedy` speaks UCI or CECP, whichever
//! the first command asks for ("uci" or "xboard").
//!
//! It searches 1 to 3 plies (option "Depth") with a plain negamax on
//! material and a pinch of placement, prefers mates, and reports each
//! iteration.

use ox88_board::{Board, Color, Move, PovScore, Role, Score};
use ox88_movegen::{MoveGen, Position};
use ox88_protocol::{
    BenchReport, Engine, Limits, LineReport, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle,
};
use std::time::{Duration, Instant};

const MATE: i32 = 100_000;

struct Greedy {
    depth: u32,
    stop: StopHandle,
    nodes: u64,
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// A little positional sense, so that games go somewhere: pawns like to
/// advance, knights and bishops like the centre.
fn placement(role: Role, square: ox88_board::Square, color: Color) -> i32 {
    let rank = i32::from(square.rank().index());
    let advance = if color == Color::White { rank } else { 7 - rank };
    let file = i32::from(square.file().index());
    let centre = 6 - ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2;
    match role {
        Role::Pawn => 4 * advance,
        Role::Knight | Role::Bishop => 3 * centre,
        _ => 0,
    }
}

/// Material and placement from the side to move's point of view.
fn material(board: &Board) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == board.side_to_move() { 1 } else { -1 };
        for &square in board.pieces(color) {
            if let Some(piece) = board.piece_at(square) {
                score += sign * (value(piece.role()) + placement(piece.role(), square, color));
            }
        }
    }
    score
}

impl Greedy {
    /// Negamax to `depth` plies; `ply` counts from the root for mate distances.
    fn negamax(&mut self, board: &mut Board, depth: u32, ply: i32) -> i32 {
        self.nodes += 1;
        let moves = board.legal_moves();
        if moves.is_empty() {
            return if board.in_check() { -MATE + ply } else { 0 };
        }
        if depth == 0 {
            return material(board);
        }
        let mut best = -MATE - 1;
        for m in moves {
            let undo = board.make_move_unchecked(m);
            best = best.max(-self.negamax(board, depth - 1, ply + 1));
            board.unmake_move(m, undo);
        }
        best
    }

    /// One iteration: the best root move at `depth`, its score and reply.
    fn root(&mut self, board: &mut Board, roots: &[Move], depth: u32) -> Option<(Move, i32, Option<Move>)> {
        let mut best: Option<(Move, i32, Option<Move>)> = None;
        for &m in roots {
            if self.stop.is_stopped() {
                return None;
            }
            let undo = board.make_move_unchecked(m);
            let score = -self.negamax(board, depth - 1, 1);
            let reply = board.legal_moves().first().copied();
            board.unmake_move(m, undo);
            if best.is_none_or(|(_, s, _)| score > s) {
                best = Some((m, score, reply));
            }
        }
        best
    }
}

impl Engine for Greedy {
    fn name(&self) -> String {
        "ox88 greedy example".into()
    }
    fn author(&self) -> String {
        "the ox88 authors".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![OptionSpec::spin("Depth", 2, 1, 3)]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        match value {
            OptionValue::Spin(depth) if name == "Depth" => {
                self.depth = *depth as u32;
                Ok(())
            }
            _ => Err(OptionError::Unknown { name: name.into() }),
        }
    }
    fn new_game(&mut self) {}
    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let started = Instant::now();
        let mut board = game.board().clone();
        let roots: Vec<Move> =
            if limits.searchmoves.is_empty() { board.legal_moves().to_vec() } else { limits.searchmoves.clone() };
        let max_depth = limits.depth.unwrap_or(self.depth).clamp(1, self.depth);
        self.nodes = 0;
        let mut result = SearchResult { best: roots.first().copied(), ..SearchResult::default() };
        for depth in 1..=max_depth {
            let Some((best, score, reply)) = self.root(&mut board, &roots, depth) else { break };
            let score = match MATE - score.abs() {
                plies if plies <= 100 && score > 0 => Score::mate_in(plies),
                plies if plies <= 100 => Score::mated_in(plies),
                _ => Score::cp(score),
            };
            // Seen from the side to move, as the search counts.
            let score = PovScore::new(score, game.side_to_move());
            let line = LineReport {
                depth,
                score,
                nodes: self.nodes,
                time: started.elapsed(),
                pv: [Some(best), reply].into_iter().flatten().collect(),
                ..LineReport::default()
            };
            reporter(&Report::Line(line.clone()));
            result = SearchResult { best: Some(best), ponder: reply, line: Some(line) };
            if limits.nodes.is_some_and(|n| self.nodes >= n) {
                break;
            }
        }
        result
    }
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
    fn explain(&mut self, board: &Board) -> Option<String> {
        Some(format!("material (side to move): {} cp", material(board)))
    }
    fn bench(&mut self, depth: Option<u32>) -> Option<BenchReport> {
        let started = Instant::now();
        let mut nodes = 0;
        for fen in ["r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ox88_board::STARTPOS_FEN] {
            let mut board: Board = fen.parse().ok()?;
            self.nodes = 0;
            self.negamax(&mut board, depth.unwrap_or(3).min(4), 0);
            nodes += self.nodes;
        }
        Some(BenchReport { nodes, time: started.elapsed().max(Duration::from_micros(1)), positions: 2 })
    }
}

fn main() -> std::process::ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        if arg == "--help" || arg == "-h" {
            println!("usage: greedy\nA material-only engine on standard input and output; the first command chooses UCI or CECP.");
            return std::process::ExitCode::SUCCESS;
        }
        eprintln!("greedy: unknown argument {arg:?} (try --help)");
        return std::process::ExitCode::from(2);
    }
    let engine = Greedy { depth: 2, stop: StopHandle::new(), nodes: 0 };
    match ox88_protocol::run_stdio(engine) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("greedy: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
