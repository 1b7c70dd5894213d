"""Squares, colours and piece types as python-chess numbers them, and ``SquareSet``.

Squares are integers from 0 (a1) to 63 (h8), colours booleans (``WHITE`` is ``True``), piece types integers from
1 (``PAWN``) to 6 (``KING``); a set of squares is a 64-bit mask, ``BB_E4`` the mask of one square.
"""

from __future__ import annotations

from typing import Iterable, Iterator, List, Optional, SupportsInt, Tuple, Union

Color = bool
PieceType = int
Square = int
Bitboard = int

WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}

FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[Square] = list(range(64))
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARES_180: List[Square] = [sq ^ 0x38 for sq in SQUARES]

(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << sq for sq in SQUARES]
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55
BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS: List[Bitboard] = [0xFF << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type: ``piece_symbol(KNIGHT) == "n"``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The English name of a piece type: ``piece_name(KNIGHT) == "knight"``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def square(file_index: int, rank_index: int) -> Square:
    """The square on file ``file_index`` (0 is the a-file) and rank ``rank_index`` (0 is the first rank)."""
    return rank_index * 8 + file_index


def parse_square(name: str) -> Square:
    """The square named ``name`` ("e4"); a ``ValueError`` for any other text."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"invalid square name {name!r}: expected a file a-h and a rank 1-8, like 'e4'") from None


def square_name(square: Square) -> str:
    """The name of a square: ``square_name(E4) == "e4"``."""
    return SQUARE_NAMES[square]


def square_file(square: Square) -> int:
    """The file of a square, 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, 0 (first) to 7 (eighth)."""
    return square >> 3


def square_distance(a: Square, b: Square) -> int:
    """The king's distance between two squares (Chebyshev distance)."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """The sum of the file and rank distances between two squares."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


def square_mirror(square: Square) -> Square:
    """The square seen from the other side: ``square_mirror(E2) == E7``."""
    return square ^ 0x38


def lsb(bb: Bitboard) -> int:
    """The lowest square of a non-empty mask."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a non-empty mask."""
    return bb.bit_length() - 1


def popcount(bb: Bitboard) -> int:
    """The number of squares in a mask."""
    return bin(bb).count("1")


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, lowest first."""
    while bb:
        r = bb & -bb
        yield r.bit_length() - 1
        bb ^= r


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, highest first."""
    while bb:
        r = bb.bit_length() - 1
        yield r
        bb ^= 1 << r


IntoSquareSet = Union[SupportsInt, Iterable[Square]]


def _line_step(a: Square, b: Square) -> int:
    """The step from ``a`` towards ``b`` along a rank, file or diagonal (as a square difference), or 0."""
    df, dr = square_file(b) - square_file(a), square_rank(b) - square_rank(a)
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return 0
    return ((dr > 0) - (dr < 0)) * 8 + ((df > 0) - (df < 0))


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between ``a`` and ``b`` on their rank, file or diagonal (none if not on one)."""
    step = _line_step(a, b)
    mask = BB_EMPTY
    if step:
        square = a + step
        while square != b:
            mask |= BB_SQUARES[square]
            square += step
    return mask


def ray(a: Square, b: Square) -> Bitboard:
    """The whole rank, file or diagonal through ``a`` and ``b``, edge to edge (none if they are on no line)."""
    step = _line_step(a, b)
    if not step:
        return BB_EMPTY
    mask = BB_SQUARES[a]
    for direction in (step, -step):
        square = a
        while True:
            following = square + direction
            if not 0 <= following < 64 or square_distance(square, following) != 1:
                break
            mask |= BB_SQUARES[following]
            square = following
    return mask


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The mask upside down: rank 1 becomes rank 8."""
    return int.from_bytes(bb.to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The mask mirrored left to right: the a-file becomes the h-file."""
    return sum(BB_SQUARES[sq ^ 7] for sq in scan_forward(bb))


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a1-h8 diagonal: file and rank swap."""
    return sum(BB_SQUARES[square(square_rank(sq), square_file(sq))] for sq in scan_forward(bb))


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a8-h1 diagonal."""
    return sum(BB_SQUARES[square(7 - square_rank(sq), 7 - square_file(sq))] for sq in scan_forward(bb))


def shift_down(b: Bitboard) -> Bitboard:
    """The mask one rank down."""
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    """The mask two ranks down."""
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    """The mask one rank up."""
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    """The mask two ranks up."""
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    """The mask one file towards h (nothing wraps round)."""
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    """The mask two files towards h."""
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    """The mask one file towards a."""
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    """The mask two files towards a."""
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: Bitboard) -> Bitboard:
    """The mask one step up and towards a."""
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    """The mask one step up and towards h."""
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    """The mask one step down and towards a."""
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    """The mask one step down and towards h."""
    return (b >> 7) & ~BB_FILE_A


_KNIGHT_DISTANCES: List[List[int]] = []


def square_knight_distance(a: Square, b: Square) -> int:
    """The number of moves a knight needs from ``a`` to ``b`` on an empty board."""
    if not _KNIGHT_DISTANCES:
        for start in SQUARES:
            distances = [-1] * 64
            distances[start], frontier = 0, [start]
            while frontier:
                following = []
                for sq in frontier:
                    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
                        f, r = square_file(sq) + df, square_rank(sq) + dr
                        if 0 <= f < 8 and 0 <= r < 8 and distances[r * 8 + f] < 0:
                            distances[r * 8 + f] = distances[sq] + 1
                            following.append(r * 8 + f)
                frontier = following
            _KNIGHT_DISTANCES.append(distances)
    return _KNIGHT_DISTANCES[a][b]


def _mask(squares: IntoSquareSet) -> Bitboard:
    try:
        return int(squares) & BB_ALL  # type: ignore[arg-type]
    except TypeError:
        mask = 0
        for sq in squares:  # type: ignore[union-attr]
            mask |= BB_SQUARES[sq]
        return mask


class SquareSet:
    """A set of squares over a 64-bit mask, as python-chess's ``SquareSet``: iterate (lowest square first),
    ``len``, ``in``, the set operators ``| & ^ -``, ``int()`` for the mask, and ``print()`` as an 8 x 8 grid.

    >>> import ox88 as chess
    >>> pawns = chess.Board().pieces(chess.PAWN, chess.WHITE)
    >>> len(pawns), chess.E2 in pawns, int(pawns) == chess.BB_RANK_2
    (8, True, True)
    """

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        self.mask: Bitboard = _mask(squares)

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 64 and bool(BB_SQUARES[square] & self.mask)

    def __iter__(self) -> Iterator[Square]:
        return scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return popcount(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask | _mask(other))

    def __and__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask & _mask(other))

    def __xor__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask ^ _mask(other))

    def __sub__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask & ~_mask(other))

    def __invert__(self) -> SquareSet:
        return SquareSet(~self.mask & BB_ALL)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def add(self, square: Square) -> None:
        """Adds a square."""
        self.mask |= BB_SQUARES[square]

    def discard(self, square: Square) -> None:
        """Removes a square if present."""
        self.mask &= ~BB_SQUARES[square]

    def remove(self, square: Square) -> None:
        """Removes a square; ``KeyError`` if absent."""
        if not self.mask & BB_SQUARES[square]:
            raise KeyError(square)
        self.mask ^= BB_SQUARES[square]

    def pop(self) -> Square:
        """Removes and returns the lowest square; ``KeyError`` if empty."""
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        square = lsb(self.mask)
        self.mask &= self.mask - 1
        return square

    def clear(self) -> None:
        """Removes every square."""
        self.mask = BB_EMPTY

    def copy(self) -> SquareSet:
        """A copy of the set."""
        return SquareSet(self.mask)

    def tolist(self) -> List[bool]:
        """64 booleans, a1 first."""
        return [bool(BB_SQUARES[sq] & self.mask) for sq in SQUARES]

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        """Whether the sets share no square."""
        return not self.mask & _mask(other)

    def issubset(self, other: IntoSquareSet) -> bool:
        """Whether every square of this set is in ``other``."""
        return not self.mask & ~_mask(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        """Whether every square of ``other`` is in this set."""
        return not ~self.mask & _mask(other)

    def union(self, other: IntoSquareSet) -> SquareSet:
        """The squares of either set."""
        return self | other

    def intersection(self, other: IntoSquareSet) -> SquareSet:
        """The squares of both sets."""
        return self & other

    def difference(self, other: IntoSquareSet) -> SquareSet:
        """The squares of this set not in ``other``."""
        return self - other

    def symmetric_difference(self, other: IntoSquareSet) -> SquareSet:
        """The squares of exactly one of the sets."""
        return self ^ other

    def intersection_update(self, *others: IntoSquareSet) -> None:
        """Keeps only the squares that are in every one of ``others`` too."""
        for other in others:
            self.mask &= _mask(other)

    def difference_update(self, other: IntoSquareSet) -> None:
        """Removes the squares of ``other``."""
        self.mask &= ~_mask(other)

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        """Keeps the squares of exactly one of the sets."""
        self.mask ^= _mask(other)

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of the set, as masks, from the empty one up."""
        subset = BB_EMPTY
        while True:
            yield subset
            subset = (subset - self.mask) & self.mask
            if not subset:
                break

    def mirror(self) -> SquareSet:
        """The set upside down (rank 1 becomes rank 8)."""
        return SquareSet(flip_vertical(self.mask))

    def update(self, *others: IntoSquareSet) -> None:
        """Adds the squares of ``others``."""
        for other in others:
            self.mask |= _mask(other)

    @classmethod
    def from_square(cls, square: Square) -> SquareSet:
        """The set of one square."""
        return cls(BB_SQUARES[square])

    @classmethod
    def ray(cls, a: Square, b: Square) -> SquareSet:
        """The whole rank, file or diagonal through ``a`` and ``b`` (empty if they are on none)."""
        return cls(ray(a, b))

    @classmethod
    def between(cls, a: Square, b: Square) -> SquareSet:
        """The squares strictly between ``a`` and ``b`` on their line (empty if they are on none)."""
        return cls(between(a, b))

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask & BB_SQUARES[rank * 8 + f] else "." for f in range(8)))
        return "\n".join(rows)


def _steps(square: Square, deltas: Tuple[Tuple[int, int], ...]) -> Bitboard:
    """The squares ``(file, rank)`` steps away from ``square`` that are on the board."""
    file, rank = square & 7, square >> 3
    return sum(BB_SQUARES[(rank + dr) * 8 + file + df] for df, dr in deltas if 0 <= file + df < 8 and 0 <= rank + dr < 8)


BB_KNIGHT_ATTACKS: List[Bitboard] = [_steps(sq, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))) for sq in range(64)]
"""The squares a knight on each square attacks."""
BB_KING_ATTACKS: List[Bitboard] = [_steps(sq, ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))) for sq in range(64)]
"""The squares a king on each square attacks."""
BB_PAWN_ATTACKS: List[List[Bitboard]] = [[_steps(sq, ((-1, forward), (1, forward))) for sq in range(64)] for forward in (-1, 1)]
"""``BB_PAWN_ATTACKS[color][square]``: the squares a pawn of ``color`` on ``square`` attacks."""
BB_RAYS: List[List[Bitboard]] = [[ray(a, b) for b in range(64)] for a in range(64)]
"""``BB_RAYS[a][b]``: the whole line through ``a`` and ``b`` (``ray(a, b)``)."""
