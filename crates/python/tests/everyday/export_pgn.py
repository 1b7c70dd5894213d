"""Builds games, annotates them and writes them with exporters."""

import io
import sys

import chess
import chess.engine
import chess.pgn

board = chess.Board()
for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]:
    board.push_san(san)
game = chess.pgn.Game.from_board(board)
game.headers["Event"] = "Example"
game.headers["White"] = "Alice"
node = game.next()
node.comment = "king's pawn"
node.nags.add(chess.pgn.NAG_GOOD_MOVE)
node.set_clock(180.5)
node.add_variation(chess.Move.from_uci("c7c5"), comment="Sicilian")
game.end().set_eval(chess.engine.PovScore(chess.engine.Cp(31), chess.WHITE))
print(game)
exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
print(game.accept(exporter))
print(game.accept(chess.pgn.StringExporter(headers=False, variations=False, comments=False)))
print(str(game.accept(chess.pgn.StringExporter(columns=None))).count("\n"))
out = io.StringIO()
game.accept(chess.pgn.FileExporter(out))
print(out.getvalue())
with open(f"{sys.argv[1]}/tests/data/book/games.pgn", encoding="utf-8") as handle:
    first = chess.pgn.read_game(handle)
print(first.accept(chess.pgn.StringExporter(headers=False)))
print(first.headers.board().fen(), first.end().board().fen(), first.end().ply())
