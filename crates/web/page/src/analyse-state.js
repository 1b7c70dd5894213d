// @ts-check
// The analysis screen's state: a game tree (from a FEN, a PGN or moves
// made on the board) and the position being looked at. Every position is
// described by the server (its legal moves, check, the end of the game),
// PGN is read and written by the server; nothing here knows the rules.
import { ApiError } from "./api.js"
import { addChild, fromImport, movesTo, node, START_FEN, toExport } from "./tree.js"

/** @typedef {import("./tree.js").Node} Node */
/** @typedef {typeof import("./api.js")} Api */

export class Analysis {
  /** @param {Pick<Api, "position" | "importPgn" | "exportPgn">} api */
  constructor(api) {
    this.api = api
    /** @type {Node} */
    this.root = node(null, START_FEN, null)
    /** @type {Node} */
    this.at = this.root
    /** @type {{name: string, value: string}[]} */
    this.tags = []
    /** What went wrong with the last thing loaded, for people; "" when nothing did. */
    this.message = ""
  }

  /**
   * The server's description of `n` (its legal moves, check, the end of
   * the game), asked once, with the moves that led there.
   * @param {Node} n
   */
  async describe(n) {
    if (!n.answer) n.answer = await this.api.position({ fen: this.root.fen, moves: movesTo(n) })
    return n.answer
  }

  /** Looks at `n`; its description comes with it. @param {Node} n */
  async select(n) {
    this.at = n
    await this.describe(n)
  }

  /**
   * Starts again from the position `fen`; false, with the server's message
   * (which names the FEN's bad field), when it is not a legal position.
   * @param {string} fen
   */
  async loadFen(fen) {
    try {
      const answer = await this.api.position({ fen: fen.trim() })
      this.root = node(null, answer.fen, null)
      this.root.answer = answer
      this.at = this.root
      this.tags = []
      this.message = ""
      return true
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      this.message = `That FEN cannot be read: ${error.message}`
      return false
    }
  }

  /**
   * The first game of PGN `text`, read by the server; false, with its
   * message (naming the move), when it cannot be read.
   * @param {string} text
   */
  async loadPgn(text) {
    try {
      const game = await this.api.importPgn(text)
      this.root = fromImport(game.start_fen || START_FEN, game.comment, game.moves)
      this.at = this.root
      this.tags = game.tags
      this.message = ""
      await this.describe(this.root)
      return true
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      this.message = `That PGN could not be read: ${error.message}`
      return false
    }
  }

  /**
   * Plays `uci`, a legal move where the analysis is: the child that has
   * it, or a new one (a new variation when the position has a move
   * already). False when it is not legal there.
   * @param {string} uci
   */
  async play(uci) {
    const at = this.at
    const legal = (await this.describe(at)).moves.find((m) => m.uci === uci)
    if (!legal) return false
    const answer = await this.api.position({ fen: this.root.fen, moves: [...movesTo(at), uci] })
    const child = addChild(at, { uci, san: legal.san, fen: answer.fen })
    child.answer = child.answer || answer
    this.at = child
    return true
  }

  /** The game as PGN, written by the server: its tags, moves, variations, comments and clocks. */
  async pgn() {
    const result = this.tags.find((t) => t.name === "Result")?.value || "*"
    const start = this.root.fen === START_FEN ? {} : { fen: this.root.fen }
    const tags = this.tags.filter((t) => !["FEN", "SetUp", "Variant", "Result"].includes(t.name))
    return this.api.exportPgn({ tags, ...start, comment: this.root.comment || null, moves: toExport(this.root), result })
  }
}
