"""Engines: python-chess's ``chess.engine`` on ox88-client. ``SimpleEngine.popen_uci`` and ``popen_xboard`` start a
UCI or CECP (XBoard) engine; ``analyse`` and ``play`` search a board's position within a ``Limit``.

>>> import ox88 as chess, ox88.engine
>>> engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")  # doctest: +SKIP
>>> info = engine.analyse(chess.Board(), chess.engine.Limit(depth=12))  # doctest: +SKIP
>>> info["score"].white(), info["pv"][0]  # doctest: +SKIP
(Cp(+35), Move.from_uci('e2e4'))
"""

from __future__ import annotations

import dataclasses
import enum
import shlex
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union, overload

from . import _core
from ._board import Board
from ._core import EngineError, EngineTerminatedError, Move
from ._engine_async import EngineTransport, Protocol, popen_uci, popen_xboard
from ._score import Cp, Mate, MateGiven, MateGivenType, PovScore, PovWdl, Score, Wdl

__all__ = [
    "AnalysisComplete", "BestMove", "Cp", "EngineError", "SimpleAnalysisResult", "EngineTerminatedError", "InfoDict", "Limit", "Mate", "MateGiven", "MateGivenType",
    "MANAGED_OPTIONS", "Opponent", "Option", "PlayResult", "PovScore", "PovWdl", "Score", "SimpleEngine", "Wdl", "INFO_ALL", "INFO_BASIC",
    "INFO_NONE", "INFO_PV", "INFO_SCORE", "INFO_REFUTATION", "INFO_CURRLINE", "EngineTransport", "Protocol", "popen_uci", "popen_xboard",
]


class Info(enum.IntFlag):
    """Which parts of an analysis to return (ox88 returns them all)."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE, INFO_BASIC, INFO_SCORE, INFO_PV, INFO_ALL = Info.NONE, Info.BASIC, Info.SCORE, Info.PV, Info.ALL
INFO_REFUTATION, INFO_CURRLINE = Info.REFUTATION, Info.CURRLINE

MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]
"""The options (lower case) that the library sets by itself, not the user."""

InfoDict = Dict[str, Any]
"""An analysis line: ``score`` (a ``PovScore``), ``pv`` (moves), ``depth``, ``seldepth``, ``multipv``, ``nodes``,
``time`` (seconds), ``nps``, ``hashfull``, ``tbhits``, and ``lowerbound``/``upperbound`` when the score is a bound."""


@dataclasses.dataclass
class Limit:
    """Where a search stops: a time in seconds, a depth, a node count, a mate, or a game clock."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None
    """Which game clock the limit belongs to (python-chess uses it to tell ponder hits; ox88 follows the game)."""


@dataclasses.dataclass
class PlayResult:
    """An engine's move: the move (``None`` if it resigned), the reply it expects, and its last line."""

    move: Optional[Move]
    ponder: Optional[Move]
    info: InfoDict = dataclasses.field(default_factory=dict)
    draw_offered: bool = False
    resigned: bool = False


@dataclasses.dataclass
class Option:
    """An engine option: its name, type (``check``, ``spin``, ``combo``, ``button``, ``string``), default, range
    and choices."""

    name: str
    type: str
    default: Any
    min: Optional[int]
    max: Optional[int]
    var: List[str]

    def is_managed(self) -> bool:
        """Whether the library sets the option itself (``MultiPV``, ``Ponder``, ``UCI_Chess960``, ``UCI_Variant``)."""
        return self.name.lower() in MANAGED_OPTIONS


def _info(info: Dict[str, Any]) -> InfoDict:
    if "score" in info:
        kind, value, white = info["score"]
        info["score"] = PovScore(Cp(value) if kind == "cp" else Mate(value), white)
    return info


@dataclasses.dataclass
class Opponent:
    """An engine's opponent, as ``SimpleEngine.send_opponent_information`` and ``play(opponent=...)`` tell it."""

    name: Optional[str]
    """The opponent's name."""
    title: Optional[str]
    """The opponent's title: ``GM``, ``IM``, ``BOT``, ..."""
    rating: Optional[int]
    """The opponent's rating."""
    is_engine: Optional[bool]
    """Whether the opponent is a program."""


class AnalysisComplete(Exception):
    """Raised by ``SimpleAnalysisResult.get()`` once the analysis has ended and every report was read."""


@dataclasses.dataclass
class BestMove:
    """How an analysis ended: the engine's best move (``None`` if it had none) and the reply it expects."""

    move: Optional[Move]
    ponder: Optional[Move]


class SimpleAnalysisResult:
    """A running analysis (``SimpleEngine.analysis``): iterate over it for each report as the engine sends it (an
    info dictionary), read ``info`` and ``multipv`` for what the engine said so far, ``stop()`` it, or ``wait()``
    for its end. Use it as a context manager: leaving the block stops the analysis and gives the engine back.

    >>> with engine.analysis(board, chess.engine.Limit(depth=20)) as analysis:  # doctest: +SKIP
    ...     for info in analysis:
    ...         if info.get("depth", 0) >= 12:
    ...             break
    >>> analysis.info["score"]  # doctest: +SKIP
    """

    def __init__(self, core: _core.AnalysisCore) -> None:
        self._core = core
        self._done = False
        self.multipv: List[InfoDict] = [{}]
        """What the engine said so far of each line (MultiPV), best first: each report merged into its line."""

    @property
    def info(self) -> InfoDict:
        """What the engine said so far of the main line (``multipv[0]``)."""
        return self.multipv[0]

    def next(self) -> Optional[InfoDict]:
        """The next report, waiting for it; ``None`` once the analysis has ended."""
        if self._done:
            return None
        raw = self._core.next()
        if raw is None:
            self._done = True
            return None
        info = _info(raw)
        index = info.get("multipv", 1) - 1
        while len(self.multipv) <= index:
            self.multipv.append({})
        self.multipv[index].update(info)
        return info

    def get(self) -> InfoDict:
        """The next report, waiting for it; ``AnalysisComplete`` once the analysis has ended."""
        info = self.next()
        if info is None:
            raise AnalysisComplete()
        return info

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        info = self.next()
        if info is None:
            raise StopIteration
        return info

    def would_block(self) -> bool:
        """Whether ``next()``, ``get()`` or the next step of iteration would wait for the engine: no report is
        there to read and the analysis has not ended."""
        if self._done:
            return False
        there, ended = self._core.ready()
        return not there and not ended

    def empty(self) -> bool:
        """Whether every report so far has been read (the analysis may still send more unless it has ended)."""
        return self._done or not self._core.ready()[0]

    def stop(self) -> None:
        """Asks the engine to stop; its last reports can still be read."""
        self._core.stop()

    def wait(self) -> BestMove:
        """Waits for the end of the analysis (reading its last reports) and returns the best move; the engine is
        then free for other work."""
        while self.next() is not None:
            pass
        move, ponder = self._core.wait()
        return BestMove(move, ponder)

    def __enter__(self) -> SimpleAnalysisResult:
        return self

    def __exit__(self, *args: object) -> None:
        self.stop()
        self.wait()


def _game_result(board: Board, winner: Optional[bool], game_ending: Optional[str], game_complete: bool) -> Tuple[str, str]:
    """The result and the ending that ``send_game_result`` sends, as python-chess words them."""
    if game_ending and any(c in game_ending for c in "{}\n\r"):
        raise EngineError(f"a game ending cannot hold braces or line breaks: {game_ending!r}")
    if not game_complete:
        return "*", game_ending or ""
    if winner is not None or game_ending:
        return ("1-0" if winner else "0-1") if winner is not None else "1/2-1/2", game_ending or ""
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return "*", ""
    if outcome.winner is not None:
        return outcome.result(), ("White" if outcome.winner else "Black") + " mates"
    return outcome.result(), outcome.termination.name.capitalize().replace("_", " ")


def _command(command: Union[str, List[str]]) -> List[str]:
    return shlex.split(command) if isinstance(command, str) and " " in command else ([command] if isinstance(command, str) else list(command))


class SimpleEngine:
    """A UCI or CECP engine, driven synchronously: python-chess's ``SimpleEngine``, on ox88-client.

    Use it as a context manager, or call ``quit()`` when done. Timeouts, a dying engine and protocol errors raise
    ``EngineError`` (``EngineTerminatedError`` when the process is gone).
    """

    def __init__(self, core: _core.EngineCore, protocol: str) -> None:
        self._core = core
        self.protocol = protocol

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0, **_: Any) -> SimpleEngine:
        """Starts a UCI engine (a program path, or a list of the program and its arguments)."""
        return cls(_core.EngineCore(_command(command), "uci", timeout), "uci")

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0, **_: Any) -> SimpleEngine:
        """Starts a CECP (XBoard/WinBoard) engine."""
        return cls(_core.EngineCore(_command(command), "xboard", timeout), "xboard")

    @property
    def id(self) -> Dict[str, str]:
        """What the engine says it is: ``name`` and, for UCI, ``author``."""
        found = {"name": self._core.name or ""}
        if self._core.author:
            found["author"] = self._core.author
        return found

    @property
    def options(self) -> Mapping[str, Option]:
        """The engine's options, by name."""
        return {name: Option(name, kind, default, low, high, list(choices)) for name, kind, default, low, high, choices in self._core._options()}

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options: ``{"Hash": 64, "Threads": 2}``."""
        for name, value in options.items():
            text = ("true" if value else "false") if isinstance(value, bool) else ("" if value is None else str(value))
            self._core.configure(name, text)

    @overload
    def analyse(self, board: Board, limit: Limit, *, multipv: None = None, game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None, options: Mapping[str, Any] = {}) -> InfoDict: ...
    @overload
    def analyse(self, board: Board, limit: Limit, *, multipv: int, game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None, options: Mapping[str, Any] = {}) -> List[InfoDict]: ...
    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None, options: Mapping[str, Any] = {}) -> Union[InfoDict, List[InfoDict]]:
        """Analyses the board's position (with its moves, for repetitions): the main line's info, or with
        ``multipv`` a list of the best lines, best first."""
        if root_moves is not None:
            raise NotImplementedError("root_moves is not supported by ox88.engine")
        if options:
            self.configure(options)
        lines = [_info(raw) for raw in self._core.analyse(board, limit, multipv or 1)]
        if multipv is None:
            return lines[0] if lines else {}
        return lines

    def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None, options: Mapping[str, Any] = {}) -> SimpleAnalysisResult:
        """Starts analysing the board's position (with its moves, for repetitions) within ``limit``, or until
        stopped without one, and returns the running analysis; the engine serves nothing else until it ends."""
        if root_moves is not None:
            raise NotImplementedError("root_moves is not supported by ox88.engine")
        if options:
            self.configure(options)
        return SimpleAnalysisResult(self._core.analysis(board, limit, multipv or 1))

    def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE, ponder: bool = False, draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None, options: Mapping[str, Any] = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """Asks the engine for its move in the board's position (telling it first of its ``opponent``, if given:
        ``send_opponent_information``)."""
        if root_moves is not None:
            raise NotImplementedError("root_moves is not supported by ox88.engine")
        if options:
            self.configure(options)
        if opponent is not None:
            self.send_opponent_information(opponent=opponent)
        move, reply, line, offered, resigned = self._core.play(board, limit)
        return PlayResult(move, reply, _info(line) if line is not None else {}, offered, resigned)

    def ping(self) -> None:
        """Waits until the engine has dealt with everything sent so far (UCI ``isready``, CECP ``ping``): it is
        alive and idle."""
        self._core.ping()

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None, engine_rating: Optional[int] = None) -> None:
        """Tells the engine who it plays, before a game's first move: a UCI engine with a ``UCI_Opponent`` option
        is sent ``TITLE RATING computer|human NAME`` (nothing without the option or a name); a CECP engine is sent
        ``name``, ``rating ENGINE_RATING OPPONENT_RATING`` and ``computer`` when the next game begins."""
        if opponent is not None:
            self._core.set_opponent(opponent.name, opponent.title, opponent.rating, bool(opponent.is_engine), engine_rating)

    def send_game_result(self, board: Board, winner: Optional[bool] = None, game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        """Tells the engine how the board's game ended. A CECP engine is sent the last moves, then ``result RESULT
        {ENDING}``: the result is ``winner``'s (a draw if ``game_ending`` is given without one), ``*`` if
        ``game_complete`` is false, or else the board's outcome (draws claimable included), with the ending
        ``game_ending`` or the outcome's ("White mates", "Stalemate", "Threefold repetition", ...). UCI has no
        such message: a UCI engine is sent nothing."""
        result, ending = _game_result(board, winner, game_ending, game_complete) if self.protocol == "xboard" else ("*", "")
        self._core.game_over(board, result, ending)

    def quit(self) -> None:
        """Quits the engine."""
        self._core.quit()

    close = quit

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *args: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<SimpleEngine ({self.protocol}, {self.id.get('name', '?')!r})>"
