"""Polyglot opening books: python-chess's ``chess.polyglot`` on ox88-book.

>>> import ox88 as chess, ox88.polyglot
>>> hex(ox88.polyglot.zobrist_hash(chess.Board()))
'0x463b96181691fc9c'
"""

from __future__ import annotations

import random as _random
from typing import Any, Iterator, List, NamedTuple, Optional

from . import _core
from ._board import Board
from ._core import Move


class Entry(NamedTuple):
    """A book entry: the position's key, the move as Polyglot encodes it, its weight and learn field, and the
    move."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def zobrist_hash(board: Board) -> int:
    """The Polyglot key of the board's position."""
    return board._key()


class MemoryMappedReader:
    """A Polyglot book read into memory (``open_reader`` makes one)."""

    def __init__(self, filename: str) -> None:
        self._core = _core.BookCore(str(filename))

    def __len__(self) -> int:
        return len(self._core)

    def find_all(self, board: Board, *, minimum_weight: int = 1, exclude_moves: Any = ()) -> Iterator[Entry]:
        """The entries of the position with at least ``minimum_weight``, in file order (best first)."""
        for key, raw, weight, learn, move in self._core.find_all(board):
            if weight >= minimum_weight and move not in exclude_moves:
                yield Entry(key, raw, weight, learn, move)

    def find(self, board: Board, *, minimum_weight: int = 1, exclude_moves: Any = ()) -> Entry:
        """The entry of greatest weight; ``IndexError`` when the position is not in the book."""
        entries = list(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves))
        if not entries:
            raise IndexError("the position is not in the book")
        return max(entries, key=lambda e: e.weight)

    def get(self, board: Board, default: Optional[Entry] = None, *, minimum_weight: int = 1, exclude_moves: Any = ()) -> Optional[Entry]:
        """``find``, or ``default``."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Board, *, minimum_weight: int = 1, exclude_moves: Any = (), random: Any = _random) -> Entry:
        """An entry chosen at random, each as likely."""
        entries = list(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves))
        if not entries:
            raise IndexError("the position is not in the book")
        return random.choice(entries)

    def weighted_choice(self, board: Board, *, exclude_moves: Any = (), random: Any = _random) -> Entry:
        """An entry chosen at random in proportion to its weight."""
        entries: List[Entry] = list(self.find_all(board, minimum_weight=0, exclude_moves=exclude_moves))
        total = sum(e.weight for e in entries)
        if not entries or total == 0:
            raise IndexError("the position is not in the book")
        ticket = random.randint(0, total - 1)
        for entry in entries:
            if ticket < entry.weight:
                return entry
            ticket -= entry.weight
        return entries[-1]

    def close(self) -> None:
        """Nothing to release: the book is read into memory."""

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


def open_reader(path: str) -> MemoryMappedReader:
    """Opens a Polyglot book (``.bin``)."""
    return MemoryMappedReader(path)


__all__ = ["Entry", "MemoryMappedReader", "open_reader", "zobrist_hash"]
