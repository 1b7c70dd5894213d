"""Visitors of PGN games, python-chess's protocol: ``game.accept(visitor)`` calls a visitor's methods in PGN order,
and the exporters write a game as python-chess writes it (``StringExporter``, ``FileExporter``)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Generic, List, Optional, TextIO, TypeVar

from ._board import Board
from ._core import Move

if TYPE_CHECKING:
    from ._pgn_headers import Headers
    from ._pgn_tree import ChildNode

ResultT = TypeVar("ResultT")


class SkipType(enum.Enum):
    """The type of ``SKIP``."""

    SKIP = None


SKIP = SkipType.SKIP
"""What ``begin_game``, ``end_headers`` or ``begin_variation`` return to have what follows skipped."""


class BaseVisitor(Generic[ResultT]):
    """A visitor of a game, its methods called in PGN order by ``Game.accept`` (or by ``read_game`` with
    ``Visitor=``); each does nothing unless a subclass overrides it, but ``result``."""

    def begin_game(self) -> Optional[SkipType]:
        """Called first; ``SKIP`` skips the game (``end_game`` and ``result`` are still called)."""
        return None

    def begin_headers(self) -> Optional[Headers]:
        """Called before the headers (by ``read_game``)."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Called for each tag, in order."""

    def end_headers(self) -> Optional[SkipType]:
        """Called after the tags; ``SKIP`` skips the moves."""
        return None

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        """Part of python-chess's reading protocol; ox88 reads the moves itself and never calls it."""
        return None

    def parse_san(self, board: Board, san: str) -> Move:
        """Reads a move in SAN (the reading protocol's hook; ox88 never calls it)."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """Called for each move, with the board of the position before it (do not change the board)."""

    def visit_board(self, board: Board) -> None:
        """Called with the starting position and after each move, with the board of the position (do not change
        it)."""

    def visit_comment(self, comment: str) -> None:
        """Called for each comment (before a move for a starting comment)."""

    def visit_nag(self, nag: int) -> None:
        """Called for each NAG of a move, in increasing order."""

    def begin_variation(self) -> Optional[SkipType]:
        """Called at the start of a variation; ``SKIP`` skips it (``end_variation`` is still called)."""
        return None

    def end_variation(self) -> None:
        """Called at the end of a variation."""

    def visit_result(self, result: str) -> None:
        """Called with the game's result (the ``Result`` tag)."""

    def end_game(self) -> None:
        """Called last."""

    def result(self) -> ResultT:
        """What the visit made; ``accept`` returns it."""
        raise NotImplementedError("a visitor must define result()")

    def handle_error(self, error: Exception) -> None:
        """Called with an error found while reading; raises it."""
        raise error


def visit_line(first: ChildNode, board: Board, visitor: BaseVisitor[ResultT], *, sidelines: bool) -> None:
    """Visits ``first`` and its main line in PGN order on ``board`` (the position before ``first``, given back
    unchanged): each move's alternatives (``first``'s only with ``sidelines``) as variations right after it."""
    node, pushed = first, 0
    while True:
        node._visit(board, visitor)
        if sidelines:
            assert node.parent is not None
            for sibling in node.parent.variations[1:]:
                if visitor.begin_variation() is not SKIP:
                    visit_line(sibling, board, visitor, sidelines=False)
                visitor.end_variation()
        if not node.variations:
            break
        board.push(node.move)
        pushed += 1
        node, sidelines = node.variations[0], True
    for _ in range(pushed):
        board.pop()


class _Writer(BaseVisitor[ResultT]):
    """The layout of python-chess's exporters: tokens on lines of at most ``columns`` characters (``None``: one
    line of movetext), tags and blank lines on lines of their own. ``_emit`` takes each finished line."""

    def __init__(self, columns: Optional[int], headers: bool, comments: bool, variations: bool) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self._line = ""
        self._depth = 0
        self._number_next = True
        self._any_header = False

    def _emit(self, line: str) -> None:
        raise NotImplementedError

    def _end_line(self) -> None:
        if self._line:
            self._emit(self._line.rstrip())
        self._line = ""

    def _token(self, token: str) -> None:
        if self.columns is not None and len(self._line) + len(token) > self.columns:
            self._end_line()
        self._line += token

    def _whole_line(self, line: str = "") -> None:
        self._end_line()
        self._emit(line.rstrip())

    def _shown(self) -> bool:
        return self.variations or self._depth == 0

    def begin_game(self) -> Optional[SkipType]:
        self._line, self._depth, self._number_next, self._any_header = "", 0, True, False
        return None

    def begin_headers(self) -> Optional[Headers]:
        self._any_header = False
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self._any_header = True
            self._whole_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> Optional[SkipType]:
        if self._any_header:
            self._whole_line()
        return None

    def begin_variation(self) -> Optional[SkipType]:
        self._depth += 1
        if not self.variations:
            return SKIP
        self._token("( ")
        self._number_next = True
        return None

    def end_variation(self) -> None:
        self._depth -= 1
        if self.variations:
            self._token(") ")
            self._number_next = True

    def visit_comment(self, comment: str) -> None:
        if self.comments and self._shown():
            self._token("{ " + comment.replace("}", "").strip() + " } ")
            self._number_next = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and self._shown():
            self._token(f"${nag} ")

    def visit_move(self, board: Board, move: Move) -> None:
        if not self._shown():
            return
        if board.turn:
            self._token(f"{board.fullmove_number}. ")
        elif self._number_next:
            self._token(f"{board.fullmove_number}... ")
        self._token(board.san(move) + " ")
        self._number_next = False

    def visit_result(self, result: str) -> None:
        self._token(result + " ")

    def end_game(self) -> None:
        self._whole_line()


class StringExporter(_Writer[str]):
    """Writes a game as text, as python-chess's exporter does: ``game.accept(StringExporter())``. Movetext lines
    hold at most ``columns`` characters (``None``: one line); ``headers``, ``comments`` (NAGs too) and
    ``variations`` say what is written. The text has no line break at its end."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns, headers, comments, variations)
        self._lines: List[str] = []

    def begin_game(self) -> Optional[SkipType]:
        self._lines = []
        return super().begin_game()

    def _emit(self, line: str) -> None:
        self._lines.append(line)

    def result(self) -> str:
        lines = self._lines + ([self._line.rstrip()] if self._line else [])
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()

    def __repr__(self) -> str:
        return f"<StringExporter at {id(self):#x}>"


class FileExporter(_Writer[int]):
    """Writes games to a text file as ``StringExporter`` lays them out, each followed by a blank line;
    ``result()`` is the number of characters written for the last game."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns, headers, comments, variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> Optional[SkipType]:
        self.written = 0
        return super().begin_game()

    def _emit(self, line: str) -> None:
        self.written += self.handle.write(line + "\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"
