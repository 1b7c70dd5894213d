#!/usr/bin/env python3
"""Plays an engine's strong side of random endings against a bare king (KRK, KQK, KBBK, KBNK) against Stockfish,
played out by the rules, and prints how many of each it mates and in how many plies (docs/eval.md, "Mop-up")."""
import argparse
import random

import chess
import chess.engine

ENDINGS = {"KRK": [chess.ROOK], "KQK": [chess.QUEEN], "KBBK": [chess.BISHOP, chess.BISHOP],
           "KBNK": [chess.BISHOP, chess.KNIGHT]}


def light(square: int) -> bool:
    return (chess.square_file(square) + chess.square_rank(square)) % 2 == 1


def ending(rng: random.Random, pieces: list) -> chess.Board:
    """A random legal position, white to move, the pieces white's, the game not over; two bishops on both colours."""
    while True:
        squares = rng.sample(range(64), 2 + len(pieces))
        board = chess.Board(None)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square, role in zip(squares[2:], pieces):
            board.set_piece_at(square, chess.Piece(role, chess.WHITE))
        if pieces == [chess.BISHOP, chess.BISHOP] and light(squares[2]) == light(squares[3]):
            continue
        if board.is_valid() and not board.is_game_over():
            return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("engine", help="the UCI engine that plays the strong side")
    parser.add_argument("--defender", default="/usr/games/stockfish", help="the UCI engine with the bare king")
    parser.add_argument("--per-ending", type=int, default=12, help="positions of each ending (default 12)")
    parser.add_argument("--seed", type=int, default=7, help="the positions' random seed (default 7)")
    parser.add_argument("--time", type=float, default=0.1, help="seconds a move for both (default 0.1)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    strong = chess.engine.SimpleEngine.popen_uci(args.engine)
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    try:
        for name, pieces in ENDINGS.items():
            mates = []
            for _ in range(args.per_ending):
                board = ending(rng, pieces)
                while not board.is_game_over(claim_draw=True):
                    engine = strong if board.turn == chess.WHITE else defender
                    board.push(engine.play(board, chess.engine.Limit(time=args.time)).move)
                if board.is_checkmate():
                    mates.append(board.ply())
            mean = sum(mates) / len(mates) if mates else 0.0
            print(f"{name}: {len(mates)} / {args.per_ending} mated, {mean:.1f} plies on average", flush=True)
    finally:
        strong.quit()
        defender.quit()


if __name__ == "__main__":
    main()
