"""Seeded random games, standard and Chess960, played by ox88 and python-chess side by side: after every ply both
must agree on the position (FEN, side to move, castling rights, en passant, clocks), the set of legal moves, every
predicate of the game's state, and the chosen move's SAN, LAN and kind. ``OX88_RANDOM_PLIES`` sets how many plies
(CI: 1,000,000), in eight pieces that pytest-xdist runs on all cores."""

import random

import chess
import pytest

import ox88

from conftest import scale

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 50",
    "8/8/4k3/8/2pP4/8/4K3/8 b - d3 0 40",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 96 70",
]


def state(board, claims, oracle):
    """Everything both libraries must agree on, as comparable values; the draw claims (which cost python-chess
    most) with ``claims``. For the ``oracle``, python-chess, what follows from its outcome is derived from it, once."""
    legal = sorted(m.uci() for m in board.legal_moves)
    outcome = board.outcome()
    claim = board.outcome(claim_draw=True) if claims else None
    if oracle:
        over, result = outcome is not None, outcome.result() if outcome else "*"
    else:
        over, result = board.is_game_over(), board.result()
    return (
        board.fen(),
        board.turn,
        board.castling_rights,
        board.ep_square,
        board.halfmove_clock,
        board.fullmove_number,
        legal,
        len(legal),
        board.is_check(),
        board.is_checkmate(),
        board.is_stalemate(),
        board.is_insufficient_material(),
        board.has_insufficient_material(chess.WHITE),
        board.has_insufficient_material(chess.BLACK),
        board.is_seventyfive_moves(),
        board.is_fivefold_repetition(),
        board.is_repetition(3),
        over,
        outcome and (outcome.termination.value, outcome.winner),
        claim and (claim.termination.value, claim.winner),
        result,
        sorted(board.checkers()),
        sorted(board.pieces(chess.KNIGHT, board.turn)),
        board.has_kingside_castling_rights(chess.WHITE),
        board.has_queenside_castling_rights(chess.BLACK),
    )


LEGAL, OVER = 6, 17


def move_facts(board, move):
    return (
        board.san(move),
        board.lan(move),
        board.is_capture(move),
        board.gives_check(move),
        board.is_en_passant(move),
        board.is_castling(move),
        board.is_zeroing(move),
    )


def play(seed, plies, chess960):
    """Plays random games until `plies` plies are compared; returns the count."""
    rng = random.Random(seed)
    done = 0
    while done < plies:
        if chess960:
            n = rng.randrange(960)
            theirs, ours = chess.Board.from_chess960_pos(n), ox88.Board.from_chess960_pos(n)
        else:
            fen = rng.choice(STARTS)
            theirs, ours = chess.Board(fen), ox88.Board(fen)
        for ply in range(rng.randrange(40, 400)):
            # The claims look at every move from here: every fifth ply, and near the fifty-move limit.
            claims = ply % 5 == 0 or theirs.halfmove_clock >= 96
            expected = state(theirs, claims, oracle=True)
            assert state(ours, claims, oracle=False) == expected, (theirs.fen(), [m.uci() for m in theirs.move_stack])
            done += 1
            if expected[OVER]:
                break
            move = chess.Move.from_uci(rng.choice(expected[LEGAL]))
            # Often step back to where a piece came from, so that repetitions happen.
            if theirs.move_stack and ply % 3 == 0:
                back = chess.Move(theirs.move_stack[-1].to_square, theirs.move_stack[-1].from_square)
                if len(theirs.move_stack) > 1:
                    back = chess.Move(theirs.move_stack[-2].to_square, theirs.move_stack[-2].from_square)
                if back in theirs.legal_moves:
                    move = back
            ours_move = ox88.Move.from_uci(move.uci())
            assert move_facts(ours, ours_move) == move_facts(theirs, move), (theirs.fen(), move.uci())
            theirs.push(move)
            ours.push(ours_move)
            if rng.random() < 0.02:
                theirs.pop(), ours.pop()
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    return done


# The plies are cut into pieces, each a test of its own with its own seed, so that pytest-xdist spreads them over
# the machine's cores with the other tests (CI: `pytest -n auto`). Standard chess gets three quarters of them.
PIECES = [(False, i) for i in range(6)] + [(True, i) for i in range(2)]


@pytest.mark.parametrize("chess960, piece", PIECES, ids=[f"{'chess960' if c else 'standard'}-{i}" for c, i in PIECES])
def test_random_games_agree_with_python_chess(chess960, piece):
    total = scale("OX88_RANDOM_PLIES", 20_000)
    plies = -(-total // len(PIECES))
    assert play(1000 * int(chess960) + piece, plies, chess960) >= plies
