// @ts-check
// The analysis screen's Explorer panel, its state: what the server's game
// collection says of a position (GET /api/v1/explorer): each move played
// there with its games, its results as shares, and the opening's name.
// Answers are kept by position (a walk back and forth asks once), and a
// server without a collection is asked once: the panel then says so.
import { ApiError } from "./api.js"

/** @typedef {import("./api.js").ExplorerAnswer} ExplorerAnswer */
/** @typedef {typeof import("./api.js")} Api */

/**
 * A line of the panel: a move (or the position's total, `uci` ""), its
 * games, and the shares (0 to 1, summing to 1) of White's wins, draws and
 * Black's wins.
 * @typedef {{uci: string, san: string, games: number, white: number, draws: number, black: number,
 *   averageRating: number | null}} ExplorerRow
 */

/**
 * What the panel shows: the moves, a note (no collection, no games, an
 * error), or nothing yet.
 * @typedef {{kind: "loading"} | {kind: "note", text: string} |
 *   {kind: "moves", opening: string | null, total: ExplorerRow, rows: ExplorerRow[]}} ExplorerView
 */

/** The most positions whose answers are kept. */
const KEPT = 256

/**
 * A row of counts: the games and the shares of each result.
 * @param {string} uci @param {string} san
 * @param {{white: number, draws: number, black: number, averageRating?: number | null}} counts
 * @returns {ExplorerRow}
 */
export function row(uci, san, counts) {
  const games = counts.white + counts.draws + counts.black
  const share = (/** @type {number} */ n) => (games ? n / games : 0)
  return {
    uci, san, games,
    white: share(counts.white), draws: share(counts.draws), black: share(counts.black),
    averageRating: counts.averageRating ?? null,
  }
}

/**
 * The panel's view of an answer: the moves most played first, the total,
 * the opening as `ECO Name`; a note when no game reached the position.
 * @param {ExplorerAnswer} answer
 * @returns {ExplorerView}
 */
export function viewOf(answer) {
  const total = row("", "", answer)
  if (!total.games) return { kind: "note", text: "No game of the collection reached this position." }
  const rows = answer.moves.map((m) => row(m.uci, m.san, m))
  const opening = answer.opening ? `${answer.opening.eco} ${answer.opening.name}` : null
  return { kind: "moves", opening, total, rows }
}

export class Explorer {
  /** @param {Pick<Api, "explorer">} api */
  constructor(api) {
    this.api = api
    /** @type {Map<string, ExplorerView>} */
    this.views = new Map()
    /** False once the server said it has no game collection. */
    this.available = true
  }

  /**
   * The view of the position after `moves` (UCI) from `fen`: kept, or
   * asked of the server. A server without a collection, or an error, is a
   * note saying so.
   * @param {string} fen @param {string[]} moves
   * @returns {Promise<ExplorerView>}
   */
  async view(fen, moves) {
    if (!this.available) return { kind: "note", text: "This server has no game collection (ox88-server --explorer)." }
    const key = `${fen}|${moves.join(",")}`
    const kept = this.views.get(key)
    if (kept) return kept
    let view
    try {
      view = viewOf(await this.api.explorer(fen, moves))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.status === 404 && error.code === "not_found") {
        this.available = false
        return this.view(fen, moves)
      }
      return { kind: "note", text: `The explorer could not answer: ${error.message}` }
    }
    if (this.views.size >= KEPT) this.views.delete(/** @type {string} */ (this.views.keys().next().value))
    this.views.set(key, view)
    return view
  }
}
