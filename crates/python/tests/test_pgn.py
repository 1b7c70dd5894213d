"""ox88.pgn against python-chess: the repository's PGN files (real games with clocks and evaluations, comments,
NAGs, variations, Chess960) read alike, node for node; ox88's export read back by python-chess is the same game;
trees built and edited by hand behave alike."""

import io

import chess
import chess.pgn
import pytest

import ox88
import ox88.engine
import ox88.pgn

from conftest import ROOT

FILES = sorted((ROOT / "tests/data/pgn").glob("*.pgn")) + [ROOT / "crates/pgn/tests/python/annotations.pgn"]


def nodes(game):
    """Every node of a tree, depth first, as comparable values."""
    out, stack = [], [game]
    while stack:
        node = stack.pop()
        move = node.move.uci() if node.move else None
        evaluation = node.eval()
        out.append((move, node.comment, node.starting_comment, sorted(node.nags), node.clock(),
                    evaluation and (evaluation.white().score(), evaluation.white().mate()), node.eval_depth(),
                    len(node.variations), node.ply(), node.is_mainline()))
        stack.extend(reversed(node.variations))
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_files_read_as_python_chess_reads_them(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    ours_handle, theirs_handle = io.StringIO(text), io.StringIO(text)
    games = 0
    while True:
        theirs = chess.pgn.read_game(theirs_handle)
        ours = ox88.pgn.read_game(ours_handle)
        if theirs is None:
            assert ours is None
            break
        games += 1
        assert list(ours.headers.items()) == list(theirs.headers.items())
        assert nodes(ours) == nodes(theirs), (games, dict(theirs.headers))
        assert bool(ours.errors) == bool(theirs.errors), (ours.errors, theirs.errors)
        assert ours.end().board().fen() == theirs.end().board().fen()
        # Written by ox88, read by python-chess: the same game.
        again = chess.pgn.read_game(io.StringIO(str(ours)))
        assert list(again.headers.items()) == list(theirs.headers.items()) or sorted(again.headers.items()) == sorted(theirs.headers.items())
        assert [m.uci() for m in again.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
        # Export format wraps lines, inside comments too: python-chess keeps those line breaks.
        assert [" ".join(n.comment.split()) for n in again.mainline()] == [" ".join(n.comment.split()) for n in theirs.mainline()]
    assert games > 0


def test_headers_only_and_skipping():
    text = (ROOT / "tests/data/pgn/twic1599_1000k.pgn").read_text(encoding="utf-8", errors="replace")
    ours, theirs = io.StringIO(text), io.StringIO(text)
    for _ in range(20):
        assert dict(ox88.pgn.read_headers(ours)) == dict(chess.pgn.read_headers(theirs))


def test_an_illegal_move_keeps_the_moves_before_it():
    text = "1. e4 e5 2. Ke3 Nc6 *\n"
    ours, theirs = ox88.pgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()] == ["e2e4", "e7e5"]
    assert ours.errors and isinstance(ours.errors[0], ValueError) and "Ke3" in str(ours.errors[0])


def test_trees_built_by_hand():
    game = ox88.pgn.Game()
    game.headers["White"] = "Kasparov"
    node = game.add_variation(ox88.Move.from_uci("e2e4"))
    node.comment = "best by test"
    node.set_clock(179.5)
    node.set_eval(ox88.engine.PovScore(ox88.engine.Cp(-30), ox88.BLACK), depth=20)
    alt = game.add_variation(ox88.Move.from_uci("d2d4"), nags=[ox88.pgn.NAG_DUBIOUS_MOVE])
    reply = node.add_main_variation(ox88.Move.from_uci("c7c5"))
    assert node.clock() == 179.5 and node.eval() == ox88.engine.PovScore(ox88.engine.Cp(30), ox88.WHITE)
    assert node.eval_depth() == 20 and reply.san() == "c5" and alt.starts_variation() and not alt.is_mainline()
    assert reply.board().fen() == "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    with pytest.raises(ox88.IllegalMoveError):
        reply.add_variation(ox88.Move.from_uci("e1e3"))
    theirs = chess.pgn.read_game(io.StringIO(str(game)))
    assert theirs.headers["White"] == "Kasparov"
    assert [m.uci() for m in theirs.mainline_moves()] == ["e2e4", "c7c5"]
    assert theirs.next().clock() == 179.5 and theirs.next().eval().white() == chess.engine.Cp(30)
    assert theirs.variations[1].nags == {ox88.pgn.NAG_DUBIOUS_MOVE}
    game.promote_to_main(alt)
    assert game.next().move == ox88.Move.from_uci("d2d4")
    board = ox88.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    fools = ox88.pgn.Game.from_board(board)
    assert fools.headers["Result"] == "0-1" and str(fools).endswith("1. f3 e5 2. g4 Qh4# 0-1")
    assert str(fools.mainline_moves()) == "1. f3 e5 2. g4 Qh4#"
