// @ts-check
// A game review's state, without the DOM (so `node --test` checks it): the
// server's review (GET /api/v1/reviews/{id}, and the stream's events)
// folded in as it arrives, the judged moves to jump between, the words of
// its progress, and the request that sends a game for review.

/**
 * A score from White's point of view, as the server writes it.
 * @typedef {{cp: number | null, mate: number | null}} WhiteScore
 * @typedef {{uci: string, san: string}} MoveText
 * @typedef {{fen: string, eval: WhiteScore | null, win: number | null, best: MoveText | null, line: string[], depth: number | null, knodes: number | null}} ReviewedPosition
 * @typedef {"inaccuracy" | "mistake" | "blunder"} Judgement
 * @typedef {{ply: number, color: "white" | "black", uci: string, san: string, judgement: Judgement | null, best: MoveText | null, comment: string | null}} ReviewedMove
 * @typedef {{accuracy: number | null, inaccuracies: number, mistakes: number, blunders: number}} PlayerReview
 * @typedef {{id: string, fen: string, white: string | null, black: string | null, result: string | null,
 *   termination: string | null, moves: ReviewedMove[], positions: ReviewedPosition[],
 *   players: {white: PlayerReview, black: PlayerReview}, analysed: number, complete: boolean, nodes: number,
 *   puzzles: string[]}} ReviewReport
 */

/** The glyph of a judgement, as PGN annotates moves. */
export const GLYPHS = /** @type {const} */ ({ inaccuracy: "?!", mistake: "?", blunder: "??" })

/**
 * `report` with position `ply` replaced by `position` (a stream's `eval`
 * event), its count of analysed positions brought up to date. The moves'
 * judgements wait for the complete review.
 * @param {ReviewReport} report
 * @param {number} ply
 * @param {ReviewedPosition} position
 * @returns {ReviewReport}
 */
export function withPosition(report, ply, position) {
  if (ply < 0 || ply >= report.positions.length) return report
  const positions = report.positions.slice()
  positions[ply] = position
  return { ...report, positions, analysed: positions.filter((p) => p.eval != null).length }
}

/**
 * The ply (a position's index) of the next judged move of `color` after
 * position `at`, of one of `kinds`; `previous` looks back instead. Wraps
 * round, as lichess's keys do; `null` when there is none.
 * @param {ReviewReport} report
 * @param {number} at the position shown (0: the start)
 * @param {"white" | "black" | null} color the side, or null for both
 * @param {Judgement[]} kinds
 * @param {boolean} [previous]
 * @returns {number | null} the position after the judged move
 */
export function judgedPly(report, at, color, kinds, previous = false) {
  const judged = report.moves
    .filter((m) => m.judgement && kinds.includes(m.judgement) && (!color || m.color === color))
    .map((m) => m.ply + 1)
  if (!judged.length) return null
  if (previous) {
    const before = judged.filter((p) => p < at)
    return before.length ? before[before.length - 1] : judged[judged.length - 1]
  }
  return judged.find((p) => p > at) ?? judged[0]
}

/**
 * The review's progress in words, for its status line.
 * @param {ReviewReport} report
 * @param {number | null} ahead reviews waiting before it, or null when it is not waiting
 * @returns {string}
 */
export function progressText(report, ahead) {
  const total = report.positions.length
  if (report.complete) return `Reviewed: every position searched for ${knodesText(report.nodes)} nodes.`
  if (ahead != null) {
    const reviews = ahead === 1 ? "1 review" : `${ahead} reviews`
    return ahead ? `Waiting for an engine: ${reviews} ahead.` : "Waiting for an engine: yours is next."
  }
  return `Analysing: ${report.analysed} of ${total} positions.`
}

/** @param {number} nodes */
function knodesText(nodes) {
  return nodes >= 1e6 ? `${nodes / 1e6}M` : nodes >= 1e3 ? `${Math.round(nodes / 1e3)}k` : String(nodes)
}

/**
 * A score in words, White's view: "+0.34", "−1.20", "#3", "#−2", "mate".
 * @param {WhiteScore | null} score
 */
export function scoreWords(score) {
  if (!score) return "…"
  if (score.mate != null) return score.mate === 0 ? "mate" : score.mate > 0 ? `#${score.mate}` : `#−${-score.mate}`
  const cp = (score.cp || 0) / 100
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + Math.abs(cp).toFixed(2)
}

/**
 * What the page says of position `ply`: the judgement of the move that led
 * to it and the score before and after it.
 * @param {ReviewReport} report
 * @param {number} ply
 * @returns {string}
 */
export function moveWords(report, ply) {
  const position = report.positions[ply]
  if (ply === 0 || !position) return position && position.eval ? `The start: ${scoreWords(position.eval)}.` : "The start."
  const move = report.moves[ply - 1]
  const played = plyOffset(report.fen) + ply - 1
  const number = `${Math.floor(played / 2) + 1}${played % 2 === 0 ? "." : "..."}`
  const scores = `${scoreWords(report.positions[ply - 1].eval)} → ${scoreWords(position.eval)}`
  const said = move.comment ? ` ${move.comment}` : ""
  return `${number} ${move.san}${move.judgement ? GLYPHS[move.judgement] : ""} (${scores}).${said}`
}

/** The plies before the start position, from its FEN's move number and side. @param {string} fen */
function plyOffset(fen) {
  const [, side = "w", , , , full = "1"] = fen.split(" ")
  return (Number(full) - 1) * 2 + (side === "b" ? 1 : 0)
}

/**
 * The body of `POST /api/v1/reviews` for a game: its start, its main line
 * (UCI) and its players and result, as the PGN headers give them.
 * @param {string} fen the start
 * @param {string[]} moves UCI
 * @param {Record<string, string>} headers
 */
export function reviewRequest(fen, moves, headers) {
  /** @type {{fen: string, moves: string[], white?: string, black?: string, result?: string}} */
  const body = { fen, moves }
  if (headers.White && headers.White !== "?") body.white = headers.White
  if (headers.Black && headers.Black !== "?") body.black = headers.Black
  if (headers.Result && headers.Result !== "*") body.result = headers.Result
  return body
}

/**
 * The points of the evaluation graph: for each position its x (0..width)
 * and y (near 0 at the top: White winning; near `height`: Black winning;
 * 6 % of the height kept free above and below), or null for a position
 * not analysed yet.
 * @param {ReviewReport} report
 * @param {number} width
 * @param {number} height
 * @returns {({x: number, y: number} | null)[]}
 */
export function graphPoints(report, width, height) {
  const last = Math.max(1, report.positions.length - 1)
  // A margin above and below, so that the marks at the extremes are whole.
  const margin = height * 0.06
  return report.positions.map((p, ply) =>
    p.win == null ? null : { x: (ply / last) * width, y: margin + (1 - p.win / 100) * (height - 2 * margin) })
}

/**
 * The position a click at `x` on a graph `width` wide means.
 * @param {ReviewReport} report
 * @param {number} x
 * @param {number} width
 */
export function plyAt(report, x, width) {
  const last = Math.max(1, report.positions.length - 1)
  return Math.min(report.positions.length - 1, Math.max(0, Math.round((x / width) * last)))
}
