import { test } from "node:test"
import assert from "node:assert/strict"
import { premoveNow, turned } from "../src/premove.js"

test("a premove is looked for in the position turned to the premover", () => {
  assert.equal(turned("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "w"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
  assert.equal(turned("8/8/8/8/8/8/k7/4K3 w - - 3 40", "b"), "8/8/8/8/8/8/k7/4K3 b - - 3 40")
})

test("a premove is played only if it is legal when its turn comes", () => {
  /** @type {import("../src/api.js").LegalMove[]} */
  const legal = [
    { uci: "g1f3", san: "Nf3", from: "g1", to: "f3", piece: "knight", promotion: null, check: false, mate: false },
    { uci: "e7e8q", san: "e8=Q", from: "e7", to: "e8", piece: "pawn", promotion: "queen", check: false, mate: false },
  ]
  assert.equal(premoveNow(legal, { uci: "g1f3" })?.san, "Nf3")
  assert.equal(premoveNow(legal, { uci: "e4e5" }), null, "blocked by the opponent's move")
  assert.equal(premoveNow(legal, { uci: "e7e8" }), null, "a promotion names its piece")
})
