"""Watches an engine think: streams its analysis line by line and stops it at a depth; then sorts games by their
time controls."""

import collections
import shutil
import sys

import chess
import chess.engine
import chess.pgn

with chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish") as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
    with engine.analysis(board, chess.engine.Limit(depth=11), multipv=2) as analysis:
        for info in analysis:
            if "pv" in info:
                print(info["multipv"], info["depth"], info["score"].white(), board.variation_san(info["pv"][:3]))
    print(analysis.info["depth"], analysis.info["score"].relative, [line["pv"][0].uci() for line in analysis.multipv])
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 6:
                analysis.stop()
        print(analysis.wait().move in board.legal_moves, analysis.info["depth"] >= 6)

kinds = collections.Counter()
with open(f"{sys.argv[1]}/tests/data/pgn/lichess_db_1000k.pgn", encoding="utf-8") as pgn:
    for _ in range(40):
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        control = game.time_control()
        kinds[control.type.name] += 1
        part = control.parts[0] if control.parts else None
        print(game.headers.get("TimeControl"), control.type.name, part and (part.time, part.increment, part.moves))
print(sorted(kinds.items()))
