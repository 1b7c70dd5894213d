// @ts-check
// What the page shows in words: clocks as a clock shows them, the end of a
// game as a sentence, and the few facts it reads off a FEN to draw the
// board. The chess itself (legal moves, notation, the end of a game) is
// the server's.

/**
 * Milliseconds as a clock shows them: "5:00", "1:02:03", "0:09.4" under ten seconds.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, Math.floor(ms))
  const seconds = Math.floor(t / 1000)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor(seconds / 60) % 60
  const s = seconds % 60
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, "0")
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`
  if (t < 10000) return `${m}:${pad(s)}.${Math.floor((t % 1000) / 100)}`
  return `${m}:${pad(s)}`
}

/** How each termination (the server's word) reads in a sentence. */
const TERMINATIONS = /** @type {Record<string, string>} */ ({
  checkmate: "checkmate",
  stalemate: "stalemate",
  insufficient_material: "insufficient material",
  fifty_moves: "the fifty-move rule",
  seventy_five_moves: "the seventy-five-move rule",
  threefold_repetition: "threefold repetition",
  fivefold_repetition: "fivefold repetition",
  timeout: "time",
  resignation: "resignation",
  agreement: "agreement",
})

/**
 * A game's end in words: "Black wins by checkmate", "Draw by stalemate".
 * @param {import("./api.js").Outcome} outcome
 */
export function endingText(outcome) {
  const why = TERMINATIONS[outcome.termination] || outcome.termination
  if (outcome.winner === "white") return `White wins by ${why}`
  if (outcome.winner === "black") return `Black wins by ${why}`
  return `Draw by ${why}`
}

/**
 * The side to move in `fen`: "w" or "b".
 * @param {string} fen
 * @returns {"w" | "b"}
 */
export function turnOf(fen) {
  return fen.split(" ")[1] === "b" ? "b" : "w"
}

/**
 * The pieces of `fen`'s board, by square: `{e1: "wk", ...}`.
 * @param {string} fen
 * @returns {Record<string, string>}
 */
export function piecesOf(fen) {
  /** @type {Record<string, string>} */
  const pieces = {}
  fen.split(" ")[0].split("/").forEach((row, index) => {
    let file = 0
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c)
      else {
        const square = "abcdefgh"[file] + String(8 - index)
        pieces[square] = (c === c.toUpperCase() ? "w" : "b") + c.toLowerCase()
        file++
      }
    }
  })
  return pieces
}

/**
 * The square of `color`'s king in `fen`, if there is one.
 * @param {string} fen
 * @param {"w" | "b"} color
 */
export function kingSquare(fen, color) {
  return Object.entries(piecesOf(fen)).find(([, piece]) => piece === `${color}k`)?.[0] || null
}

const PIECE_NAMES = /** @type {Record<string, string>} */ ({ K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" })

/**
 * A SAN move in words, for a screen reader: "Nxf7+" is "knight takes f7,
 * check", "e8=Q#" is "pawn to e8, promotes to queen, checkmate", "O-O" is
 * "castles short".
 * @param {string} san
 */
export function spokenSan(san) {
  const text = String(san || "")
  const suffix = text.endsWith("#") ? ", checkmate" : text.endsWith("+") ? ", check" : ""
  const bare = text.replace(/[+#!?]/g, "")
  if (/^O-O-O$|^0-0-0$/.test(bare)) return `castles long${suffix}`
  if (/^O-O$|^0-0$/.test(bare)) return `castles short${suffix}`
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(bare)
  if (!m) return text
  const [, piece, from, takes, to, promotion] = m
  const who = piece ? PIECE_NAMES[piece] : from ? `${from} pawn` : "pawn"
  const what = piece && from ? `${who} from ${from}` : who
  const promotes = promotion ? `, promotes to ${PIECE_NAMES[promotion]}` : ""
  return `${what} ${takes ? "takes" : "to"} ${to}${promotes}${suffix}`
}
