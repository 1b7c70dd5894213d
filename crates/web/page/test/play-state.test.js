// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { PlayGame } from "../src/play-state.js"
import { fakeApi, FOOLS_MATE } from "./fake.js"

/** A game against an engine that plays the next move of fool's mate. */
async function foolsMate({ user = /** @type {"w" | "b"} */ ("w"), control = /** @type {{initial: number, increment: number} | null} */ (null) } = {}) {
  const api = fakeApi(FOOLS_MATE)
  const replies = { f2f3: "e7e5", "f2f3 e7e5 g2g4": "d8h4", "": "f2f3", "f2f3 e7e5": "g2g4" }
  const bestMove = async (/** @type {{moves: string[]}} */ p) => ({ uci: /** @type {Record<string, string>} */ (replies)[p.moves.join(" ")] })
  const game = await PlayGame.start({ ...api, bestMove }, { fen: "", user, level: 2, control })
  return { api, game }
}

test("the user's moves and the engine's are described by the server, which ends the game", async () => {
  const { api, game } = await foolsMate()
  assert.equal(game.canMove(), true)
  assert.equal(await game.play("e2e5", () => 0), false, "a move the server did not list is refused")
  assert.equal(await game.play("f2f3", () => 0), true)
  assert.equal(game.end.san, "f3")
  assert.deepEqual(api.asked.at(-1), { fen: FOOLS_MATE[""].fen, moves: ["f2f3"] }, "asked with the whole game")
  assert.equal(game.canMove(), false, "ox88's turn")
  assert.equal(await game.engineMove(() => 0), true)
  await game.play("g2g4", () => 0)
  await game.engineMove(() => 0)
  assert.deepEqual(game.outcome, { result: "0-1", winner: "black", termination: "checkmate" })
  assert.equal(game.canMove(), false)
  const pgn = game.pgnGame({ site: "here", date: "2026.11.29" })
  assert.deepEqual(pgn.moves.map((m) => m.uci), ["f2f3", "e7e5", "g2g4", "d8h4"])
  assert.equal(pgn.result, "0-1")
  assert.deepEqual(pgn.tags.find((t) => t.name === "Termination"), { name: "Termination", value: "normal" })
})

test("a FEN the server refuses does not start a game, with the server's message", async () => {
  const api = fakeApi(FOOLS_MATE)
  const start = PlayGame.start({ ...api, bestMove: async () => ({ uci: "" }) }, { fen: "8/8/8/8/8/8/8/8 w - - 0 0", user: "w", level: 1, control: null })
  await assert.rejects(start, /fullmove number 0/)
  const over = FOOLS_MATE["f2f3 e7e5 g2g4 d8h4"].fen
  await assert.rejects(PlayGame.start({ ...api, bestMove: async () => ({ uci: "" }) }, { fen: over, user: "w", level: 1, control: null }), /over/)
})

test("the clock runs from the second move, gains the increment, and the flag ends the game", async () => {
  const { game } = await foolsMate({ control: { initial: 60_000, increment: 1_000 } })
  await game.play("f2f3", () => 5_000)
  assert.equal(game.running(), "b")
  assert.equal(game.left("w", 5_000), 60_000, "the first move is not timed")
  await game.engineMove(() => 8_000)
  assert.equal(game.left("b", 9_000), 58_000, "three seconds used, one gained")
  assert.equal(game.end.clock, 58_000, "the mover's time after the move, for the PGN")
  assert.equal(game.checkFlag(60_000), false)
  assert.equal(game.checkFlag(68_000), true, "White's minute ran out")
  assert.deepEqual(game.outcome, { result: "0-1", winner: "black", termination: "timeout" })
})

test("takeback removes the engine's reply too, and resigning ends the game", async () => {
  const { game } = await foolsMate()
  await game.play("f2f3", () => 0)
  await game.engineMove(() => 0)
  game.takeback(0)
  assert.equal(game.end, game.root)
  assert.equal(game.root.children.length, 0)
  game.resign()
  assert.deepEqual(game.outcome, { result: "0-1", winner: "black", termination: "resignation" })
})

test("an engine move for a game taken back meanwhile is dropped", async () => {
  const { game } = await foolsMate()
  await game.play("f2f3", () => 0)
  const thinking = game.engineMove(() => 0)
  game.takeback(0)
  assert.equal(await thinking, false)
  assert.equal(game.end, game.root)
})
