// @ts-check
// The engine, through ox88-server's API: a move for play, and analysis
// streamed as Server-Sent Events. The only module that knows those routes.
import { request } from "./api.js"

/** @typedef {{level: number, depth: number, nodes: number, elo: {elo: number, margin: number, games: number} | null}} Level */
/** @typedef {{multipv: number, depth: number, seldepth?: number, nodes?: number, nps?: number, cp: number | null,
 *   mate: number | null, bound: string | null, pv: string[], san: string[]}} Line */

/**
 * The strengths offered against ox88: the server's levels (`GET
 * /api/v1/levels`), each a real search limit (a depth and a node budget),
 * named by the Elo it measured against Stockfish (with its 95 % margin), or
 * by its limits where it has not been measured.
 */
export async function levels() {
  try {
    /** @type {Level[]} */
    const levels = await (await request("/api/v1/levels")).json()
    return levels.map(levelName)
  } catch {
    return [1, 2, 3, 4, 5, 6, 7, 8].map((level) => ({ level, name: String(level) }))
  }
}

/**
 * A level of `GET /api/v1/levels` as the strength menu names it.
 * @param {Level} l
 * @returns {{level: number, name: string, title?: string}}
 */
export function levelName(l) {
  const limits = `depth ${l.depth}, ${nodesText(l.nodes)} nodes`
  const name = l.elo ? `${l.level} · Elo ${l.elo.elo} ± ${l.elo.margin}` : `${l.level} · ${limits}`
  return { level: l.level, name, title: l.elo ? `${limits}; measured in ${l.elo.games} games` : "strength not measured" }
}

/** @param {number} n */
function nodesText(n) {
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n)
}

/**
 * ox88's move in the position `fen` + `moves` (UCI): `{uci}`, from
 * `POST /api/v1/best-move`, at strength `level` (a number from `levels()`).
 */
/** @param {{fen: string, moves: string[], level: number}} position @returns {Promise<{uci: string}>} */
export async function bestMove({ fen, moves, level }) {
  const json = await (await request("/api/v1/best-move", { fen, moves, level })).json()
  if (!json.best_move) throw new Error("the server found no move")
  return { uci: json.best_move.uci }
}

/**
 * One analysis line in the page's terms, from the server's `info` event
 * (a `LineJson`: multipv, depth, score {cp, mate}, bound, pv_uci, pv_san).
 * @param {any} raw
 * @returns {Line}
 */
export function readInfo(raw) {
  const score = raw.score || {}
  return {
    multipv: raw.multipv || 1,
    depth: raw.depth,
    seldepth: raw.seldepth,
    nodes: raw.nodes,
    nps: raw.nps,
    cp: score.cp != null ? score.cp : null,
    mate: score.mate != null ? score.mate : null,
    bound: raw.bound || null,
    pv: raw.pv_uci || [],
    san: raw.pv_san || [],
  }
}

/**
 * Parses Server-Sent Events from a stream of text chunks.
 * @param {(event: string, data: string) => void} onEvent
 * @returns {(chunk: string) => void}
 */
export function sseParser(onEvent) {
  let buffer = ""
  return (chunk) => {
    buffer += chunk
    let end
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "")
      let event = "message"
      const data = []
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim()
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""))
      }
      if (data.length) onEvent(event, data.join("\n"))
    }
  }
}

/**
 * Streams the engine's analysis of `fen` + `moves` with `multipv` lines:
 * `onInfo(line)` for each `info` event, `onDone(error, finished)` at the
 * end (`finished` when the server's limit ended the search). Returns `stop()`.
 * @param {{fen: string, moves: string[], multipv: number}} position
 * @param {(line: Line) => void} onInfo
 * @param {(error: Error | null, finished?: boolean) => void} onDone
 */
export function analyse({ fen, moves, multipv }, onInfo, onDone) {
  const controller = new AbortController()
  ;(async () => {
    try {
      // No limit asked: the server searches as long as its limits allow.
      const response = await request("/api/v1/analyse/stream", { fen, moves, multipv }, controller.signal)
      if (!response.body) throw new Error("the server sent no stream")
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      const feed = sseParser((event, data) => {
        if (event === "error") throw new Error(JSON.parse(data).message || data)
        if (event === "info") onInfo(readInfo(JSON.parse(data)))
      })
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        feed(value)
      }
      onDone(null, true)
    } catch (error) {
      onDone(controller.signal.aborted ? null : /** @type {Error} */ (error))
    }
  })()
  return { stop: () => controller.abort() }
}

/**
 * A score as people read it: "+0.34", "−1.20", "#3", "#−2", from White's side.
 * @param {Pick<Line, "cp" | "mate">} line
 * @param {boolean} whiteToMove
 */
export function scoreText(line, whiteToMove) {
  const sign = whiteToMove ? 1 : -1
  if (line.mate != null) {
    const m = line.mate * sign
    return m > 0 ? `#${m}` : `#−${-m}`
  }
  if (line.cp == null) return "…"
  const cp = (line.cp * sign) / 100
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + Math.abs(cp).toFixed(2)
}

/**
 * White's share of the eval bar, 0..1, from a line.
 * @param {Pick<Line, "cp" | "mate">} line
 * @param {boolean} whiteToMove
 */
export function whiteShare(line, whiteToMove) {
  const sign = whiteToMove ? 1 : -1
  if (line.mate != null) return line.mate * sign > 0 ? 1 : 0
  if (line.cp == null) return 0.5
  const cp = line.cp * sign
  return 1 / (1 + Math.exp(-cp / 250))
}
