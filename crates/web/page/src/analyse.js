// @ts-check
// Analyse: a position from a game, a FEN or a PGN (pasted or opened), the
// engine's lines streamed while it thinks, and the game's moves and
// variations to walk through, and the moves of the server's game collection
// in the position on the board (the Explorer panel, explorer.js). Moves made
// on the board, or clicked in the Explorer, add variations. The
// screen's state (analyse-state.js) asks the server for every position,
// and for reading and writing PGN.
import { h, download } from "./dom.js"
import * as api from "./api.js"
import { MoveList } from "./movelist.js"
import { Analysis } from "./analyse-state.js"
import { movesTo, lineEnd } from "./tree.js"
import { turnOf } from "./notation.js"
import { analyse, scoreText, whiteShare } from "./engine.js"
import { explorerPanel } from "./explorer.js"
import { openReview } from "./reviewapi.js"


/** @typedef {import("./tree.js").Node} Node */
/** @typedef {import("./engine.js").Line} Line */

/** @param {import("./main.js").App} app */
export function mount(app) {
  const state = new Analysis(api)
  const s = {
    running: false,
    /** @type {{stop: () => void} | null} */
    job: null,
    /** @type {Map<number, Line>} */
    lines: new Map(),
    multipv: 3,
    /** Counts the positions selected, so that a late answer for an older one is dropped. */
    seq: 0,
  }
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, (n) => select(n))
  const explorer = explorerPanel(api, (uci) => onMove(uci))
  const fenInput = h("input", { id: "fen-input", placeholder: "FEN", spellcheck: "false", "aria-label": "FEN" })
  const pgnInput = h("textarea", { id: "pgn-input", rows: 4, placeholder: "Paste a PGN here", spellcheck: "false", "aria-label": "PGN" })
  const fileInput = h("input", { type: "file", accept: ".pgn,text/plain", "aria-label": "Open a PGN file", onchange: openFile })
  const message = h("p", { class: "form-error", id: "load-error", role: "alert" })
  const engineButton = h("button", { type: "button", id: "engine-toggle", class: "primary", onclick: toggle }, "Start engine")
  const depth = h("span", { class: "depth", id: "engine-depth" }, "")
  const linesOut = h("ol", { class: "lines", id: "engine-lines", "aria-live": "off" })
  const multipv = h("select", { "aria-label": "Lines", onchange: (/** @type {Event} */ e) => { s.multipv = Number(/** @type {HTMLSelectElement} */ (e.target).value); restart() } },
    ...[1, 2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === s.multipv }, `${n} line${n > 1 ? "s" : ""}`)))

  app.side.replaceChildren(
    h("h2", {}, "Analyse"),
    h("div", { class: "engine" }, h("div", { class: "engine-head" }, engineButton, multipv, depth), linesOut),
    h("div", { class: "nav buttons" },
      h("button", { type: "button", title: "Start (↑)", "aria-label": "Start", onclick: () => select(state.root) }, "«"),
      h("button", { type: "button", title: "Back (←)", "aria-label": "Back", onclick: () => state.at.parent && select(state.at.parent) }, "‹"),
      h("button", { type: "button", title: "Forward (→)", "aria-label": "Forward", onclick: () => state.at.children[0] && select(state.at.children[0]) }, "›"),
      h("button", { type: "button", title: "End (↓)", "aria-label": "End", onclick: () => select(lineEnd(state.at)) }, "»"),
    ),
    moves,
    explorer.element,
    h("details", { class: "load", open: true },
      h("summary", {}, "Load a position or a game"),
      h("form", { class: "row", onsubmit: loadFen }, fenInput, h("button", { type: "submit", id: "load-fen" }, "Load FEN")),
      h("form", { onsubmit: loadPgn }, pgnInput, h("div", { class: "row" }, fileInput, h("button", { type: "submit", id: "load-pgn" }, "Load PGN"))),
      message,
    ),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "export-pgn", onclick: exportPgn }, "PGN"),
      h("button", { type: "button", onclick: () => { fenInput.value = state.at.fen; fenInput.select() } }, "FEN"),
      h("button", { type: "button", id: "review-game", onclick: review, title: "Every move of the main line judged by the engine" }, "Review the game"),
    ),
  )
  app.evalBar(true, 0.5)

  /** Looks at `n`: drawn at once, its legal moves offered once the server has described it. @param {Node} n */
  function select(n) {
    const seq = ++s.seq
    state.at = n
    draw()
    restart()
    explorer.show(state.root.fen, movesTo(n))
    state.select(n).then(() => { if (seq === s.seq) draw() }, (error) => { if (seq === s.seq) message.textContent = error.message })
  }

  function draw() {
    const at = state.at
    const check = at.answer ? at.answer.state.check : Boolean(at.san && /[+#]$/.test(at.san))
    const last = at.uci ? { from: at.uci.slice(0, 2), to: at.uci.slice(2, 4) } : null
    app.board.show(at.fen, { last, said: at.san, check, legal: at.answer ? at.answer.moves : null })
    list.render(state.root, at)
    app.evalBarFlip(app.board.bottom() === "b")
  }

  /** After a load: the message, or the new game from its start. @param {boolean} loaded */
  function loaded(loaded) {
    message.textContent = state.message
    if (loaded) select(state.root)
  }

  /** @param {Event} event */
  async function loadFen(event) {
    event.preventDefault()
    loaded(await state.loadFen(fenInput.value))
  }

  /** @param {string} text */
  async function loadPgnText(text) {
    loaded(await state.loadPgn(text))
  }
  /** @param {Event} event */
  function loadPgn(event) {
    event.preventDefault()
    loadPgnText(pgnInput.value)
  }
  function openFile() {
    const file = fileInput.files && fileInput.files[0]
    if (file) file.text().then((/** @type {string} */ text) => { pgnInput.value = text; loadPgnText(text) })
  }

  async function exportPgn() {
    try {
      download("ox88-analysis.pgn", await state.pgn())
    } catch (error) {
      message.textContent = `The game could not be written: ${/** @type {Error} */ (error).message}`
    }
  }

  /** Sends the main line for review. */
  async function review() {
    const moves = movesTo(lineEnd(state.root))
    if (!moves.length) {
      message.textContent = "There is no game to review: load a PGN or play moves."
      return
    }
    /** @type {Record<string, string>} */
    const headers = Object.fromEntries(state.tags.map((t) => [t.name, t.value]))
    const error = await openReview(state.root.fen, moves, headers)
    if (error) message.textContent = `The game could not be sent for review: ${error}`
  }

  function toggle() {
    s.running = !s.running
    engineButton.textContent = s.running ? "Stop engine" : "Start engine"
    restart()
  }

  function restart() {
    if (s.job) s.job.stop()
    s.job = null
    s.lines.clear()
    linesOut.replaceChildren()
    depth.textContent = ""
    app.board.arrow(null)
    if (!s.running) return
    const at = state.at
    if (at.answer && (at.answer.state.outcome || at.answer.moves.length === 0)) {
      depth.textContent = "The game is over in this position."
      return
    }
    s.job = analyse(
      { fen: state.root.fen, moves: movesTo(at), multipv: s.multipv },
      (line) => { if (state.at === at) show(line) },
      (error, finished) => {
        if (state.at !== at) return
        if (error) depth.textContent = `The engine stopped: ${error.message}`
        else if (finished) depth.textContent += " · done"
      },
    )
  }

  /** @param {Line} line */
  function show(line) {
    s.lines.set(line.multipv, line)
    const white = turnOf(state.at.fen) === "w"
    const sorted = [...s.lines.values()].sort((a, b) => a.multipv - b.multipv)
    depth.textContent = `depth ${line.depth}${line.nodes ? ` · ${Math.round(line.nodes / 1000)}k nodes` : ""}`
    linesOut.replaceChildren(...sorted.map((l) =>
      h("li", {}, h("span", { class: "score" }, scoreText(l, white)), " ", h("span", { class: "pv" }, l.san.slice(0, 12).join(" ")))))
    if (sorted[0]) {
      app.evalBar(true, whiteShare(sorted[0], white))
      app.board.arrow(sorted[0].pv[0])
    }
  }

  /** @param {string} uci */
  async function onMove(uci) {
    const seq = ++s.seq
    if (await state.play(uci)) {
      if (seq === s.seq) select(state.at)
    }
  }

  const stored = sessionStorage.getItem("ox88-analyse")
  if (stored) {
    sessionStorage.removeItem("ox88-analyse")
    pgnInput.value = stored
    loadPgnText(stored)
  } else select(state.root)

  return {
    onMove,
    canMove: () => Boolean(state.at.answer),
    key: (/** @type {KeyboardEvent} */ event) => list.key(event),
    refresh: draw,
    unmount: () => { if (s.job) s.job.stop(); s.job = null },
  }
}
