"""Prints boards the ways people look at them."""

import chess

for fen in [chess.STARTING_FEN, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "8/8/8/4k3/8/8/4K3/8 w - - 0 1"]:
    board = chess.Board(fen)
    print(board)
    print(board.unicode())
    print(board.unicode(invert_color=True, borders=True))
    print(board.unicode(empty_square=".", orientation=chess.BLACK))
    print(repr(board), str(board) == board.__str__())
    print(board.board_fen(), board.epd(), board.fen(en_passant="fen"))
    for square in [chess.E1, chess.E8, chess.F7, chess.D4]:
        piece = board.piece_at(square)
        print(chess.square_name(square), piece, repr(piece), piece and piece.unicode_symbol(), piece and piece.symbol())
    print(sorted((chess.square_name(s), p.symbol()) for s, p in board.piece_map().items())[:6])
    print(chess.Piece.from_symbol("Q"), chess.piece_name(chess.QUEEN), chess.piece_symbol(chess.KNIGHT))
    print(chess.square_file(chess.G7), chess.square_rank(chess.G7), chess.parse_square("h3"), chess.square(4, 3))
    print(chess.square_distance(chess.A1, chess.H8), chess.square_mirror(chess.A2), chess.SQUARE_NAMES[12])
