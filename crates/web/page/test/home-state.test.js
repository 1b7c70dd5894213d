// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { finishedEntries, loadFinished } from "../src/home-state.js"

test("finished games are listed by their end in words and their length in moves", async () => {
  const games = [
    { id: "AAAAAAAAAA", outcome: { result: "0-1", winner: /** @type {const} */ ("black"), termination: "checkmate" }, plies: 4, finished_ms: 1 },
    { id: "BBBBBBBBBB", outcome: { result: "1/2-1/2", winner: null, termination: "agreement" }, plies: 31, finished_ms: 0 },
  ]
  assert.deepEqual(finishedEntries({ games }), [
    { id: "AAAAAAAAAA", text: "Black wins by checkmate", moves: 2 },
    { id: "BBBBBBBBBB", text: "Draw by agreement", moves: 16 },
  ])
  assert.deepEqual(await loadFinished(Promise.resolve({ games: [] })), { entries: [], failed: false })
  assert.deepEqual(await loadFinished(Promise.reject(new Error("offline"))), { entries: [], failed: true })
})
