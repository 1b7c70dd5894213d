"""Reads EPD test positions with their operations."""

import chess

lines = [
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";',
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id \"BK.02\"; c0 \"a comment\";",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - am e6; hmvc 0; fmvn 6;",
    "8/8/8/8/8/k7/8/K7 w - -",
]
for line in lines:
    board, ops = chess.Board.from_epd(line)
    print(board.fen(), sorted(ops))
    for key, value in sorted(ops.items()):
        print(key, [board.san(m) for m in value] if isinstance(value, list) else value)
    again = chess.Board()
    print(again.set_epd(line) == ops, again == board)
    print(board.epd(), board.epd(bm=min(board.legal_moves, key=lambda m: m.uci())))
