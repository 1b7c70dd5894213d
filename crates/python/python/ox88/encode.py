"""Boards as NumPy arrays for people who train networks: piece planes and legal-move masks, encoded in one call
for a whole list of boards.

>>> import ox88 as chess, ox88.encode
>>> planes = ox88.encode.piece_planes([chess.Board()])  # doctest: +SKIP
>>> planes.shape, int(planes[0, 0].sum())  # doctest: +SKIP
((1, 12, 64), 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from . import _core
from ._board import Board

if TYPE_CHECKING:
    import numpy


def piece_planes(boards: Sequence[Board], *, side_to_move: bool = False) -> numpy.ndarray:
    """A ``uint8`` array of shape ``(len(boards), 12, 64)``: for each board, a plane of 64 squares (a1 first) per
    piece kind, White's pawn, knight, bishop, rook, queen and king then Black's, 1 where such a piece stands. With
    ``side_to_move``, each board is seen from the side to move: its pieces first, the board flipped for Black."""
    import numpy

    data = _core._piece_planes(list(boards), side_to_move)
    return numpy.frombuffer(data, dtype=numpy.uint8).reshape(len(boards), 12, 64)


def legal_move_masks(boards: Sequence[Board]) -> numpy.ndarray:
    """A ``uint8`` array of shape ``(len(boards), 64, 64)``: 1 at ``[i, from, to]`` for each legal move of board
    ``i`` (castling as the board writes it in UCI; a pawn's promotions share one entry)."""
    import numpy

    data = _core._legal_move_masks(list(boards))
    return numpy.frombuffer(data, dtype=numpy.uint8).reshape(len(boards), 64, 64)


def perft(board: Board, depth: int, *, threads: int = 1) -> int:
    """The number of move sequences ``depth`` plies long from the board's position."""
    return _core.perft(board, depth, threads)


__all__ = ["legal_move_masks", "perft", "piece_planes"]
