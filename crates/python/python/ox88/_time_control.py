"""``Game.time_control()``: a PGN ``TimeControl`` tag read into python-chess's ``TimeControl``, its parts and its
type (the FIDE classes, with bullet below three minutes)."""

from __future__ import annotations

import dataclasses
import enum
from typing import List

__all__ = ["TimeControl", "TimeControlPart", "TimeControlType", "parse_time_control"]


class TimeControlType(enum.Enum):
    """The class of a time control, by the first period's time plus 60 increments."""

    UNKNOWN = 0
    """No tag, or ``?``."""
    UNLIMITED = 1
    """``-``: no clock."""
    STANDARD = 2
    """An hour or more."""
    RAPID = 3
    """15 minutes to an hour."""
    BLITZ = 4
    """3 to 15 minutes."""
    BULLET = 5
    """Less than 3 minutes."""


@dataclasses.dataclass
class TimeControlPart:
    """One period: ``time`` seconds for ``moves`` moves (0: the rest of the game), plus ``increment`` seconds
    (Fischer) or ``delay`` seconds after each move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A game's time control: its periods in order, and its class."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _part(text: str) -> TimeControlPart:
    """One period of the tag: ``[MOVES/]SECONDS[+INCREMENT | +DELAYd]``."""
    part = TimeControlPart()
    period, plus, bonus = text.partition("+")
    if plus:
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, seconds = period.partition("/")
    part.moves, part.time = (int(moves), int(seconds)) if slash else (0, int(moves))
    return part


def parse_time_control(text: str) -> TimeControl:
    """The time control of a PGN ``TimeControl`` tag (``40/5400+30:1800+30``, ``300+2``, ``-``, ``?``); a
    ``ValueError`` for a tag that is not one, or whose periods but the last have no move count."""
    control = TimeControl()
    if not text or text.startswith("?"):
        return control
    if text.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_part(period) for period in text.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError(f"time control {text!r}: only the last period may be for the rest of the game")
    first = control.parts[0]
    estimate = first.time + 60 * first.increment
    for limit, kind in ((3 * 60, TimeControlType.BULLET), (15 * 60, TimeControlType.BLITZ),
                        (60 * 60, TimeControlType.RAPID)):
        if estimate < limit:
            control.type = kind
            break
    else:
        control.type = TimeControlType.STANDARD
    return control
