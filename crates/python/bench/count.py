#!/usr/bin/env python3
"""Instructions a workload costs ox88 and python-chess, counted by valgrind's callgrind: figures that a loaded
machine does not change (compare.py's times do), for the ratios of docs/python.md.

    python crates/python/bench/count.py playouts [--games 100]
    python crates/python/bench/count.py pgn [--games 1] [--pgn FILE ...]

Each library's workload runs in a process of its own under ``valgrind --tool=callgrind``, once as asked and once
with no work (the imports, the interpreter's start), and the difference is the workload's. The playouts are
compare.py's (the same seed; the libraries list moves in different orders, so the games differ: the figures are
per ply). The PGN workload is compare.py's: python-chess's ``read_game`` and a walk of each main line (UCI,
clock, evaluation) against ``ox88.pgn.read_table`` on one thread, every thread of the process counted (for ox88,
a first reading, which imports pyarrow's IPC reader, runs in both processes and so is not counted).
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def work(kind, lib, games, paths):
    """Runs one workload in this process; returns its size (plies or bytes)."""
    sys.path.insert(0, str(HERE))
    import compare  # noqa: E402 (compare imports both libraries)

    module = __import__(lib)
    if kind == "playouts":
        import random

        rng = random.Random(1)
        return sum(compare.playout(module, rng) for _ in range(games))
    if lib == "ox88":
        # A first reading in both runs, counted and subtracted: pyarrow's IPC reader is imported by the first.
        compare.ox88_pgn(paths, 1)
    for _ in range(games):
        if lib == "chess":
            compare.python_chess_pgn(paths)
        else:
            compare.ox88_pgn(paths, 1)
    return games * sum(os.path.getsize(p) for p in paths)


def counted(args, lib, games):
    """The instructions of a run of this script for ``lib`` under callgrind, and the size of its work."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
                   args.kind, "--run", lib, "--games", str(games), "--pgn", *args.pgn]
        run = subprocess.run(command, capture_output=True, text=True, check=True)
        total = re.search(r"refs:\s+([\d,]+)", run.stderr)
        if total is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
        return int(total.group(1).replace(",", "")), int(run.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["playouts", "pgn"])
    parser.add_argument("--games", type=int, help="playouts: the number of games, 100 unless given (python-chess: "
                        "a tenth of them, enough for a per-ply figure); pgn: readings of the files, 1 unless given")
    parser.add_argument("--pgn", nargs="*", default=[str(p) for p in sorted((ROOT / "tests/data/pgn").glob("*.pgn"))])
    parser.add_argument("--run", choices=["chess", "ox88"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.games is None:
        args.games = 100 if args.kind == "playouts" else 1
    if args.run:
        print(work(args.kind, args.run, args.games, args.pgn))
        return
    unit, units = ("ply", "plies") if args.kind == "playouts" else ("byte", "bytes")
    per = {}
    for lib in ("chess", "ox88"):
        games = max(1, args.games // 10) if (lib == "chess" and args.kind == "playouts") else args.games
        full, size = counted(args, lib, games)
        empty, _ = counted(args, lib, 0)
        per[lib] = (full - empty) / size
        print(f"{args.kind}, {lib}: {full - empty:,} instructions for {size:,} {units}: {per[lib]:,.1f} a {unit}")
    print(f"ox88 takes 1/{per['chess'] / per['ox88']:.1f} of python-chess's instructions")


if __name__ == "__main__":
    main()
