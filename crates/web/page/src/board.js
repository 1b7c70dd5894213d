// @ts-check
// The board on the page: cm-chessboard for drawing and mouse/touch input;
// the legal moves it offers are the server's (a position answer's moves),
// given with each position. Shows legal targets (dots and corner bevels),
// the last move (square frames) and check (a ring round the king): shapes,
// so they read without colour too. From the keyboard and with a screen
// reader, through cm-chessboard's accessibility extension: the board takes
// the focus, the arrow keys walk its squares (each announced), Enter or
// Space picks a piece up and puts it down; the board is also given as a
// table and as lists of pieces, and a form moves a piece by its squares.
// Every move shown is said in words in the page's live region (#announce).
// A premove (one move made while the opponent is to move) is offered from
// the moves the server gives for it, and shown by its squares.
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js"
import { Markers, MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js"
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"
import { Arrows, ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js"
import { Accessibility } from "cm-chessboard/src/extensions/accessibility/Accessibility.js"
import { START_FEN } from "./tree.js"
import { kingSquare, spokenSan, turnOf } from "./notation.js"

/** @typedef {import("./api.js").LegalMove} LegalMove */

const LAST_MOVE = MARKER_TYPE.frame
const CHECK = MARKER_TYPE.circleDanger
/** A puzzle's hint: a ring round the piece to move. */
const HINT = MARKER_TYPE.circlePrimary
/** A premove waiting: its two squares filled (style.css), the piece left where it stands. */
const PREMOVE = { class: "marker-premove", slice: "markerSquare" }
/** The letter of each promotion piece, as cm-chessboard's chooser names it. */
const LETTER = /** @type {Record<string, string>} */ ({ queen: "q", rook: "r", bishop: "b", knight: "n" })

/**
 * What the board shows with a position: the last move to frame (and its
 * SAN, `said`, to announce when the position is new), whether the side to
 * move is in check, and the legal moves it may offer (null while they are
 * not known: no input).
 * @typedef {{last?: {from: string, to: string} | null, said?: string | null, check?: boolean,
 *   legal?: LegalMove[] | null}} Shown
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
    /** Whether `color` may premove now (its opponent to move). @type {(color: "w" | "b") => boolean} */
    this.canPremove = () => false
    /** A premove made: one of the moves `offerPremoves` gave. @type {(move: LegalMove) => void} */
    this.onPremove = () => {}
    /** The moves a premove may be: the premover's, as if it were to move now. @type {LegalMove[] | null} */
    this.premoves = null
    /** The colour at the bottom, at once (cm-chessboard's turns the board in time). @type {"w" | "b"} */
    this.orientation = "w"
    /** @type {Promise<unknown>} */
    this.turning = Promise.resolve()
    this.announcer = document.getElementById("announce")
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
        {
          class: Accessibility,
          props: { language: "en", keyboardMoveInput: true, brailleNotationInAlt: true, movePieceForm: true, boardAsTable: true, piecesAsList: true, visuallyHidden: true },
        },
      ],
    })
    this.refreshInput()
  }

  /** Says `text` in the page's live region (for screen readers). @param {string} text */
  announce(text) {
    const announcer = this.announcer
    if (!announcer) return
    announcer.textContent = ""
    setTimeout(() => { announcer.textContent = text }, 30)
  }

  /**
   * Shows `fen`, with the last move framed and the king ringed if in check;
   * input is offered from `legal` when the page allows it.
   * @param {string} fen
   * @param {Shown} [shown]
   */
  show(fen, { last = null, said = null, check = false, legal = null } = {}) {
    // A new position reached by a move is announced: "Black: knight to f6, check".
    if (fen !== this.fen && said) this.announce(`${turnOf(fen) === "w" ? "Black" : "White"}: ${spokenSan(said)}`)
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
    this.board.removeMarkers(HINT)
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

  /**
   * An arrow for an engine's move (UCI), or none; `kind` "best" for the
   * better move a review names.
   * @param {string | null} uci
   * @param {"info" | "best"} [kind]
   */
  arrow(uci, kind = "info") {
    this.board.removeArrows()
    const type = kind === "best" ? ARROW_TYPE.success : ARROW_TYPE.info
    if (uci && uci.length >= 4) this.board.addArrow(type || ARROW_TYPE.default, uci.slice(0, 2), uci.slice(2, 4))
  }

  /** Rings the piece on `square` (a puzzle's hint), until the next position is shown. @param {string} square */
  hint(square) {
    this.board.removeMarkers(HINT)
    this.board.addMarker(HINT, square)
  }

  /** Turns the board round. */
  flip() {
    this.turn(this.orientation === "b" ? "w" : "b", true)
  }

  /** The colour at the bottom (at once, while the board still turns). @returns {"w" | "b"} */
  bottom() {
    return this.orientation
  }

  /** Puts `color` at the bottom. @param {"w" | "b"} color */
  orient(color) {
    if (color !== this.orientation) this.turn(color, false)
  }

  /**
   * Puts `color` at the bottom; turns wait for each other (cm-chessboard
   * drops a turn asked for while one runs).
   * @param {"w" | "b"} color
   * @param {boolean} animated
   */
  turn(color, animated) {
    this.orientation = color
    const wanted = color === "b" ? COLOR.black : COLOR.white
    this.turning = this.turning
      .then(() => (this.board.getOrientation() === wanted ? null : this.board.setOrientation(wanted, animated)))
      .catch(() => {})
  }

  /** The moves a premove may be now (null: none). @param {LegalMove[] | null} moves */
  offerPremoves(moves) {
    this.premoves = moves
    this.refreshInput()
  }

  /** Shows the premove waiting, or none. @param {{from: string, to: string} | null} move */
  showPremove(move) {
    this.board.removeMarkers(PREMOVE)
    if (move) {
      this.board.addMarker(PREMOVE, move.from)
      this.board.addMarker(PREMOVE, move.to)
    }
  }

  /**
   * Enables input for the side to move if it has legal moves and the page
   * allows it now; else premoves for the other side, if the page allows
   * them and knows their moves.
   */
  refreshInput() {
    this.board.disableMoveInput()
    // The side whose pieces take input ("w"/"b"), or "" when none; the side
    // that may premove: for tests and assistive tools, as data-fen is.
    this.element.dataset.input = ""
    this.element.dataset.premove = ""
    const turn = turnOf(this.fen)
    if (this.animating) return
    if (this.legal && this.legal.length > 0 && this.canMove(turn)) {
      this.board.enableMoveInput((/** @type {any} */ event) => this.input(event), turn === "w" ? COLOR.white : COLOR.black)
      this.element.dataset.input = turn
      return
    }
    const other = turn === "w" ? "b" : "w"
    if (this.premoves && this.premoves.length > 0 && this.canPremove(other)) {
      this.board.enableMoveInput((/** @type {any} */ event) => this.premoveInput(event), other === "w" ? COLOR.white : COLOR.black)
      this.element.dataset.premove = other
    }
  }

  /** Input while the opponent is to move: a premove, shown by its squares. @param {any} event */
  premoveInput(event) {
    const moves = (this.premoves || []).filter((m) => m.from === event.squareFrom)
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted:
        return moves.length > 0
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const found = moves.filter((m) => m.to === event.squareTo)
        if (!found.length) return false
        // A promotion premoves a queen (there is no time to choose).
        const move = found.find((m) => !m.promotion || m.promotion === "queen") || found[0]
        setTimeout(() => this.onPremove(move))
        // The piece goes back: the premove is shown by its squares.
        return false
      }
      default:
        return true
    }
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
