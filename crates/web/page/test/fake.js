// @ts-check
// A fake of the server's rules for the screens' state tests: positions
// answered from a table of the games the tests play, each move with the
// legal moves the tests use (a real server's answer has them all).

/** @typedef {import("../src/api.js").PositionAnswer} PositionAnswer */
/** @typedef {import("../src/api.js").LegalMove} LegalMove */

/**
 * A legal move as the position route describes it.
 * @param {string} uci
 * @param {string} san
 * @returns {LegalMove}
 */
export function legal(uci, san) {
  return { uci, san, from: uci.slice(0, 2), to: uci.slice(2, 4), piece: "pawn", promotion: null, check: san.endsWith("+"), mate: san.endsWith("#") }
}

/**
 * A position answer.
 * @param {string} fen
 * @param {LegalMove[]} moves
 * @param {Partial<PositionAnswer["state"]>} [state]
 * @returns {PositionAnswer}
 */
export function answer(fen, moves, state = {}) {
  return {
    fen,
    side_to_move: fen.split(" ")[1] === "b" ? "black" : "white",
    moves,
    state: { check: false, outcome: null, claimable_draw: null, ...state },
  }
}

export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/** Fool's mate, position by position: the moves played so far (UCI, joined by spaces) to the answer. */
export const FOOLS_MATE = /** @type {Record<string, PositionAnswer>} */ ({
  "": answer(START, [legal("f2f3", "f3"), legal("e2e4", "e4")]),
  f2f3: answer("rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1", [legal("e7e5", "e5")]),
  "f2f3 e7e5": answer("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", [legal("g2g4", "g4")]),
  "f2f3 e7e5 g2g4": answer("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", [legal("d8h4", "Qh4#")]),
  "f2f3 e7e5 g2g4 d8h4": answer("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", [], {
    check: true,
    outcome: { result: "0-1", winner: "black", termination: "checkmate" },
  }),
})

/**
 * A fake api answering positions from `table` (by the moves from the
 * standard start) and recording what was asked.
 * @param {Record<string, PositionAnswer>} table
 */
export function fakeApi(table) {
  /** @type {{fen?: string, moves?: string[]}[]} */
  const asked = []
  return {
    asked,
    /** @param {{fen?: string, moves?: string[]}} position */
    async position(position) {
      asked.push(position)
      if (position.fen && position.fen !== START && !(position.moves || []).length) {
        const found = Object.values(table).find((a) => a.fen === position.fen)
        if (found) return found
        throw new (await import("../src/api.js")).ApiError({ code: "invalid_fen", message: `FEN "${position.fen}": fullmove number 0: it counts from 1`, field: "fen" }, 422)
      }
      const key = (position.moves || []).join(" ")
      if (!table[key]) throw new Error(`the fake has no position after ${key}`)
      return table[key]
    },
    /** @param {string} _text @returns {Promise<import("../src/api.js").GameJson>} */
    async importPgn(_text) {
      throw new Error("not in this fake")
    },
    /** @param {any} game */
    async exportPgn(game) {
      return JSON.stringify(game)
    },
  }
}
