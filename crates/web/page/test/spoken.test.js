import { test } from "node:test"
import assert from "node:assert/strict"
import { spokenSan } from "../src/notation.js"

test("moves are put in words for a screen reader", () => {
  assert.equal(spokenSan("Nf3"), "knight to f3")
  assert.equal(spokenSan("exd5"), "e pawn takes d5")
  assert.equal(spokenSan("e4"), "pawn to e4")
  assert.equal(spokenSan("Qxf7#"), "queen takes f7, checkmate")
  assert.equal(spokenSan("Rad1+"), "rook from a to d1, check")
  assert.equal(spokenSan("e8=Q+"), "pawn to e8, promotes to queen, check")
  assert.equal(spokenSan("O-O-O"), "castles long")
  assert.equal(spokenSan("O-O#"), "castles short, checkmate")
  assert.equal(spokenSan("garbage"), "garbage")
})
