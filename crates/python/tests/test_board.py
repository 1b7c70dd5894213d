"""The Board API beyond random play, each behaviour against python-chess where both have it."""

import copy
import pickle

import chess
import pytest

import ox88

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def both(fen=chess.STARTING_FEN, **kwargs):
    return chess.Board(fen, **kwargs), ox88.Board(fen, **kwargs)


def test_text_pictures_are_python_chess_s():
    theirs, ours = both(KIWIPETE)
    assert str(ours) == str(theirs)
    assert repr(ours) == repr(theirs)
    for kwargs in ({}, {"invert_color": True}, {"borders": True}, {"orientation": chess.BLACK, "empty_square": "."}):
        assert ours.unicode(**kwargs) == theirs.unicode(**kwargs), kwargs
    c960 = ox88.Board.from_chess960_pos(0)
    assert repr(c960) == repr(chess.Board.from_chess960_pos(0))


def test_moves_and_pieces_print_and_compare_as_python_chess_s():
    for uci in ("e2e4", "e7e8q", "a7a8n", "0000"):
        assert repr(ox88.Move.from_uci(uci)) == repr(chess.Move.from_uci(uci))
        assert str(ox88.Move.from_uci(uci)) == uci
    assert ox88.Move.from_uci("e2e4") == ox88.Move(ox88.E2, ox88.E4)
    assert ox88.Move.from_uci("e2e4") is ox88.Move.from_uci("e2e4")
    assert not ox88.Move.null() and ox88.Move.from_uci("e2e4")
    assert ox88.Move.from_uci("e7e8q").promotion == ox88.QUEEN
    assert {ox88.Move(12, 28): 1}[ox88.Move.from_uci("e2e4")] == 1
    knight = ox88.Piece.from_symbol("n")
    assert (knight.piece_type, knight.color, knight.symbol(), repr(knight)) == (ox88.KNIGHT, ox88.BLACK, "n", "Piece.from_symbol('n')")
    assert knight.unicode_symbol() == chess.Piece.from_symbol("n").unicode_symbol()
    assert pickle.loads(pickle.dumps(ox88.Move.from_uci("e7e8q"))) == ox88.Move.from_uci("e7e8q")


def test_errors_are_python_chess_s():
    board = ox88.Board()
    with pytest.raises(ox88.IllegalMoveError):
        board.push_san("e5")
    with pytest.raises(ox88.IllegalMoveError):
        board.push_uci("e2e5")
    with pytest.raises(ox88.InvalidMoveError):
        board.push_uci("e2e")
    with pytest.raises(ox88.InvalidMoveError):
        board.parse_san("N3")
    with pytest.raises(ox88.AmbiguousMoveError):
        ox88.Board("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1").parse_san("Ne2")
    with pytest.raises(ValueError, match="side to move"):
        ox88.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    for error in (ox88.IllegalMoveError, ox88.InvalidMoveError, ox88.AmbiguousMoveError):
        assert issubclass(error, ValueError)
    # An illegal push is refused and changes nothing (python-chess would corrupt its board).
    with pytest.raises(ox88.IllegalMoveError, match="e1e3"):
        board.push(ox88.Move.from_uci("e1e3"))
    assert board.fen() == chess.STARTING_FEN and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()


def test_castling_is_written_as_each_board_writes_it():
    theirs, ours = both("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert ox88.Move.from_uci("e1g1") in ours.legal_moves
    assert ox88.Move.from_uci("e1h1") not in ours.legal_moves
    assert ours.parse_uci("e1h1") == ox88.Move.from_uci("e1g1")  # king takes rook, read as python-chess reads it
    theirs960, ours960 = both("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    assert sorted(m.uci() for m in ours960.legal_moves) == sorted(m.uci() for m in theirs960.legal_moves)
    assert ours960.san(ox88.Move.from_uci("e1h1")) == "O-O"


def test_null_moves_pass_the_turn_and_come_back():
    theirs, ours = both(KIWIPETE)
    for board, lib in ((theirs, chess), (ours, ox88)):
        board.push_san("a3")
        board.push(lib.Move.null())
        board.push_san("Kf1")
    assert ours.fen() == theirs.fen()
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    assert ours.pop() == ox88.Move.from_uci("e1f1")
    theirs.pop()
    assert ours.peek() == ox88.Move.null() and ours.fen() == theirs.fen()
    ours.pop(), theirs.pop()
    assert ours.fen() == theirs.fen()
    assert ours.san(ox88.Move.null()) == "--" and ours.parse_san("--") == ox88.Move.null()


def test_copies_roots_and_mirrors():
    theirs, ours = both(KIWIPETE)
    for san in ("Nxf7", "Kxf7", "Qxf6+"):
        theirs.push_san(san), ours.push_san(san)
    for stack in (True, False, 1, 2):
        a, b = ours.copy(stack=stack), theirs.copy(stack=stack)
        assert (a.fen(), [m.uci() for m in a.move_stack]) == (b.fen(), [m.uci() for m in b.move_stack])
        assert a.turn == b.turn
    assert ours.root().fen() == theirs.root().fen()
    assert ours.mirror().fen() == theirs.mirror().fen()
    assert copy.deepcopy(ours) == ours and copy.copy(ours).move_stack == ours.move_stack
    again = pickle.loads(pickle.dumps(ours))
    assert again.fen() == ours.fen() and again.move_stack == ours.move_stack
    assert type(ours.copy()) is ox88.Board


def test_turn_is_an_attribute_and_setting_it_passes_the_move():
    theirs, ours = both()
    ours.push_san("e4"), theirs.push_san("e4")
    assert ours.turn is False
    ours.turn = ox88.WHITE
    theirs.turn = chess.WHITE
    assert ours.fen() == theirs.fen()
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)


def test_edits_set_up_positions():
    theirs, ours = both()
    for board, lib in ((theirs, chess), (ours, ox88)):
        board.remove_piece_at(lib.D1)
        board.set_piece_at(lib.D4, lib.Piece.from_symbol("Q"))
        board.castling_rights = lib.BB_H1 | lib.BB_A8
    assert ours.fen() == theirs.fen()
    ours.set_board_fen("4k3/8/8/8/8/8/8/4K3")
    theirs.set_board_fen("4k3/8/8/8/8/8/8/4K3")
    theirs.castling_rights = 0
    assert ours.fen() == theirs.fen()
    ours.set_fen(KIWIPETE), theirs.set_fen(KIWIPETE)
    assert ours.piece_map() == {sq: ox88.Piece.from_symbol(p.symbol()) for sq, p in theirs.piece_map().items()}
    # Without its king the board is python-chess's invalid board: it answers as python-chess does, plays no move.
    theirs.remove_piece_at(chess.E1), ours.remove_piece_at(ox88.E1)
    assert ours.fen() == theirs.fen() and ours.status() == theirs.status() and not ours.is_valid()
    with pytest.raises(ValueError, match="kings"):
        ours.legal_moves.count()


def test_notation():
    theirs, ours = both(KIWIPETE)
    line = ["d5e6", "a6e2", "c3e2", "h3g2"]
    assert ours.variation_san([ox88.Move.from_uci(u) for u in line]) == theirs.variation_san([chess.Move.from_uci(u) for u in line])
    theirs.push_san("a3"), ours.push_san("a3")
    line = ["h3g2", "f3g2"]
    assert ours.variation_san([ox88.Move.from_uci(u) for u in line]) == theirs.variation_san([chess.Move.from_uci(u) for u in line])
    with pytest.raises(ox88.IllegalMoveError):
        ours.variation_san([ox88.Move.from_uci("e2e4")])
    assert ours.find_move(ox88.B4, ox88.A3).uci() == theirs.find_move(chess.B4, chess.A3).uci()


def test_square_helpers_and_square_sets():
    assert (ox88.square_name(ox88.E4), ox88.parse_square("e4"), ox88.square_file(ox88.E4), ox88.square_rank(ox88.E4)) == ("e4", 28, 4, 3)
    assert ox88.SQUARES == chess.SQUARES and ox88.SQUARE_NAMES == chess.SQUARE_NAMES and ox88.BB_LIGHT_SQUARES == chess.BB_LIGHT_SQUARES
    assert ox88.PIECE_TYPES == chess.PIECE_TYPES and (ox88.WHITE, ox88.BLACK) == (chess.WHITE, chess.BLACK)
    theirs, ours = both(KIWIPETE)
    assert int(ours.pieces(ox88.PAWN, ox88.WHITE)) == int(theirs.pieces(chess.PAWN, chess.WHITE))
    assert str(ours.pieces(ox88.PAWN, ox88.WHITE)) == str(theirs.pieces(chess.PAWN, chess.WHITE))
    assert repr(ours.attackers(ox88.BLACK, ox88.E4)) == repr(theirs.attackers(chess.BLACK, chess.E4))
    with pytest.raises(ValueError):
        ox88.parse_square("i9")
