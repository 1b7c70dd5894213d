// @ts-check
// The home screen's state: the finished friend games, as the server lists
// them, each with what the list shows of it.
import { endingText } from "./notation.js"

/** @typedef {{id: string, outcome: import("./api.js").Outcome, plies: number, finished_ms: number}} FinishedGame */

/**
 * The list's entries for the server's `{games}` answer: each game's link
 * text and its length in moves.
 * @param {{games: FinishedGame[]}} answer
 */
export function finishedEntries(answer) {
  return answer.games.map((game) => ({
    id: game.id,
    text: endingText(game.outcome),
    moves: Math.ceil(game.plies / 2),
  }))
}

/**
 * The finished games: `{entries}` or, when the list cannot be had,
 * `{failed: true}`.
 * @param {Promise<{games: FinishedGame[]}>} request
 */
export async function loadFinished(request) {
  try {
    return { entries: finishedEntries(await request), failed: false }
  } catch {
    return { entries: [], failed: true }
  }
}
