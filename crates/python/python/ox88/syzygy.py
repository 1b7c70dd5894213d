"""Syzygy endgame tablebases: python-chess's ``chess.syzygy`` on ox88-syzygy.

>>> import ox88 as chess, ox88.syzygy
>>> with ox88.syzygy.open_tablebase("data/syzygy") as tablebase:  # doctest: +SKIP
...     tablebase.probe_wdl(chess.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"))
-2
"""

from __future__ import annotations

from typing import Optional, TypeVar

from . import _core
from ._board import Board
from ._core import MissingTableError

T = TypeVar("T")


class Tablebase:
    """Syzygy tables (WDL ``.rtbw`` and DTZ ``.rtbz`` files) loaded from directories."""

    def __init__(self) -> None:
        self._core = _core.TablebaseCore()

    def add_directory(self, directory: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Loads the tables of ``directory``; the number of files found."""
        return self._core.add_directory(str(directory))

    def probe_wdl(self, board: Board) -> int:
        """2 (win), 1 (a win the fifty-move rule spoils), 0 (draw), -1 or -2 (loss) for the side to move;
        ``MissingTableError`` (a ``KeyError``) when no table holds the position."""
        return self._core.probe_wdl(board)

    def get_wdl(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """``probe_wdl``, or ``default`` when no table holds the position."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz(self, board: Board) -> int:
        """The distance to zeroing in plies, signed as the side to move wins (+) or loses (-), rounded as the
        tables store it; ``MissingTableError`` when no table holds the position."""
        return self._core.probe_dtz(board)

    def get_dtz(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """``probe_dtz``, or ``default`` when no table holds the position."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def close(self) -> None:
        """Forgets the tables."""
        self._core = _core.TablebaseCore()

    def __enter__(self) -> Tablebase:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


def open_tablebase(directory: str, *, load_wdl: bool = True, load_dtz: bool = True, max_fds: Optional[int] = None) -> Tablebase:
    """Opens the tables of ``directory`` (more with ``add_directory``)."""
    tablebase = Tablebase()
    tablebase.add_directory(directory)
    return tablebase


__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]
