"""A program using ox88.pgn, ox88.engine, ox88.syzygy and ox88.svg as python-chess's modules are used: `mypy
--strict` must pass it with ox88's types."""

import io
from typing import List, Optional

import ox88 as chess
import ox88.engine
import ox88.pgn
import ox88.svg
import ox88.syzygy


def clocks(text: str) -> List[Optional[float]]:
    game: Optional[ox88.pgn.Game] = ox88.pgn.read_game(io.StringIO(text))
    if game is None:
        return []
    white: str = game.headers.get("White", "?")
    moves: List[chess.Move] = list(game.mainline_moves())
    board: chess.Board = game.end().board()
    assert len(moves) == len(board.move_stack) and white
    return [node.clock() for node in game.mainline()]


def evaluation(node: ox88.pgn.GameNode) -> Optional[int]:
    score: Optional[ox88.engine.PovScore] = node.eval()
    return None if score is None else score.white().score(mate_score=100_000)


def analyse(path: str) -> str:
    board = chess.Board()
    with ox88.engine.SimpleEngine.popen_uci(path) as engine:
        info: ox88.engine.InfoDict = engine.analyse(board, ox88.engine.Limit(depth=8))
        result: ox88.engine.PlayResult = engine.play(board, ox88.engine.Limit(time=0.1))
    picture: str = ox88.svg.board(board, lastmove=result.move, arrows=[ox88.svg.Arrow(chess.E2, chess.E4)])
    return f"{info['score']} {picture[:4]}"


def probe(directory: str, fen: str) -> Optional[int]:
    with ox88.syzygy.open_tablebase(directory) as tables:
        return tables.get_wdl(chess.Board(fen))


if __name__ == "__main__":
    print(clocks("1. e4 { [%clk 0:03:00] } e5 *\n"))
