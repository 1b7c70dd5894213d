#!/usr/bin/env python3
"""ox88 on Apache Spark: PGN shards imported in parallel into ox88-db's Parquet dataset, and the position
explorer's sorted runs made per partition and merged into one explorer folder that ox88-server serves.

The job is three steps over a DataFrame of shards, one shard a Spark partition:

1. ``mapInArrow`` counts each shard's games (tags read, movetext skipped: ``ox88.db.count_games``); the driver
   adds them up into each shard's first game id, so the ids are those one ``ox88-db import`` of all the shards in
   order gives.
2. ``mapInArrow`` imports each shard with ``ox88.db.import_pgn`` (every move checked, in Rust, no Python per
   move) into the part ``part-NNNNN.parquet`` of the output dataset (and of the positions dataset), and, with
   ``--explorer``, indexes that part as an explorer folder of its own (``ox88.db.explorer_add_dataset``).
3. The driver joins the partitions' explorers into one (``ox88.db.combine_explorers``): the same files, byte for
   byte, as ``ox88-db explorer add`` of the whole dataset on one machine.

Paths are local (or a shared file system every worker sees) or any URI pyarrow.fs opens (``s3://``, ``gs://``,
``hdfs://``): a task copies its shard to local disk, works there, and copies the parts out.

    python crates/python/spark/ox88_spark.py --master 'local[2]' shards/ --output games.parquet --explorer explorer
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from typing import Iterator, List, Optional, Tuple

SUFFIXES = (".pgn", ".pgn.zst", ".pgn.bz2")


def filesystem(uri: str) -> Tuple[object, str]:
    """pyarrow's file system for ``uri`` and the path in it (a plain path is a local one)."""
    import pyarrow.fs as pafs

    if "://" not in uri:
        return pafs.LocalFileSystem(), os.path.abspath(uri)
    return pafs.FileSystem.from_uri(uri)


def join(uri: str, name: str) -> str:
    return uri.rstrip("/") + "/" + name


def list_shards(inputs: List[str]) -> List[str]:
    """The PGN files named, and those in the folders named, each folder's in name order."""
    import pyarrow.fs as pafs

    shards = []
    for uri in inputs:
        fs, path = filesystem(uri)
        info = fs.get_file_info(path)
        if info.type == pafs.FileType.Directory:
            found = fs.get_file_info(pafs.FileSelector(path))
            names = sorted(f.base_name for f in found if f.base_name.endswith(SUFFIXES))
            shards.extend(join(uri, name) for name in names)
        elif info.type == pafs.FileType.File:
            shards.append(uri)
        else:
            raise SystemExit(f"ox88_spark: no such file or folder: {uri}")
    if not shards:
        raise SystemExit("ox88_spark: no PGN shards (.pgn, .pgn.zst, .pgn.bz2) in the inputs")
    return shards


def fetch(uri: str, scratch: str) -> str:
    """A local path holding the shard ``uri``: the file itself if local, else a copy in ``scratch``."""
    import pyarrow.fs as pafs

    fs, path = filesystem(uri)
    if isinstance(fs, pafs.LocalFileSystem):
        return path
    local = os.path.join(scratch, os.path.basename(path))
    pafs.copy_files(path, local, source_filesystem=fs, destination_filesystem=pafs.LocalFileSystem())
    return local


def publish(local: str, uri: str) -> None:
    """Copies the local file or folder ``local`` to ``uri``."""
    import pyarrow.fs as pafs

    fs, path = filesystem(uri)
    parent = path.rsplit("/", 1)[0]
    fs.create_dir(parent, recursive=True)
    if os.path.isdir(local):
        fs.create_dir(path, recursive=True)
    pafs.copy_files(local, path, source_filesystem=pafs.LocalFileSystem(), destination_filesystem=fs)


def has_parts(uri: str) -> bool:
    import pyarrow.fs as pafs

    fs, path = filesystem(uri)
    if fs.get_file_info(path).type != pafs.FileType.Directory:
        return False
    return any(f.base_name.startswith("part-") for f in fs.get_file_info(pafs.FileSelector(path)))


def exists(uri: str) -> bool:
    import pyarrow.fs as pafs

    fs, path = filesystem(uri)
    return bool(fs.get_file_info(path).type != pafs.FileType.NotFound)


def count_task(threads: int):
    """The first step's function: each shard's number of games."""
    def run(batches: Iterator[object]) -> Iterator[object]:
        import pyarrow as pa
        import ox88.db

        for batch in batches:
            rows = batch.to_pylist()
            counts = []
            with tempfile.TemporaryDirectory(prefix="ox88-spark-") as scratch:
                for row in rows:
                    counts.append(ox88.db.count_games(fetch(row["uri"], scratch), threads=threads))
            yield pa.RecordBatch.from_pydict({"index": [r["index"] for r in rows], "games": counts},
                                             schema=pa.schema([("index", pa.int32()), ("games", pa.int64())]))
    return run


IMPORT_SCHEMA = "index int, games long, errors long, plies long, pgn_bytes long, moves long, seconds double"


def import_task(output: str, positions: Optional[str], explorer_parts: Optional[str], threads: int, san: bool,
                memory_mb: int):
    """The second step's function: each shard imported into its part, and indexed."""
    def run(batches: Iterator[object]) -> Iterator[object]:
        import pyarrow as pa
        import ox88.db

        for batch in batches:
            out = {name: [] for name in ("index", "games", "errors", "plies", "pgn_bytes", "moves", "seconds")}
            for row in batch.to_pylist():
                start = time.perf_counter()
                part = f"part-{row['index']:05d}"
                with tempfile.TemporaryDirectory(prefix="ox88-spark-") as scratch:
                    games_dir = os.path.join(scratch, "games")
                    positions_dir = os.path.join(scratch, "positions") if positions else None
                    summary = ox88.db.import_pgn(fetch(row["uri"], scratch), games_dir, positions=positions_dir,
                                                 first_id=row["first_id"], san=san, threads=threads)
                    if summary.games != row["games"]:
                        raise RuntimeError(f"{row['uri']}: {summary.games} games imported, {row['games']} counted")
                    moves = 0
                    if explorer_parts:
                        local = os.path.join(scratch, "explorer")
                        moves = ox88.db.explorer_add_dataset(local, games_dir, memory_mb=memory_mb).moves
                        publish(local, join(explorer_parts, part))
                    publish(summary.part, join(output, part + ".parquet"))
                    if positions and summary.positions_part:
                        publish(summary.positions_part, join(positions, part + ".parquet"))
                values = (row["index"], summary.games, summary.errors, summary.plies, summary.pgn_bytes, moves,
                          time.perf_counter() - start)
                for name, value in zip(out, values):
                    out[name].append(value)
            types = [pa.int32()] + [pa.int64()] * 5 + [pa.float64()]
            yield pa.RecordBatch.from_pydict(out, schema=pa.schema(list(zip(out, types))))
    return run


def combine(explorer_parts: str, shards: int, explorer: str) -> object:
    """The third step, on the driver: the partitions' explorers joined into ``explorer``."""
    import ox88.db

    with tempfile.TemporaryDirectory(prefix="ox88-spark-") as scratch:
        fs, _ = filesystem(explorer_parts)
        import pyarrow.fs as pafs

        local_fs = isinstance(fs, pafs.LocalFileSystem)
        parts = []
        for index in range(shards):
            uri = join(explorer_parts, f"part-{index:05d}")
            if local_fs:
                parts.append(filesystem(uri)[1])
            else:
                parts.append(os.path.join(scratch, f"part-{index:05d}"))
                os.makedirs(parts[-1])
                pafs.copy_files(filesystem(uri)[1], parts[-1], source_filesystem=fs,
                                destination_filesystem=pafs.LocalFileSystem())
        target_fs, target = filesystem(explorer)
        local_target = target if isinstance(target_fs, pafs.LocalFileSystem) else os.path.join(scratch, "explorer")
        info = ox88.db.combine_explorers(parts, local_target)
        if local_target != target:
            publish(local_target, explorer)
    fs.delete_dir(filesystem(explorer_parts)[1])
    return info


def arguments(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ox88_spark.py",
        description="PGN shards into ox88-db's Parquet dataset on Apache Spark, one shard a task, and the position "
                    "explorer's runs made per partition and merged into one explorer folder. Paths are local, on a "
                    "file system every worker sees, or URIs pyarrow opens (s3://, gs://, hdfs://).")
    parser.add_argument("inputs", nargs="+", help="PGN shards (.pgn, .pgn.zst, .pgn.bz2) or folders of them; the "
                        "games are numbered in the order given (a folder's files in name order)")
    parser.add_argument("-o", "--output", required=True, help="the games dataset folder (new): part-NNNNN.parquet, "
                        "one a shard")
    parser.add_argument("--positions", help="also write the positions table, into this dataset folder (new)")
    parser.add_argument("--explorer", help="also build the position explorer, into this folder (new)")
    parser.add_argument("--san", action="store_true", help="add the san column (as ox88-db import --san)")
    parser.add_argument("--master", help="Spark's master (e.g. local[2]); spark-submit's when left out")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads each task reads PGN on (default 1: Spark runs a task a core)")
    parser.add_argument("--memory-mb", type=int, default=256,
                        help="memory a task sorts explorer moves in before spilling to disk (default 256)")
    args = parser.parse_args(argv)
    if args.threads < 1 or args.memory_mb < 1:
        parser.error("--threads and --memory-mb are at least 1")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = arguments(argv)
    from pyspark.sql import SparkSession

    # In local mode the workers are this Python, which has ox88; on a cluster spark-submit says which.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    shards = list_shards(args.inputs)
    for name, uri in (("output", args.output), ("positions", args.positions)):
        if uri and has_parts(uri):
            raise SystemExit(f"ox88_spark: the {name} {uri} holds a dataset already")
    for folder in (args.explorer, args.explorer and args.explorer.rstrip("/") + ".parts"):
        if folder and exists(folder):
            raise SystemExit(f"ox88_spark: the explorer folder {folder} exists already")
    # Spark's progress bar on a terminal; in a log, only the job's own lines.
    progress = "true" if sys.stderr.isatty() else "false"
    builder = SparkSession.builder.appName("ox88-import").config("spark.ui.showConsoleProgress", progress)
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    start = time.perf_counter()
    try:
        rows = [(index, uri) for index, uri in enumerate(shards)]
        table = spark.sparkContext.parallelize(rows, len(rows)).toDF("index int, uri string")
        counts = dict(table.mapInArrow(count_task(args.threads), "index int, games long").collect())
        first_ids, first = [], 1
        for index, uri in rows:
            first_ids.append((index, uri, first, counts[index]))
            first += counts[index]
        counted = time.perf_counter()
        plan = spark.sparkContext.parallelize(first_ids, len(rows)).toDF(
            "index int, uri string, first_id long, games long")
        explorer_parts = args.explorer.rstrip("/") + ".parts" if args.explorer else None
        task = import_task(args.output, args.positions, explorer_parts, args.threads, args.san, args.memory_mb)
        summaries = plan.mapInArrow(task, IMPORT_SCHEMA).collect()
        imported = time.perf_counter()
        info = combine(explorer_parts, len(rows), args.explorer) if explorer_parts else None
    finally:
        spark.stop()
    end = time.perf_counter()
    total = {name: sum(getattr(s, name) for s in summaries) for name in ("games", "errors", "plies", "pgn_bytes")}
    print(f"{len(shards)} shards: {total['games']:,} games ({total['errors']:,} unreadable), {total['plies']:,} "
          f"plies, {total['pgn_bytes'] / 1e6:.1f} MB of PGN into {args.output}")
    print(f"time: {end - start:.1f} s (count {counted - start:.1f} s, import and index "
          f"{imported - counted:.1f} s, merge {end - imported:.1f} s)")
    if info is not None:
        print(f"explorer {args.explorer}: {info.games:,} games, {info.occurrences:,} position occurrences, "
              f"{info.entries:,} (position, move) entries in {info.runs} run, {info.bytes:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
