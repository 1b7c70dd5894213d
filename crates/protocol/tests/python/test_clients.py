#!/usr/bin/env python3
"""Protocol tests of the ox88-protocol drivers against a real client:
python-chess's engine module (``popen_uci`` and ``popen_xboard``) configures,
analyses and plays full games against the greedy example engine, over both
protocols, in standard chess and Chess960, with and without pondering.

Any warning or error the client logs about the engine's output fails the test.

Usage: test_clients.py PATH/TO/greedy   (``scripts/cargo-executable --release
-p ox88-protocol --example greedy`` builds it and prints where it is)
"""

import logging
import random
import sys
import time

import chess
import chess.engine

# The CECP feature sigterm=0 is required by the ox88 issue; python-chess notes
# it with a warning and answers "rejected sigterm", which the driver accepts.
# python-chess sends "." before leaving analysis but does not parse the
# stat01 status line the CECP specification answers it with.
ALLOWED_WARNINGS = ("Rejecting feature sigterm=0", "Unexpected engine output: 'stat01: ")


class Recorder(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.records = []

    def emit(self, record):
        message = record.getMessage()
        if not any(allowed in message for allowed in ALLOWED_WARNINGS):
            self.records.append(f"{record.levelname}: {message}")


RECORDER = Recorder()
logging.getLogger("chess.engine").addHandler(RECORDER)
logging.getLogger("chess.engine").setLevel(logging.WARNING)

ENGINE = None


def open_engine(protocol):
    if protocol == "uci":
        return chess.engine.SimpleEngine.popen_uci([ENGINE], timeout=10)
    return chess.engine.SimpleEngine.popen_xboard([ENGINE], timeout=10)


def play_game(engine, board, limit_for, ponder=False, max_plies=200, protocol="uci"):
    """Plays the engine against itself from ``board``; returns the reason the game ended."""
    plies = 0
    while not board.is_game_over() and plies < max_plies:
        result = engine.play(board, limit_for(board, plies), ponder=ponder, info=chess.engine.INFO_ALL)
        if result.move is None:
            # Only CECP lets an engine claim a draw instead of moving.
            assert protocol == "xboard", f"no move in {board.fen()}"
            assert board.can_claim_draw(), f"no move and no claimable draw in {board.fen()}"
            return "claim"
        assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        board.push(result.move)
        plies += 1
    return board.result(claim_draw=True) if board.is_game_over() else "ply cap"


def clock_limit():
    clocks = {"wtime": 30.0, "btime": 30.0}

    def limit_for(board, plies):
        return chess.engine.Limit(white_clock=clocks["wtime"], black_clock=clocks["btime"], white_inc=0.1,
                                  black_inc=0.1, remaining_moves=40 - (plies // 2) % 40)

    return limit_for


def check_options(protocol):
    with open_engine(protocol) as engine:
        assert "Depth" in engine.options, engine.options
        assert engine.options["Depth"].type == "spin"
        assert engine.options["Depth"].default == 2
        if protocol == "uci":
            for name in ("Ponder", "UCI_Chess960", "Move Overhead"):
                assert name in engine.options, name
            assert engine.id["name"] == "ox88 greedy example"
        else:
            assert engine.id["name"] == "ox88 greedy example"
        engine.configure({"Depth": 3})
        engine.ping()


def check_analysis(protocol):
    with open_engine(protocol) as engine:
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        limit = chess.engine.Limit(depth=2) if protocol == "uci" else chess.engine.Limit(time=0.3)
        info = engine.analyse(board, limit)
        assert "score" in info and "pv" in info and "depth" in info, info
        assert info["pv"][0] in board.legal_moves
        # Infinite analysis, stopped by the client.
        with engine.analysis(board) as analysis:
            seen = 0
            for info in analysis:
                if "pv" in info:
                    seen += 1
                    break
            analysis.stop()
        assert seen == 1
        # A mate the engine finds (2 plies deep): Scholar's mate.
        mate = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        limit = chess.engine.Limit(depth=2) if protocol == "uci" else chess.engine.Limit(time=0.3)
        info = engine.analyse(mate, limit)
        assert info["score"].relative == chess.engine.Mate(1), info
        assert info["pv"][0] == chess.Move.from_uci("f3f7"), info
        engine.ping()


def check_games(protocol):
    rng = random.Random(88)
    with open_engine(protocol) as engine:
        ends = []
        # Fixed time per move, from a few random openings.
        for game in range(3):
            board = chess.Board()
            for _ in range(4):
                board.push(rng.choice(list(board.legal_moves)))
            ends.append(play_game(engine, board, lambda b, p: chess.engine.Limit(time=0.01), protocol=protocol))
        # Clocks with increment, and pondering.
        ends.append(play_game(engine, chess.Board(), clock_limit(), protocol=protocol))
        ends.append(play_game(engine, chess.Board(), clock_limit(), ponder=True, protocol=protocol))
        # Depth and node limits.
        ends.append(play_game(engine, chess.Board(), lambda b, p: chess.engine.Limit(depth=1), protocol=protocol))
        ends.append(play_game(engine, chess.Board(), lambda b, p: chess.engine.Limit(nodes=500), protocol=protocol))
        # An endgame that ends quickly: mate or a draw the rules decide.
        board = chess.Board("8/8/8/4k3/8/8/2Q5/4K3 w - - 0 1")
        ends.append(play_game(engine, board, lambda b, p: chess.engine.Limit(time=0.01), protocol=protocol))
        engine.ping()
        return ends


def check_against_random(protocol):
    """The engine (3 plies) against a random mover: decisive games, with
    captures, promotions and mates announced the protocol's way."""
    rng = random.Random(7)
    with open_engine(protocol) as engine:
        engine.configure({"Depth": 3})
        ends, promotions = [], 0
        for game in range(2):
            board = chess.Board()
            while not board.is_game_over() and board.ply() < 300:
                if board.turn == (game == 0):
                    result = engine.play(board, chess.engine.Limit(time=0.01))
                    if result.move is None:
                        assert protocol == "xboard" and board.can_claim_draw(), board.fen()
                        break
                    assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
                    promotions += result.move.promotion is not None
                    board.push(result.move)
                else:
                    board.push(rng.choice(list(board.legal_moves)))
            ends.append(board.result(claim_draw=True))
        engine.ping()
        assert ends.count("1-0") + ends.count("0-1") >= 1, ends
        return ends, promotions


def check_chess960(protocol):
    rng = random.Random(960)
    with open_engine(protocol) as engine:
        ends = []
        castled = 0
        for _ in range(3):
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            plies = 0
            while not board.is_game_over() and plies < 200:
                result = engine.play(board, chess.engine.Limit(time=0.01))
                if result.move is None:
                    assert protocol == "xboard" and board.can_claim_draw(), board.fen()
                    break
                assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
                castled += board.is_castling(result.move)
                board.push(result.move)
                plies += 1
            ends.append(board.result(claim_draw=True))
        # The client plays castling (king takes rook in python-chess, O-O in
        # CECP), in both directions; the engine answers from the new position.
        for fen, side in (("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", chess.H1),
                          ("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR b HBhb - 0 1", chess.B8)):
            board = chess.Board(fen, chess960=True)
            board.push(next(m for m in board.legal_moves if board.is_castling(m) and m.to_square == side))
            result = engine.play(board, chess.engine.Limit(time=0.01))
            assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        # The engine castles (restricted to that move with root_moves: UCI
        # searchmoves, CECP exclude/include), written the Chess960 way
        # (king takes rook in UCI, SAN O-O in the CECP principal variation).
        for fen in ("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
                    "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR b HBhb - 0 1"):
            board = chess.Board(fen, chess960=True)
            for castle in [m for m in board.legal_moves if board.is_castling(m)]:
                if protocol == "uci":
                    move = engine.play(board, chess.engine.Limit(time=0.01), root_moves=[castle]).move
                else:  # python-chess restricts root moves only in CECP analysis
                    move = engine.analyse(board, chess.engine.Limit(time=0.2), root_moves=[castle])["pv"][0]
                assert move == castle, f"{move} instead of {castle} in {fen}"
                castled += 1
        engine.ping()
        return ends, castled


TESTS = []
for protocol in ("uci", "xboard"):
    TESTS += [
        (f"{protocol}: options and configure", lambda p=protocol: check_options(p)),
        (f"{protocol}: analyse and infinite analysis", lambda p=protocol: check_analysis(p)),
        (f"{protocol}: full games", lambda p=protocol: check_games(p)),
        (f"{protocol}: chess960 games", lambda p=protocol: check_chess960(p)),
        (f"{protocol}: against a random mover", lambda p=protocol: check_against_random(p)),
    ]


def main():
    global ENGINE
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    ENGINE = sys.argv[1]
    failures = 0
    for name, test in TESTS:
        RECORDER.records.clear()
        started = time.monotonic()
        try:
            detail = test()
            if RECORDER.records:
                raise AssertionError("client complained: " + "; ".join(RECORDER.records[:5]))
            print(f"ok    {name} ({time.monotonic() - started:.1f} s){'' if detail is None else f': {detail}'}")
        except Exception as err:  # noqa: BLE001 - every failure is reported
            failures += 1
            print(f"FAIL  {name}: {type(err).__name__}: {err}")
    print(f"{len(TESTS) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
