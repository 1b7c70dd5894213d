"""ox88.db: ox88-db's import and ox88-explorer's folders from Python, as the Spark job uses them: counts equal to
the rows imported, shards imported apart (each from its first id) equal to one import, and partitions' explorers
joined into the files one machine builds, byte for byte."""

import os

import pyarrow.parquet as pq
import pytest

import ox88.db

from conftest import ROOT

FILES = sorted((ROOT / "tests/data/pgn").glob("*.pgn"))


def rows(folder):
    parts = sorted(p for p in os.listdir(folder) if p.startswith("part-"))
    return [row for p in parts for row in pq.read_table(os.path.join(folder, p)).to_pylist()]


def files(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def test_shards_imported_apart_equal_one_import(tmp_path):
    whole = ox88.db.import_pgn(FILES, tmp_path / "whole", positions=tmp_path / "whole-positions", threads=2)
    assert (whole.games, whole.errors) == (1548, 0) and whole.plies > 100_000
    assert os.path.basename(whole.part) == "part-00000.parquet" and whole.positions_part is not None
    first = 1
    for index, path in enumerate(FILES):
        counted = ox88.db.count_games(path, threads=2)
        shard = ox88.db.import_pgn([path], tmp_path / f"shard-{index}", first_id=first, threads=1)
        assert shard.games == counted
        os.rename(shard.part, tmp_path / f"part-{index:05d}.parquet")
        first += counted
    assert first - 1 == whole.games == ox88.db.count_games(FILES)
    os.makedirs(tmp_path / "shards")
    for index in range(len(FILES)):
        os.rename(tmp_path / f"part-{index:05d}.parquet", tmp_path / "shards" / f"part-{index:05d}.parquet")
    assert rows(tmp_path / "shards") == rows(tmp_path / "whole")
    assert pq.read_schema(tmp_path / "shards/part-00001.parquet") == pq.read_schema(whole.part)

    # The explorer: the partitions indexed apart and joined, against the whole dataset indexed at once.
    single = ox88.db.explorer_add_dataset(tmp_path / "single", tmp_path / "whole")
    assert single.games + single.skipped == 1548 and single.games > 1500 and 0 < single.moves <= whole.plies
    parts = []
    for index in range(len(FILES)):
        dataset = tmp_path / f"dataset-{index}"
        os.makedirs(dataset)
        os.link(tmp_path / "shards" / f"part-{index:05d}.parquet", dataset / "part-00000.parquet")
        ox88.db.explorer_add_dataset(tmp_path / f"explorer-{index}", dataset, memory_mb=1)
        parts.append(tmp_path / f"explorer-{index}")
    info = ox88.db.combine_explorers(parts, tmp_path / "combined")
    assert (info.games, info.runs, info.occurrences) == (single.games, 1, single.moves)
    assert ox88.db.explorer_info(tmp_path / "combined") == info
    assert files(tmp_path / "combined") == files(tmp_path / "single")
    # In the other order the games are numbered otherwise: not the same files.
    ox88.db.combine_explorers(parts[::-1], tmp_path / "reversed")
    assert files(tmp_path / "reversed")["games.idx"] != files(tmp_path / "single")["games.idx"]


def test_bad_input_raises_database_error(tmp_path):
    with pytest.raises(ox88.db.DatabaseError, match="missing.pgn"):
        ox88.db.count_games(tmp_path / "missing.pgn")
    with pytest.raises(ox88.db.DatabaseError, match="missing.pgn"):
        ox88.db.import_pgn(tmp_path / "missing.pgn", tmp_path / "out")
    assert not os.path.exists(tmp_path / "out" / "part-00000.parquet")
    ox88.db.import_pgn(FILES[0], tmp_path / "out")
    with pytest.raises(ox88.db.DatabaseError):
        ox88.db.import_pgn(FILES[0], tmp_path / "out")
    appended = ox88.db.import_pgn(FILES[0], tmp_path / "out", append=True, first_id=2)
    assert rows(tmp_path / "out")[-1]["id"] == 2 * appended.games
    with pytest.raises(ox88.db.DatabaseError, match="no explorer"):
        ox88.db.combine_explorers([tmp_path / "nothing"], tmp_path / "combined")
    with pytest.raises(ox88.db.DatabaseError):
        ox88.db.explorer_info(tmp_path / "nothing")


def test_a_local_copy_is_named_by_its_original(tmp_path):
    uri = "s3://games/2024-01/shard-00007.pgn"
    summary = ox88.db.import_pgn(FILES, tmp_path / "out", names=[uri], threads=1)
    table = pq.read_table(summary.part, columns=["file", "number"]).to_pydict()
    first = ox88.db.count_games(FILES[0])
    assert table["file"] == [uri] * first + [os.fspath(FILES[1])] * (summary.games - first)
    assert table["number"][first] == 1
