"""Engine scores as python-chess models them: ``Cp``, ``Mate``, ``MateGiven`` and ``PovScore``."""

from __future__ import annotations

import abc
import math
from typing import Optional, overload

from ._squares import Color


class Score(abc.ABC):
    """A score from one side's point of view: centipawns (``Cp``) or moves to mate (``Mate``).

    Scores compare as a player prefers them: being mated is worst, then centipawns, then mating; a quicker
    mate is better than a slower one.
    """

    @overload
    @abc.abstractmethod
    def score(self, *, mate_score: int) -> int: ...
    @overload
    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns; for a mate ``None``, or ``mate_score`` less the moves to mate."""

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """The moves to mate (negative: being mated; 0: mated already), or ``None``."""

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    @abc.abstractmethod
    def __neg__(self) -> Score: ...

    def __pos__(self) -> Score:
        return self

    def __abs__(self) -> Score:
        return -self if self < Cp(0) else self

    def _key(self) -> tuple:
        mate = self.mate()
        if mate is None:
            return (1, self.score())
        if mate > 0 or (mate == 0 and isinstance(self, MateGivenType)):
            return (2, -mate)
        return (0, -mate)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Score) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Score) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Score) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Score) -> bool:
        return self._key() >= other._key()

    def wdl(self, *, model: str = "sf", ply: int = 30) -> Wdl:
        """Win, draw and loss expectations per mille, from a simple logistic model of the score."""
        mate = self.mate()
        if mate is not None:
            return Wdl(1000, 0, 0) if mate > 0 or isinstance(self, MateGivenType) else Wdl(0, 0, 1000)
        cp = self.score() or 0
        win = round(1000 / (1 + math.exp(-(cp - 100) / 60)))
        loss = round(1000 / (1 + math.exp((cp + 100) / 60)))
        return Wdl(win, 1000 - win - loss, loss)


class Cp(Score):
    """A score in centipawns."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"


class Mate(Score):
    """Mate in ``moves`` moves (negative: the side is mated in that many)."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def __neg__(self) -> Score:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return "Mate({})".format(str(self).lstrip("#"))


class MateGivenType(Score):
    """The side has mated its opponent: the best score there is."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> int:
        return 0

    def __neg__(self) -> Mate:
        return Mate(0)

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"


MateGiven = MateGivenType()


class Wdl:
    """Win, draw and loss expectations (per mille)."""

    def __init__(self, wins: int, draws: int, losses: int) -> None:
        self.wins, self.draws, self.losses = wins, draws, losses

    def total(self) -> int:
        """The number of games counted: wins, draws and losses."""
        return self.wins + self.draws + self.losses

    def expectation(self) -> float:
        """The expected score, from 0 (a loss) to 1 (a win), a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __repr__(self) -> str:
        return f"Wdl(wins={self.wins}, draws={self.draws}, losses={self.losses})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wdl) and (self.wins, self.draws, self.losses) == (other.wins, other.draws, other.losses)


class PovScore:
    """A relative score and the side whose point of view it is: ``PovScore(Cp(20), WHITE)``."""

    def __init__(self, relative: Score, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's point of view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's point of view."""
        return self.pov(False)

    def pov(self, color: Color) -> Score:
        """The score from ``color``'s point of view."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: str = "sf", ply: int = 30) -> PovWdl:
        """Win, draw and loss expectations from the same point of view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __neg__(self) -> PovScore:
        return PovScore(-self.relative, not self.turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return "PovScore({!r}, {})".format(self.relative, "WHITE" if self.turn else "BLACK")


class PovWdl:
    """Win, draw and loss expectations and the side whose point of view they are."""

    def __init__(self, relative: Wdl, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: Color) -> Wdl:
        """The expectations from ``color``'s point of view."""
        if self.turn == color:
            return self.relative
        return Wdl(self.relative.losses, self.relative.draws, self.relative.wins)

    def white(self) -> Wdl:
        """The expectations from White's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The expectations from Black's point of view."""
        return self.pov(False)

    def __repr__(self) -> str:
        return "PovWdl({!r}, {})".format(self.relative, "WHITE" if self.turn else "BLACK")
