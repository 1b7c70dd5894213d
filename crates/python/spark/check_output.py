#!/usr/bin/env python3
"""Checks that the Spark job's output equals the single-machine one, and that a difference would be seen.

    check_output.py GAMES REFERENCE_GAMES [--positions P REFERENCE_P] [--explorer E REFERENCE_E]

The datasets (folders of Parquet parts) must hold the same rows, every column equal, in the same Arrow schema as
ox88-db writes it (read with pyarrow, sorted by id; positions by game id and ply); the explorer folders the same
files, byte for byte (manifest, games, runs). Then it damages copies of the job's output (a rating changed in one
row, a row dropped, a byte of the explorer's run flipped) and checks that each is found. Exits 1 on a difference.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from typing import List, Optional

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq


def read(folder: str, keys: List[str]) -> pa.Table:
    parts = sorted(os.path.join(folder, p) for p in os.listdir(folder) if p.startswith("part-") and p.endswith(".parquet"))
    if not parts:
        raise SystemExit(f"check_output: no parts in {folder}")
    tables = [pq.read_table(p) for p in parts]
    if any(not t.schema.remove_metadata().equals(tables[0].schema.remove_metadata()) for t in tables):
        raise SystemExit(f"check_output: the parts of {folder} differ in schema")
    table = pa.concat_tables(tables)
    return table.sort_by([(k, "ascending") for k in keys])


def compare_tables(name: str, table: pa.Table, reference: pa.Table) -> Optional[str]:
    """What differs between two tables, or None."""
    if table.schema.remove_metadata() != reference.schema.remove_metadata():
        return f"{name}: schemas differ:\n{table.schema}\n---\n{reference.schema}"
    if table.num_rows != reference.num_rows:
        return f"{name}: {table.num_rows} rows, the reference {reference.num_rows}"
    for column in reference.column_names:
        a, b = table.column(column), reference.column(column)
        if not a.equals(b):
            for row in range(table.num_rows):
                if a[row] != b[row]:
                    return f"{name}: column {column} differs first in row {row}: {a[row]} != {b[row]}"
            return f"{name}: column {column} differs"
    return None


def compare_datasets(name: str, folder: str, reference: str, keys: List[str]) -> Optional[str]:
    return compare_tables(name, read(folder, keys), read(reference, keys))


def compare_explorers(folder: str, reference: str) -> Optional[str]:
    names = sorted(os.listdir(reference))
    if sorted(os.listdir(folder)) != names:
        return f"explorer: files {sorted(os.listdir(folder))}, the reference {names}"
    for file in names:
        with open(os.path.join(folder, file), "rb") as a, open(os.path.join(reference, file), "rb") as b:
            if a.read() != b.read():
                return f"explorer: {file} differs"
    return None


def damaged(games: str, explorer: Optional[str], scratch: str) -> List[tuple]:
    """Copies of the output, each damaged once: (what, games folder, explorer folder)."""
    cases = []
    part = sorted(p for p in os.listdir(games) if p.startswith("part-"))[-1]
    for what in ("white_elo changed in one row", "a row dropped"):
        copy = os.path.join(scratch, what.replace(" ", "-"))
        shutil.copytree(games, copy)
        table = pq.read_table(os.path.join(copy, part))
        if what.startswith("white_elo"):
            elo = table.column("white_elo").to_pylist()
            elo[len(elo) // 2] = (elo[len(elo) // 2] or 0) + 1
            table = table.set_column(table.schema.get_field_index("white_elo"), table.schema.field("white_elo"),
                                     pa.array(elo, pa.int32()))
        else:
            table = table.slice(0, table.num_rows - 1)
        pq.write_table(table, os.path.join(copy, part), compression="zstd")
        cases.append((what, copy, explorer))
    if explorer:
        copy = os.path.join(scratch, "explorer")
        shutil.copytree(explorer, copy)
        run = sorted(f for f in os.listdir(copy) if f.endswith(".run"))[0]
        with open(os.path.join(copy, run), "r+b") as f:
            data = bytearray(f.read())
            data[len(data) // 2] ^= 1
            f.seek(0)
            f.write(data)
        cases.append(("a bit of the explorer's run flipped", games, copy))
    return cases


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="check_output.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("games")
    parser.add_argument("reference")
    parser.add_argument("--positions", nargs=2, metavar=("POSITIONS", "REFERENCE"))
    parser.add_argument("--explorer", nargs=2, metavar=("EXPLORER", "REFERENCE"))
    args = parser.parse_args(argv)
    reference = read(args.reference, ["id"])
    found = [compare_tables("games", read(args.games, ["id"]), reference)]
    if args.positions:
        found.append(compare_datasets("positions", *args.positions, ["game_id", "ply"]))
    if args.explorer:
        found.append(compare_explorers(*args.explorer))
    failures = [f for f in found if f]
    for failure in failures:
        print(f"FAILED: {failure}")
    if failures:
        return 1
    print(f"games: {reference.num_rows} rows equal in all {reference.num_columns} columns"
          + (", positions equal" if args.positions else "") + (", explorer files identical" if args.explorer else ""))
    with tempfile.TemporaryDirectory(prefix="ox88-spark-check-") as scratch:
        explorer = args.explorer[0] if args.explorer else None
        for what, games, damaged_explorer in damaged(args.games, explorer, scratch):
            difference = compare_tables("games", read(games, ["id"]), reference)
            if difference is None and damaged_explorer:
                difference = compare_explorers(damaged_explorer, args.explorer[1])
            if difference is None:
                print(f"FAILED: a damaged copy ({what}) was not told apart")
                return 1
            print(f"damaged copy ({what}) found: {difference.splitlines()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
