"""ox88-server's explorer read by a real lichess client, berserk (PyPI), against a plain count of the same games.

usage: check_explorer.py BASE_URL PGN...

The server at BASE_URL serves an explorer built from the PGN files (`--explorer`). berserk's OpeningExplorer takes
another base address (`berserk.Client(explorer_url=...)`) and asks `{base}/lichess` and `{base}/masters`, as it asks
lichess's explorer.lichess.ovh; ox88-server answers both with its collection. python-chess (PyPI `chess`) reads the
games and counts, for every position (by its Polyglot key, so transpositions count) and move, the games won, drawn
and lost; games without a result are not counted, as the explorer does. For positions at every depth of the games
(the start, the opening, the middlegame, the endings), berserk's answers must give those counts move for move, and
the opening must be named where lichess names it.
"""

import sys
from collections import Counter, defaultdict

import berserk
import chess
import chess.pgn
import chess.polyglot

RESULTS = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}


def plain_counts(files):
    """{key: {uci: [white, draws, black]}} over the games, and every game's (start FEN, UCI moves)."""
    counts = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    games = []
    for path in files:
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                board = game.board()
                start = board.fen()
                result = RESULTS.get(game.headers.get("Result", "*"))
                moves = []
                for move in game.mainline_moves():
                    if result is not None:
                        counts[chess.polyglot.zobrist_hash(board)][move.uci()][result] += 1
                    moves.append(move.uci())
                    board.push(move)
                games.append((start, moves))
    return counts, games


def sample(games):
    """Positions to ask for, as (FEN, moves from it, ply): along a spread of the games, at plies 0 to the end."""
    asked = []
    for number, (start, moves) in enumerate(games[::11]):
        for ply in sorted({0, 1, 4, 9, 16, 25, 40, 60, 90, len(moves) - 1}):
            if 0 <= ply < len(moves):
                # Half by `play` from the game's start, half by the FEN of the position.
                if number % 2:
                    asked.append((start, moves[:ply], ply))
                else:
                    board = chess.Board(start)
                    for uci in moves[:ply]:
                        board.push_uci(uci)
                    asked.append((board.fen(), [], ply))
    return asked


def check(client, counts, fen, play):
    board = chess.Board(fen)
    for uci in play:
        board.push_uci(uci)
    expected = {uci: c for uci, c in counts.get(chess.polyglot.zobrist_hash(board), {}).items()}
    answer = client.opening_explorer.get_lichess_games(position=fen, play=play, moves=64, top_games=0, recent_games=0)
    got = {m["uci"]: [m["white"], m["draws"], m["black"]] for m in answer["moves"]}
    where = f"fen={fen} play={','.join(play)}"
    assert got == expected, f"{where}: berserk read {got}, the plain count is {expected}"
    totals = [sum(c[i] for c in expected.values()) for i in range(3)]
    assert [answer["white"], answer["draws"], answer["black"]] == totals, f"{where}: totals {answer}"
    for m in answer["moves"]:
        assert m["san"] == board.san(chess.Move.from_uci(m["uci"])), f"{where}: {m}"
    return sum(totals)


def main():
    base, files = sys.argv[1], sys.argv[2:]
    counts, games = plain_counts(files)
    client = berserk.Client(explorer_url=base)
    asked = sample(games)
    plies = Counter()
    games_seen = 0
    for fen, play, ply in asked:
        games_seen += check(client, counts, fen, play)
        plies[ply // 20 * 20] += 1

    # The start, the same through /masters, and a transposition: the Queen's Gambit Declined by 1. c4 and by 1. d4.
    start = client.opening_explorer.get_lichess_games(play=[], moves=64)
    masters = client.opening_explorer.get_masters_games(play=[], moves=64)
    assert start["moves"] == masters["moves"] and start["opening"] is None, (start, masters)
    by_c4 = client.opening_explorer.get_lichess_games(play="c2c4 e7e6 b1c3 d7d5 d2d4".split())
    by_d4 = client.opening_explorer.get_lichess_games(play="d2d4 d7d5 c2c4 e7e6 b1c3".split())
    assert by_c4["moves"] == by_d4["moves"] and by_c4["opening"] == by_d4["opening"], (by_c4, by_d4)
    assert by_c4["opening"]["name"].startswith("Queen's Gambit Declined"), by_c4["opening"]
    sicilian = client.opening_explorer.get_lichess_games(play=["e2e4", "c7c5"])
    assert sicilian["opening"] == {"eco": "B20", "name": "Sicilian Defense"}, sicilian["opening"]

    # A bad move is the server's 4xx, which berserk raises as its ResponseError.
    try:
        client.opening_explorer.get_lichess_games(play=["e2e5"])
    except berserk.exceptions.ResponseError as error:
        assert error.status_code == 422, error
    else:
        raise AssertionError("an illegal move was answered")
    print(f"explorer: berserk {len(asked)} positions ({games_seen} game passages; by ply, in steps of 20: {dict(sorted(plies.items()))}) "
          f"equal the plain count of {len(games)} games")


if __name__ == "__main__":
    main()
