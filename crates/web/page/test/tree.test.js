// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { addChild, fromImport, lineEnd, mainLine, movesTo, node, pathTo, START_FEN, toExport } from "../src/tree.js"
import { pliesBefore } from "../src/movelist.js"

/** @param {string} uci @param {string} san @param {any[][]} [variations] */
const ply = (uci, san, variations = []) => ({ uci, san, fen: `after ${uci}`, nags: [], comment_before: null, comment: null, clock_ms: null, variations })

test("an imported game becomes a tree, and the tree goes back as the export takes it", () => {
  // 1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3
  const moves = [
    ply("e2e4", "e4"),
    ply("e7e5", "e5", [[ply("c7c5", "c5"), ply("g1f3", "Nf3", [[ply("c2c3", "c3")]]), ply("d7d6", "d6")]]),
    ply("g1f3", "Nf3"),
  ]
  const root = fromImport(START_FEN, "a game", moves)
  assert.equal(root.comment, "a game")
  assert.deepEqual(mainLine(root).map((n) => n.san), ["e4", "e5", "Nf3"])
  const e4 = root.children[0]
  assert.deepEqual(e4.children.map((n) => n.san), ["e5", "c5"])
  const c5 = e4.children[1]
  assert.deepEqual(c5.children.map((n) => n.san), ["Nf3", "c3"])
  assert.deepEqual(movesTo(lineEnd(c5)), ["e2e4", "c7c5", "g1f3", "d7d6"])
  assert.deepEqual(pathTo(c5).map((n) => n.ply), [1, 2])
  const written = toExport(root)
  /** @param {any[]} line @returns {any} */
  const ucis = (line) => line.map((m) => [m.uci, m.variations.map(ucis)])
  assert.deepEqual(ucis(written), [
    ["e2e4", []],
    ["e7e5", [[["c7c5", []], ["g1f3", [[["c2c3", []]]]], ["d7d6", []]]]],
    ["g1f3", []],
  ])
})

test("a move played twice is one node; a new one is a variation", () => {
  const root = node(null, START_FEN, null)
  const e4 = addChild(root, { uci: "e2e4", san: "e4", fen: "x" })
  assert.equal(addChild(root, { uci: "e2e4", san: "e4", fen: "x" }), e4)
  const d4 = addChild(root, { uci: "d2d4", san: "d4", fen: "y" })
  assert.deepEqual(root.children, [e4, d4])
})

test("move numbers count from the start's FEN", () => {
  assert.equal(pliesBefore(START_FEN), 0)
  assert.equal(pliesBefore("4k3/8/8/8/8/8/8/4K3 b - - 0 20"), 39)
  assert.equal(pliesBefore("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), 0)
})
