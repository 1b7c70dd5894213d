"""Looks at moves the way engines and tutors do: pseudo-legal moves, special moves, pins and status."""

import random

import chess

rng = random.Random(3)
board = chess.Board()
for ply in range(300):
    if board.is_game_over():
        break
    pseudo = list(board.pseudo_legal_moves)
    legal = list(board.legal_moves)
    move = rng.choice(sorted(legal, key=lambda m: m.uci()))  # the libraries list moves in different orders
    flags = [board.is_pseudo_legal(move), board.is_en_passant(move), board.is_castling(move),
             board.is_kingside_castling(move), board.is_queenside_castling(move), board.is_zeroing(move),
             board.is_capture(move), board.gives_check(move), board.is_irreversible(move)]
    print(ply, len(pseudo), pseudo.count(move), board.pseudo_legal_moves.count(), move in board.pseudo_legal_moves,
          board.has_legal_en_passant(), board.checkers(), board.status(), flags,
          sorted(s for s in chess.SQUARES if board.is_pinned(board.turn, s)))
    board.push(move)
print(board.fen(), board.outcome())
illegal = chess.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
print(sorted(m.uci() for m in illegal.pseudo_legal_moves), sorted(m.uci() for m in illegal.legal_moves))
print(illegal.is_pseudo_legal(chess.Move.from_uci("e1d1")), illegal.is_legal(chess.Move.from_uci("e1f1")))
