// @ts-check
// The server's rules, PGN and friend-game routes, and the types of what
// they answer (the OpenAPI document at /api/v1/openapi.json has every
// field). The page has no rules of its own: legal moves, typed moves,
// the end of a game and PGN all come from here.

/** @typedef {"white" | "black"} Color */
/** @typedef {"pawn" | "knight" | "bishop" | "rook" | "queen" | "king"} Role */
/** @typedef {{result: string, winner: Color | null, termination: string}} Outcome */

/**
 * One legal move, as the position route describes it.
 * @typedef {{uci: string, san: string, from: string, to: string, piece: Role, promotion: Role | null,
 *   check: boolean, mate: boolean}} LegalMove
 */

/**
 * A position and how the game stands, as `POST /api/v1/position` answers.
 * @typedef {{fen: string, side_to_move: Color, moves: LegalMove[],
 *   state: {check: boolean, outcome: Outcome | null, claimable_draw: Outcome | null}}} PositionAnswer
 */

/**
 * One move of a game read from PGN, with what is written around it.
 * @typedef {{san: string, uci: string, fen: string, nags: number[], comment_before: string | null,
 *   comment: string | null, clock_ms: number | null, variations: PlyJson[][]}} PlyJson
 */

/**
 * A game read from PGN.
 * @typedef {{number: number, tags: {name: string, value: string}[], start_fen: string | null,
 *   comment: string | null, moves: PlyJson[], result: string, error: ApiErrorBody | null}} GameJson
 */

/**
 * A move to write as PGN: its text, or with what is written around it.
 * @typedef {string | {uci: string, comment?: string | null, clock_ms?: number | null, nags?: number[],
 *   variations?: ExportMove[][]}} ExportMove
 */

/** @typedef {{code: string, message: string, field: string | null}} ApiErrorBody */

/** An error the server answered, with its code and the field to blame. */
export class ApiError extends Error {
  /** @param {ApiErrorBody} body @param {number} status */
  constructor(body, status) {
    super(body.message)
    this.code = body.code
    this.field = body.field
    this.status = status
  }
}

/**
 * The JSON answer of `path` (POSTing `body` when given), or an ApiError
 * with the server's message.
 * @param {string} path
 * @param {unknown} [body]
 * @param {AbortSignal} [signal]
 * @returns {Promise<Response>}
 */
export async function request(path, body, signal) {
  const init = body === undefined ? { signal } : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  }
  const response = await fetch(path, init)
  if (!response.ok) {
    /** @type {ApiErrorBody} */
    let error = { code: "http", message: `${response.status} ${response.statusText}`, field: null }
    try {
      const json = await response.json()
      if (json.error && json.error.message) error = json.error
    } catch {
      // Not our error shape (a proxy's page): the status says it.
    }
    throw new ApiError(error, response.status)
  }
  return response
}

/**
 * The position after `moves` (UCI or SAN) from `fen` (the standard start
 * when absent): its legal moves and how the game stands.
 * @param {{fen?: string, moves?: string[]}} position
 * @returns {Promise<PositionAnswer>}
 */
export async function position(position) {
  return (await request("/api/v1/position", position)).json()
}

/**
 * The legal move `text` names (SAN or UCI, as a person types it) in the
 * position `fen`: `{uci, san}`, or an ApiError saying why not.
 * @param {string} fen
 * @param {string} text
 * @returns {Promise<{uci: string, san: string}>}
 */
export async function readMove(fen, text) {
  const answer = await (await request("/api/v1/play", { fen, moves: [text] })).json()
  const ply = answer.plies[0]
  return { uci: ply.uci, san: ply.san }
}

/**
 * The first game of PGN `text`, read by the server; an ApiError when it
 * cannot be read (naming the move).
 * @param {string} text
 * @returns {Promise<GameJson>}
 */
export async function importPgn(text) {
  const { games } = await (await request("/api/v1/pgn/import", { pgn: text, limit: 1 })).json()
  if (!games.length) throw new ApiError({ code: "invalid_pgn", message: "there is no game in it", field: "pgn" }, 422)
  const game = games[0]
  if (game.error) throw new ApiError(game.error, 422)
  return game
}

/**
 * A game written as PGN by the server.
 * @param {{tags: {name: string, value: string}[], fen?: string, comment?: string | null, moves: ExportMove[],
 *   result: string}} game
 * @returns {Promise<string>}
 */
export async function exportPgn(game) {
  return (await request("/api/v1/pgn/export", { games: [game] })).text()
}

/**
 * A move played in a position of the server's game collection, with its results.
 * @typedef {{uci: string, san: string, white: number, draws: number, black: number,
 *   averageRating: number | null}} ExplorerMove
 */

/**
 * The server's game collection on a position, in the shape of lichess's explorer (games are left out here).
 * @typedef {{white: number, draws: number, black: number, moves: ExplorerMove[],
 *   opening: {eco: string, name: string} | null}} ExplorerAnswer
 */

/**
 * The moves played in the position after `moves` (UCI) from `fen`, in the
 * server's game collection; an ApiError (404 `not_found`) when the server
 * has none.
 * @param {string} fen
 * @param {string[]} moves
 * @returns {Promise<ExplorerAnswer>}
 */
export async function explorer(fen, moves) {
  const query = new URLSearchParams({ fen, play: moves.join(","), moves: "12", topGames: "0", recentGames: "0" })
  return (await request(`/api/v1/explorer?${query}`)).json()
}
