#!/usr/bin/env python3
"""Derives ox88-explorer's opening names (crates/explorer/openings/openings.tsv) from lichess's chess-openings.

usage: scripts/openings_table.py CHESS_OPENINGS_DIR [COMMIT] > crates/explorer/openings/openings.tsv

CHESS_OPENINGS_DIR holds a.tsv ... e.tsv of https://github.com/lichess-org/chess-openings (CC0): each row an ECO
code, a name and the moves (SAN) that reach the named position. Each row becomes the Polyglot key of that
position, the code and the name, in the order of the files; the moves are left out (the key is what a lookup
needs). python-chess (PyPI `chess`) plays the moves and computes the keys, independently of ox88's own code.
"""

import sys
from pathlib import Path

import chess
import chess.polyglot


def rows(folder: Path):
    for volume in "abcde":
        lines = (folder / f"{volume}.tsv").read_text(encoding="utf-8").splitlines()
        if lines[0].split("\t") != ["eco", "name", "pgn"]:
            raise SystemExit(f"{volume}.tsv: unexpected header {lines[0]!r}")
        for number, line in enumerate(lines[1:], start=2):
            eco, name, pgn = line.split("\t")
            board = chess.Board()
            for token in pgn.split():
                if not token[0].isdigit():
                    board.push_san(token)
            yield f"{volume}.tsv:{number}", chess.polyglot.zobrist_hash(board), eco, name


def main() -> None:
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__.split("\n\n")[1])
    folder = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) == 3 else "unknown"
    seen = {}
    out = [f"# lichess-org/chess-openings {commit} (CC0): Polyglot key, ECO, name"]
    for where, key, eco, name in rows(folder):
        if key in seen:
            raise SystemExit(f"{where}: the position of {seen[key]} again")
        seen[key] = where
        out.append(f"{key:016x}\t{eco}\t{name}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
