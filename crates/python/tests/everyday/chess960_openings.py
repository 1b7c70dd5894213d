"""Chess960 opening positions: seeded start numbers drawn, each position set up, shown and checked (its number
read back from the pieces alone and from the whole board), and a few moves played with castling where it comes."""

import random

import chess

rng = random.Random(960)
print(chess.Board().chess960_pos(), chess.BaseBoard().chess960_pos())
for _ in range(12):
    n = rng.randrange(960)
    board = chess.Board.from_chess960_pos(n)
    pieces = chess.BaseBoard.from_chess960_pos(n)
    print(n, board.fen(), board.shredder_fen(), pieces.board_fen() == board.board_fen())
    print(" ", pieces.chess960_pos(), board.chess960_pos(), board.chess960_pos(ignore_castling=True))
    print(" ", "".join(chess.piece_symbol(pieces.piece_type_at(sq)).upper() for sq in chess.SquareSet(chess.BB_RANK_1)))
    for ply in range(16):
        moves = sorted(board.legal_moves, key=lambda m: (not board.is_castling(m), m.uci()))
        move = moves[0] if board.is_castling(moves[0]) else moves[rng.randrange(len(moves))]
        board.push(move)
    print(" ", board.fen(), board.chess960_pos(), board.chess960_pos(ignore_turn=True, ignore_castling=True))
    print(" ", chess.Board.from_chess960_pos(n).variation_san(board.move_stack), board.castling_xfen())
    other = chess.BaseBoard()
    other.set_chess960_pos(959 - n)
    print(" ", other.chess960_pos(), other.board_fen())
