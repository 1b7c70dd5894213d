// @ts-check
// The page's game tree: the moves it shows and walks through, each node the
// position after its move (the root has none), variations as further
// children. Built from what the server says (an imported game, a legal
// move, a friend game's frames) and given back to it to write PGN: no
// rules and no notation here.

/** @typedef {import("./api.js").PlyJson} PlyJson */
/** @typedef {import("./api.js").ExportMove} ExportMove */
/** @typedef {import("./api.js").PositionAnswer} PositionAnswer */

/**
 * @typedef {object} Node
 * @property {Node | null} parent
 * @property {string} fen the position after the move (the root: the start)
 * @property {string | null} uci the move, null at the root
 * @property {string | null} san
 * @property {number} ply plies from the game's first move to this node
 * @property {Node[]} children the main line's continuation first
 * @property {string} comment
 * @property {number | null} clock the mover's clock after the move, in ms
 * @property {PositionAnswer | null} answer the server's description of the position, once asked
 * @property {string} [judgement] a review's judgement of the move (`inaccuracy`, `mistake`, `blunder`)
 * @property {string} [glyph] its annotation, shown after the move (`?!`, `?`, `??`)
 */

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/**
 * A node after `parent` (null: a root), at `fen`, reached by `move`.
 * @param {Node | null} parent
 * @param {string} fen
 * @param {{uci: string, san: string} | null} [move]
 * @returns {Node}
 */
export function node(parent, fen, move) {
  return {
    parent,
    fen,
    uci: move ? move.uci : null,
    san: move ? move.san : null,
    ply: parent ? parent.ply + 1 : 0,
    children: [],
    comment: "",
    clock: null,
    answer: null,
  }
}

/**
 * The child of `at` reached by `move`: the one that has it, or a new one
 * (a new variation when `at` has a move already).
 * @param {Node} at
 * @param {{uci: string, san: string, fen: string}} move
 * @returns {Node}
 */
export function addChild(at, move) {
  const existing = at.children.find((c) => c.uci === move.uci)
  if (existing) return existing
  const child = node(at, move.fen, move)
  at.children.push(child)
  return child
}

/** The main line from `root`: its first children, in order. @param {Node} root */
export function mainLine(root) {
  const line = []
  for (let n = root.children[0]; n; n = n.children[0]) line.push(n)
  return line
}

/** The last node of the main line from `from`. @param {Node} from */
export function lineEnd(from) {
  let n = from
  while (n.children[0]) n = n.children[0]
  return n
}

/** The nodes from the root to `n`, the root excluded. @param {Node} n */
export function pathTo(n) {
  const path = []
  for (let at = n; at.parent; at = at.parent) path.unshift(at)
  return path
}

/** The moves (UCI) from the root to `n`. @param {Node} n */
export function movesTo(n) {
  return pathTo(n).map((p) => /** @type {string} */ (p.uci))
}

/** The root above `n`. @param {Node} n */
export function rootOf(n) {
  let at = n
  while (at.parent) at = at.parent
  return at
}

/**
 * The tree of a game read by the server (`POST /api/v1/pgn/import`).
 * @param {string} startFen
 * @param {string | null} comment
 * @param {PlyJson[]} moves
 * @returns {Node}
 */
export function fromImport(startFen, comment, moves) {
  const root = node(null, startFen, null)
  root.comment = comment || ""
  /** @param {Node} at @param {PlyJson[]} line */
  const grow = (at, line) => {
    let here = at
    for (const ply of line) {
      const child = addChild(here, ply)
      child.comment = ply.comment || ""
      child.clock = ply.clock_ms
      for (const variation of ply.variations) grow(here, variation)
      here = child
    }
  }
  grow(root, moves)
  return root
}

/**
 * The moves under `root` as `POST /api/v1/pgn/export` takes them: the main
 * line, each move with its comment, clock and variations.
 * @param {Node} root
 * @returns {ExportMove[]}
 */
export function toExport(root) {
  /** @param {Node | undefined} first @returns {ExportMove[]} */
  const line = (first) => {
    /** @type {ExportMove[]} */
    const out = []
    for (let n = first; n; n = n.children[0]) {
      // The alternatives to a move are its later siblings, written after
      // the first of them (the first move of a variation has none of its own).
      const siblings = n.parent ? n.parent.children : []
      const variations = siblings[0] === n ? siblings.slice(1).map((alt) => line(alt)) : []
      out.push({ uci: /** @type {string} */ (n.uci), comment: n.comment || null, clock_ms: n.clock, variations })
    }
    return out
  }
  return line(root.children[0])
}
