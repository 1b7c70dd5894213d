// @ts-check
// The board on the page: cm-chessboard for drawing and mouse/touch input;
// the legal moves it offers are the server's (a position answer's moves),
// given with each position. Shows legal targets (dots and corner bevels),
// the last move (square frames) and check (a ring round the king): shapes,
// so they read without colour too.
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js"
import { Markers, MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js"
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"
import { Arrows, ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js"
import { START_FEN } from "./tree.js"
import { kingSquare, turnOf } from "./notation.js"

/** @typedef {import("./api.js").LegalMove} LegalMove */

const LAST_MOVE = MARKER_TYPE.frame
const CHECK = MARKER_TYPE.circleDanger
/** The letter of each promotion piece, as cm-chessboard's chooser names it. */
const LETTER = /** @type {Record<string, string>} */ ({ queen: "q", rook: "r", bishop: "b", knight: "n" })

/**
 * What the board shows with a position: the last move to frame, whether
 * the side to move is in check, and the legal moves it may offer (null
 * while they are not known: no input).
 * @typedef {{last?: {from: string, to: string} | null, check?: boolean, legal?: LegalMove[] | null}} Shown
 */

export class Board {
  /**
   * A board in `element`. `onMove(uci)` is called with a legal move the
   * user made; `canMove(color)` says whether the user may move the side to
   * move ("w"/"b") now.
   * @param {HTMLElement} element
   * @param {{onMove: (uci: string) => void, canMove?: (color: "w" | "b") => boolean}} handlers
   */
  constructor(element, { onMove, canMove }) {
    this.element = element
    this.onMove = onMove
    this.canMove = canMove || (() => true)
    this.fen = START_FEN
    /** @type {LegalMove[] | null} */
    this.legal = null
    this.shown = 0
    this.animating = false
    /** @type {any} cm-chessboard, with its extensions' methods */
    this.board = new Chessboard(element, {
      position: this.fen,
      assetsUrl: "/assets/",
      style: { cssClass: "ox88", showCoordinates: true, pieces: { file: "pieces/ox88.svg" }, animationDuration: 150 },
      extensions: [
        { class: Markers, props: { autoMarkers: MARKER_TYPE.square } },
        { class: PromotionDialog },
        { class: Arrows },
      ],
    })
    this.refreshInput()
  }

  /**
   * Shows `fen`, with the last move framed and the king ringed if in check;
   * input is offered from `legal` when the page allows it.
   * @param {string} fen
   * @param {Shown} [shown]
   */
  show(fen, { last = null, check = false, legal = null } = {}) {
    this.fen = fen
    this.legal = legal
    // The position shown, for tests and assistive tools that read the DOM.
    this.element.dataset.fen = fen
    // Input opens once the move is drawn: cm-chessboard redraws the pieces
    // when an animation ends, which dropped a click made during it (the
    // opponent's move arriving as one clicked). Only the latest call counts.
    const shown = ++this.shown
    this.animating = true
    this.board.setPosition(fen, true).then(() => {
      if (shown !== this.shown) return
      this.animating = false
      this.refreshInput()
    })
    this.board.removeMarkers(LAST_MOVE)
    this.board.removeMarkers(CHECK)
    this.board.removeArrows()
    if (last) {
      this.board.addMarker(LAST_MOVE, last.from)
      this.board.addMarker(LAST_MOVE, last.to)
    }
    const king = check && kingSquare(fen, turnOf(fen))
    if (king) this.board.addMarker(CHECK, king)
    this.refreshInput()
  }

  /** The legal moves offered now: known, and not yet replaced. @param {LegalMove[] | null} legal */
  offer(legal) {
    this.legal = legal
    this.refreshInput()
  }

  /** An arrow for an engine's move (UCI), or none. @param {string | null} uci */
  arrow(uci) {
    this.board.removeArrows()
    if (uci && uci.length >= 4) this.board.addArrow(ARROW_TYPE.info || ARROW_TYPE.default, uci.slice(0, 2), uci.slice(2, 4))
  }

  /** Turns the board round. */
  flip() {
    const next = this.board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white
    this.board.setOrientation(next, true)
  }

  /** The colour at the bottom. @returns {"w" | "b"} */
  bottom() {
    return this.board.getOrientation() === COLOR.black ? "b" : "w"
  }

  /** Puts `color` at the bottom. @param {"w" | "b"} color */
  orient(color) {
    const wanted = color === "b" ? COLOR.black : COLOR.white
    if (this.board.getOrientation() !== wanted) this.board.setOrientation(wanted)
  }

  /** Enables input for the side to move if it has legal moves and the page allows it now. */
  refreshInput() {
    this.board.disableMoveInput()
    // The side whose pieces take input ("w"/"b"), or "" when none: for tests
    // and assistive tools, as data-fen is.
    this.element.dataset.input = ""
    const turn = turnOf(this.fen)
    if (this.animating || !this.legal || this.legal.length === 0 || !this.canMove(turn)) return
    const color = turn === "w" ? COLOR.white : COLOR.black
    this.board.enableMoveInput((/** @type {any} */ event) => this.input(event), color)
    this.element.dataset.input = turn
  }

  /** The legal moves from `square`, as cm-chessboard's markers read them. @param {string} square */
  movesFrom(square) {
    return (this.legal || [])
      .filter((m) => m.from === square)
      .map((m) => ({ ...m, promotion: m.promotion ? LETTER[m.promotion] : undefined }))
  }

  /** cm-chessboard's input events. @param {any} event */
  input(event) {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const moves = this.movesFrom(event.squareFrom)
        this.board.removeLegalMovesMarkers()
        this.board.addLegalMovesMarkers(moves)
        return moves.length > 0
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const moves = this.movesFrom(event.squareFrom).filter((m) => m.to === event.squareTo)
        this.board.removeLegalMovesMarkers()
        if (moves.length === 0) return false
        if (moves[0].promotion) {
          const color = turnOf(this.fen) === "w" ? COLOR.white : COLOR.black
          this.board.showPromotionDialog(event.squareTo, color, (/** @type {any} */ result) => {
            const move = result && result.piece && moves.find((m) => m.promotion === result.piece.charAt(1))
            if (move) this.onMove(move.uci)
            else this.board.setPosition(this.fen, true)
          })
          return true
        }
        // Played after cm-chessboard finishes its own move animation.
        setTimeout(() => this.onMove(moves[0].uci))
        return true
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
        this.board.removeLegalMovesMarkers()
        return true
      default:
        return true
    }
  }
}
