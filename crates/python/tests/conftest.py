"""Shared settings of the package's tests: python-chess (the oracle) and the repository's data."""

import os
import pathlib
import random

import chess
import pytest

import ox88

ROOT = pathlib.Path(__file__).resolve().parents[3]
"""The repository's root."""


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


def scale(name: str, default: int) -> int:
    """A test's size, from the environment variable ``name`` (CI sets the full sizes)."""
    return int(os.environ.get(name, default))


def random_positions(seed, games, chess960, *, every=1, plies=(20, 160)):
    """The positions of ``games`` seeded random games (each of a random length in ``plies``), as (python-chess
    board, ox88 board) pairs, one every ``every`` plies; the moves are python-chess's choice."""
    rng = random.Random(seed)
    for _ in range(games):
        if chess960:
            n = rng.randrange(960)
            theirs, ours = chess.Board.from_chess960_pos(n), ox88.Board.from_chess960_pos(n)
        else:
            theirs, ours = chess.Board(), ox88.Board()
        for ply in range(rng.randrange(*plies)):
            if theirs.is_game_over():
                break
            if ply % every == 0:
                yield theirs, ours
            move = rng.choice(list(theirs.legal_moves))
            theirs.push(move)
            ours.push(ox88.Move.from_uci(move.uci()))
