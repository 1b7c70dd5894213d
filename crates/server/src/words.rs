//! The chess words of the JSON answers are the chess crates' own types,
//! serialized by their `serde` features (`ox88::board::Color` as `"white"`,
//! `Role` as `"knight"`, `CastlingSide` as `"kingside"`,
//! `ox88::movegen::Outcome` as `{"result", "winner", "termination"}`). The
//! server's mirrors of them are gone; these names stay one release for the
//! code that used them.

/// A side.
#[deprecated(note = "the JSON answers use ox88::board::Color")]
pub type Side = ox88::board::Color;

/// A kind of piece.
#[deprecated(note = "the JSON answers use ox88::board::Role")]
pub type PieceKind = ox88::board::Role;

/// A castling side (its variants are `Short` and `Long`).
#[deprecated(note = "the JSON answers use ox88::board::CastlingSide")]
pub type CastleSide = ox88::board::CastlingSide;

/// How a game ended (its `reason` is now `termination`).
#[deprecated(note = "the JSON answers use ox88::movegen::Outcome")]
pub type GameEnd = ox88::movegen::Outcome;
