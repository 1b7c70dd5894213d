"""Boards as SVG pictures: python-chess's ``chess.svg.board`` on ox88-svg.

>>> import ox88 as chess, ox88.svg
>>> ox88.svg.board(chess.Board(), size=350).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple, Optional, Tuple, Union

from . import _core
from ._board import Board
from ._core import Move
from ._squares import SQUARE_NAMES, Color, Square, SquareSet, parse_square


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (green, red, blue or yellow)."""

    tail: Square
    head: Square
    color: str = "green"

    def pgn(self) -> str:
        """The arrow as PGN comments draw it: ``Ga1`` (a square) or ``Ra1h8`` (any colour but red, yellow and
        blue is written green)."""
        letter = {"red": "R", "yellow": "Y", "blue": "B"}.get(self.color, "G")
        squares = SQUARE_NAMES[self.tail] + ("" if self.tail == self.head else SQUARE_NAMES[self.head])
        return letter + squares

    @classmethod
    def from_pgn(cls, text: str) -> Arrow:
        """Reads ``Ga1`` or ``Ra1h8`` (``ValueError`` otherwise)."""
        colours = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}
        if len(text) not in (3, 5) or text[0] not in colours:
            raise ValueError(f"not a PGN arrow: {text!r}")
        tail = parse_square(text[1:3])
        return cls(tail, parse_square(text[3:5]) if len(text) == 5 else tail, colours[text[0]])


def board(board: Optional[Board] = None, *, orientation: Color = True, lastmove: Optional[Move] = None,
          check: Optional[Square] = None, arrows: Iterable[Union[Arrow, Tuple[Square, Square]]] = (),
          fill: Mapping[Square, str] = {}, squares: Any = None, size: Optional[int] = None,
          coordinates: bool = True, flipped: bool = False, **_: Any) -> str:
    """The SVG picture of ``board`` (the start position if ``None``): ``orientation`` at the bottom (or the
    other side with ``flipped``), ``size`` pixels wide, with the last move, a king in check, arrows and tinted
    squares marked."""
    board = board if board is not None else Board()
    tinted = [(sq, colour) for sq, colour in fill.items()]
    if squares is not None:
        tinted += [(sq, "red") for sq in SquareSet(squares)]
    drawn = [(a.tail, a.head, a.color) if isinstance(a, Arrow) else (a[0], a[1], "green") for a in arrows]
    last = (lastmove.from_square, lastmove.to_square) if lastmove else None
    return _core._board_svg(board, orientation != flipped, size, coordinates, last, check, drawn, tinted)


__all__ = ["Arrow", "board"]
