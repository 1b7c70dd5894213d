// The page: one board, a side panel per screen (home, play ox88, analyse,
// play a friend), chosen by the address's hash so links and reloads work.
import "./style.css"
import { Chess } from "chess.js"
import { Board } from "./board.js"
import { readMove } from "./notation.js"
import * as home from "./home.js"
import * as play from "./play.js"
import * as analyse from "./analyse.js"
import * as friend from "./friend.js"

const $ = (id) => document.getElementById(id)

const app = {
  board: null,
  side: $("side"),
  screen: null,
  /** Sets the names and shows or hides the clocks above and below the board. */
  players(top, bottom, clocks) {
    $("top-name").textContent = top || ""
    $("bottom-name").textContent = bottom || ""
    $("top-clock").hidden = !clocks
    $("bottom-clock").hidden = !clocks
  },
  /** Writes the clocks: `top` and `bottom` text, which one runs, which is low. */
  clocks(top, bottom, running) {
    $("top-clock").textContent = top
    $("bottom-clock").textContent = bottom
    $("top-clock").classList.toggle("running", running === "top")
    $("bottom-clock").classList.toggle("running", running === "bottom")
  },
  evalBar(show, whiteShare) {
    $("evalbar").hidden = !show
    if (show && whiteShare != null) $("evalfill").style.height = `${Math.round(whiteShare * 100)}%`
  },
  evalBarFlip(black) {
    $("evalbar").classList.toggle("flipped", Boolean(black))
  },
}

const SCREENS = { "": home, play, analyse, friend }

function route() {
  const [, name = "", arg = ""] = /^#\/?([a-z]*)\/?(.*)$/.exec(location.hash) || []
  const screen = SCREENS[name] ? name : ""
  if (app.screen && app.screen.unmount) app.screen.unmount()
  document.querySelectorAll("[data-nav]").forEach((a) => a.classList.toggle("active", a.dataset.nav === screen))
  document.body.dataset.screen = screen || "home"
  app.evalBar(false)
  app.players("", "", false)
  $("typed-error").textContent = ""
  app.board.onMove = () => {}
  app.board.canMove = () => false
  app.board.orient("w")
  app.screen = SCREENS[screen].mount(app, decodeURIComponent(arg))
  app.board.onMove = (move) => app.screen.onMove && app.screen.onMove(move)
  app.board.canMove = (color) => Boolean(app.screen.canMove && app.screen.canMove(color))
  app.board.refreshInput()
}

function typedMove(event) {
  event.preventDefault()
  const input = $("typed-move")
  const error = $("typed-error")
  const chess = new Chess(app.board.fen)
  if (!app.screen.canMove || !app.screen.canMove(chess.turn())) {
    error.textContent = "It is not your move."
    return
  }
  const move = readMove(chess, input.value)
  if (!move) {
    error.textContent = `No legal move “${input.value.trim()}” here.`
    return
  }
  error.textContent = ""
  input.value = ""
  app.screen.onMove(move)
}

/** Turns the board round; the screen redraws its names and clocks. */
function flip() {
  app.board.flip()
  if (app.screen && app.screen.refresh) app.screen.refresh()
}

function keys(event) {
  const tag = (event.target && event.target.tagName) || ""
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || event.altKey || event.ctrlKey || event.metaKey) return
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
