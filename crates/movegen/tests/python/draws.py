"""ox88's draw predicates and outcomes against python-chess's on random games.

usage: python3 draws.py DRAWS_EXAMPLE [GAMES] [SEED]

Plays GAMES random games (seeded) from a few start positions, biased towards
moving a piece back so that repetitions happen, some starting near the
fifty-move limit; hands them to ox88's `draws` example and compares its nine
flags, `outcome()` and `outcome_with_claims()` after every ply with
python-chess's answers to the same questions (`outcome()` and
`outcome(claim_draw=True)` for the last two).
"""

import random
import subprocess
import sys

import chess

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 60",
    "6k1/5ppp/8/3n4/8/8/5PPP/2R3K1 w - - 95 70",
    "8/8/4k3/8/2pP4/8/4K3/8 b - d3 0 40",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 140 90",
]

FLAGS = [
    "is_fifty_moves",
    "is_seventyfive_moves",
    "is_repetition(2)",
    "is_repetition(3)",
    "is_repetition(4)",
    "is_fivefold_repetition",
    "can_claim_fifty_moves",
    "can_claim_threefold_repetition",
    "can_claim_draw",
]


# python-chess's terminations by the names ox88's `Termination` displays.
TERMINATIONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
    chess.Termination.SEVENTYFIVE_MOVES: "seventy_five_moves",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition",
    chess.Termination.FIFTY_MOVES: "fifty_moves",
    chess.Termination.THREEFOLD_REPETITION: "threefold_repetition",
}


def outcome_text(outcome):
    if outcome is None:
        return "*"
    return f"{outcome.result()}:{TERMINATIONS[outcome.termination]}"


def answers(board):
    """The line ox88's `draws` example writes for this position."""
    outcome = outcome_text(board.outcome())
    claimed = outcome_text(board.outcome(claim_draw=True))
    return f"{flags(board)} {outcome} {claimed}"


def flags(board):
    answers = [
        board.is_fifty_moves(),
        board.is_seventyfive_moves(),
        board.is_repetition(2),
        board.is_repetition(3),
        board.is_repetition(4),
        board.is_fivefold_repetition(),
        board.can_claim_fifty_moves(),
        board.can_claim_threefold_repetition(),
        board.can_claim_draw(),
    ]
    return "".join("1" if a else "0" for a in answers)


def random_game(rng, fen, max_plies):
    """Random legal moves; often a piece goes back where it came from."""
    board = chess.Board(fen)
    moves = []
    while len(moves) < max_plies and not board.is_game_over(claim_draw=False):
        legal = list(board.legal_moves)
        back = None
        if len(moves) >= 2:
            before = moves[-2]
            back = chess.Move(before.to_square, before.from_square)
        if back in legal and rng.random() < 0.6:
            move = back
        else:
            move = rng.choice(legal)
        board.push(move)
        moves.append(move)
    return moves


def main():
    example = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261126
    rng = random.Random(seed)
    played = []
    for i in range(games):
        fen = STARTS[i % len(STARTS)]
        played.append((fen, random_game(rng, fen, rng.choice([60, 120, 250]))))
    text = "".join(f"{fen};{' '.join(m.uci() for m in moves)}\n" for fen, moves in played)
    run = subprocess.run([example], input=text, capture_output=True, text=True, check=True)
    blocks = run.stdout.split("\n\n")
    plies = 0
    counts = [0] * len(FLAGS)
    # Terminations python-chess gives with claim_draw=True, and how often
    # the claim needs the move about to be played (no outcome without it,
    # and neither 100 plies nor a threefold repetition on the board).
    ends = {}
    ahead = 0
    differences = []
    for (fen, moves), block in zip(played, blocks):
        ours = block.strip("\n").split("\n")
        board = chess.Board(fen)
        theirs = [answers(board)]
        for move in moves:
            board.push(move)
            theirs.append(answers(board))
        if len(ours) != len(theirs):
            sys.exit(f"{fen}: {len(ours)} lines from ox88, {len(theirs)} positions")
        for ply, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                differences.append((fen, moves[:ply], a, b))
            flag_text, outcome, claimed = b.split(" ")
            counts = [c + (x == "1") for c, x in zip(counts, flag_text)]
            if claimed != "*":
                name = claimed.split(":")[1]
                ends[name] = ends.get(name, 0) + 1
                ahead += outcome == "*" and flag_text[0] == "0" and flag_text[3] == "0"
        plies += len(theirs)
    if len(blocks) - 1 != len(played):
        sys.exit(f"ox88 answered {len(blocks) - 1} games of {len(played)}")
    if differences:
        for fen, line, a, b in differences[:5]:
            print(f"after {chess.Board(fen).variation_san(line)} from {fen}: ox88 {a}, python-chess {b}")
        sys.exit(f"ox88 differs from python-chess in {len(differences)} of {plies} positions")
    # The games must exercise every predicate and ending, or the comparison
    # proves little.
    for name, count in list(zip(FLAGS, counts)) + [("a claim one move ahead", ahead)]:
        if count == 0:
            sys.exit(f"no position of the {games} games has {name}: change the seed or the starts")
    summary = ", ".join(f"{name} {count}" for name, count in zip(FLAGS, counts))
    endings = ", ".join(f"{name} {count}" for name, count in sorted(ends.items()))
    print(f"draw predicates and outcomes agree with python-chess in {plies} positions of {games} games")
    print(f"  predicates: {summary}")
    print(f"  outcome(claim_draw=True): {endings}; {ahead} of them claim with the next move")


if __name__ == "__main__":
    main()
