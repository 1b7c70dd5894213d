//! When a self-play game may stop before the rules end it: by the search's
//! scores once the game is decided, or by the Syzygy tables once its
//! position is in them.

use ox88_board::{Board, Color, GameResult, Score};
use ox88_movegen::Position;
use ox88_syzygy::{Tablebase, Wdl};
use std::path::Path;

/// A win is adjudicated once this many plies in a row score at least
/// [`WIN_SCORE`] for the same side.
const WIN_PLIES: usize = 4;
const WIN_SCORE: i32 = 1500;
/// A draw is adjudicated from this move on once [`DRAW_PLIES`] plies in a
/// row score within [`DRAW_SCORE`] of zero.
const DRAW_FROM_MOVE: u16 = 40;
const DRAW_PLIES: usize = 12;
const DRAW_SCORE: i32 = 10;

/// A result the scores so far make certain enough to stop the game: a mate
/// found, a score past [`WIN_SCORE`] for [`WIN_PLIES`] plies, or a dead
/// level score late in the game. `white_scores` are the game's search
/// scores from White's side, `last` the latest as the search gave it.
pub fn by_score(white_scores: &[i32], fullmove: u16, last: Score) -> Option<GameResult> {
    let latest = *white_scores.last()?;
    if last.is_mate() {
        return Some(GameResult::Win(if latest > 0 { Color::White } else { Color::Black }));
    }
    if white_scores.len() >= WIN_PLIES {
        let recent = &white_scores[white_scores.len() - WIN_PLIES..];
        if recent.iter().all(|&s| s >= WIN_SCORE) {
            return Some(GameResult::Win(Color::White));
        }
        if recent.iter().all(|&s| s <= -WIN_SCORE) {
            return Some(GameResult::Win(Color::Black));
        }
    }
    if fullmove >= DRAW_FROM_MOVE && white_scores.len() >= DRAW_PLIES {
        let recent = &white_scores[white_scores.len() - DRAW_PLIES..];
        if recent.iter().all(|&s| s.abs() <= DRAW_SCORE) {
            return Some(GameResult::Draw);
        }
    }
    None
}

/// Syzygy tables that end a game as soon as its position is in them, with
/// the result best play reaches from there: the game's remaining positions
/// would teach the network nothing the tables do not know, and searching
/// them took about 7 % of the generator's nodes (docs/nnue.md).
pub struct Tables {
    tables: Tablebase,
    /// Positions of more pieces than this are played on.
    max_pieces: usize,
}

impl Tables {
    /// The tables of `directory`, used for positions of at most
    /// `max_pieces` pieces (kings included; the largest tables' when
    /// `None`). A directory that cannot be read or holds no table is an
    /// error naming it.
    pub fn open(directory: &Path, max_pieces: Option<usize>) -> Result<Tables, String> {
        let tables = Tablebase::open(directory).map_err(|e| format!("--syzygy: {e}"))?;
        if tables.file_count() == 0 {
            return Err(format!("--syzygy: {} holds no Syzygy table (.rtbw, .rtbz)", directory.display()));
        }
        let max_pieces = max_pieces.unwrap_or(tables.max_pieces()).min(tables.max_pieces());
        Ok(Tables { tables, max_pieces })
    }

    /// The most pieces of a position the tables end a game at.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// The result of `game` with best play from its position, if the tables
    /// hold it: counted under the fifty-move rule from the position's
    /// halfmove clock, a move to a threefold repetition of the game a draw
    /// (the tables' ranking of the root moves, as an engine plays from
    /// them). `None` for positions with too many pieces, castling rights
    /// or no table (a missing or unreadable file: the game goes on).
    pub fn result(&self, game: &Position) -> Option<GameResult> {
        let board = game.board();
        if piece_count(board) > self.max_pieces || !board.castling().is_empty() {
            return None;
        }
        let best = *self.tables.rank_root_moves(game).ok()?.first()?;
        let mover = board.side_to_move();
        Some(match best.wdl {
            Wdl::Win => GameResult::Win(mover),
            Wdl::Loss => GameResult::Win(!mover),
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => GameResult::Draw,
        })
    }
}

/// The pieces on `board`, kings included.
fn piece_count(board: &Board) -> usize {
    board.pieces(Color::White).len() + board.pieces(Color::Black).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::Move;

    /// The syzygy crate's test tables: every table of up to four pieces
    /// and some of five.
    fn test_tables(max_pieces: Option<usize>) -> Tables {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../syzygy/tests/data");
        Tables::open(&dir, max_pieces).expect("the syzygy crate's test tables")
    }

    fn game(fen: &str, moves: &[&str]) -> Position {
        let mut game: Position = fen.parse().expect("a legal FEN");
        for text in moves {
            let m: Move = game.parse_uci(text).expect("a legal move");
            game.play(m).expect("a legal move");
        }
        game
    }

    #[test]
    fn the_tables_decide_wins_losses_and_draws_for_the_side_to_move() {
        let tables = test_tables(None);
        let result = |fen| tables.result(&game(fen, &[]));
        // K+R against K: won by the rook's side, whoever moves.
        assert_eq!(result("8/8/8/8/8/2k5/8/R3K3 w - - 0 1"), Some(GameResult::Win(Color::White)));
        assert_eq!(result("8/8/8/8/8/2k5/8/R3K3 b - - 0 1"), Some(GameResult::Win(Color::White)));
        assert_eq!(result("r3k3/8/2K5/8/8/8/8/8 w - - 0 1"), Some(GameResult::Win(Color::Black)));
        // K+N against K, and K+R against K+R: draws.
        assert_eq!(result("8/8/8/8/8/2k5/8/N3K3 w - - 0 1"), Some(GameResult::Draw));
        assert_eq!(result("8/8/3k4/7r/8/3K4/8/R7 w - - 0 1"), Some(GameResult::Draw));
        // K+P against K: the pawn on the seventh wins, a rook pawn's king
        // in the corner draws.
        assert_eq!(result("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), Some(GameResult::Win(Color::White)));
        assert_eq!(result("7k/8/8/8/8/8/7P/7K w - - 0 1"), Some(GameResult::Draw));
    }

    #[test]
    fn the_fifty_move_rule_and_repetitions_count() {
        let tables = test_tables(None);
        // K+R against K with the clock at 99: no mate in one, so the
        // fifty-move rule draws it; at 0 it is won.
        let won = "8/8/8/8/8/2k5/8/R3K3 w - - 0 1";
        assert_eq!(tables.result(&game(won, &[])), Some(GameResult::Win(Color::White)));
        assert_eq!(tables.result(&game("8/8/8/8/8/2k5/8/R3K3 w - - 99 80", &[])), Some(GameResult::Draw));
        // The same position reached by moves rather than a FEN: the clock
        // the moves leave (2) is still far from 100.
        let shuffled = game(won, &["a1a2", "c3c4", "a2a1", "c4c3"]);
        assert_eq!(shuffled.board().halfmove_clock(), 4);
        assert_eq!(tables.result(&shuffled), Some(GameResult::Win(Color::White)));
    }

    #[test]
    fn positions_outside_the_tables_play_on() {
        let tables = test_tables(None);
        // The start position, castling rights, and a 5-piece material the
        // test tables lack (K+Q+R against K+Q).
        assert_eq!(tables.result(&Position::startpos()), None);
        assert_eq!(tables.result(&game("8/8/8/8/8/2k5/8/R3K3 w Q - 0 1", &[])), None);
        assert_eq!(tables.result(&game("q7/8/8/8/4k3/8/8/QR2K3 w - - 0 1", &[])), None);
        // A cap below the position's pieces: K+R+P against K has four.
        let krpk = "8/8/8/8/8/2k5/P7/R3K3 w - - 0 1";
        assert_eq!(tables.result(&game(krpk, &[])), Some(GameResult::Win(Color::White)));
        let three = test_tables(Some(3));
        assert_eq!(three.max_pieces(), 3);
        assert_eq!(three.result(&game(krpk, &[])), None);
        assert_eq!(test_tables(Some(9)).max_pieces(), tables.max_pieces(), "no more than the tables hold");
    }

    #[test]
    fn a_directory_without_tables_is_an_error_naming_it() {
        let empty = std::env::temp_dir().join(format!("ox88-no-tables-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let error = Tables::open(&empty, None).err().expect("no tables");
        assert!(error.contains(&empty.display().to_string()), "{error}");
        let _ = std::fs::remove_dir_all(&empty);
        let missing = empty.join("nowhere");
        assert!(Tables::open(&missing, None).err().expect("no directory").contains("nowhere"));
    }

    #[test]
    fn scores_decide_wins_and_late_draws() {
        let cp = Score::cp;
        assert_eq!(by_score(&[], 1, cp(0)), None);
        assert_eq!(by_score(&[1500, 1600, 1500], 20, cp(1500)), None, "three plies are not enough");
        assert_eq!(by_score(&[0, 1500, 1600, 1500, 1700], 20, cp(1700)), Some(GameResult::Win(Color::White)));
        assert_eq!(by_score(&[-1500, -1500, -1499, -1500], 20, cp(-1500)), None);
        assert_eq!(by_score(&[-1500; 4], 20, cp(-1500)), Some(GameResult::Win(Color::Black)));
        assert_eq!(by_score(&[10, 300], 20, Score::mate_in(3)), Some(GameResult::Win(Color::White)));
        assert_eq!(by_score(&[5; 12], 40, cp(5)), Some(GameResult::Draw));
        assert_eq!(by_score(&[5; 12], 39, cp(5)), None, "not before move 40");
        assert_eq!(by_score(&[5, 5, 5, 5, 5, 11, 5, 5, 5, 5, 5, 5], 40, cp(5)), None);
    }
}
