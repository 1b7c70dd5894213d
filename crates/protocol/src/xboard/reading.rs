//! Reading what CECP engines write, for programs that drive them: the extra
//! fields of thinking output, the words of a PV, and moves in every spelling
//! engines use (coordinates, long algebraic with a dash, SAN, `O-O`).

use crate::moves::resolve_uci;
use crate::xboard::{Thinking, XbMove};
use ox88_board::{Board, CastlingMode, CastlingSide, Move, MoveKind, UciMove};
use ox88_movegen::{MoveGen, Notation};

/// The integers some engines put between the node count and the PV:
/// "ply score time nodes \[seldepth \[nps \[tbhits\]\]\] pv".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkingExtras {
    /// The selective depth.
    pub seldepth: Option<u32>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Tablebase hits.
    pub tbhits: Option<u64>,
}

impl Thinking {
    /// The optional integer fields at the start of [`pv`](Self::pv).
    ///
    /// ```
    /// use ox88_protocol::xboard::{Thinking, XbMessage};
    /// let XbMessage::Thinking(t) = "12 35 104 91500 18 880000 0 e2e4 e7e5".parse().unwrap() else { panic!() };
    /// assert_eq!(t.extras().seldepth, Some(18));
    /// assert_eq!(t.extras().nps, Some(880_000));
    /// assert_eq!(t.pv_words(), ["e2e4", "e7e5"]);
    /// ```
    pub fn extras(&self) -> ThinkingExtras {
        let mut numbers = self.pv.split_whitespace().map_while(|w| w.parse::<u64>().ok());
        let seldepth = numbers.next().map(|n| n.min(u64::from(u32::MAX)) as u32);
        ThinkingExtras { seldepth, nps: numbers.next(), tbhits: numbers.next() }
    }

    /// The moves of the PV as words: the leading integer fields, move numbers
    /// ("12.", "3..."), ellipses, parentheses (GNU Chess marks the move it
    /// ponders on as "(exd5)") and annotation marks ("!", "?", "+", "#")
    /// removed.
    pub fn pv_words(&self) -> Vec<&str> {
        self.pv
            .split_whitespace()
            .skip_while(|w| w.parse::<u64>().is_ok())
            .map(|w| w.trim_start_matches('(').trim_end_matches(')').trim_end_matches(['!', '?', '+', '#']))
            .filter(|w| !w.is_empty() && !is_move_number(w))
            .collect()
    }
}

/// "12.", "12...", "..." and the like.
fn is_move_number(word: &str) -> bool {
    word.trim_start_matches(|c: char| c.is_ascii_digit()).chars().all(|c| c == '.')
}

/// The legal move that `text` names on `board`, in whichever spelling a CECP
/// engine used: coordinates ("e2e4", "e7e8q", "e7e8=Q"; castling as the
/// king's move or, in [`CastlingMode::Chess960`], king takes rook: see
/// [`Notation::parse_uci`](ox88_movegen::Notation::parse_uci)), long algebraic
/// ("Ng1-f3", "e4xd5"), SAN ("Nf3", "exd5", "O-O") or `O-O`/`O-O-O`.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_protocol::xboard::read_move;
/// let board = Board::startpos();
/// for text in ["g1f3", "Ng1-f3", "Nf3", "Ng1f3", " g1f3 "] {
///     assert_eq!(read_move(&board, text, CastlingMode::Standard).map(|m| m.to_string()), Some("g1f3".into()));
/// }
/// assert_eq!(read_move(&board, "e2e5", CastlingMode::Standard), None);
/// ```
pub fn read_move(board: &Board, text: &str, mode: CastlingMode) -> Option<Move> {
    let text = text.trim().trim_end_matches(['!', '?', '+', '#']);
    if let Ok(m) = text.parse::<XbMove>() {
        return resolve_xb_move(board, m, mode);
    }
    if let Some(uci) = long_algebraic(text) {
        if let Ok(m) = resolve_uci(board, uci, mode) {
            return Some(m);
        }
    }
    board.parse_san(text).ok()
}

/// The legal move a parsed CECP move names on `board`, if any (never the
/// null move).
pub(crate) fn resolve_xb_move(board: &Board, m: XbMove, mode: CastlingMode) -> Option<Move> {
    match m {
        XbMove::Coord(uci) => resolve_uci(board, uci, mode).ok(),
        XbMove::Castle(side) => castling(board, side),
        XbMove::Null => None,
    }
}

/// The legal castling move of the side to move towards `side`.
fn castling(board: &Board, side: CastlingSide) -> Option<Move> {
    let kind = match side {
        CastlingSide::Short => MoveKind::CastleShort,
        CastlingSide::Long => MoveKind::CastleLong,
    };
    board.legal_moves().into_iter().find(|m| m.kind() == kind)
}

/// "Ng1-f3", "e4xd5", "Pe2-e4", "e7-e8Q" as coordinates.
fn long_algebraic(text: &str) -> Option<UciMove> {
    let body = text.trim_start_matches(['N', 'B', 'R', 'Q', 'K', 'P']);
    let body: String = body.chars().filter(|&c| !matches!(c, '-' | 'x' | ':' | '=')).collect();
    if body.len() < 4 || body.len() > 5 {
        return None;
    }
    body.to_ascii_lowercase().parse().ok().filter(|m| matches!(m, UciMove::Normal { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xboard::XbMessage;

    fn thinking(line: &str) -> Thinking {
        match line.parse() {
            Ok(XbMessage::Thinking(t)) => t,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn pv_words_of_real_engines() {
        // Phalanx XXV, GNU Chess 6.2.7 pondering, Fairy-Max 5.0b, ox88.
        let t = thinking("  6     25     0     3312  Nb1-c3  Nb8-c6  e2-e4  e7-e5");
        assert_eq!(t.pv_words(), ["Nb1-c3", "Nb8-c6", "e2-e4", "e7-e5"]);
        assert_eq!(t.extras(), ThinkingExtras::default());
        assert_eq!(thinking("1 -40 0 19 (exd5) Nf6 Bb5+ Bd7").pv_words(), ["exd5", "Nf6", "Bb5", "Bd7"]);
        assert_eq!(thinking(" 5     10        3      25034 d7d5 e4d5").pv_words(), ["d7d5", "e4d5"]);
        assert_eq!(thinking("9 100003 150 123456 1. Qh5 Nf6 2. Qxf7#").pv_words(), ["Qh5", "Nf6", "Qxf7"]);
        assert_eq!(thinking("9 12 150 123456 3... Nf6 4. d4").pv_words(), ["Nf6", "d4"]);
    }

    #[test]
    fn every_spelling_of_a_move() {
        let board: Board = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1".parse().unwrap();
        let uci = |text: &str| {
            read_move(&board, text, CastlingMode::Standard).map(|m| m.to_uci(CastlingMode::Standard).to_string())
        };
        assert_eq!(uci("e5d6"), Some("e5d6".into()));
        assert_eq!(uci("e5xd6"), Some("e5d6".into()));
        assert_eq!(uci("exd6"), Some("e5d6".into()));
        assert_eq!(uci("b7a8=Q"), Some("b7a8q".into()));
        assert_eq!(uci("bxa8=N+"), Some("b7a8n".into()));
        assert_eq!(uci("b7-b8q"), Some("b7b8q".into()));
        assert_eq!(uci("O-O"), Some("e1g1".into()));
        assert_eq!(uci("e1g1"), Some("e1g1".into()));
        assert_eq!(uci("0-0-0"), Some("e1c1".into()));
        assert_eq!(uci("Ke1-g1"), Some("e1g1".into()));
        for bad in ["", "e5e6e7", "Nf3", "@@@@", "0000", "Ke1-e3", "z9z9"] {
            assert_eq!(uci(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn chess960_castling_as_king_takes_rook() {
        let board: Board = "4k3/8/8/8/8/8/8/5K1R w H - 0 1".parse().unwrap();
        let short = Move::new(ox88_board::Square::F1, ox88_board::Square::H1, MoveKind::CastleShort);
        assert_eq!(read_move(&board, "f1h1", CastlingMode::Chess960), Some(short));
        assert_eq!(read_move(&board, "O-O", CastlingMode::Chess960), Some(short));
        assert_eq!(read_move(&board, "f1g1", CastlingMode::Chess960).map(|m| m.kind()), Some(MoveKind::Quiet));
    }
}
