// @ts-check
import { test } from "node:test"
import assert from "node:assert/strict"
import { FriendState } from "../src/friend-state.js"
import { mainLine } from "../src/tree.js"
import { FOOLS_MATE, START } from "./fake.js"

const clock = (/** @type {string | null} */ running) => ({ initial_ms: 60_000, increment_ms: 0, white_ms: 50_000, black_ms: 40_000, running })

/** A state frame of a game with `moves` played. @param {{uci: string, san: string, fen: string}[]} moves */
function stateFrame(moves) {
  return {
    type: "state",
    game: {
      id: "AAAAAAAAAA",
      start_fen: START,
      moves: moves.map((m) => ({ ...m, clock_ms: null })),
      fen: moves.length ? moves[moves.length - 1].fen : START,
      clock: clock("white"),
      outcome: null,
      draw_offer: null,
      rematch_offer: null,
      seated: { white: true, black: false },
      presence: { white: 1, black: 0, spectators: 0 },
    },
  }
}

test("frames build the game: welcome, state, moves, the end", () => {
  const state = new FriendState()
  state.receive({ type: "welcome", seat: "white", token: "t" }, 0)
  assert.equal(state.mine(), "w")
  state.receive(stateFrame([]), 0)
  assert.equal(state.status(), "Waiting for your opponent to open the link.")
  assert.equal(state.canMove(), true)
  state.pending = true
  assert.equal(state.canMove(), false, "a move sent and not answered")
  state.receive({ type: "move", ply: 0, uci: "f2f3", san: "f3", fen: FOOLS_MATE.f2f3.fen, clock_ms: 60_000, clock: clock(null) }, 10)
  assert.equal(state.pending, false)
  assert.equal(state.status(), "Your opponent's move.", "the opponent is seated once a move is played")
  state.receive({ type: "move", ply: 7, uci: "e7e5", san: "e5", fen: "x", clock_ms: null, clock: null }, 20)
  assert.equal(mainLine(state.root).length, 1, "a move for another ply is not added")
  state.receive({ type: "ended", outcome: { result: "0-1", winner: "black", termination: "resignation" }, clock: null }, 30)
  assert.deepEqual(state.outcome, { result: "0-1", winner: "black", termination: "resignation" })
  assert.equal(state.canMove(), false)
})

test("a spectator watches, offers come and go, a rematch is followed", () => {
  const state = new FriendState()
  state.receive({ type: "welcome", seat: null, token: null }, 0)
  state.receive(stateFrame([{ uci: "f2f3", san: "f3", fen: FOOLS_MATE.f2f3.fen }]), 0)
  assert.equal(state.mine(), null)
  assert.equal(state.status(), "You are watching. Black to move.")
  state.receive({ type: "presence", white: 1, black: 1, spectators: 2 }, 0)
  assert.equal(state.status(), "You are watching. Black to move. 2 watching.")
  state.receive({ type: "draw_offer", by: "white" }, 0)
  assert.equal(state.drawOffer, "white")
  state.receive({ type: "draw_offer", by: null }, 0)
  assert.equal(state.drawOffer, null)
  assert.equal(state.receive({ type: "rematch", id: "BBBBBBBBBB" }, 0), "BBBBBBBBBB")
  state.receive({ type: "error", code: "not_a_player", message: "spectators watch" }, 0)
  assert.equal(state.notice, "spectators watch")
})

test("the running clock counts down from when it was received", () => {
  const state = new FriendState()
  state.receive(stateFrame([]), 1_000)
  assert.equal(state.left("w", 3_500), 47_500)
  assert.equal(state.left("b", 3_500), 40_000, "Black's clock is not running")
  assert.equal(state.left("w", 999_999), 0)
})

test("a new state frame keeps the page on the last move, or where it looked", () => {
  const state = new FriendState()
  const moves = [{ uci: "f2f3", san: "f3", fen: FOOLS_MATE.f2f3.fen }, { uci: "e7e5", san: "e5", fen: FOOLS_MATE["f2f3 e7e5"].fen }]
  state.receive(stateFrame(moves), 0)
  assert.equal(state.at, state.end())
  assert.equal(state.at.san, "e5")
})
