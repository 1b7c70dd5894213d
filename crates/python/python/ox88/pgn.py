"""PGN: games as trees of moves with comments, NAGs and variations, python-chess's ``chess.pgn`` on ox88-pgn.

``read_game(handle)`` reads the next game of a text file (every move checked by ox88's reader), ``str(game)`` and
the exporters (``game.accept(StringExporter())``) write it as python-chess does, and ``read_table(paths)`` reads
whole files of games into an Arrow table at once.

>>> import io
>>> import ox88.pgn
>>> game = ox88.pgn.read_game(io.StringIO('[White "Anderssen"]\\n\\n1. e4 { [%clk 0:03:00] } e5 2. f4 *\\n'))
>>> game.headers["White"], [m.uci() for m in game.mainline_moves()], game.next().clock()
('Anderssen', ['e2e4', 'e7e5', 'f2f4'], 180.0)
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, TextIO, Union

from . import _core
from ._pgn_headers import *  # noqa: F401,F403 (the NAG_ names and TAG_ROSTER)
from ._pgn_headers import Headers
from ._pgn_tree import ChildNode, Game, GameNode, Mainline
from ._pgn_visit import SKIP, BaseVisitor, FileExporter, SkipType, StringExporter
from ._time_control import TimeControl, TimeControlPart, TimeControlType, parse_time_control

if TYPE_CHECKING:
    import pyarrow

PathLike = Union[str, "os.PathLike[str]"]

__all__ = [
    "BaseVisitor", "ChildNode", "FileExporter", "Game", "GameBuilder", "GameNode", "Headers", "Mainline", "SKIP",
    "SkipType", "StringExporter", "TimeControl", "TimeControlPart", "TimeControlType", "parse_time_control",
    "read_batches", "read_game", "read_headers", "read_table", "skip_game",
]


class GameBuilder(BaseVisitor[Game]):
    """The visitor ``read_game`` uses by default: it gives the game itself (of the class ``Game=``)."""

    def __init__(self, *, Game: Callable[[], Game] = Game) -> None:
        self.Game = Game


def _game_text(handle: TextIO) -> Optional[str]:
    """The lines of the next game of ``handle``, as python-chess reads them: tags, then movetext up to an empty
    line outside a comment."""
    lines: List[str] = []
    line = handle.readline().lstrip("\ufeff")
    while line and (line.isspace() or line.startswith("%") or line.startswith(";")):
        line = handle.readline()
    if not line:
        return None
    in_tags, open_braces = True, 0
    while line:
        if in_tags:
            if not line.startswith("[") and not line.isspace() and not line.startswith("%"):
                in_tags = False
        if not in_tags:
            if open_braces == 0 and line.isspace():
                break
            open_braces = max(0, open_braces + line.count("{") - line.count("}"))
        lines.append(line)
        line = handle.readline()
    return "".join(lines)


def read_game(handle: TextIO, *, Visitor: Callable[[], BaseVisitor[Any]] = GameBuilder) -> Any:
    """Reads the next game of a text file; ``None`` at the end. An illegal move ends its line: the game keeps
    the moves before it, and ``game.errors`` says what was wrong.

    With ``Visitor`` (a class of visitors, or any function that makes one), the game read is given to a new
    visitor (``game.accept(Visitor())``) and its result returned instead: ox88 reads the whole game first, so
    a visitor sees every move, and its ``parse_san`` and ``handle_error`` are not called."""
    text = _game_text(handle)
    if text is None:
        return None
    found = _core._read_game(text)
    if found is None:
        return None
    headers, comment, rows, errors = found
    builder = Visitor()
    game = builder.Game() if isinstance(builder, GameBuilder) else Game()
    for name, value in headers:
        try:
            game.headers[name] = value
        except ValueError as error:
            game.errors.append(error)
    game.comment = comment or ""
    nodes: List[GameNode] = [game]
    for parent, move, starting, after, nags in rows:
        node = ChildNode(nodes[parent], move, comment=after or "", starting_comment=starting or "", nags=nags)
        nodes[parent].variations.append(node)
        nodes.append(node)
    game.errors.extend(_core.IllegalMoveError(e) for e in errors)
    if isinstance(builder, GameBuilder):
        return game
    return game.accept(builder)


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the headers of the next game, skipping its moves; ``None`` at the end."""
    text = _game_text(handle)
    if text is None:
        return None
    headers = Headers({})
    for match in re.finditer(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"((?:[^"\\]|\\.)*)"\]', text, re.MULTILINE):
        headers[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
    return headers


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; whether there was one."""
    return _game_text(handle) is not None


def read_batches(paths: Union[PathLike, Iterable[PathLike]], *, threads: int = 1, uci: bool = True, san: bool = True,
                 annotations: bool = True, move_indices: bool = False, batch_size: int = 4096) -> pyarrow.RecordBatchReader:
    """The games of PGN files (``.pgn``, ``.pgn.zst``, ``.pgn.bz2``) as a stream of Arrow record batches, one row a
    game, read on ``threads`` threads in bounded memory whatever the files' size.

    The columns are ox88-db's games table: ``id``, ``file`` and ``number``; the tags (``event``, ``site``,
    ``white``, ``black``, the ratings and ``time_control_*`` as integers, ``date`` and ``utc_date`` as dates,
    ``eco``, ``opening``, ``termination``, ``fen`` and a ``tags`` map of the others); ``result``; ``ply_count``;
    the main line's moves as ``uci`` and ``san`` text; ``clocks`` (seconds) and ``eval_cp``/``eval_mate`` (White's
    view) after each move; and ``error``, why a game could not be read (the others go on). ``uci``, ``san``,
    ``annotations`` and ``move_indices`` (a byte a move: its index among the legal moves) choose the optional
    columns."""
    import pyarrow

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    stream = _core.GameStream([os.fspath(p) for p in paths], threads, uci, san, annotations, move_indices, batch_size)
    # The Arrow C stream interface: pyarrow takes each batch's buffers as they are.
    return pyarrow.RecordBatchReader.from_stream(stream)


def read_table(paths: Union[PathLike, Iterable[PathLike]], *, threads: int = 1, uci: bool = True, san: bool = True,
               annotations: bool = True, move_indices: bool = False, columns: Optional[List[str]] = None) -> pyarrow.Table:
    """The games of PGN files as a ``pyarrow.Table``, one row a game (see ``read_batches`` for the columns); with
    ``columns``, only those, and the optional columns are computed as ``columns`` names them (the flags are then
    not read: ``columns=["white", "uci"]`` writes no SAN). The files are streamed: memory holds the table, never the PGN text.

    >>> import ox88.pgn
    >>> table = ox88.pgn.read_table(["games.pgn"], threads=2)  # doctest: +SKIP
    >>> table.to_pandas()  # doctest: +SKIP
    """
    if columns is not None:
        wanted = set(columns)
        uci, san, move_indices = "uci" in wanted, "san" in wanted, "move_indices" in wanted
        annotations = not wanted.isdisjoint(("clocks", "eval_cp", "eval_mate"))
    table = read_batches(paths, threads=threads, uci=uci, san=san, annotations=annotations, move_indices=move_indices).read_all()
    return table.select(columns) if columns is not None else table
