"""ox88 for Python: python-chess's everyday API on ox88's Rust core.

Switch from python-chess by changing one import::

    import ox88 as chess

    board = chess.Board()
    board.push_san("e4")
    print(board.legal_moves.count(), board.fen())

The package's modules follow python-chess's: ``ox88.pgn``, ``ox88.engine``, ``ox88.syzygy``, ``ox88.svg`` and
``ox88.polyglot``. Where ox88 differs from python-chess on purpose, docs/python.md in the repository lists each
difference.
"""

from ._core import AmbiguousMoveError as AmbiguousMoveError
from ._core import IllegalMoveError as IllegalMoveError
from ._core import InvalidMoveError as InvalidMoveError
from ._core import LegalMoveGenerator as LegalMoveGenerator
from ._core import Move as Move
from ._core import Piece as Piece
from ._core import perft as perft
from ._squares import *  # noqa: F401,F403
from ._board import STARTING_BOARD_FEN as STARTING_BOARD_FEN
from ._board import STARTING_FEN as STARTING_FEN
from ._board import Board as Board
from ._base_board import BaseBoard as BaseBoard
from ._outcome import Outcome as Outcome
from ._outcome import Termination as Termination
from ._board import PseudoLegalMoveGenerator as PseudoLegalMoveGenerator
from ._status import *  # noqa: F401,F403 (Status and the STATUS_ flags)

__version__ = "0.1.0"
