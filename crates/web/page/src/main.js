// @ts-check
// The page: one board, a side panel per screen (home, play ox88, analyse,
// play a friend, a game's review, puzzles), chosen by the address's hash so
// links and reloads work.
import "./style.css"
import { Board } from "./board.js"
import { readMove } from "./api.js"
import { turnOf } from "./notation.js"
import * as home from "./home.js"
import * as play from "./play.js"
import * as analyse from "./analyse.js"
import * as friend from "./friend.js"
import * as review from "./review.js"
import * as puzzles from "./puzzles.js"

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id))

/**
 * What a screen answers when mounted: how it takes a move (UCI) and keys,
 * whether the user may move (or premove) a side now, and how it redraws and
 * leaves.
 * @typedef {{onMove?: (uci: string) => void, canMove?: (color: "w" | "b") => boolean,
 *   onPremove?: (move: import("./api.js").LegalMove) => void, canPremove?: (color: "w" | "b") => boolean,
 *   key?: (event: KeyboardEvent) => boolean, refresh?: () => void, unmount?: () => void}} Screen
 */

/**
 * What every screen shares: the board, the side panel, the names and
 * clocks round the board, and the eval bar.
 * @typedef {typeof app} App
 */
const app = {
  /** @type {Board} */
  board: /** @type {any} */ (null),
  side: $("side"),
  /** @type {Screen | null} */
  screen: null,
  /** Sets the names and shows or hides the clocks above and below the board. @param {string} top @param {string} bottom @param {boolean} clocks */
  players(top, bottom, clocks) {
    $("top-name").textContent = top || ""
    $("bottom-name").textContent = bottom || ""
    $("top-clock").hidden = !clocks
    $("bottom-clock").hidden = !clocks
  },
  /** Writes the clocks: `top` and `bottom` text, which one runs. @param {string} top @param {string} bottom @param {"top" | "bottom" | null} running */
  clocks(top, bottom, running) {
    $("top-clock").textContent = top
    $("bottom-clock").textContent = bottom
    $("top-clock").classList.toggle("running", running === "top")
    $("bottom-clock").classList.toggle("running", running === "bottom")
  },
  /** @param {boolean} show @param {number | null} [whiteShare] */
  evalBar(show, whiteShare) {
    $("evalbar").hidden = !show
    if (show && whiteShare != null) $("evalfill").style.height = `${Math.round(whiteShare * 100)}%`
  },
  /** @param {boolean} black */
  evalBarFlip(black) {
    $("evalbar").classList.toggle("flipped", Boolean(black))
  },
  /** Shows (and answers) or hides the slot under the board for a graph. @param {boolean} show */
  graph(show) {
    const slot = $("graph")
    slot.hidden = !show
    if (!show) slot.replaceChildren()
    return slot
  },
}

/** @type {Record<string, {mount: (app: App, arg: string) => Screen}>} */
const SCREENS = { "": home, play, analyse, friend, review, puzzles }

function route() {
  const [, name = "", arg = ""] = /^#\/?([a-z]*)\/?(.*)$/.exec(location.hash) || []
  const screen = SCREENS[name] ? name : ""
  if (app.screen && app.screen.unmount) app.screen.unmount()
  document.querySelectorAll("[data-nav]").forEach((a) => {
    if (a instanceof HTMLElement) a.classList.toggle("active", a.dataset.nav === screen)
  })
  document.body.dataset.screen = screen || "home"
  app.evalBar(false)
  app.graph(false)
  app.players("", "", false)
  $("typed-error").textContent = ""
  app.board.onMove = () => {}
  app.board.canMove = () => false
  app.board.onPremove = () => {}
  app.board.canPremove = () => false
  app.board.offerPremoves(null)
  app.board.showPremove(null)
  app.board.orient("w")
  const mounted = SCREENS[screen].mount(app, decodeURIComponent(arg))
  app.screen = mounted
  app.board.onMove = (uci) => mounted.onMove && mounted.onMove(uci)
  app.board.canMove = (color) => Boolean(mounted.canMove && mounted.canMove(color))
  app.board.onPremove = (move) => mounted.onPremove && mounted.onPremove(move)
  app.board.canPremove = (color) => Boolean(mounted.canPremove && mounted.canPremove(color))
  app.board.refreshInput()
}

/** A move typed in the box, read by the server's SAN and UCI reader. @param {Event} event */
async function typedMove(event) {
  event.preventDefault()
  const input = /** @type {HTMLInputElement} */ ($("typed-move"))
  const error = $("typed-error")
  const screen = app.screen
  const fen = app.board.fen
  if (!screen || !screen.onMove || !screen.canMove || !screen.canMove(turnOf(fen))) {
    error.textContent = "It is not your move."
    return
  }
  const text = input.value.trim()
  try {
    const move = await readMove(fen, text)
    error.textContent = ""
    input.value = ""
    if (app.screen === screen && screen.onMove) screen.onMove(move.uci)
  } catch (e) {
    // The server names the move and says why: "move 0 \"Qh5\": ...".
    const why = /** @type {Error} */ (e).message.replace(/^move \d+ "(?:[^"\\]|\\.)*": /, "")
    error.textContent = `No legal move “${text}” here: ${why}`
  }
}

/** Turns the board round; the screen redraws its names and clocks. */
function flip() {
  app.board.flip()
  if (app.screen && app.screen.refresh) app.screen.refresh()
}

/** @param {KeyboardEvent} event */
function keys(event) {
  const target = /** @type {HTMLElement | null} */ (event.target)
  const tag = (target && target.tagName) || ""
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || event.altKey || event.ctrlKey || event.metaKey) return
  // The board has the focus: its own keys walk its squares (Escape also
  // reaches the screen, which cancels a premove with it).
  if (target && target.closest && target.closest("#board") && event.key !== "Escape") return
  if (event.key === "f") {
    flip()
  } else if (app.screen && app.screen.key && app.screen.key(event)) {
    event.preventDefault()
  }
}

app.board = new Board($("board"), { onMove: () => {}, canMove: () => false })
$("typed").addEventListener("submit", typedMove)
$("flip").addEventListener("click", flip)
document.addEventListener("keydown", keys)
window.addEventListener("hashchange", route)
route()
