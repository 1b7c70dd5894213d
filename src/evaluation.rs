//! [`EngineEvaluator`]: the engine's evaluator, classical or NNUE, chosen at run
//! time (by the `Eval` option) behind one type the searcher is built with.

use crate::eval::nnue::Nnue;
use crate::eval::{Classical, Evaluator, Score};
use ox88_board::{Board, Move};

/// Which evaluation the engine plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The hand-written, tuned evaluation.
    Classical,
    /// The neural network.
    Nnue,
}

impl EvalKind {
    /// The engine's default: the neural network, since it beat the classical
    /// evaluation at 10 s + 0.1 s over 1,000 games (docs/nnue.md, "Deciding
    /// a network").
    pub const DEFAULT: EvalKind = EvalKind::Nnue;

    /// Both, in the order the option lists them.
    pub const ALL: [EvalKind; 2] = [EvalKind::Classical, EvalKind::Nnue];

    /// The option value's spelling: `classical` or `nnue`.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Classical => "classical",
            EvalKind::Nnue => "nnue",
        }
    }

    /// The kind spelt `text` exactly ([`name`](EvalKind::name)'s spelling),
    /// as command lines take it.
    pub fn from_name(text: &str) -> Option<EvalKind> {
        EvalKind::ALL.into_iter().find(|kind| kind.name() == text)
    }
}

/// The engine's evaluator: one of the two, behind the `Evaluator` trait
/// (every call is a match on which; the branch always goes the same way).
#[derive(Clone, Debug)]
pub enum EngineEvaluator {
    /// The classical evaluation.
    Classical(Classical),
    /// The neural network.
    Nnue(Nnue),
}

impl Evaluator for EngineEvaluator {
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        match self {
            EngineEvaluator::Classical(e) => e.evaluate(board),
            EngineEvaluator::Nnue(e) => e.evaluate(board),
        }
    }

    fn clear(&mut self) {
        match self {
            EngineEvaluator::Classical(e) => e.clear(),
            EngineEvaluator::Nnue(e) => e.clear(),
        }
    }

    fn set_root(&mut self, board: &Board) {
        match self {
            EngineEvaluator::Classical(e) => e.set_root(board),
            EngineEvaluator::Nnue(e) => e.set_root(board),
        }
    }

    #[inline]
    fn make_move(&mut self, board: &Board, m: Move) {
        match self {
            EngineEvaluator::Classical(e) => e.make_move(board, m),
            EngineEvaluator::Nnue(e) => e.make_move(board, m),
        }
    }

    #[inline]
    fn unmake_move(&mut self) {
        match self {
            EngineEvaluator::Classical(e) => e.unmake_move(),
            EngineEvaluator::Nnue(e) => e.unmake_move(),
        }
    }

    #[inline]
    fn make_null_move(&mut self, board: &Board) {
        match self {
            EngineEvaluator::Classical(e) => e.make_null_move(board),
            EngineEvaluator::Nnue(e) => e.make_null_move(board),
        }
    }

    #[inline]
    fn unmake_null_move(&mut self) {
        match self {
            EngineEvaluator::Classical(e) => e.unmake_null_move(),
            EngineEvaluator::Nnue(e) => e.unmake_null_move(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::Network;
    use crate::movegen::{MoveGen, Position};
    use crate::protocol::{Engine, Limits, OptionError, OptionValue};
    use crate::{Ox88, Settings, SettingsError};

    fn explanation(engine: &mut Ox88) -> String {
        engine.explain(&Board::startpos()).expect("ox88 explains")
    }

    #[test]
    fn the_eval_option_selects_the_evaluation_and_rejects_unknown_ones() {
        let mut engine = Ox88::new();
        assert_eq!(engine.settings().eval, EvalKind::DEFAULT);
        let game = Position::startpos();
        for (choice, kind) in [("nnue", EvalKind::Nnue), ("Classical", EvalKind::Classical), ("NNUE", EvalKind::Nnue)] {
            engine.set_option("Eval", &OptionValue::Combo(choice.into())).unwrap();
            assert_eq!(engine.settings().eval, kind, "{choice}");
            assert_eq!(explanation(&mut engine).contains("in use"), kind == EvalKind::Nnue);
            let best = engine.search(&game, &Limits::depth(5), &mut |_| {}).best;
            assert!(best.is_some_and(|m| game.board().is_legal(m)), "{choice}");
        }
        let error = engine.set_option("Eval", &OptionValue::Combo("neural".into()));
        assert!(matches!(error, Err(OptionError::InvalidValue { .. })), "{error:?}");
        assert_eq!(engine.settings().eval, EvalKind::Nnue, "a bad value keeps the evaluation");
        // The bench searches with the evaluation in use.
        let nnue_nodes = engine.bench(Some(4)).unwrap().nodes;
        engine.set_option("Eval", &OptionValue::Combo("classical".into())).unwrap();
        assert_ne!(engine.bench(Some(4)).unwrap().nodes, nnue_nodes);
    }

    #[test]
    fn eval_file_loads_a_network_and_keeps_the_old_one_on_error() {
        let dir = std::env::temp_dir().join(format!("ox88-eval-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let embedded = Network::embedded();
        let identity = |network: &Network| format!("network {:016x}", network.hash());
        // Another network: the embedded one with its scale doubled.
        let mut bytes = embedded.to_bytes();
        bytes[16..20].copy_from_slice(&(2 * embedded.scale()).to_le_bytes());
        let other = Network::from_bytes(&bytes).unwrap();
        let (other_path, damaged) = (dir.join("other.nnue"), dir.join("damaged.nnue"));
        std::fs::write(&other_path, &bytes).unwrap();
        bytes[5000] ^= 0x40;
        std::fs::write(&damaged, &bytes).unwrap();

        let mut engine = Ox88::new();
        assert!(explanation(&mut engine).contains(&identity(&embedded)));
        let path = |p: &std::path::Path| OptionValue::String(p.display().to_string());
        engine.set_option("EvalFile", &path(&other_path)).unwrap();
        assert_eq!(engine.settings().eval_file.as_deref(), Some(other_path.as_path()));
        assert!(explanation(&mut engine).contains(&format!("scale {}", other.scale())));
        for bad in [damaged, dir.join("missing.nnue")] {
            let error = engine.set_option("EvalFile", &path(&bad));
            assert!(matches!(error, Err(OptionError::Rejected { .. })), "{error:?}");
            assert_eq!(engine.settings().eval_file.as_deref(), Some(other_path.as_path()), "kept");
        }
        // A GUI's "<empty>", as the protocol reads it.
        let spec = engine.options().into_iter().find(|o| o.is_named("EvalFile")).expect("the EvalFile option");
        engine.set_option("EvalFile", &spec.parse_value(Some("<empty>")).unwrap()).unwrap();
        assert_eq!(engine.settings().eval_file, None);
        assert!(explanation(&mut engine).contains(&identity(&embedded)));
        let settings = Settings { eval_file: Some(dir.join("missing.nnue")), ..Settings::default() };
        assert!(matches!(Ox88::with_settings(settings), Err(SettingsError::Network(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
