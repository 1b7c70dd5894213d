"""Board names python-chess users write often, against python-chess on the positions of seeded random games
(standard and Chess960) and the repository's EPD suites: pseudo-legal moves, is_pseudo_legal, is_into_check,
is_irreversible, status(), EPD operations, transform and the square-set helpers."""

import random

import chess
import pytest

import ox88

from conftest import ROOT, random_positions

EPD_FILES = [ROOT / "tests/data/tactics/wac.epd", ROOT / "tests/data/tactics/bk.epd"]


def positions(seed, games=12, chess960=False):
    """The positions of seeded random games, as (python-chess board, ox88 board) pairs."""
    return random_positions(seed, games, chess960, plies=(60, 200))


def questions(board, move):
    """What a board says about a move by its squares, legal or not."""
    return (board.is_capture(move), board.is_en_passant(move), board.is_castling(move),
            board.is_kingside_castling(move), board.is_queenside_castling(move), board.is_zeroing(move))


def uci(moves):
    return sorted(m.uci() for m in moves)


@pytest.mark.parametrize("chess960", [False, True])
def test_pseudo_legal_moves_and_move_questions(chess960):
    rng = random.Random(58)
    for theirs, ours in positions(7, chess960=chess960):
        assert uci(ours.pseudo_legal_moves) == uci(theirs.pseudo_legal_moves)
        assert ours.pseudo_legal_moves.count() == theirs.pseudo_legal_moves.count()
        assert bool(ours.pseudo_legal_moves) == bool(theirs.pseudo_legal_moves)
        for move in theirs.pseudo_legal_moves:
            mine = ox88.Move.from_uci(move.uci())
            assert mine in ours.pseudo_legal_moves and ours.is_pseudo_legal(mine)
            assert ours.is_into_check(mine) == theirs.is_into_check(move), (theirs.fen(), move)
            assert questions(ours, mine) == questions(theirs, move), (theirs.fen(), move)
        for move in theirs.legal_moves:
            mine = ox88.Move.from_uci(move.uci())
            assert ours.is_irreversible(mine) == theirs.is_irreversible(move), (theirs.fen(), move)
        for _ in range(20):
            move = chess.Move(rng.randrange(64), rng.randrange(64), rng.choice([None, None, chess.QUEEN, chess.KNIGHT]))
            mine = ox88.Move(move.from_square, move.to_square, move.promotion)
            assert ours.is_pseudo_legal(mine) == theirs.is_pseudo_legal(move), (theirs.fen(), move)
            assert questions(ours, mine) == questions(theirs, move), (theirs.fen(), move)
        for square in theirs.pieces(chess.KING, theirs.turn) | theirs.pieces(chess.PAWN, theirs.turn):
            # Kings and pawns near their special moves: two files aside, onto rooks, diagonal steps.
            for target in (square - 2, square + 2, square + 7, square + 9, square - 7, square - 9, chess.A1, chess.H8):
                if 0 <= target < 64:
                    move, mine = chess.Move(square, target), ox88.Move(square, target)
                    assert questions(ours, mine) == questions(theirs, move), (theirs.fen(), move)
        assert ours.status() == theirs.status() and ours.is_valid() == theirs.is_valid()
        assert ours.checkers() == ox88.SquareSet(int(theirs.checkers()))


@pytest.mark.parametrize("fen", [
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/4r3/8/8/8/8/4K2R w K - 0 1",
    "6k1/8/8/8/8/8/8/3RK2R w K - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
    # Checks ox88 plays from and python-chess flags: three checkers, two on one line, a check no double push gave.
    "4k3/8/8/8/8/2n5/3n4/r3K3 w - - 0 1",
    "4k3/8/8/8/4r3/8/8/r3K3 w - - 0 1",
    "4k3/8/8/8/1b6/8/4r3/4K3 w - - 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "8/8/8/1b6/2kPp3/8/8/3K4 b - d3 0 1",
])
def test_positions_with_special_moves_and_checks(fen):
    theirs, ours = chess.Board(fen), ox88.Board(fen)
    assert uci(ours.pseudo_legal_moves) == uci(theirs.pseudo_legal_moves)
    assert ours.status() == theirs.status() and ours.is_valid() == theirs.is_valid()
    assert repr(ours.status()) == repr(theirs.status())
    assert uci(ours.generate_pseudo_legal_moves(ox88.BB_ALL, ox88.BB_RANK_1 | ox88.BB_FILE_D)) == \
        uci(theirs.generate_pseudo_legal_moves(chess.BB_ALL, chess.BB_RANK_1 | chess.BB_FILE_D))


@pytest.mark.parametrize("path", EPD_FILES, ids=[p.name for p in EPD_FILES])
def test_epd_lines_read_and_write_as_python_chess_does(path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        theirs, their_ops = chess.Board.from_epd(line)
        ours, our_ops = ox88.Board.from_epd(line)
        assert ours.fen() == theirs.fen()
        assert sorted(our_ops) == sorted(their_ops)
        for key, value in their_ops.items():
            mine = our_ops[key]
            if isinstance(value, list):
                assert [m.uci() for m in mine] == [m.uci() for m in value]
            elif isinstance(value, chess.Move):
                assert mine.uci() == value.uci()
            else:
                assert mine == value and type(mine) is type(value)
        mine_again = {k: ([ox88.Move.from_uci(m.uci()) for m in v] if isinstance(v, list) else v) for k, v in our_ops.items()}
        assert ours.epd(**mine_again) == theirs.epd(**their_ops)
        board = ox88.Board()
        assert set(board.set_epd(line)) == set(their_ops) and board == ours


def test_epd_operands_of_every_kind():
    line = ('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; bm Bb5 Bc4; am Nxe5; '
            'pv Bb5 a6 Ba4; acd 12; ce -0.25; c0 "say \\"hi\\"\\tthere"; noop; sm d4; - ; D1 1e3')
    theirs, their_ops = chess.Board.from_epd(line)
    ours, our_ops = ox88.Board.from_epd(line)
    assert ours.fen() == theirs.fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    assert repr(our_ops) == repr(their_ops).replace("chess.", "ox88.") or str(our_ops) == str(their_ops)
    assert ours.epd(**our_ops) == theirs.epd(**their_ops)
    for bad in ["4k3/8/8/8/8/8/8/4K3 w - - bm Ke9;", "4k3/8/8/8/8/8/8/4K3 w - - 1x 5;"]:
        with pytest.raises(ValueError):
            chess.Board.from_epd(bad)
        with pytest.raises(ValueError):
            ox88.Board.from_epd(bad)


FLIPS = ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]


@pytest.mark.parametrize("chess960", [False, True])
def test_transforms_and_square_sets(chess960):
    for i, (theirs, ours) in enumerate(positions(11, games=4, chess960=chess960)):
        if i % 5:
            continue
        assert ours.mirror().fen() == theirs.mirror().fen()
        for name in FLIPS:
            flipped, transformed = theirs.transform(getattr(chess, name)), ours.transform(getattr(ox88, name))
            # Both keep the castling rights and en-passant square as mapped, and say so in status().
            assert transformed.fen() == flipped.fen(), (theirs.fen(), name)
            assert transformed.status() == flipped.status() and transformed.castling_rights == flipped.castling_rights
    rng = random.Random(3)
    for _ in range(200):
        mask, a, b = rng.getrandbits(64), rng.randrange(64), rng.randrange(64)
        assert int(ox88.SquareSet(mask).mirror()) == int(chess.SquareSet(mask).mirror())
        assert int(ox88.SquareSet.ray(a, b)) == int(chess.SquareSet.ray(a, b)) == ox88.ray(a, b)
        assert int(ox88.SquareSet.between(a, b)) == int(chess.SquareSet.between(a, b)) == ox88.between(a, b)
        for name in FLIPS:
            assert getattr(ox88, name)(mask) == getattr(chess, name)(mask)


def test_set_piece_map_replaces_every_piece():
    for i, (their_game, our_game) in enumerate(positions(5, games=2)):
        if i % 15:
            continue
        theirs, ours = their_game.copy(), our_game.copy()
        mirrored = {chess.square_mirror(sq): p for sq, p in theirs.piece_map().items() if p.piece_type != chess.PAWN}
        theirs.set_piece_map({sq: chess.Piece(p.piece_type, not p.color) for sq, p in mirrored.items()})
        pieces = {sq: ox88.Piece(p.piece_type, not p.color) for sq, p in mirrored.items()}
        ours.set_piece_map(pieces)
        assert ours.fen() == theirs.fen() and ours.status() == theirs.status()
    board = ox88.Board()
    board.set_piece_map({ox88.E1: ox88.Piece(ox88.KING, ox88.WHITE)})
    assert board.board_fen() == "8/8/8/8/8/8/8/4K3" and board.status() & ox88.STATUS_NO_BLACK_KING


def test_set_board_fen_keeps_the_side_to_move():
    theirs, ours = chess.Board("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), ox88.Board("4k3/8/8/8/8/8/8/4K3 b - - 0 1")
    theirs.set_board_fen("4k3/8/8/8/8/8/8/4R1K1")
    ours.set_board_fen("4k3/8/8/8/8/8/8/4R1K1")
    assert ours.fen() == theirs.fen() and ours.is_check()
    theirs.set_board_fen("4k3/8/8/8/8/8/8/4r1K1")
    ours.set_board_fen("4k3/8/8/8/8/8/8/4r1K1")
    assert ours.fen() == theirs.fen() and ours.status() == theirs.status() == chess.STATUS_OPPOSITE_CHECK


SHIFTS = ["shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right", "shift_left",
          "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left", "shift_down_right"]


@pytest.mark.parametrize("chess960", [False, True])
def test_more_board_helpers(chess960):
    for i, (theirs, ours) in enumerate(positions(13, games=6, chess960=chess960)):
        assert ours.checkers_mask() == theirs.checkers_mask()
        assert ours.castling_xfen() == theirs.castling_xfen()
        assert ours.castling_shredder_fen() == theirs.castling_shredder_fen() and ours.shredder_fen() == theirs.shredder_fen()
        assert ours.clean_castling_rights() == theirs.clean_castling_rights()
        assert ours.was_into_check() == theirs.was_into_check() is False
        assert ours.has_pseudo_legal_en_passant() == theirs.has_pseudo_legal_en_passant()
        for piece_type in chess.PIECE_TYPES:
            assert ours.pieces_mask(piece_type, chess.WHITE) == theirs.pieces_mask(piece_type, chess.WHITE)
        for square in (chess.E4, chess.D5, chess.F7, chess.C2):
            assert ours.attackers_mask(chess.BLACK, square) == theirs.attackers_mask(chess.BLACK, square)
        for name in ["generate_pseudo_legal_captures", "generate_pseudo_legal_ep", "generate_legal_ep", "generate_castling_moves"]:
            assert uci(getattr(ours, name)()) == uci(getattr(theirs, name)()), name
        if i % 10 == 0:
            their_copy, our_copy = theirs.copy(), ours.copy()
            their_copy.apply_mirror()
            our_copy.apply_mirror()
            assert our_copy.fen() == their_copy.fen()
            their_copy.reset_board()
            our_copy.reset_board()
            assert our_copy.fen() == their_copy.fen()
            move = next(iter(sorted(theirs.legal_moves, key=lambda m: m.uci())), None)
            if move is not None:
                their_copy, our_copy = theirs.copy(), ours.copy()
                assert our_copy.san_and_push(ox88.Move.from_uci(move.uci())) == their_copy.san_and_push(move)
                assert our_copy.fen() == their_copy.fen()


def test_shifts_knight_distances_and_set_operations():
    rng = random.Random(9)
    for _ in range(300):
        a, b = rng.getrandbits(64), rng.getrandbits(64)
        for name in SHIFTS:
            assert getattr(ox88, name)(a) == getattr(chess, name)(a), name
        ours, theirs = ox88.SquareSet(a), chess.SquareSet(a)
        for name in ["union", "intersection", "difference", "symmetric_difference"]:
            assert int(getattr(ours, name)(b)) == int(getattr(theirs, name)(b)), name
        for name in ["intersection_update", "difference_update", "symmetric_difference_update"]:
            mine, other = ox88.SquareSet(a), chess.SquareSet(a)
            getattr(mine, name)(b)
            getattr(other, name)(b)
            assert int(mine) == int(other), name
    small = rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
    assert list(ox88.SquareSet(small).carry_rippler()) == list(chess.SquareSet(small).carry_rippler())
    for a in range(64):
        for b in range(64):
            assert ox88.square_knight_distance(a, b) == chess.square_knight_distance(a, b), (a, b)


def test_chess960_start_positions_are_recognised():
    rng = random.Random(960)
    for n in [0, 518, 959] + [rng.randrange(960) for _ in range(12)]:
        theirs, ours = chess.Board.from_chess960_pos(n), ox88.Board.from_chess960_pos(n)
        for kwargs in [{}, {"ignore_counters": False}, {"ignore_turn": True}, {"ignore_castling": True}]:
            assert ours.chess960_pos(**kwargs) == theirs.chess960_pos(**kwargs) == n
        knights = sorted(m.uci() for m in theirs.legal_moves if theirs.piece_type_at(m.from_square) == chess.KNIGHT)
        for uci in [knights[0], "e7e6" if n % 2 else "d7d6"]:
            theirs.push(chess.Move.from_uci(uci))
            ours.push(ox88.Move.from_uci(uci))
            for kwargs in [{}, {"ignore_counters": False}, {"ignore_turn": True}, {"ignore_castling": True}]:
                assert ours.chess960_pos(**kwargs) == theirs.chess960_pos(**kwargs), (theirs.fen(), kwargs)
    for theirs, ours in positions(21, games=3):
        assert ours.chess960_pos() == theirs.chess960_pos()


def test_python_chess_s_attack_tables_and_board_attributes():
    assert ox88.BB_KNIGHT_ATTACKS == chess.BB_KNIGHT_ATTACKS and ox88.BB_KING_ATTACKS == chess.BB_KING_ATTACKS
    assert ox88.BB_PAWN_ATTACKS == chess.BB_PAWN_ATTACKS and ox88.BB_RAYS == chess.BB_RAYS
    assert ox88.BB_PAWN_ATTACKS[ox88.WHITE][ox88.E4] == chess.BB_D5 | chess.BB_F5
    for name in ["aliases", "one_king", "captures_compulsory", "connected_kings", "tbw_suffix", "tbz_suffix",
                 "tbw_magic", "tbz_magic", "pawnless_tbw_suffix", "pawnless_tbz_suffix", "pawnless_tbw_magic",
                 "pawnless_tbz_magic", "uci_variant", "xboard_variant", "starting_fen"]:
        assert getattr(ox88.Board, name) == getattr(chess.Board, name), name


def test_python_chess_s_engine_options_and_limits():
    import chess.engine
    import ox88.engine
    assert ox88.engine.MANAGED_OPTIONS == chess.engine.MANAGED_OPTIONS
    for name in ["MultiPV", "Ponder", "UCI_Chess960", "Hash", "Threads"]:
        ours = ox88.engine.Option(name, "spin", 1, 1, 2, [])
        assert ours.is_managed() == chess.engine.Option(name, "spin", 1, 1, 2, None).is_managed()
    assert ox88.engine.Limit(time=1.0, clock_id="game 1").clock_id == chess.engine.Limit(time=1.0, clock_id="game 1").clock_id
