"""A PGN game's tags (``Headers``) and the names PGN gives NAGs and the Seven Tag Roster, for ``ox88.pgn``."""

from __future__ import annotations

import re
from typing import Dict, Iterable, Iterator, Mapping, MutableMapping, Optional, Tuple, Union

from ._board import Board

__all__ = [
    "NAG_NULL",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_BRILLIANT_MOVE",
    "NAG_BLUNDER",
    "NAG_SPECULATIVE_MOVE",
    "NAG_DUBIOUS_MOVE",
    "NAG_FORCED_MOVE",
    "NAG_SINGULAR_MOVE",
    "NAG_WORST_MOVE",
    "NAG_DRAWISH_POSITION",
    "NAG_QUIET_POSITION",
    "NAG_ACTIVE_POSITION",
    "NAG_UNCLEAR_POSITION",
    "NAG_WHITE_SLIGHT_ADVANTAGE",
    "NAG_BLACK_SLIGHT_ADVANTAGE",
    "NAG_WHITE_MODERATE_ADVANTAGE",
    "NAG_BLACK_MODERATE_ADVANTAGE",
    "NAG_WHITE_DECISIVE_ADVANTAGE",
    "NAG_BLACK_DECISIVE_ADVANTAGE",
    "NAG_WHITE_ZUGZWANG",
    "NAG_BLACK_ZUGZWANG",
    "NAG_WHITE_MODERATE_COUNTERPLAY",
    "NAG_BLACK_MODERATE_COUNTERPLAY",
    "NAG_WHITE_DECISIVE_COUNTERPLAY",
    "NAG_BLACK_DECISIVE_COUNTERPLAY",
    "NAG_WHITE_MODERATE_TIME_PRESSURE",
    "NAG_BLACK_MODERATE_TIME_PRESSURE",
    "NAG_WHITE_SEVERE_TIME_PRESSURE",
    "NAG_BLACK_SEVERE_TIME_PRESSURE",
    "NAG_NOVELTY",
    "TAG_ROSTER",
    "Headers",
]

NAG_NULL = 0
NAG_GOOD_MOVE = 1
"""A good move (``!``)."""
NAG_MISTAKE = 2
"""A mistake (``?``)."""
NAG_BRILLIANT_MOVE = 3
"""A brilliant move (``!!``)."""
NAG_BLUNDER = 4
"""A blunder (``??``)."""
NAG_SPECULATIVE_MOVE = 5
"""A speculative move (``!?``)."""
NAG_DUBIOUS_MOVE = 6
"""A dubious move (``?!``)."""
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster, in the order PGN writes it."""
_TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
_CHESS960 = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")


class Headers(MutableMapping[str, str]):
    """A game's tags: the Seven Tag Roster first, in its order, then the others as they were added."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None, **kwargs: str) -> None:
        self._roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        if data is None:
            data = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?", "Result": "*"}
        self.update(data, **kwargs)

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._roster[key] = value
        elif not _TAG_NAME.match(key):
            raise ValueError(f"invalid PGN tag name: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in PGN tag {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        if key in TAG_ROSTER:
            return self._roster[key]
        return self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> Headers:
        """A copy of the tags."""
        return type(self)(self)

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag says Chess960."""
        return self.get("Variant", "").lower() in _CHESS960

    def board(self) -> Board:
        """The game's starting position (the ``FEN`` tag, Chess960 from the ``Variant`` tag)."""
        board = Board(self.get("FEN", Board.starting_fen), chess960=self.is_chess960())
        return board

    def __repr__(self) -> str:
        return "{}({})".format(type(self).__name__, ", ".join(f"{k}={v!r}" for k, v in self.items()))
