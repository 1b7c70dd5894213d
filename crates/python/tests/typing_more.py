"""More of python-chess's API with `import ox88 as chess`, for `mypy --strict`: pseudo-legal moves, status,
EPD, transforms, square sets, PGN exporters and visitors, and the asyncio engine API."""

import asyncio
import io
from typing import Dict, List, Optional, Tuple

import ox88 as chess
import ox88.engine
import ox88.pgn


def inspect(board: chess.Board) -> Tuple[int, bool, chess.Status, str]:
    pseudo: List[chess.Move] = list(board.pseudo_legal_moves)
    ok: bool = all(board.is_pseudo_legal(m) for m in pseudo) and board.is_valid()
    flipped: chess.Board = board.transform(chess.flip_horizontal)
    line: chess.SquareSet = chess.SquareSet.ray(chess.A1, chess.H8) | chess.SquareSet(chess.between(chess.A1, chess.A8))
    return len(pseudo) + len(line), ok, board.status(), flipped.epd(id="flipped")


def epd(line: str) -> Dict[str, object]:
    board, operations = chess.Board.from_epd(line)
    best = operations.get("bm")
    if isinstance(best, list) and best:
        board.push(best[0])
    return dict(operations)


class MoveCounter(ox88.pgn.BaseVisitor[int]):
    def __init__(self) -> None:
        self.moves = 0

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        self.moves += 1

    def result(self) -> int:
        return self.moves


def export(text: str) -> Optional[str]:
    game: Optional[ox88.pgn.Game] = ox88.pgn.read_game(io.StringIO(text))
    if game is None:
        return None
    counted: int = game.accept(MoveCounter())
    exported: str = game.accept(ox88.pgn.StringExporter(headers=False, columns=None))
    return f"{counted} {exported}"


async def analyse(path: str) -> str:
    transport, engine = await ox88.engine.popen_uci(path)
    info = await engine.analyse(chess.Board(), ox88.engine.Limit(depth=5))
    await engine.quit()
    transport.close()
    return str(info)


if __name__ == "__main__":
    print(inspect(chess.Board()), epd('4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id "castle";'), export("1. e4 e5 *\n"))
    _ = asyncio
