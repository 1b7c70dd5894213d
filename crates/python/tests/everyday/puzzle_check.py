"""Checks a tactics test suite: reads Win at Chess from its EPD file, asks Stockfish for each position's best move,
and scores the answers against the suite's "bm" and "am" operations."""

import shutil
import sys

import chess
import chess.engine

solved, tried = 0, 0
with chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish") as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    with open(f"{sys.argv[1]}/tests/data/tactics/wac.epd", encoding="utf-8") as suite:
        for line in list(suite)[:12]:
            board, ops = chess.Board.from_epd(line)
            move = engine.play(board, chess.engine.Limit(depth=8)).move
            good = move in ops.get("bm", [move]) and move not in ops.get("am", [])
            solved, tried = solved + good, tried + 1
            wanted = " ".join(board.san(m) for m in ops.get("bm", []))
            print(ops.get("id"), board.san(move), wanted, good, board.is_check(), board.gives_check(move))
            board.push(move)
            print(board.epd(), board.is_checkmate(), board.can_claim_draw())
print(f"{solved}/{tried}")
