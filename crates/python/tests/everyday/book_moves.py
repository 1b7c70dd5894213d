"""Looks positions up in a Polyglot opening book and follows its best moves."""

import random
import sys

import chess
import chess.polyglot

board = chess.Board()
with chess.polyglot.open_reader(f"{sys.argv[1]}/tests/data/book/games.bin") as reader:
    for _ in range(12):
        entries = list(reader.find_all(board))
        print(hex(chess.polyglot.zobrist_hash(board)), [(board.san(e.move), e.weight, e.learn) for e in entries])
        if not entries:
            break
        entry = reader.find(board)
        print(entry.move, entry.weight, reader.get(board).move == entry.move)
        choice = reader.weighted_choice(board, random=random.Random(7))
        print("weighted", choice.move in board.legal_moves)
        board.push(entry.move)
    print(board.fen(), reader.get(board))
