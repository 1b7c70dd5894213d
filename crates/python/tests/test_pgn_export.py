"""ox88.pgn's visitors and exporters against python-chess's: every game of the repository's PGN files written
alike by StringExporter (with and without headers, comments, variations; wrapped or on one line), FileExporter and
str(game); a visitor of our own sees the same calls in the same order; read_game(handle, Visitor=...)."""

import io

import chess
import chess.pgn
import pytest

import ox88
import ox88.pgn

from conftest import ROOT

FILES = sorted((ROOT / "tests/data/pgn").glob("*.pgn")) + [ROOT / "crates/pgn/tests/python/annotations.pgn",
                                                             ROOT / "tests/data/book/games.pgn"]
LAYOUTS = [{}, {"columns": None}, {"headers": False}, {"comments": False}, {"variations": False},
           {"columns": 40, "comments": False, "variations": False}]


def games(path, module):
    handle = io.StringIO(path.read_text(encoding="utf-8", errors="replace"))
    # The first 300 games of each file: python-chess's side of the comparison is the slow one.
    for _ in range(300):
        game = module.pgn.read_game(handle)
        if game is None:
            return
        yield game


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_exporters_write_what_python_chess_writes(path):
    count = 0
    for ours, theirs in zip(games(path, ox88), games(path, chess), strict=True):
        count += 1
        assert str(ours) == str(theirs)
        assert str(ours.mainline_moves()) == str(theirs.mainline_moves())
        for layout in LAYOUTS:
            assert ours.accept(ox88.pgn.StringExporter(**layout)) == theirs.accept(chess.pgn.StringExporter(**layout))
        ours_file, theirs_file = io.StringIO(), io.StringIO()
        assert ours.accept(ox88.pgn.FileExporter(ours_file)) == theirs.accept(chess.pgn.FileExporter(theirs_file))
        assert ours_file.getvalue() == theirs_file.getvalue()
        if ours.variations:
            node = ours.next().next() or ours.next()
            other = theirs.next().next() or theirs.next()
            assert node.accept(ox88.pgn.StringExporter()) == other.accept(chess.pgn.StringExporter())
            assert node.accept_subgame(ox88.pgn.StringExporter()) == other.accept_subgame(chess.pgn.StringExporter())
    assert count > 0


def recorder(module):
    """A visitor that writes down every call it gets."""

    class Recorder(module.pgn.BaseVisitor):
        def __init__(self):
            self.calls = []

        def visit_header(self, tagname, tagvalue):
            self.calls.append(("header", tagname, tagvalue))

        def end_headers(self):
            self.calls.append(("end_headers",))

        def visit_move(self, board, move):
            self.calls.append(("move", board.fen(), move.uci()))

        def visit_board(self, board):
            self.calls.append(("board", board.fen()))

        def visit_comment(self, comment):
            self.calls.append(("comment", comment))

        def visit_nag(self, nag):
            self.calls.append(("nag", nag))

        def begin_variation(self):
            self.calls.append(("begin_variation",))
            return module.pgn.SKIP if len(self.calls) % 3 == 0 else None

        def end_variation(self):
            self.calls.append(("end_variation",))

        def visit_result(self, result):
            self.calls.append(("result", result))

        def result(self):
            return self.calls

    return Recorder


def test_a_visitor_gets_the_same_calls():
    path = ROOT / "crates/pgn/tests/python/annotations.pgn"
    ours_visitor, theirs_visitor = recorder(ox88), recorder(chess)
    for ours, theirs in zip(games(path, ox88), games(path, chess), strict=True):
        assert ours.accept(ours_visitor()) == theirs.accept(theirs_visitor())
        assert ours.mainline().accept(ours_visitor()) == theirs.mainline().accept(theirs_visitor())
    text = path.read_text(encoding="utf-8")
    ours_handle, theirs_handle = io.StringIO(text), io.StringIO(text)
    while True:
        theirs = chess.pgn.read_game(theirs_handle, Visitor=chess.pgn.StringExporter)
        ours = ox88.pgn.read_game(ours_handle, Visitor=ox88.pgn.StringExporter)
        assert ours == theirs
        if theirs is None:
            break


def test_mainlines_are_sequences_again():
    text = "1. e4 { [%clk 0:01:00] } e5 2. Nf3 $1 Nc6 *\n"
    ours, theirs = ox88.pgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    for a, b in [(ours.mainline(), theirs.mainline()), (ours.mainline_moves(), theirs.mainline_moves())]:
        assert str(a) == str(b) and bool(a) == bool(b)
        assert [str(x) for x in a] == [str(x) for x in list(b)] == [str(x) for x in a]
        assert [str(x) for x in reversed(a)] == [str(x) for x in reversed(b)]
    assert repr(ours.mainline_moves()).split(" (")[1] == repr(theirs.mainline_moves()).split(" (")[1]
    assert repr(ours.next()).split(" (")[1] == repr(theirs.next()).split(" (")[1]
    assert [n.eval() for n in ours.mainline()] == [None] * 4
