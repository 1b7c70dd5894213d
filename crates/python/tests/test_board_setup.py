"""Boards that are not (yet) positions to play from, against python-chess: ``Board.empty()``, ``Board(None)``,
``clear()``, edits piece by piece, and what python-chess answers on such boards (FEN, ``status()``,
``is_valid()``, pictures, pieces, copies, mirrors, transforms); moves on them raise ``ValueError``."""

import random

import chess
import pytest

import ox88
import ox88.polyglot
from conftest import scale

FLAGS_OF_RIGHTS = chess.STATUS_BAD_CASTLING_RIGHTS | chess.STATUS_INVALID_EP_SQUARE
CASTLING_FIELDS = ["-", "KQkq", "K", "Q", "k", "q", "Kq", "Qk", "HAha", "Bg", "KQ", "Ah"]
SYMBOLS = "PNBRQKpnbrqk"


def same(theirs, ours):
    """Asserts that the two boards answer alike everything python-chess answers on any board."""
    context = (theirs.fen(), theirs.status())
    assert ours.fen() == theirs.fen(), context
    assert ours.board_fen() == theirs.board_fen(), context
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), context
    assert ours.shredder_fen() == theirs.shredder_fen(), context
    assert ours.status() == theirs.status(), context
    assert ours.is_valid() == theirs.is_valid(), context
    assert ours.castling_rights == theirs.castling_rights, context
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), context
    assert ours.ep_square == theirs.ep_square and ours.turn == theirs.turn, context
    assert str(ours) == str(theirs), context
    assert ours.unicode(borders=True, orientation=chess.BLACK) == theirs.unicode(borders=True, orientation=chess.BLACK)
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color), context
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color), context
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color), context
    assert ours.checkers_mask() == theirs.checkers_mask(), context
    assert ours.was_into_check() == theirs.was_into_check(), context
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {sq: p.symbol() for sq, p in theirs.piece_map().items()}
    square = chess.E4 if theirs.piece_at(chess.E4) else next(iter(theirs.piece_map()), chess.A1)
    assert ours.attacks_mask(square) == theirs.attacks_mask(square), context
    assert ours.attackers_mask(chess.WHITE, chess.D5) == theirs.attackers_mask(chess.WHITE, chess.D5), context
    for color in chess.COLORS:
        assert ours.pin_mask(color, square) == theirs.pin_mask(color, square), context
    if not theirs.status() & ~FLAGS_OF_RIGHTS and not more_than_promotions(theirs):
        # A position python-chess plays from (its rights cleaned): ox88 plays from it too, with the same moves.
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves), context
        assert ours.is_check() == theirs.is_check(), context


def more_than_promotions(board):
    """Whether a side has more pieces than its missing pawns could have promoted to (python-chess plays from such
    a board; ox88 holds no such position, and says so when asked for moves)."""
    for color in chess.COLORS:
        count = lambda piece_type: len(board.pieces(piece_type, color))
        extra = sum(max(0, count(t) - n) for t, n in ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2), (chess.KNIGHT, 2)))
        if count(chess.PAWN) + extra > 8:
            return True
    return False


def test_more_pieces_than_promotions_allow_is_valid_but_has_no_moves():
    board = ox88.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    board.remove_piece_at(ox88.B1)
    board.set_piece_at(ox88.D4, ox88.Piece(ox88.QUEEN, ox88.WHITE))
    assert board.is_valid() and chess.Board(board.fen()).is_valid()
    with pytest.raises(ValueError, match="too many pieces"):
        board.legal_moves.count()


def test_an_empty_board_is_python_chess_s():
    for theirs, ours in ((chess.Board.empty(), ox88.Board.empty()), (chess.Board(None), ox88.Board(None)),
                         (chess.Board.empty(chess960=True), ox88.Board.empty(chess960=True))):
        same(theirs, ours)
        assert ours.status() == ox88.STATUS_EMPTY | ox88.STATUS_NO_WHITE_KING | ox88.STATUS_NO_BLACK_KING
        assert ours.fen() == "8/8/8/8/8/8/8/8 w - - 0 1" and ours.move_stack == [] and ours.piece_map() == {}
        assert ours.king(ox88.WHITE) is None and ours.chess960 == theirs.chess960
    theirs, ours = chess.Board(), ox88.Board()
    theirs.push_san("e4"), ours.push_san("e4")
    theirs.clear_board(), ours.clear_board()
    same(theirs, ours)
    assert ours.turn == ox88.BLACK and ours.move_stack == []
    theirs.clear(), ours.clear()
    same(theirs, ours)


def test_building_a_position_piece_by_piece():
    theirs, ours = chess.Board.empty(), ox88.Board.empty()
    steps = [("set", chess.E1, "K"), ("set", chess.H1, "R"), ("set", chess.A8, "r"), ("set", chess.E8, "k"),
             ("castling", "KQkq"), ("set", chess.E2, "p"), ("turn", chess.BLACK), ("remove", chess.E2),
             ("set", chess.D4, "P"), ("ep", chess.D3), ("set", chess.E4, "p"), ("set", chess.A1, "P"),
             ("remove", chess.A1), ("castling", "Kq"), ("set", chess.E2, "R"), ("turn", chess.WHITE)]
    for step in steps:
        for board, lib in ((theirs, chess), (ours, ox88)):
            kind, *args = step
            if kind == "set":
                board.set_piece_at(args[0], lib.Piece.from_symbol(args[1]))
            elif kind == "remove":
                board.remove_piece_at(args[0])
            elif kind == "castling":
                board.set_castling_fen(args[0])
            elif kind == "turn":
                board.turn = args[0]
            else:
                board.ep_square = args[0]
        same(theirs, ours)
    copy, mirror = ours.copy(), ours.mirror()
    same(theirs.copy(), copy)
    same(theirs.mirror(), mirror)
    for name in ("flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"):
        same(theirs.transform(getattr(chess, name)), ours.transform(getattr(ox88, name)))
    theirs.apply_mirror(), ours.apply_mirror()
    same(theirs, ours)


def test_moves_on_a_board_that_is_no_position_raise_a_value_error():
    board = ox88.Board.empty()
    board.set_piece_at(ox88.E1, ox88.Piece(ox88.KING, ox88.WHITE))
    for ask in (lambda: list(board.legal_moves), lambda: board.legal_moves.count(), lambda: board.push_san("Kd1"),
                lambda: board.push(ox88.Move.from_uci("e1d1")), lambda: board.is_checkmate(), board.is_game_over,
                lambda: board.san(ox88.Move.from_uci("e1d1")), lambda: ox88.Move.from_uci("e1d1") in board.legal_moves,
                board.outcome, lambda: ox88.perft(board, 1), lambda: ox88.polyglot.zobrist_hash(board)):
        with pytest.raises(ValueError, match="not a position to play from.*status"):
            ask()
    board.set_piece_at(ox88.E8, ox88.Piece(ox88.KING, ox88.BLACK))
    assert board.is_valid() and board.legal_moves.count() == 5
    board.push_san("Kd2")
    assert board.fen() == "4k3/8/8/8/8/8/3K4/8 b - - 1 1" and board.pop() == ox88.Move.from_uci("e1d2")


def test_a_board_with_rights_its_pieces_do_not_allow_still_plays():
    # python-chess keeps such rights, calls the board invalid, and plays with the rights the pieces allow.
    theirs, ours = chess.Board(), ox88.Board()
    theirs.remove_piece_at(chess.H1), ours.remove_piece_at(ox88.H1)
    same(theirs, ours)
    assert ours.status() == ox88.STATUS_BAD_CASTLING_RIGHTS and ours.castling_rights == ox88.BB_CORNERS
    theirs.push_san("Nf3"), ours.push_san("Nf3")
    assert ours.fen() == theirs.fen() and ours.is_valid() and ours.castling_rights == theirs.castling_rights


def edit(rng, theirs, ours):
    """One random edit, the same on both boards."""
    kind = rng.random()
    square = rng.randrange(64)
    if kind < 0.45:
        symbol = rng.choice(SYMBOLS + "KkPp")
        theirs.set_piece_at(square, chess.Piece.from_symbol(symbol))
        ours.set_piece_at(square, ox88.Piece.from_symbol(symbol))
    elif kind < 0.75:
        removed = theirs.remove_piece_at(square)
        assert (ours.remove_piece_at(square) or None) == (removed and ox88.Piece.from_symbol(removed.symbol()))
    elif kind < 0.83:
        theirs.turn = ours.turn = not theirs.turn
    elif kind < 0.93:
        field = rng.choice(CASTLING_FIELDS)
        theirs.set_castling_fen(field), ours.set_castling_fen(field)
    elif kind < 0.96:
        placement = rng.choice([chess.STARTING_BOARD_FEN, "4k3/8/8/8/8/8/8/4K3", "r3k2r/8/8/8/8/8/8/R3K2R"])
        theirs.set_board_fen(placement), ours.set_board_fen(placement)
    elif kind < 0.98:
        theirs.clear_board(), ours.clear_board()
    else:
        rights = rng.getrandbits(64) & chess.BB_BACKRANKS
        theirs.castling_rights = ours.castling_rights = rights


@pytest.mark.parametrize("chess960", [False, True])
def test_random_edits_answer_as_python_chess(chess960):
    rng = random.Random(58 + chess960)
    for _ in range(scale("OX88_EDIT_BOARDS", 60)):
        if rng.random() < 0.5:
            theirs, ours = chess.Board.empty(chess960=chess960), ox88.Board.empty(chess960=chess960)
        else:
            theirs, ours = chess.Board(chess960=chess960), ox88.Board(chess960=chess960)
        for _ in range(40):
            edit(rng, theirs, ours)
            same(theirs, ours)


def test_castling_fields_are_read_as_python_chess_reads_them():
    for field in ["KQkq", "Qk", "HAha", "Kk", "AHah", "Bg"]:
        for fen in ("1Q6/8/8/R4r2/2P2P1B/1r6/5P2/4K3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"):
            theirs, ours = chess.Board(fen), ox88.Board(fen)
            theirs.set_castling_fen(field), ours.set_castling_fen(field)
            same(theirs, ours)
    for field in ["cF", "KQK", "x", "KQkqq"]:
        with pytest.raises(ValueError):
            chess.Board().set_castling_fen(field)
        with pytest.raises(ValueError, match="castling"):
            ox88.Board().set_castling_fen(field)


def test_a_fen_of_no_position_is_read_as_python_chess_reads_it():
    for fen in ("4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2P b - - 3 7", "r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1",
                "4k3/8/8/8/8/8/8/R3K3 w K e3 0 1", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "kK6/8/8/8/8/8/8/8 w - - 0 1"):
        theirs, ours = chess.Board(fen), ox88.Board(fen)
        same(theirs, ours)
        theirs.set_fen(chess.STARTING_FEN), ours.set_fen(ox88.STARTING_FEN)
        theirs.set_fen(fen), ours.set_fen(fen)
        same(theirs, ours)
    with pytest.raises(ValueError):
        ox88.Board("4k3/8/8/8/8/8/8/4K3 w KQkqx - 0 1")
    with pytest.raises(ValueError):
        ox88.Board("4k3/8/8/9/8/8/8/4K3 w - - 0 1")
