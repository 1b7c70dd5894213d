#!/usr/bin/env python3
"""Checks ox88-client's analysis against python-chess's.

For each position, a fresh Stockfish (one thread, 16 MB hash) analyses at a
fixed depth twice: once through ox88-client (the `engine_analysis` example) and once
through python-chess's `SimpleEngine.analyse`. Both must report the same best
move, score and principal variation. Exits 1 on any difference.

    cargo build --release -p ox88-client --example engine_analysis
    python3 crates/client/tests/python/compare_analyse.py \\
        target/release/examples/engine_analysis /usr/games/stockfish [--depth 14]
"""

import argparse
import subprocess
import sys

import chess
import chess.engine

POSITIONS = [
    ("start position", chess.STARTING_FEN),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("after 1. e4 c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"),
    ("rook endgame", "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1"),
    ("WAC.001, a mate", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"),
    ("Queen's Gambit Declined", "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 9"),
]

OPTIONS = {"Threads": 1, "Hash": 16}


def ox88_client(analyse: str, stockfish: str, fen: str, depth: int):
    """(best move, score text, pv) from the engine_analysis example."""
    command = [analyse, "--depth", str(depth), "--fen", fen]
    for name, value in OPTIONS.items():
        command += ["--option", f"{name}={value}"]
    output = subprocess.run(command + [stockfish], capture_output=True, text=True, timeout=600, check=True).stdout
    words = {}
    best = None
    for line in output.splitlines():
        if line.startswith("multipv 1 "):
            fields = line.split()
            score_at = fields.index("score")
            words["score"] = f"{fields[score_at + 1]} {fields[score_at + 2]}"
            words["pv"] = fields[fields.index("pv") + 1:]
        elif line.startswith("bestmove "):
            best = line.split()[1]
    return best, words.get("score"), words.get("pv", [])


def python_chess(stockfish: str, fen: str, depth: int):
    """(best move, score text, pv) from python-chess."""
    with chess.engine.SimpleEngine.popen_uci(stockfish) as engine:
        engine.configure(OPTIONS)
        board = chess.Board(fen)
        info = engine.analyse(board, chess.engine.Limit(depth=depth))
    score = info["score"].relative
    text = f"mate {score.mate()}" if score.is_mate() else f"cp {score.score()}"
    pv = [move.uci() for move in info["pv"]]
    return pv[0], text, pv


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("analyse", help="the built engine_analysis example of ox88-client")
    parser.add_argument("stockfish", help="the Stockfish binary")
    parser.add_argument("--depth", type=int, default=14)
    args = parser.parse_args()
    failures = 0
    for name, fen in POSITIONS:
        ours = ox88_client(args.analyse, args.stockfish, fen, args.depth)
        theirs = python_chess(args.stockfish, fen, args.depth)
        same = ours == theirs
        failures += not same
        print(f"{'same' if same else 'DIFFERENT'}: {name} at depth {args.depth}: best {ours[0]}, score {ours[1]}, "
              f"pv {' '.join(ours[2])}")
        if not same:
            print(f"  python-chess: best {theirs[0]}, score {theirs[1]}, pv {' '.join(theirs[2])}")
    print(f"{len(POSITIONS) - failures} of {len(POSITIONS)} positions agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
