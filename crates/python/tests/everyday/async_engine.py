"""Analyses a position with asyncio, as python-chess's documentation shows it."""

import asyncio
import shutil

import chess
import chess.engine


async def main() -> None:
    transport, engine = await chess.engine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish")
    await engine.configure({"Threads": 1, "Hash": 16})
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    info = await engine.analyse(board, chess.engine.Limit(depth=10))
    print(info["depth"], info["score"], board.san(info["pv"][0]))
    while not board.is_game_over() and board.fullmove_number < 12:
        result = await engine.play(board, chess.engine.Limit(nodes=1500))
        board.push(result.move)
    print(board.fen())
    await engine.quit()


asyncio.run(main())
