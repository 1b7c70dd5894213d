"""Analyses positions with three principal variations."""

import shutil

import chess
import chess.engine

with chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish") as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    for fen in [chess.STARTING_FEN, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
                "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"]:
        board = chess.Board(fen)
        lines = engine.analyse(board, chess.engine.Limit(depth=10), multipv=3)
        for info in lines:
            score = info["score"]
            print(info["multipv"], info["depth"], score.white(), score.relative.score(mate_score=10000),
                  score.is_mate(), board.variation_san(info["pv"][:4]))
        best = lines[0]["score"].relative
        print(best, best.mate(), best > chess.engine.Cp(0), -best, best.wdl().expectation() > 0.5)
