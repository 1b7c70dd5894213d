//! A game's end in CECP's words: the `RESULT {COMMENT}` an engine writes
//! when a game is over ([`result_message`]), and the reason read back from
//! the comment an engine wrote ([`comment_termination`]).

use crate::xboard::XbMessage;
use ox88_board::Color;
use ox88_movegen::{Outcome, Termination};

/// The engine's announcement of a finished game.
pub(crate) fn result_message(outcome: Outcome) -> XbMessage {
    let comment = match (outcome.termination, outcome.winner) {
        (Termination::Checkmate, Some(Color::White)) => "White mates",
        (Termination::Checkmate, Some(Color::Black)) => "Black mates",
        (Termination::Stalemate, _) => "Stalemate",
        (Termination::InsufficientMaterial, _) => "Insufficient material",
        (Termination::FiftyMoves, _) => "50 move rule",
        (Termination::SeventyFiveMoves, _) => "75 move rule",
        (Termination::ThreefoldRepetition | Termination::FivefoldRepetition, _) => "Draw by repetition",
        // Not decided by the position: an engine announces none of these.
        (Termination::Checkmate | Termination::Timeout | Termination::Resignation | Termination::Agreement, _) => {
            outcome.termination.as_str()
        }
    };
    XbMessage::Result { result: outcome.result(), comment: comment.to_owned() }
}

/// The reason a CECP result comment names, if it names one the rules
/// know. The comment is free text (`1-0 {White mates}`, `1/2-1/2 {Draw by
/// repetition}`, `0-1 {White resigns}`): it is read by its words, in any
/// case: "insufficient", "stalemate", "mate", "75" or "seventy", "50" or
/// "fifty", "repetition" ("5-fold" or "fivefold" for the fifth), "resign",
/// "time" or "flag", "agree".
///
/// ```
/// use ox88_movegen::Termination;
/// use ox88_protocol::xboard::comment_termination;
/// assert_eq!(comment_termination("White mates"), Some(Termination::Checkmate));
/// assert_eq!(comment_termination("Draw by 3-fold repetition"), Some(Termination::ThreefoldRepetition));
/// assert_eq!(comment_termination("Black resigns"), Some(Termination::Resignation));
/// assert_eq!(comment_termination("adjudication"), None);
/// ```
pub fn comment_termination(comment: &str) -> Option<Termination> {
    let text = comment.to_ascii_lowercase();
    COMMENT_WORDS.iter().find(|(words, _)| words.iter().any(|word| text.contains(word))).map(|&(_, t)| t)
}

/// The words of each reason, in the order they are looked for: "material"
/// and "stalemate" contain "mate", so they come before it.
const COMMENT_WORDS: [(&[&str], Termination); 10] = [
    (&["insufficient"], Termination::InsufficientMaterial),
    (&["stalemate"], Termination::Stalemate),
    (&["mate"], Termination::Checkmate),
    (&["75", "seventy"], Termination::SeventyFiveMoves),
    (&["50", "fifty"], Termination::FiftyMoves),
    (&["5-fold", "fivefold", "fifth"], Termination::FivefoldRepetition),
    (&["repetition"], Termination::ThreefoldRepetition),
    (&["resign"], Termination::Resignation),
    (&["time", "flag"], Termination::Timeout),
    (&["agree"], Termination::Agreement),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comments_written_read_back() {
        let decided = [
            Outcome::checkmate(Color::White),
            Outcome::checkmate(Color::Black),
            Outcome::draw(Termination::Stalemate),
            Outcome::draw(Termination::InsufficientMaterial),
            Outcome::draw(Termination::FiftyMoves),
            Outcome::draw(Termination::SeventyFiveMoves),
            Outcome::draw(Termination::ThreefoldRepetition),
        ];
        for outcome in decided {
            let XbMessage::Result { result, comment } = result_message(outcome) else { panic!("a result") };
            assert_eq!((result, comment_termination(&comment)), (outcome.result(), Some(outcome.termination)));
        }
        for (comment, termination) in [
            ("Draw by fifty moves rule", Termination::FiftyMoves),
            ("Draw by insufficient mating material", Termination::InsufficientMaterial),
            ("White wins on time", Termination::Timeout),
            ("Draw agreed", Termination::Agreement),
            ("Draw by 5-fold repetition", Termination::FivefoldRepetition),
        ] {
            assert_eq!(comment_termination(comment), Some(termination), "{comment}");
        }
    }
}
