// @ts-check
// Game reviews and puzzles through ox88-server's API: the only module that
// knows those routes. The reviews a visitor sent are remembered in the
// browser (their puzzles are "yours").
import { request } from "./api.js"
import { sseParser } from "./engine.js"
import { reviewRequest } from "./reviewstate.js"

const MINE = "ox88-reviews"

/**
 * What the browser keeps under `key` (JSON), or `fallback` when nothing
 * readable is kept there.
 * @param {string} key
 * @param {unknown} fallback
 * @returns {any}
 */
export function kept(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null")
    return value == null ? fallback : value
  } catch {
    return fallback
  }
}

/** Keeps `value` (as JSON) under `key` in the browser, if it may. @param {string} key @param {unknown} value */
export function keep(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage disabled or full (a private window): the page goes on without it.
  }
}

/** The ids of the reviews this browser sent, newest first. @returns {string[]} */
export function myReviews() {
  const ids = kept(MINE, [])
  return Array.isArray(ids) ? ids.filter((id) => typeof id === "string" && /^[A-Za-z0-9]{10}$/.test(id)) : []
}

/** Remembers review `id` as this browser's. @param {string} id */
function remember(id) {
  keep(MINE, [id, ...myReviews().filter((other) => other !== id)].slice(0, 100))
}

/**
 * Sends a game for review; its id.
 * @param {{fen: string, moves: string[], white?: string, black?: string, result?: string}} game
 * @returns {Promise<string>}
 */
export async function createReview(game) {
  const { id } = await (await request("/api/v1/reviews", game)).json()
  remember(id)
  return id
}

/**
 * Sends the game of `fen` and `moves` (UCI; its main line) for review and
 * opens the review screen on it; the error's message if it cannot be sent.
 * @param {string} fen
 * @param {string[]} moves
 * @param {Record<string, string>} headers the game's PGN headers (players, result)
 * @returns {Promise<string | null>}
 */
export async function openReview(fen, moves, headers) {
  try {
    const id = await createReview(reviewRequest(fen, moves, headers))
    location.hash = `#/review/${id}`
    return null
  } catch (error) {
    return /** @type {Error} */ (error).message
  }
}

/** Review `id` as far as it is analysed. @param {string} id */
export async function getReview(id) {
  return /** @type {Promise<import("./reviewstate.js").ReviewReport>} */ ((await request(`/api/v1/reviews/${id}`)).json())
}

/**
 * Runs review `id`: `onEvent(name, data)` for each event of its stream
 * (`review`, `queued`, `eval`, `error`), `onDone(error)` at its end.
 * Returns `stop()`, which closes the stream (and so stops the review).
 * @param {string} id
 * @param {(name: string, data: any) => void} onEvent
 * @param {(error: Error | null) => void} onDone
 */
export function streamReview(id, onEvent, onDone) {
  const controller = new AbortController()
  ;(async () => {
    try {
      const response = await request(`/api/v1/reviews/${id}/stream`, undefined, controller.signal)
      if (!response.body) throw new Error("the stream has no body")
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      const feed = sseParser((/** @type {string} */ name, /** @type {string} */ data) => onEvent(name, JSON.parse(data)))
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        feed(value)
      }
      onDone(null)
    } catch (error) {
      onDone(controller.signal.aborted ? null : /** @type {Error} */ (error))
    }
  })()
  return { stop: () => controller.abort() }
}

/**
 * A puzzle with lichess's columns, as the server answers it.
 * @typedef {{PuzzleId: string, FEN: string, Moves: string, Rating: number, RatingDeviation: number,
 *   NbPlays: number, Themes: string, GameUrl: string}} PuzzleRecord
 */

/**
 * Puzzles from the games of `reviews` (all newest puzzles when empty).
 * @param {string[]} reviews
 * @returns {Promise<PuzzleRecord[]>}
 */
export async function getPuzzles(reviews) {
  const query = reviews.length ? `?reviews=${reviews.join(",")}&limit=200` : "?limit=200"
  return (await (await request(`/api/v1/puzzles${query}`)).json()).puzzles
}

/** Puzzle `id`. @param {string} id @returns {Promise<PuzzleRecord>} */
export async function getPuzzle(id) {
  return (await request(`/api/v1/puzzles/${id}`)).json()
}

/**
 * Counts a first try at puzzle `id`: the puzzle and the player's ratings after it.
 * @param {string} id
 * @param {boolean} solved
 * @param {{rating: number, deviation: number}} player
 * @returns {Promise<{puzzle: PuzzleRecord, player: {rating: number, deviation: number}}>}
 */
export async function sendAttempt(id, solved, player) {
  return (await request(`/api/v1/puzzles/${id}/attempt`, { solved, player })).json()
}

/**
 * `moves` (UCI) played from `fen` by the server: each move's SAN and the
 * FEN after it.
 * @param {string} fen
 * @param {string[]} moves
 * @returns {Promise<{uci: string, san: string, fen: string}[]>}
 */
export async function line(fen, moves) {
  return (await (await request("/api/v1/play", { fen, moves })).json()).plies
}
