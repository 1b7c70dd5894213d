"""Mirrors boards and works with square sets."""

import chess

board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
mirrored = board.mirror()
print(mirrored.fen(), mirrored.turn, board.mirror().mirror() == board)
print(board.transform(chess.flip_vertical).fen(), board.transform(chess.flip_horizontal).board_fen())
endgame = chess.Board("8/5k2/8/3q4/8/1R6/7K/8 b - - 0 50")  # no pawns: every transform is a position
print([endgame.transform(f).fen() for f in (chess.flip_diagonal, chess.flip_anti_diagonal, chess.flip_vertical)])
print(chess.square_mirror(chess.E2), chess.flip_vertical(chess.BB_E2) == chess.BB_E7)
attackers = board.attackers(chess.WHITE, chess.F7)
print(attackers, list(attackers), len(attackers), chess.C4 in attackers, int(attackers))
print(board.attacks(chess.C4), board.pieces(chess.PAWN, chess.BLACK).tolist()[:16])
pawns = chess.SquareSet(chess.BB_RANK_2) & board.pieces(chess.PAWN, chess.WHITE)
print(repr(pawns), pawns.mirror(), pawns | chess.SquareSet([chess.H8]), pawns - chess.SquareSet(chess.BB_FILE_E))
print(chess.SquareSet(chess.BB_CENTER).issubset(chess.BB_ALL), chess.SquareSet.ray(chess.A1, chess.H8).tolist()[:5])
print(board.checkers(), board.is_check(), board.pin(chess.BLACK, chess.F7), board.is_pinned(chess.WHITE, chess.E4))
print(board.king(chess.WHITE), board.is_attacked_by(chess.WHITE, chess.F7), board.occupied == int(board.occupied))
print(chess.SquareSet.from_square(chess.E4), chess.BB_SQUARES[chess.E4] == chess.BB_E4, chess.square_mirror(chess.H1))
