"""ox88-db's Parquet read back by DuckDB, Polars and pyarrow, against ox88-pgn's own reading of the same PGN files.

usage: check_dataset.py MOVES_EXAMPLE DATASET_DIR DOCS_MD PGN...

DATASET_DIR holds games.parquet and positions.parquet, imported from the PGN files in this order. MOVES_EXAMPLE is
ox88-pgn's `moves` example, which prints each game's tags, main line in UCI and per-move clock and evaluation. Then
every ```sql block of DOCS_MD runs in DuckDB and every ```python block that imports polars runs, in DATASET_DIR, and must give
rows: the documentation's queries are checked against the real data.
"""

import os
import re
import subprocess
import sys

import duckdb
import polars as pl
import pyarrow.dataset as ds


def ox88_pgn_games(moves, files):
    """Each game as ox88-pgn reads it: (file, number, tags, uci, clocks, evals, result)."""
    games = []
    for path in files:
        out = subprocess.run([moves, path], capture_output=True, text=True, check=True).stdout
        for block in out.split("game ")[1:]:
            lines = block.rstrip("\n").split("\n")
            number = int(lines[0])
            tags, uci, clocks, evals = {}, "", [], []
            for line in lines[1:]:
                kind, _, rest = line.partition(" ")
                if kind == "tag":
                    name, _, value = rest.partition(" ")
                    tags[name] = value
                elif kind == "moves":
                    uci = rest
                elif kind == "node":
                    _, clock, ev = rest.split(" | ")
                    clocks.append(None if clock == "none" else float(clock))
                    evals.append(None if ev == "none" else tuple(ev.split(" ")))
                elif kind == "error":
                    raise SystemExit(f"{path} game {number}: {rest}")
            games.append((path, number, tags, uci, clocks, evals))
    return games


def check(condition, message):
    if not condition:
        raise SystemExit("FAILED: " + message)


def main():
    moves, data, docs, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    expected = ox88_pgn_games(moves, files)
    games_glob = os.path.join(data, "games.parquet", "*.parquet")
    positions_glob = os.path.join(data, "positions.parquet", "*.parquet")

    # pyarrow: every row, value by value.
    table = ds.dataset(os.path.join(data, "games.parquet"), format="parquet").to_table().sort_by("id")
    rows = table.to_pylist()
    check(len(rows) == len(expected), f"pyarrow: {len(rows)} rows, ox88-pgn {len(expected)} games")
    for row, (path, number, tags, uci, clocks, evals) in zip(rows, expected):
        where = f"{path} game {number}"
        check((row["file"], row["number"]) == (path, number), f"{where}: row {row['file']} {row['number']}")
        check(row["error"] is None, f"{where}: {row['error']}")
        check(row["uci"] == uci, f"{where}: moves differ")
        check(row["ply_count"] == (len(uci.split()) if uci else 0), f"{where}: ply count")
        for column, tag in [("white", "White"), ("black", "Black"), ("event", "Event"), ("eco", "ECO"), ("opening", "Opening")]:
            check(row[column] == tags.get(tag), f"{where}: {column} {row[column]!r} != {tags.get(tag)!r}")
        for column, tag in [("white_elo", "WhiteElo"), ("black_elo", "BlackElo")]:
            value = tags.get(tag)
            want = int(value) if value is not None and re.fullmatch(r"\d+", value) else None
            check(row[column] == want, f"{where}: {column}")
        check(row["result"] == tags.get("Result"), f"{where}: result")
        if any(c is not None for c in clocks):
            got = [None if c is None else round(c, 1) for c in row["clocks"]]
            check(got == [None if c is None else round(c, 1) for c in clocks], f"{where}: clocks")
        else:
            check(row["clocks"] is None, f"{where}: clocks where the game has none")
        cp = [int(e[1]) if e and e[0] == "cp" else None for e in evals]
        if any(e is not None for e in evals):
            check(row["eval_cp"] == cp, f"{where}: eval_cp")
    plies = sum(r["ply_count"] for r in rows)

    # DuckDB: counts and sums over the whole dataset, and the positions table.
    con = duckdb.connect()
    count, ply_sum, white_wins = con.execute(
        f"SELECT count(*), sum(ply_count), count(*) FILTER (result = '1-0') FROM '{games_glob}'"
    ).fetchone()
    check(count == len(expected) and ply_sum == plies, f"duckdb: {count} games, {ply_sum} plies")
    check(white_wins == sum(1 for g in expected if g[2].get("Result") == "1-0"), "duckdb: white wins")
    (positions,) = con.execute(f"SELECT count(*) FROM '{positions_glob}'").fetchone()
    check(positions == plies, f"duckdb: {positions} positions, {plies} plies")
    (clocked,) = con.execute(
        f"SELECT count(*) FROM '{positions_glob}' p JOIN '{games_glob}' g ON p.game_id = g.id "
        "WHERE p.clock IS NOT NULL AND g.clocks[p.ply] = p.clock"
    ).fetchone()
    want = sum(1 for g in expected for c in g[4] if c is not None)
    check(clocked == want, f"duckdb: {clocked} clocks in positions agree, {want} expected")

    # Polars: the same counts, lazily over the files.
    frame = pl.scan_parquet(games_glob)
    totals = frame.select(pl.len(), pl.col("ply_count").sum()).collect().row(0)
    check(totals == (len(expected), plies), f"polars: {totals}")
    elo = frame.filter(pl.col("white_elo").is_not_null()).select(pl.col("white_elo").sum()).collect().item()
    want = sum(int(g[2]["WhiteElo"]) for g in expected if re.fullmatch(r"\d+", g[2].get("WhiteElo", "")))
    check(elo == want, f"polars: white_elo sum {elo} != {want}")

    # The documentation's queries, on this data.
    text = open(docs).read()
    os.chdir(data)
    queries = 0
    for sql in re.findall(r"```sql\n(.*?)```", text, re.S):
        result = duckdb.sql(sql).fetchall()
        check(len(result) > 0, f"docs query gave no rows:\n{sql}")
        queries += 1
    # The Polars queries (the document's other Python, the explorer's client, needs a server).
    for code in re.findall(r"```python\n(import polars.*?)```", text, re.S):
        scope = {}
        exec(code, scope)
        check(scope["result"].height > 0, f"docs Polars code gave no rows:\n{code}")
        queries += 1
    print(f"{len(expected)} games, {plies} plies: pyarrow, DuckDB and Polars agree with ox88-pgn; {queries} documented queries ran")
    print(f"{len(expected) + queries} passed, 0 failed")


if __name__ == "__main__":
    main()
