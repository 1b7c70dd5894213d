// @ts-check
// Premoves, as on lichess: one move made while the opponent thinks, played
// the moment the opponent's move lands if it is legal then (else dropped).
// A premove is a move that would be legal if it were the premover's turn
// now: the server describes that position (`turned`), and the position
// after the opponent's move says whether it is still legal. No DOM here.

/** @typedef {import("./api.js").LegalMove} LegalMove */

/**
 * The position of `fen` with `color` to move (the en-passant square and
 * the move counters as they are): where a premove of `color` is looked for.
 * @param {string} fen
 * @param {"w" | "b"} color
 */
export function turned(fen, color) {
  const fields = fen.split(" ")
  fields[1] = color
  fields[3] = "-"
  return fields.join(" ")
}

/**
 * The premove `premove` among the legal moves of the position it is now
 * played in, or null when it is not legal there any more.
 * @param {LegalMove[]} legal
 * @param {{uci: string}} premove
 * @returns {LegalMove | null}
 */
export function premoveNow(legal, premove) {
  return legal.find((m) => m.uci === premove.uci) || null
}
