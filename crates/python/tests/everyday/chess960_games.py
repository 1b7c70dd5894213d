"""Plays random Chess960 games, castling included, and prints them as a GUI would."""

import random

import chess

rng = random.Random(960)
for scharnagl in [0, 518, 959, 100, 777]:
    board = chess.Board.from_chess960_pos(scharnagl)
    print(scharnagl, board.fen(), board.chess960, board.castling_rights)
    sans = []
    while not board.is_game_over(claim_draw=True) and len(board.move_stack) < 120:
        # Sorted: the two libraries list the legal moves in different orders.
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        castles = [m for m in moves if board.is_castling(m)]
        move = castles[0] if castles and rng.random() < 0.7 else rng.choice(moves)
        sans.append(board.san(move))
        if board.is_castling(move):
            sans.append(board.uci(move) + ("K" if board.is_kingside_castling(move) else "Q"))
        board.push(move)
    print(" ".join(sans))
    print(board.fen(), board.fen(shredder=True), board.outcome(claim_draw=True), board.result(claim_draw=True))
    print(board.has_kingside_castling_rights(chess.WHITE), board.has_queenside_castling_rights(chess.BLACK))
board = chess.Board("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", chess960=True)
print(board.san(chess.Move.from_uci("b1h1")), board.parse_san("O-O"), board.uci(board.parse_san("O-O-O"), chess960=False))
