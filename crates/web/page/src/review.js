// @ts-check
// Review: a game's every position analysed by the server (streamed while it
// runs), an evaluation graph under the board that jumps to a move when
// clicked, each move judged by lichess's thresholds with the better move as
// an arrow, each player's counts and accuracy, and lichess's review keys
// (b, m, i: the next blunder, mistake, inaccuracy of the side at the bottom;
// with Shift the previous one; space: the engine's move).
import { h, download } from "./dom.js"
import * as api from "./api.js"
import { MoveList } from "./movelist.js"
import { addChild, node, toExport } from "./tree.js"
import { EvalGraph } from "./evalgraph.js"
import { getReview, streamReview } from "./reviewapi.js"
import { withPosition, judgedPly, progressText, moveWords, GLYPHS } from "./reviewstate.js"

/** @typedef {import("./reviewstate.js").ReviewReport} ReviewReport */
/** @typedef {import("./reviewstate.js").Judgement} Judgement */
/** @typedef {import("./tree.js").Node} Node */

const KEYS = /** @type {Record<string, Judgement>} */ ({ b: "blunder", m: "mistake", i: "inaccuracy" })

/**
 * @param {import("./main.js").App} app
 * @param {string} arg `ID` or `ID/ply`
 */
export function mount(app, arg) {
  const [id = "", plyText = ""] = arg.split("/")
  const s = {
    /** @type {ReviewReport | null} */ report: null,
    /** @type {number | null} */ ahead: null,
    /** @type {Node | null} */ root: null,
    /** @type {Node[]} the main line's nodes, by ply */ line: [],
    /** @type {Node | null} */ at: null,
    /** @type {{stop: () => void} | null} */ stream: null,
    error: "",
  }
  const title = h("h2", {}, "Game review")
  const players = h("p", { class: "meta", id: "review-players" })
  const status = h("p", { class: "status", id: "review-status", role: "status", "aria-live": "polite" }, "Loading the review…")
  const summary = h("div", { class: "summary", id: "review-summary" })
  const comment = h("p", { class: "review-comment", id: "review-comment", "aria-live": "polite" })
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, select)
  const puzzles = h("a", { class: "button", id: "review-puzzles", href: `#/puzzles/review/${id}`, hidden: true }, "Puzzles")
  const retry = h("button", { type: "button", id: "review-retry", hidden: true, onclick: run }, "Try again")
  app.side.replaceChildren(
    title, players, status, retry, summary, comment,
    h("div", { class: "nav buttons" },
      h("button", { type: "button", title: "Start (↑)", "aria-label": "Start", onclick: () => s.root && select(s.root) }, "«"),
      h("button", { type: "button", title: "Back (←)", "aria-label": "Back", onclick: () => s.at && s.at.parent && select(s.at.parent) }, "‹"),
      h("button", { type: "button", title: "Forward (→)", "aria-label": "Forward", onclick: () => s.at && s.at.children[0] && select(s.at.children[0]) }, "›"),
      h("button", { type: "button", title: "End (↓)", "aria-label": "End", onclick: () => s.line.length && select(s.line[s.line.length - 1]) }, "»"),
    ),
    moves,
    h("div", { class: "buttons" },
      puzzles,
      h("button", { type: "button", id: "review-analyse", onclick: toAnalysis }, "Analyse"),
      h("button", { type: "button", onclick: exportPgn }, "PGN"),
    ),
    h("p", { class: "note" }, "Keys: ← → moves · b m i the next blunder, mistake, inaccuracy of the side at the bottom (Shift: the previous) · space the engine's move · f flip."),
  )
  const graph = new EvalGraph(app.graph(true), (ply) => s.line[ply] && select(s.line[ply]))
  app.evalBar(true, 0.5)

  /** The main line's ply of node `n` (a variation counts from where it leaves). @param {Node} n */
  function plyOf(n) {
    /** @type {Node | null} */
    let at = n
    while (at && s.line[at.ply] !== at) at = at.parent
    return at ? at.ply : 0
  }

  /** Builds the tree of `report`'s moves, keeping the lines played on it. @param {ReviewReport} report */
  function setReport(report) {
    const first = !s.report
    s.report = report
    if (first) {
      const root = node(null, report.fen, null)
      s.root = root
      s.line = [root]
      report.moves.forEach((move, i) => {
        s.line.push(addChild(s.line[s.line.length - 1], { uci: move.uci, san: move.san, fen: report.positions[i + 1].fen }))
      })
      const ply = Math.min(Number(plyText) || 0, s.line.length - 1)
      s.at = s.line[ply]
    }
    report.moves.forEach((move, i) => {
      const n = s.line[i + 1]
      if (!n) return
      n.judgement = move.judgement || undefined
      n.glyph = move.judgement ? GLYPHS[move.judgement] : ""
      n.comment = move.comment || ""
    })
    draw()
  }

  /** @param {Node} n */
  function select(n) {
    s.at = n
    draw()
  }

  function draw() {
    const report = s.report
    const at = s.at
    if (!report || !at || !s.root) return
    const ply = plyOf(at)
    const onLine = s.line[ply] === at
    const last = at.uci ? { from: at.uci.slice(0, 2), to: at.uci.slice(2, 4) } : null
    app.board.show(at.fen, { last, said: at.san, check: Boolean(at.san && /[+#]$/.test(at.san)) })
    const judged = onLine && ply > 0 ? report.moves[ply - 1] : null
    if (judged && judged.best) app.board.arrow(judged.best.uci, "best")
    list.render(s.root, at)
    graph.render(report, ply)
    const win = onLine && report.positions[ply] ? report.positions[ply].win : null
    app.evalBar(true, win == null ? 0.5 : win / 100)
    app.evalBarFlip(app.board.bottom() === "b")
    refresh()
    status.textContent = s.error || progressText(report, s.ahead)
    comment.textContent = onLine ? moveWords(report, ply) : "A line of your own: the review judges the game's moves."
    puzzles.hidden = !report.puzzles.length
    puzzles.textContent = `Puzzles from this game (${report.puzzles.length})`
    summary.replaceChildren(...(["white", "black"].map((color) => playerRow(report, /** @type {"white" | "black"} */ (color)))))
  }

  /**
   * A player's accuracy and counts, each count a button to its next move.
   * @param {ReviewReport} report
   * @param {"white" | "black"} color
   */
  function playerRow(report, color) {
    const player = report.players[color]
    const name = report[color] || (color === "white" ? "White" : "Black")
    const count = (/** @type {Judgement} */ kind, /** @type {number} */ n, /** @type {string} */ word) =>
      h("button", { type: "button", class: `count ${kind}`, "data-kind": kind, "data-color": color, disabled: n === 0,
        "aria-label": `${name}: ${n} ${word}${n === 1 ? "" : "s"}; go to the next`,
        onclick: () => jump(color, [kind], false) }, `${n} ${GLYPHS[kind]}`)
    return h("div", { class: "player-review", "data-color": color },
      h("strong", {}, name),
      h("span", { class: "accuracy" }, player.accuracy == null ? "accuracy …" : `${player.accuracy} % accuracy`),
      h("span", { class: "counts" },
        count("inaccuracy", player.inaccuracies, "inaccuracy"),
        count("mistake", player.mistakes, "mistake"),
        count("blunder", player.blunders, "blunder")))
  }

  function refresh() {
    if (!s.report) return
    const bottom = app.board.bottom() === "w" ? "white" : "black"
    const report = s.report
    const name = (/** @type {"white" | "black"} */ color) => report[color] || (color === "white" ? "White" : "Black")
    app.players(name(bottom === "white" ? "black" : "white"), name(bottom), false)
    const result = report.result ? ` · ${report.result}` : ""
    players.textContent = `${name("white")} – ${name("black")}${result}`
  }

  /**
   * Goes to the next (or previous) judged move of `color` among `kinds`.
   * @param {"white" | "black"} color
   * @param {Judgement[]} kinds
   * @param {boolean} previous
   */
  function jump(color, kinds, previous) {
    if (!s.report || !s.at) return false
    const ply = judgedPly(s.report, plyOf(s.at), color, kinds, previous)
    if (ply == null) {
      status.textContent = `No ${kinds.join(" or ")} by ${color}.`
      return true
    }
    select(s.line[ply])
    return true
  }

  /** Space: the engine's move here, played as a line of its own (the server gives the position after it). */
  function engineMove() {
    const at = s.at
    if (!s.report || !at) return false
    const ply = plyOf(at)
    const best = s.line[ply] === at && s.report.positions[ply] ? s.report.positions[ply].best : null
    if (!best) {
      status.textContent = "The engine has no move here."
      return true
    }
    api.position({ fen: at.fen, moves: [best.uci] })
      .then((answer) => select(addChild(at, { uci: best.uci, san: best.san, fen: answer.fen })))
      .catch((error) => { status.textContent = `The engine's move could not be shown: ${error.message}` })
    return true
  }

  /** @param {KeyboardEvent} event */
  function key(event) {
    if (!s.report) return false
    const kind = KEYS[event.key.toLowerCase()]
    if (kind) return jump(app.board.bottom() === "w" ? "white" : "black", [kind], event.shiftKey)
    if (event.key === " ") return engineMove()
    return list.key(event)
  }

  /** The reviewed game as PGN, written by the server, the judgements as comments. */
  async function pgn() {
    const report = s.report
    if (!report || !s.root) return null
    const tags = [
      { name: "Event", value: "Game review" },
      { name: "Site", value: location.host },
      { name: "White", value: report.white || "?" },
      { name: "Black", value: report.black || "?" },
      { name: "Annotator", value: `ox88, ${report.nodes} nodes a position` },
    ]
    return api.exportPgn({ tags, fen: report.fen, moves: toExport(s.root), result: report.result || "*" })
  }

  async function exportPgn() {
    const text = await pgn().catch((error) => { status.textContent = `The game could not be written: ${error.message}`; return null })
    if (text) download(`ox88-review-${id}.pgn`, text)
  }

  async function toAnalysis() {
    const text = await pgn().catch(() => null)
    if (!text) return
    sessionStorage.setItem("ox88-analyse", text)
    location.hash = "#/analyse"
  }

  /** Runs the review until it is complete, showing it as it goes. */
  function run() {
    retry.hidden = true
    s.error = ""
    if (s.stream) s.stream.stop()
    s.stream = streamReview(id, (name, data) => {
      if (name === "review") {
        s.ahead = null
        setReport(data)
      } else if (name === "queued") {
        s.ahead = data.ahead
        draw()
      } else if (name === "eval" && s.report) {
        s.ahead = null
        s.report = withPosition(s.report, data.ply, data.position)
        draw()
      } else if (name === "error") {
        s.error = `The review stopped: ${data.message}`
        draw()
      }
    }, (error) => {
      s.stream = null
      if (error) {
        s.error = `The review could not run: ${error.message}`
        retry.hidden = false
        if (s.report) draw()
        else status.textContent = s.error
      }
    })
  }

  getReview(id)
    .then((report) => {
      setReport(report)
      if (!report.complete) run()
    })
    .catch((error) => {
      status.textContent = error.status === 404 ? "There is no such review." : `The review could not be loaded: ${error.message}`
    })

  return {
    key,
    refresh: draw,
    unmount: () => {
      if (s.stream) s.stream.stop()
      s.stream = null
      app.graph(false)
    },
  }
}
