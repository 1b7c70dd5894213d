"""ox88.pgn.read_table and read_batches: the repository's PGN files as Arrow tables, row for row what
python-chess reads from them (tags, UCI and SAN moves, clocks, evaluations, result); a game that cannot be read
keeps its row with its error; batches stream; pandas and Polars-style use through Arrow."""

import io
import os
import time

import chess
import chess.pgn
import pyarrow
import pytest

import ox88._core
import ox88.pgn

from conftest import ROOT

FILES = sorted((ROOT / "tests/data/pgn").glob("*.pgn"))


def python_chess_rows(paths):
    rows = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                board = game.board()
                uci, san, clocks, evals = [], [], [], []
                for node in game.mainline():
                    san.append(board.san(node.move))
                    uci.append(node.move.uci())
                    board.push(node.move)
                    clocks.append(node.clock())
                    score = node.eval()
                    evals.append(None if score is None else (score.white().score(), score.white().mate()))
                rows.append((game.headers.get("White"), game.headers.get("Black"), game.headers.get("Result"),
                             " ".join(uci), " ".join(san), clocks, evals))
    return rows


@pytest.mark.parametrize("threads", [1, 2])
def test_tables_hold_what_python_chess_reads(threads):
    table = ox88.pgn.read_table(FILES, threads=threads)
    expected = python_chess_rows(FILES)
    assert table.num_rows == len(expected)
    assert table.column("error").null_count == table.num_rows
    got = table.select(["white", "black", "result", "uci", "san", "clocks", "eval_cp", "eval_mate"]).to_pylist()
    for row, want in zip(got, expected):
        white, black, result, uci, san, clocks, evals = want
        assert (row["white"], row["black"], row["result"]) == (white, black, result)
        assert (row["uci"], row["san"]) == (uci, san)
        if any(c is not None for c in clocks):
            assert [None if c is None else round(c, 1) for c in row["clocks"]] == [None if c is None else round(c, 1) for c in clocks]
        if any(e is not None for e in evals):
            ours = [None if cp is None and mate is None else (cp, mate) for cp, mate in zip(row["eval_cp"], row["eval_mate"])]
            assert ours == evals


def test_a_game_that_cannot_be_read_keeps_its_row(tmp_path):
    path = tmp_path / "three.pgn"
    path.write_text('[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd5 *\n\n[White "C"]\n\n1. d4 *\n')
    table = ox88.pgn.read_table(path)
    assert table.column("white").to_pylist() == ["A", "B", "C"]
    errors = table.column("error").to_pylist()
    assert errors[0] is None and errors[2] is None and "Kd5" in errors[1]
    assert table.column("uci").to_pylist()[2] == "d2d4"


@pytest.mark.parametrize("threads", [1, 2])
def test_batches_stream_in_order(threads):
    reader = ox88.pgn.read_batches(FILES, threads=threads, batch_size=100, san=False)
    assert isinstance(reader, pyarrow.RecordBatchReader)
    sizes = [batch.num_rows for batch in reader]
    assert len(sizes) > 3 and max(sizes) <= 100
    table = ox88.pgn.read_table(FILES, san=False, columns=["id", "uci"])
    assert table.column_names == ["id", "uci"] and table.column("id").to_pylist() == list(range(1, sum(sizes) + 1))


def test_threads_read_the_files_as_one_thread_does(tmp_path):
    # Two threads read the files by regions: the rows keep the files' order and each file's, numbers and error
    # places start again with each file, and a file that ends inside a game is not read into the next.
    broken = tmp_path / "broken.pgn"
    broken.write_text('[White "B"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd5 *\n\n[White "C"]\n\n1. d4 { unclosed\n')
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    paths = [FILES[0], broken, empty, FILES[1], broken, FILES[0]]
    one = ox88.pgn.read_table(paths, threads=1)
    assert one.num_rows > 100 and one.column("error").null_count < one.num_rows
    for batch_size in (1000, 7):
        two = pyarrow.Table.from_batches(list(ox88.pgn.read_batches(paths, threads=2, batch_size=batch_size)))
        assert two.equals(one)


def test_a_file_cut_into_regions_reads_as_on_one_thread(tmp_path):
    # Two threads cut one file into two regions: the second region's ids, numbers in the file and error places
    # (game number, byte, line) follow the first's.
    broken = '[White "B"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd5 *\n\n[White "C"]\n\n1. d4 { a\n[Event "no"]\n\n1. c4 } d5 *\n\n'
    text = FILES[0].read_text(encoding="utf-8") + broken * 3 + FILES[1].read_text(encoding="utf-8") + broken
    path = tmp_path / "all.pgn"
    path.write_text(text, encoding="utf-8")
    one = ox88.pgn.read_table(path, threads=1)
    assert one.column("error").null_count == one.num_rows - 4
    for threads in (2, 3):
        assert ox88.pgn.read_table(path, threads=threads).equals(one)


def test_columns_choose_what_is_computed():
    full = ox88.pgn.read_table(FILES[:1], move_indices=True)
    for columns in (["uci", "clocks"], ["eval_mate", "san"], ["white", "move_indices"], ["ply_count"]):
        table = ox88.pgn.read_table(FILES[:1], san=False, columns=columns)
        assert table.column_names == columns
        assert table.equals(full.select(columns)), columns


@pytest.mark.parametrize("threads", [1, 2])
def test_missing_and_unreadable_files_are_errors(tmp_path, threads):
    with pytest.raises(OSError):
        ox88.pgn.read_table(tmp_path / "none.pgn", threads=threads)
    broken = tmp_path / "broken.pgn.zst"
    broken.write_bytes(b"not zstd at all " * 100)
    with pytest.raises(OSError, match="broken.pgn.zst"):
        ox88.pgn.read_table([FILES[0], broken], threads=threads)


def threads_alive():
    return len(os.listdir("/proc/self/task"))


def settled_threads():
    """The process's threads once none is ending: the reading threads of a stream dropped earlier end on their
    own, at the end of the region they read (up to half a file on two threads)."""
    count, deadline = threads_alive(), time.monotonic() + 10
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = threads_alive()
        if now == count:
            break
        count = now
    return count


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in Linux's /proc")
def test_one_thread_reads_on_the_calling_thread():
    reader = ox88.pgn.read_batches(FILES, threads=1, batch_size=100)
    before = settled_threads()
    assert reader.read_next_batch().num_rows == 100
    assert threads_alive() == before
    # Two threads read ahead on threads of their own while this one does not ask (over 20 MB, so that they are
    # still reading: they end once the regions are read).
    reader = ox88.pgn.read_batches(FILES * 10, threads=2, batch_size=100)
    assert reader.read_next_batch().num_rows == 100
    assert threads_alive() > before


def test_the_stream_is_taken_once():
    stream = ox88._core.GameStream([str(FILES[0])], 1)
    assert pyarrow.RecordBatchReader.from_stream(stream).read_all().num_rows > 100
    with pytest.raises(ValueError, match="taken"):
        pyarrow.RecordBatchReader.from_stream(stream)


def test_tables_go_to_pandas_and_polars():
    table = ox88.pgn.read_table(FILES[:1], san=False)
    pandas = pytest.importorskip("pandas")
    frame = table.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and frame["ply_count"].sum() > 0
    polars = pytest.importorskip("polars")
    games = polars.from_arrow(table)
    assert games.height == table.num_rows and games["ply_count"].sum() == frame["ply_count"].sum()
