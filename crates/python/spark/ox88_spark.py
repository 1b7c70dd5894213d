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

The shards are read through Spark (its ``binaryFile`` source, so any file system the cluster's Hadoop
configuration reaches: ``s3a://``, ``hdfs://``, ``gs://``, local paths), one shard a task: the task writes the
bytes Spark hands it to its local disk, works there, records the shard's own URI in the games table's ``file``
column (a local file's path, as ``ox88-db import`` would), and copies the parts out to the output, a local path
(or a shared file system every worker sees) or any URI pyarrow.fs opens (``s3://``, ``gs://``, ``hdfs://``).

    python crates/python/spark/ox88_spark.py --master 'local[2]' shards/ --output games.parquet --explorer explorer
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Dict, Iterator, List, Optional, Tuple

SUFFIXES = (".pgn", ".pgn.zst", ".pgn.bz2")


def filesystem(uri: str) -> Tuple[object, str]:
    """pyarrow's file system for ``uri`` and the path in it (a plain path is a local one)."""
    import pyarrow.fs as pafs

    if "://" not in uri:
        return pafs.LocalFileSystem(), os.path.abspath(uri)
    return pafs.FileSystem.from_uri(uri)


def join(uri: str, name: str) -> str:
    return uri.rstrip("/") + "/" + name


def list_shards(spark: object, inputs: List[str]) -> List[str]:
    """The PGN files named, and those in the folders named (each folder's in name order), as Spark names them
    (``file:/…``, ``s3a://…``): Spark lists them, through the file systems its Hadoop configuration has."""
    from pyspark.errors import AnalysisException

    shards: List[str] = []
    for uri in inputs:
        try:
            found = spark.read.format("binaryFile").load(uri).select("path").collect()
        except AnalysisException as error:
            raise SystemExit(f"ox88_spark: {uri}: {str(error).splitlines()[0]}")
        shards.extend(sorted(row.path for row in found if row.path.endswith(SUFFIXES)))
    if not shards:
        raise SystemExit("ox88_spark: no PGN shards (.pgn, .pgn.zst, .pgn.bz2) in the inputs")
    if len(set(shards)) != len(shards):
        raise SystemExit("ox88_spark: a shard is named twice in the inputs")
    return shards


def display_name(path: str) -> str:
    """What the games table's ``file`` column says of the shard Spark names ``path``: a local file's path (what
    ``ox88-db import`` of the file records), any other file's URI."""
    if path.startswith("file://"):
        return path[len("file://"):]
    if path.startswith("file:"):
        return path[len("file:"):]
    return path


def local_copy(path: str, content: object, scratch: str) -> str:
    """Writes the bytes of the shard Spark names ``path`` (an Arrow binary scalar, not copied into Python) into
    ``scratch`` under the shard's own file name (its suffix says how it is compressed); returns the copy's path."""
    local = os.path.join(scratch, path.rstrip("/").rsplit("/", 1)[-1])
    with open(local, "wb") as f:
        f.write(memoryview(content.as_buffer()))
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


def count_task(indices: Dict[str, int], threads: int):
    """The first step's function: the number of games of each shard (rows of Spark's ``binaryFile``: ``path``,
    ``content``), by its index (``indices``, from its path)."""
    def run(batches: Iterator[object]) -> Iterator[object]:
        import pyarrow as pa
        import ox88.db

        for batch in batches:
            index, counts = [], []
            for row in range(batch.num_rows):
                path = batch.column("path")[row].as_py()
                with tempfile.TemporaryDirectory(prefix="ox88-spark-") as scratch:
                    local = local_copy(path, batch.column("content")[row], scratch)
                    counts.append(ox88.db.count_games(local, threads=threads))
                index.append(indices[path])
            yield pa.RecordBatch.from_pydict({"index": index, "games": counts},
                                             schema=pa.schema([("index", pa.int32()), ("games", pa.int64())]))
    return run


IMPORT_SCHEMA = "index int, games long, errors long, plies long, pgn_bytes long, moves long, seconds double"


def import_task(plan: Dict[str, Tuple[int, int, int]], output: str, positions: Optional[str],
                explorer_parts: Optional[str], threads: int, san: bool, memory_mb: int):
    """The second step's function: each shard (a row of Spark's ``binaryFile``) imported into its part, and
    indexed; ``plan`` gives each shard's index, first id and count of games, by its path."""
    def run(batches: Iterator[object]) -> Iterator[object]:
        import pyarrow as pa
        import ox88.db

        for batch in batches:
            out = {name: [] for name in ("index", "games", "errors", "plies", "pgn_bytes", "moves", "seconds")}
            for row in range(batch.num_rows):
                start = time.perf_counter()
                path = batch.column("path")[row].as_py()
                index, first_id, counted = plan[path]
                part = f"part-{index:05d}"
                with tempfile.TemporaryDirectory(prefix="ox88-spark-") as scratch:
                    local = local_copy(path, batch.column("content")[row], scratch)
                    games_dir = os.path.join(scratch, "games")
                    positions_dir = os.path.join(scratch, "positions") if positions else None
                    summary = ox88.db.import_pgn(local, games_dir, positions=positions_dir, first_id=first_id,
                                                 san=san, threads=threads, names=[display_name(path)])
                    if summary.games != counted:
                        raise RuntimeError(f"{path}: {summary.games} games imported, {counted} counted")
                    moves = 0
                    if explorer_parts:
                        local = os.path.join(scratch, "explorer")
                        moves = ox88.db.explorer_add_dataset(local, games_dir, memory_mb=memory_mb).moves
                        publish(local, join(explorer_parts, part))
                    publish(summary.part, join(output, part + ".parquet"))
                    if positions and summary.positions_part:
                        publish(summary.positions_part, join(positions, part + ".parquet"))
                values = (index, summary.games, summary.errors, summary.plies, summary.pgn_bytes, moves,
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
    for uri in args.inputs:
        if "://" not in uri and not os.path.exists(uri):
            raise SystemExit(f"ox88_spark: no such file or folder: {uri}")
    for name, uri in (("output", args.output), ("positions", args.positions)):
        if uri and has_parts(uri):
            raise SystemExit(f"ox88_spark: the {name} {uri} holds a dataset already")
    for folder in (args.explorer, args.explorer and args.explorer.rstrip("/") + ".parts"):
        if folder and exists(folder):
            raise SystemExit(f"ox88_spark: the explorer folder {folder} exists already")
    # Spark's progress bar on a terminal; in a log, only the job's own lines.
    progress = "true" if sys.stderr.isatty() else "false"
    # A shard is a task: binaryFile packs no two files into one partition.
    builder = (SparkSession.builder.appName("ox88-import").config("spark.ui.showConsoleProgress", progress)
               .config("spark.sql.files.maxPartitionBytes", "1"))
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    start = time.perf_counter()
    try:
        shards = list_shards(spark, args.inputs)
        indices = {path: index for index, path in enumerate(shards)}
        files = spark.read.format("binaryFile").load(shards).select("path", "content")
        tasks = files.rdd.getNumPartitions()
        counts = dict(files.mapInArrow(count_task(indices, args.threads), "index int, games long").collect())
        plan, first = {}, 1
        for path, index in indices.items():
            plan[path] = (index, first, counts[index])
            first += counts[index]
        counted = time.perf_counter()
        explorer_parts = args.explorer.rstrip("/") + ".parts" if args.explorer else None
        task = import_task(plan, args.output, args.positions, explorer_parts, args.threads, args.san,
                           args.memory_mb)
        summaries = files.mapInArrow(task, IMPORT_SCHEMA).collect()
        imported = time.perf_counter()
        info = combine(explorer_parts, len(shards), args.explorer) if explorer_parts else None
    finally:
        spark.stop()
    end = time.perf_counter()
    total = {name: sum(getattr(s, name) for s in summaries) for name in ("games", "errors", "plies", "pgn_bytes")}
    print(f"{len(shards)} shards in {tasks} tasks: {total['games']:,} games ({total['errors']:,} unreadable), {total['plies']:,} "
          f"plies, {total['pgn_bytes'] / 1e6:.1f} MB of PGN into {args.output}")
    print(f"time: {end - start:.1f} s (count {counted - start:.1f} s, import and index "
          f"{imported - counted:.1f} s, merge {end - imported:.1f} s)")
    if info is not None:
        print(f"explorer {args.explorer}: {info.games:,} games, {info.occurrences:,} position occurrences, "
              f"{info.entries:,} (position, move) entries in {info.runs} run, {info.bytes:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
