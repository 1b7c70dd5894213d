// Analyse: a position from a game, a FEN or a PGN (pasted or opened), the
// engine's lines streamed while it thinks, and the game's moves and
// variations to walk through. Moves made on the board add variations.
import { Chess } from "chess.js"
import { h, download } from "./dom.js"
import { MoveList } from "./movelist.js"
import { node, addMove, pathTo, readPgn, writePgn, START_FEN } from "./pgn.js"
import { positionFrom, uciOf } from "./notation.js"
import { analyse, scoreText, whiteShare } from "./engine.js"

/** The SAN of a PV given in UCI, played out from `fen` (as far as legal). */
export function sanLine(fen, ucis) {
  const chess = new Chess(fen)
  const out = []
  for (const uci of ucis) {
    const move = chess.moves({ verbose: true }).find((m) => uciOf(m) === uci)
    if (!move) break
    chess.move(move)
    out.push(move.san)
  }
  return out
}

export function mount(app) {
  const s = { root: node(null, START_FEN, null), at: null, headers: {}, running: false, job: null, lines: new Map(), multipv: 3 }
  s.at = s.root
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, select)
  const fenInput = h("input", { id: "fen-input", placeholder: "FEN", spellcheck: "false", "aria-label": "FEN" })
  const pgnInput = h("textarea", { id: "pgn-input", rows: 4, placeholder: "Paste a PGN here", spellcheck: "false", "aria-label": "PGN" })
  const fileInput = h("input", { type: "file", accept: ".pgn,text/plain", "aria-label": "Open a PGN file", onchange: openFile })
  const message = h("p", { class: "form-error", role: "alert" })
  const engineButton = h("button", { type: "button", id: "engine-toggle", class: "primary", onclick: toggle }, "Start engine")
  const depth = h("span", { class: "depth", id: "engine-depth" }, "")
  const linesOut = h("ol", { class: "lines", id: "engine-lines", "aria-live": "off" })
  const multipv = h("select", { "aria-label": "Lines", onchange: (e) => { s.multipv = Number(e.target.value); restart() } },
    ...[1, 2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === s.multipv }, `${n} line${n > 1 ? "s" : ""}`)))

  app.side.replaceChildren(
    h("h2", {}, "Analyse"),
    h("div", { class: "engine" }, h("div", { class: "engine-head" }, engineButton, multipv, depth), linesOut),
    h("div", { class: "nav buttons" },
      h("button", { type: "button", title: "Start (↑)", "aria-label": "Start", onclick: () => select(s.root) }, "«"),
      h("button", { type: "button", title: "Back (←)", "aria-label": "Back", onclick: () => s.at.parent && select(s.at.parent) }, "‹"),
      h("button", { type: "button", title: "Forward (→)", "aria-label": "Forward", onclick: () => s.at.children[0] && select(s.at.children[0]) }, "›"),
      h("button", { type: "button", title: "End (↓)", "aria-label": "End", onclick: () => { let n = s.at; while (n.children[0]) n = n.children[0]; select(n) } }, "»"),
    ),
    moves,
    h("details", { class: "load", open: true },
      h("summary", {}, "Load a position or a game"),
      h("form", { class: "row", onsubmit: loadFen }, fenInput, h("button", { type: "submit" }, "Load FEN")),
      h("form", { onsubmit: loadPgn }, pgnInput, h("div", { class: "row" }, fileInput, h("button", { type: "submit", id: "load-pgn" }, "Load PGN"))),
      message,
    ),
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: () => download("ox88-analysis.pgn", writePgn(s.headers, s.root)) }, "PGN"),
      h("button", { type: "button", onclick: () => { fenInput.value = s.at.fen; fenInput.select() } }, "FEN"),
    ),
  )
  app.evalBar(true, 0.5)

  function select(n) {
    s.at = n
    draw()
    restart()
  }

  function draw() {
    app.board.show(s.at.fen, s.at.parent ? s.at : null)
    list.render(s.root, s.at)
    app.evalBarFlip(app.board.bottom() === "b")
  }

  function setGame(root, headers) {
    s.root = root
    s.headers = headers
    s.at = root
    draw()
    restart()
  }

  function loadFen(event) {
    event.preventDefault()
    const chess = positionFrom(fenInput.value.trim())
    if (!chess) {
      message.textContent = "That is not a legal position in FEN."
      return
    }
    message.textContent = ""
    setGame(node(null, chess.fen(), null), {})
  }

  function loadPgnText(text) {
    try {
      const { headers, root } = readPgn(text)
      message.textContent = ""
      setGame(root, headers)
    } catch (error) {
      message.textContent = `That PGN could not be read: ${error.message}`
    }
  }
  function loadPgn(event) {
    event.preventDefault()
    loadPgnText(pgnInput.value)
  }
  function openFile() {
    const file = fileInput.files && fileInput.files[0]
    if (file) file.text().then((text) => { pgnInput.value = text; loadPgnText(text) })
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
    const chess = new Chess(s.at.fen)
    if (chess.isGameOver()) {
      depth.textContent = "The game is over in this position."
      return
    }
    const at = s.at
    const path = pathTo(at)
    s.job = analyse(
      { fen: s.root.fen, moves: path.map((n) => n.uci), multipv: s.multipv },
      (line) => { if (s.at === at) show(line) },
      (error, finished) => {
        if (s.at !== at) return
        if (error) depth.textContent = `The engine stopped: ${error.message}`
        else if (finished) depth.textContent += " · done"
      },
    )
  }

  function show(line) {
    s.lines.set(line.multipv, line)
    const white = new Chess(s.at.fen).turn() === "w"
    const sorted = [...s.lines.values()].sort((a, b) => a.multipv - b.multipv)
    depth.textContent = `depth ${line.depth}${line.nodes ? ` · ${Math.round(line.nodes / 1000)}k nodes` : ""}`
    linesOut.replaceChildren(...sorted.map((l) => {
      const san = l.san.length ? l.san : sanLine(s.at.fen, l.pv)
      return h("li", {}, h("span", { class: "score" }, scoreText(l, white)), " ", h("span", { class: "pv" }, san.slice(0, 12).join(" ")))
    }))
    if (sorted[0]) {
      app.evalBar(true, whiteShare(sorted[0], white))
      app.board.arrow(sorted[0].pv[0])
    }
  }

  function onMove(move) {
    const n = addMove(s.at, move)
    if (n) select(n)
  }

  const stored = sessionStorage.getItem("ox88-analyse")
  if (stored) {
    sessionStorage.removeItem("ox88-analyse")
    pgnInput.value = stored
    loadPgnText(stored)
  } else draw()

  return {
    onMove,
    canMove: () => true,
    key: (event) => list.key(event),
    refresh: draw,
    unmount: () => { if (s.job) s.job.stop(); s.job = null },
  }
}
