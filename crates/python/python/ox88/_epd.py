"""EPD operations as python-chess reads and writes them: ``Board.set_epd``, ``Board.from_epd`` and
``Board.epd(**operations)`` give and take a dictionary of opcodes and operands."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Dict, Iterable, List, Mapping, Tuple, Union

from ._core import Move

if TYPE_CHECKING:
    from ._board import Board

Operand = Union[None, str, int, float, Move, List[Move]]
"""An operation's value: ``None`` (no operand), text, a number, a move, or a list of moves (``bm``, ``am``,
``pv``)."""

_MOVE_LISTS = ("bm", "am", "pv")
_ESCAPES = {"r": "\r", "n": "\n", "t": "\t"}


def check_opcode(opcode: str) -> None:
    """``ValueError`` unless ``opcode`` is an EPD opcode: a letter, then anything but white space."""
    if not opcode or opcode == "-":
        raise ValueError(f"not an EPD opcode: {opcode!r}")
    if not opcode[0].isalpha():
        raise ValueError(f"an EPD opcode starts with a letter: {opcode!r}")
    if any(c in opcode for c in " \t\r\n"):
        raise ValueError(f"white space in EPD opcode {opcode!r}")


def _tokens(text: str) -> Iterable[Tuple[str, str, str]]:
    """The operations of ``text`` as (opcode, kind, operand): kind is ``""`` (no operand), ``"string"``,
    ``"number"`` or ``"moves"``. An operation ends at ``;`` (inside quotes, at the closing quote) or at the end."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n;":
            i += 1
        start = i
        while i < n and text[i] not in " \t\r\n;":
            i += 1
        opcode = text[start:i]
        if not opcode:
            break
        if opcode == "-":
            continue
        while i < n and text[i] in " \t\r\n":
            i += 1
        if i >= n or text[i] == ";":
            yield opcode, "", ""
            i += 1
            continue
        check_opcode(opcode)
        if text[i] == '"':
            i += 1
            chars: List[str] = []
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    i += 1
                    chars.append(_ESCAPES.get(text[i], text[i]))
                elif text[i] != "\\":
                    chars.append(text[i])
                i += 1
            yield opcode, "string", "".join(chars)
            i += 1
            continue
        start = i
        while i < n and text[i] != ";":
            i += 1
        kind = "number" if text[start] in "+-.0123456789" else "moves"
        yield opcode, kind, text[start:i]
        i += 1


def read_operations(text: str, board: Board) -> Dict[str, Operand]:
    """The operations of an EPD line after its four position fields, move operands read on ``board`` (a board
    of that position, left as it was)."""
    found: Dict[str, Operand] = {}
    for opcode, kind, operand in _tokens(text):
        if kind == "":
            found[opcode] = [] if opcode in _MOVE_LISTS else None
        elif kind == "string":
            found[opcode] = operand
        elif kind == "number":
            if any(c in operand for c in ".eE"):
                number = float(operand)
                if not math.isfinite(number):
                    raise ValueError(f"EPD operation {opcode!r}: not a finite number: {operand!r}")
                found[opcode] = number
            else:
                found[opcode] = int(operand)
        elif opcode == "pv":
            line: List[Move] = []
            for token in operand.split():
                line.append(board.push_xboard(token))
            for _ in line:
                board.pop()
            found[opcode] = line
        elif opcode in ("bm", "am"):
            found[opcode] = [board.parse_xboard(token) for token in operand.split()]
        else:
            found[opcode] = board.parse_xboard(operand.strip())
    return found


def write_operations(board: Board, operations: Mapping[str, object]) -> str:
    """``operations`` as EPD writes them after the position (moves in SAN on ``board``)."""
    parts: List[str] = []
    for opcode, operand in operations.items():
        check_opcode(opcode)
        if operand is None:
            parts.append(f"{opcode};")
        elif isinstance(operand, Move):
            parts.append(f"{opcode} {board.san(operand)};")
        elif isinstance(operand, (int, float)) and not isinstance(operand, bool):
            if isinstance(operand, float) and not math.isfinite(operand):
                raise ValueError(f"EPD operation {opcode!r}: not a finite number: {operand}")
            parts.append(f"{opcode} {operand};")
        elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
            line = board.copy(stack=False)
            sans = []
            for move in operand:
                sans.append(line.san(move))
                line.push(move)
            parts.append(" ".join([opcode, *sans]) + ";")
        elif opcode in ("bm", "am") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
            parts.append(" ".join([opcode, *sorted(board.san(m) for m in operand)]) + ";")
        else:
            text = str(operand)
            for raw, escaped in (("\\", "\\\\"), ("\t", "\\t"), ("\r", "\\r"), ("\n", "\\n"), ('"', '\\"')):
                text = text.replace(raw, escaped)
            parts.append(f'{opcode} "{text}";')
    return " ".join(parts)
