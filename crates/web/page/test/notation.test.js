import { test } from "node:test"
import assert from "node:assert/strict"
import { Chess } from "chess.js"
import { readMove, clockText, pgnClock, endingText, rulesEnding, loneKing } from "../src/notation.js"

test("typed moves are read as SAN or UCI, leniently", () => {
  const chess = new Chess()
  assert.equal(readMove(chess, "e4").san, "e4")
  assert.equal(readMove(chess, " Nf3 ").san, "Nf3")
  assert.equal(readMove(chess, "g1f3").san, "Nf3")
  assert.equal(readMove(chess, "G1F3").san, "Nf3")
  assert.equal(readMove(chess, "nf3").san, "Nf3")
  assert.equal(readMove(chess, "e5"), null)
  assert.equal(readMove(chess, ""), null)
  assert.equal(readMove(chess, "Qh5"), null)
  const castle = new Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
  assert.equal(readMove(castle, "0-0").san, "O-O")
  assert.equal(readMove(castle, "O-O-O").san, "O-O-O")
  assert.equal(readMove(castle, "e1g1").san, "O-O")
  const promote = new Chess("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
  assert.equal(readMove(promote, "e8=N").san, "e8=N")
  assert.equal(readMove(promote, "e7e8n").san, "e8=N")
  assert.equal(readMove(promote, "e7e8").san, "e8=Q", "UCI without a piece promotes to a queen")
  const pawnOrBishop = new Chess("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1")
  assert.equal(readMove(pawnOrBishop, "bxc3").san, "bxc3", "a lower-case b is the pawn")
  assert.equal(readMove(pawnOrBishop, "Bxc3").san, "Bxc3")
})

test("clocks read as a clock shows them", () => {
  assert.equal(clockText(300000), "5:00")
  assert.equal(clockText(3723000), "1:02:03")
  assert.equal(clockText(9400), "0:09.4")
  assert.equal(clockText(-5), "0:00.0")
  assert.equal(pgnClock(298999), "0:04:58")
})

test("endings are said in words", () => {
  assert.equal(endingText("0-1", "checkmate"), "Black wins by checkmate")
  assert.equal(endingText("1-0", "timeout"), "White wins by time")
  assert.equal(endingText("1/2-1/2", "threefold_repetition"), "Draw by threefold repetition")
})

test("the rules end a game", () => {
  const mate = new Chess()
  for (const san of ["f3", "e5", "g4", "Qh4#"]) mate.move(san)
  assert.deepEqual(rulesEnding(mate), { result: "0-1", termination: "checkmate" })
  assert.deepEqual(rulesEnding(new Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), { result: "1/2-1/2", termination: "stalemate" })
  assert.deepEqual(rulesEnding(new Chess("7k/8/6K1/8/8/8/8/8 b - - 0 1")), { result: "1/2-1/2", termination: "insufficient_material" })
  assert.equal(rulesEnding(new Chess()), null)
  const repeat = new Chess()
  for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]) repeat.move(san)
  assert.deepEqual(rulesEnding(repeat), { result: "1/2-1/2", termination: "threefold_repetition" })
  assert.equal(loneKing(new Chess("7k/8/6K1/8/8/8/8/Q7 b - - 0 1"), "b"), true)
  assert.equal(loneKing(new Chess("7k/8/6K1/8/8/8/8/Q7 b - - 0 1"), "w"), false)
})
