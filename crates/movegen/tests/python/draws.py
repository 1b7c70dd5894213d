"""ox88's draw predicates against python-chess's on random games.

usage: python3 draws.py DRAWS_EXAMPLE [GAMES] [SEED]

Plays GAMES random games (seeded) from a few start positions, biased towards
moving a piece back so that repetitions happen, some starting near the
fifty-move limit; hands them to ox88's `draws` example and compares its nine
flags after every ply with python-chess's answers to the same questions.
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
    for (fen, moves), block in zip(played, blocks):
        ours = block.strip("\n").split("\n")
        board = chess.Board(fen)
        theirs = [flags(board)]
        for move in moves:
            board.push(move)
            theirs.append(flags(board))
        if len(ours) != len(theirs):
            sys.exit(f"{fen}: {len(ours)} lines from ox88, {len(theirs)} positions")
        for ply, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                wrong = [name for name, x, y in zip(FLAGS, a, b) if x != y]
                line = chess.Board(fen).variation_san(moves[:ply])
                sys.exit(f"differ after {ply} plies from {fen} ({line}): {wrong}: ox88 {a}, python-chess {b}")
            counts = [c + (x == "1") for c, x in zip(counts, b)]
        plies += len(theirs)
    if len(blocks) - 1 != len(played):
        sys.exit(f"ox88 answered {len(blocks) - 1} games of {len(played)}")
    # The games must exercise every predicate, or the comparison proves little.
    for name, count in zip(FLAGS, counts):
        if count == 0:
            sys.exit(f"no position of the {games} games has {name}: change the seed or the starts")
    summary = ", ".join(f"{name} {count}" for name, count in zip(FLAGS, counts))
    print(f"draw predicates agree with python-chess in {plies} positions of {games} games ({summary})")


if __name__ == "__main__":
    main()
