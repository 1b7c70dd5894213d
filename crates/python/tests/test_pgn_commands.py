"""Comment commands beyond clocks and evaluations, against python-chess: [%emt] and the drawings [%csl]/[%cal],
read from comments and written into them."""

import chess
import chess.pgn
import chess.svg
import pytest

import ox88
import ox88.pgn
import ox88.svg

COMMENTS = [
    "", "hello", "[%emt 0:00:05]", "a [%emt 1:02:03.25] b", "[%emt 0:00:07]x", "x [%emt 0:00:01][%emt 0:00:02]",
    "[%csl Ga1][%cal Ra1h8,Yb2b4] hi", "hi [%cal Bh1a8]", "[%csl Ga1,Rb2] [%clk 0:01:00] [%emt 0:00:09]",
    "[%cal Xa1a2] not a drawing", "[%csl Ga1]\nnext line",
]
SETTINGS = [None, 0, 5, 61.5, 3725.125, 0.0004]
DRAWINGS = [[], [(0, 63)], [(12, 12), (1, 2)], "arrows"]


def drawn(arrows):
    return [(a.tail, a.head, a.color) for a in arrows]


@pytest.mark.parametrize("comment", COMMENTS)
def test_commands_read_and_written_alike(comment):
    ours, theirs = ox88.pgn.Game().add_variation(ox88.Move.from_uci("e2e4")), chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"))
    ours.comment = theirs.comment = comment
    assert ours.emt() == theirs.emt() and drawn(ours.arrows()) == drawn(theirs.arrows())
    for seconds in SETTINGS:
        ours.comment = theirs.comment = comment
        ours.set_emt(seconds)
        theirs.set_emt(seconds)
        assert ours.comment == theirs.comment and ours.emt() == theirs.emt()
    for drawing in DRAWINGS:
        ours.comment = theirs.comment = comment
        if drawing == "arrows":
            ours.set_arrows([ox88.svg.Arrow(3, 40, "blue"), ox88.svg.Arrow(5, 5, "red"), ox88.svg.Arrow(6, 7, "purple")])
            theirs.set_arrows([chess.svg.Arrow(3, 40, color="blue"), chess.svg.Arrow(5, 5, color="red"), chess.svg.Arrow(6, 7, color="purple")])
        else:
            ours.set_arrows(drawing)
            theirs.set_arrows(drawing)
        assert ours.comment == theirs.comment and drawn(ours.arrows()) == drawn(theirs.arrows())
