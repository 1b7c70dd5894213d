// The board on the page: cm-chessboard for drawing and mouse/touch input,
// chess.js for the legal moves it offers. Shows legal targets (dots and
// corner bevels), the last move (square frames) and check (a ring round the
// king): shapes, so they read without colour too.
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js"
import { Markers, MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js"
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"
import { Arrows, ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js"
import { Chess } from "chess.js"

const LAST_MOVE = MARKER_TYPE.frame
const CHECK = MARKER_TYPE.circleDanger

export class Board {
  /**
   * A board in `element`. `onMove(move)` is called with a legal chess.js
   * move the user made; `canMove(color)` says whether the user may move
   * the side to move now.
   */
  constructor(element, { onMove, canMove }) {
    this.element = element
    this.onMove = onMove
    this.canMove = canMove || (() => true)
    this.fen = new Chess().fen()
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

  /** Shows `fen`, with `last` ({from, to}) framed and the king ringed if in check. */
  show(fen, last) {
    this.fen = fen
    // The position shown, for tests and assistive tools that read the DOM.
    this.element.dataset.fen = fen
    // Input opens once the move is drawn: cm-chessboard redraws the pieces
    // when an animation ends, which dropped a click made during it (the
    // opponent's move arriving as one clicked). Only the latest call counts.
    const shown = (this.shown = (this.shown || 0) + 1)
    this.animating = true
    this.board.setPosition(fen, true).then(() => {
      if (shown !== this.shown) return
      this.animating = false
      this.refreshInput()
    })
    this.board.removeMarkers(LAST_MOVE)
    this.board.removeMarkers(CHECK)
    this.board.removeArrows()
    if (last && last.from) {
      this.board.addMarker(LAST_MOVE, last.from)
      this.board.addMarker(LAST_MOVE, last.to)
    }
    const chess = new Chess(fen)
    if (chess.inCheck()) {
      const king = chess.findPiece({ type: "k", color: chess.turn() })[0]
      if (king) this.board.addMarker(CHECK, king)
    }
    this.refreshInput()
  }

  /** An arrow for an engine's move, or none. */
  arrow(uci) {
    this.board.removeArrows()
    if (uci && uci.length >= 4) this.board.addArrow(ARROW_TYPE.info || ARROW_TYPE.default, uci.slice(0, 2), uci.slice(2, 4))
  }

  /** Turns the board round. */
  flip() {
    const next = this.board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white
    this.board.setOrientation(next, true)
  }

  /** The colour at the bottom: "w" or "b". */
  bottom() {
    return this.board.getOrientation() === COLOR.black ? "b" : "w"
  }

  /** Puts `color` ("w"/"b") at the bottom. */
  orient(color) {
    const wanted = color === "b" ? COLOR.black : COLOR.white
    if (this.board.getOrientation() !== wanted) this.board.setOrientation(wanted)
  }

  /** Enables input for the side to move if the page allows it now. */
  refreshInput() {
    this.board.disableMoveInput()
    // The side whose pieces take input ("w"/"b"), or "" when none: for tests
    // and assistive tools, as data-fen is.
    this.element.dataset.input = ""
    const chess = new Chess(this.fen)
    if (this.animating || chess.isGameOver() || !this.canMove(chess.turn())) return
    const color = chess.turn() === "w" ? COLOR.white : COLOR.black
    this.board.enableMoveInput((event) => this.input(event), color)
    this.element.dataset.input = chess.turn()
  }

  input(event) {
    const chess = new Chess(this.fen)
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const moves = chess.moves({ square: event.squareFrom, verbose: true })
        this.board.removeLegalMovesMarkers()
        this.board.addLegalMovesMarkers(moves)
        return moves.length > 0
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const moves = chess.moves({ square: event.squareFrom, verbose: true }).filter((m) => m.to === event.squareTo)
        this.board.removeLegalMovesMarkers()
        if (moves.length === 0) return false
        if (moves[0].promotion) {
          this.board.showPromotionDialog(event.squareTo, chess.turn() === "w" ? COLOR.white : COLOR.black, (result) => {
            if (result && result.piece) {
              const move = moves.find((m) => m.promotion === result.piece.charAt(1))
              if (move) this.onMove(move)
            } else {
              this.board.setPosition(this.fen, true)
            }
          })
          return true
        }
        // Played after cm-chessboard finishes its own move animation.
        setTimeout(() => this.onMove(moves[0]))
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
