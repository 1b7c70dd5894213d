"""Shared settings of the package's tests: python-chess (the oracle) and the repository's data."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
"""The repository's root."""


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


def scale(name: str, default: int) -> int:
    """A test's size, from the environment variable ``name`` (CI sets the full sizes)."""
    return int(os.environ.get(name, default))
