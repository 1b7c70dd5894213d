//! [`Classical`]: the tapered hand-written evaluator.

use crate::attacks::Attacks;
use crate::endgame::{self, NORMAL_SCALE};
use crate::pawns::{PawnEntry, PawnTable};
use crate::terms::Trace;
use crate::{king, passed, pieces, threats, Evaluator, Score, Term, Terms, Weights, MAX_PHASE, S};
use ox88_board::{Board, Color, Piece, Role};

/// The classical evaluator: material, piece-square tables, pawn structure,
/// passed pawns, mobility, king safety, piece placement, threats and endgame
/// knowledge, each term a middlegame/endgame pair blended by the game phase.
///
/// It owns a pawn hash table, allocated once at construction; evaluating
/// allocates nothing.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::{Classical, Evaluator, Term, Terms};
/// let mut eval = Classical::new();
/// let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
/// assert!(eval.evaluate(&board).raw() > 800);
///
/// // Terms can be switched off, e.g. to measure what one is worth in games.
/// let mut without_threats = Classical::new().with_terms(Terms::ALL.without(Term::Threats));
/// assert!(without_threats.evaluate(&board).raw() > 800);
/// ```
#[derive(Clone, Debug)]
pub struct Classical {
    weights: Box<Weights>,
    terms: Terms,
    pawns: PawnTable,
}

/// What the evaluation found besides the terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Neither side can mate: the score is exactly a draw.
    InsufficientMaterial,
    /// Blend the terms with this phase and endgame scale.
    Blend {
        /// 0 (pawn endgame) ..= [`MAX_PHASE`].
        phase: i32,
        /// Out of 64, applied to the endgame half.
        scale: i32,
    },
}

impl Classical {
    /// Pawn-table entries by default (about 1 MiB).
    pub const DEFAULT_PAWN_ENTRIES: usize = 1 << 14;

    /// The default weights, every term, the default pawn table.
    pub fn new() -> Classical {
        Classical::with_weights(Weights::default())
    }

    /// An evaluator with the given weights.
    pub fn with_weights(weights: Weights) -> Classical {
        Classical {
            weights: Box::new(weights),
            terms: Terms::ALL,
            pawns: PawnTable::new(Classical::DEFAULT_PAWN_ENTRIES),
        }
    }

    /// This evaluator with a pawn table of `entries` entries (rounded down to
    /// a power of two); 0 computes the pawn structure at every call.
    pub fn with_pawn_table(mut self, entries: usize) -> Classical {
        self.pawns = PawnTable::new(entries);
        self
    }

    /// This evaluator computing only `terms`.
    pub fn with_terms(mut self, terms: Terms) -> Classical {
        self.terms = terms;
        self
    }

    /// The weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights (and forgets the cached pawn structure, which
    /// depends on them).
    pub fn set_weights(&mut self, weights: Weights) {
        *self.weights = weights;
        self.pawns.clear();
    }

    /// The terms computed.
    pub fn terms(&self) -> Terms {
        self.terms
    }

    /// Chooses the terms computed.
    pub fn set_terms(&mut self, terms: Terms) {
        self.terms = terms;
    }

    /// How many entries the pawn table has (0: no caching).
    pub fn pawn_table_entries(&self) -> usize {
        self.pawns.len()
    }

    /// Evaluates into `trace`.
    pub(crate) fn run(&mut self, board: &Board, trace: &mut Trace) -> Verdict {
        if endgame::insufficient_material(board) {
            return Verdict::InsufficientMaterial;
        }
        let (w, terms) = (&*self.weights, self.terms);
        let on = |term| terms.contains(term);

        // 1. Material and piece-square tables.
        for color in Color::ALL {
            if on(Term::Material) {
                for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                    let count = board.count(Piece::new(color, role)) as i32;
                    trace.add(Term::Material, color, w.material[role.index()] * count);
                }
            }
            if on(Term::PieceSquare) {
                let mut sum = S::ZERO;
                for &square in board.pieces(color) {
                    let role = board.piece_at(square).expect("piece list and mailbox agree").role();
                    let seen_from_white = color.fold(square, square.flip_vertical());
                    sum += w.pst[role.index()][seen_from_white.index64()];
                }
                trace.add(Term::PieceSquare, color, sum);
            }
        }

        // 2. Pawn structure, from the pawn table.
        let pawns: PawnEntry = self.pawns.probe(board, w);
        if on(Term::PawnStructure) {
            for color in Color::ALL {
                trace.add(Term::PawnStructure, color, pawns.score[color]);
            }
        }

        // 3. Attack maps (with mobility), then the terms that read them.
        let needs_attacks = [Term::Mobility, Term::KingSafety, Term::PassedPawns, Term::Pieces, Term::Threats];
        if needs_attacks.iter().any(|&t| on(t)) {
            let attacks = Attacks::compute(board, w, terms, trace);
            for color in Color::ALL {
                if on(Term::PassedPawns) {
                    trace.add(Term::PassedPawns, color, passed::passed_pawns(board, w, &pawns, &attacks, color));
                }
                if on(Term::KingSafety) {
                    trace.add(Term::KingSafety, color, king::king_safety(board, w, &pawns, &attacks, color));
                }
                if on(Term::Pieces) {
                    trace.add(Term::Pieces, color, pieces::pieces(board, w, &pawns, &attacks, color));
                }
                if on(Term::Threats) {
                    trace.add(Term::Threats, color, threats::threats(board, w, &attacks, color));
                }
            }
        }

        // 4. Endgame knowledge and tempo.
        if on(Term::Mopup) {
            for color in Color::ALL {
                trace.add(Term::Mopup, color, endgame::mopup(board, w, color));
            }
        }
        if on(Term::Tempo) {
            trace.add(Term::Tempo, board.side_to_move(), w.tempo);
        }
        let phase = phase(board);
        let eg = trace.total().eg();
        let scale = if eg > 0 {
            endgame::scale_factor(board, w, &pawns, Color::White)
        } else if eg < 0 {
            endgame::scale_factor(board, w, &pawns, Color::Black)
        } else {
            NORMAL_SCALE
        };
        Verdict::Blend { phase, scale }
    }
}

/// The game phase: 0 with only kings and pawns, [`MAX_PHASE`] with all
/// pieces (or more, after promotions: capped).
pub fn phase(board: &Board) -> i32 {
    let weight = |role: Role, per: i32| {
        let n = board.count_role(role);
        (n.white + n.black) as i32 * per
    };
    (weight(Role::Knight, 1) + weight(Role::Bishop, 1) + weight(Role::Rook, 2) + weight(Role::Queen, 4)).min(MAX_PHASE)
}

/// Blends white's total by the phase, scaling the endgame half.
#[inline]
pub(crate) fn blend(total: S, phase: i32, scale: i32) -> i32 {
    let eg = total.eg() * scale / NORMAL_SCALE;
    (total.mg() * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

impl Default for Classical {
    fn default() -> Classical {
        Classical::new()
    }
}

impl Evaluator for Classical {
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        let mut trace = Trace::default();
        match self.run(board, &mut trace) {
            Verdict::InsufficientMaterial => Score::DRAW,
            Verdict::Blend { phase, scale } => {
                let white = blend(trace.total(), phase, scale);
                Score::cp(board.side_to_move().fold(white, -white))
            }
        }
    }

    fn clear(&mut self) {
        self.pawns.clear();
    }
}
