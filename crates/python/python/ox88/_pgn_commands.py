"""The comment commands of PGN beyond clocks and evaluations, as python-chess reads and writes them in a node's
comment: ``[%emt]`` (the time a move took) and ``[%csl]``/``[%cal]`` (squares and arrows drawn on the board)."""

from __future__ import annotations

import re
from typing import Callable, Iterable, List, Match, Optional, Tuple, Union

from ._squares import Square
from .svg import Arrow

_EMT = re.compile(r"(?P<before>\s?)\[%emt\s(?P<h>\d+):(?P<m>\d+):(?P<s>\d+(?:\.\d*)?)\](?P<after>\s?)")
_DRAWING = r"[RGYB][a-h][1-8](?:[a-h][1-8])?"
_ARROWS = re.compile(rf"(?P<before>\s?)\[%(?:csl|cal)\s(?P<arrows>{_DRAWING}(?:,{_DRAWING})*)\](?P<after>\s?)")


def _replace(command: str) -> Callable[[Match[str]], str]:
    """A substitution that puts ``command`` in a match's place, keeping the white space around it (a removed
    command leaves one space only where there was space on both sides)."""

    def substitute(found: Match[str]) -> str:
        if command:
            return found.group("before") + command + found.group("after")
        return found.group("after") if found.group("before") else ""

    return substitute


def emt(comment: str) -> Optional[float]:
    """The seconds of the comment's first ``[%emt]`` command, if any."""
    found = _EMT.search(comment)
    if found is None:
        return None
    return int(found.group("h")) * 3600 + int(found.group("m")) * 60 + float(found.group("s"))


def set_emt(comment: str, seconds: Optional[float]) -> str:
    """The comment with its ``[%emt]`` command set to ``seconds`` (added at the end if it had none), or removed."""
    command = ""
    if seconds is not None:
        seconds = max(0.0, seconds)
        hours, rest = divmod(seconds, 3600)
        minutes, rest = divmod(rest, 60)
        text = f"{rest:06.3f}".rstrip("0").rstrip(".")
        command = f"[%emt {int(hours):d}:{int(minutes):02d}:{text}]"
    comment, replaced = _EMT.subn(_replace(command), comment, count=1)
    if command and not replaced:
        separator = " " if comment and not comment.endswith((" ", "\n")) else ""
        comment += separator + command
    return comment


def arrows(comment: str) -> List[Arrow]:
    """The squares (``[%csl]``) and arrows (``[%cal]``) the comment draws, in order."""
    return [Arrow.from_pgn(text) for found in _ARROWS.finditer(comment) for text in found.group("arrows").split(",")]


def set_arrows(comment: str, drawn: Iterable[Union[Arrow, Tuple[Square, Square]]]) -> str:
    """The comment with its drawings replaced by ``drawn`` (squares first, then arrows, at its start)."""
    squares: List[str] = []
    lines: List[str] = []
    for item in drawn:
        arrow = item if isinstance(item, Arrow) else Arrow(item[0], item[1])
        (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
    comment = _ARROWS.sub(_replace(""), comment)
    commands = (f"[%csl {','.join(squares)}]" if squares else "") + (f"[%cal {','.join(lines)}]" if lines else "")
    if commands and comment and not comment.startswith((" ", "\n")):
        return commands + " " + comment
    return commands + comment
