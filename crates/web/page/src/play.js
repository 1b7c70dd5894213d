// Play ox88: a side, a strength and a clock; the engine's moves come from
// the server. The rules (and the clock, here in the page) end the game.
import { Chess } from "chess.js"
import { h, download, pgnDate } from "./dom.js"
import { MoveList } from "./movelist.js"
import { node, addMove, pathTo, writePgn, START_FEN } from "./pgn.js"
import { clockText, endingText, rulesEnding, loneKing, uciOf } from "./notation.js"
import { levels, bestMove } from "./engine.js"

const CLOCKS = [
  { name: "No clock", initial: 0, increment: 0 },
  { name: "1 + 0", initial: 60, increment: 0 },
  { name: "3 + 2", initial: 180, increment: 2 },
  { name: "5 + 3", initial: 300, increment: 3 },
  { name: "10 + 5", initial: 600, increment: 5 },
  { name: "15 + 10", initial: 900, increment: 10 },
]

export function mount(app) {
  const s = { root: null, at: null, user: "w", level: 3, levels: [], clock: null, ending: null, seq: 0, thinking: false, timer: null }
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" })
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, (n) => { s.at = n; draw() })
  const fenOut = h("input", { class: "fen-out", readonly: true, "aria-label": "FEN", hidden: true })
  const buttons = h("div", { class: "buttons" },
    h("button", { type: "button", id: "takeback", onclick: takeback }, "Takeback"),
    h("button", { type: "button", id: "resign", onclick: resign }, "Resign"),
    h("button", { type: "button", onclick: () => setup() }, "New game"),
    h("button", { type: "button", id: "export-pgn", onclick: exportPgn }, "PGN"),
    h("button", { type: "button", id: "export-fen", onclick: exportFen }, "FEN"),
    h("button", { type: "button", onclick: toAnalysis }, "Analyse"),
  )

  async function setup() {
    stopClock()
    if (!s.levels.length) s.levels = await levels()
    s.seq++
    s.root = null
    const form = h("form", { class: "setup", id: "play-setup", onsubmit: start },
      h("fieldset", {}, h("legend", {}, "Your side"),
        ...["white", "black", "random"].map((c, i) =>
          h("label", {}, h("input", { type: "radio", name: "side", value: c, checked: i === 0 }), ` ${c[0].toUpperCase()}${c.slice(1)}`))),
      h("label", {}, "Strength ", h("select", { name: "level" }, ...s.levels.map((l) => h("option", { value: l.level, selected: l.level === s.level, title: l.title }, l.name)))),
      h("label", {}, "Clock ", h("select", { name: "clock" }, ...CLOCKS.map((c, i) => h("option", { value: i, selected: i === 3 }, c.name)))),
      h("label", {}, "Start from FEN (optional) ", h("input", { name: "fen", placeholder: "the start position", spellcheck: "false" })),
      h("p", { class: "form-error", role: "alert" }),
      h("button", { type: "submit", class: "primary" }, "Play"),
    )
    app.side.replaceChildren(h("h2", {}, "Play ox88"), form,
      h("p", { class: "note" }, "Each level is a search limit (a depth and a node budget). Its Elo was measured in games against Stockfish 15.1 held to a set strength: an engine-list (CCRL) scale, not a human rating (see docs/web.md)."))
    app.players("", "", false)
    app.board.show(START_FEN)
  }

  function start(event) {
    event.preventDefault()
    const data = new FormData(event.target)
    const fen = String(data.get("fen") || "").trim() || START_FEN
    try {
      const chess = new Chess(fen)
      if (chess.isGameOver()) throw new Error("the game is over in that position")
    } catch (e) {
      event.target.querySelector(".form-error").textContent = `That FEN cannot start a game: ${e.message}`
      return
    }
    const side = data.get("side") === "random" ? (Math.random() < 0.5 ? "w" : "b") : data.get("side") === "black" ? "b" : "w"
    s.user = side
    s.level = Number(data.get("level")) || 3
    const c = CLOCKS[Number(data.get("clock"))] || CLOCKS[0]
    s.clock = c.initial ? { initial: c.initial * 1000, increment: c.increment * 1000, w: c.initial * 1000, b: c.initial * 1000, since: null } : null
    s.root = node(null, fen, null)
    s.at = s.root
    s.ending = null
    s.headers = { Event: "Game against ox88", Site: location.host, Date: pgnDate(), White: side === "w" ? "You" : `ox88 (level ${s.level})`, Black: side === "b" ? "You" : `ox88 (level ${s.level})` }
    if (s.clock) s.headers.TimeControl = `${c.initial}+${c.increment}`
    app.side.replaceChildren(h("h2", {}, "Play ox88"), status, moves, buttons, fenOut)
    app.board.orient(side)
    startClock()
    draw()
    if (turn() !== s.user) engineMove()
  }

  const end = () => { let n = s.root; while (n.children[0]) n = n.children[0]; return n }
  const turn = () => new Chess(end().fen).turn()

  function draw() {
    if (!s.root) return
    const last = s.at.parent ? s.at : null
    app.board.show(s.at.fen, last)
    list.render(s.root, s.at)
    refresh()
    if (s.ending) status.textContent = endingText(s.ending.result, s.ending.termination)
    else if (s.thinking) status.textContent = "ox88 is thinking…"
    else status.textContent = s.at === end() ? "Your move." : "Viewing an earlier position — press End to return."
    document.getElementById("takeback").disabled = s.root.children.length === 0
    document.getElementById("resign").disabled = Boolean(s.ending)
  }

  function refresh() {
    if (!s.root) return
    const bottom = app.board.bottom()
    const name = (c) => (c === s.user ? "You" : `ox88 · level ${s.level}`)
    app.players(name(bottom === "w" ? "b" : "w"), name(bottom), Boolean(s.clock))
    tick()
  }

  function left(color) {
    const c = s.clock
    if (!c) return 0
    const running = !s.ending && c.since != null && turn() === color
    return Math.max(0, c[color] - (running ? performance.now() - c.since : 0))
  }

  function tick() {
    if (!s.clock || !s.root) return
    const bottom = app.board.bottom()
    const top = bottom === "w" ? "b" : "w"
    const running = s.ending || s.clock.since == null ? null : turn() === bottom ? "bottom" : "top"
    app.clocks(clockText(left(top)), clockText(left(bottom)), running)
    for (const color of ["w", "b"]) {
      if (!s.ending && s.clock.since != null && turn() === color && left(color) <= 0) {
        const winner = color === "w" ? "b" : "w"
        const draw = loneKing(new Chess(end().fen), winner)
        finish({ result: draw ? "1/2-1/2" : winner === "w" ? "1-0" : "0-1", termination: "timeout" })
      }
    }
  }

  function startClock() {
    stopClock()
    s.timer = setInterval(tick, 100)
  }
  function stopClock() {
    if (s.timer) clearInterval(s.timer)
    s.timer = null
  }

  /** The mover's clock stops, gains the increment, and the other's starts. */
  function press(mover, n) {
    const c = s.clock
    if (!c) return
    if (c.since != null) c[mover] = Math.max(0, c[mover] - (performance.now() - c.since)) + c.increment
    n.clock = c[mover]
    c.since = performance.now()
  }

  function finish(ending) {
    s.ending = ending
    s.seq++
    s.thinking = false
    s.headers.Result = ending.result
    s.headers.Termination = ending.termination === "timeout" ? "time forfeit" : "normal"
    draw()
  }

  function played(move) {
    const mover = turn()
    const n = addMove(end(), move)
    press(mover, n)
    s.at = n
    const ending = rulesEnding(new Chess(n.fen))
    if (ending) finish(ending)
    else draw()
  }

  async function engineMove() {
    const seq = ++s.seq
    s.thinking = true
    draw()
    const path = pathTo(end())
    try {
      const { uci } = await bestMove({ fen: s.root.fen, moves: path.map((n) => n.uci), level: s.level })
      if (seq !== s.seq) return
      s.thinking = false
      const chess = new Chess(end().fen)
      const move = chess.moves({ verbose: true }).find((m) => uciOf(m) === uci)
      if (!move) throw new Error(`the server answered ${uci}, which is not legal here`)
      played(move)
    } catch (error) {
      if (seq !== s.seq) return
      s.thinking = false
      draw()
      status.textContent = `ox88 could not move: ${error.message}. Takeback or try again with New game.`
    }
  }

  function onMove(move) {
    if (!s.root || s.ending || s.thinking || s.at !== end() || turn() !== s.user) return
    played(move)
    if (!s.ending) engineMove()
  }

  function takeback() {
    if (!s.root || s.root.children.length === 0) return
    s.seq++
    s.thinking = false
    s.ending = null
    delete s.headers.Termination
    s.headers.Result = "*"
    let n = end()
    const undo = (m) => { m.parent.children = m.parent.children.filter((c) => c !== m); return m.parent }
    n = undo(n)
    if (n.parent && new Chess(n.fen).turn() !== s.user) n = undo(n)
    s.at = n
    if (s.clock) s.clock.since = s.root.children.length ? performance.now() : null
    draw()
    if (turn() !== s.user) engineMove()
  }

  function resign() {
    if (!s.root || s.ending) return
    finish({ result: s.user === "w" ? "0-1" : "1-0", termination: "resignation" })
  }

  function exportPgn() {
    if (s.root) download("ox88-game.pgn", writePgn(s.headers, s.root))
  }
  function exportFen() {
    if (!s.root) return
    fenOut.hidden = false
    fenOut.value = s.at.fen
    fenOut.select()
    if (navigator.clipboard) navigator.clipboard.writeText(s.at.fen).catch(() => {})
  }
  function toAnalysis() {
    if (!s.root) return
    sessionStorage.setItem("ox88-analyse", writePgn(s.headers, s.root))
    location.hash = "#/analyse"
  }

  setup()
  return {
    onMove,
    canMove: (color) => Boolean(s.root) && !s.ending && !s.thinking && s.at === end() && color === s.user,
    key: (event) => list.key(event),
    refresh,
    unmount: () => { stopClock(); s.seq++ },
  }
}
