//! Everything of everyday use in one import: `use ox88::prelude::*;`.
//!
//! The vocabulary types, [`Position`], and the extension traits whose
//! methods a user calls on a `Board` or an engine: [`MoveGen`] and
//! [`Notation`] (the fast paths on a board), [`Evaluator`], the PGN
//! `Visitor` (with the `pgn` feature), and the protocol's `Engine` trait (imported without its
//! name, which the client's `Engine` handle also has, so that its methods
//! are callable on [`Ox88`]).
//!
//! ```
//! use ox88::prelude::*;
//!
//! let mut pos = Position::startpos();
//! pos.play_san("e4")?;
//! assert_eq!(pos.side_to_move(), Color::Black);
//! assert_eq!(pos.board().legal_moves().len(), 20); // MoveGen on the board
//! let score = PovScore::new(Score::cp(-31), pos.side_to_move());
//! assert_eq!(score.to_string(), "+0.31");
//! assert_eq!(pos.board().san(pos.parse_uci("e7e5")?).to_string(), "e5"); // Notation
//! let result = Ox88::new().search(&pos, &Limits::depth(2), &mut |_| {});
//! assert!(result.best.is_some_and(|m| pos.is_legal(m)));
//! // The engine's score is seen from the side to move (Black); `Display`
//! // and `white()` read it from White's side.
//! let score = result.score().expect("a searched line has a score");
//! assert_eq!((score.turn, score.white()), (Color::Black, -score.black()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use ox88_board::{
    Board, ByColor, CastlingMode, CastlingSide, Color, File, Move, MoveKind, Piece, PovScore, Rank, Role, Score,
    Square, WdlRates,
};
pub use ox88_control::Limits;
pub use ox88_eval::Evaluator;
pub use ox88_movegen::{MoveGen, Notation, Outcome, Position, SanPlus, Termination};
#[cfg(feature = "pgn")]
pub use ox88_pgn::{Game, Reader, Visitor};
pub use ox88_protocol::Engine as _;
#[cfg(feature = "svg")]
pub use ox88_svg::{Arrow, BoardSvg, Tint};

pub use crate::{Ox88, Settings};
