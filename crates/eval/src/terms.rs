//! The terms of the classical evaluation, a set of them to switch terms on
//! and off, and the per-term accumulator that evaluation and explanation share.

use crate::S;
use ox88_board::{ByColor, Color};
use std::fmt;

/// One term of the classical evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Material.
    Material = 0,
    /// Piece-square tables.
    PieceSquare = 1,
    /// Pawn structure: isolated, doubled, backward, connected (hashed).
    PawnStructure = 2,
    /// Passed pawns.
    PassedPawns = 3,
    /// Mobility over safe squares.
    Mobility = 4,
    /// King safety: shelter, storm, attacks on the king zone.
    KingSafety = 5,
    /// Pieces: bishop pair, outposts, rooks and queens on files and the
    /// seventh rank, trapped pieces.
    Pieces = 6,
    /// Threats on pieces and hanging pieces.
    Threats = 7,
    /// Mop-up: driving a lone king to the edge.
    Mopup = 8,
    /// The bonus of the side to move.
    Tempo = 9,
}

impl Term {
    /// How many terms there are.
    pub const COUNT: usize = 10;
    /// Every term, in evaluation order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::PieceSquare,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::Mobility,
        Term::KingSafety,
        Term::Pieces,
        Term::Threats,
        Term::Mopup,
        Term::Tempo,
    ];

    /// The term's name, as the explanation table prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::PawnStructure => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::Pieces => "Pieces",
            Term::Threats => "Threats",
            Term::Mopup => "Mop-up",
            Term::Tempo => "Tempo",
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Term`]s: which terms the classical evaluator computes. Playing
/// an engine with and without one term is how a term earns its place.
///
/// ```
/// use ox88_eval::{Term, Terms};
/// let terms = Terms::ALL.without(Term::Threats);
/// assert!(!terms.contains(Term::Threats));
/// assert!(terms.contains(Term::Mobility));
/// assert_eq!(Terms::NONE.with(Term::Material), Terms::only(Term::Material));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terms(u16);

impl Terms {
    /// No term.
    pub const NONE: Terms = Terms(0);
    /// Every term.
    pub const ALL: Terms = Terms((1 << Term::COUNT) - 1);

    /// The set holding only `term`.
    pub const fn only(term: Term) -> Terms {
        Terms(1 << term as u16)
    }
    /// This set with `term` added.
    pub const fn with(self, term: Term) -> Terms {
        Terms(self.0 | 1 << term as u16)
    }
    /// This set with `term` removed.
    pub const fn without(self, term: Term) -> Terms {
        Terms(self.0 & !(1 << term as u16))
    }
    /// Whether `term` is in the set.
    #[inline(always)]
    pub const fn contains(self, term: Term) -> bool {
        self.0 & 1 << term as u16 != 0
    }
}

impl Default for Terms {
    fn default() -> Terms {
        Terms::ALL
    }
}

/// Each term's value for each side, as the evaluation accumulates it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    pub(crate) values: [ByColor<S>; Term::COUNT],
}

impl Trace {
    /// Adds `value` to `term` for `color`.
    #[inline(always)]
    pub(crate) fn add(&mut self, term: Term, color: Color, value: S) {
        self.values[term as usize][color] += value;
    }
    /// The value of `term` for `color`.
    pub(crate) fn get(&self, term: Term, color: Color) -> S {
        self.values[term as usize][color]
    }
    /// The sum of all terms, white minus black.
    #[inline]
    pub(crate) fn total(&self) -> S {
        self.values.iter().fold(S::ZERO, |sum, v| sum + v.white - v.black)
    }
}
