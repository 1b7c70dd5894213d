"""``BaseBoard``: python-chess's board of pieces alone (no side to move, castling rights, en-passant square or
clocks), on an ox88 ``Board`` being set up."""

from __future__ import annotations

import abc
from typing import Any, Callable, Dict, Optional

from ._board import STARTING_BOARD_FEN, Board, chess960_number
from ._core import Piece
from ._squares import Bitboard, Color, PieceType, Square, SquareSet

__all__ = ["BaseBoard"]


class BaseBoard(metaclass=abc.ABCMeta):
    """Where the pieces stand, and what they attack: python-chess's ``BaseBoard``. ``BaseBoard()`` has the
    pieces of the start, ``BaseBoard(board_fen)`` those of a FEN's first field, ``BaseBoard.empty()`` none.
    (``isinstance(board, BaseBoard)`` holds for a ``Board`` too, as in python-chess.)

    >>> import ox88 as chess
    >>> board = chess.BaseBoard("8/8/8/8/8/8/8/4K2R")
    >>> board.piece_at(chess.H1), len(board.attacks(chess.H1))
    (Piece.from_symbol('R'), 10)
    """

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN) -> None:
        self._board = Board.empty()
        if board_fen is not None:
            self._board.set_board_fen(board_fen)

    @classmethod
    def empty(cls) -> BaseBoard:
        """A board with no pieces."""
        return cls(None)

    def _with(self, board: Board) -> BaseBoard:
        copy = type(self)(None)
        copy._board.set_piece_map(board.piece_map())
        return copy

    def piece_at(self, square: Square) -> Optional[Piece]:
        """The piece on ``square``, or ``None``."""
        return self._board.piece_at(square)

    def piece_type_at(self, square: Square) -> Optional[PieceType]:
        """The type of the piece on ``square``, or ``None``."""
        return self._board.piece_type_at(square)

    def color_at(self, square: Square) -> Optional[Color]:
        """The colour of the piece on ``square``, or ``None``."""
        return self._board.color_at(square)

    def king(self, color: Color) -> Optional[Square]:
        """The square of ``color``'s king (the highest if there are several), or ``None``."""
        return self._board.king(color)

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """The squares of ``color``'s pieces of ``piece_type``."""
        return self._board.pieces(piece_type, color)

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        """The mask of ``color``'s pieces of ``piece_type``."""
        return self._board.pieces_mask(piece_type, color)

    def piece_map(self, *, mask: Bitboard = (1 << 64) - 1) -> Dict[Square, Piece]:
        """Square to piece, for every piece (on the squares of ``mask``)."""
        return {square: piece for square, piece in self._board.piece_map().items() if mask >> square & 1}

    def attacks(self, square: Square) -> SquareSet:
        """The squares the piece on ``square`` attacks."""
        return self._board.attacks(square)

    def attacks_mask(self, square: Square) -> Bitboard:
        """The mask of the squares the piece on ``square`` attacks."""
        return self._board.attacks_mask(square)

    def attackers(self, color: Color, square: Square) -> SquareSet:
        """The squares of ``color``'s pieces that attack ``square``."""
        return self._board.attackers(color, square)

    def attackers_mask(self, color: Color, square: Square) -> Bitboard:
        """The mask of ``color``'s pieces that attack ``square``."""
        return self._board.attackers_mask(color, square)

    def is_attacked_by(self, color: Color, square: Square) -> bool:
        """Whether a piece of ``color`` attacks ``square``."""
        return self._board.is_attacked_by(color, square)

    def pin_mask(self, color: Color, square: Square) -> Bitboard:
        """The line through ``color``'s king and the piece pinning ``square`` to it, or every square."""
        return self._board.pin_mask(color, square)

    def pin(self, color: Color, square: Square) -> SquareSet:
        """The line through ``color``'s king and the piece pinning ``square`` to it, or every square."""
        return self._board.pin(color, square)

    def is_pinned(self, color: Color, square: Square) -> bool:
        """Whether ``square`` is pinned to ``color``'s king."""
        return self._board.is_pinned(color, square)

    occupied = property(lambda self: self._board.occupied, doc="The mask of the occupied squares.")
    occupied_co = property(lambda self: self._board.occupied_co, doc="The masks of each side's squares.")
    pawns = property(lambda self: self._board.pawns, doc="The mask of the pawns.")
    knights = property(lambda self: self._board.knights, doc="The mask of the knights.")
    bishops = property(lambda self: self._board.bishops, doc="The mask of the bishops.")
    rooks = property(lambda self: self._board.rooks, doc="The mask of the rooks.")
    queens = property(lambda self: self._board.queens, doc="The mask of the queens.")
    kings = property(lambda self: self._board.kings, doc="The mask of the kings.")

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        """Puts ``piece`` on ``square`` (``None`` empties it)."""
        self._board.set_piece_at(square, piece, promoted)

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        """Removes and returns the piece on ``square``, if any."""
        return self._board.remove_piece_at(square)

    def set_piece_map(self, pieces: Dict[Square, Piece]) -> None:
        """Replaces every piece by those of ``pieces``."""
        self._board.set_piece_map(pieces)

    def board_fen(self, *, promoted: Optional[bool] = False) -> str:
        """The FEN's first field."""
        return self._board.board_fen()

    def set_board_fen(self, fen: str) -> None:
        """Sets the pieces from a FEN's first field (``ValueError`` for one that is not)."""
        self._board.set_board_fen(fen)

    def chess960_pos(self) -> Optional[int]:
        """The number (0 to 959) of the Chess960 start position whose pieces these are, or ``None``."""
        return chess960_number(self.board_fen())

    def set_chess960_pos(self, scharnagl: int) -> None:
        """Sets up the pieces of Chess960 start position ``scharnagl`` (0 to 959; 518 is the standard one)."""
        self._board.set_board_fen(Board.from_chess960_pos(scharnagl).board_fen())

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> BaseBoard:
        """The pieces of Chess960 start position ``scharnagl`` (0 to 959)."""
        board = cls.empty()
        board.set_chess960_pos(scharnagl)
        return board

    def clear_board(self) -> None:
        """Takes every piece off the board."""
        self._board.clear_board()

    def reset_board(self) -> None:
        """Puts the pieces on their starting squares."""
        self._board.set_board_fen(STARTING_BOARD_FEN)

    def copy(self) -> BaseBoard:
        """A copy."""
        return self._with(self._board)

    def mirror(self) -> BaseBoard:
        """The board flipped top to bottom with the colours swapped."""
        return self._with(self._board.mirror())

    def transform(self, f: Callable[[Bitboard], Bitboard]) -> BaseBoard:
        """The board with every square mapped by ``f`` (``flip_vertical``, ...)."""
        return self._with(self._board.transform(f))

    def apply_mirror(self) -> None:
        """Mirrors the board in place."""
        self._board = self.mirror()._board

    def apply_transform(self, f: Callable[[Bitboard], Bitboard]) -> None:
        """Transforms the board in place."""
        self._board = self.transform(f)._board

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘",
                orientation: Color = True) -> str:
        """The board in Unicode chess symbols, as python-chess draws it."""
        return self._board.unicode(invert_color=invert_color, borders=borders, empty_square=empty_square,
                                   orientation=orientation)

    def __str__(self) -> str:
        return str(self._board)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (BaseBoard, Board)):
            return self.board_fen() == other.board_fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> BaseBoard:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> BaseBoard:
        return self.copy()


BaseBoard.register(Board)
