// @ts-check
// A game against ox88: the page's side, the engine's level, a clock kept in
// the page (a time control and both sides' time, run from the times passed
// in). Legal moves and the end of the game are the server's: each move is
// described by it (with the whole game, so that repetitions count), and
// the engine's moves come from it.
import { addChild, lineEnd, movesTo, node } from "./tree.js"
import { piecesOf, turnOf } from "./notation.js"

/** @typedef {import("./tree.js").Node} Node */
/** @typedef {import("./api.js").Outcome} Outcome */
/** @typedef {Pick<typeof import("./api.js"), "position" | "exportPgn">} RulesApi */
/** @typedef {(position: {fen: string, moves: string[], level: number}) => Promise<{uci: string}>} BestMove */

/** A time control: each side's time and the increment, in milliseconds. */
/** @typedef {{initial: number, increment: number}} TimeControl */

export class PlayGame {
  /**
   * A game from the start `root` (described by the server), the page
   * playing `user`, ox88 at `level`, on `control` (none: untimed).
   * @param {RulesApi & {bestMove: BestMove}} api
   * @param {{root: Node, user: "w" | "b", level: number, control: TimeControl | null}} options
   */
  constructor(api, { root, user, level, control }) {
    this.api = api
    this.root = root
    /** The last move played (the game's end). */
    this.end = root
    /** The position looked at. */
    this.at = root
    this.user = user
    this.level = level
    this.control = control
    /** Each side's time left when its clock last stopped, and since when the side to move's runs. */
    this.clock = control ? { w: control.initial, b: control.initial, since: /** @type {number | null} */ (null) } : null
    /** @type {Outcome | null} */
    this.outcome = null
    /** Whether ox88 is thinking. */
    this.thinking = false
    /** Counts the game's changes, so that an engine move for an older one is dropped. */
    this.version = 0
  }

  /**
   * A game from `fen` (empty: the standard start): the server describes
   * the start, and refuses a FEN that is not a legal position (naming its
   * field) or a game already over.
   * @param {RulesApi & {bestMove: BestMove}} api
   * @param {{fen: string, user: "w" | "b", level: number, control: TimeControl | null}} options
   */
  static async start(api, { fen, user, level, control }) {
    const answer = await api.position(fen ? { fen } : {})
    if (answer.state.outcome) throw new Error("the game is over in that position")
    const root = node(null, answer.fen, null)
    root.answer = answer
    return new PlayGame(api, { root, user, level, control })
  }

  /** The side to move at the game's end. */
  turn() {
    return turnOf(this.end.fen)
  }

  /** Whether the user may move now. */
  canMove() {
    return !this.outcome && !this.thinking && this.at === this.end && this.turn() === this.user
  }

  /** `color`'s time left at `now`. @param {"w" | "b"} color @param {number} now */
  left(color, now) {
    const c = this.clock
    if (!c) return 0
    const running = !this.outcome && c.since != null && this.turn() === color
    return Math.max(0, c[color] - (running ? now - /** @type {number} */ (c.since) : 0))
  }

  /** Whose clock runs: "w", "b", or null. */
  running() {
    return this.clock && !this.outcome && this.clock.since != null ? this.turn() : null
  }

  /**
   * Plays `uci` at the game's end at `now`: the mover's clock stops and
   * gains the increment (from the second move on, the clocks run), the
   * server describes the position after it, and the game ends if the rules
   * end it (a draw to claim is claimed at once, as friend games do).
   * @param {string} uci
   * @param {() => number} now
   */
  async play(uci, now) {
    const from = this.end
    const legal = from.answer && from.answer.moves.find((m) => m.uci === uci)
    if (!legal || this.outcome) return false
    const version = ++this.version
    const mover = this.turn()
    const clockMs = this.press(mover, now())
    const answer = await this.api.position({ fen: this.root.fen, moves: [...movesTo(from), uci] })
    if (version !== this.version) return false
    const child = addChild(from, { uci, san: legal.san, fen: answer.fen })
    child.answer = answer
    child.clock = clockMs
    this.end = this.at = child
    const ending = answer.state.outcome || answer.state.claimable_draw
    if (ending) this.finish(ending)
    return true
  }

  /** The mover's clock stops (with the increment) and the other's starts: the mover's time left. @param {"w" | "b"} mover @param {number} now */
  press(mover, now) {
    const c = this.clock
    if (!c || !this.control) return null
    if (c.since != null) c[mover] = Math.max(0, c[mover] - (now - c.since)) + this.control.increment
    c.since = now
    return c[mover]
  }

  /**
   * ox88's move at the game's end, played; false when the game changed
   * meanwhile (a takeback, a resignation, the flag).
   * @param {() => number} now
   */
  async engineMove(now) {
    const version = this.version
    this.thinking = true
    let uci
    try {
      ;({ uci } = await this.api.bestMove({ fen: this.root.fen, moves: movesTo(this.end), level: this.level }))
    } finally {
      if (version === this.version) this.thinking = false
    }
    if (version !== this.version) return false
    return this.play(uci, now)
  }

  /** Ends the game on time if the side to move has run out at `now`. @param {number} now */
  checkFlag(now) {
    const turn = this.running()
    if (!turn || this.left(turn, now) > 0) return false
    const winner = turn === "w" ? "b" : "w"
    // A side with only its king cannot win on time (FIDE 6.9).
    const lone = Object.values(piecesOf(this.end.fen)).filter((p) => p[0] === winner).length === 1
    const name = /** @type {const} */ ({ w: "white", b: "black" })
    const result = lone ? "1/2-1/2" : winner === "w" ? "1-0" : "0-1"
    this.finish({ result, winner: lone ? null : name[winner], termination: "timeout" })
    return true
  }

  /** The user gives up. */
  resign() {
    if (this.outcome) return
    this.finish({ result: this.user === "w" ? "0-1" : "1-0", winner: this.user === "w" ? "black" : "white", termination: "resignation" })
  }

  /** @param {Outcome} outcome */
  finish(outcome) {
    this.outcome = outcome
    this.thinking = false
    this.version++
  }

  /** Takes back the last move, and ox88's before it when it is then ox88's turn. @param {number} now */
  takeback(now) {
    if (!this.end.parent) return
    this.version++
    this.thinking = false
    this.outcome = null
    /** @param {Node} n */
    const undo = (n) => {
      const parent = /** @type {Node} */ (n.parent)
      parent.children = parent.children.filter((c) => c !== n)
      return parent
    }
    let n = undo(this.end)
    if (n.parent && turnOf(n.fen) !== this.user) n = undo(n)
    this.end = this.at = lineEnd(n)
    if (this.clock) this.clock.since = this.root.children.length ? now : null
  }

  /**
   * The game as the server writes PGN from it.
   * @param {{site: string, date: string}} where
   */
  pgnGame({ site, date }) {
    const ox88 = `ox88 (level ${this.level})`
    const tags = [
      { name: "Event", value: "Game against ox88" },
      { name: "Site", value: site },
      { name: "Date", value: date },
      { name: "White", value: this.user === "w" ? "You" : ox88 },
      { name: "Black", value: this.user === "b" ? "You" : ox88 },
    ]
    if (this.control) tags.push({ name: "TimeControl", value: `${this.control.initial / 1000}+${this.control.increment / 1000}` })
    if (this.outcome) tags.push({ name: "Termination", value: this.outcome.termination === "timeout" ? "time forfeit" : "normal" })
    const moves = movesTo(this.end).map((uci, index) => ({ uci, clock_ms: nodeAt(this.end, index + 1).clock }))
    return { tags, fen: this.root.fen, moves, result: this.outcome ? this.outcome.result : "*" }
  }
}

/** The node `ply` plies from the root on the way to `end`. @param {Node} end @param {number} ply */
function nodeAt(end, ply) {
  let n = end
  while (n.ply > ply && n.parent) n = n.parent
  return n
}
