// The engine, through ox88-server's API: a move for play, and analysis
// streamed as Server-Sent Events. The only module that knows those routes.

/**
 * The strengths offered against ox88: the server's levels (`GET
 * /api/v1/levels`), each a real search limit (a depth and a node budget),
 * named by the Elo it measured against Stockfish (with its 95 % margin), or
 * by its limits where it has not been measured.
 */
export async function levels() {
  try {
    const response = await fetch("/api/v1/levels")
    if (!response.ok) throw new Error(response.statusText)
    return (await response.json()).map(levelName)
  } catch {
    return [1, 2, 3, 4, 5, 6, 7, 8].map((level) => ({ level, name: String(level) }))
  }
}

/** A level of `GET /api/v1/levels` as the strength menu names it. */
export function levelName(l) {
  const limits = `depth ${l.depth}, ${nodesText(l.nodes)} nodes`
  const name = l.elo ? `${l.level} · Elo ${l.elo.elo} ± ${l.elo.margin}` : `${l.level} · ${limits}`
  return { level: l.level, name, title: l.elo ? `${limits}; measured in ${l.elo.games} games` : "strength not measured" }
}

function nodesText(n) {
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n)
}

async function post(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  })
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`
    try {
      const json = await response.json()
      if (json.error && json.error.message) message = json.error.message
    } catch {}
    throw new Error(message)
  }
  return response
}

/**
 * ox88's move in the position `fen` + `moves` (UCI): `{uci}`, from
 * `POST /api/v1/best-move`, at strength `level` (a number from `levels()`).
 */
export async function bestMove({ fen, moves, level }) {
  const json = await (await post("/api/v1/best-move", { fen, moves, level })).json()
  if (!json.best_move) throw new Error("the server found no move")
  return { uci: json.best_move.uci }
}

/** One analysis line in the page's terms, from the server's `info` event
 * (a `LineJson`: multipv, depth, score {cp, mate}, bound, pv_uci, pv_san). */
export function readInfo(raw) {
  const score = raw.score || {}
  return {
    multipv: raw.multipv || 1,
    depth: raw.depth,
    seldepth: raw.seldepth,
    nodes: raw.nodes,
    nps: raw.nps,
    cp: score.cp != null ? score.cp : null,
    mate: score.mate != null ? score.mate : null,
    bound: raw.bound || null,
    pv: raw.pv_uci || [],
    san: raw.pv_san || [],
  }
}

/** Parses Server-Sent Events from a stream of text chunks. */
export function sseParser(onEvent) {
  let buffer = ""
  return (chunk) => {
    buffer += chunk
    let end
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "")
      let event = "message"
      const data = []
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim()
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""))
      }
      if (data.length) onEvent(event, data.join("\n"))
    }
  }
}

/**
 * Streams the engine's analysis of `fen` + `moves` with `multipv` lines:
 * `onInfo(line)` for each `info` event, `onDone(error, finished)` at the
 * end (`finished` when the server's limit ended the search). Returns `stop()`.
 */
export function analyse({ fen, moves, multipv }, onInfo, onDone) {
  const controller = new AbortController()
  ;(async () => {
    try {
      // No limit asked: the server searches as long as its limits allow.
      const response = await post("/api/v1/analyse/stream", { fen, moves, multipv }, controller.signal)
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      const feed = sseParser((event, data) => {
        if (event === "error") throw new Error(JSON.parse(data).message || data)
        if (event === "info") onInfo(readInfo(JSON.parse(data)))
      })
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        feed(value)
      }
      onDone(null, true)
    } catch (error) {
      onDone(controller.signal.aborted ? null : error)
    }
  })()
  return { stop: () => controller.abort() }
}

/** A score as people read it: "+0.34", "−1.20", "#3", "#−2", from White's side. */
export function scoreText(line, whiteToMove) {
  const sign = whiteToMove ? 1 : -1
  if (line.mate != null) {
    const m = line.mate * sign
    return m > 0 ? `#${m}` : `#−${-m}`
  }
  if (line.cp == null) return "…"
  const cp = (line.cp * sign) / 100
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + Math.abs(cp).toFixed(2)
}

/** White's share of the eval bar, 0..1, from a line. */
export function whiteShare(line, whiteToMove) {
  const sign = whiteToMove ? 1 : -1
  if (line.mate != null) return line.mate * sign > 0 ? 1 : 0
  if (line.cp == null) return 0.5
  const cp = line.cp * sign
  return 1 / (1 + Math.exp(-cp / 250))
}
