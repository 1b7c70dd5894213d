//! The friend-game protocol: JSON text frames over a WebSocket.
//!
//! The browser opens `/api/v1/friend/games/{id}/ws` and sends
//! `{"type":"hello","token":…,"sit":true}`; the server answers `welcome`
//! (the seat, and a token if it just gave one) and the game's `state`, then
//! each change as it happens (`move`, `ended`, `draw_offer`, `rematch_offer`,
//! `rematch`, `presence`). A refused request gets `error` with a `code` and
//! a `code` (an [`ErrorCode`], as the HTTP errors have) and a `message`,
//! and changes nothing. The chess words are the chess crates' own, as their
//! `serde` features write them: sides `"white"`/`"black"`, moves in UCI and
//! SAN, the end of a game an `Outcome` (`{"result", "winner",
//! "termination"}`).

use crate::clock::{at, millis};
use crate::game::{Action, FriendGame, GameError, PlayedMove};
use crate::ids::{FriendGameId, SeatToken};
use ox88_board::{ByColor, Color};
use ox88_http::schema::{by_color, ColorSchema, OutcomeSchema};
use ox88_http::ErrorCode;
use ox88_movegen::Outcome;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A frame from the browser: who is there, a ping, or a game [`Action`]
/// (written as the action is: `{"type":"move","uci":"e2e4","ply":0}`,
/// `{"type":"resign"}`, ...).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first frame: who is there. A token makes its holder a player;
    /// without one, `sit` asks for the free seat (else the sender watches).
    Hello {
        /// The seat token kept from an earlier visit.
        #[serde(default)]
        token: Option<SeatToken>,
        /// Whether to take a free seat.
        #[serde(default)]
        sit: bool,
    },
    /// Are you there? (answered `pong`)
    Ping,
    /// A move, a resignation, an offer or an answer to one.
    #[serde(untagged)]
    Act(Action),
}

/// Both clocks as the server sees them when it sends them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClockView {
    /// The game's starting time, in milliseconds.
    pub initial_ms: u64,
    /// The increment per move, in milliseconds.
    pub increment_ms: u64,
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// The side whose time runs, if any.
    #[schema(value_type = Option<ColorSchema>)]
    pub running: Option<Color>,
}

impl ClockView {
    /// The clock of `game` at `now`, if it is timed.
    pub fn of(game: &FriendGame, now: u64) -> Option<ClockView> {
        game.clock().map(|clock| ClockView {
            initial_ms: game.time_control().map_or(0, |control| millis(control.base)),
            increment_ms: game.time_control().map_or(0, |control| millis(control.increment)),
            white_ms: millis(clock.remaining(Color::White, at(now))),
            black_ms: millis(clock.remaining(Color::Black, at(now))),
            running: clock.running(),
        })
    }
}

/// Who is connected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Presence {
    /// Connections holding White's seat.
    pub white: usize,
    /// Connections holding Black's seat.
    pub black: usize,
    /// Connections watching.
    pub spectators: usize,
}

/// The whole game, sent on joining (and after a connection fell behind),
/// and answered by `GET /api/v1/friend/games/{id}`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameView {
    /// The game's id.
    #[schema(value_type = String)]
    pub id: FriendGameId,
    /// The start position, as FEN.
    pub start_fen: String,
    /// The moves so far.
    pub moves: Vec<PlayedMove>,
    /// The position now, as FEN.
    pub fen: String,
    /// The clocks, for a timed game.
    pub clock: Option<ClockView>,
    /// How the game ended, once it has.
    #[schema(value_type = Option<OutcomeSchema>)]
    pub outcome: Option<Outcome>,
    /// The side whose draw offer stands.
    #[schema(value_type = Option<ColorSchema>)]
    pub draw_offer: Option<Color>,
    /// The side whose rematch offer stands.
    #[schema(value_type = Option<ColorSchema>)]
    pub rematch_offer: Option<Color>,
    /// Which seats have been taken.
    #[schema(schema_with = seated_schema)]
    pub seated: ByColor<bool>,
    /// Who is connected.
    pub presence: Presence,
}

/// The schema of [`GameView::seated`].
fn seated_schema() -> utoipa::openapi::Object {
    by_color(utoipa::openapi::Object::with_type(utoipa::openapi::Type::Boolean))
}

impl GameView {
    /// `game` as seen at `now`.
    pub fn of(game: &FriendGame, presence: Presence, now: u64) -> GameView {
        let seats = game.seats();
        GameView {
            id: game.id().clone(),
            start_fen: ox88_board::STARTPOS_FEN.to_owned(),
            moves: game.moves().to_vec(),
            fen: game.position().fen(),
            clock: ClockView::of(game, now),
            outcome: game.ending(),
            draw_offer: game.draw_offer(),
            rematch_offer: game.rematch_offer(),
            seated: seats.clone().map(|seat| seat.is_some()),
            presence,
        }
    }
}

/// A frame from the server.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The seat of this connection (`null`: watching).
        seat: Option<Color>,
        /// The seat's token, when the seat was just taken: keep it.
        token: Option<SeatToken>,
    },
    /// The whole game.
    State {
        /// The game.
        game: GameView,
    },
    /// A move was played.
    Move {
        /// Its index (0: White's first).
        ply: usize,
        /// The move.
        #[serde(flatten)]
        played: PlayedMove,
        /// Both clocks after it.
        clock: Option<ClockView>,
    },
    /// The game ended.
    Ended {
        /// How.
        outcome: Outcome,
        /// The clocks as they stopped.
        clock: Option<ClockView>,
    },
    /// A draw offer stands (`by`), or no longer does (`null`).
    DrawOffer {
        /// The offering side.
        by: Option<Color>,
    },
    /// A rematch offer stands.
    RematchOffer {
        /// The offering side.
        by: Color,
    },
    /// The rematch exists: players keep their tokens, colours swapped.
    Rematch {
        /// The new game's id.
        id: FriendGameId,
    },
    /// Who is connected changed.
    Presence(Presence),
    /// The answer to `ping`.
    Pong,
    /// A request was refused; nothing changed.
    Error {
        /// A stable code (`illegal_move`, `not_your_turn`, ...).
        code: ErrorCode,
        /// What was wrong, for people.
        message: String,
    },
}

impl ServerMessage {
    /// The error frame for a refused action.
    pub fn refused(error: &GameError) -> ServerMessage {
        let code = match error {
            GameError::IllegalMove { .. } => ErrorCode::IllegalMove,
            GameError::NotYourTurn => ErrorCode::NotYourTurn,
            GameError::GameOver => ErrorCode::GameOver,
            GameError::Stale { .. } => ErrorCode::StaleMove,
            GameError::NoOffer => ErrorCode::NoOffer,
            GameError::NotOver => ErrorCode::NotOver,
        };
        ServerMessage::Error { code, message: error.to_string() }
    }

    /// An error frame.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { code, message: message.into() }
    }

    /// The frame's JSON text.
    pub fn to_json(&self) -> String {
        // Serialising these types cannot fail: no maps with non-string keys,
        // no floats, no custom serialisers that refuse.
        serde_json::to_string(self).expect("server messages serialise")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ClientMessage, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn frames_read_as_hello_ping_or_an_action() {
        assert_eq!(read(r#"{"type":"hello","sit":true}"#), Ok(ClientMessage::Hello { token: None, sit: true }));
        assert_eq!(read(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
        assert_eq!(
            read(r#"{"type":"move","uci":"e2e4","ply":0}"#),
            Ok(ClientMessage::Act(Action::Move { uci: "e2e4".into(), ply: 0 }))
        );
        for (name, action) in [
            ("resign", Action::Resign),
            ("offer_draw", Action::OfferDraw),
            ("accept_draw", Action::AcceptDraw),
            ("decline_draw", Action::DeclineDraw),
            ("rematch", Action::Rematch),
        ] {
            assert_eq!(read(&format!(r#"{{"type":"{name}"}}"#)), Ok(ClientMessage::Act(action)), "{name}");
        }
    }

    #[test]
    fn frames_of_no_message_are_refused() {
        for garbage in [
            r#"{"type":"castle"}"#,
            r#"{"type":"move","uci":"e2e4"}"#,
            r#"{"type":"move","uci":"e2e4","ply":0,"extra":1}"#,
            r#"{"uci":"e2e4","ply":0}"#,
            r#"[1,2]"#,
            "not json",
        ] {
            assert!(read(garbage).is_err(), "{garbage}");
        }
    }

    #[test]
    fn a_move_frame_is_the_played_move_flattened() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let played = PlayedMove {
            uci: "e2e4".parse().expect("UCI"),
            san: "e4".parse().expect("SAN"),
            fen: fen.into(),
            clock_ms: Some(59_000),
        };
        let frame = ServerMessage::Move { ply: 0, played, clock: None }.to_json();
        let expected =
            format!(r#"{{"type":"move","ply":0,"uci":"e2e4","san":"e4","fen":"{fen}","clock_ms":59000,"clock":null}}"#);
        assert_eq!(frame, expected);
    }

    #[test]
    fn endings_offers_and_errors_speak_the_chess_words() {
        let mate = Outcome { winner: Some(Color::Black), termination: ox88_movegen::Termination::Checkmate };
        assert_eq!(
            ServerMessage::Ended { outcome: mate, clock: None }.to_json(),
            r#"{"type":"ended","outcome":{"result":"0-1","winner":"black","termination":"checkmate"},"clock":null}"#
        );
        assert_eq!(
            ServerMessage::DrawOffer { by: Some(Color::White) }.to_json(),
            r#"{"type":"draw_offer","by":"white"}"#
        );
        assert_eq!(
            ServerMessage::refused(&GameError::NotYourTurn).to_json(),
            r#"{"type":"error","code":"not_your_turn","message":"it is not your turn"}"#
        );
    }
}
