"""ox88.engine against python-chess's chess.engine on real engines: a fresh Stockfish (one thread, 16 MB hash) at a
fixed depth gives the same best move, score and principal variation through both; MultiPV, play, options and
errors; GNU Chess over CECP."""

import os
import shutil

import chess
import chess.engine
import pytest

import ox88
import ox88.engine

STOCKFISH = os.environ.get("OX88_STOCKFISH", shutil.which("stockfish") or "/usr/games/stockfish")
GNUCHESS = os.environ.get("OX88_GNUCHESS", shutil.which("gnuchess") or "/usr/games/gnuchess")
OPTIONS = {"Threads": 1, "Hash": 16}
POSITIONS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
]

needs_stockfish = pytest.mark.skipif(not os.access(STOCKFISH, os.X_OK), reason="Stockfish is not installed (.ci/python installs it)")


@needs_stockfish
@pytest.mark.parametrize("fen", POSITIONS)
def test_stockfish_analysis_is_the_same_through_both(fen):
    with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure(OPTIONS)
        theirs = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=14))
    with ox88.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure(OPTIONS)
        ours = engine.analyse(ox88.Board(fen), ox88.engine.Limit(depth=14))
    assert [m.uci() for m in ours["pv"]] == [m.uci() for m in theirs["pv"]]
    assert repr(ours["score"]) == repr(theirs["score"])
    assert ours["score"].white() == ox88.engine.Cp(theirs["score"].white().score()) if not theirs["score"].is_mate() else ours["score"].is_mate()
    assert ours["depth"] == theirs["depth"] and ours["nodes"] == theirs["nodes"]


@needs_stockfish
def test_multipv_play_and_options():
    board = ox88.Board()
    board.push_san("e4")
    with ox88.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        assert "Stockfish" in engine.id["name"] and engine.options["Hash"].type == "spin"
        engine.configure({"Hash": 32, "Threads": 1})
        lines = engine.analyse(board, ox88.engine.Limit(depth=10), multipv=3)
        assert [line["multipv"] for line in lines] == [1, 2, 3]
        assert len({line["pv"][0] for line in lines}) == 3 and all(board.is_legal(line["pv"][0]) for line in lines)
        assert lines[0]["score"].relative >= lines[2]["score"].relative
        result = engine.play(board, ox88.engine.Limit(time=0.1))
        assert result.move in board.legal_moves
        mate = ox88.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = engine.analyse(mate, ox88.engine.Limit(depth=5))
        assert info["score"] == ox88.engine.PovScore(ox88.engine.Mate(1), ox88.WHITE) and info["pv"][0].uci() == "d1d8"
        with pytest.raises(ox88.engine.EngineError):
            engine.configure({"No Such Option": 1})


def test_a_missing_engine_is_an_error():
    with pytest.raises(ox88.engine.EngineError):
        ox88.engine.SimpleEngine.popen_uci("/nonexistent/engine")


@pytest.mark.skipif(not os.access(GNUCHESS, os.X_OK), reason="GNU Chess is not installed (.ci/python installs it)")
def test_gnu_chess_over_cecp():
    board = ox88.Board()
    with ox88.engine.SimpleEngine.popen_xboard([GNUCHESS, "--xboard"]) as engine:
        result = engine.play(board, ox88.engine.Limit(time=0.2))
        assert result.move in board.legal_moves
        board.push(result.move)
        result = engine.play(board, ox88.engine.Limit(depth=3))
        assert result.move in board.legal_moves
