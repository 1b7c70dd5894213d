"""Engines from asyncio: python-chess's ``transport, engine = await chess.engine.popen_uci(...)``, on ox88-client.

Each call runs ``SimpleEngine``'s in a worker thread (ox88-client releases the GIL while it waits for the
engine), one at a time, so the event loop goes on while the engine thinks."""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Tuple, TypeVar, Union

from ._board import Board
from ._core import Move

if TYPE_CHECKING:
    from .engine import Info, InfoDict, Limit, Opponent, Option, PlayResult, SimpleEngine

T = TypeVar("T")


class Protocol:
    """A running engine, driven from asyncio: the coroutines ``configure``, ``analyse``, ``play``, ``ping``,
    ``send_opponent_information``, ``send_game_result`` and ``quit``
    take what ``SimpleEngine``'s methods take. ``popen_uci`` and ``popen_xboard`` start one."""

    def __init__(self, engine: SimpleEngine) -> None:
        self._engine = engine
        self._lock = asyncio.Lock()

    @property
    def id(self) -> Dict[str, str]:
        """What the engine says it is: ``name`` and, for UCI, ``author``."""
        return self._engine.id

    @property
    def options(self) -> Mapping[str, Option]:
        """The engine's options, by name."""
        return self._engine.options

    async def _call(self, method: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        async with self._lock:
            return await asyncio.get_running_loop().run_in_executor(None, functools.partial(method, *args, **kwargs))

    async def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options: ``await engine.configure({"Hash": 64})``."""
        await self._call(self._engine.configure, dict(options))

    async def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                      info: Optional[Info] = None, root_moves: Optional[Iterable[Move]] = None,
                      options: Mapping[str, Any] = {}) -> Union[InfoDict, List[InfoDict]]:
        """Analyses a copy of the board (the caller may go on changing its own): the main line's info, or with
        ``multipv`` a list of the best lines, best first."""
        return await self._call(self._engine.analyse, board.copy(), limit, multipv=multipv, game=game,
                                root_moves=root_moves, options=options)

    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Optional[Info] = None,
                   ponder: bool = False, draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None,
                   options: Mapping[str, Any] = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """Asks the engine for its move in a copy of the board's position."""
        return await self._call(self._engine.play, board.copy(), limit, game=game, ponder=ponder,
                                draw_offered=draw_offered, root_moves=root_moves, options=options, opponent=opponent)

    async def ping(self) -> None:
        """Waits until the engine has dealt with everything sent so far."""
        await self._call(self._engine.ping)

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None, engine_rating: Optional[int] = None) -> None:
        """Tells the engine who it plays (``SimpleEngine.send_opponent_information``)."""
        await self._call(self._engine.send_opponent_information, opponent=opponent, engine_rating=engine_rating)

    async def send_game_result(self, board: Board, winner: Optional[bool] = None, game_ending: Optional[str] = None,
                               game_complete: bool = True) -> None:
        """Tells the engine how a copy of the board's game ended (``SimpleEngine.send_game_result``)."""
        await self._call(self._engine.send_game_result, board.copy(), winner, game_ending, game_complete)

    async def quit(self) -> None:
        """Quits the engine."""
        await self._call(self._engine.quit)

    def __repr__(self) -> str:
        return f"<Protocol ({self._engine.protocol}, {self.id.get('name', '?')!r})>"


class EngineTransport:
    """What ``popen_uci`` gives as its transport: ``close()`` ends the engine (``quit`` is the polite way)."""

    def __init__(self, engine: SimpleEngine) -> None:
        self._engine = engine
        self._closed = False

    def close(self) -> None:
        """Ends the engine."""
        if not self._closed:
            self._closed = True
            self._engine.quit()

    def is_closing(self) -> bool:
        """Whether ``close()`` was called."""
        return self._closed


async def _popen(start: Callable[[], SimpleEngine]) -> Tuple[EngineTransport, Protocol]:
    engine = await asyncio.get_running_loop().run_in_executor(None, start)
    return EngineTransport(engine), Protocol(engine)


async def popen_uci(command: Union[str, List[str]], *, timeout: Optional[float] = 10.0, **_: Any) -> Tuple[EngineTransport, Protocol]:
    """Starts a UCI engine: ``transport, engine = await popen_uci("/usr/games/stockfish")``."""
    from .engine import SimpleEngine

    return await _popen(lambda: SimpleEngine.popen_uci(command, timeout=timeout))


async def popen_xboard(command: Union[str, List[str]], *, timeout: Optional[float] = 10.0, **_: Any) -> Tuple[EngineTransport, Protocol]:
    """Starts a CECP (XBoard) engine."""
    from .engine import SimpleEngine

    return await _popen(lambda: SimpleEngine.popen_xboard(command, timeout=timeout))
