// The seed's stack, for docs/server.md: a rules service on express + chess.js, written the way the seed's
// legal-moves microservice is (one Node.js process, chess.js doing the rules), answering the same requests as
// ox88-server's Position and Play endpoints with the same fields.
//
// usage: node server.js PORT
'use strict';
const express = require('express');
const { Chess } = require('chess.js');

const app = express();
app.use(express.json({ limit: '64kb' }));

// Plays `text` (SAN, or UCI like "e2e4"/"e7e8q") on `chess`, returning chess.js's move or throwing.
function play(chess, text) {
  const uci = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(text);
  return chess.move(uci ? { from: uci[1], to: uci[2], promotion: uci[3] } : text);
}

function start(body) {
  const chess = body.fen ? new Chess(body.fen) : new Chess();
  return chess;
}

function error(res, status, message, field) {
  res.status(status).json({ error: { code: 'invalid', message, field: field ?? null } });
}

const PIECES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

app.post('/api/v1/position', (req, res) => {
  let chess;
  try {
    chess = start(req.body);
  } catch (e) {
    return error(res, 422, e.message, 'fen');
  }
  const moves = req.body.moves || [];
  for (let i = 0; i < moves.length; i++) {
    try {
      play(chess, moves[i]);
    } catch (e) {
      return error(res, 422, `move ${i} ${JSON.stringify(moves[i])}: ${e.message}`, `moves[${i}]`);
    }
  }
  const legal = chess.moves({ verbose: true }).map((m) => ({
    uci: m.lan,
    san: m.san,
    from: m.from,
    to: m.to,
    piece: PIECES[m.piece],
    captured: m.captured ? PIECES[m.captured] : null,
    promotion: m.promotion ? PIECES[m.promotion] : null,
    capture: m.isCapture(),
    en_passant: m.isEnPassant(),
    castling: m.isKingsideCastle() ? 'kingside' : m.isQueensideCastle() ? 'queenside' : null,
    check: m.san.endsWith('+') || m.san.endsWith('#'),
    mate: m.san.endsWith('#'),
  }));
  res.json({
    fen: chess.fen(),
    side_to_move: chess.turn() === 'w' ? 'white' : 'black',
    moves: legal,
    state: {
      check: chess.inCheck(),
      checkmate: chess.isCheckmate(),
      stalemate: chess.isStalemate(),
      insufficient_material: chess.isInsufficientMaterial(),
      threefold_repetition: chess.isThreefoldRepetition(),
      draw: chess.isDraw(),
    },
  });
});

app.post('/api/v1/play', (req, res) => {
  let chess;
  try {
    chess = start(req.body);
  } catch (e) {
    return error(res, 422, e.message, 'fen');
  }
  const startFen = chess.fen();
  const plies = [];
  const moves = req.body.moves || [];
  for (let i = 0; i < moves.length; i++) {
    let m;
    try {
      m = play(chess, moves[i]);
    } catch (e) {
      return error(res, 422, `move ${i} ${JSON.stringify(moves[i])}: ${e.message}`, `moves[${i}]`);
    }
    plies.push({ index: i, san: m.san, uci: m.lan, fen: m.after });
  }
  res.json({ start_fen: startFen, plies, fen: chess.fen() });
});

const port = Number(process.argv[2] || 8089);
app.listen(port, '127.0.0.1', () => console.log(`express + chess.js on ${port}`));
