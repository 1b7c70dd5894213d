// @ts-check
// Play ox88: a side, a strength and a clock; the engine's moves come from
// the server, and so do the rules (the game's state is play-state.js). The
// clock runs in the page. While ox88 thinks, one premove may be made (the
// moves the server gives for the player's side as if it were to move); it
// is played the moment ox88's move lands, if it is legal then.
import { h, download, pgnDate } from "./dom.js"
import * as api from "./api.js"
import { MoveList } from "./movelist.js"
import { PlayGame } from "./play-state.js"
import { START_FEN, movesTo } from "./tree.js"
import { clockText, endingText } from "./notation.js"
import { levels, bestMove } from "./engine.js"
import { openReview } from "./reviewapi.js"
import { premoveNow, turned } from "./premove.js"

/** @typedef {import("./tree.js").Node} Node */

const CLOCKS = [
  { name: "No clock", initial: 0, increment: 0 },
  { name: "1 + 0", initial: 60, increment: 0 },
  { name: "3 + 2", initial: 180, increment: 2 },
  { name: "5 + 3", initial: 300, increment: 3 },
  { name: "10 + 5", initial: 600, increment: 5 },
  { name: "15 + 10", initial: 900, increment: 10 },
]

const rules = { ...api, bestMove }
const now = () => performance.now()

/** @param {import("./main.js").App} app */
export function mount(app) {
  const s = {
    /** @type {PlayGame | null} */
    game: null,
    level: 3,
    /** @type {{level: number, name: string, title?: string}[]} */
    levels: [],
    /** @type {ReturnType<typeof setInterval> | null} */
    timer: null,
    /** What went wrong with the engine, shown in the status line. */
    problem: "",
    /** The premove waiting for ox88's move. @type {import("./api.js").LegalMove | null} */
    premove: null,
  }
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" })
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, (n) => { if (s.game) { s.game.at = n; draw() } })
  const fenOut = h("input", { class: "fen-out", readonly: true, "aria-label": "FEN", hidden: true })
  const buttons = h("div", { class: "buttons" },
    h("button", { type: "button", id: "takeback", onclick: takeback }, "Takeback"),
    h("button", { type: "button", id: "resign", onclick: resign }, "Resign"),
    h("button", { type: "button", onclick: () => setup() }, "New game"),
    h("button", { type: "button", id: "export-pgn", onclick: exportPgn }, "PGN"),
    h("button", { type: "button", id: "export-fen", onclick: exportFen }, "FEN"),
    h("button", { type: "button", onclick: toAnalysis }, "Analyse"),
    h("button", { type: "button", id: "review-game", onclick: review, hidden: true }, "Review"),
  )

  async function setup() {
    stopClock()
    s.game = null
    const form = h("form", { class: "setup", id: "play-setup", onsubmit: start },
      h("fieldset", {}, h("legend", {}, "Your side"),
        ...["white", "black", "random"].map((c, i) =>
          h("label", {}, h("input", { type: "radio", name: "side", value: c, checked: i === 0 }), ` ${c[0].toUpperCase()}${c.slice(1)}`))),
      h("label", {}, "Strength ", h("select", { name: "level" })),
      h("label", {}, "Clock ", h("select", { name: "clock" }, ...CLOCKS.map((c, i) => h("option", { value: i, selected: i === 3 }, c.name)))),
      h("label", {}, "Start from FEN (optional) ", h("input", { name: "fen", placeholder: "the start position", spellcheck: "false" })),
      h("p", { class: "form-error", role: "alert" }),
      h("button", { type: "submit", class: "primary" }, "Play"),
    )
    app.side.replaceChildren(h("h2", {}, "Play ox88"), form,
      h("p", { class: "note" }, "Each level is a search limit (a depth and a node budget). Its Elo was measured in games against Stockfish 15.1 held to a set strength: an engine-list (CCRL) scale, not a human rating (see docs/web.md)."))
    app.players("", "", false)
    app.board.show(START_FEN)
    if (!s.levels.length) s.levels = await levels()
    form.querySelector("select[name=level]")?.replaceChildren(
      ...s.levels.map((l) => h("option", { value: l.level, selected: l.level === s.level, title: l.title }, l.name)))
  }

  /** @param {SubmitEvent} event */
  async function start(event) {
    event.preventDefault()
    const form = /** @type {HTMLFormElement} */ (event.target)
    const data = new FormData(form)
    const side = data.get("side") === "random" ? (Math.random() < 0.5 ? "w" : "b") : data.get("side") === "black" ? "b" : "w"
    s.level = Number(data.get("level")) || 3
    const c = CLOCKS[Number(data.get("clock"))] || CLOCKS[0]
    const control = c.initial ? { initial: c.initial * 1000, increment: c.increment * 1000 } : null
    try {
      s.game = await PlayGame.start(rules, { fen: String(data.get("fen") || "").trim(), user: side, level: s.level, control })
    } catch (e) {
      const error = form.querySelector(".form-error")
      if (error) error.textContent = `That FEN cannot start a game: ${/** @type {Error} */ (e).message}`
      return
    }
    s.problem = ""
    app.side.replaceChildren(h("h2", {}, "Play ox88"), status, moves, buttons, fenOut)
    app.board.orient(side)
    startClock()
    draw()
    if (s.game.turn() !== s.game.user) engineMove()
  }

  function draw() {
    const game = s.game
    if (!game) return
    const at = game.at
    const last = at.uci ? { from: at.uci.slice(0, 2), to: at.uci.slice(2, 4) } : null
    const answer = at.answer
    app.board.show(at.fen, { last, said: at.san, check: Boolean(answer && answer.state.check), legal: answer ? answer.moves : null })
    list.render(game.root, at)
    refresh()
    if (game.outcome) status.textContent = endingText(game.outcome)
    else if (s.problem) status.textContent = s.problem
    else if (game.thinking && s.premove) status.textContent = `ox88 is thinking… Your premove: ${s.premove.san} (Escape cancels it).`
    else if (game.thinking) status.textContent = "ox88 is thinking… (you may premove)"
    else status.textContent = at === game.end ? "Your move." : "Viewing an earlier position — press End to return."
    const takebackButton = /** @type {HTMLButtonElement | null} */ (document.getElementById("takeback"))
    const resignButton = /** @type {HTMLButtonElement | null} */ (document.getElementById("resign"))
    if (takebackButton) takebackButton.disabled = game.root.children.length === 0
    if (resignButton) resignButton.disabled = Boolean(game.outcome)
    const reviewButton = document.getElementById("review-game")
    if (reviewButton) reviewButton.hidden = !game.outcome
  }

  function refresh() {
    const game = s.game
    if (!game) return
    const bottom = app.board.bottom()
    /** @param {"w" | "b"} c */
    const name = (c) => (c === game.user ? "You" : `ox88 · level ${game.level}`)
    app.players(name(bottom === "w" ? "b" : "w"), name(bottom), Boolean(game.control))
    tick()
  }

  function tick() {
    const game = s.game
    if (!game || !game.control) return
    const t = now()
    if (game.checkFlag(t)) draw()
    const bottom = app.board.bottom()
    const top = bottom === "w" ? "b" : "w"
    const running = game.running()
    app.clocks(clockText(game.left(top, t)), clockText(game.left(bottom, t)), running ? (running === bottom ? "bottom" : "top") : null)
  }

  function startClock() {
    stopClock()
    s.timer = setInterval(tick, 100)
  }
  function stopClock() {
    if (s.timer) clearInterval(s.timer)
    s.timer = null
  }

  async function engineMove() {
    const game = s.game
    if (!game) return
    const played = game.engineMove(now)
    draw()
    offerPremoves(game)
    try {
      await played
      s.problem = ""
    } catch (error) {
      s.problem = `ox88 could not move: ${/** @type {Error} */ (error).message}. Takeback or try again with New game.`
    }
    app.board.offerPremoves(null)
    if (game !== s.game) return
    draw()
    playPremove(game)
  }

  /** While ox88 thinks: the moves the player may premove, asked of the server. @param {PlayGame} game */
  function offerPremoves(game) {
    const end = game.end
    api.position({ fen: turned(end.fen, game.user) })
      .then((answer) => { if (s.game === game && game.thinking && game.end === end) app.board.offerPremoves(answer.moves) })
      // The position cannot be turned (the player gives check): no premove then.
      .catch(() => {})
  }

  /** A premove made while ox88 thinks. @param {import("./api.js").LegalMove} move */
  function onPremove(move) {
    const game = s.game
    if (!game || !game.thinking || game.outcome) return
    s.premove = move
    app.board.showPremove(move)
    draw()
  }

  function cancelPremove() {
    s.premove = null
    app.board.showPremove(null)
  }

  /** ox88 has moved: the premove is played at once (its clock barely runs), or dropped if not legal now. @param {PlayGame} game */
  function playPremove(game) {
    const premove = s.premove
    cancelPremove()
    if (!premove || game.outcome || !game.end.answer) return
    const move = premoveNow(game.end.answer.moves, premove)
    if (move) {
      onMove(move.uci)
    } else {
      s.problem = `Your premove ${premove.san} is not legal after ox88's move: it was dropped.`
      draw()
      s.problem = ""
    }
  }

  /** @param {string} uci */
  async function onMove(uci) {
    const game = s.game
    if (!game || !game.canMove()) return
    const played = game.play(uci, now)
    draw()
    try {
      await played
    } catch (error) {
      s.problem = `The move could not be played: ${/** @type {Error} */ (error).message}`
    }
    if (game !== s.game) return
    draw()
    if (!game.outcome && game.turn() !== game.user) engineMove()
  }

  function takeback() {
    const game = s.game
    if (!game) return
    cancelPremove()
    game.takeback(now())
    s.problem = ""
    draw()
    if (game.turn() !== game.user) engineMove()
  }

  function resign() {
    if (!s.game) return
    cancelPremove()
    s.game.resign()
    draw()
  }

  async function pgn() {
    if (!s.game) return null
    return api.exportPgn(s.game.pgnGame({ site: location.host, date: pgnDate() }))
  }

  async function exportPgn() {
    const text = await pgn().catch((error) => { s.problem = `The game could not be written: ${error.message}`; draw(); return null })
    if (text) download("ox88-game.pgn", text)
  }
  function exportFen() {
    if (!s.game) return
    fenOut.hidden = false
    fenOut.value = s.game.at.fen
    fenOut.select()
    if (navigator.clipboard) navigator.clipboard.writeText(s.game.at.fen).catch(() => {})
  }
  /** Sends the finished game for review. */
  async function review() {
    const game = s.game
    if (!game) return
    const { tags, result } = game.pgnGame({ site: location.host, date: pgnDate() })
    const headers = { ...Object.fromEntries(tags.map((t) => [t.name, t.value])), Result: result }
    const error = await openReview(game.root.fen, movesTo(game.end), headers)
    if (error) {
      s.problem = `The game could not be sent for review: ${error}`
      draw()
    }
  }

  async function toAnalysis() {
    const text = await pgn().catch(() => null)
    if (!text) return
    sessionStorage.setItem("ox88-analyse", text)
    location.hash = "#/analyse"
  }

  setup()
  return {
    onMove,
    canMove: (/** @type {"w" | "b"} */ color) => Boolean(s.game && s.game.canMove() && color === s.game.user),
    onPremove,
    canPremove: (/** @type {"w" | "b"} */ color) =>
      Boolean(s.game && s.game.thinking && !s.game.outcome && s.game.at === s.game.end && color === s.game.user),
    key: (/** @type {KeyboardEvent} */ event) => {
      if (event.key === "Escape" && s.premove) {
        cancelPremove()
        draw()
        return true
      }
      return list.key(event)
    },
    refresh,
    unmount: () => { stopClock(); if (s.game) s.game.version++ },
  }
}
