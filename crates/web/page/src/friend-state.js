// @ts-check
// A friend game as this page sees it: the frames the server sends over the
// WebSocket (the protocol of ox88-web's README), folded into the game's
// moves, clocks, offers and who is there. The server checks every move and
// keeps the time; this is what the page shows of it.
import { addChild, lineEnd, node, START_FEN } from "./tree.js"
import { turnOf } from "./notation.js"

/** @typedef {import("./tree.js").Node} Node */
/** @typedef {import("./api.js").Color} Color */
/** @typedef {import("./api.js").Outcome} Outcome */
/** @typedef {{initial_ms: number, increment_ms: number, white_ms: number, black_ms: number, running: Color | null}} ClockView */
/** @typedef {{uci: string, san: string, fen: string, clock_ms: number | null}} PlayedMove */
/** @typedef {{white: number, black: number, spectators: number}} Presence */

const LETTER = /** @type {const} */ ({ white: "w", black: "b" })

export class FriendState {
  constructor() {
    /** @type {Node} */
    this.root = node(null, START_FEN, null)
    /** The position looked at. @type {Node} */
    this.at = this.root
    /** This page's seat; null when watching. @type {Color | null} */
    this.seat = null
    /** @type {Outcome | null} */
    this.outcome = null
    /** @type {ClockView | null} */
    this.clock = null
    /** When the clock was received, on the page's clock. */
    this.clockAt = 0
    /** @type {Color | null} */
    this.drawOffer = null
    /** @type {Color | null} */
    this.rematchOffer = null
    this.seated = { white: false, black: false }
    /** @type {Presence | null} */
    this.presence = null
    /** A refusal or a lost connection, for people; "" when none. */
    this.notice = ""
    /** Whether a move was sent and not yet answered. */
    this.pending = false
  }

  /** The last move played. */
  end() {
    return lineEnd(this.root)
  }

  /** This page's colour, "w"/"b", or null when watching. */
  mine() {
    return this.seat ? LETTER[this.seat] : null
  }

  /** Whether this page may move now. */
  canMove() {
    const me = this.mine()
    return me != null && !this.outcome && !this.pending && this.at === this.end() && turnOf(this.end().fen) === me
  }

  /**
   * Folds one frame in, received at `now`; answers the id of the rematch
   * to go to, when the frame says it exists.
   * @param {any} frame
   * @param {number} now
   * @returns {string | null}
   */
  receive(frame, now) {
    switch (frame.type) {
      case "welcome":
        this.seat = frame.seat
        this.notice = ""
        break
      case "state": {
        const game = frame.game
        const following = this.at === this.end()
        this.root = node(null, game.start_fen || START_FEN, null)
        let n = this.root
        for (const played of /** @type {PlayedMove[]} */ (game.moves)) {
          n = addChild(n, played)
          n.clock = played.clock_ms
        }
        if (following || !this.at.parent) this.at = n
        this.outcome = game.outcome
        this.drawOffer = game.draw_offer
        this.rematchOffer = game.rematch_offer
        this.seated = game.seated
        this.presence = game.presence
        this.setClock(game.clock, now)
        break
      }
      case "move": {
        const last = this.end()
        if (frame.ply === last.ply) {
          const n = addChild(last, frame)
          n.clock = frame.clock_ms
          if (this.at === last) this.at = n
        }
        this.pending = false
        this.seated = { white: true, black: true }
        this.setClock(frame.clock, now)
        break
      }
      case "ended":
        this.outcome = frame.outcome
        this.drawOffer = null
        this.setClock(frame.clock, now)
        break
      case "draw_offer":
        this.drawOffer = frame.by
        break
      case "rematch_offer":
        this.rematchOffer = frame.by
        break
      case "rematch":
        return frame.id
      case "presence":
        this.presence = frame
        this.seated = { white: this.seated.white || frame.white > 0, black: this.seated.black || frame.black > 0 }
        break
      case "error":
        this.notice = frame.message
        this.pending = false
        break
    }
    return null
  }

  /** @param {ClockView | null} clock @param {number} now */
  setClock(clock, now) {
    this.clock = clock || null
    this.clockAt = now
  }

  /** `color`'s time left at `now`. @param {"w" | "b"} color @param {number} now */
  left(color, now) {
    const c = this.clock
    if (!c) return 0
    const running = c.running != null && LETTER[c.running] === color
    return Math.max(0, (color === "w" ? c.white_ms : c.black_ms) - (running ? now - this.clockAt : 0))
  }

  /** Whether this page's opponent has taken their seat (true when watching). */
  opponentSeated() {
    const me = this.mine()
    return me ? (me === "w" ? this.seated.black : this.seated.white) : true
  }

  /** The status line. */
  status() {
    const me = this.mine()
    const turn = turnOf(this.end().fen)
    let text
    if (this.outcome) text = ""
    else if (!me) text = `You are watching. ${turn === "w" ? "White" : "Black"} to move.`
    else if (!this.opponentSeated()) text = "Waiting for your opponent to open the link."
    else text = turn === me ? "Your move." : "Your opponent's move."
    if (this.presence && this.presence.spectators) text += ` ${this.presence.spectators} watching.`
    return text.trim()
  }
}
