import { test } from "node:test"
import assert from "node:assert/strict"
import { begin, fromRecord, hint, play, retry, solution, solverOf, task } from "../src/puzzlestate.js"

/**
 * A legal move as the server describes it.
 * @param {string} uci
 * @param {boolean} [mate]
 * @returns {import("../src/api.js").LegalMove}
 */
const legal = (uci, mate = false) => ({ uci, san: uci, from: uci.slice(0, 2), to: uci.slice(2, 4), piece: "pawn", promotion: null, check: mate, mate })

/** After 1. e4 e5 2. Bc4 Nc6, White's 3. Qh5: Black must defend f7 (3... Nf6?? was played). */
const RECORD = {
  PuzzleId: "AbCd1234",
  FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
  Moves: "d1h5 g7g6",
  Rating: 1500,
  RatingDeviation: 350,
  NbPlays: 0,
  Themes: "advantage oneMove opening",
  GameUrl: "/#/review/AAAAAAAAAA/6",
}
const FENS = ["after Qh5", "after g6"]
const BLACK_MOVES = [legal("g7g6"), legal("g8f6"), legal("d8e7")]

test("a puzzle opens with the opponent's move, and the better move solves it", () => {
  const puzzle = fromRecord(RECORD)
  assert.equal(solverOf(puzzle), "b")
  const state = begin(puzzle, FENS)
  assert.equal(state.fen, "after Qh5")
  assert.equal(task(state), "Black to move: find the better move.")
  assert.equal(hint(state), "g7")
  const { state: solved, verdict } = play(state, "g7g6", BLACK_MOVES)
  assert.equal(verdict, "solved")
  assert.equal(solved.failed, false)
  assert.equal(solved.fen, "after g6")
})

test("a wrong move fails the puzzle, a retry takes it back, and a later right move solves it", () => {
  const state = begin(fromRecord(RECORD), FENS)
  const wrong = play(state, "g8f6", BLACK_MOVES)
  assert.equal(wrong.verdict, "wrong")
  assert.equal(wrong.state.wrong, "g8f6")
  assert.equal(play(wrong.state, "g7g6", BLACK_MOVES).verdict, "wrong", "no move counts until the retry")
  const again = retry(wrong.state)
  assert.equal(again.fen, state.fen)
  const right = play(again, "g7g6", BLACK_MOVES)
  assert.equal(right.verdict, "solved")
  assert.equal(right.state.failed, true, "solved at a later try")
  assert.equal(play(state, "e1e2", BLACK_MOVES).verdict, "wrong", "a move that is not legal is wrong")
})

test("a mating line is played move by move, and any mate is right at its end", () => {
  // After 1. a3, a back-rank mate in two: 1... Rd1+ 2. Re1 Rdxe1# (or Rexe1#).
  const record = { ...RECORD, FEN: "3rr1k1/5ppp/8/8/8/8/P3RPPP/6K1 w - - 0 1", Moves: "a2a3 d8d1 e2e1 d1e1", Themes: "mate mateIn2 short endgame" }
  const fens = ["after a3", "after Rd1+", "after Re1", "after Rdxe1#"]
  const state = begin(fromRecord(record), fens)
  assert.equal(task(state), "Black to move: mate in 2.")
  const first = play(state, "d8d1", [legal("d8d1"), legal("e8e7")])
  assert.equal(first.verdict, "right")
  assert.equal(first.reply, "e2e1")
  assert.equal(first.state.fen, "after Re1")
  assert.equal(play(first.state, "e8e7", [legal("d1e1", true), legal("e8e1", true), legal("e8e7")]).verdict, "wrong")
  const last = play(first.state, "e8e1", [legal("d1e1", true), legal("e8e1", true), legal("e8e7")])
  assert.equal(last.verdict, "solved", "Rexe1# mates too, though the line gave Rdxe1#")
  const shown = solution(state)
  assert.deepEqual(shown.steps, [["d8d1", "after Rd1+"], ["e2e1", "after Re1"], ["d1e1", "after Rdxe1#"]])
  assert.equal(shown.state.solved && shown.state.failed, true, "shown, not solved by the player")
  assert.equal(shown.state.fen, "after Rdxe1#")
})
