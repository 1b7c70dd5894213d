// @ts-check
// Puzzles: the positions where a player blundered in a reviewed game, to
// find the better move. The opponent's move that opens each is played on
// the board; a right move is answered (until the puzzle is solved), a wrong
// one can be tried again; a hint marks the piece to move. The first try at
// each puzzle rates it and the player (Glicko, on the server); the player's
// rating and solved puzzles are kept in the browser.
import { h } from "./dom.js"
import * as api from "./api.js"
import { getPuzzle, getPuzzles, keep, kept, line, myReviews, sendAttempt } from "./reviewapi.js"
import { begin, fromRecord, hint, play, retry, solution, solverOf, task } from "./puzzlestate.js"

/** @typedef {import("./api.js").LegalMove} LegalMove */
/** @typedef {import("./api.js").PositionAnswer} PositionAnswer */

const RATING = "ox88-puzzle-rating"
const SOLVED = "ox88-puzzles-solved"

/** The player's puzzle rating, as kept in the browser. */
function playerRating() {
  const rating = kept(RATING, null)
  if (rating && Number.isFinite(rating.rating) && Number.isFinite(rating.deviation)) return rating
  return { rating: 1500, deviation: 350 }
}

/** The ids of the puzzles solved in this browser. @returns {string[]} */
function solvedIds() {
  const ids = kept(SOLVED, [])
  return Array.isArray(ids) ? ids : []
}

/**
 * @param {import("./main.js").App} app
 * @param {string} arg "", "review/ID" or a puzzle's id
 */
export function mount(app, arg) {
  const review = /^review\/([A-Za-z0-9]{10})$/.exec(arg || "")
  const single = /^[A-Za-z0-9]{8}$/.test(arg || "") ? arg : null
  const s = {
    /** @type {import("./puzzlestate.js").Puzzle[]} */ list: [],
    index: 0,
    /** @type {import("./puzzlestate.js").Solving | null} */ state: null,
    /** The position where the solver plays, as the server describes it. @type {PositionAnswer | null} */ answer: null,
    /** Each move of the shown puzzle, as the server played it. @type {{uci: string, san: string, fen: string}[]} */ plies: [],
    busy: false,
    counted: false,
    seq: 0,
  }
  const status = h("p", { class: "status", id: "puzzle-status", role: "status", "aria-live": "polite" }, "Loading the puzzles…")
  const info = h("p", { class: "meta", id: "puzzle-info" })
  const rating = h("p", { class: "meta", id: "puzzle-rating" })
  const hintButton = h("button", { type: "button", id: "puzzle-hint", onclick: showHint }, "Hint")
  const retryButton = h("button", { type: "button", id: "puzzle-retry", onclick: tryAgain, hidden: true }, "Retry")
  const solutionButton = h("button", { type: "button", id: "puzzle-solution", onclick: showSolution }, "Solution")
  const nextButton = h("button", { type: "button", id: "puzzle-next", class: "primary", onclick: next }, "Next puzzle")
  app.side.replaceChildren(
    h("h2", {}, "Puzzles"),
    h("p", { class: "note" }, review ? "From one reviewed game's blunders." : "From the blunders of the games you reviewed (or of everyone's, before you have)."),
    status, info,
    h("div", { class: "buttons" }, hintButton, retryButton, solutionButton, nextButton),
    rating,
  )

  function draw() {
    const state = s.state
    const mine = playerRating()
    rating.textContent = `Your puzzle rating: ${Math.round(mine.rating)} (± ${Math.round(mine.deviation * 2)}).`
    if (!state) return
    const p = state.puzzle
    info.replaceChildren(
      `Puzzle ${s.index + 1} of ${s.list.length} · ${p.id} · rated ${p.rating} · ${p.themes.join(", ")} · `,
      h("a", { href: p.gameUrl, id: "puzzle-game" }, "the game"),
    )
    retryButton.hidden = !state.wrong
    hintButton.disabled = Boolean(state.solved || state.wrong)
    solutionButton.disabled = Boolean(state.solved)
  }

  /** Shows the puzzle at `index`: its position, then the opening move. @param {number} index */
  async function show(index) {
    s.index = index
    const puzzle = s.list[index]
    if (!puzzle) {
      s.state = null
      status.textContent = s.list.length ? "No more puzzles." : "No puzzles yet: review a game, and its blunders become puzzles here."
      info.textContent = ""
      return
    }
    const seq = ++s.seq
    s.counted = solvedIds().includes(puzzle.id)
    s.state = null
    s.answer = null
    s.busy = true
    app.board.orient(solverOf(puzzle))
    app.board.show(puzzle.fen)
    status.textContent = "Your opponent moves…"
    draw()
    try {
      // The whole line, played by the server: each position after its move.
      s.plies = await line(puzzle.fen, puzzle.moves)
      await new Promise((resolve) => setTimeout(resolve, 400))
      if (seq !== s.seq) return
      s.state = begin(puzzle, s.plies.map((ply) => ply.fen))
      await solverTurn(s.plies[0])
    } catch (error) {
      if (seq === s.seq) status.textContent = `The puzzle could not be set up: ${/** @type {Error} */ (error).message}`
    }
  }

  /**
   * The solver is to move, after `ply` (the opponent's move): the position
   * shown, its legal moves asked of the server and offered.
   * @param {{uci: string, san: string, fen: string}} ply
   */
  async function solverTurn(ply) {
    const state = s.state
    if (!state) return
    const seq = s.seq
    const last = { from: ply.uci.slice(0, 2), to: ply.uci.slice(2, 4) }
    app.board.show(state.fen, { last, said: ply.san, check: /[+#]$/.test(ply.san) })
    const answer = await api.position({ fen: state.fen })
    if (seq !== s.seq || s.state !== state) return
    s.answer = answer
    s.busy = false
    app.board.show(state.fen, { last, said: ply.san, check: answer.state.check, legal: answer.moves })
    status.textContent = task(state)
    draw()
  }

  /** The player moved (UCI), one of the legal moves offered. @param {string} uci */
  async function onMove(uci) {
    const state = s.state
    const answer = s.answer
    if (!state || !answer || s.busy) return
    const move = answer.moves.find((m) => m.uci === uci)
    if (!move) return
    s.busy = true
    const result = play(state, uci, answer.moves)
    s.state = result.state
    const seq = s.seq
    // The position after the player's move, as the server plays it.
    const after = await api.position({ fen: state.fen, moves: [uci] }).catch(() => null)
    if (seq !== s.seq) return
    if (after) app.board.show(after.fen, { last: { from: move.from, to: move.to }, said: move.san, check: move.check })
    if (result.verdict === "wrong") {
      s.busy = false
      status.textContent = "That is not it: Retry, or see the Solution."
      count(false)
    } else if (result.verdict === "solved") {
      status.textContent = s.state.failed ? "Solved, at a later try." : "Solved! That was the better move."
      count(true)
      markSolved(s.state.puzzle.id)
    } else if (result.reply) {
      status.textContent = "Right! Keep going…"
      const reply = s.plies[s.state.step - 1]
      setTimeout(() => {
        if (seq === s.seq && s.state) solverTurn(reply)
      }, 400)
    }
    draw()
  }

  /** Counts the first try at the puzzle shown. @param {boolean} solved */
  function count(solved) {
    if (s.counted || !s.state) return
    s.counted = true
    sendAttempt(s.state.puzzle.id, solved, playerRating())
      .then((answer) => {
        keep(RATING, answer.player)
        draw()
      })
      .catch(() => {})
  }

  /** @param {string} id */
  function markSolved(id) {
    keep(SOLVED, [id, ...solvedIds().filter((x) => x !== id)].slice(0, 5000))
  }

  function tryAgain() {
    if (!s.state || !s.answer) return
    s.state = retry(s.state)
    app.board.show(s.state.fen, { check: s.answer.state.check, legal: s.answer.moves })
    status.textContent = task(s.state)
    draw()
  }

  function showHint() {
    if (!s.state) return
    const square = hint(s.state)
    if (!square) return
    app.board.hint(square)
    status.textContent = `Hint: move the piece on ${square}.`
  }

  function showSolution() {
    if (!s.state || s.state.solved) return
    count(false)
    const { steps, state } = solution(retry(s.state))
    const first = s.state.step
    s.state = state
    s.busy = true
    const seq = s.seq
    steps.forEach(([uci, fen], i) => {
      setTimeout(() => {
        if (seq !== s.seq) return
        const ply = s.plies[first + i]
        app.board.show(fen, { last: { from: uci.slice(0, 2), to: uci.slice(2, 4) }, said: ply ? ply.san : null })
        if (i === steps.length - 1) {
          status.textContent = "The solution. Next puzzle?"
          draw()
        }
      }, 500 * i)
    })
    draw()
  }

  function next() {
    const solved = solvedIds()
    const after = s.list.findIndex((p, i) => i > s.index && !solved.includes(p.id))
    show(after >= 0 ? after : s.index + 1)
  }

  async function load() {
    try {
      const records = single
        ? [await getPuzzle(single)]
        : await getPuzzles(review ? [review[1]] : myReviews())
      const more = !review && !single && !records.length ? await getPuzzles([]) : []
      s.list = [...records, ...more].map(fromRecord)
      const solved = solvedIds()
      const first = s.list.findIndex((p) => !solved.includes(p.id))
      show(first >= 0 ? first : 0)
    } catch (error) {
      const missing = error instanceof api.ApiError && error.status === 404
      status.textContent = missing ? "There is no such puzzle." : `The puzzles could not be loaded: ${/** @type {Error} */ (error).message}`
    }
  }

  load()
  draw()
  return {
    onMove,
    canMove: (/** @type {"w" | "b"} */ color) => Boolean(s.state && s.answer && !s.busy && !s.state.solved && !s.state.wrong && color === solverOf(s.state.puzzle)),
    refresh: draw,
    unmount: () => { s.seq++ },
  }
}
