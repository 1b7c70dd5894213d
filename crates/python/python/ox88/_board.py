"""``Board``: python-chess's board on ox88's core."""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple

from ._core import BoardCore, IllegalMoveError, Move, Piece
from ._epd import Operand, read_operations, write_operations
from ._outcome import Outcome, Termination
from ._squares import (BB_ALL, BB_CORNERS, BB_E1, BB_E8, BB_RANK_1, BB_RANK_8, BB_SQUARES, BISHOP, BLACK, KING,
                       KNIGHT, PAWN, QUEEN, ROOK, WHITE, Bitboard, Color, PieceType, Square, SquareSet, msb,
                       parse_square)
from ._status import Status, status

_SQUARES_MOVE = re.compile(r"([a-h][1-8])[-x]?([a-h][1-8])[+#]?")

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

_CHESS960_PLACEMENTS: Dict[str, int] = {}


def chess960_number(board_fen: str) -> Optional[int]:
    """The number (0 to 959) of the Chess960 start position whose pieces a FEN's first field places, or ``None``."""
    if not _CHESS960_PLACEMENTS:
        _CHESS960_PLACEMENTS.update((Board.from_chess960_pos(n).board_fen(), n) for n in range(960))
    return _CHESS960_PLACEMENTS.get(board_fen)
"""The placements of the 960 start positions and their numbers, made when first needed."""


class Board(BoardCore):
    """A chess position with the moves that led to it: python-chess's ``Board``, on ox88's rules.

    ``Board()`` is the start position, ``Board(fen)`` any position that can be played from, and
    ``Board(fen, chess960=True)`` writes castling as the king taking its rook. ``turn`` is a plain attribute,
    kept in step by every move; setting it gives the move to the other side (and clears the move stack).

    >>> import ox88 as chess
    >>> board = chess.Board()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> board.turn == chess.BLACK, board.legal_moves.count()
    (True, 20)
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    """

    __slots__ = ("turn", "move_stack", "__dict__", "__weakref__")

    turn: Color
    """The side to move: ``WHITE`` (``True``) or ``BLACK``."""
    move_stack: List[Move]
    """The moves played, oldest first (the null move as ``Move.null()``); ox88 keeps it, do not change it."""

    starting_fen = STARTING_FEN
    uci_variant: Optional[str] = "chess"
    xboard_variant: Optional[str] = "normal"
    aliases: List[str] = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    """The names of standard chess in PGN's Variant tag."""
    one_king, captures_compulsory, connected_kings = True, False, False
    tbw_suffix, tbz_suffix, tbw_magic, tbz_magic = ".rtbw", ".rtbz", b"\x71\xe8\x23\x5d", b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix = pawnless_tbz_suffix = pawnless_tbw_magic = pawnless_tbz_magic = None

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        self._setup(fen, chess960)

    @classmethod
    def empty(cls, *, chess960: bool = False) -> Board:
        """A board with no pieces, White to move (``Board(None)``): set a position up piece by piece, then ask
        ``is_valid()``. Moves need a position to play from: until then they raise ``ValueError``."""
        return cls(None, chess960=chess960)

    def clear(self) -> None:
        """Takes every piece off the board, gives White the move, and drops the castling rights, the en-passant
        square and the clocks (the move stack is cleared)."""
        self._clear(True)

    def clear_board(self) -> None:
        """Takes every piece off the board, keeping the side to move, castling rights, en-passant square and
        clocks as they are set (the move stack is cleared)."""
        self._clear(False)

    def __setattr__(self, name: str, value: Any) -> None:
        # ox88 keeps `turn` in step itself (through the slot's descriptor); a user setting it gives the move to
        # the other side, as in python-chess (the move stack is cleared).
        if name == "turn":
            if bool(value) != getattr(self, "turn", None):
                self._set_turn(bool(value))
        else:
            super().__setattr__(name, value)

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False, ignore_counters: bool = True) -> Optional[int]:
        """The number (0 to 959) of the Chess960 start position this is, or ``None``: the pieces where that
        position has them, no en-passant square, and unless ignored White to move, every castling right, and the
        clocks at their start."""
        if self.ep_square is not None or (not ignore_turn and not self.turn):
            return None
        if not ignore_castling and self.castling_rights != self.rooks:
            return None
        if not ignore_counters and (self.fullmove_number != 1 or self.halfmove_clock != 0):
            return None
        return chess960_number(self.board_fen())

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> Board:
        """Chess960 start position ``scharnagl`` (0 to 959; 518 is the standard one), as a Chess960 board."""
        board = cls(chess960=True)
        board.set_chess960_pos(scharnagl)
        return board

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """The squares of ``color``'s pieces of ``piece_type``."""
        return SquareSet(self._pieces_mask(piece_type, color))

    def attackers(self, color: Color, square: Square) -> SquareSet:
        """The squares of ``color``'s pieces that attack ``square``."""
        return SquareSet(self._attackers_mask(color, square))

    def attacks(self, square: Square) -> SquareSet:
        """The squares the piece on ``square`` attacks (none for an empty square); a slider's lines end at the
        first piece on each, which is included."""
        return SquareSet(self.attacks_mask(square))

    def pin(self, color: Color, square: Square) -> SquareSet:
        """The line (edge to edge) through ``color``'s king and the piece that pins ``square`` to it, or every
        square when nothing pins it."""
        return SquareSet(self.pin_mask(color, square))

    def is_pinned(self, color: Color, square: Square) -> bool:
        """Whether ``square`` is pinned to ``color``'s king."""
        return self.pin_mask(color, square) != BB_ALL

    @property
    def occupied(self) -> Bitboard:
        """The mask of the occupied squares."""
        return self._occupied_mask(WHITE) | self._occupied_mask(BLACK)

    @property
    def occupied_co(self) -> List[Bitboard]:
        """The masks of the squares each side occupies, indexed by colour (``occupied_co[WHITE]``)."""
        return [self._occupied_mask(BLACK), self._occupied_mask(WHITE)]

    def _both(self, piece_type: PieceType) -> Bitboard:
        return self._pieces_mask(piece_type, WHITE) | self._pieces_mask(piece_type, BLACK)

    pawns = property(lambda self: self._both(PAWN), doc="The mask of the squares of the pawns of both sides.")
    knights = property(lambda self: self._both(KNIGHT), doc="The mask of the squares of the knights of both sides.")
    bishops = property(lambda self: self._both(BISHOP), doc="The mask of the squares of the bishops of both sides.")
    rooks = property(lambda self: self._both(ROOK), doc="The mask of the squares of the rooks of both sides.")
    queens = property(lambda self: self._both(QUEEN), doc="The mask of the squares of the queens of both sides.")
    kings = property(lambda self: self._both(KING), doc="The mask of the squares of the kings of both sides.")

    def parse_san(self, san: str) -> Move:
        """Reads a move in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``), or fully specified by its squares (``g1f3``,
        ``e1g1`` castling as the king's move or ``e1h1`` as it taking its rook, as python-chess reads them).
        ``InvalidMoveError``, ``IllegalMoveError`` or ``AmbiguousMoveError`` (all ``ValueError``) otherwise."""
        try:
            return super().parse_san(san)
        except IllegalMoveError:
            return self._castling_by_squares(san)

    def push_san(self, san: str) -> Move:
        """Reads a move as ``parse_san`` does and plays it; returns it."""
        try:
            return super().push_san(san)
        except IllegalMoveError:
            move = self._castling_by_squares(san)
            self.push(move)
            return move

    def _castling_by_squares(self, san: str) -> Move:
        # ox88's SAN reader takes every move given by its two squares but castling; python-chess's takes castling
        # too. Anything else re-raises the reader's error.
        found = _SQUARES_MOVE.fullmatch(san)
        if found:
            move = self.find_move(parse_square(found.group(1)), parse_square(found.group(2)))
            if self.is_castling(move):
                return move
        raise

    def xboard(self, move: Move, chess960: Optional[bool] = None) -> str:
        """``move`` as CECP (XBoard) writes it: its coordinates, and castling in Chess960 as ``O-O`` or
        ``O-O-O``."""
        if chess960 is None:
            chess960 = self.chess960
        if not chess960 or not self.is_castling(move):
            return move.xboard()
        return "O-O" if self.is_kingside_castling(move) else "O-O-O"

    def parse_xboard(self, xboard: str) -> Move:
        """Reads a move as CECP engines write it (SAN or coordinates, which ``parse_san`` both takes)."""
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        """Reads a move as ``parse_xboard`` does and plays it; returns it."""
        return self.push_san(xboard)

    def checkers(self) -> SquareSet:
        """The squares of the pieces giving check to the side to move."""
        return SquareSet(self._checkers_mask())

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or ``None`` while it goes on; with ``claim_draw``, the draws the side to move
        may claim count too (the fifty-move rule, threefold repetition)."""
        code = self._outcome(claim_draw=claim_draw)
        if code is None:
            return None
        return Outcome(Termination(code[0]), code[1])

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        """The pseudo-legal moves: each piece's moves by its geometry, whether or not they leave the king in
        check (castling only where legal), as python-chess has them."""
        return PseudoLegalMoveGenerator(self)

    def generate_pseudo_legal_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal moves from a square of ``from_mask`` to a square of ``to_mask``."""
        for move in self._pseudo_legal_list():
            if BB_SQUARES[move.from_square] & from_mask and BB_SQUARES[move.to_square] & to_mask:
                yield move

    def san_and_push(self, move: Move) -> str:
        """The SAN of the legal ``move``, which is then played."""
        san = self.san(move)
        self.push(move)
        return san

    def checkers_mask(self) -> Bitboard:
        """The mask of the pieces giving check to the side to move."""
        return self._checkers_mask()

    def attackers_mask(self, color: Color, square: Square) -> Bitboard:
        """The mask of ``color``'s pieces that attack ``square``."""
        return self._attackers_mask(color, square)

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        """The mask of ``color``'s pieces of ``piece_type``."""
        return self._pieces_mask(piece_type, color)

    def castling_xfen(self) -> str:
        """The castling field of the FEN (``KQkq``, or file letters where X-FEN needs them)."""
        return self.fen().split()[2]

    def castling_shredder_fen(self) -> str:
        """The castling field as Shredder-FEN writes it, rook files (``HAha``)."""
        return self.fen(shredder=True).split()[2]

    def shredder_fen(self, *, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The FEN with castling as Shredder-FEN writes it."""
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    def was_into_check(self) -> bool:
        """Whether the side not to move is in check (never, on a position that can be played from)."""
        king = self.king(not self.turn)
        return king is not None and self.is_attacked_by(self.turn, king)

    def generate_pseudo_legal_captures(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal captures (en passant included)."""
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_capture(m))

    def generate_pseudo_legal_ep(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal en-passant captures."""
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def generate_legal_ep(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal en-passant captures."""
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def generate_castling_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal castling moves, in the board's notation."""
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_castling(m))

    def has_pseudo_legal_en_passant(self) -> bool:
        """Whether a pawn can capture en passant, leaving its king in check or not."""
        return any(self.generate_pseudo_legal_ep())

    def apply_mirror(self) -> None:
        """Mirrors the board in place (see ``mirror``; the move stack is cleared)."""
        self._assign(self.mirror())

    def apply_transform(self, f: Callable[[Bitboard], Bitboard]) -> None:
        """Transforms the board in place (see ``transform``; the move stack is cleared)."""
        self._assign(self.transform(f))

    def reset_board(self) -> None:
        """Puts the pieces on their starting squares, keeping the side to move and the clocks (the move stack is
        cleared)."""
        self.set_board_fen(STARTING_BOARD_FEN)

    def is_into_check(self, move: Move) -> bool:
        """Whether the pseudo-legal ``move`` would leave the own king in check."""
        return self.is_pseudo_legal(move) and not self.is_legal(move)

    def is_irreversible(self, move: Move) -> bool:
        """Whether ``move`` cannot be undone by later moves: it captures, moves a pawn, loses castling rights,
        or gives up a legal en-passant capture."""
        if self.is_zeroing(move) or self.has_legal_en_passant():
            return True
        rights = self.castling_rights
        touched = BB_SQUARES[move.from_square] | BB_SQUARES[move.to_square]
        if touched & rights:
            return True
        return any(rights & rank and touched & BB_SQUARES[self.king(color)]
                   for color, rank in ((WHITE, 0xFF), (BLACK, 0xFF << 56)))

    def has_chess960_castling_rights(self) -> bool:
        """Whether the castling rights (those the pieces allow in Chess960) are ones standard chess cannot have: a
        rook off the corners, or rights while the king is off e1 (e8)."""
        board = self.copy(stack=False)
        board.chess960 = True
        rights = board.clean_castling_rights()
        if rights & ~BB_CORNERS:
            return True
        return any(rights & rank and not self.kings & self._occupied_mask(color) & home
                   for color, rank, home in ((WHITE, BB_RANK_1, BB_E1), (BLACK, BB_RANK_8, BB_E8)))

    def is_variant_win(self) -> bool:
        """Always ``False``: chess has no variant's own win."""
        return False

    def is_variant_loss(self) -> bool:
        """Always ``False``: chess has no variant's own loss."""
        return False

    def is_variant_draw(self) -> bool:
        """Always ``False``: chess has no variant's own draw."""
        return False

    def status(self) -> Status:
        """What is wrong with the position, as python-chess's flags (``STATUS_VALID``: nothing)."""
        return status(self)

    def is_valid(self) -> bool:
        """Whether ``status()`` finds nothing wrong."""
        return status(self) == Status.VALID

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: Any) -> str:
        """The position as EPD (FEN's first four fields), followed by ``operations``: ``board.epd(bm=move,
        id="test 1")``; moves are written in SAN, lists of moves for ``bm``, ``am`` and ``pv``."""
        position = " ".join(self.fen(shredder=shredder, en_passant=en_passant, promoted=promoted).split()[:4])
        return f"{position} {write_operations(self, operations)}" if operations else position

    def set_epd(self, epd: str) -> Dict[str, Operand]:
        """Sets the position of an EPD line (the clocks from ``hmvc`` and ``fmvn``, else 0 and 1) and returns its
        operations as a dictionary (moves read in the position); ``ValueError`` for a bad line."""
        fields = epd.strip().rstrip(";").split(None, 4)
        if len(fields) <= 4:
            self.set_fen(epd)
            return {}
        position = " ".join(fields[:4])
        operations = read_operations(fields[4], type(self)(position + " 0 1", chess960=self.chess960))
        clocks = f"{operations.get('hmvc', 0)} {operations.get('fmvn', 1)}"
        self.set_fen(f"{position} {clocks}")
        return operations

    @classmethod
    def from_epd(cls, epd: str, *, chess960: bool = False) -> Tuple[Board, Dict[str, Operand]]:
        """A board of an EPD line's position, and its operations."""
        board = cls(chess960=chess960)
        return board, board.set_epd(epd)

    def transform(self, f: Callable[[Bitboard], Bitboard]) -> Board:
        """A new board (no move stack) with every square mapped by ``f``, a mask function such as
        ``flip_vertical``: the pieces keep their colours and the side to move and the clocks stay; the castling
        rights and the en-passant square are mapped too (``status()`` says if they no longer fit)."""
        board = type(self).empty(chess960=self.chess960)
        board.set_piece_map({msb(f(BB_SQUARES[square])): piece for square, piece in self.piece_map().items()})
        board.turn = self.turn
        board.halfmove_clock, board.fullmove_number = self.halfmove_clock, self.fullmove_number
        board.castling_rights = f(self.castling_rights)
        board.ep_square = None if self.ep_square is None else msb(f(BB_SQUARES[self.ep_square]))
        return board

    def set_piece_map(self, pieces: Mapping[Square, Piece]) -> None:
        """Replaces every piece by those of ``pieces`` (square to piece), as one edit (the move stack is
        cleared)."""
        self.set_board_fen(_placement(pieces))

    def ply(self) -> int:
        """The number of half-moves since the start of the game, from the fullmove number and the turn."""
        return 2 * (self.fullmove_number - 1) + (not self.turn)

    def generate_legal_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal moves from a square of ``from_mask`` to a square of ``to_mask``."""
        for move in self._legal_list():
            if BB_SQUARES[move.from_square] & from_mask and BB_SQUARES[move.to_square] & to_mask:
                yield move

    def generate_legal_captures(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal captures (en passant included)."""
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_capture(m))

    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardCore):
            return NotImplemented
        return self.fen() == other.fen()

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> Board:
        return self.copy()

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), self.root().fen(), self.chess960, [m.uci() for m in self.move_stack]))

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.board(self, size=400)


def _placement(pieces: Mapping[Square, Piece]) -> str:
    """The FEN placement field of ``pieces`` (square to piece)."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = pieces.get(rank * 8 + file)
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece.symbol()
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def _rebuild(cls: type, fen: str, chess960: bool, moves: list) -> Board:
    board: Board = cls(fen, chess960=chess960)
    for uci in moves:
        board.push(Move.from_uci(uci))
    return board


class PseudoLegalMoveGenerator:
    """The pseudo-legal moves of a board, as ``board.pseudo_legal_moves`` gives them (a live view: iterate,
    ``count()``, ``bool()``, ``move in ...``), in ox88's order."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board._pseudo_legal_list())

    def __len__(self) -> int:
        return len(self.board._pseudo_legal_list())

    def count(self) -> int:
        """The number of pseudo-legal moves."""
        return len(self.board._pseudo_legal_list())

    def __bool__(self) -> bool:
        return bool(self.board._pseudo_legal_list())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.board.is_pseudo_legal(move)

    def __repr__(self) -> str:
        board = self.board
        names = [board.san(m) if board.is_legal(m) else board.uci(m) for m in self]
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({', '.join(names)})>"
