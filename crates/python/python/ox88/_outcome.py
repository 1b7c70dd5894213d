"""``Outcome`` and ``Termination``: how a game ended."""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional

from ._squares import Color


class Termination(enum.Enum):
    """How a game ended."""

    CHECKMATE = 1
    """The side to move is checkmated."""
    STALEMATE = 2
    """The side to move has no legal move and is not in check."""
    INSUFFICIENT_MATERIAL = 3
    """Neither side can mate."""
    SEVENTYFIVE_MOVES = 4
    """150 plies without a capture or pawn move."""
    FIVEFOLD_REPETITION = 5
    """The same position five times."""
    FIFTY_MOVES = 6
    """A draw claimed under the fifty-move rule."""
    THREEFOLD_REPETITION = 7
    """A draw claimed by threefold repetition."""
    VARIANT_WIN = 8
    """A variant's own win (never in chess)."""
    VARIANT_LOSS = 9
    """A variant's own loss (never in chess)."""
    VARIANT_DRAW = 10
    """A variant's own draw (never in chess)."""


@dataclasses.dataclass
class Outcome:
    """How a game ended: the termination and the winner (``None`` for a draw)."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """The result: "1-0", "0-1" or "1/2-1/2"."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
