"""Lines of attack and the squares each side occupies (``attacks``, ``pin``, ``is_pinned``, ``occupied``,
``pawns`` ...) and CECP's move text (``xboard``, ``parse_xboard``), square for square and move for move as
python-chess gives them, in positions of seeded random games, standard and Chess960."""

import chess
import pytest

import ox88

from conftest import random_positions

MASKS = ["occupied", "pawns", "knights", "bishops", "rooks", "queens", "kings"]


def positions(seed, games, chess960):
    """The positions of ``games`` random games as (python-chess board, ox88 board) pairs, one every third ply."""
    return random_positions(seed, games, chess960, every=3)


def parsed(board, text):
    try:
        return board.parse_xboard(text).uci()
    except ValueError as error:
        return type(error).__name__


@pytest.mark.parametrize("chess960", [False, True], ids=["standard", "chess960"])
def test_lines_and_masks_are_python_chess_s(chess960):
    compared = 0
    for theirs, ours in positions(7 + chess960, 12, chess960):
        assert [getattr(ours, name) for name in MASKS] == [getattr(theirs, name) for name in MASKS], theirs.fen()
        assert ours.occupied_co == theirs.occupied_co, theirs.fen()
        for square in chess.SQUARES:
            assert ours.attacks(square) == ox88.SquareSet(int(theirs.attacks(square))), (theirs.fen(), square)
            assert ours.attacks_mask(square) == theirs.attacks_mask(square), (theirs.fen(), square)
            for color in chess.COLORS:
                assert ours.pin_mask(color, square) == theirs.pin_mask(color, square), (theirs.fen(), color, square)
                assert ours.is_pinned(color, square) == theirs.is_pinned(color, square)
                assert int(ours.pin(color, square)) == int(theirs.pin(color, square))
        compared += 1
    assert compared > 100


@pytest.mark.parametrize("chess960", [False, True], ids=["standard", "chess960"])
def test_xboard_moves_are_python_chess_s(chess960):
    for theirs, ours in positions(11 + chess960, 8, chess960):
        for move in theirs.legal_moves:
            text = theirs.xboard(move)
            assert ours.xboard(ox88.Move.from_uci(move.uci())) == text, (theirs.fen(), move.uci())
            assert parsed(ours, text) == parsed(theirs, text), (theirs.fen(), text)
        copy_theirs, copy_ours = theirs.copy(), ours.copy()
        move = next(iter(theirs.legal_moves))
        text = theirs.xboard(move)
        assert copy_ours.push_xboard(text).uci() == copy_theirs.push_xboard(text).uci()
        assert copy_ours.fen() == copy_theirs.fen()


def test_a_pinned_knight():
    board = ox88.Board("4k3/8/8/8/b7/8/2N5/3K4 w - - 0 1")
    assert board.is_pinned(ox88.WHITE, ox88.C2) and not board.is_pinned(ox88.WHITE, ox88.D1)
    assert board.pin(ox88.WHITE, ox88.C2) == ox88.SquareSet([ox88.A4, ox88.B3, ox88.C2, ox88.D1])
    assert board.attacks(ox88.A4) == ox88.SquareSet([ox88.B5, ox88.C6, ox88.D7, ox88.E8, ox88.B3, ox88.C2])
    assert board.attacks(ox88.E4) == ox88.SquareSet()
