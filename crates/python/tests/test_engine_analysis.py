"""``SimpleEngine.analysis()`` against python-chess's on a real engine: a fresh Stockfish (one thread, 16 MB hash)
at a fixed depth streams the same lines through both, in the same order, with the same aggregated ``info`` and
``multipv`` and the same best move; an unlimited analysis stops when asked, and the engine serves again."""

import chess
import chess.engine
import pytest

import ox88
import ox88.engine
from test_engine import OPTIONS, POSITIONS, STOCKFISH, needs_stockfish


def lines(infos):
    """The lines of a stream of reports: (multipv, depth, score, pv)."""
    return [(i.get("multipv", 1), i["depth"], repr(i["score"]), [m.uci() for m in i["pv"]]) for i in infos if "pv" in i]


def stream(lib, fen, multipv):
    with lib.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure(OPTIONS)
        with engine.analysis(lib.Board(fen), lib.engine.Limit(depth=12), multipv=multipv) as analysis:
            infos = list(analysis)
        best = analysis.wait()
        return infos, analysis.info, analysis.multipv, best


@needs_stockfish
@pytest.mark.parametrize("fen", POSITIONS[:3])
@pytest.mark.parametrize("multipv", [None, 3])
def test_a_streamed_analysis_is_python_chess_s(fen, multipv):
    theirs, ours = stream(chess, fen, multipv), stream(ox88, fen, multipv)
    assert lines(ours[0]) == lines(theirs[0]) and lines(ours[0])
    assert lines([ours[1]]) == lines([theirs[1]]) and ours[1]["nodes"] == theirs[1]["nodes"]
    assert lines(ours[2]) == lines(theirs[2])
    assert ours[3].move.uci() == theirs[3].move.uci()
    assert isinstance(ours[3], ox88.engine.BestMove)


@needs_stockfish
def test_an_unlimited_analysis_stops_when_asked_and_the_engine_serves_again():
    board = ox88.Board(POSITIONS[1])
    with ox88.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure(OPTIONS)
        analysis = engine.analysis(board)
        with pytest.raises(ox88.engine.EngineError, match="analysing"):
            engine.analyse(board, ox88.engine.Limit(depth=5))
        for info in analysis:
            if info.get("depth", 0) >= 8:
                analysis.stop()
        best = analysis.wait()
        assert best.move in board.legal_moves and analysis.info["depth"] >= 8
        with pytest.raises(ox88.engine.AnalysisComplete):
            analysis.get()
        assert analysis.next() is None
        assert engine.analyse(board, ox88.engine.Limit(depth=5))["depth"] == 5
        # Leaving the block without reading stops the analysis too.
        with engine.analysis(board) as running:
            first = running.get()
        assert first and engine.play(board, ox88.engine.Limit(depth=3)).move in board.legal_moves
