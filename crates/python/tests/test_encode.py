"""Batches: perft against python-chess's own move tree and the published counts; piece planes and legal-move masks
against python-chess's boards."""

import random

import chess
import numpy
import pytest

import ox88
import ox88.encode

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def python_chess_perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("fen, depth, nodes", [(chess.STARTING_FEN, 5, 4_865_609), (KIWIPETE, 4, 4_085_603)])
def test_perft_counts(fen, depth, nodes):
    assert ox88.perft(ox88.Board(fen), depth) == nodes
    assert ox88.perft(ox88.Board(fen), depth, threads=2) == nodes
    assert ox88.perft(ox88.Board(fen), 2) == python_chess_perft(chess.Board(fen), 2)


def random_boards(count, seed=3):
    rng = random.Random(seed)
    theirs, ours = [], []
    for _ in range(count):
        board = chess.Board() if rng.random() < 0.7 else chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(0, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        theirs.append(board)
        mine = ox88.Board(board.fen(), chess960=board.chess960)
        ours.append(mine)
    return theirs, ours


def test_piece_planes():
    theirs, ours = random_boards(200)
    planes = ox88.encode.piece_planes(ours)
    assert planes.shape == (200, 12, 64) and planes.dtype == numpy.uint8
    relative = ox88.encode.piece_planes(ours, side_to_move=True)
    for i, board in enumerate(theirs):
        for color in (chess.WHITE, chess.BLACK):
            for piece_type in chess.PIECE_TYPES:
                plane = (0 if color == chess.WHITE else 6) + piece_type - 1
                expected = numpy.zeros(64, dtype=numpy.uint8)
                expected[list(board.pieces(piece_type, color))] = 1
                assert (planes[i, plane] == expected).all()
                own = color == board.turn
                flipped = [sq ^ 56 if board.turn == chess.BLACK else sq for sq in board.pieces(piece_type, color)]
                expected = numpy.zeros(64, dtype=numpy.uint8)
                expected[flipped] = 1
                assert (relative[i, (0 if own else 6) + piece_type - 1] == expected).all()


def test_legal_move_masks():
    theirs, ours = random_boards(200, seed=4)
    masks = ox88.encode.legal_move_masks(ours)
    assert masks.shape == (200, 64, 64)
    for i, board in enumerate(theirs):
        expected = numpy.zeros((64, 64), dtype=numpy.uint8)
        for move in board.legal_moves:
            expected[move.from_square, move.to_square] = 1
        assert (masks[i] == expected).all(), board.fen()
