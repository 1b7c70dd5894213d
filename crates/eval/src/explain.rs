//! [`Explanation`]: each term of a classical evaluation, for both sides, in
//! the middlegame, the endgame and blended, printed as a table.

use crate::classical::{blend, Verdict};
use crate::endgame::NORMAL_SCALE;
use crate::terms::Trace;
use crate::{Classical, Score, Term, MAX_PHASE, S};
use ox88_board::{Board, ByColor, Color};
use std::fmt;

impl Classical {
    /// Every term's value for both sides, and how they add up to
    /// [`evaluate`](crate::Evaluator::evaluate)'s score.
    pub fn explain(&mut self, board: &Board) -> Explanation {
        let mut trace = Trace::default();
        let verdict = self.run(board, &mut trace);
        Explanation::new(board.side_to_move(), trace, verdict)
    }
}

/// A classical evaluation taken apart, as [`Classical::explain`] returns it.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::{explain, Classical, Evaluator, Term};
/// let board = Board::startpos();
/// let explanation = explain(&board);
/// assert_eq!(explanation.score(), Classical::new().evaluate(&board));
/// assert_eq!(explanation.term(Term::Material).white, explanation.term(Term::Material).black);
/// println!("{explanation}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    side_to_move: Color,
    trace: Trace,
    verdict: Verdict,
}

impl Explanation {
    pub(crate) fn new(side_to_move: Color, trace: Trace, verdict: Verdict) -> Explanation {
        Explanation { side_to_move, trace, verdict }
    }

    /// The middlegame/endgame values of `term` for each side.
    pub fn term(&self, term: Term) -> ByColor<S> {
        ByColor::new(self.trace.get(term, Color::White), self.trace.get(term, Color::Black))
    }

    /// The sum of all terms, white minus black.
    pub fn total(&self) -> S {
        self.trace.total()
    }

    /// The game phase, 0 (pawn endgame) ..= [`MAX_PHASE`].
    pub fn phase(&self) -> i32 {
        match self.verdict {
            Verdict::Blend { phase, .. } => phase,
            Verdict::InsufficientMaterial => 0,
        }
    }

    /// The endgame scale out of 64 (lower in drawish endgames; 0 when neither
    /// side can mate).
    pub fn scale(&self) -> i32 {
        match self.verdict {
            Verdict::Blend { scale, .. } => scale,
            Verdict::InsufficientMaterial => 0,
        }
    }

    /// Whether the position is a dead draw by material.
    pub fn is_insufficient_material(&self) -> bool {
        self.verdict == Verdict::InsufficientMaterial
    }

    /// The evaluation from white's point of view, in centipawns.
    pub fn white_cp(&self) -> i32 {
        match self.verdict {
            Verdict::Blend { phase, scale } => Score::cp(blend(self.total(), phase, scale)).raw(),
            Verdict::InsufficientMaterial => 0,
        }
    }

    /// The evaluation from the side to move's point of view: what
    /// [`evaluate`](crate::Evaluator::evaluate) returns.
    pub fn score(&self) -> Score {
        let white = self.white_cp();
        Score::cp(self.side_to_move.fold(white, -white))
    }
}

/// Explains `board` with the default classical evaluator (without a pawn
/// table, so the call allocates little).
pub fn explain(board: &Board) -> Explanation {
    Classical::new().with_pawn_table(0).explain(board)
}

/// Writes `mg eg blended` for one pair, in centipawns.
fn cells(f: &mut fmt::Formatter<'_>, value: S, phase: i32) -> fmt::Result {
    write!(f, " {:>6} {:>6} {:>6}", value.mg(), value.eg(), value.taper(phase))
}

/// A table in the manner of Stockfish's `eval` command, in centipawns.
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phase = self.phase();
        let rule = "----------------+----------------------+----------------------+----------------------";
        writeln!(f, "      Term      |        White         |        Black         |        Total")?;
        writeln!(f, "                |     MG     EG  Blend |     MG     EG  Blend |     MG     EG  Blend")?;
        writeln!(f, "{rule}")?;
        for term in Term::ALL {
            let v = self.term(term);
            write!(f, " {:>14} |", term.name())?;
            cells(f, v.white, phase)?;
            f.write_str(" |")?;
            cells(f, v.black, phase)?;
            f.write_str(" |")?;
            cells(f, v.white - v.black, phase)?;
            writeln!(f)?;
        }
        writeln!(f, "{rule}")?;
        write!(f, " {:>14} |{:22}|{:22}|", "Total", "", "")?;
        cells(f, self.total(), phase)?;
        writeln!(f)?;
        writeln!(f)?;
        if self.is_insufficient_material() {
            writeln!(f, "Insufficient material: a dead draw.")?;
        } else {
            writeln!(f, "Phase {phase}/{MAX_PHASE}, endgame scale {}/{NORMAL_SCALE}", self.scale())?;
        }
        writeln!(f, "Final evaluation: {:+} cp (white side), {} (side to move)", self.white_cp(), self.score())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    #[test]
    fn the_explanation_adds_up_to_the_evaluation() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            let e = explain(&board);
            assert_eq!(e.score(), Classical::new().evaluate(&board), "{fen}");
            let table = e.to_string();
            for term in Term::ALL {
                assert!(table.contains(term.name()), "{table}");
            }
        }
    }

    #[test]
    fn insufficient_material_is_reported() {
        let e = explain(&"4k3/8/8/8/8/8/8/4KB2 w - - 0 1".parse().unwrap());
        assert!(e.is_insufficient_material());
        assert_eq!(e.score(), Score::DRAW);
        assert!(e.to_string().contains("dead draw"));
    }
}
