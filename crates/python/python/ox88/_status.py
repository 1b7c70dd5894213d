"""``Board.status()``: python-chess's flags of what is wrong with a position (``Status``, ``STATUS_*``)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from ._squares import (BB_BACKRANKS, BB_SQUARES, BISHOP, BLACK, QUEEN, ROOK, WHITE, between, lsb, msb, popcount, ray,
                       scan_forward, square_file, square_rank)

if TYPE_CHECKING:
    from ._board import Board


__all__ = [
    "Status",
    "STATUS_VALID",
    "STATUS_NO_WHITE_KING",
    "STATUS_NO_BLACK_KING",
    "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_BLACK_PAWNS",
    "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_TOO_MANY_BLACK_PIECES",
    "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE",
    "STATUS_OPPOSITE_CHECK",
    "STATUS_EMPTY",
    "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER",
    "STATUS_RACE_MATERIAL",
    "STATUS_TOO_MANY_CHECKERS",
    "STATUS_IMPOSSIBLE_CHECK",
]


class Status(enum.IntFlag):
    """What is wrong with a position, as python-chess's flags say it (``VALID``: nothing)."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK


def status(board: Board) -> Status:
    """The flags of ``board``, as python-chess judges it: kings, pawns and pieces counted, pawns on the back
    ranks, castling rights and the en-passant square as set against what the pieces allow, the side not to move
    in check, and checks no legal move could have given (more than two checkers, two on one line through the
    king, or a check an en-passant double push cannot explain)."""
    flags = Status.VALID
    white, black = board._occupied_mask(WHITE), board._occupied_mask(BLACK)
    kings, pawns = board.kings, board.pawns
    for condition, flag in (
        (not white | black, Status.EMPTY),
        (not white & kings, Status.NO_WHITE_KING),
        (not black & kings, Status.NO_BLACK_KING),
        (popcount(kings) > 2, Status.TOO_MANY_KINGS),
        (popcount(white) > 16, Status.TOO_MANY_WHITE_PIECES),
        (popcount(black) > 16, Status.TOO_MANY_BLACK_PIECES),
        (popcount(white & pawns) > 8, Status.TOO_MANY_WHITE_PAWNS),
        (popcount(black & pawns) > 8, Status.TOO_MANY_BLACK_PAWNS),
        (pawns & BB_BACKRANKS, Status.PAWNS_ON_BACKRANK),
        (board.castling_rights != board.clean_castling_rights(), Status.BAD_CASTLING_RIGHTS),
        (board.ep_square != board._valid_ep_square(), Status.INVALID_EP_SQUARE),
        (board.was_into_check(), Status.OPPOSITE_CHECK),
    ):
        if condition:
            flags |= flag
    return flags | _check_flags(board)


def _check_flags(board: Board) -> Status:
    """``TOO_MANY_CHECKERS`` and ``IMPOSSIBLE_CHECK`` of ``board``'s checks."""
    flags = Status.VALID
    checkers = board._checkers_mask()
    if not checkers:
        return flags
    count = popcount(checkers)
    if count > 2:
        flags |= Status.TOO_MANY_CHECKERS
    our_kings = board.kings & board._occupied_mask(board.turn)
    ep = board._valid_ep_square()
    if ep is not None:
        # The last move was a double push to `pushed_to`: it alone may have given check, or uncovered one.
        pushed_to, pushed_from = ep ^ 8, ep ^ 24
        before = (board.occupied & ~BB_SQUARES[pushed_to]) | BB_SQUARES[pushed_from]
        uncovered = any(_attacked_through(board, king, before) for king in scan_forward(our_kings))
        if count > 1 or (msb(checkers) != pushed_to and uncovered):
            flags |= Status.IMPOSSIBLE_CHECK
    elif count > 2 or (count == 2 and ray(msb(checkers), lsb(checkers)) & our_kings):
        flags |= Status.IMPOSSIBLE_CHECK
    return flags


def _attacked_through(board: Board, king: int, occupied: int) -> bool:
    """Whether a piece of the side not to move standing on ``occupied`` attacks ``king`` when the occupied
    squares are ``occupied``: a pawn, knight or king by its geometry, a slider along a line clear of
    ``occupied``."""
    theirs = board._occupied_mask(not board.turn) & occupied
    while theirs:
        square = msb(theirs)
        theirs ^= BB_SQUARES[square]
        piece = board.piece_type_at(square)
        if piece in (BISHOP, ROOK, QUEEN):
            diagonal = abs(square_file(square) - square_file(king)) == abs(square_rank(square) - square_rank(king))
            straight = square_file(square) == square_file(king) or square_rank(square) == square_rank(king)
            fits = (diagonal and piece != ROOK) or (straight and piece != BISHOP)
            if fits and not between(square, king) & occupied:
                return True
        elif board.attacks_mask(square) & BB_SQUARES[king]:
            return True
    return False
