"""PGN game trees: ``Game`` (the headers and the root), ``ChildNode`` (a move with its comments, NAGs and
continuations) and ``Mainline``, python-chess's ``chess.pgn`` model on ox88's boards and comment commands."""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, Iterator, List, Mapping, Optional, Set, Tuple, TypeVar, Union

from . import _core
from . import _pgn_commands as _commands
from ._board import Board
from ._core import Move
from ._pgn_headers import Headers
from ._time_control import TimeControl, parse_time_control
from ._pgn_visit import SKIP, BaseVisitor, ResultT, StringExporter, visit_line
from ._score import Cp, Mate, PovScore
from .svg import Arrow

GameT = TypeVar("GameT", bound="Game")
MainlineMapT = TypeVar("MainlineMapT")


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

    def mainline(self) -> Mainline[ChildNode]:
        """The nodes of the main line after this one (iterable again, reversible, printable as PGN)."""
        return Mainline(self, _node)

    def mainline_moves(self) -> Mainline[Move]:
        """The moves of the main line after this node (iterable again, reversible, printable as PGN)."""
        return Mainline(self, _move)

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits this node's move and what follows it in PGN order (a ``Game`` visits the whole game); returns
        the visitor's ``result()``."""
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the game as if it started at this node: the game's tags, with this node's position as the
        starting one (``FEN`` and ``SetUp`` last), and the moves that follow."""
        if visitor.begin_game() is not SKIP:
            board = self.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            headers = self.game().headers
            visitor.begin_headers()
            for name, value in headers.items():
                if name not in setup.headers:
                    visitor.visit_header(name, value)
            for name, value in setup.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    visit_line(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def clock(self) -> Optional[float]:
        """The remaining time of the comment's ``[%clk]`` command, in seconds."""
        return _core._comment_clock(self.comment) if self.comment else None

    def set_clock(self, seconds: Optional[float]) -> None:
        """Sets (or with ``None`` removes) the comment's ``[%clk]`` command."""
        self.comment = _core._set_comment_clock(self.comment or None, seconds) or ""

    def emt(self) -> Optional[float]:
        """The time the move took, in seconds, from the comment's ``[%emt]`` command."""
        return _commands.emt(self.comment)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Sets (or with ``None`` removes) the comment's ``[%emt]`` command."""
        self.comment = _commands.set_emt(self.comment, seconds)

    def arrows(self) -> List[Arrow]:
        """The squares and arrows the comment draws (``[%csl]``, ``[%cal]``)."""
        return _commands.arrows(self.comment)

    def set_arrows(self, arrows: Iterable[Union[Arrow, Tuple[int, int]]]) -> None:
        """Replaces the squares and arrows the comment draws."""
        self.comment = _commands.set_arrows(self.comment, arrows)

    def eval(self) -> Optional[PovScore]:
        """The score of the comment's ``[%eval]`` command, seen from the side to move at this node (a PGN
        evaluation is White's view; ``.white()`` gives it back)."""
        found = _core._comment_eval(self.comment) if self.comment else None
        if found is None:
            return None
        kind, value, _ = found
        turn = self.turn()
        if kind == "mate" and value == 0:
            # Mate on the board: the side to move is the side mated.
            return PovScore(Mate(0), turn)
        score = Cp(value) if kind == "cp" else Mate(value)
        return PovScore(score if turn else -score, turn)

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

    def _visit(self, board: Board, visitor: BaseVisitor[ResultT]) -> None:
        # The move's own part of a visit: its starting comment, the move (on the board before it), the board
        # after it, its NAGs and its comment.
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(board, self.move)
        board.push(self.move)
        visitor.visit_board(board)
        board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits this move and its main line in PGN order, with the variations after its own moves."""
        visit_line(self, self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        board = self.parent.board()
        dots = "." if board.turn else "..."
        return f"<ChildNode at {id(self):#x} ({board.fullmove_number}{dots} {board.san(self.move)} ...)>"


class Game(GameNode):
    """A game: its headers and the tree of its moves; ``str(game)`` is its PGN as python-chess writes it (the
    movetext on one line; ``game.accept(StringExporter())`` wraps it at 80 columns)."""

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

    def time_control(self) -> TimeControl:
        """The game's time control from its ``TimeControl`` tag (``TimeControlType.UNKNOWN`` without one);
        ``ValueError`` for a tag that is not one."""
        return parse_time_control(self.headers.get("TimeControl", ""))

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
    def builder(cls: type[GameT]) -> Any:
        """The visitor that builds games of this class (``read_game(handle, Visitor=Game.builder)``)."""
        from .pgn import GameBuilder

        return GameBuilder(Game=cls)

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

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the game in PGN order (tags, starting position, comments, moves and variations, result);
        returns the visitor's ``result()``: ``game.accept(StringExporter())`` is the game's PGN."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    visit_line(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r}{})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"), self.headers.get("Black", "?"),
            self.headers.get("Date", "????.??.??"), f", {len(self.errors)} errors" if self.errors else "")


def _node(node: ChildNode) -> ChildNode:
    return node


def _move(node: ChildNode) -> Move:
    return node.move


class Mainline(Generic[MainlineMapT]):
    """The main line after a node, as nodes (``mainline()``) or moves (``mainline_moves()``): iterable again,
    reversible, and printable as PGN (``str`` with comments, ``repr`` without)."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], MainlineMapT]) -> None:
        self.start = start
        self.f = f

    def __iter__(self) -> Iterator[MainlineMapT]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __reversed__(self) -> Iterator[MainlineMapT]:
        return reversed(list(self))

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the main line's moves (no variations, no result); returns the visitor's ``result()``."""
        board = self.start.board()
        node = self.start
        while node.variations:
            node = node.variations[0]
            node._visit(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"
