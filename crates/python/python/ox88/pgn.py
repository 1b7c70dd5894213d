"""PGN: games as trees of moves with comments, NAGs and variations, python-chess's ``chess.pgn`` on ox88-pgn.

``read_game(handle)`` reads the next game of a text file (every move checked by ox88's reader), ``str(game)``
writes it in export format, and ``read_table(paths)`` reads whole files of games into an Arrow table at once.

>>> import io
>>> import ox88.pgn
>>> game = ox88.pgn.read_game(io.StringIO('[White "Anderssen"]\\n\\n1. e4 { [%clk 0:03:00] } e5 2. f4 *\\n'))
>>> game.headers["White"], [m.uci() for m in game.mainline_moves()], game.next().clock()
('Anderssen', ['e2e4', 'e7e5', 'f2f4'], 180.0)
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Mapping, MutableMapping, Optional, Set, TextIO, Tuple, TypeVar, Union

from . import _core
from ._board import Board
from ._core import Move
from ._score import Cp, Mate, PovScore

NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
_TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
_CHESS960 = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")

GameT = TypeVar("GameT", bound="Game")

if TYPE_CHECKING:
    import pyarrow

PathLike = Union[str, "os.PathLike[str]"]


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


class GameNode:
    """A node of a game tree: the root (``Game``) or a move (``ChildNode``), with its continuations."""

    parent: Optional[GameNode]
    move: Optional[Move]

    def __init__(self, *, comment: str = "") -> None:
        self.variations: List[ChildNode] = []
        self.comment = comment
        self.starting_comment = ""
        self.nags: Set[int] = set()

    def board(self) -> Board:
        """The position at this node (a new board, the moves from the root on its stack)."""
        path: List[Move] = []
        node: GameNode = self
        while node.parent is not None:
            path.append(node.move)  # type: ignore[arg-type]
            node = node.parent
        board = node.board()
        for move in reversed(path):
            board.push(move)
        return board

    def ply(self) -> int:
        """The number of half-moves from the root's position to this node."""
        plies, node = 0, self
        while node.parent is not None:
            plies, node = plies + 1, node.parent
        return node.ply() + plies

    def turn(self) -> bool:
        """The side to move at this node."""
        return self.ply() % 2 == 0

    def root(self) -> GameNode:
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def game(self) -> Game:
        """The game this node belongs to."""
        root = self.root()
        assert isinstance(root, Game), "a tree without a Game at its root"
        return root

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """Whether no move follows."""
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node is the first move of a variation (not its parent's main continuation)."""
        return self.parent is not None and bool(self.parent.variations) and self.parent.variations[0] is not self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's main continuation (or the root)."""
        return self.parent is None or self.parent.variations[0] is self

    def _find(self, move: Union[int, Move, GameNode]) -> ChildNode:
        if isinstance(move, int):
            return self.variations[move]
        for variation in self.variations:
            if variation is move or variation.move == move:
                return variation
        raise KeyError(f"variation not found: {move!r}")

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        """A continuation, by index, move or node."""
        return self._find(move)

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        """Whether the continuation exists."""
        try:
            self._find(move)
        except (KeyError, IndexError):
            return False
        return True

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        """Makes a continuation the main one."""
        variation = self._find(move)
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a continuation one place up."""
        variation = self._find(move)
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a continuation one place down."""
        variation = self._find(move)
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        """Removes a continuation and everything after it."""
        self.variations.remove(self._find(move))

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> ChildNode:
        """Adds a continuation (the last one); ``IllegalMoveError`` if the move is not legal here."""
        board = self.board()
        if not board.is_legal(move):
            raise _core.IllegalMoveError(f"illegal move {move.uci()} in {board.fen()}")
        node = ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = ()) -> ChildNode:
        """Adds a continuation as the main one."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def add_line(self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> GameNode:
        """Adds a line of moves, the first as the last continuation; the comment and NAGs go to its last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = comment
        node.nags.update(nags)
        return node

    def next(self) -> Optional[ChildNode]:
        """The main continuation, or ``None``."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> Iterator[ChildNode]:
        """The nodes of the main line after this one."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def mainline_moves(self) -> Mainline:
        """The moves of the main line after this node."""
        return Mainline(self)

    def clock(self) -> Optional[float]:
        """The remaining time of the comment's ``[%clk]`` command, in seconds."""
        return _core._comment_clock(self.comment) if self.comment else None

    def set_clock(self, seconds: Optional[float]) -> None:
        """Sets (or with ``None`` removes) the comment's ``[%clk]`` command."""
        self.comment = _core._set_comment_clock(self.comment or None, seconds) or ""

    def eval(self) -> Optional[PovScore]:
        """The score of the comment's ``[%eval]`` command, from White's point of view."""
        found = _core._comment_eval(self.comment) if self.comment else None
        if found is None:
            return None
        kind, value, _ = found
        return PovScore(Cp(value) if kind == "cp" else Mate(value), True)

    def eval_depth(self) -> Optional[int]:
        """The depth of the comment's ``[%eval]`` command, if given."""
        found = _core._comment_eval(self.comment) if self.comment else None
        return found[2] if found else None

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Sets (or with ``None`` removes) the comment's ``[%eval]`` command."""
        if score is None:
            self.comment = _core._set_comment_eval(self.comment or None, None, 0) or ""
            return
        white = score.white()
        mate = white.mate()
        kind, value = ("cp", white.score()) if mate is None else ("mate", mate)
        self.comment = _core._set_comment_eval(self.comment or None, kind, value, depth) or ""

    def _rows(self) -> List[Tuple[int, str, Optional[str], Optional[str], List[int]]]:
        rows: List[Tuple[int, str, Optional[str], Optional[str], List[int]]] = []
        queue: List[Tuple[int, GameNode]] = [(0, self)]
        head = 0
        while head < len(queue):
            index, node = queue[head]
            head += 1
            for child in node.variations:
                rows.append((index, child.move.uci(), child.starting_comment or None, child.comment or None, sorted(child.nags)))
                queue.append((len(rows), child))
        return rows


class ChildNode(GameNode):
    """A move of a game tree, with its comments, NAGs and continuations."""

    def __init__(self, parent: GameNode, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        super().__init__(comment=comment)
        self.parent: GameNode = parent
        self.move: Move = move
        self.starting_comment = starting_comment
        self.nags = set(nags)

    def san(self) -> str:
        """The move in SAN, in the position before it."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def __repr__(self) -> str:
        return f"<ChildNode at {id(self):#x} ({self.san()} ...)>"


class Game(GameNode):
    """A game: its headers and the tree of its moves; ``str(game)`` is its PGN in export format."""

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        super().__init__()
        self.parent = None
        self.move = None
        self.headers = Headers(headers)
        self.errors: List[Exception] = []

    def board(self) -> Board:
        """The starting position."""
        return self.headers.board()

    def ply(self) -> int:
        board = self.board()
        return 2 * (board.fullmove_number - 1) + (not board.turn)

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the starting position (the ``FEN`` and ``SetUp`` tags, ``Variant`` for Chess960)."""
        if isinstance(board, str):
            board = Board(board)
        fen = board.fen()
        if fen == Board.starting_fen and not board.chess960:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if board.chess960:
            self.headers["Variant"] = "Chess960"
        else:
            self.headers.pop("Variant", None)

    @classmethod
    def from_board(cls: type[GameT], board: Board) -> GameT:
        """The game of the moves played on ``board``, from its root, with its result if it is over."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: type[GameT]) -> GameT:
        """A game with no headers at all."""
        return cls(headers={})

    def __str__(self) -> str:
        text = _core._write_game(list(self.headers.items()), self.comment or None, self._rows(), self.headers.get("Result", "*"))
        return text.rstrip("\n")

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r}{})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"), self.headers.get("Black", "?"),
            self.headers.get("Date", "????.??.??"), f", {len(self.errors)} errors" if self.errors else "")


class Mainline:
    """The moves of a main line, iterable (again) and printable as SAN."""

    def __init__(self, start: GameNode) -> None:
        self.start = start

    def __iter__(self) -> Iterator[Move]:
        return (node.move for node in self.start.mainline())

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __reversed__(self) -> Iterator[Move]:
        return reversed(list(self))

    def __str__(self) -> str:
        return self.start.board().variation_san(list(self))


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


def read_game(handle: TextIO) -> Optional[Game]:
    """Reads the next game of a text file; ``None`` at the end. An illegal move ends its line: the game keeps
    the moves before it, and ``game.errors`` says what was wrong."""
    text = _game_text(handle)
    if text is None:
        return None
    found = _core._read_game(text)
    if found is None:
        return None
    headers, comment, rows, errors = found
    game = Game()
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
    return game


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
    import pyarrow.ipc

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    stream = _core.GameStream([os.fspath(p) for p in paths], threads, uci, san, annotations, move_indices, batch_size)
    return pyarrow.ipc.open_stream(stream)


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
