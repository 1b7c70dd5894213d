"""python-chess behind FastAPI, for docs/server.md: the same requests as ox88-server's Position and Play endpoints,
answered with the same fields.

usage: uvicorn --app-dir crates/server/peers/python app:app --port PORT --log-level warning
"""
from typing import List, Optional

import chess
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

app = FastAPI()

PIECES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop", chess.ROOK: "rook",
          chess.QUEEN: "queen", chess.KING: "king"}


class PositionInput(BaseModel):
    fen: Optional[str] = None
    moves: List[str] = []


def error(message: str, field: Optional[str]) -> JSONResponse:
    return JSONResponse(status_code=422, content={"error": {"code": "invalid", "message": message, "field": field}})


def play(board: chess.Board, text: str) -> chess.Move:
    try:
        move = chess.Move.from_uci(text)
        if move not in board.legal_moves:
            raise chess.IllegalMoveError(text)
    except (chess.InvalidMoveError, ValueError):
        move = board.parse_san(text)
    return move


def start(body: PositionInput) -> chess.Board:
    return chess.Board(body.fen) if body.fen else chess.Board()


@app.post("/api/v1/position")
def position(body: PositionInput):
    try:
        board = start(body)
    except ValueError as e:
        return error(str(e), "fen")
    for i, text in enumerate(body.moves):
        try:
            board.push(play(board, text))
        except ValueError as e:
            return error(f"move {i} {text!r}: {e}", f"moves[{i}]")
    moves = []
    for move in board.legal_moves:
        san = board.san(move)
        captured = None
        if board.is_en_passant(move):
            captured = "pawn"
        elif board.is_capture(move) and not board.is_castling(move):
            captured = PIECES[board.piece_type_at(move.to_square)]
        castling = None
        if board.is_kingside_castling(move):
            castling = "kingside"
        elif board.is_queenside_castling(move):
            castling = "queenside"
        moves.append({
            "uci": move.uci(), "san": san,
            "from": chess.square_name(move.from_square), "to": chess.square_name(move.to_square),
            "piece": PIECES[board.piece_type_at(move.from_square)], "captured": captured,
            "promotion": PIECES[move.promotion] if move.promotion else None,
            "capture": captured is not None, "en_passant": board.is_en_passant(move), "castling": castling,
            "check": san.endswith("+") or san.endswith("#"), "mate": san.endswith("#"),
        })
    return {
        "fen": board.fen(),
        "side_to_move": "white" if board.turn else "black",
        "moves": moves,
        "state": {
            "check": board.is_check(), "checkmate": board.is_checkmate(), "stalemate": board.is_stalemate(),
            "insufficient_material": board.is_insufficient_material(),
            "fifty_moves": board.can_claim_fifty_moves(), "threefold_repetition": board.can_claim_threefold_repetition(),
        },
    }


@app.post("/api/v1/play")
def play_moves(body: PositionInput):
    try:
        board = start(body)
    except ValueError as e:
        return error(str(e), "fen")
    start_fen = board.fen()
    plies = []
    for i, text in enumerate(body.moves):
        try:
            move = play(board, text)
        except ValueError as e:
            return error(f"move {i} {text!r}: {e}", f"moves[{i}]")
        san, uci = board.san(move), move.uci()
        board.push(move)
        plies.append({"index": i, "san": san, "uci": uci, "fen": board.fen()})
    return {"start_fen": start_fen, "plies": plies, "fen": board.fen()}
