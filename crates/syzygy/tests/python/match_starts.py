#!/usr/bin/env python3
"""Start positions for an engine match in tablebase endgames (docs/syzygy.md).

For each table named, draws random legal positions of its material (either
colour stronger, either side to move, halfmove clock 0) that are quiet — no
check, no capture for either side — and keeps WINS positions that the
stronger side wins by the tables (with a DTZ of at least MIN_DTZ plies, so
that winning takes technique) and DRAWS drawn ones, as python-chess's
chess.syzygy probes them. Writes EPD lines with the table and the verdict as
the id.

    match_starts.py DIR --tables KRBvKR,KBNvKN --wins 5 --draws 3 [--seed S] [--min-dtz N]
"""
import argparse
import random
import sys

import chess
import chess.syzygy

from cross_check import random_position


def quiet(board):
    """No check and no capture for the side to move, nor for the other side
    if it were to move."""
    if board.is_check() or any(board.is_capture(m) for m in board.legal_moves):
        return False
    other = board.copy(stack=False)
    other.turn = not other.turn
    return other.is_valid() and not any(other.is_capture(m) for m in other.legal_moves)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--tables", required=True)
    parser.add_argument("--wins", type=int, default=5)
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--min-dtz", type=int, default=10)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tablebase = chess.syzygy.open_tablebase(args.directory)
    for name in args.tables.split(","):
        stronger = name.split("v")[0]
        wanted = {"win": args.wins, "draw": args.draws}
        while any(wanted.values()):
            board = random_position(name, rng)
            board.halfmove_clock = 0
            if board.ep_square is not None or board.move_stack or not quiet(board):
                continue
            wdl = tablebase.probe_wdl(board)
            dtz = tablebase.probe_dtz(board)
            # The colour holding the first side's pieces of the name.
            white_pieces = "".join(p.symbol() for p in sorted(
                (board.piece_at(s) for s in chess.SQUARES if board.color_at(s) == chess.WHITE),
                key=lambda p: -p.piece_type)).upper()
            strong = chess.WHITE if sorted(white_pieces) == sorted(stronger) else chess.BLACK
            strong_wdl = wdl if board.turn == strong else -wdl
            if strong_wdl == 2 and abs(dtz) >= args.min_dtz and wanted["win"]:
                verdict = "win"
            elif wdl == 0 and wanted["draw"]:
                verdict = "draw"
            else:
                continue
            wanted[verdict] -= 1
            side = "white" if strong == chess.WHITE else "black"
            print(f'{board.epd()} id "{name} {side} {verdict} dtz {dtz}";')
    return 0


if __name__ == "__main__":
    sys.exit(main())
