#!/usr/bin/env python3
"""ox88-pgn against python-chess on the same PGN files.

1. Reading: ox88's reading of each file (the ``moves`` example: tags, main
   line in UCI, result) matches python-chess's ``chess.pgn.read_game`` game
   for game: same games, same tags, same moves, same termination marker;
   and each main-line node of ox88's game tree has python-chess's node's
   position (FEN but for the en-passant field, which python-chess writes
   only where a capture is legal), ``clock()`` and ``eval()``.
2. Writing: ox88's export of each file (the ``pgn`` example's ``export``
   mode), read back by python-chess, gives python-chess's reading of the
   original: same tags (ox88 adds the seven tag roster's placeholders where
   a tag was missing), same main line, same comments and NAGs on it, same
   variations, same result.

python-chess must report no error on any game of ox88's export.

Usage: cross_check.py MOVES_BINARY PGN_BINARY FILE...
"""

import io
import subprocess
import sys

import chess
import chess.pgn

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
PLACEHOLDERS = {"Date": "????.??.??", "Result": "*"}


def python_games(text):
    """Every game python-chess reads from ``text``, with its errors."""
    handle = io.StringIO(text)
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        games.append(game)


def mainline(game):
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        moves.append(board.uci(move, chess960=board.chess960))
        board.push(move)
    return moves


def ox88_games(binary, path):
    """The ``moves`` example's output for ``path``: a dict per game."""
    out = subprocess.run([binary, path], capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"{binary} {path}: exit {out.returncode}: {out.stderr.strip()}")
    games = []
    for line in out.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "game":
            games.append({"tags": [], "moves": None, "nodes": [], "result": None, "error": None})
        elif kind == "tag":
            name, _, value = rest.partition(" ")
            games[-1]["tags"].append((name, value))
        elif kind == "moves":
            games[-1]["moves"] = rest.split()
        elif kind == "node":
            games[-1]["nodes"].append(tuple(part.strip() for part in rest.split("|")))
        elif kind == "result":
            games[-1]["result"] = None if rest == "none" else rest
        elif kind == "error":
            games[-1]["error"] = rest
    return games


def without_en_passant(fen):
    fields = fen.split()
    return " ".join(fields[:3] + fields[4:])


def python_nodes(game):
    """(FEN without en passant, clock, eval) of each main-line node, as the ``moves`` example prints them."""
    nodes = []
    for node in game.mainline():
        clock = node.clock()
        score = node.eval()
        if score is None:
            evaluation = "none"
        elif score.white().is_mate():
            evaluation = f"mate {score.white().mate()}"
        else:
            evaluation = f"cp {score.white().score()}"
        nodes.append((without_en_passant(node.board().fen()), "none" if clock is None else f"{clock:.3f}", evaluation))
    return nodes


def words(comment):
    return " ".join(comment.split())


def compare_trees(a, b, where, failures):
    """Main lines and variations of two python-chess games: moves, comments, NAGs."""
    if a.move != b.move or words(a.comment) != words(b.comment) or sorted(a.nags) != sorted(b.nags):
        failures.append(f"{where}: {a.move} {a.comment!r} {sorted(a.nags)} != {b.move} {b.comment!r} {sorted(b.nags)}")
        return
    if len(a.variations) != len(b.variations):
        failures.append(f"{where} after {a.move}: {len(a.variations)} variations != {len(b.variations)}")
        return
    for i, (x, y) in enumerate(zip(a.variations, b.variations)):
        compare_trees(x, y, f"{where}/{i}", failures)


def check_file(moves_binary, pgn_binary, path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    theirs = python_games(text)
    failures = []
    for number, game in enumerate(theirs, 1):
        if game.errors:
            failures.append(f"python-chess: game {number}: {game.errors}")

    # 1. Reading.
    ours = ox88_games(moves_binary, path)
    if len(ours) != len(theirs):
        failures.append(f"{len(ours)} games read by ox88, {len(theirs)} by python-chess")
    moves = clocks = evals = 0
    for number, (mine, game) in enumerate(zip(ours, theirs), 1):
        if mine["error"]:
            failures.append(f"game {number}: ox88: {mine['error']}")
            continue
        if mine["tags"] != list(game.headers.items()):
            failures.append(f"game {number}: tags {mine['tags']} != {list(game.headers.items())}")
        expected = mainline(game)
        if mine["moves"] != expected:
            first = next((i for i, (x, y) in enumerate(zip(mine["moves"], expected)) if x != y), None)
            failures.append(f"game {number}: moves differ at ply {first}: {mine['moves'][:first + 2]} vs {expected[:first + 2]}")
        mine_nodes = [(without_en_passant(fen), clock, evaluation) for fen, clock, evaluation in mine["nodes"]]
        theirs_nodes = python_nodes(game)
        if mine_nodes != theirs_nodes:
            first = next((i for i, (x, y) in enumerate(zip(mine_nodes, theirs_nodes)) if x != y), len(theirs_nodes))
            failures.append(f"game {number}: tree nodes differ at ply {first + 1}: "
                            f"{mine_nodes[first:first + 1]} vs {theirs_nodes[first:first + 1]}")
        clocks += sum(1 for _, clock, _ in theirs_nodes if clock != "none")
        evals += sum(1 for _, _, evaluation in theirs_nodes if evaluation != "none")
        # python-chess keeps the termination marker in the Result tag.
        if mine["result"] not in (None, game.headers.get("Result")):
            failures.append(f"game {number}: result {mine['result']} != {game.headers.get('Result')}")
        moves += len(expected)

    # 2. Writing.
    out = subprocess.run([pgn_binary, "export", path], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        failures.append(f"export: exit {out.returncode}: {out.stderr.strip()[:500]}")
    exported = python_games(out.stdout)
    if len(exported) != len(theirs):
        failures.append(f"export: {len(exported)} games, {len(theirs)} in the file")
    for number, (back, game) in enumerate(zip(exported, theirs), 1):
        if back.errors:
            failures.append(f"export: game {number}: python-chess: {back.errors}")
        expected_tags = dict(game.headers)
        for name in ROSTER:
            expected_tags.setdefault(name, PLACEHOLDERS.get(name, "?"))
        if dict(back.headers) != expected_tags:
            failures.append(f"export: game {number}: tags {dict(back.headers)} != {expected_tags}")
        compare_trees(back, game, f"export: game {number}", failures)

    print(f"{path}: {len(theirs)} games, {moves} main-line moves ({clocks} clocks, {evals} evaluations): "
          f"{'agree' if not failures else f'{len(failures)} differences'}")
    for failure in failures[:20]:
        print("  " + failure)
    return not failures


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    moves_binary, pgn_binary, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    print(f"python-chess {chess.__version__}")
    ok = all([check_file(moves_binary, pgn_binary, path) for path in files])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
