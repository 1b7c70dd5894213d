#!/usr/bin/env python3
"""ox88 beside python-chess, in one interleaved run: the figures of docs/python.md.

    python crates/python/bench/compare.py [--repeat 7] [--pgn FILE ...] [--big-pgn FILE]

Each figure is the median of ``--repeat`` runs, ox88 and python-chess taking turns, so that a noisy machine
slows both alike; ratios are of medians.

1. Random playouts: ``legal_moves``, ``push``, ``is_game_over`` to the end of the game, then ``pop`` back to
   the start; plies a second.
2. Small calls: ``board.turn``, ``board.piece_at(sq)``, ``Move.from_uci(text)``, ``board.fen()``; time a call.
3. PGN to moves, clocks and evaluations (the repository's real files by default): python-chess's ``read_game``
   and a walk of each main line, against ``ox88.pgn.read_table`` on 1 and 2 threads; MB a second.
4. ``--big-pgn FILE``: the peak memory of ``read_batches`` over FILE (made of the real files repeated to 1 GB by
   ``--make-big-pgn``), in a process of its own.
"""

import argparse
import gc
import io
import os
import pathlib
import random
import resource
import statistics
import subprocess
import sys
import time
import timeit

import chess
import chess.pgn

import ox88
import ox88.pgn

ROOT = pathlib.Path(__file__).resolve().parents[3]


def playout(lib, rng):
    """One random game from the start position, played to its end and taken back; its plies."""
    board = lib.Board()
    plies = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    while board.move_stack:
        board.pop()
    return plies


def playouts(lib, seconds, seed):
    """Plies a second of random games from the start position, for about ``seconds``."""
    rng = random.Random(seed)
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += playout(lib, rng)
    return plies / (time.perf_counter() - start)


SMALL_CALLS = {
    "board.turn": "board.turn",
    "board.piece_at(sq)": "board.piece_at(12)",
    "Move.from_uci(text)": "Move.from_uci('g1f3')",
    "board.fen()": "board.fen()",
}


def small_call(lib, stmt):
    """Seconds a call: the best of three timings of enough calls to take about 0.2 s."""
    board = lib.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    timer = timeit.Timer(stmt, globals={"board": board, "Move": lib.Move})
    number, _ = timer.autorange()
    return min(timer.repeat(number=number, repeat=3)) / number


def python_chess_pgn(paths):
    """python-chess: every game's main-line moves (UCI), clocks and evaluations."""
    games = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                moves, clocks, evals = [], [], []
                for node in game.mainline():
                    moves.append(node.move.uci())
                    clocks.append(node.clock())
                    evals.append(node.eval())
                games += 1
    return games


def ox88_pgn(paths, threads):
    table = ox88.pgn.read_table(paths, threads=threads, columns=["uci", "clocks", "eval_cp", "eval_mate"])
    return table.num_rows


# The least length of one timed run of ox88's PGN reading: its calls on the repository's files take a few
# milliseconds each, too short to be timed one at a time beside python-chess's seconds.
OX88_RUN = 0.25


def median_runs(repeat, runs):
    """Runs each of ``runs`` (name -> function) ``repeat`` times in turn; the median of each."""
    results = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            gc.collect()
            results[name].append(run())
    return {name: statistics.median(values) for name, values in results.items()}


def timed(function, clock=time.perf_counter, at_least=0.0):
    """A run of ``function`` that returns its seconds by ``clock`` (wall-clock by default): a call, or with
    ``at_least``, the mean of as many calls in a row as take at least that long (as timeit loops), so that a call of
    a few milliseconds is timed at its steady rate rather than as one call after another library's run."""
    def run():
        calls, start = 0, clock()
        while True:
            function()
            calls += 1
            elapsed = clock() - start
            if elapsed >= at_least:
                return elapsed / calls
    return run


def cpu_timed(function, at_least=0.0):
    """A run of ``function`` that returns the CPU seconds of the whole process (all its threads), as ``timed``."""
    return timed(function, time.process_time, at_least)


def make_big_pgn(path, size, sources):
    text = b"".join(pathlib.Path(s).read_bytes().rstrip(b"\n") + b"\n\n" for s in sources)
    with open(path, "wb") as out:
        written = 0
        while written < size:
            out.write(text)
            written += len(text)
    return written


def peak_memory(paths):
    """Peak resident memory (MB) of a process that streams ``paths`` through ``read_batches``, and its rows."""
    code = (
        "import resource, sys, ox88.pgn\n"
        "rows = 0\n"
        "for batch in ox88.pgn.read_batches(sys.argv[1:], threads=2):\n"
        "    rows += batch.num_rows\n"
        "print(rows, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, *map(str, paths)], capture_output=True, text=True, check=True).stdout
    rows, peak = out.split()
    return int(rows), int(peak)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one playout run")
    parser.add_argument("--pgn", nargs="*", default=[str(p) for p in sorted((ROOT / "tests/data/pgn").glob("*.pgn"))])
    parser.add_argument("--big-pgn", help="a large PGN file for the memory figure")
    parser.add_argument("--make-big-pgn", metavar="FILE", help="write a 1 GB PGN file of the --pgn files, and exit")
    parser.add_argument("--only", choices=["playouts", "calls", "pgn", "memory"], action="append")
    args = parser.parse_args()
    if args.make_big_pgn:
        print(f"wrote {make_big_pgn(args.make_big_pgn, 1 << 30, args.pgn):,} bytes to {args.make_big_pgn}")
        return
    only = set(args.only or ["playouts", "calls", "pgn", "memory"])
    commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}, ox88 {ox88.__version__} at {commit}; "
          f"medians of {args.repeat} interleaved runs; load average {os.getloadavg()[0]:.1f}")

    if "playouts" in only:
        rates = median_runs(args.repeat, {
            "python-chess": lambda: playouts(chess, args.seconds, 1),
            "ox88": lambda: playouts(ox88, args.seconds, 1),
        })
        print(f"random playouts: python-chess {rates['python-chess']:,.0f} plies/s, ox88 {rates['ox88']:,.0f} "
              f"plies/s: {rates['ox88'] / rates['python-chess']:.1f}x")

    if "calls" in only:
        for name, stmt in SMALL_CALLS.items():
            times = median_runs(args.repeat, {lib.__name__: (lambda lib=lib: small_call(lib, stmt)) for lib in (chess, ox88)})
            print(f"{name}: python-chess {times['chess'] * 1e9:.0f} ns, ox88 {times['ox88'] * 1e9:.0f} ns: "
                  f"ox88 takes {times['ox88'] / times['chess']:.2f}x python-chess's time")

    if "pgn" in only and args.pgn:
        size = sum(os.path.getsize(p) for p in args.pgn) / 1e6
        times = median_runs(max(3, args.repeat // 2), {
            "python-chess": timed(lambda: python_chess_pgn(args.pgn)),
            "ox88 1 thread": timed(lambda: ox88_pgn(args.pgn, 1), at_least=OX88_RUN),
            "ox88 2 threads": timed(lambda: ox88_pgn(args.pgn, 2), at_least=OX88_RUN),
            "python-chess CPU": cpu_timed(lambda: python_chess_pgn(args.pgn)),
            "ox88 1 thread CPU": cpu_timed(lambda: ox88_pgn(args.pgn, 1), at_least=OX88_RUN),
            "ox88 2 threads CPU": cpu_timed(lambda: ox88_pgn(args.pgn, 2), at_least=OX88_RUN),
        })
        rates = {name: size / seconds for name, seconds in times.items()}
        print(f"PGN to moves, clocks and evaluations ({size:.1f} MB): python-chess {rates['python-chess']:.2f} MB/s, "
              f"ox88 {rates['ox88 1 thread']:.1f} MB/s on 1 thread ({rates['ox88 1 thread'] / rates['python-chess']:.0f}x), "
              f"{rates['ox88 2 threads']:.1f} MB/s on 2 ({rates['ox88 2 threads'] / rates['ox88 1 thread']:.2f}x 1 thread)")
        # By CPU time, which a loaded machine inflates less than wall-clock time, and which counts every thread
        # of ox88's "one thread" (the parsing worker, the file reader, the Arrow writer).
        print(f"  by CPU time: python-chess {rates['python-chess CPU']:.2f} MB/s, ox88 1 thread "
              f"{rates['ox88 1 thread CPU']:.1f} MB/s ({rates['ox88 1 thread CPU'] / rates['python-chess CPU']:.0f}x)")
        # The CPU a MB costs on 1 and 2 threads: two threads reach twice one thread's rate only if it is the same.
        cost = {threads: 1000 * times[f"ox88 {threads} CPU"] / size for threads in ("1 thread", "2 threads")}
        print(f"  CPU a MB (user + sys of every thread): ox88 {cost['1 thread']:.2f} ms on 1 thread, "
              f"{cost['2 threads']:.2f} ms on 2")

    if "memory" in only and args.big_pgn:
        # The same reading over the small files first: memory that does not grow with the input is bounded.
        for paths in (args.pgn, [args.big_pgn]):
            rows, peak = peak_memory(paths)
            size = sum(os.path.getsize(p) for p in paths) / 1e6
            print(f"read_batches over {size:,.0f} MB of PGN ({rows:,} games): peak memory {peak} MB")


if __name__ == "__main__":
    main()
