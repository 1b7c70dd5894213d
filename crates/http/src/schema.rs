//! OpenAPI schemas of the chess words, as the `serde` features of
//! `ox88-board`, `ox88-movegen`, `ox88-control` and `ox88-syzygy` write
//! them, written once here for both services. Each is a marker type that utoipa reads where a field holds
//! the chess type:
//!
//! ```
//! use ox88_board::Color;
//! use ox88_http::schema::ColorSchema;
//!
//! #[derive(serde::Serialize, utoipa::ToSchema)]
//! struct Turn {
//!     /// The side to move.
//!     #[schema(value_type = ColorSchema)]
//!     side: Color,
//! }
//! ```
//!
//! The components are named after the chess types (`Color`, `Outcome`,
//! ...), not after the markers.

use ox88_board::{CastlingSide, Color, GameResult, Role, Score};
use ox88_control::Bound;
use ox88_movegen::Termination;
use ox88_syzygy::Wdl;
use std::borrow::Cow;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::{Object, Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// A string schema: one of `values`, or matching `pattern`.
fn string(description: &str, values: Option<Vec<&'static str>>, pattern: Option<&str>, example: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(values)
        .pattern(pattern)
        .examples([example])
        .into()
}

/// `schema` or null.
fn nullable(schema: impl Into<RefOr<Schema>>) -> Schema {
    OneOfBuilder::new().item(Object::with_type(Type::Null)).item(schema).into()
}

/// Declares a marker type with its component name and schema.
macro_rules! marker {
    ($(#[$doc:meta])* $marker:ident, $name:literal, $schema:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $marker;

        impl PartialSchema for $marker {
            fn schema() -> RefOr<Schema> {
                RefOr::T($schema)
            }
        }

        impl ToSchema for $marker {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

marker!(
    /// `Color`: `white` or `black`.
    ColorSchema,
    "Color",
    string("A side", Some(Color::ALL.map(Color::name).to_vec()), None, "white")
);

marker!(
    /// `Role`: `pawn`, `knight`, `bishop`, `rook`, `queen` or `king`.
    RoleSchema,
    "Role",
    string("A kind of piece", Some(Role::ALL.map(Role::name).to_vec()), None, "knight")
);

marker!(
    /// `Square`: a square's name in lower case, `e4`.
    SquareSchema,
    "Square",
    string("A square", None, Some("^[a-h][1-8]$"), "e4")
);

marker!(
    /// `UciMove`: a move in UCI, `e2e4`, `e7e8q`; castling as the position
    /// writes it (`e1g1`, or the king taking its rook in Chess960).
    UciMoveSchema,
    "UciMove",
    string("A move in UCI", None, Some("^([a-h][1-8][a-h][1-8][nbrq]?|0000)$"), "e2e4")
);

marker!(
    /// `San`: a move in SAN with its check or mate suffix, `Nf3`, `Qxf7#`.
    SanSchema,
    "San",
    string("A move in SAN, with + or # when it checks or mates", None, None, "Nf3")
);

marker!(
    /// `CastlingSide`: `kingside` (towards the h-file) or `queenside`.
    CastlingSideSchema,
    "CastlingSide",
    string("A castling side", Some(CastlingSide::ALL.map(CastlingSide::name).to_vec()), None, "kingside")
);

marker!(
    /// `GameResult`: PGN's marker, `1-0`, `0-1`, `1/2-1/2` or `*`.
    GameResultSchema,
    "GameResult",
    string("A game's result as PGN writes it", Some(GameResult::ALL.map(GameResult::as_str).to_vec()), None, "1-0")
);

marker!(
    /// `Termination`: why a game ended (or may end: a draw to claim),
    /// `checkmate`, `fifty_moves`, `timeout`, ...
    TerminationSchema,
    "Termination",
    string(
        "Why a game ended, or may end (a draw to claim)",
        Some(Termination::ALL.map(Termination::as_str).to_vec()),
        None,
        "checkmate"
    )
);

marker!(
    /// `Bound`: whether a search's score is `exact`, a `lower` bound (the
    /// line failed high) or an `upper` bound (it failed low).
    BoundSchema,
    "Bound",
    string("Whether a score is exact or a bound", Some(Bound::ALL.map(Bound::name).to_vec()), None, "exact")
);

marker!(
    /// `Wdl`: a result by the endgame tables for the side it is given for,
    /// `win`, `cursed_win` (a win the fifty-move rule draws), `draw`,
    /// `blessed_loss` or `loss`.
    WdlSchema,
    "Wdl",
    string(
        "A result by the endgame tables, the fifty-move rule counted",
        Some(Wdl::ALL.map(Wdl::name).to_vec()),
        None,
        "win"
    )
);

/// A 32-bit integer of `-max ..= max`, or null.
fn nullable_integer(description: &str, max: i32) -> Schema {
    let integer = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
        .minimum(Some(-f64::from(max)))
        .maximum(Some(f64::from(max)));
    OneOfBuilder::new().item(Object::with_type(Type::Null)).item(integer).description(Some(description)).into()
}

/// `Score`: `{"cp": 34, "mate": null}` or `{"cp": null, "mate": -2}`,
/// from the point of view the field says (the side to move, for a search).
#[derive(Clone, Copy, Debug)]
pub struct ScoreSchema;

impl PartialSchema for ScoreSchema {
    fn schema() -> RefOr<Schema> {
        let (max_cp, max_mate) = (Score::MATE_BOUND.raw() - 1, Score::MAX_MATE_MOVES);
        ObjectBuilder::new()
            .description(Some("A score: centipawns, or moves to mate (negative: this side is mated), the other null"))
            .property("cp", nullable_integer("Centipawns, or null for a mate score", max_cp))
            .required("cp")
            .property("mate", nullable_integer("Moves to mate, or null", max_mate))
            .required("mate")
            .examples([serde_json::json!({"cp": 34, "mate": null})])
            .into()
    }
}

impl ToSchema for ScoreSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Score")
    }
}

/// `Outcome`: how a game ended, `{"result": "0-1", "winner": "black",
/// "termination": "checkmate"}` (`winner` null for a draw).
#[derive(Clone, Copy, Debug)]
pub struct OutcomeSchema;

impl PartialSchema for OutcomeSchema {
    fn schema() -> RefOr<Schema> {
        let reference = |name: Cow<'static, str>| Ref::from_schema_name(name);
        ObjectBuilder::new()
            .description(Some("How a game ended: its result, the winner (null for a draw) and why"))
            .property("result", reference(GameResultSchema::name()))
            .required("result")
            .property("winner", nullable(reference(ColorSchema::name())))
            .required("winner")
            .property("termination", reference(TerminationSchema::name()))
            .required("termination")
            .into()
    }
}

impl ToSchema for OutcomeSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Outcome")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, schema) in [
            (GameResultSchema::name(), GameResultSchema::schema()),
            (ColorSchema::name(), ColorSchema::schema()),
            (TerminationSchema::name(), TerminationSchema::schema()),
        ] {
            schemas.push((name.into_owned(), schema));
        }
    }
}

/// A `ByColor` of `value`s: `{"white": …, "black": …}`, both required.
///
/// ```
/// let schema = ox88_http::schema::by_color(utoipa::openapi::Object::with_type(utoipa::openapi::Type::Boolean));
/// assert!(serde_json::to_string(&schema)?.contains(r#""required":["white","black"]"#));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn by_color(value: impl Into<RefOr<Schema>> + Clone) -> Object {
    ObjectBuilder::new()
        .property("white", value.clone())
        .required("white")
        .property("black", value)
        .required("black")
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{Square, UciMove};
    use ox88_movegen::Outcome;
    use serde_json::{json, Value};

    /// The schema as JSON.
    fn schema<T: PartialSchema>() -> Value {
        serde_json::to_value(T::schema()).expect("JSON")
    }

    /// The schema's enumerated values.
    fn values<T: PartialSchema>() -> Vec<Value> {
        schema::<T>()["enum"].as_array().cloned().unwrap_or_default()
    }

    /// What serde writes for each of `all`.
    fn written<T: serde::Serialize>(all: impl IntoIterator<Item = T>) -> Vec<Value> {
        all.into_iter().map(|value| serde_json::to_value(value).expect("JSON")).collect()
    }

    #[test]
    fn enumerated_schemas_list_exactly_what_serde_writes() {
        assert_eq!(values::<ColorSchema>(), written(Color::ALL));
        assert_eq!(values::<RoleSchema>(), written(Role::ALL));
        assert_eq!(values::<CastlingSideSchema>(), written(CastlingSide::ALL));
        assert_eq!(values::<GameResultSchema>(), written(GameResult::ALL));
        assert_eq!(values::<TerminationSchema>(), written(Termination::ALL));
        assert_eq!(values::<BoundSchema>(), written(Bound::ALL));
        assert_eq!(values::<WdlSchema>(), written(Wdl::ALL));
    }

    #[test]
    fn the_score_schema_names_the_fields_serde_writes_and_its_range() {
        let schema = schema::<ScoreSchema>();
        assert_eq!(schema["required"], json!(["cp", "mate"]));
        for score in [Score::cp(-34), Score::mate_in(3)] {
            let written = serde_json::to_value(score).expect("JSON");
            let mut keys: Vec<_> = written.as_object().expect("an object").keys().cloned().collect();
            keys.sort();
            assert_eq!(keys, ["cp", "mate"]);
        }
        let cp = &schema["properties"]["cp"]["oneOf"][1];
        let edge = Score::MATE_BOUND.raw() - 1;
        assert_eq!((cp["minimum"].as_f64(), cp["maximum"].as_f64()), (Some(-f64::from(edge)), Some(f64::from(edge))));
        assert!(serde_json::from_value::<Score>(json!({"cp": edge, "mate": null})).is_ok());
        assert!(serde_json::from_value::<Score>(json!({"cp": edge + 1, "mate": null})).is_err());
        let mate = &schema["properties"]["mate"]["oneOf"][1];
        assert_eq!(mate["maximum"].as_f64(), Some(500.0));
        assert!(serde_json::from_value::<Score>(json!({"cp": null, "mate": -500})).is_ok());
        assert!(serde_json::from_value::<Score>(json!({"cp": null, "mate": 501})).is_err());
    }

    #[test]
    fn patterns_match_what_serde_writes() {
        // Checked by hand-written matchers of the same patterns (the crate
        // has no regular expressions): every square, and UCI moves of each
        // shape.
        assert_eq!(schema::<SquareSchema>()["pattern"], json!("^[a-h][1-8]$"));
        for square in Square::all() {
            let text = serde_json::to_value(square).expect("JSON");
            let text = text.as_str().expect("a string").as_bytes();
            assert!(text.len() == 2 && (b'a'..=b'h').contains(&text[0]) && (b'1'..=b'8').contains(&text[1]));
        }
        for uci in ["e2e4", "e7e8q", "h2h1n", "0000"] {
            let m: UciMove = uci.parse().expect("UCI");
            assert_eq!(serde_json::to_value(m).expect("JSON"), json!(uci));
        }
    }

    #[test]
    fn the_outcome_schema_names_the_fields_serde_writes() {
        let outcome = serde_json::to_value(Outcome::draw(Termination::Agreement)).expect("JSON");
        let schema = schema::<OutcomeSchema>();
        let mut written: Vec<_> = outcome.as_object().expect("an object").keys().cloned().collect();
        let mut required: Vec<_> =
            schema["required"].as_array().expect("required").iter().map(|v| v.as_str().unwrap().to_owned()).collect();
        written.sort();
        required.sort();
        assert_eq!(written, required);
        let mut components = Vec::new();
        OutcomeSchema::schemas(&mut components);
        let names: Vec<_> = components.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["GameResult", "Color", "Termination"]);
    }
}
