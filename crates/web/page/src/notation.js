// Pure helpers of the page: reading a typed move, clocks as text, and the
// end of a game in words. No DOM here, so `node --test` checks them.
import { Chess } from "chess.js"

/** The UCI text of a chess.js move: "e2e4", "e7e8q". */
export function uciOf(move) {
  return move.from + move.to + (move.promotion || "")
}

/**
 * The legal move that `text` names in `chess`'s position: SAN ("Nf3",
 * "exd5", "O-O", "e8=Q+", lenient about case of files, check marks and
 * spaces) or UCI ("g1f3", "e7e8q"). `null` if it names none (or is ambiguous).
 */
export function readMove(chess, text) {
  const typed = String(text || "").trim().replace(/\s+/g, "")
  if (!typed) return null
  const legal = chess.moves({ verbose: true })
  const uci = typed.toLowerCase()
  if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) {
    const found = legal.find((m) => uciOf(m) === uci || (m.promotion && !uci[4] && uciOf(m) === uci + "q"))
    if (found) return found
  }
  const bare = (san) => san.replace(/[+#!?]/g, "").replace(/0/g, "O").replace(/=/g, "")
  const wanted = bare(typed)
  let found = legal.filter((m) => bare(m.san) === wanted)
  if (found.length === 1) return found[0]
  // Pawn moves typed in lower case ("exd5" is already fine; "bxc3" may be a bishop).
  found = legal.filter((m) => bare(m.san).toLowerCase() === wanted.toLowerCase())
  if (found.length === 1) return found[0]
  const pawn = found.filter((m) => m.piece === "p")
  return pawn.length === 1 ? pawn[0] : null
}

/** Milliseconds as a clock shows them: "5:00", "1:02:03", "0:09.4" under ten seconds. */
export function clockText(ms) {
  const t = Math.max(0, Math.floor(ms))
  const seconds = Math.floor(t / 1000)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor(seconds / 60) % 60
  const s = seconds % 60
  const pad = (n) => String(n).padStart(2, "0")
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`
  if (t < 10000) return `${m}:${pad(s)}.${Math.floor((t % 1000) / 100)}`
  return `${m}:${pad(s)}`
}

/** Milliseconds as a PGN %clk comment's time: "0:04:58". */
export function pgnClock(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  const pad = (n) => String(n).padStart(2, "0")
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`
}

const TERMINATIONS = {
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
}

/** A game's end in words: "Black wins by checkmate", "Draw by stalemate". */
export function endingText(result, termination) {
  const why = TERMINATIONS[termination] || termination
  if (result === "1-0") return `White wins by ${why}`
  if (result === "0-1") return `Black wins by ${why}`
  return `Draw by ${why}`
}

/**
 * How the rules end the game in `chess`'s position, if they do: `{result,
 * termination}` in the server's words. Threefold repetition and the
 * fifty-move rule end it at once, as the server's friend games do.
 */
export function rulesEnding(chess) {
  const loser = chess.turn() === "w" ? "0-1" : "1-0"
  if (chess.isCheckmate()) return { result: loser, termination: "checkmate" }
  if (chess.isStalemate()) return { result: "1/2-1/2", termination: "stalemate" }
  if (chess.isInsufficientMaterial()) return { result: "1/2-1/2", termination: "insufficient_material" }
  if (chess.isThreefoldRepetition()) return { result: "1/2-1/2", termination: "threefold_repetition" }
  if (chess.isDrawByFiftyMoves()) return { result: "1/2-1/2", termination: "fifty_moves" }
  return null
}

/** A new position from FEN, or `null` if chess.js refuses it. */
export function positionFrom(fen) {
  try {
    return new Chess(fen)
  } catch {
    return null
  }
}

/** Whether the side with `color` ("w"/"b") has only its king in `chess`. */
export function loneKing(chess, color) {
  return chess.board().flat().filter((p) => p && p.color === color).length === 1
}
