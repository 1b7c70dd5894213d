// @ts-check
// A puzzle being solved, without the DOM and without rules of its own (so
// `node --test` checks it): the server gives the positions (the FEN after
// each move of the solution) and the legal moves where the solver plays.
// The puzzle is lichess's record: `FEN` the position before the
// opponent's move that opens it, `Moves` that move then the solution, in
// UCI. The solver plays every other move of the solution; a mate other
// than the one given is right too, where the solution mates.

/** @typedef {import("./api.js").LegalMove} LegalMove */

/**
 * @typedef {{id: string, fen: string, moves: string[], rating: number, themes: string[], gameUrl: string}} Puzzle
 * @typedef {{puzzle: Puzzle, fens: string[], step: number, fen: string, wrong: string | null, failed: boolean,
 *   solved: boolean}} Solving
 */

/**
 * A puzzle from the server's record (lichess's columns).
 * @param {import("./reviewapi.js").PuzzleRecord} record
 * @returns {Puzzle}
 */
export function fromRecord(record) {
  return {
    id: record.PuzzleId,
    fen: record.FEN,
    moves: record.Moves.split(" ").filter(Boolean),
    rating: record.Rating,
    themes: record.Themes.split(" ").filter(Boolean),
    gameUrl: record.GameUrl,
  }
}

/** The side that solves `puzzle` ("w" or "b"): the one not to move in its FEN. @param {Puzzle} puzzle */
export function solverOf(puzzle) {
  return puzzle.fen.split(" ")[1] === "w" ? "b" : "w"
}

/**
 * The puzzle at its start: the opening move played, the solver to move.
 * `fens` are the positions after each of its moves, as the server played
 * them.
 * @param {Puzzle} puzzle
 * @param {string[]} fens
 * @returns {Solving}
 */
export function begin(puzzle, fens) {
  return { puzzle, fens, step: 1, fen: fens[0], wrong: null, failed: false, solved: false }
}

/**
 * The solver plays `uci`, among `legal` (the legal moves where the solver
 * plays): `right` (the reply, `reply`, comes next), `solved`, or `wrong`
 * (the puzzle counts as failed; `retry` takes the move back).
 * @param {Solving} state
 * @param {string} uci
 * @param {LegalMove[]} legal
 * @returns {{state: Solving, verdict: "right" | "solved" | "wrong", reply: string | null}}
 */
export function play(state, uci, legal) {
  if (state.solved || state.wrong) return { state, verdict: state.solved ? "solved" : "wrong", reply: null }
  const expected = state.puzzle.moves[state.step]
  const move = legal.find((m) => m.uci === uci)
  const given = legal.find((m) => m.uci === expected)
  const right = Boolean(move) && (uci === expected || Boolean(move && move.mate && given && given.mate))
  if (!right) return { state: { ...state, wrong: uci, failed: true }, verdict: "wrong", reply: null }
  if (state.step + 1 >= state.puzzle.moves.length || (move && move.mate)) {
    const fen = uci === expected ? state.fens[state.step] : state.fen
    return { state: { ...state, fen, step: state.puzzle.moves.length, solved: true }, verdict: "solved", reply: null }
  }
  const reply = state.puzzle.moves[state.step + 1]
  return { state: { ...state, fen: state.fens[state.step + 1], step: state.step + 2 }, verdict: "right", reply }
}

/** Takes a wrong move back, to try again. @param {Solving} state @returns {Solving} */
export function retry(state) {
  return { ...state, wrong: null }
}

/** The square of the piece to move (the hint). @param {Solving} state */
export function hint(state) {
  const next = state.puzzle.moves[state.step]
  return next ? next.slice(0, 2) : null
}

/**
 * The solution's moves left from here, each as `[uci, fen after it]` (to
 * show them one by one), and the puzzle solved by them (not counted as
 * solved by the player).
 * @param {Solving} state
 * @returns {{steps: [string, string][], state: Solving}}
 */
export function solution(state) {
  /** @type {[string, string][]} */
  const steps = state.puzzle.moves.slice(state.step).map((uci, i) => [uci, state.fens[state.step + i]])
  const fen = steps.length ? steps[steps.length - 1][1] : state.fen
  return { steps, state: { ...state, wrong: null, fen, step: state.puzzle.moves.length, solved: true, failed: true } }
}

/** The task in words. @param {Solving} state */
export function task(state) {
  const side = solverOf(state.puzzle) === "w" ? "White" : "Black"
  const mate = state.puzzle.themes.find((t) => /^mateIn\d$/.test(t))
  return mate ? `${side} to move: mate in ${mate.slice(6)}.` : `${side} to move: find the better move.`
}
