"""``BaseBoard`` against python-chess's: pieces alone, edited, mirrored, transformed, printed and attacking; and
the smaller names python-chess's everyday code meets (Chess960 rights, the variant answers, ``Game.builder``)."""

import io
import random

import chess
import chess.engine
import pytest

import ox88
import ox88.engine
import ox88.pgn

FLIPS = ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]


def same(theirs, ours):
    assert ours.board_fen() == theirs.board_fen() and str(ours) == str(theirs) and repr(ours) == repr(theirs)
    assert ours.unicode(borders=True) == theirs.unicode(borders=True)
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {sq: p.symbol() for sq, p in theirs.piece_map().items()}
    assert (ours.occupied, ours.pawns, ours.kings, ours.occupied_co) == (theirs.occupied, theirs.pawns, theirs.kings, theirs.occupied_co)
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color)
        for square in (chess.E4, chess.D5, chess.H1, chess.A8):
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square)
            assert ours.is_attacked_by(color, square) == theirs.is_attacked_by(color, square)
    for square in theirs.piece_map():
        assert ours.attacks_mask(square) == theirs.attacks_mask(square)
        assert ours.pin_mask(chess.WHITE, square) == theirs.pin_mask(chess.WHITE, square)
        assert ours.is_pinned(chess.BLACK, square) == theirs.is_pinned(chess.BLACK, square)


def test_base_boards_answer_as_python_chess_s():
    same(chess.BaseBoard(), ox88.BaseBoard())
    same(chess.BaseBoard.empty(), ox88.BaseBoard.empty())
    same(chess.BaseBoard(None), ox88.BaseBoard(None))
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R"
    theirs, ours = chess.BaseBoard(fen), ox88.BaseBoard(fen)
    same(theirs, ours)
    same(theirs.mirror(), ours.mirror())
    for name in FLIPS:
        same(theirs.transform(getattr(chess, name)), ours.transform(getattr(ox88, name)))
    theirs.apply_mirror(), ours.apply_mirror()
    same(theirs, ours)
    assert ours == ox88.BaseBoard(theirs.board_fen()) and ours != ox88.BaseBoard() and ours.copy() == ours
    assert isinstance(ox88.Board(), ox88.BaseBoard) and isinstance(ours, ox88.BaseBoard)
    with pytest.raises(ValueError):
        ox88.BaseBoard("8/8/8/9/8/8/8/8")


def test_random_edits_of_a_base_board():
    rng = random.Random(5)
    theirs, ours = chess.BaseBoard(), ox88.BaseBoard()
    for _ in range(300):
        square, symbol = rng.randrange(64), rng.choice("PNBRQKpnbrqk")
        if rng.random() < 0.6:
            theirs.set_piece_at(square, chess.Piece.from_symbol(symbol))
            ours.set_piece_at(square, ox88.Piece.from_symbol(symbol))
        else:
            removed = theirs.remove_piece_at(square)
            assert (ours.remove_piece_at(square) or None) == (removed and ox88.Piece.from_symbol(removed.symbol()))
        same(theirs, ours)
    theirs.clear_board(), ours.clear_board()
    same(theirs, ours)
    theirs.reset_board(), ours.reset_board()
    same(theirs, ours)


def test_chess960_rights_variant_answers_and_the_game_builder():
    for n in (0, 518, 959, 100):
        theirs, ours = chess.Board.from_chess960_pos(n), ox88.Board.from_chess960_pos(n)
        assert ours.has_chess960_castling_rights() == theirs.has_chess960_castling_rights()
    for fen in (chess.STARTING_FEN, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"):
        assert ox88.Board(fen).has_chess960_castling_rights() == chess.Board(fen).has_chess960_castling_rights()
    board = ox88.Board()
    assert not (board.is_variant_win() or board.is_variant_loss() or board.is_variant_draw())
    game = ox88.pgn.read_game(io.StringIO("1. e4 e5 *"), Visitor=ox88.pgn.Game.builder)
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5"]
    assert ox88.engine.INFO_CURRLINE == chess.engine.INFO_CURRLINE and ox88.engine.INFO_REFUTATION == chess.engine.INFO_REFUTATION


def test_chess960_start_positions_of_the_pieces_alone_are_python_chess_s():
    for n in range(960):
        ours, theirs = ox88.BaseBoard.from_chess960_pos(n), chess.BaseBoard.from_chess960_pos(n)
        assert ours.board_fen() == theirs.board_fen() and ours.chess960_pos() == theirs.chess960_pos() == n
        assert isinstance(ours, ox88.BaseBoard)
    board, other = ox88.BaseBoard(), chess.BaseBoard()
    assert board.chess960_pos() == other.chess960_pos() == 518
    board.set_chess960_pos(7)
    other.set_chess960_pos(7)
    assert board.board_fen() == other.board_fen()
    for fen in ["8/8/8/8/8/8/8/4K2k", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR"]:
        assert ox88.BaseBoard(fen).chess960_pos() is chess.BaseBoard(fen).chess960_pos() is None
    for bad in [960, -1]:
        for lib in (ox88, chess):
            with pytest.raises(ValueError):
                lib.BaseBoard.from_chess960_pos(bad)
            with pytest.raises(ValueError):
                lib.Board.from_chess960_pos(bad)
