// @ts-check
// Play a friend: create a game and share its link; the server (over a
// WebSocket) checks every move and keeps the clocks; the page shows them
// (the game as the frames tell it is friend-state.js). The legal moves
// offered on the board are the server's, asked when it is this page's turn.
// While the opponent thinks, one premove may be made: it is sent the moment
// the opponent's move lands (the server refuses it if it is not legal then).
import { h } from "./dom.js"
import * as api from "./api.js"
import { MoveList } from "./movelist.js"
import { FriendState } from "./friend-state.js"
import { START_FEN, lineEnd, movesTo } from "./tree.js"
import { openReview } from "./reviewapi.js"
import { turned } from "./premove.js"
import { clockText, endingText, turnOf } from "./notation.js"

const CLOCKS = [
  { name: "No clock", initial: null, increment: 0 },
  { name: "3 + 2", initial: 180, increment: 2 },
  { name: "5 + 3", initial: 300, increment: 3 },
  { name: "10 + 5", initial: 600, increment: 5 },
  { name: "15 + 10", initial: 900, increment: 10 },
  { name: "30 + 0", initial: 1800, increment: 0 },
]

/** @param {string} id */
const tokenKey = (id) => `ox88-seat-${id}`

/** @param {import("./main.js").App} app @param {string} arg */
export function mount(app, arg) {
  const id = /^[A-Za-z0-9]{10}/.exec(arg || "")
  return id ? game(app, id[0], /[?&]watch\b/.test(arg)) : create(app)
}

/** @param {import("./main.js").App} app */
function create(app) {
  app.board.show(START_FEN)
  const error = h("p", { class: "form-error", role: "alert" })
  const form = h("form", { class: "setup", id: "friend-setup", onsubmit: submit },
    h("fieldset", {}, h("legend", {}, "Your side"),
      ...["white", "black", "random"].map((c, i) =>
        h("label", {}, h("input", { type: "radio", name: "color", value: c, checked: i === 0 }), ` ${c[0].toUpperCase()}${c.slice(1)}`))),
    h("label", {}, "Clock ", h("select", { name: "clock" }, ...CLOCKS.map((c, i) => h("option", { value: i, selected: i === 3 }, c.name)))),
    error,
    h("button", { type: "submit", class: "primary" }, "Create the game"),
  )
  app.side.replaceChildren(h("h2", {}, "Play a friend"), form,
    h("p", { class: "note" }, "You get a link to send. Whoever opens it first plays you; anyone after watches."))
  /** @param {Event} event */
  async function submit(event) {
    event.preventDefault()
    const data = new FormData(/** @type {HTMLFormElement} */ (form))
    const clock = CLOCKS[Number(data.get("clock"))] || CLOCKS[0]
    /** @type {Record<string, unknown>} */
    const body = { color: data.get("color") }
    if (clock.initial) Object.assign(body, { initial_seconds: clock.initial, increment_seconds: clock.increment })
    try {
      const created = await (await api.request("/api/v1/friend/games", body)).json()
      localStorage.setItem(tokenKey(created.id), created.token)
      location.hash = `#/friend/${created.id}`
    } catch (e) {
      error.textContent = `The game could not be created: ${/** @type {Error} */ (e).message}`
    }
  }
  return {}
}

/** @param {import("./main.js").App} app @param {string} id @param {boolean} watching */
function game(app, id, watching) {
  const state = new FriendState()
  const s = {
    /** @type {WebSocket | null} */
    socket: null,
    closed: false,
    retry: 0,
    /** @type {ReturnType<typeof setInterval> | null} */
    timer: null,
    /** The position whose legal moves were asked last. @type {import("./tree.js").Node | null} */
    asked: null,
    /** The position (the opponent to move) whose premoves were asked last. @type {import("./tree.js").Node | null} */
    premovesAsked: null,
    /** The premove waiting for the opponent's move. @type {import("./api.js").LegalMove | null} */
    premove: null,
    /** The premove sent and not yet answered. @type {import("./api.js").LegalMove | null} */
    premoveSent: null,
  }
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" })
  const notice = h("p", { class: "notice", role: "alert" })
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, (n) => { state.at = n; draw() })
  const link = `${location.origin}/#/friend/${id}`
  const share = h("div", { class: "share" },
    h("label", { for: "share-link" }, "Send this link to your opponent:"),
    h("div", { class: "row" },
      h("input", { id: "share-link", readonly: true, value: link, onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "Copy")),
    h("small", {}, "Spectators: ", h("a", { href: `#/friend/${id}?watch` }, "watch link")))
  /** @param {string} label @param {string} idName @param {() => void} onclick */
  const btn = (label, idName, onclick) => h("button", { type: "button", id: idName, onclick }, label)
  const resign = btn("Resign", "resign", () => send({ type: "resign" }))
  const offer = btn("Offer draw", "offer-draw", () => send({ type: "offer_draw" }))
  const accept = btn("Accept draw", "accept-draw", () => send({ type: "accept_draw" }))
  const decline = btn("Decline", "decline-draw", () => send({ type: "decline_draw" }))
  const rematch = btn("Rematch", "rematch", () => send({ type: "rematch" }))
  const reviewButton = btn("Review", "review-game", review)
  const fenOut = h("input", { class: "fen-out", readonly: true, "aria-label": "FEN", hidden: true })
  const buttons = h("div", { class: "buttons" }, resign, offer, accept, decline, rematch,
    h("a", { class: "button", href: `/api/v1/friend/games/${id}/pgn`, download: `ox88-${id}.pgn` }, "PGN"),
    btn("FEN", "export-fen", () => { fenOut.hidden = false; fenOut.value = state.at.fen; fenOut.select() }),
    btn("Analyse", "to-analysis", toAnalysis),
    reviewButton)
  app.side.replaceChildren(h("h2", {}, "Play a friend"), status, notice, share, moves, buttons, fenOut)

  function connect() {
    const boot = window.ox88Boot
    const early = boot && boot.socket
    /** @type {WebSocket} */
    let ws
    /** @type {string[]} */
    let queued = []
    if (boot && early && early.id === id && early.ws.readyState <= 1) {
      ws = early.ws
      queued = early.queue
      boot.socket = null
    } else {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://"
      ws = new WebSocket(`${scheme}${location.host}/api/v1/friend/games/${id}/ws`)
      ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: localStorage.getItem(tokenKey(id)), sit: !watching }))
    }
    s.socket = ws
    ws.onmessage = (e) => receive(e.data)
    ws.onclose = () => {
      if (s.closed) return
      s.retry = Math.min(s.retry + 1, 5)
      state.notice = "Connection lost: reconnecting…"
      draw()
      setTimeout(() => { if (!s.closed) connect() }, 500 * s.retry)
    }
    queued.forEach(receive)
  }

  /** @param {object} message */
  function send(message) {
    if (s.socket && s.socket.readyState === 1) s.socket.send(JSON.stringify(message))
    else {
      state.notice = "Not connected: reconnecting…"
      draw()
    }
  }

  /** @param {string} text */
  function receive(text) {
    let frame
    try { frame = JSON.parse(text) } catch { return }
    const rematchId = state.receive(frame, performance.now())
    if (frame.type === "error" && s.premoveSent) {
      state.notice = `Your premove ${s.premoveSent.san} is not legal after your opponent's move: it was dropped.`
    }
    if (frame.type === "error" || frame.type === "move") s.premoveSent = null
    if (frame.type === "welcome") {
      s.retry = 0
      if (frame.token) localStorage.setItem(tokenKey(id), frame.token)
      const me = state.mine()
      if (me) app.board.orient(me)
    }
    if (rematchId) {
      const token = localStorage.getItem(tokenKey(id))
      if (token) localStorage.setItem(tokenKey(rematchId), token)
      location.hash = `#/friend/${rematchId}`
      return
    }
    draw()
  }

  /** Asks the server for the legal moves when it is this page's turn, and offers them. */
  function offerMoves() {
    const end = state.end()
    if (end.answer || state.outcome || !state.mine() || turnOf(end.fen) !== state.mine() || s.asked === end) return
    s.asked = end
    api.position({ moves: movesTo(end) }).then((answer) => {
      end.answer = answer
      if (state.at === end) draw()
    }, (error) => { state.notice = error.message; draw() })
  }

  /** Whether the opponent is to move in a game this page plays (and the last position is shown). */
  function opponentThinks() {
    const me = state.mine()
    const end = state.end()
    return me != null && !state.outcome && state.at === end && turnOf(end.fen) !== me && state.opponentSeated()
  }

  /**
   * While the opponent thinks: the moves this page may premove, asked of the
   * server once per position. When the opponent's move has landed, the
   * premove waiting is sent at once (no round trip for the legal moves first).
   */
  function premoves() {
    const me = state.mine()
    const end = state.end()
    if (opponentThinks() && me) {
      if (s.premovesAsked === end) return
      s.premovesAsked = end
      api.position({ fen: turned(end.fen, me) })
        .then((answer) => { if (state.end() === end && opponentThinks()) app.board.offerPremoves(answer.moves) })
        // The position cannot be turned (this page gives check): no premove then.
        .catch(() => {})
      return
    }
    app.board.offerPremoves(null)
    const premove = s.premove
    if (!premove || !me) return
    if (state.outcome) cancelPremove()
    // Still the opponent's turn (an earlier move looked at): the premove waits.
    if (state.outcome || turnOf(end.fen) !== me || state.pending) return
    cancelPremove()
    state.pending = true
    s.premoveSent = premove
    send({ type: "move", uci: premove.uci, ply: end.ply })
  }

  /** A premove made while the opponent thinks. @param {import("./api.js").LegalMove} move */
  function onPremove(move) {
    if (!opponentThinks()) return
    s.premove = move
    app.board.showPremove(move)
    draw()
  }

  function cancelPremove() {
    s.premove = null
    app.board.showPremove(null)
  }

  function tick() {
    if (!state.clock) return
    const t = performance.now()
    const bottom = app.board.bottom()
    const top = bottom === "w" ? "b" : "w"
    const running = state.clock.running ? (state.clock.running[0] === bottom ? "bottom" : "top") : null
    app.clocks(clockText(state.left(top, t)), clockText(state.left(bottom, t)), running)
  }

  function refresh() {
    const bottom = app.board.bottom()
    /** @param {"w" | "b"} c */
    const name = (c) => `${c === "w" ? "White" : "Black"}${state.mine() === c ? " (you)" : ""}`
    app.players(name(bottom === "w" ? "b" : "w"), name(bottom), Boolean(state.clock))
    tick()
  }

  function draw() {
    offerMoves()
    premoves()
    const at = state.at
    const last = at.uci ? { from: at.uci.slice(0, 2), to: at.uci.slice(2, 4) } : null
    const check = at.answer ? at.answer.state.check : Boolean(at.san && /[+#]$/.test(at.san))
    app.board.show(at.fen, { last, said: at.san, check, legal: at.answer ? at.answer.moves : null })
    list.render(state.root, at)
    refresh()
    const me = state.mine()
    share.hidden = !me || state.opponentSeated()
    status.textContent = state.outcome ? `${endingText(state.outcome)}. ${state.status()}`.trim() : state.status()
    if (s.premove) status.textContent += ` Your premove: ${s.premove.san} (Escape cancels it).`
    notice.textContent = state.notice
    const playing = Boolean(me) && !state.outcome
    const theirOffer = state.drawOffer != null && state.drawOffer[0] !== me
    resign.hidden = !playing
    offer.hidden = !playing || theirOffer
    offer.disabled = state.drawOffer != null
    accept.hidden = !playing || !theirOffer
    decline.hidden = !playing || !theirOffer
    rematch.hidden = !me || !state.outcome
    reviewButton.hidden = !state.outcome
    rematch.textContent = state.rematchOffer && state.rematchOffer[0] !== me ? "Accept rematch" : state.rematchOffer ? "Rematch offered" : "Rematch"
  }

  /** Opens the game (as the server writes it, clocks included) on the analysis screen. */
  /** Sends the finished game for review. */
  async function review() {
    const me = state.mine()
    /** @type {Record<string, string>} */
    const headers = me ? { White: me === "w" ? "You" : "Your friend", Black: me === "b" ? "You" : "Your friend" } : {}
    if (state.outcome) headers.Result = state.outcome.result
    const error = await openReview(state.root.fen, movesTo(lineEnd(state.root)), headers)
    if (error) {
      state.notice = `The game could not be sent for review: ${error}`
      draw()
    }
  }

  async function toAnalysis() {
    try {
      const response = await api.request(`/api/v1/friend/games/${id}/pgn`)
      sessionStorage.setItem("ox88-analyse", await response.text())
      location.hash = "#/analyse"
    } catch (e) {
      state.notice = `The game could not be opened for analysis: ${/** @type {Error} */ (e).message}`
      draw()
    }
  }

  /** @param {string} uci */
  function onMove(uci) {
    if (!state.canMove()) return
    state.pending = true
    send({ type: "move", uci, ply: state.end().ply })
  }

  connect()
  s.timer = setInterval(tick, 100)
  draw()
  return {
    onMove,
    canMove: (/** @type {"w" | "b"} */ color) => color === state.mine() && state.canMove(),
    onPremove,
    canPremove: (/** @type {"w" | "b"} */ color) => color === state.mine() && opponentThinks(),
    key: (/** @type {KeyboardEvent} */ event) => {
      if (event.key === "Escape" && s.premove) {
        cancelPremove()
        draw()
        return true
      }
      return list.key(event)
    },
    refresh,
    unmount: () => {
      s.closed = true
      if (s.timer) clearInterval(s.timer)
      if (s.socket) s.socket.close()
    },
  }
}
