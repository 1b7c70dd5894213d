"""Filters a PGN file: keeps the decisive games between rated players that reached an endgame, and writes them to
a new PGN file with their headers and a comment, then reads the written file back."""

import io
import sys

import chess
import chess.pgn

kept = io.StringIO()
with open(f"{sys.argv[1]}/tests/data/pgn/lichess_db_1000k.pgn", encoding="utf-8") as pgn:
    for _ in range(60):
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        if game.headers.get("Result") not in ("1-0", "0-1") or "?" in game.headers.get("WhiteElo", "?"):
            continue
        board = game.end().board()
        if len(board.piece_map()) > 12:
            continue
        game.headers["Annotator"] = "filter"
        game.comment = f"{len(board.piece_map())} pieces at the end"
        game.end().comment = board.fen()
        print(game, file=kept, end="\n\n")
        print(game.headers["White"], game.headers["Result"], len(list(game.mainline_moves())))

kept.seek(0)
count = 0
while (game := chess.pgn.read_game(kept)) is not None:
    count += 1
    print(game.headers["Annotator"], game.comment, game.end().comment == game.end().board().fen())
    exporter = chess.pgn.StringExporter(headers=False, comments=False, variations=False)
    print(game.accept(exporter)[:60])
print(count)
