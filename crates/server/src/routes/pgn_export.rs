//! `POST /api/v1/pgn/export`: games as JSON to PGN export text, written by
//! ox88-pgn. A move is SAN or UCI text, or an object with what is written
//! around it (comments, the clock as a `[%clk]` command, NAGs, variations):
//! the shape `POST /api/v1/pgn/import` answers, so a game read can be
//! written back.

use crate::input::{read_move, PositionInput};
use crate::routes::pgn::Tag;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use ox88::board::GameResult;
use ox88::pgn::{annotation, Game, Line, MoveToken, Nag, Node};
use ox88::Position;
use ox88_http::schema::GameResultSchema;
use ox88_http::{ApiError, ApiJson, ErrorResponse};
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

/// Games to write as PGN.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PgnExportRequest {
    /// The games.
    pub games: Vec<GameInput>,
}

/// A game to write: its tags, its start, its moves (a tree, with what is
/// written around each), its result.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GameInput {
    /// Tag pairs, written in export order (the Seven Tag Roster first).
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// The start as FEN, as a position request names it. Absent: the
    /// standard start, or `chess960_start`.
    #[serde(default)]
    pub fen: Option<String>,
    /// Chess960 starting position 0..959, instead of a FEN.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 959)]
    pub chess960_start: Option<u16>,
    /// Read the FEN leniently (see the position request).
    #[serde(default)]
    pub lenient: bool,
    /// Castling as the king taking its rook (Chess960). Absent: Chess960
    /// when the start needs it.
    #[serde(default)]
    pub chess960: Option<bool>,
    /// The comment before the first move.
    #[serde(default)]
    pub comment: Option<String>,
    /// The main line: each move SAN or UCI text, or a [`MoveInput`] object.
    #[serde(default)]
    pub moves: Vec<MoveInput>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`. Absent: the result of a main line
    /// the rules end (checkmate, stalemate, insufficient material, the
    /// seventy-five-move rule, fivefold repetition), with `[Termination
    /// "normal"]`; else `*`.
    #[serde(default)]
    #[schema(value_type = Option<GameResultSchema>)]
    pub result: Option<GameResult>,
}

/// One move to write: its text alone, or with what is written around it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MoveInput {
    /// The move in SAN or UCI.
    Text(String),
    /// The move with its comments, clock, NAGs and variations.
    Annotated(AnnotatedMove),
}

/// A move with what is written around it: the shape of an imported game's
/// move (its `san` and `fen` are not needed and not read when `uci` is
/// there).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnnotatedMove {
    /// The move in UCI; read first when both notations are given.
    #[serde(default)]
    pub uci: Option<String>,
    /// The move in SAN, when `uci` is absent.
    #[serde(default)]
    pub san: Option<String>,
    /// Annotation glyphs (`!` is 1).
    #[serde(default)]
    pub nags: Vec<u8>,
    /// The comment before the move.
    #[serde(default)]
    pub comment_before: Option<String>,
    /// The comment after the move.
    #[serde(default)]
    pub comment: Option<String>,
    /// The mover's clock after the move, in milliseconds: written as the
    /// comment's `[%clk h:mm:ss]` command.
    #[serde(default)]
    pub clock_ms: Option<u64>,
    /// Alternatives to this move, each a line from the position before it.
    #[serde(default)]
    #[schema(no_recursion)]
    pub variations: Vec<Vec<MoveInput>>,
}

/// Writes games as PGN export text (`application/x-chess-pgn`): the tags
/// in export order, the moves in SAN checked against the positions, with
/// their comments, clocks, NAGs and variations, and the result.
#[utoipa::path(
    post,
    path = "/api/v1/pgn/export",
    tag = "pgn",
    request_body = PgnExportRequest,
    responses(
        (status = 200, description = "PGN in export format", body = String, content_type = "application/x-chess-pgn"),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad start, move or tag (`field` names the game and move), or more moves \
                                      than the server writes", body = ErrorResponse),
    )
)]
pub async fn export(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<PgnExportRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let max = state.config.max_pgn_games;
    if request.games.len() > max {
        return Err(ApiError::too_much_work(
            "games",
            format!("{} games; this server writes at most {max}", request.games.len()),
        ));
    }
    let mut text = String::new();
    for (number, input) in request.games.iter().enumerate() {
        text.push_str(&write_game(input, &format!("games[{number}]."), state.config.max_moves)?.to_string());
    }
    Ok(([(header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8")], text))
}

/// `input` as a game of ox88-pgn, every move checked; `prefix` names it in
/// errors; at most `max_moves` moves in all, variations included.
fn write_game(input: &GameInput, prefix: &str, max_moves: usize) -> Result<Game, ApiError> {
    let start = PositionInput {
        fen: input.fen.clone(),
        chess960_start: input.chess960_start,
        lenient: input.lenient,
        chess960: input.chess960,
        moves: Vec::new(),
    };
    let position = start.start(prefix)?.position;
    let mut game = Game::new();
    game.set_start(&position);
    for (index, tag) in input.tags.iter().enumerate() {
        check_tag(tag).map_err(|message| ApiError::invalid(format!("{prefix}tags[{index}]"), message))?;
        game.headers.set(tag.name.clone(), tag.value.clone());
    }
    let mut budget = max_moves;
    game.moves = line(&input.moves, position, &format!("{prefix}moves"), &mut budget)?;
    if let Some(comment) = &input.comment {
        match game.moves.nodes.first_mut() {
            Some(first) => first.comment_before = Some(comment.clone()),
            None => game.moves.comment = Some(comment.clone()),
        }
    }
    // A game the rules ended (mate, stalemate ...) carries its result, unless one is given.
    let over = if input.result.is_none() { game.end_position().ok().and_then(|end| end.outcome()) } else { None };
    match over {
        Some(outcome) => game.set_outcome(outcome),
        None => {
            let result = input.result.unwrap_or_default();
            game.result = Some(result);
            game.headers.set("Result", result.as_str());
        }
    }
    Ok(game)
}

/// The moves of `moves` from `position` as a line, each checked; `field`
/// names the list in errors; `budget` counts the moves left to read.
fn line(moves: &[MoveInput], mut position: Position, field: &str, budget: &mut usize) -> Result<Line, ApiError> {
    *budget = budget.checked_sub(moves.len()).ok_or_else(|| {
        ApiError::too_much_work(field, "the game has more moves, variations included, than this server writes")
    })?;
    let mut line = Line::default();
    for (index, input) in moves.iter().enumerate() {
        let here = format!("{field}[{index}]");
        let (text, annotated) = match input {
            MoveInput::Text(text) => (text.as_str(), None),
            MoveInput::Annotated(annotated) => {
                let text =
                    annotated.uci.as_deref().or(annotated.san.as_deref()).ok_or_else(|| {
                        ApiError::invalid(here.clone(), format!("move {index}: give its uci or its san"))
                    })?;
                (text, Some(annotated))
            }
        };
        let m = read_move(&position, text, index, "").map_err(|error| error.field(here.clone()))?;
        // read_move returns only legal moves.
        let mut node = Node::new(MoveToken::San(position.san(m).expect("a legal move")));
        if let Some(annotated) = annotated {
            node.nags = annotated.nags.iter().map(|&nag| Nag(nag)).collect();
            node.comment_before = annotated.comment_before.clone();
            node.comment = annotated.comment.clone();
            annotation::set_clock(&mut node.comment, annotated.clock_ms.map(Duration::from_millis));
            for (number, variation) in annotated.variations.iter().enumerate() {
                let path = format!("{here}.variations[{number}]");
                node.variations.push(self::line(variation, position.clone(), &path, budget)?);
            }
        }
        position.play_unchecked(m);
        line.nodes.push(node);
    }
    Ok(line)
}

/// Whether `tag` can be written: a name of letters, digits and `_`
/// starting with a letter (PGN 8.1.1), a value without control characters.
fn check_tag(tag: &Tag) -> Result<(), String> {
    let mut chars = tag.name.chars();
    let name_ok =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !name_ok {
        return Err(format!("tag name {:?} is not letters, digits and _", tag.name));
    }
    if ["FEN", "SetUp", "Variant"].contains(&tag.name.as_str()) {
        return Err(format!("the {} tag comes from the game's start: give fen or chess960_start", tag.name));
    }
    if tag.value.chars().any(char::is_control) {
        return Err(format!("tag {} has a control character in its value", tag.name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(json: serde_json::Value) -> Result<String, ApiError> {
        let input: GameInput = serde_json::from_value(json).expect("a game");
        write_game(&input, "games[0].", 1_000).map(|game| game.to_string())
    }

    #[test]
    fn a_tree_with_comments_clocks_nags_and_variations_is_written() {
        let pgn = game(serde_json::json!({
            "tags": [{"name": "White", "value": "A"}],
            "comment": "A short game",
            "moves": [
                {"uci": "e2e4", "clock_ms": 298_000, "nags": [1]},
                {"san": "e5", "comment": "solid", "variations": [["c5", {"uci": "g1f3", "comment": "open"}]]},
                "Nf3",
            ],
            "result": "*",
        }))
        .expect("written");
        // Export lines are wrapped at 80 columns: read the movetext as one line.
        let movetext = pgn.split("\n\n").nth(1).expect("movetext").replace('\n', " ").replace(" )", ")");
        assert_eq!(
            movetext.trim(),
            "{A short game} 1. e4 $1 {[%clk 0:04:58]} 1... e5 {solid} (1... c5 2. Nf3 {open}) 2. Nf3 *"
        );
        assert!(pgn.contains("[White \"A\"]") && pgn.contains("[Result \"*\"]"), "{pgn}");
    }

    #[test]
    fn a_game_the_rules_ended_carries_its_result() {
        let mate = game(serde_json::json!({"moves": ["f3", "e5", "g4", "Qh4#"]})).expect("written");
        assert!(mate.contains("[Result \"0-1\"]") && mate.contains("[Termination \"normal\"]"), "{mate}");
        assert!(mate.ends_with("2. g4 Qh4# 0-1\n\n"), "{mate}");
        // A result given is written as given; a game that goes on is `*`.
        let given = game(serde_json::json!({"moves": ["f3", "e5", "g4", "Qh4#"], "result": "*"})).expect("written");
        assert!(given.contains("[Result \"*\"]") && !given.contains("Termination"), "{given}");
        let open = game(serde_json::json!({"moves": ["f3", "e5"]})).expect("written");
        assert!(open.contains("[Result \"*\"]") && open.ends_with("1. f3 e5 *\n\n"), "{open}");
    }

    #[test]
    fn bad_moves_are_named_by_their_place_in_the_tree() {
        let error = game(serde_json::json!({"moves": ["e4", {"san": "e5", "variations": [["c5", "Nf6"]]}]}))
            .expect_err("Nf6 is not legal after 1... c5");
        assert_eq!(error.body.field.as_deref(), Some("games[0].moves[1].variations[0][1]"), "{error}");
        let error = game(serde_json::json!({"moves": [{"comment": "no move"}]})).expect_err("no move");
        assert_eq!(error.body.field.as_deref(), Some("games[0].moves[0]"), "{error}");
        let input: GameInput =
            serde_json::from_value(serde_json::json!({"moves": ["e4", {"uci": "e7e5", "variations": [["c5"]]}]}))
                .expect("a game");
        let error = write_game(&input, "games[0].", 2).expect_err("three moves, two allowed");
        assert_eq!(error.body.field.as_deref(), Some("games[0].moves[1].variations[0]"), "{error}");
    }
}
