"""ox88.syzygy, ox88.polyglot and ox88.svg against python-chess: WDL and DTZ of random positions of every
committed test table (en passant, halfmove clocks and repetitions included), the repository's Polyglot book, and
SVG pictures."""

import random
import re
import sys
import xml.etree.ElementTree as ElementTree

import chess
import chess.polyglot
import chess.svg
import chess.syzygy
import pytest

import ox88
import ox88.polyglot
import ox88.svg
import ox88.syzygy

from conftest import ROOT, scale

TABLES = ROOT / "crates/syzygy/tests/data"
sys.path.insert(0, str(ROOT / "crates/syzygy/tests/python"))
from cross_check import random_position  # noqa: E402  (the syzygy crate's own generator of test positions)


def ours_of(board):
    ours = ox88.Board(board.root().fen())
    for move in board.move_stack:
        ours.push(ox88.Move.from_uci(move.uci()))
    return ours


@pytest.mark.parametrize("name", sorted({p.stem for p in TABLES.glob("*.rtbw")}))
def test_syzygy_probes_agree_with_python_chess(name):
    rng = random.Random(name)
    with chess.syzygy.open_tablebase(str(TABLES)) as theirs, ox88.syzygy.open_tablebase(str(TABLES)) as ours:
        compared = 0
        for _ in range(scale("OX88_SYZYGY_POSITIONS", 60)):
            board = random_position(name, rng)
            mine = ours_of(board)
            # Where python-chess lacks a table (a promotion's, in the committed subset) it raises; ox88 must
            # raise too, or answer: the order in which the two try moves decides whether it is needed first.
            for probe in ("probe_wdl", "probe_dtz"):
                try:
                    expected = getattr(theirs, probe)(board)
                except KeyError:
                    continue
                assert getattr(ours, probe)(mine) == expected, (probe, board.fen(), [m.uci() for m in board.move_stack])
                compared += 1
        assert compared > 0


def test_a_missing_table_is_a_key_error():
    with ox88.syzygy.open_tablebase(str(TABLES)) as tables:
        board = ox88.Board("8/8/8/3k4/8/8/8/KBBN4 w - - 0 1")
        with pytest.raises(KeyError):
            tables.probe_wdl(board)
        assert tables.get_dtz(board) is None
        with pytest.raises(ox88.syzygy.MissingTableError):
            tables.probe_wdl(ox88.Board())


def test_polyglot_book_and_keys():
    book = ROOT / "tests/data/book/games.bin"
    rng = random.Random(7)
    with chess.polyglot.open_reader(str(book)) as theirs, ox88.polyglot.open_reader(str(book)) as ours:
        for _ in range(30):
            board, mine = chess.Board(), ox88.Board()
            for _ in range(rng.randrange(0, 8)):
                entries = list(theirs.find_all(board))
                if not entries:
                    break
                entry = rng.choice(entries)
                board.push(entry.move)
                mine.push(ox88.Move.from_uci(entry.move.uci()))
            assert ox88.polyglot.zobrist_hash(mine) == chess.polyglot.zobrist_hash(board)
            expected = [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in theirs.find_all(board)]
            assert [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in ours.find_all(mine)] == expected
            if expected:
                assert ours.find(mine).weight == theirs.find(board).weight
            else:
                with pytest.raises(IndexError):
                    ours.find(mine)


def test_svg_pictures():
    board = ox88.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
    picture = ox88.svg.board(board, size=300, lastmove=ox88.Move.from_uci("h5f7"), check=ox88.E8,
                             arrows=[ox88.svg.Arrow(ox88.E2, ox88.E4, "red"), (ox88.A1, ox88.A3)], fill={ox88.D4: "yellow"},
                             orientation=ox88.BLACK)
    root = ElementTree.fromstring(picture)
    assert root.tag.endswith("svg") and root.get("width") == "300"
    assert "lastmove" in picture and "check" in picture and picture.count("arrow") >= 2
    assert ox88.svg.board(board) != ox88.svg.board(board, flipped=True)
    with pytest.raises(ValueError):
        ox88.svg.board(board, arrows=[ox88.svg.Arrow(ox88.E2, ox88.E4, "#123456")])


def drawn_pieces(picture):
    """The pieces an SVG picture draws: (piece, x, y) of each ``<use href="#white-pawn" ... translate(x, y)>``."""
    found = re.findall(r'<use href="#([a-z]+-[a-z]+)"[^>]*transform="translate\(([\d.]+),\s*([\d.]+)\)"', picture)
    return sorted((piece, float(x), float(y)) for piece, x, y in found)


def setting_up(lib):
    """Boards being set up, which are no positions: empty, kings missing or too many, a pawn on a back rank."""
    empty = lib.Board.empty()
    edited = lib.Board.empty()
    for square, symbol in [(lib.E4, "P"), (lib.A1, "k"), (lib.H8, "k"), (lib.D1, "p"), (lib.G7, "Q")]:
        edited.set_piece_at(square, lib.Piece.from_symbol(symbol))
    start = lib.Board()
    start.remove_piece_at(lib.E1)
    return [empty, edited, start, lib.Board("8/8/8/8/8/8/8/8 w - - 0 1"), lib.Board("RNBQKBNR/8/8/8/8/8/8/rnbqkbnr b - - 0 1")]


@pytest.mark.parametrize("orientation", [True, False])
def test_svg_of_boards_being_set_up_draws_python_chess_s_pieces(orientation):
    for ours, theirs in zip(setting_up(ox88), setting_up(chess)):
        picture = ox88.svg.board(ours, orientation=orientation)
        assert ElementTree.fromstring(picture).tag.endswith("svg")
        assert drawn_pieces(picture) == drawn_pieces(chess.svg.board(theirs, orientation=orientation))
        assert "check" not in picture.split("</defs>")[-1]
    # A position is drawn with the same pieces where they stand as well.
    fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    ours, theirs = ox88.svg.board(ox88.Board(fen), orientation=orientation), chess.svg.board(chess.Board(fen), orientation=orientation)
    assert drawn_pieces(ours) == drawn_pieces(theirs) and len(drawn_pieces(ours)) == 31
