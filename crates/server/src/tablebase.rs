//! The Syzygy tables' verdict on a position, as the position answer gives
//! it when the server has tables (`--syzygy-path`): the result and distance
//! to zeroing of the position, and of each legal move, best first, as
//! lichess's tablebase view lists them; or why the tables cannot say.

use ox88::board::{Color, UciMove};
use ox88::movegen::SanPlus;
use ox88::syzygy::{ProbeError, Tablebase, Wdl};
use ox88::Position;
use ox88_http::schema::{ColorSchema, SanSchema, UciMoveSchema, WdlSchema};
use serde::Serialize;
use utoipa::ToSchema;

/// A result by the tables as the answers wrote it before they used
/// `ox88::syzygy::Wdl`, which writes the same words (`win`, `cursed_win`,
/// `draw`, `blessed_loss`, `loss`).
#[deprecated(note = "the JSON answers use ox88::syzygy::Wdl, serialized by its serde feature")]
pub type WdlJson = Wdl;

/// Why the tables cannot judge a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnprobeableReason {
    /// Castling is still possible: no table holds such positions.
    Castling,
    /// More pieces than the largest table the server has.
    TooManyPieces,
    /// The table of the position, or of a capture from it, is not among
    /// the server's.
    MissingTable,
    /// A table file could not be read or is damaged (the server's fault).
    BadTable,
}

/// Why the tables cannot judge a position, with a sentence naming what is
/// missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Unprobeable {
    /// Why, as a stable code.
    pub reason: UnprobeableReason,
    /// Why, in words (the missing table named).
    pub message: String,
}

/// One legal move as the tables judge it, for the side that plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TablebaseMove {
    /// The move in UCI.
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The move in SAN.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// The result of the move for the side that plays it, with best play
    /// after it and the fifty-move rule counted from this position's
    /// halfmove clock.
    #[schema(value_type = WdlSchema)]
    pub wdl: Wdl,
    /// Plies from this position (before the move) to the next capture or
    /// pawn move with best play: positive when the mover wins, negative
    /// when it loses, 0 for a draw; 1 for a winning capture, pawn move or
    /// mate. Beyond ±100 for results the fifty-move rule draws.
    pub dtz: i32,
}

/// The tables' verdict on a position: its result and distance to zeroing
/// for the side to move, and every legal move's, best first; or, when the
/// tables cannot judge it, why (`unprobeable`, with `wdl` and `dtz` null
/// and no moves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TablebaseVerdict {
    /// The result for the side to move with best play, the fifty-move rule
    /// counted from the position's halfmove clock; null when unprobeable.
    #[schema(value_type = Option<WdlSchema>)]
    pub wdl: Option<Wdl>,
    /// The winner with best play under the fifty-move rule; null for a
    /// draw (cursed wins and blessed losses included) or when unprobeable.
    #[schema(value_type = Option<ColorSchema>)]
    pub winner: Option<Color>,
    /// The position's distance to zeroing for the side to move, as the
    /// tables give it (the halfmove clock not counted): positive when it
    /// wins, negative when it loses, beyond ±100 when the fifty-move rule
    /// draws it; null when unprobeable.
    pub dtz: Option<i32>,
    /// Every legal move with its result and distance, best first (wins
    /// fastest to zero first, losses slowest first); empty when
    /// unprobeable.
    pub moves: Vec<TablebaseMove>,
    /// Why the tables cannot judge the position, or null when they can.
    pub unprobeable: Option<Unprobeable>,
}

/// Whether `position` is within what `tables` hold: no castling rights and
/// no more pieces than the largest table. Probing such a position reads
/// table files (which may be on disk); probing any other fails at once.
pub fn in_range(tables: &Tablebase, position: &Position) -> bool {
    let board = position.board();
    let pieces = board.pieces(Color::White).len() + board.pieces(Color::Black).len();
    board.castling().is_empty() && pieces <= tables.max_pieces()
}

/// The verdict of `tables` on `position`.
///
/// ```
/// use ox88::syzygy::Wdl;
/// use ox88_server::tablebase::verdict;
/// let tables = ox88::syzygy::Tablebase::open(concat!(env!("CARGO_MANIFEST_DIR"), "/../syzygy/tests/data"))?;
/// let position = ox88::Position::from_fen("8/8/8/8/8/2k5/8/R3K3 w - - 0 1")?;
/// let verdict = verdict(&tables, &position);
/// assert_eq!(verdict.wdl, Some(Wdl::Win));
/// assert_eq!(verdict.moves[0].wdl, Wdl::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verdict(tables: &Tablebase, position: &Position) -> TablebaseVerdict {
    match probe(tables, position) {
        Ok(verdict) => verdict,
        Err(error) => {
            let reason = match error {
                ProbeError::Castling => UnprobeableReason::Castling,
                ProbeError::TooManyPieces { .. } => UnprobeableReason::TooManyPieces,
                ProbeError::MissingTable { .. } => UnprobeableReason::MissingTable,
                ProbeError::Unreadable { .. } | ProbeError::Damaged { .. } => {
                    tracing::error!(%error, "a tablebase file failed");
                    UnprobeableReason::BadTable
                }
            };
            let unprobeable = Unprobeable { reason, message: error.to_string() };
            TablebaseVerdict { wdl: None, winner: None, dtz: None, moves: Vec::new(), unprobeable: Some(unprobeable) }
        }
    }
}

/// The verdict, or the first probe that fails.
fn probe(tables: &Tablebase, position: &Position) -> Result<TablebaseVerdict, ProbeError> {
    let dtz = tables.probe_dtz(position)?;
    let ranked = tables.rank_root_moves(position)?;
    // The best move's result counts the halfmove clock; without a move
    // (mate, stalemate) the clock changes nothing.
    let wdl = match ranked.first() {
        Some(best) => best.wdl,
        None => tables.probe_wdl(position)?,
    };
    let moves = ranked
        .iter()
        .map(|root| TablebaseMove {
            uci: position.uci(root.mv),
            san: position.san_unchecked(root.mv),
            wdl: root.wdl,
            dtz: root.dtz,
        })
        .collect();
    let side = position.side_to_move();
    let winner = match wdl {
        Wdl::Win => Some(side),
        Wdl::Loss => Some(!side),
        Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => None,
    };
    Ok(TablebaseVerdict { wdl: Some(wdl), winner, dtz: Some(dtz.plies()), moves, unprobeable: None })
}
