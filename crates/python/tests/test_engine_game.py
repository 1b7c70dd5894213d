"""``SimpleEngine``'s words around the searches, against python-chess's on real engines through a tap that logs
what each library sends (``engine_tap.py``): ``ping``, ``send_opponent_information`` and ``play(opponent=...)``
(UCI's ``UCI_Opponent``; CECP's ``name``, ``rating`` and ``computer``), ``send_game_result`` (CECP's ``result``
after the last moves; nothing over UCI); and ``SimpleAnalysisResult.would_block()`` and ``empty()``."""

import os
import sys
import time

import chess
import chess.engine
import pytest

import ox88
import ox88.engine
from test_engine import GNUCHESS, OPTIONS, STOCKFISH, needs_stockfish

TAP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine_tap.py")
needs_gnuchess = pytest.mark.skipif(not os.access(GNUCHESS, os.X_OK), reason="GNU Chess is not installed (.ci/python installs it)")

# Ends of games, as (moves from the start or a FEN, winner, game_ending, game_complete).
ENDINGS = [
    (["f3", "e5", "g4", "Qh4#"], None, None, True),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", None, None, True),
    (["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"], None, None, True),
    ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", None, None, True),
    (["e4", "e5"], None, None, True),
    (["e4", "e5", "Nf3"], chess.WHITE, "Time forfeiture", True),
    (["d4"], chess.BLACK, None, True),
    (["d4", "d5"], None, "Draw by agreement", True),
    (["e4"], None, "Adjourned", False),
]


def board(lib, start):
    if isinstance(start, str):
        return lib.Board(start)
    b = lib.Board()
    for san in start:
        b.push_san(san)
    return b


def tapped(tmp_path, name, command, *flags):
    log = tmp_path / name
    return log, [sys.executable, TAP, str(log), *flags, "--", *command]


def sent(log, *words):
    """The logged lines that begin with one of ``words``."""
    return [line.strip() for line in log.read_text().splitlines() if line.split()[:1] and line.split()[0] in words]


def opponent(lib, name="Judit Polgar", title="GM", rating=2735, is_engine=False):
    return lib.engine.Opponent(name=name, title=title, rating=rating, is_engine=is_engine)


@needs_gnuchess
def test_a_cecp_engine_hears_what_python_chess_tells_it(tmp_path):
    # python-chess cannot play against GNU Chess 6 (it answers "My move is : e2e4"), so the games are told, not played.
    logs = []
    for lib in (chess, ox88):
        log, command = tapped(tmp_path, lib.__name__, [GNUCHESS, "--xboard"], "--nudge")
        logs.append(log)
        # GNU Chess behind the tap can be slow to announce its features on a loaded machine; an engine silent for
        # the whole handshake counts as protocol version 1 (no usermove), so give it longer than the default 10 s.
        engine = lib.engine.SimpleEngine.popen_xboard(command, timeout=30)
        engine.ping()
        engine.send_opponent_information(opponent=opponent(lib), engine_rating=2100)
        for start, winner, ending, complete in ENDINGS:
            engine.send_game_result(board(lib, start), winner, ending, complete)
        engine.quit()  # python-chess's close() kills the process before it read the last lines: quit waits
    theirs, ours = (sent(log, "name", "rating", "computer", "result") for log in logs)
    assert ours[:2] == theirs[:2] == ["name GM Judit Polgar", "rating 2100 2735"]
    # python-chess goes on after a result with undo and remove; ox88 begins each game with new, telling the
    # opponent again.
    lines = [line.strip() for line in logs[1].read_text().splitlines()]
    assert all(lines[i + 1:i + 3] == ours[:2] for i, line in enumerate(lines) if line == "new")
    results = [line for line in theirs if line.startswith("result")]
    assert [line for line in ours if line.startswith("result")] == results == [
        "result 0-1 {Black mates}", "result 1/2-1/2 {Stalemate}", "result 1/2-1/2 {Threefold repetition}",
        "result 1/2-1/2 {Insufficient material}", "result *", "result 1-0 {Time forfeiture}", "result 0-1",
        "result 1/2-1/2 {Draw by agreement}", "result * {Adjourned}",
    ]
    # The engine was brought to each game's last position before its result.
    assert lines[lines.index("result 0-1 {Black mates}") - 1] == "usermove d8h4"
    stalemate = lines.index("result 1/2-1/2 {Stalemate}")
    assert any(line.startswith("setboard 7k/5Q2/6K1/8/8/8/8/8 b") for line in lines[stalemate - 8:stalemate])


@needs_gnuchess
def test_a_cecp_engine_playing_hears_of_its_opponent_and_its_result(tmp_path):
    log, command = tapped(tmp_path, "ox88", [GNUCHESS, "--xboard"])  # ox88-client pings GNU Chess by itself
    with ox88.engine.SimpleEngine.popen_xboard(command, timeout=30) as engine:  # a slow start, as above
        program = opponent(ox88, "Stockfish", None, None, True)
        game = ox88.Board()
        for _ in range(3):
            game.push(engine.play(game, ox88.engine.Limit(depth=1), opponent=program).move)
            game.push(sorted(game.legal_moves, key=lambda m: m.uci())[0])
        engine.send_game_result(game, ox88.WHITE, "Black resigns")
    lines = [line.strip() for line in log.read_text().splitlines()]
    assert sent(log, "name", "computer", "result") == ["name Stockfish", "computer", "result 1-0 {Black resigns}"]
    assert lines[lines.index("result 1-0 {Black resigns}") - 1] == "usermove " + game.peek().uci()


@needs_stockfish
def test_a_uci_engine_hears_what_python_chess_tells_it(tmp_path):
    logs = []
    for lib in (chess, ox88):
        log, command = tapped(tmp_path, lib.__name__, [STOCKFISH], "--uci-opponent")
        logs.append(log)
        with lib.engine.SimpleEngine.popen_uci(command) as engine:
            engine.configure(OPTIONS)
            engine.ping()
            engine.send_opponent_information(opponent=opponent(lib), engine_rating=3000)
            game = lib.Board()
            game.push(engine.play(game, lib.engine.Limit(depth=2)).move)
            engine.send_game_result(game, lib.BLACK, "White resigns")
            engine.send_opponent_information(opponent=opponent(lib, "Leela", None, None, True))
            engine.send_opponent_information(opponent=opponent(lib, None, "IM", 2400, False))  # no name: nothing
            game = lib.Board()
            engine.play(game, lib.engine.Limit(depth=2), opponent=opponent(lib, "Carlsen", "GM", None, False))
            engine.send_game_result(game)
    # python-chess sends options before the next search, ox88 at once: the opponent in force at each search is
    # the same.
    def at_each_go(log):
        told, seen = [], None
        for line in sent(log, "setoption", "go"):
            if "UCI_Opponent" in line:
                seen = line
            elif line.startswith("go"):
                told.append(seen)
        return told

    assert at_each_go(logs[1]) == at_each_go(logs[0]) == [
        "setoption name UCI_Opponent value GM 2735 human Judit Polgar",
        "setoption name UCI_Opponent value GM none human Carlsen",
    ]
    ours = sent(logs[1], "setoption")
    assert "setoption name UCI_Opponent value none none computer Leela" in ours and len(ours) == len(OPTIONS) + 3
    assert "isready" in sent(logs[1], "isready") and not sent(logs[1], "result")


@needs_stockfish
def test_would_block_and_empty_answer_as_python_chess_s():
    answers = []
    for lib in (chess, ox88):
        with lib.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
            engine.configure(OPTIONS)
            seen = []
            with engine.analysis(lib.Board(), lib.engine.Limit(depth=6)) as analysis:
                deadline = time.monotonic() + 30
                while analysis.would_block() and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(0.5)  # depth 6 is long done: every report is there to read
                seen.append((analysis.would_block(), analysis.empty()))
                while not analysis.empty():
                    analysis.get()
                seen.append((analysis.would_block(), analysis.empty()))
                assert analysis.next() is None
                seen.append((analysis.would_block(), analysis.empty()))
            answers.append(seen)
    assert answers[1] == answers[0] == [(False, False), (False, True), (False, True)]


@needs_stockfish
def test_an_unlimited_analysis_would_block_until_the_engine_speaks():
    with ox88.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure(OPTIONS)
        with engine.analysis(ox88.Board()) as analysis:
            analysis.get()
            while not analysis.empty():
                analysis.get()
            # Everything said so far was read; more comes while the engine thinks.
            assert analysis.empty()
            deadline = time.monotonic() + 30
            while analysis.would_block() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not analysis.would_block() and not analysis.empty()
            analysis.stop()
        assert analysis.wait().move is not None and analysis.empty() and not analysis.would_block()


def test_a_game_ending_the_line_cannot_carry_is_refused():
    with pytest.raises(ox88.engine.EngineError, match="braces"):
        ox88.engine._game_result(ox88.Board(), None, "a {b}", True)
