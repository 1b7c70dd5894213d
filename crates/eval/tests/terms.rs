//! One position per term of the classical evaluation, chosen so that the
//! term shows, checked through `explain` (what the engine's `eval` prints).

use ox88_board::{Board, Color, Score};
use ox88_eval::{explain, Classical, Evaluator, Explanation, Term, Terms, Weights, S};

fn board(fen: &str) -> Board {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn ex(fen: &str) -> Explanation {
    explain(&board(fen))
}

/// White's value of `term` minus black's.
fn net(fen: &str, term: Term) -> S {
    let v = ex(fen).term(term);
    v.white - v.black
}

#[test]
fn the_start_position_is_worth_the_tempo() {
    let w = Weights::default();
    assert_eq!(Classical::new().evaluate(&Board::startpos()), Score::cp(w.tempo.mg()));
    for term in Term::ALL.into_iter().filter(|&t| t != Term::Tempo) {
        assert_eq!(net("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", term), S::ZERO, "{term}");
    }
}

#[test]
fn material() {
    let w = Weights::default();
    assert_eq!(net("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", Term::Material), w.material[0] * 2);
    assert_eq!(net("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Term::Material), w.material[3]);
}

#[test]
fn piece_square_tables_prefer_a_central_knight() {
    let rim = net("4k3/7p/8/8/8/8/7P/N3K3 w - - 0 1", Term::PieceSquare);
    let centre = net("4k3/7p/8/8/4N3/8/7P/4K3 w - - 0 1", Term::PieceSquare);
    assert!(centre.mg() > rim.mg() + 50 && centre.eg() > rim.eg() + 20, "{centre:?} {rim:?}");
}

#[test]
fn pawn_structure_punishes_doubled_isolated_pawns() {
    let healthy = net("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", Term::PawnStructure);
    let doubled = net("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1", Term::PawnStructure);
    assert_eq!(healthy, S::ZERO);
    // White: two isolated pawns, one doubled; Black keeps its a7-b7 phalanx.
    let w = Weights::default();
    assert_eq!(doubled, w.isolated * 2 + w.doubled - w.phalanx[1] * 2);
    assert!(doubled.mg() < 0 && doubled.eg() < 0, "{doubled:?}");
}

#[test]
fn passed_pawns_grow_as_they_advance() {
    let on_4th = net("4k3/8/8/8/P7/8/8/4K3 w - - 0 1", Term::PassedPawns);
    let on_6th = net("4k3/8/P7/8/8/8/8/4K3 w - - 0 1", Term::PassedPawns);
    assert!(on_4th.eg() > 0 && on_6th.eg() > on_4th.eg() + 50, "{on_4th:?} {on_6th:?}");
}

#[test]
fn mobility_rewards_an_open_bishop() {
    let shut = net("4k3/8/8/8/8/1P1P4/2B5/4K3 w - - 0 1", Term::Mobility);
    let open = net("4k3/8/8/8/8/8/2B5/4K3 w - - 0 1", Term::Mobility);
    assert!(open.mg() > shut.mg() && open.eg() > shut.eg(), "{open:?} {shut:?}");
}

#[test]
fn king_safety_weighs_shelter_and_attackers() {
    let fen = "r4rk1/5ppp/8/8/8/8/PPP5/1K1R3R b - - 0 1";
    // White's king has its shield, black's has f7-g7-h7: both fine, equal.
    let calm = ex(fen).term(Term::KingSafety);
    assert!(calm.white.mg() > 0 && calm.black.mg() > 0);
    // Strip black's shelter and bring a queen and knight: black's king suffers.
    let open = ex("r4rk1/8/8/6N1/8/3Q4/PPP5/1K1R3R b - - 0 1").term(Term::KingSafety);
    assert!(open.black.mg() < calm.black.mg() - 100, "{open:?} vs {calm:?}");
}

#[test]
fn pieces_bishop_pair_and_rook_on_open_file() {
    let w = Weights::default();
    assert_eq!(net("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Term::Pieces), w.bishop_pair);
    assert_eq!(net("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1", Term::Pieces), w.rook_open_file);
}

#[test]
fn threats_credit_the_attacker() {
    let w = Weights::default();
    // e4 attacks the knight on d5, which the c6 pawn defends.
    assert_eq!(net("4k3/8/2p5/3n4/4P3/8/8/4K3 b - - 0 1", Term::Threats), w.threat_by_pawn[1]);
}

#[test]
fn mopup_drives_the_lone_king_to_the_edge() {
    let centre = net("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Term::Mopup);
    let edge = net("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Term::Mopup);
    assert!(edge.eg() > centre.eg(), "{edge:?} {centre:?}");
    let mut eval = Classical::new();
    // The evaluation as a whole (not just the term) prefers the edge, for
    // the side with the rook whichever side is to move.
    let mut score = |fen| eval.evaluate(&board(fen)).raw();
    assert!(score("4k3/8/8/8/8/8/8/R3K3 b - - 0 1") < score("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"));
    assert!(score("8/8/8/8/8/8/8/kR2K3 b - - 0 1") < score("8/8/8/3k4/8/8/8/1R2K3 b - - 0 1"));
    // K+B+N: the right corner beats the wrong one.
    assert!(score("7k/8/5K2/8/8/8/8/2B3N1 b - - 0 1") < score("k7/8/2K5/8/8/8/8/2B3N1 b - - 0 1"));
}

#[test]
fn tempo_goes_to_the_side_to_move() {
    let w = Weights::default();
    let t = ex("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").term(Term::Tempo);
    assert_eq!((t.white, t.black), (S::ZERO, w.tempo));
}

#[test]
fn insufficient_material_scores_exactly_zero() {
    let mut eval = Classical::new();
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 b - - 0 1",
        "4k3/8/8/8/2n5/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "8/8/8/8/8/1K6/8/kb1b4 w - - 0 1",
    ] {
        let b = board(fen);
        let expected = if fen.starts_with("8/8/8/8/8/1K6") { None } else { Some(Score::DRAW) };
        match expected {
            Some(draw) => assert_eq!(eval.evaluate(&b), draw, "{fen}"),
            // Two bishops can mate: not a dead draw.
            None => assert!(eval.evaluate(&b).raw() < -200, "{fen}"),
        }
    }
}

#[test]
fn drawish_endgames_score_near_zero() {
    let mut eval = Classical::new();
    // Opposite-coloured bishops, a pawn up.
    let ocb = eval.evaluate(&board("2b1k3/8/8/3p4/8/2P5/1P6/2B1K3 w - - 0 1")).raw();
    let same = eval.evaluate(&board("4kb2/8/8/3p4/8/2P5/1P6/2B1K3 w - - 0 1")).raw();
    assert!(ocb > 0 && ocb * 2 < same, "{ocb} {same}");
    // A rook against a bishop.
    assert!(eval.evaluate(&board("4kb2/8/8/8/8/8/8/R3K3 w - - 0 1")).raw().abs() < 60);
    // The wrong bishop with a rook pawn, the king in the corner.
    assert!(eval.evaluate(&board("7k/8/8/7P/8/8/8/3BK3 w - - 0 1")).raw().abs() < 60);
}

#[test]
fn every_term_can_be_switched_off() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    let b = board(fen);
    let all = Classical::new().explain(&b);
    for term in Term::ALL {
        let mut eval = Classical::new().with_terms(Terms::ALL.without(term));
        let without = eval.explain(&b);
        assert_eq!(without.term(term).white, S::ZERO, "{term}");
        assert_eq!(without.term(term).black, S::ZERO, "{term}");
        for other in Term::ALL.into_iter().filter(|&t| t != term) {
            assert_eq!(without.term(other), all.term(other), "{other} without {term}");
        }
    }
    let mut nothing = Classical::new().with_terms(Terms::NONE);
    assert_eq!(nothing.evaluate(&b), Score::ZERO);
}

#[test]
fn zero_weights_switch_terms_off_too() {
    let weights = Weights { tempo: S::ZERO, ..Weights::default() };
    let mut eval = Classical::with_weights(weights);
    assert_eq!(eval.evaluate(&Board::startpos()), Score::ZERO);
    eval.set_weights(Weights::default());
    assert_eq!(eval.evaluate(&Board::startpos()), Score::cp(Weights::default().tempo.mg()));
    assert_eq!(Color::White, Board::startpos().side_to_move());
}
