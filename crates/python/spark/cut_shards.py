#!/usr/bin/env python3
"""Cuts PGN files into shards of whole games, for the Spark job and its check: each shard holds up to ``--games``
games, cut where a line ``[Event `` follows a blank line; a shard is written plain, zstd- or bzip2-compressed in
turn (``--compress``), so that the job reads every kind. The shards, in name order, hold the input's games in
order.

    python crates/python/spark/cut_shards.py --games 100 tests/data/pgn/*.pgn -o shards
"""

from __future__ import annotations

import argparse
import bz2
import os
import sys
from typing import Iterator, List, Optional


def games(path: str) -> Iterator[bytes]:
    """The games of a PGN file as text, cut before each ``[Event`` line that follows a blank line."""
    game: List[bytes] = []
    blank = True
    with open(path, "rb") as f:
        for line in f:
            if blank and line.startswith(b"[Event ") and any(g.strip() for g in game):
                yield b"".join(game)
                game = []
            game.append(line)
            blank = not line.strip()
    if any(g.strip() for g in game):
        yield b"".join(game)


def write(path: str, text: bytes) -> None:
    if path.endswith(".bz2"):
        text = bz2.compress(text)
    elif path.endswith(".zst"):
        import zstandard

        text = zstandard.ZstdCompressor(level=3).compress(text)
    with open(path, "wb") as f:
        f.write(text)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="cut_shards.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="PGN files (plain text)")
    parser.add_argument("-o", "--output", required=True, help="the folder for the shards (made if new)")
    parser.add_argument("--games", type=int, default=100, help="games a shard (default 100)")
    parser.add_argument("--compress", action="store_true",
                        help="write the shards plain, .zst and .bz2 in turn (zstd needs the zstandard package)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games is at least 1")
    os.makedirs(args.output, exist_ok=True)
    suffixes = [".pgn", ".pgn.zst", ".pgn.bz2"] if args.compress else [".pgn"]
    shard, count, buffer = 0, 0, []

    def flush() -> None:
        nonlocal shard, buffer
        if buffer:
            write(os.path.join(args.output, f"shard-{shard:05d}{suffixes[shard % len(suffixes)]}"), b"".join(buffer))
            shard, buffer = shard + 1, []

    for path in args.inputs:
        for game in games(path):
            buffer.append(game if game.endswith(b"\n\n") else game.rstrip(b"\n") + b"\n\n")
            count += 1
            if len(buffer) == args.games:
                flush()
        flush()
    print(f"{count} games into {shard} shards in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
