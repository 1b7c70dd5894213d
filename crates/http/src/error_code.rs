//! [`ErrorCode`]: the stable codes of every error the services answer.

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What went wrong, as a stable code a client can match on. Serialized in
/// snake_case (`invalid_fen`, `too_much_work`); each code has its HTTP
/// status ([`status`](Self::status)). The friend games' WebSocket `error`
/// frames carry the same codes, the last group below among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request is not JSON, or not of the schema.
    Unreadable,
    /// 413: the body is larger than the route accepts.
    TooLarge,
    /// 415: the body is not sent as JSON.
    UnsupportedMediaType,
    /// 422: a FEN that is not a legal position (the message names the
    /// field of the FEN).
    InvalidFen,
    /// 422: a move that is not legal, or not readable, where it is played.
    IllegalMove,
    /// 422: PGN that cannot be read.
    InvalidPgn,
    /// 422: a value of the right type but out of range.
    InvalidValue,
    /// 422: more work than the server allows (too deep, too many moves).
    TooMuchWork,
    /// 404: no such route, or no such game.
    NotFound,
    /// 405: the route does not take this method.
    MethodNotAllowed,
    /// 426: a WebSocket route asked without a WebSocket handshake.
    UpgradeRequired,
    /// 429: this address has as many unfinished friend games as it may.
    TooManyGames,
    /// 429: this address has sent as many new games for review today as it may.
    TooManyReviews,
    /// 429: this visitor's other game review is still running (one at a time).
    ReviewRunning,
    /// 503: every engine stayed busy (see `Retry-After`).
    Busy,
    /// 503: the request took longer than the server allows.
    Timeout,
    /// 503: a store (the friend games', the reviews') failed.
    Storage,
    /// 500: the server failed (counted and logged).
    Internal,
    /// A friend-game move sent when the other side is to move.
    NotYourTurn,
    /// A friend-game action after the game ended.
    GameOver,
    /// A friend-game move sent for another ply (a repeat, or too late).
    StaleMove,
    /// A friend-game answer to a draw offer nobody made.
    NoOffer,
    /// A rematch asked before the game ended.
    NotOver,
    /// A WebSocket frame that is not a message of the protocol.
    BadFrame,
    /// A WebSocket frame before `hello`.
    HelloFirst,
    /// A second `hello`.
    AlreadyJoined,
    /// An action sent by a spectator.
    NotAPlayer,
    /// The game cannot be reached now.
    Unavailable,
}

impl ErrorCode {
    /// Every code.
    pub const ALL: [ErrorCode; 28] = [
        ErrorCode::Unreadable,
        ErrorCode::TooLarge,
        ErrorCode::UnsupportedMediaType,
        ErrorCode::InvalidFen,
        ErrorCode::IllegalMove,
        ErrorCode::InvalidPgn,
        ErrorCode::InvalidValue,
        ErrorCode::TooMuchWork,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::UpgradeRequired,
        ErrorCode::TooManyGames,
        ErrorCode::TooManyReviews,
        ErrorCode::ReviewRunning,
        ErrorCode::Busy,
        ErrorCode::Timeout,
        ErrorCode::Storage,
        ErrorCode::Internal,
        ErrorCode::NotYourTurn,
        ErrorCode::GameOver,
        ErrorCode::StaleMove,
        ErrorCode::NoOffer,
        ErrorCode::NotOver,
        ErrorCode::BadFrame,
        ErrorCode::HelloFirst,
        ErrorCode::AlreadyJoined,
        ErrorCode::NotAPlayer,
        ErrorCode::Unavailable,
    ];

    /// The HTTP status of an answer with this code. The codes of the
    /// WebSocket frames map to the status they would have over HTTP.
    ///
    /// ```
    /// use ox88_http::ErrorCode;
    /// assert_eq!(ErrorCode::InvalidFen.status().as_u16(), 422);
    /// assert_eq!(ErrorCode::Busy.status().as_u16(), 503);
    /// ```
    pub const fn status(self) -> StatusCode {
        match self {
            ErrorCode::Unreadable | ErrorCode::BadFrame | ErrorCode::HelloFirst | ErrorCode::AlreadyJoined => {
                StatusCode::BAD_REQUEST
            }
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::InvalidFen
            | ErrorCode::IllegalMove
            | ErrorCode::InvalidPgn
            | ErrorCode::InvalidValue
            | ErrorCode::TooMuchWork => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::UpgradeRequired => StatusCode::UPGRADE_REQUIRED,
            ErrorCode::TooManyGames | ErrorCode::TooManyReviews | ErrorCode::ReviewRunning => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ErrorCode::Busy | ErrorCode::Timeout | ErrorCode::Storage | ErrorCode::Unavailable => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::NotYourTurn
            | ErrorCode::GameOver
            | ErrorCode::StaleMove
            | ErrorCode::NoOffer
            | ErrorCode::NotOver => StatusCode::CONFLICT,
            ErrorCode::NotAPlayer => StatusCode::FORBIDDEN,
        }
    }

    /// The code as it is serialized: `invalid_fen`, `too_much_work`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Unreadable => "unreadable",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::UnsupportedMediaType => "unsupported_media_type",
            ErrorCode::InvalidFen => "invalid_fen",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::InvalidPgn => "invalid_pgn",
            ErrorCode::InvalidValue => "invalid_value",
            ErrorCode::TooMuchWork => "too_much_work",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::UpgradeRequired => "upgrade_required",
            ErrorCode::TooManyGames => "too_many_games",
            ErrorCode::TooManyReviews => "too_many_reviews",
            ErrorCode::ReviewRunning => "review_running",
            ErrorCode::Busy => "busy",
            ErrorCode::Timeout => "timeout",
            ErrorCode::Storage => "storage",
            ErrorCode::Internal => "internal",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::GameOver => "game_over",
            ErrorCode::StaleMove => "stale_move",
            ErrorCode::NoOffer => "no_offer",
            ErrorCode::NotOver => "not_over",
            ErrorCode::BadFrame => "bad_frame",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::AlreadyJoined => "already_joined",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::Unavailable => "unavailable",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_serialized_as_its_name_and_read_back() {
        for code in ErrorCode::ALL {
            let text = serde_json::to_string(&code).expect("JSON");
            assert_eq!(text, format!("\"{code}\""));
            assert_eq!(serde_json::from_str::<ErrorCode>(&text).expect("read back"), code);
        }
        let mut names: Vec<_> = ErrorCode::ALL.iter().map(|code| code.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorCode::ALL.len(), "one name per code");
    }

    #[test]
    fn answers_are_client_errors_except_the_servers_own_failures() {
        for code in ErrorCode::ALL {
            let status = code.status();
            let servers = matches!(
                code,
                ErrorCode::Busy
                    | ErrorCode::Timeout
                    | ErrorCode::Storage
                    | ErrorCode::Internal
                    | ErrorCode::Unavailable
            );
            assert_eq!(status.is_server_error(), servers, "{code}: {status}");
            assert!(status.is_client_error() || status.is_server_error(), "{code}: {status}");
        }
    }
}
