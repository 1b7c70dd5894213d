import { test } from "node:test"
import assert from "node:assert/strict"
import { withPosition, judgedPly, progressText, moveWords, reviewRequest, graphPoints, plyAt, scoreWords } from "../src/reviewstate.js"

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/**
 * A review of four moves: White's 2nd a mistake, Black's 1st and 2nd an inaccuracy and a blunder.
 * @returns {import("../src/reviewstate.js").ReviewReport}
 */
function report() {
  /** @param {number | null} win @returns {import("../src/reviewstate.js").ReviewedPosition} */
  const position = (win) => ({ fen: START, eval: win == null ? null : { cp: 0, mate: null }, win, best: { uci: "e2e4", san: "e4" }, line: [], depth: 10, knodes: 300 })
  /**
   * @param {number} ply
   * @param {string} san
   * @param {import("../src/reviewstate.js").Judgement | null} judgement
   * @returns {import("../src/reviewstate.js").ReviewedMove}
   */
  const move = (ply, san, judgement) => ({ ply, color: ply % 2 ? "black" : "white", uci: "e2e4", san, judgement, best: judgement ? { uci: "d2d4", san: "d4" } : null, comment: judgement ? `${judgement[0].toUpperCase()}${judgement.slice(1)}. d4 was best.` : null })
  return {
    id: "AAAAAAAAAA", fen: START, white: "W", black: null, result: "1-0", termination: null,
    moves: [move(0, "e4", null), move(1, "e5", "inaccuracy"), move(2, "Nf3", "mistake"), move(3, "f6", "blunder")],
    positions: [position(52), position(55), position(50), position(30), position(null)],
    players: { white: { accuracy: 80, inaccuracies: 0, mistakes: 1, blunders: 0 }, black: { accuracy: 60, inaccuracies: 1, mistakes: 0, blunders: 1 } },
    analysed: 4, complete: false, nodes: 300000, puzzles: [],
  }
}

test("an analysed position is folded into the review and counted", () => {
  const before = report()
  const after = withPosition(before, 4, { ...before.positions[0], win: 90 })
  assert.equal(after.analysed, 5)
  assert.equal(after.positions[4].win, 90)
  assert.equal(before.positions[4].win, null, "the review it came from is unchanged")
  assert.equal(withPosition(before, 9, before.positions[0]), before, "a position out of range changes nothing")
})

test("lichess's keys jump to the next judged move of a side, round and back", () => {
  const r = report()
  assert.equal(judgedPly(r, 0, "black", ["blunder"]), 4, "the position after 2... f6")
  assert.equal(judgedPly(r, 0, "black", ["inaccuracy"]), 2)
  assert.equal(judgedPly(r, 4, "black", ["blunder"]), 4, "wraps round to the only one")
  assert.equal(judgedPly(r, 0, "white", ["mistake"]), 3)
  assert.equal(judgedPly(r, 0, "white", ["blunder"]), null)
  assert.equal(judgedPly(r, 4, null, ["inaccuracy", "mistake", "blunder"], true), 3, "the previous one")
  assert.equal(judgedPly(r, 1, null, ["inaccuracy", "mistake", "blunder"], true), 4, "wraps round backwards")
})

test("the review's progress, scores and moves in words", () => {
  const r = report()
  assert.equal(progressText(r, null), "Analysing: 4 of 5 positions.")
  assert.equal(progressText(r, 2), "Waiting for an engine: 2 reviews ahead.")
  assert.equal(progressText(r, 0), "Waiting for an engine: yours is next.")
  assert.equal(progressText({ ...r, complete: true }, null), "Reviewed: every position searched for 300k nodes.")
  assert.equal(scoreWords({ cp: -120, mate: null }), "−1.20")
  assert.equal(scoreWords({ cp: null, mate: 3 }), "#3")
  assert.equal(scoreWords({ cp: null, mate: -2 }), "#−2")
  assert.equal(scoreWords(null), "…")
  assert.equal(moveWords(r, 4), "2... f6?? (0.00 → …). Blunder. d4 was best.")
  assert.equal(moveWords(r, 1), "1. e4 (0.00 → 0.00).")
  const fromBlack = { ...r, fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7" }
  assert.match(moveWords(fromBlack, 1), /^7\.\.\. e4 /, "numbered from the start position's move")
})

test("a game is sent for review with its players and result", () => {
  assert.deepEqual(reviewRequest(START, ["e2e4"], { White: "You", Black: "?", Result: "*" }), { fen: START, moves: ["e2e4"], white: "You" })
  assert.deepEqual(reviewRequest(START, [], { Result: "0-1", Black: "B" }), { fen: START, moves: [], black: "B", result: "0-1" })
})

test("the graph's points and a click's position", () => {
  const points = graphPoints(report(), 400, 100)
  const first = points[0]
  assert.ok(first && first.x === 0 && Math.abs(first.y - (6 + 0.48 * 88)) < 1e-9, JSON.stringify(first))
  assert.deepEqual(points[3], { x: 300, y: 6 + 0.7 * 88 })
  assert.equal(points[4], null, "not analysed yet")
  assert.equal(plyAt(report(), 0, 400), 0)
  assert.equal(plyAt(report(), 260, 400), 3)
  assert.equal(plyAt(report(), 999, 400), 4)
})
