// PGN in and out for the page: a game as a tree of moves (the main line
// first, then the variations), read from text people paste and written in
// export format with clock comments.
import { Chess } from "chess.js"
import { pgnClock } from "./notation.js"

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/** A node of the tree: the position after `san` (the root has no move). */
export function node(parent, fen, move) {
  return {
    parent,
    fen,
    san: move ? move.san : null,
    uci: move ? move.from + move.to + (move.promotion || "") : null,
    from: move ? move.from : null,
    to: move ? move.to : null,
    ply: parent ? parent.ply + 1 : plyOf(fen),
    children: [],
    comment: "",
    clock: null,
  }
}

function plyOf(fen) {
  const parts = fen.split(" ")
  const fullmove = Number(parts[5] || 1)
  return (fullmove - 1) * 2 + (parts[1] === "b" ? 1 : 0)
}

/** Plays `move` (SAN, UCI or a chess.js move object) after `at`: the child
 * that already has it, or a new one (a new variation if `at` has a move
 * already). `null` if illegal. */
export function addMove(at, move) {
  const chess = new Chess(at.fen)
  let played
  try {
    played = chess.move(move, { strict: false })
  } catch {
    return null
  }
  const uci = played.from + played.to + (played.promotion || "")
  const existing = at.children.find((c) => c.uci === uci)
  if (existing) return existing
  const child = node(at, chess.fen(), played)
  at.children.push(child)
  return child
}

/** The main line from `root`: its first children, in order. */
export function mainLine(root) {
  const line = []
  for (let n = root.children[0]; n; n = n.children[0]) line.push(n)
  return line
}

/** The nodes from the root to `n`, the root excluded. */
export function pathTo(n) {
  const path = []
  for (let at = n; at && at.parent; at = at.parent) path.unshift(at)
  return path
}

function tokens(text) {
  const out = []
  const re = /\s*(?:(\[[^\]]*\])|(\{[^}]*\})|(;[^\n]*)|(\$\d+)|(\()|(\))|(1-0|0-1|1\/2-1\/2|\*)(?=\s|$|\))|(\d+\.+)|([^\s(){}\[\];$]+))/gy
  let m
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    if (m[1]) out.push({ tag: m[1] })
    else if (m[2]) out.push({ comment: m[2].slice(1, -1).trim() })
    else if (m[5]) out.push({ open: true })
    else if (m[6]) out.push({ close: true })
    else if (m[7]) out.push({ result: m[7] })
    else if (m[9]) out.push({ san: m[9] })
    if (m[0].length === 0) break
  }
  return out
}

/**
 * Reads the first game of PGN `text`: `{headers, root}`, or throws an Error
 * naming the move that could not be played ("move 3... Nf9: illegal").
 */
export function readPgn(text) {
  const headers = {}
  const all = tokens(String(text || ""))
  let i = 0
  for (; i < all.length && all[i].tag; i++) {
    const m = /^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(all[i].tag)
    if (m) headers[m[1]] = m[2].replace(/\\(.)/g, "$1")
  }
  const startFen = headers.FEN || START_FEN
  try {
    new Chess(startFen)
  } catch (e) {
    throw new Error(`the FEN tag is not a legal position: ${e.message}`)
  }
  const root = node(null, startFen, null)
  let at = root
  const stack = []
  for (; i < all.length; i++) {
    const t = all[i]
    if (t.tag) break // the next game
    if (t.result) {
      headers.Result = headers.Result || t.result
      if (!stack.length) break
    } else if (t.comment !== undefined) {
      const clk = /\[%clk\s+(\d+):(\d+):(\d+(?:\.\d+)?)\]/.exec(t.comment)
      if (clk) at.clock = ((+clk[1] * 60 + +clk[2]) * 60 + +clk[3]) * 1000
      const words = t.comment.replace(/\[%[^\]]*\]/g, "").trim()
      if (words) at.comment = at.comment ? `${at.comment} ${words}` : words
    } else if (t.open) {
      if (!at.parent) throw new Error("a variation before any move")
      stack.push(at)
      at = at.parent
    } else if (t.close) {
      if (!stack.length) throw new Error("a ')' closes no variation")
      at = stack.pop()
    } else if (t.san) {
      const next = addMove(at, t.san)
      if (!next) {
        const number = Math.floor(at.ply / 2) + 1
        throw new Error(`move ${number}${at.ply % 2 ? "..." : "."} ${t.san}: not legal here`)
      }
      at = next
    }
  }
  return { headers, root }
}

function escape(value) {
  return String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')
}

/**
 * The game under `root` in PGN export format: the Seven Tag Roster, then
 * the other headers; moves with variations, comments and `[%clk]` comments.
 */
export function writePgn(headers, root) {
  const h = { Event: "?", Site: "?", Date: "????.??.??", Round: "?", White: "?", Black: "?", Result: "*", ...headers }
  if (root.fen !== START_FEN) {
    h.SetUp = "1"
    h.FEN = root.fen
  }
  const roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
  const names = [...roster, ...Object.keys(h).filter((k) => !roster.includes(k)).sort()]
  const tags = names.map((k) => `[${k} "${escape(h[k])}"]`).join("\n")
  const words = []
  const comment = (n) => {
    const parts = []
    if (n.clock != null) parts.push(`[%clk ${pgnClock(n.clock)}]`)
    if (n.comment) parts.push(n.comment.replace(/}/g, ")"))
    if (parts.length) words.push(`{${parts.join(" ")}}`)
  }
  const number = (n, force) => {
    const white = n.ply % 2 === 1
    const moveNo = Math.floor((n.ply - 1) / 2) + 1
    if (white) words.push(`${moveNo}.`)
    else if (force) words.push(`${moveNo}...`)
  }
  const line = (first, forceNumber) => {
    let force = forceNumber
    for (let n = first; n; ) {
      number(n, force)
      words.push(n.san)
      comment(n)
      force = n.comment || n.clock != null
      const siblings = n.parent.children
      if (siblings[0] === n) {
        for (const alt of siblings.slice(1)) {
          words.push("(")
          line(alt, true)
          words.push(")")
          force = true
        }
      }
      n = n.children[0]
    }
  }
  if (root.children[0]) line(root.children[0], true)
  words.push(h.Result)
  const lines = []
  let current = ""
  for (const w of words.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")").split(" ")) {
    if (current && current.length + 1 + w.length > 79) {
      lines.push(current)
      current = w
    } else current = current ? `${current} ${w}` : w
  }
  if (current) lines.push(current)
  return `${tags}\n\n${lines.join("\n")}\n`
}
