"""Runs a program written for python-chess with ox88 standing in for it: ``python as_ox88.py program.py args``.

The ``chess`` package and its modules are ox88's in ``sys.modules`` before the program starts, so its
``import chess`` and ``import chess.pgn`` lines, unchanged, import ox88."""

import runpy
import sys

import ox88
import ox88.engine
import ox88.pgn
import ox88.polyglot
import ox88.svg
import ox88.syzygy

sys.modules["chess"] = ox88
for name in ("engine", "pgn", "polyglot", "svg", "syzygy"):
    sys.modules[f"chess.{name}"] = sys.modules[f"ox88.{name}"]
program = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(program, run_name="__main__")
