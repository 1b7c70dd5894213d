#!/usr/bin/env python3
"""Positions for Texel tuning (crates/eval/examples/tune.rs), taken from finished games.

Usage: positions_from_pgn.py [--skip PLIES] [--per-game N] [--seed S] OUT.epd GAMES.pgn [GAMES.pgn ...]

Writes one line per position, "FEN [result]" with white's result 1.0 / 0.5 / 0.0, keeping only
positions that are likely quiet: the side to move is not in check, and the move played from it is
neither a capture, a promotion nor a check. The first --skip plies of each game (default 8: the
opening line) are left out, at most --per-game positions (default 12) are drawn at random from each
game so that no game weighs more than another, and repeated positions are written once.
Needs python-chess (pip install chess).
"""
import argparse
import random
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1.0", "1/2-1/2": "0.5", "0-1": "0.0"}


def quiet_positions(game, skip):
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= skip and not board.is_check() and not board.is_capture(move) \
                and move.promotion is None and not board.gives_check(move):
            yield board.fen()
        board.push(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--skip", type=int, default=8)
    parser.add_argument("--per-game", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen, games, lines = set(), 0, []
    for path in args.pgns:
        with open(path, encoding="utf-8", errors="replace") as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                result = RESULTS.get(game.headers.get("Result", "*"))
                if result is None:
                    continue
                games += 1
                fens = list(quiet_positions(game, args.skip))
                for fen in rng.sample(fens, min(args.per_game, len(fens))):
                    key = " ".join(fen.split()[:4])
                    if key not in seen:
                        seen.add(key)
                        lines.append(f"{fen} [{result}]")
                if games % 500 == 0:
                    print(f"{games} games, {len(lines)} positions", file=sys.stderr)
    rng.shuffle(lines)
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{games} games, {len(lines)} positions written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
