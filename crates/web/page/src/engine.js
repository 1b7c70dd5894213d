// The engine, through ox88-server's API: a move for play, and analysis
// streamed as Server-Sent Events. The only module that knows those routes.

/**
 * The strengths offered against ox88: each a real search limit sent to the
 * server. Their Elo has not been measured yet, so none is claimed.
 */
export const LEVELS = [
  { level: 1, name: "1 · depth 1", limits: { depth: 1 } },
  { level: 2, name: "2 · depth 2", limits: { depth: 2 } },
  { level: 3, name: "3 · depth 4", limits: { depth: 4 } },
  { level: 4, name: "4 · depth 6", limits: { depth: 6 } },
  { level: 5, name: "5 · 10k nodes", limits: { nodes: 10000 } },
  { level: 6, name: "6 · 100k nodes", limits: { nodes: 100000 } },
  { level: 7, name: "7 · 0.5 s a move", limits: { movetime_ms: 500 } },
  { level: 8, name: "8 · by the clock", limits: null },
]

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
 * ox88's move in the position `fen` + `moves` (UCI): `{uci}`. `level` is a
 * LEVELS entry; with `clock` ({white_ms, black_ms, increment_ms}) the
 * engine may also use its time.
 */
export async function bestMove({ fen, moves, level, clock }) {
  const body = { fen, moves }
  if (level.limits) Object.assign(body, level.limits)
  else if (clock) Object.assign(body, { clock })
  else body.movetime_ms = 1000
  const json = await (await post("/api/v1/bestmove", body)).json()
  return { uci: json.uci || (json.best && json.best.uci) || json.move }
}

/** One analysis line in the page's terms, from the server's `info` event. */
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
    bound: score.bound || null,
    pv: raw.pv_uci || raw.pv || [],
    san: raw.pv_san || raw.san || [],
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
 * `onInfo(line)` for each, `onDone(error?)` at the end. Returns `stop()`.
 */
export function analyse({ fen, moves, multipv }, onInfo, onDone) {
  const controller = new AbortController()
  ;(async () => {
    try {
      const response = await post("/api/v1/analyse/stream", { fen, moves, multipv, infinite: true }, controller.signal)
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      const feed = sseParser((event, data) => {
        if (event === "error") throw new Error(JSON.parse(data).message || data)
        if (event === "info" || event === "message") {
          const json = JSON.parse(data)
          if (json.depth != null) onInfo(readInfo(json))
        }
      })
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        feed(value)
      }
      onDone()
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
