"""Reads PGN files and walks each game's main line with its clocks and evaluations."""

import sys

import chess
import chess.pgn

root = sys.argv[1]
for name in ("lichess_db_1000k.pgn", "twic1599_1000k.pgn"):
    with open(f"{root}/tests/data/pgn/{name}", encoding="utf-8") as pgn:
        for _ in range(25):
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            print(game.headers["White"], "-", game.headers["Black"], game.headers.get("Result"), len(game.errors))
            board = game.board()
            for node in game.mainline():
                clock, score = node.clock(), node.eval()
                line = [node.ply(), node.san(), board.san(node.move), node.move.uci(), clock]
                if score is not None:
                    line += [score.white().score(mate_score=100000), score.relative, score.is_mate(), score.turn]
                board.push(node.move)
                print(*line)
            print(board.fen(), board.is_checkmate(), board.outcome(), game.end().board().fen() == board.fen())
            print(game.headers.get("Opening", ""), list(game.headers.keys())[:8], game.mainline_moves())
            headers = chess.pgn.read_headers(pgn)
            print(headers is not None and headers.get("Event"))
