//! [`FriendGame`]: a game between two people, its rules kept by ox88's
//! [`Position`] and its time by the server's [`GameClock`].
//!
//! Plain data and plain functions: every action either changes the game and
//! says what changed ([`Change`]) or is refused with a [`GameError`] and
//! changes nothing. The game task ([`crate::hub`]) stores and broadcasts the
//! changes.

use crate::clock::{at, millis, GameClock, TimeControl};
use crate::ids::{FriendGameId, SeatToken};
use ox88_board::{ByColor, Color, UciMove};
use ox88_http::schema::{SanSchema, UciMoveSchema};
use ox88_movegen::{Outcome, Position, SanPlus, Termination};

/// A move as played: its UCI and SAN, the position after it, and the
/// mover's time left after it; sent as it is in the protocol's `move` and
/// `state` frames.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct PlayedMove {
    /// The move in UCI notation (`e2e4`, `e7e8q`).
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The move in SAN with its check suffix (`e4`, `Qxf7#`).
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// The position after the move, as FEN.
    pub fen: String,
    /// The mover's time left after the move (increment included), in
    /// milliseconds, for timed games.
    pub clock_ms: Option<u64>,
}

/// What a player asks of the game; in the protocol, a frame of its own
/// (`{"type":"offer_draw"}`, see [`crate::protocol`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Play a move (UCI text), as the game's `ply`-th move (0 for White's
    /// first): a move sent twice, or after the game moved on, is refused.
    Move {
        /// The move in UCI notation.
        uci: String,
        /// The number of moves played before it.
        ply: usize,
    },
    /// Give up.
    Resign,
    /// Offer a draw (or accept one offered by the opponent).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Offer a rematch after the game (or accept the opponent's offer).
    Rematch,
}

/// What an action changed, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was played: its index and the move.
    Moved(usize, PlayedMove),
    /// The game ended.
    Ended(Outcome),
    /// A side offered a draw.
    DrawOffered(Color),
    /// The draw offer was declined or lapsed.
    DrawOfferWithdrawn,
    /// A side offered a rematch.
    RematchOffered(Color),
    /// Both sides want a rematch: the hub creates it, colours swapped.
    RematchAgreed,
}

/// Why an action was refused. The game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not legal here, or not readable as UCI.
    #[error("illegal move {uci:?}: {reason}")]
    IllegalMove {
        /// The move's text as sent.
        uci: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// The other side is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The move was sent for another ply (a repeat, or a move made before
    /// the sender saw the last one).
    #[error("the move was sent for ply {sent}, but the game is at ply {current}")]
    Stale {
        /// The ply the sender thought it was.
        sent: usize,
        /// The game's ply.
        current: usize,
    },
    /// There is no offer to accept or decline.
    #[error("there is no offer to answer")]
    NoOffer,
    /// A rematch is for finished games.
    #[error("the game is still going on")]
    NotOver,
}

/// A game between two people.
#[derive(Clone, Debug)]
pub struct FriendGame {
    id: FriendGameId,
    position: Position,
    moves: Vec<PlayedMove>,
    clock: Option<GameClock>,
    seats: ByColor<Option<SeatToken>>,
    ending: Option<Outcome>,
    draw_offer: Option<Color>,
    rematch_offer: Option<Color>,
}

impl FriendGame {
    /// A new game from the start position; `seats` holds White's and Black's
    /// tokens, `None` for a seat nobody has taken yet.
    pub fn new(id: FriendGameId, control: Option<TimeControl>, seats: ByColor<Option<SeatToken>>) -> FriendGame {
        FriendGame {
            id,
            position: Position::startpos(),
            moves: Vec::new(),
            clock: control.map(GameClock::new),
            seats,
            ending: None,
            draw_offer: None,
            rematch_offer: None,
        }
    }

    /// A stored game brought back: its moves replayed (each checked again),
    /// its clock as after the last move, running for the side to move from
    /// `now` if the game goes on. `None` if a stored move is not legal (a
    /// damaged store).
    pub fn restore(
        mut game: FriendGame,
        moves: &[String],
        times: Option<(u64, u64)>,
        ending: Option<Outcome>,
        now: u64,
    ) -> Option<FriendGame> {
        for uci in moves {
            let m = game.position.parse_uci(uci).ok()?;
            let (san, uci) = (game.position.san(m).ok()?, game.position.uci(m));
            game.position.play(m).ok()?;
            game.moves.push(PlayedMove { uci, san, fen: game.position.fen(), clock_ms: None });
        }
        if let (Some(clock), Some((white, black))) = (&mut game.clock, times) {
            *clock = clock.clone().with_remaining(ByColor::new(at(white), at(black)));
            if ending.is_none() && game.moves.len() >= 2 {
                clock.start(game.position.side_to_move(), at(now));
            }
        }
        game.ending = ending;
        Some(game)
    }

    /// Sets the clock times stored with each move (for the PGN's comments).
    pub fn set_move_clocks(&mut self, clocks: &[Option<u64>]) {
        for (m, clock) in self.moves.iter_mut().zip(clocks) {
            m.clock_ms = *clock;
        }
    }

    /// The game's id.
    pub fn id(&self) -> &FriendGameId {
        &self.id
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The clock, for timed games.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The time control, for timed games (the same for both sides).
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.as_ref().and_then(|clock| clock.control(Color::White))
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Outcome> {
        self.ending
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The side whose rematch offer stands.
    pub fn rematch_offer(&self) -> Option<Color> {
        self.rematch_offer
    }

    /// White's and Black's seat tokens, `None` for a seat not yet taken.
    pub fn seats(&self) -> &ByColor<Option<SeatToken>> {
        &self.seats
    }

    /// The colour `token` plays, if it is one of this game's seats.
    pub fn seat_of(&self, token: &SeatToken) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.seats[c].as_ref() == Some(token))
    }

    /// A seat nobody has taken, White's first.
    pub fn free_seat(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.seats[c].is_none())
    }

    /// Gives `color`'s seat a new token, returned to give to its player.
    pub fn take_seat(&mut self, color: Color) -> SeatToken {
        let token = SeatToken::random();
        self.seats[color] = Some(token.clone());
        token
    }

    /// Ends the game on time if the side to move has run out at `now`.
    pub fn check_flag(&mut self, now: u64) -> Option<Change> {
        if self.ending.is_some() {
            return None;
        }
        let flagged = self.clock.as_ref()?.flagged(at(now))?.0;
        // A side whose opponent has only a king cannot lose on time: no
        // series of moves could mate it (FIDE 6.9).
        let winner = !flagged;
        let lone_king = self.position.board().pieces(winner).len() == 1;
        let ending = Outcome { winner: (!lone_king).then_some(winner), termination: Termination::Timeout };
        Some(self.end(ending, now))
    }

    /// `seat` does `action` at `now`: what changed, or why nothing did.
    pub fn apply(&mut self, seat: Color, action: Action, now: u64) -> Result<Vec<Change>, GameError> {
        if let Some(flag) = self.check_flag(now) {
            // The action came too late; the flag is the change to report.
            return Ok(vec![flag]);
        }
        match action {
            Action::Move { uci, ply } => self.play(seat, &uci, ply, now),
            Action::Resign => {
                self.ongoing()?;
                let ending = Outcome { winner: Some(!seat), termination: Termination::Resignation };
                Ok(vec![self.end(ending, now)])
            }
            Action::OfferDraw if self.draw_offer == Some(!seat) => self.apply(seat, Action::AcceptDraw, now),
            Action::OfferDraw => {
                self.ongoing()?;
                self.draw_offer = Some(seat);
                Ok(vec![Change::DrawOffered(seat)])
            }
            Action::AcceptDraw => {
                self.ongoing()?;
                if self.draw_offer != Some(!seat) {
                    return Err(GameError::NoOffer);
                }
                Ok(vec![self.end(Outcome { winner: None, termination: Termination::Agreement }, now)])
            }
            Action::DeclineDraw => {
                self.ongoing()?;
                if self.draw_offer != Some(!seat) {
                    return Err(GameError::NoOffer);
                }
                self.draw_offer = None;
                Ok(vec![Change::DrawOfferWithdrawn])
            }
            Action::Rematch => {
                if self.ending.is_none() {
                    return Err(GameError::NotOver);
                }
                if self.rematch_offer == Some(!seat) {
                    self.rematch_offer = None;
                    return Ok(vec![Change::RematchAgreed]);
                }
                self.rematch_offer = Some(seat);
                Ok(vec![Change::RematchOffered(seat)])
            }
        }
    }

    fn ongoing(&self) -> Result<(), GameError> {
        match self.ending {
            Some(_) => Err(GameError::GameOver),
            None => Ok(()),
        }
    }

    fn end(&mut self, ending: Outcome, now: u64) -> Change {
        self.ending = Some(ending);
        self.draw_offer = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(at(now));
        }
        Change::Ended(ending)
    }

    fn play(&mut self, seat: Color, uci: &str, ply: usize, now: u64) -> Result<Vec<Change>, GameError> {
        self.ongoing()?;
        if seat != self.position.side_to_move() {
            return Err(GameError::NotYourTurn);
        }
        if ply != self.moves.len() {
            return Err(GameError::Stale { sent: ply, current: self.moves.len() });
        }
        let illegal = |reason: String| GameError::IllegalMove { uci: uci.chars().take(12).collect(), reason };
        let m = self.position.parse_uci(uci).map_err(|e| illegal(e.to_string()))?;
        let san = self.position.san(m).map_err(|e| illegal(e.to_string()))?;
        let uci = self.position.uci(m);
        let mut clock_ms = None;
        if let Some(clock) = &mut self.clock {
            // Each side's first move is untimed, as on most servers: nobody
            // loses on time before they have sat down. White's first move
            // leaves the clock standing; Black's starts White's time.
            if ply >= 1 {
                if let Err(flag) = clock.press(seat, at(now)) {
                    // Checked above; kept as a guard should time pass in between.
                    let ending = Outcome { winner: Some(!flag.0), termination: Termination::Timeout };
                    return Ok(vec![self.end(ending, now)]);
                }
            }
            clock_ms = Some(millis(clock.remaining(seat, at(now))));
        }
        self.position.play(m).map_err(|e| illegal(e.to_string()))?;
        let played = PlayedMove { uci, san, fen: self.position.fen(), clock_ms };
        self.moves.push(played.clone());
        let mut changes = vec![Change::Moved(ply, played)];
        if self.draw_offer == Some(!seat) {
            self.draw_offer = None;
            changes.push(Change::DrawOfferWithdrawn);
        }
        // The rules end the game (mate, stalemate, the draws); claimable
        // draws are claimed at once: nobody plays on at a threefold
        // repetition in a friendly game.
        if let Some(outcome) = self.position.outcome_or_claimable_draw() {
            changes.push(self.end(outcome, now));
        }
        Ok(changes)
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
