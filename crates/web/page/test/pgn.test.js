import { test } from "node:test"
import assert from "node:assert/strict"
import { readPgn, writePgn, mainLine, addMove, node, pathTo, START_FEN } from "../src/pgn.js"
import { sseParser, scoreText, whiteShare, readInfo, levelName } from "../src/engine.js"

const GAME = `[Event "Casual"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 (1... c5 2. Nf3 {Open Sicilian} (2. c3) d6) 2. Nf3 Nc6 3. Bb5 {[%clk 0:04:58]} a6 $1 ; a comment
4. Ba4 1-0`

test("a PGN with variations, comments and clocks becomes a tree", () => {
  const { headers, root } = readPgn(GAME)
  assert.equal(headers.White, "A")
  assert.equal(headers.Result, "1-0")
  assert.deepEqual(mainLine(root).map((n) => n.san), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"])
  const e4 = root.children[0]
  assert.deepEqual(e4.children.map((n) => n.san), ["e5", "c5"])
  const c5 = e4.children[1]
  assert.deepEqual(c5.children[0].children.map((n) => n.san), ["d6"])
  assert.deepEqual(c5.children.map((n) => n.san), ["Nf3", "c3"])
  assert.equal(c5.children[0].comment, "Open Sicilian")
  const bb5 = mainLine(root)[4]
  assert.equal(bb5.clock, 298000)
  assert.equal(bb5.comment, "")
  assert.deepEqual(pathTo(bb5).map((n) => n.uci), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"])
})

test("writing and reading again gives the same tree", () => {
  const { headers, root } = readPgn(GAME)
  const text = writePgn(headers, root)
  assert.match(text, /^\[Event "Casual"\]\n\[Site "\?"\]\n\[Date "\?\?\?\?\.\?\?\.\?\?"\]\n\[Round "\?"\]\n\[White "A"\]/)
  assert.match(text, /1\. e4 e5 \(1\.\.\. c5 2\. Nf3 \{Open Sicilian\} \(2\. c3\) 2\.\.\. d6\) 2\. Nf3/)
  assert.match(text, /3\. Bb5\s\{\[%clk 0:04:58\]\}\s3\.\.\. a6 4\. Ba4 1-0\n$/)
  const again = readPgn(text)
  const sans = (r) => JSON.stringify(r, (k, v) => (k === "parent" ? undefined : v))
  assert.equal(sans(again.root), sans(root))
})

test("a set-up position and illegal moves", () => {
  const { root } = readPgn(`[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *`)
  assert.deepEqual(mainLine(root).map((n) => n.san), ["e4", "Kd7"])
  assert.match(writePgn({}, root), /\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\]/)
  assert.throws(() => readPgn("1. e4 e5 2. Nf6"), /move 2\. Nf6: not legal here/)
  assert.throws(() => readPgn("1. e4 )"), /closes no variation/)
  assert.throws(() => readPgn('[FEN "not a fen"]\n\n1. e4'), /FEN tag/)
})

test("moves made on the board add variations, and a repeated move is not doubled", () => {
  const root = node(null, START_FEN, null)
  const e4 = addMove(root, "e4")
  assert.equal(addMove(root, "e2e4"), e4)
  const d4 = addMove(root, { from: "d2", to: "d4" })
  assert.deepEqual(root.children, [e4, d4])
  assert.equal(addMove(root, "e5"), null)
})

test("server-sent events are split into events, whatever the chunks", () => {
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
