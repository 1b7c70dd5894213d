#!/usr/bin/env python3
"""Balanced opening positions for engine matches (match.py --openings FILE).

Usage: balanced_openings.py [--count N] [--eco FILE] [--stockfish PATH] [--max-cp CP] [--seed S] OUT.epd

Reads the ECO lines of Scid's classification file (Debian package scid: /usr/share/scid/data/scid.eco;
the file itself is Scid's, so only positions made from it are kept locally), plays each line of 10 to
16 plies, shuffles the distinct end positions, and keeps the first N (default 400) whose Stockfish
depth-12 score is within --max-cp (default 40) centipawns of equality. Writes one FEN a line.
Needs python-chess (pip install chess) and Stockfish (Debian package stockfish).
"""
import argparse
import random
import re

import chess
import chess.engine


def eco_positions(path):
    text = open(path, encoding="latin-1").read()
    text = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    fens = {}
    for moves in re.findall(r'^[A-E]\d\d\w*\s+"[^"]*"\s+([^*]*)\*', text, re.M):
        board = chess.Board()
        try:
            for token in moves.split():
                token = re.sub(r"^\d+\.+", "", token)
                if token:
                    board.push_san(token)
        except ValueError:
            continue
        if 10 <= board.ply() <= 16 and not board.is_game_over():
            fens[board.epd()] = board.fen()
    return sorted(fens.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--eco", default="/usr/share/scid/data/scid.eco")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--max-cp", type=int, default=40)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    fens = eco_positions(args.eco)
    random.Random(args.seed).shuffle(fens)
    kept = []
    with chess.engine.SimpleEngine.popen_uci(args.stockfish) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for fen in fens:
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=12))
            if abs(info["score"].white().score(mate_score=10000)) <= args.max_cp:
                kept.append(fen)
                if len(kept) == args.count:
                    break
    with open(args.out, "w") as out:
        out.write("\n".join(kept) + "\n")
    print(f"{len(fens)} ECO positions of 10-16 plies, {len(kept)} balanced ones written to {args.out}")


if __name__ == "__main__":
    main()
