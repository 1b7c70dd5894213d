"""Game databases: PGN files into ox88-db's Parquet dataset (a ``games`` table, and ``positions`` when asked) and
ox88-explorer's position explorer built from it, the same code as the ``ox88-db`` command, called in process.

The functions take what a job that spreads the work over machines needs (the Spark job in crates/python/spark):
``count_games`` says how many rows an import of some files writes, so that shards imported apart can be given
the ids one import of them all would give (``first_id``); ``explorer_add_dataset`` indexes one partition's
games as an explorer folder of its own; and ``combine_explorers`` joins those folders into the one explorer that
``ox88-server --explorer`` serves, equal byte for byte to the folder one machine would have built.

>>> import ox88.db
>>> first = ox88.db.import_pgn(["a.pgn"], "games.parquet/shard-0")  # doctest: +SKIP
>>> second = ox88.db.import_pgn(["b.pgn"], "games.parquet/shard-1", first_id=first.games + 1)  # doctest: +SKIP
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterable, List, Optional, Union

from . import _core
from ._core import DatabaseError as DatabaseError

PathLike = Union[str, "os.PathLike[str]"]
PathsLike = Union[PathLike, Iterable[PathLike]]

__all__ = ["DatabaseError", "ExploreSummary", "ExplorerInfo", "ImportSummary", "combine_explorers", "count_games",
           "explorer_add_dataset", "explorer_info", "import_pgn"]


def _paths(paths: PathsLike) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def _threads(threads: Optional[int]) -> int:
    return threads if threads is not None else (os.cpu_count() or 1)


@dataclass(frozen=True)
class ImportSummary:
    """What an import wrote."""

    games: int
    """Rows written: games, those that could not be read included."""
    errors: int
    """Games that could not be read (kept, with their ``error``)."""
    plies: int
    """Main-line moves of the games read."""
    pgn_bytes: int
    """PGN text read (decompressed)."""
    part: str
    """The games table's new part (a Parquet file)."""
    positions_part: Optional[str]
    """The positions table's new part, if one was made."""


@dataclass(frozen=True)
class ExploreSummary:
    """What an addition to an explorer did."""

    games: int
    """Games added (a game without a result is stored, its moves not counted)."""
    moves: int
    """Moves counted."""
    skipped: int
    """Games left out: unreadable, or with a move that does not replay."""


@dataclass(frozen=True)
class ExplorerInfo:
    """What an explorer folder holds."""

    games: int
    """Games stored."""
    runs: int
    """Sorted runs of (position, move) totals."""
    entries: int
    """Distinct (position, move) pairs, summed over the runs."""
    occurrences: int
    """Moves of games counted (position occurrences)."""
    bytes: int
    """Bytes on disk: runs and games files."""


def count_games(paths: PathsLike, *, threads: Optional[int] = None) -> int:
    """The rows ``import_pgn(paths)`` writes (a game that cannot be read is a row too), found by reading the tags
    only: no move is checked, so it costs a fraction of the import. ``threads`` defaults to every core."""
    return int(_core._count_games(_paths(paths), _threads(threads)))


def import_pgn(paths: PathsLike, output: PathLike, *, positions: Optional[PathLike] = None, first_id: int = 1,
               append: bool = False, san: bool = False, threads: Optional[int] = None,
               zstd_level: int = 3, names: Optional[Iterable[str]] = None) -> ImportSummary:
    """Imports PGN files (``.pgn``, ``.pgn.zst``, ``.pgn.bz2``, every move checked) into a new zstd Parquet part
    of the dataset folder ``output``, as ``ox88-db import`` does: the games table (``uci``, ``move_indices``, the
    clocks and evaluations; ``san`` too if asked) and, with ``positions``, the positions table in that folder.

    The games are numbered from ``first_id``, or on from the dataset's largest id if that is larger. A folder that
    holds a dataset already is refused unless ``append``. The ``file`` column names each file by its path, or by
    the string of ``names`` in its place: a file read from a local copy is named by its original (the URI of a
    shard in S3 or HDFS, say). Raises ``DatabaseError`` if a file cannot be read (then no part is added)."""
    file_names = [] if names is None else [str(name) for name in names]
    row = _core._import_games(_paths(paths), os.fspath(output), None if positions is None else os.fspath(positions),
                              first_id, append, san, _threads(threads), zstd_level, file_names)
    games, errors, plies, pgn_bytes, part, positions_part = row
    return ImportSummary(games, errors, plies, pgn_bytes, os.fspath(part),
                         None if positions_part is None else os.fspath(positions_part))


def explorer_add_dataset(explorer: PathLike, dataset: PathLike, *, memory_mb: int = 512) -> ExploreSummary:
    """Adds the games of the games dataset folder ``dataset`` (in its parts' order) to the explorer folder
    ``explorer`` (made if new) as one new sorted run, sorting in about ``memory_mb`` MiB and spilling to the
    explorer's folder beyond: ``ox88-db explorer add EXPLORER DATASET``."""
    games, moves, skipped = _core._explorer_add_dataset(os.fspath(explorer), os.fspath(dataset), memory_mb)
    return ExploreSummary(games, moves, skipped)


def combine_explorers(parts: Iterable[PathLike], output: PathLike) -> ExplorerInfo:
    """Joins explorer folders made apart into the new explorer folder ``output``: their games one after the other
    in the order given, and every run merged into one, each game renumbered after the games of the folders before
    its own. Given the partitions of a dataset in order, the result is the folder a single
    ``explorer_add_dataset`` of the whole dataset writes, byte for byte."""
    return ExplorerInfo(*_core._explorer_combine([os.fspath(p) for p in parts], os.fspath(output)))


def explorer_info(explorer: PathLike) -> ExplorerInfo:
    """What the explorer folder ``explorer`` holds (``ox88-db explorer info``)."""
    return ExplorerInfo(*_core._explorer_info(os.fspath(explorer)))
