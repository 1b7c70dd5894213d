"""A python-chess program with `import ox88 as chess`: `mypy --strict` must pass it with ox88's stubs."""

import random
from typing import List, Optional

import ox88 as chess


def random_game(seed: int) -> List[str]:
    rng = random.Random(seed)
    board = chess.Board()
    sans: List[str] = []
    while not board.is_game_over(claim_draw=True) and len(sans) < 60:
        moves: List[chess.Move] = list(board.legal_moves)
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    outcome: Optional[chess.Outcome] = board.outcome(claim_draw=True)
    if outcome is not None and outcome.winner is not None:
        sans.append("1-0" if outcome.winner == chess.WHITE else "0-1")
    return sans


def describe(board: chess.Board) -> str:
    piece: Optional[chess.Piece] = board.piece_at(chess.E1)
    symbol = piece.symbol() if piece else "-"
    attackers: chess.SquareSet = board.attackers(chess.BLACK, chess.E4)
    king: Optional[int] = board.king(board.turn)  # None on a board being set up without one
    last: Optional[chess.Move] = board.peek() if board.move_stack else None
    where = "-" if king is None else chess.square_name(king)
    return f"{symbol} {len(attackers)} {where} {last} {board.fen()}"


if __name__ == "__main__":
    print(" ".join(random_game(1)))
    print(describe(chess.Board()))
