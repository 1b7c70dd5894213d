// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { Explorer, row, viewOf } from "../src/explorer-state.js"
import { ApiError } from "../src/api.js"
import { START } from "./fake.js"

/** @typedef {import("../src/api.js").ExplorerAnswer} ExplorerAnswer */

/** An answer after 1. e4 from a collection of 10 games. @type {ExplorerAnswer} */
const AFTER_E4 = {
  white: 5, draws: 3, black: 2,
  moves: [
    { uci: "c7c5", san: "c5", white: 3, draws: 2, black: 1, averageRating: 2310 },
    { uci: "e7e5", san: "e5", white: 2, draws: 1, black: 1, averageRating: null },
  ],
  opening: { eco: "B00", name: "King's Pawn Game" },
}

/** A fake explorer api answering from `table` (by the moves joined by commas), recording what was asked. */
function fakeApi(/** @type {Record<string, ExplorerAnswer>} */ table) {
  /** @type {string[]} */
  const asked = []
  return {
    asked,
    /** @param {string} fen @param {string[]} moves */
    async explorer(fen, moves) {
      asked.push(`${fen}|${moves.join(",")}`)
      const found = table[moves.join(",")]
      if (!found) throw new ApiError({ code: "invalid_move", message: "play[0]: not legal", field: "play[0]" }, 422)
      return found
    },
  }
}

test("a row's shares are its results over its games", () => {
  assert.deepEqual(row("e2e4", "e4", { white: 2, draws: 1, black: 1, averageRating: 2000 }),
    { uci: "e2e4", san: "e4", games: 4, white: 0.5, draws: 0.25, black: 0.25, averageRating: 2000 })
  const none = row("", "", { white: 0, draws: 0, black: 0 })
  assert.deepEqual([none.games, none.white, none.draws, none.black, none.averageRating], [0, 0, 0, 0, null])
})

test("an answer is the moves in the server's order, the total and the opening", () => {
  const view = viewOf(AFTER_E4)
  assert.equal(view.kind, "moves")
  if (view.kind !== "moves") return
  assert.deepEqual(view.rows.map((r) => [r.san, r.games]), [["c5", 6], ["e5", 4]])
  assert.equal(view.total.games, 10)
  assert.equal(view.total.white, 0.5)
  assert.equal(view.opening, "B00 King's Pawn Game")
  const unnamed = viewOf({ ...AFTER_E4, opening: null })
  assert.equal(unnamed.kind === "moves" ? unnamed.opening : "not moves", null)
  assert.deepEqual(viewOf({ white: 0, draws: 0, black: 0, moves: [], opening: null }),
    { kind: "note", text: "No game of the collection reached this position." })
})

test("each position is asked once; an error is a note and is asked again", async () => {
  const api = fakeApi({ e2e4: AFTER_E4 })
  const explorer = new Explorer(api)
  const first = await explorer.view(START, ["e2e4"])
  assert.equal(await explorer.view(START, ["e2e4"]), first)
  assert.deepEqual(api.asked, [`${START}|e2e4`])
  const bad = await explorer.view(START, ["e2e5"])
  assert.deepEqual(bad, { kind: "note", text: "The explorer could not answer: play[0]: not legal" })
  await explorer.view(START, ["e2e5"])
  assert.equal(api.asked.length, 3, "an error is not kept")
  assert.equal(explorer.available, true)
})

test("a server without a collection is asked once, and the panel says so", async () => {
  let asked = 0
  const explorer = new Explorer({
    async explorer() {
      asked++
      throw new ApiError({ code: "not_found", message: "this server has no game collection (--explorer)", field: null }, 404)
    },
  })
  for (const moves of [[], ["e2e4"], ["e2e4", "e7e5"]]) {
    const view = await explorer.view(START, moves)
    assert.equal(view.kind, "note")
    assert.match(view.kind === "note" ? view.text : "", /no game collection/)
  }
  assert.equal(asked, 1)
  assert.equal(explorer.available, false)
})

test("an error that is not the server's is not hidden", async () => {
  const explorer = new Explorer({ async explorer() { throw new TypeError("fetch failed") } })
  await assert.rejects(explorer.view(START, []), TypeError)
})
