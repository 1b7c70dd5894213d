"""``Game.time_control()`` against python-chess's: the tags of the repository's games and the PGN standard's
forms, with their parts, types and errors."""

import io

import chess.pgn
import pytest

import ox88.pgn
from conftest import ROOT

TAGS = ["", "?", "-", "300", "300+2", "180+0", "60+1", "600+5", "900", "3599+0.5", "40/5400+30:1800+30",
        "40/7200:20/3600:900", "300+3d", "120+2D", "40/9000:1800", "0+1", "5400"]
BAD = ["abc", "40/", "300:60", "300+x", "40/7200:3600:20/60"]


def same(theirs, ours):
    assert ours.type.name == theirs.type.name
    assert [(p.moves, p.time, p.increment, p.delay) for p in ours.parts] == \
        [(p.moves, p.time, p.increment, p.delay) for p in theirs.parts]


@pytest.mark.parametrize("tag", TAGS)
def test_time_controls_read_as_python_chess_reads_them(tag):
    theirs, ours = chess.pgn.Game(), ox88.pgn.Game()
    if tag:
        theirs.headers["TimeControl"] = ours.headers["TimeControl"] = tag
    same(theirs.time_control(), ours.time_control())
    assert isinstance(ours.time_control(), ox88.pgn.TimeControl)


@pytest.mark.parametrize("tag", BAD)
def test_bad_time_controls_raise_value_errors(tag):
    with pytest.raises(ValueError):
        chess.pgn.parse_time_control(tag)
    with pytest.raises(ValueError):
        ox88.pgn.parse_time_control(tag)


def test_the_repository_s_games_have_python_chess_s_time_controls():
    seen = 0
    for path in sorted((ROOT / "tests/data/pgn").glob("*.pgn")):
        text = path.read_text(encoding="utf-8", errors="replace")
        theirs_file, ours_file = io.StringIO(text), io.StringIO(text)
        for _ in range(300):
            theirs, ours = chess.pgn.read_headers(theirs_file), ox88.pgn.read_headers(ours_file)
            if theirs is None:
                break
            tag = theirs.get("TimeControl", "")
            try:
                expected = chess.pgn.parse_time_control(tag)
            except ValueError:
                with pytest.raises(ValueError):
                    ox88.pgn.parse_time_control(ours.get("TimeControl", ""))
                continue
            same(expected, ox88.pgn.parse_time_control(ours.get("TimeControl", "")))
            seen += 1
    assert seen > 0
