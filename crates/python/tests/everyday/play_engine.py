"""Plays a game against Stockfish, both sides searching a fixed number of nodes."""

import shutil

import chess
import chess.engine

engine = chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish")
engine.configure({"Threads": 1, "Hash": 16})
print(engine.id["name"].split()[0], "Hash" in engine.options, engine.options["Hash"].default)
board = chess.Board()
while not board.is_game_over() and board.fullmove_number <= 40:
    result = engine.play(board, chess.engine.Limit(nodes=2000))
    print(board.fullmove_number, board.san(result.move), result.ponder is not None, result.resigned)
    board.push(result.move)
print(board.fen(), board.result(), board.outcome())
info = engine.analyse(board, chess.engine.Limit(depth=8))
print(info["depth"], info["score"].pov(board.turn), [board.san(m) for m in info["pv"][:1]])
engine.quit()
