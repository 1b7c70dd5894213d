// Play a friend: create a game and share its link; the server (over a
// WebSocket) checks every move and keeps the clocks; the page shows them.
import { Chess } from "chess.js"
import { h } from "./dom.js"
import { MoveList } from "./movelist.js"
import { node, addMove, START_FEN } from "./pgn.js"
import { clockText, endingText } from "./notation.js"

const CLOCKS = [
  { name: "No clock", initial: null, increment: 0 },
  { name: "3 + 2", initial: 180, increment: 2 },
  { name: "5 + 3", initial: 300, increment: 3 },
  { name: "10 + 5", initial: 600, increment: 5 },
  { name: "15 + 10", initial: 900, increment: 10 },
  { name: "30 + 0", initial: 1800, increment: 0 },
]

const tokenKey = (id) => `ox88-seat-${id}`

export function mount(app, arg) {
  const id = /^[A-Za-z0-9]{10}/.exec(arg || "")
  return id ? game(app, id[0], /[?&]watch\b/.test(arg)) : create(app)
}

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
  async function submit(event) {
    event.preventDefault()
    const data = new FormData(form)
    const clock = CLOCKS[Number(data.get("clock"))] || CLOCKS[0]
    const body = { color: data.get("color") }
    if (clock.initial) Object.assign(body, { initial_seconds: clock.initial, increment_seconds: clock.increment })
    try {
      const response = await fetch("/api/v1/friend/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      const json = await response.json()
      if (!response.ok) throw new Error((json.error && json.error.message) || response.statusText)
      localStorage.setItem(tokenKey(json.id), json.token)
      location.hash = `#/friend/${json.id}`
    } catch (e) {
      error.textContent = `The game could not be created: ${e.message}`
    }
  }
  return {}
}

function game(app, id, watching) {
  const s = { root: node(null, START_FEN, null), at: null, seat: null, ended: null, clock: null, clockAt: 0, drawOffer: null, rematchOffer: null, seated: [false, false], presence: null, socket: null, closed: false, retry: 0, pending: false, timer: null }
  s.at = s.root
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" })
  const notice = h("p", { class: "notice", role: "alert" })
  const moves = h("div", { class: "moves", "aria-label": "Moves" })
  const list = new MoveList(moves, (n) => { s.at = n; draw() })
  const link = `${location.origin}/#/friend/${id}`
  const share = h("div", { class: "share" },
    h("label", { for: "share-link" }, "Send this link to your opponent:"),
    h("div", { class: "row" },
      h("input", { id: "share-link", readonly: true, value: link, onfocus: (e) => e.target.select() }),
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "Copy")),
    h("small", {}, "Spectators: ", h("a", { href: `#/friend/${id}?watch` }, "watch link")))
  const btn = (label, idName, onclick) => h("button", { type: "button", id: idName, onclick }, label)
  const resign = btn("Resign", "resign", () => send({ type: "resign" }))
  const offer = btn("Offer draw", "offer-draw", () => send({ type: "offer_draw" }))
  const accept = btn("Accept draw", "accept-draw", () => send({ type: "accept_draw" }))
  const decline = btn("Decline", "decline-draw", () => send({ type: "decline_draw" }))
  const rematch = btn("Rematch", "rematch", () => send({ type: "rematch" }))
  const fenOut = h("input", { class: "fen-out", readonly: true, "aria-label": "FEN", hidden: true })
  const buttons = h("div", { class: "buttons" }, resign, offer, accept, decline, rematch,
    h("a", { class: "button", href: `/api/v1/friend/games/${id}/pgn`, download: `ox88-${id}.pgn` }, "PGN"),
    btn("FEN", "export-fen", () => { fenOut.hidden = false; fenOut.value = s.at.fen; fenOut.select() }),
    btn("Analyse", "to-analysis", toAnalysis))
  app.side.replaceChildren(h("h2", {}, "Play a friend"), status, notice, share, moves, buttons, fenOut)

  const end = () => { let n = s.root; while (n.children[0]) n = n.children[0]; return n }
  const turn = () => new Chess(end().fen).turn()
  const mine = () => (s.seat === "white" ? "w" : s.seat === "black" ? "b" : null)

  function connect() {
    const early = window.ox88Boot && window.ox88Boot.socket
    let ws
    let queued = []
    if (early && early.id === id && early.ws.readyState <= 1) {
      ws = early.ws
      queued = early.queue
      window.ox88Boot.socket = null
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
      notice.textContent = "Connection lost: reconnecting…"
      setTimeout(() => { if (!s.closed) connect() }, 500 * s.retry)
    }
    queued.forEach(receive)
  }

  function send(message) {
    if (s.socket && s.socket.readyState === 1) s.socket.send(JSON.stringify(message))
    else notice.textContent = "Not connected: reconnecting…"
  }

  function receive(text) {
    let m
    try { m = JSON.parse(text) } catch { return }
    if (m.type === "welcome") {
      s.seat = m.seat
      s.retry = 0
      notice.textContent = ""
      if (m.token) localStorage.setItem(tokenKey(id), m.token)
      if (mine()) app.board.orient(mine())
    } else if (m.type === "state") {
      const g = m.game
      s.root = node(null, START_FEN, null)
      let n = s.root
      for (const mv of g.moves) { n = addMove(n, mv.uci); n.clock = mv.clock_ms }
      s.at = n
      s.ended = g.result ? { result: g.result, termination: g.termination } : null
      s.drawOffer = g.draw_offer
      s.rematchOffer = g.rematch_offer
      s.seated = g.seated
      s.presence = g.presence
      setClock(g.clock)
    } else if (m.type === "move") {
      const last = end()
      if (m.ply === last.ply - s.root.ply) {
        const n = addMove(last, m.uci)
        n.clock = m.clock_ms
        if (s.at === last) s.at = n
      }
      s.pending = false
      s.seated = [true, true]
      setClock(m.clock)
    } else if (m.type === "ended") {
      s.ended = { result: m.result, termination: m.termination }
      s.drawOffer = null
      setClock(m.clock)
    } else if (m.type === "draw_offer") {
      s.drawOffer = m.by
    } else if (m.type === "rematch_offer") {
      s.rematchOffer = m.by
    } else if (m.type === "rematch") {
      const token = localStorage.getItem(tokenKey(id))
      if (token) localStorage.setItem(tokenKey(m.id), token)
      location.hash = `#/friend/${m.id}`
      return
    } else if (m.type === "presence") {
      s.presence = m
      s.seated = [s.seated[0] || m.white > 0, s.seated[1] || m.black > 0]
    } else if (m.type === "error") {
      notice.textContent = m.message
      s.pending = false
    }
    draw()
  }

  function setClock(clock) {
    s.clock = clock || null
    s.clockAt = performance.now()
  }

  function left(color) {
    const c = s.clock
    if (!c) return 0
    const key = color === "w" ? "white_ms" : "black_ms"
    const running = c.running === (color === "w" ? "white" : "black")
    return Math.max(0, c[key] - (running ? performance.now() - s.clockAt : 0))
  }

  function tick() {
    if (!s.clock) return
    const bottom = app.board.bottom()
    const top = bottom === "w" ? "b" : "w"
    const running = s.clock.running ? (s.clock.running[0] === bottom ? "bottom" : "top") : null
    app.clocks(clockText(left(top)), clockText(left(bottom)), running)
  }

  function refresh() {
    const bottom = app.board.bottom()
    const name = (c) => {
      const you = mine() === c ? " (you)" : ""
      return `${c === "w" ? "White" : "Black"}${you}`
    }
    app.players(name(bottom === "w" ? "b" : "w"), name(bottom), Boolean(s.clock))
    tick()
  }

  function draw() {
    app.board.show(s.at.fen, s.at.parent ? s.at : null)
    list.render(s.root, s.at)
    refresh()
    const me = mine()
    const opponentSeated = me ? s.seated[me === "w" ? 1 : 0] : true
    share.hidden = !me || opponentSeated
    if (s.ended) status.textContent = endingText(s.ended.result, s.ended.termination)
    else if (!me) status.textContent = `You are watching. ${turn() === "w" ? "White" : "Black"} to move.`
    else if (!opponentSeated) status.textContent = "Waiting for your opponent to open the link."
    else status.textContent = turn() === me ? "Your move." : "Your opponent's move."
    if (s.ended) status.textContent += "."
    if (s.presence && s.presence.spectators) status.textContent += ` ${s.presence.spectators} watching.`
    const playing = Boolean(me) && !s.ended
    const theirOffer = s.drawOffer && s.drawOffer[0] !== me
    resign.hidden = !playing
    offer.hidden = !playing || Boolean(theirOffer)
    offer.disabled = s.drawOffer != null
    accept.hidden = !playing || !theirOffer
    decline.hidden = !playing || !theirOffer
    rematch.hidden = !me || !s.ended
    rematch.textContent = s.rematchOffer && s.rematchOffer[0] !== me ? "Accept rematch" : s.rematchOffer ? "Rematch offered" : "Rematch"
  }

  /** Opens the game (as the server writes it, clocks included) on the analysis screen. */
  async function toAnalysis() {
    try {
      const response = await fetch(`/api/v1/friend/games/${id}/pgn`)
      if (!response.ok) throw new Error(response.statusText)
      sessionStorage.setItem("ox88-analyse", await response.text())
      location.hash = "#/analyse"
    } catch (e) {
      notice.textContent = `The game could not be opened for analysis: ${e.message}`
    }
  }

  function onMove(move) {
    const me = mine()
    if (!me || s.ended || s.pending || s.at !== end() || turn() !== me) return
    s.pending = true
    send({ type: "move", uci: move.from + move.to + (move.promotion || ""), ply: end().ply - s.root.ply })
  }

  connect()
  s.timer = setInterval(tick, 100)
  draw()
  return {
    onMove,
    canMove: (color) => color === mine() && !s.ended && !s.pending && s.at === end(),
    key: (event) => list.key(event),
    refresh,
    unmount: () => {
      s.closed = true
      clearInterval(s.timer)
      if (s.socket) s.socket.close()
    },
  }
}
