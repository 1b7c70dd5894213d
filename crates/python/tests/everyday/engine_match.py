"""A game between two engines, each told who it plays and, at the end, how the game went: two Stockfish
processes at different node counts, with ``send_opponent_information``, ``play(opponent=...)``, ``ping`` and
``send_game_result``."""

import shutil

import chess
import chess.engine

STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"
players = {}
for color, nodes in [(chess.WHITE, 3000), (chess.BLACK, 1500)]:
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": 16})
    players[color] = (engine, chess.engine.Limit(nodes=nodes))
white, black = players[chess.WHITE][0], players[chess.BLACK][0]
white.send_opponent_information(opponent=chess.engine.Opponent("Stockfish 1500", None, 2500, True), engine_rating=2700)
opponent = chess.engine.Opponent("Stockfish 3000", "BOT", 2700, True)

board = chess.Board()
while not board.is_game_over(claim_draw=True) and board.ply() < 120:
    engine, limit = players[board.turn]
    result = engine.play(board, limit, opponent=opponent if board.turn == chess.BLACK else None)
    if result.resigned or result.move is None:
        break
    print(board.ply() + 1, board.san(result.move), result.draw_offered)
    board.push(result.move)
for engine, _ in players.values():
    engine.ping()
outcome = board.outcome(claim_draw=True)
print(board.fen(), outcome.result() if outcome else "*", outcome.termination.name if outcome else "unfinished")
for engine, _ in players.values():
    engine.send_game_result(board, game_complete=outcome is not None)
    engine.quit()
