#!/usr/bin/env python3
"""Cross-checks ox88-syzygy against python-chess's chess.syzygy.

For every table in DIR (or the names given with --tables), draws COUNT random
legal positions of its material (some with an en-passant capture, every one
with a random halfmove clock, some reached by a game that repeats positions),
probes them with the probe example of ox88-syzygy and with python-chess, and
compares the WDL, the DTZ and the root ranking (each legal move's DTZ from the
root and its result under the fifty-move rule; a move to a threefold
repetition is a draw). Prints the counts; exits 1 on any disagreement.

    cross_check.py PROBE_BINARY DIR [--count N] [--seed S] [--tables KQvK,KRvK]
"""
import argparse
import random
import subprocess
import sys

import chess
import chess.syzygy

ROLES = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}


def random_position(name, rng):
    """A random legal position of the material `name` (`KRPvKR`), either colour first."""
    first, second = name.split("v")
    if rng.random() < 0.5:
        first, second = second, first
    en_passant = "P" in first and "P" in second and rng.random() < 0.4
    while True:
        board = chess.Board(None)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        ok = True
        placed = {chess.WHITE: first, chess.BLACK: second}
        if en_passant:
            # The side not to move has just pushed a pawn two squares, beside
            # a pawn of the side to move.
            mover = not board.turn
            file = rng.randrange(8)
            beside = file + rng.choice([-1, 1])
            if not 0 <= beside < 8:
                continue
            rank = 3 if mover == chess.WHITE else 4
            board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, mover))
            board.set_piece_at(chess.square(beside, rank), chess.Piece(chess.PAWN, board.turn))
            board.ep_square = chess.square(file, rank - 1 if mover == chess.WHITE else rank + 1)
            placed = {color: side.replace("P", "", 1) for color, side in placed.items()}
        for color, side in placed.items():
            for letter in side:
                role = ROLES[letter]
                squares = [s for s in chess.SQUARES if board.piece_at(s) is None]
                if role == chess.PAWN:
                    squares = [s for s in squares if 1 <= chess.square_rank(s) <= 6]
                if not squares:
                    ok = False
                    break
                board.set_piece_at(rng.choice(squares), chess.Piece(role, color))
        if not ok or not board.is_valid():
            continue
        # Now and then, play a double push to reach a position with an
        # en-passant capture.
        if rng.random() < 0.4:
            pushes = [m for m in board.legal_moves
                      if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16]
            # Prefer a push beside an enemy pawn: it can be taken en passant.
            beside = [m for m in pushes if any(
                board.piece_at(s) == chess.Piece(chess.PAWN, not board.turn)
                for s in (m.to_square - 1, m.to_square + 1)
                if 0 <= s < 64 and chess.square_rank(s) == chess.square_rank(m.to_square))]
            pushes = beside or pushes
            if pushes:
                board.push(rng.choice(pushes))
                board = chess.Board(board.fen())
                if not board.is_valid():
                    continue
        board.halfmove_clock = rng.randrange(0, 100)
        if rng.random() < 0.3:
            repeat(board, rng)
        return board


def reversible(board, move):
    return move is not None and board.is_legal(move) and not board.is_zeroing(move) and move.promotion is None


def repeat(board, rng):
    """Plays 3 to 8 plies of two rounds of a four-ply cycle (a move, a
    reply, both taken back by moving the pieces home), so that the position
    has a game whose positions repeat, up to a threefold repetition that the
    next move can make or has made. Leaves the board as it is when no such
    cycle is found; keeps the halfmove clock below 100."""
    moves = [m for m in board.legal_moves if not board.is_zeroing(m)]
    rng.shuffle(moves)
    for first in moves[:8]:
        board.push(first)
        replies = [m for m in board.legal_moves if not board.is_zeroing(m)]
        rng.shuffle(replies)
        for reply in replies[:8]:
            board.push(reply)
            back = chess.Move(first.to_square, first.from_square)
            if reversible(board, back):
                board.push(back)
                home = chess.Move(reply.to_square, reply.from_square)
                ok = reversible(board, home)
                board.pop()
                if ok:
                    board.pop()
                    board.pop()
                    plies = rng.randrange(3, 9)
                    board.halfmove_clock = min(board.halfmove_clock, 99 - plies)
                    for move in ([first, reply, back, home] * 2)[:plies]:
                        board.push(move)
                    return
            board.pop()
        board.pop()


def game_line(board):
    """The board as the probe example reads it: the FEN of the game's start
    and its moves, as UCI's position command has them."""
    if not board.move_stack:
        return board.fen()
    moves = " ".join(m.uci() for m in board.move_stack)
    return f"{board.root().fen()} moves {moves}"


def sign(x):
    return (x > 0) - (x < 0)


def reference(tablebase, board):
    """WDL, DTZ and the root moves {uci: (dtz, wdl)} as python-chess gives
    them; each None where python-chess lacks a table."""
    def attempt(f):
        try:
            return f()
        except KeyError:
            return None
    return attempt(lambda: tablebase.probe_wdl(board)), attempt(lambda: tablebase.probe_dtz(board)), \
        attempt(lambda: root_moves(tablebase, board))


def root_moves(tablebase, board):
    clock = board.halfmove_clock
    moves = {}
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.halfmove_clock == 0:
                d = chess.syzygy.dtz_before_zeroing(-tablebase.probe_wdl(board))
            elif board.is_repetition(3):
                d = 0
            else:
                d = -tablebase.probe_dtz(board)
                d += sign(d)
            if board.is_checkmate():
                d = 1
        finally:
            board.pop()
        if d > 0:
            result = 2 if d + clock <= 100 else 1
        elif d < 0:
            result = -2 if clock - d <= 100 else -1
        else:
            result = 0
        moves[move.uci()] = (d, result)
    return moves


def is_threefold_after(board, uci):
    move = chess.Move.from_uci(uci)
    board.push(move)
    threefold = board.halfmove_clock > 0 and board.is_repetition(3)
    board.pop()
    return threefold


def rank(dtz, result):
    return {2: 100000 - dtz, 1: 50000 - dtz, 0: 0, -1: -50000 - dtz, -2: -100000 - dtz}[result]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("probe")
    parser.add_argument("directory")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--tables", default="")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tablebase = chess.syzygy.open_tablebase(args.directory)
    if args.tables:
        names = args.tables.split(",")
    else:
        names = sorted({n for n in tablebase.wdl} & {n for n in tablebase.dtz})
        names = [n for n in names if chess.syzygy.normalize_tablename(n) == n]

    boards = [(name, random_position(name, rng)) for name in names for _ in range(args.count)]
    fens = "".join(game_line(board) + "\n" for _, board in boards)
    out = subprocess.run([args.probe, args.directory], input=fens, capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    if len(lines) != len(boards):
        print(f"the prober answered {len(lines)} lines for {len(boards)} positions")
        return 1

    disagreements = compared = moves_compared = en_passant = missing = with_game = repetition_draws = 0
    per_table = {}
    for (name, board), line in zip(boards, lines):
        wdl, dtz, moves = reference(tablebase, board)
        compared += 1
        en_passant += board.has_legal_en_passant()
        with_game += bool(board.move_stack)
        per_table[name] = per_table.get(name, 0) + 1
        got_wdl, got_dtz, got_root = line.split(" ")
        problems = []
        # Where python-chess lacks a table (a promotion's, in the committed
        # subset) it raises; ox88 must raise too, or answer: the order in
        # which the two try moves decides whether the missing table is
        # needed first.
        if got_wdl != str(wdl) and not (wdl is None and got_wdl == "error"):
            problems.append(f"WDL {got_wdl}, python-chess {wdl}")
        if got_dtz != str(dtz) and dtz is not None:
            problems.append(f"DTZ {got_dtz}, python-chess {dtz}")
        if moves is None or got_root == "error":
            missing += 1
            if moves is not None:
                problems.append(f"root moves {got_root}, python-chess {moves}")
        else:
            moves_compared += len(moves)
            repetition_draws += sum(1 for m in moves if is_threefold_after(board, m))
            got_moves = []
            for item in got_root.split(",") if got_root else []:
                uci, d, r = item.split(":")
                got_moves.append((uci, int(d), int(r)))
            if {u: (d, r) for u, d, r in got_moves} != moves:
                problems.append(f"root moves {got_moves}, python-chess {moves}")
            ranks = [rank(*moves.get(u, (0, 0))) for u, _, _ in got_moves]
            if ranks != sorted(ranks, reverse=True):
                problems.append(f"root moves out of order: {got_moves}")
        if problems:
            disagreements += 1
            if disagreements <= 20:
                print(f"{game_line(board)} ({name}): " + "; ".join(problems))
    print(f"tables: {len(per_table)}; positions compared: {compared} (with en passant: {en_passant}; "
          f"with a game that repeats positions: {with_game}, its moves to a threefold repetition: {repetition_draws}); "
          f"root moves compared: {moves_compared}; "
          f"positions where both lack a table a move needs: {missing}; disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
