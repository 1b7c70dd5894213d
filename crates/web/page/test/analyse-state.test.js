// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { Analysis } from "../src/analyse-state.js"
import { mainLine } from "../src/tree.js"
import { fakeApi, FOOLS_MATE, START } from "./fake.js"

test("moves made on the board grow the tree, each described by the server", async () => {
  const analysis = new Analysis(fakeApi(FOOLS_MATE))
  await analysis.select(analysis.root)
  assert.equal(await analysis.play("f2f3"), true)
  assert.equal(analysis.at.san, "f3")
  await analysis.play("e7e5")
  assert.deepEqual(analysis.root.children.map((n) => n.uci), ["f2f3"])
  await analysis.select(analysis.root)
  assert.equal(await analysis.play("a2a3"), false, "a move the server did not list is refused")
  assert.equal(await analysis.play("f2f3"), true, "a move played again is the same node")
  assert.equal(analysis.root.children.length, 1)
  assert.equal(analysis.at.children[0].san, "e5")
})

test("a FEN the server refuses keeps the game, with the server's message naming the field", async () => {
  const analysis = new Analysis(fakeApi(FOOLS_MATE))
  const before = analysis.root
  assert.equal(await analysis.loadFen("8/8/8/8/8/8/8/8 w - - 0 0"), false)
  assert.match(analysis.message, /^That FEN cannot be read: FEN .*fullmove number 0/)
  assert.equal(analysis.root, before)
  assert.equal(await analysis.loadFen(FOOLS_MATE.f2f3.fen), true)
  assert.equal(analysis.message, "")
  assert.equal(analysis.root.fen, FOOLS_MATE.f2f3.fen)
})

test("a PGN is read by the server into a tree, and written back by it", async () => {
  const api = fakeApi(FOOLS_MATE)
  api.importPgn = async () => ({
    number: 1,
    tags: [{ name: "White", value: "A" }, { name: "Result", value: "0-1" }],
    start_fen: START,
    comment: null,
    moves: [
      { san: "f3", uci: "f2f3", fen: FOOLS_MATE.f2f3.fen, nags: [], comment_before: null, comment: "weak", clock_ms: 298_000,
        variations: [[{ san: "e4", uci: "e2e4", fen: "e4-fen", nags: [], comment_before: null, comment: null, clock_ms: null, variations: [] }]] },
      { san: "e5", uci: "e7e5", fen: FOOLS_MATE["f2f3 e7e5"].fen, nags: [], comment_before: null, comment: null, clock_ms: null, variations: [] },
    ],
    result: "0-1",
    error: null,
  })
  const analysis = new Analysis(api)
  assert.equal(await analysis.loadPgn("1. f3 e5 0-1"), true)
  assert.deepEqual(mainLine(analysis.root).map((n) => n.san), ["f3", "e5"])
  assert.deepEqual(analysis.root.children.map((n) => n.san), ["f3", "e4"])
  assert.equal(analysis.root.children[0].clock, 298_000)
  const written = JSON.parse(await analysis.pgn())
  assert.equal(written.result, "0-1")
  assert.deepEqual(written.tags, [{ name: "White", value: "A" }])
  assert.deepEqual(written.moves[0], { uci: "f2f3", comment: "weak", clock_ms: 298_000, variations: [[{ uci: "e2e4", comment: null, clock_ms: null, variations: [] }]] })
  api.importPgn = async () => { throw new (await import("../src/api.js")).ApiError({ code: "invalid_pgn", message: "game 1: move 2. Nf6: no knight can reach f6", field: "pgn" }, 422) }
  assert.equal(await analysis.loadPgn("1. e4 Nf6 2. Nf6"), false)
  assert.match(analysis.message, /Nf6/)
})
