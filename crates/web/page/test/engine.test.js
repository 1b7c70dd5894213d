// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { sseParser, scoreText, whiteShare, readInfo, levelName } from "../src/engine.js"
import { clockText, endingText, kingSquare, turnOf } from "../src/notation.js"

test("server-sent events are split into events, whatever the chunks", () => {
  /** @type {string[][]} */
  const seen = []
  const feed = sseParser((event, data) => seen.push([event, data]))
  feed("event: info\ndata: {\"depth\":1}\n")
  feed("\nevent: info\r\ndata: {\"dep")
  feed("th\":2}\r\n\r\ndata: plain\n\n")
  assert.deepEqual(seen, [["info", '{"depth":1}'], ["info", '{"depth":2}'], ["message", "plain"]])
})

test("scores read from White's side", () => {
  const line = readInfo({ multipv: 1, depth: 3, score: { cp: 34, mate: null }, bound: "exact", pv_uci: ["e2e4"], pv_san: ["e4"] })
  assert.deepEqual([line.pv, line.san, line.bound], [["e2e4"], ["e4"], "exact"])
  assert.equal(scoreText(line, true), "+0.34")
  assert.equal(scoreText(line, false), "−0.34")
  assert.equal(scoreText(readInfo({ depth: 9, score: { mate: 3 } }), false), "#−3")
  assert.equal(whiteShare(readInfo({ depth: 9, score: { mate: -2 } }), true), 0)
  assert.ok(Math.abs(whiteShare(line, true) - 0.534) < 0.01)
})

test("levels are named by their measured Elo, else by their limits", () => {
  const measured = levelName({ level: 4, depth: 5, nodes: 20000, elo: { elo: 1920, margin: 102, games: 60 } })
  assert.equal(measured.name, "4 · Elo 1920 ± 102")
  assert.equal(measured.title, "depth 5, 20k nodes; measured in 60 games")
  const unmeasured = levelName({ level: 8, depth: 64, nodes: 10000000, elo: null })
  assert.equal(unmeasured.name, "8 · depth 64, 10M nodes")
})

test("clocks and endings read as people read them", () => {
  assert.equal(clockText(300000), "5:00")
  assert.equal(clockText(3723000), "1:02:03")
  assert.equal(clockText(9400), "0:09.4")
  assert.equal(clockText(-5), "0:00.0")
  assert.equal(endingText({ result: "0-1", winner: "black", termination: "checkmate" }), "Black wins by checkmate")
  assert.equal(endingText({ result: "1-0", winner: "white", termination: "timeout" }), "White wins by time")
  assert.equal(endingText({ result: "1/2-1/2", winner: null, termination: "threefold_repetition" }), "Draw by threefold repetition")
})

test("the board reads whose turn it is and where the king stands off the FEN", () => {
  const fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
  assert.equal(turnOf(fen), "w")
  assert.equal(kingSquare(fen, "w"), "e1")
  assert.equal(kingSquare("8/8/8/8/8/8/8/6k1 b - - 0 1", "b"), "g1")
  assert.equal(kingSquare("8/8/8/8/8/8/8/8 w - - 0 1", "w"), null)
})
