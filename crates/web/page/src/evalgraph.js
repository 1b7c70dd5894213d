// @ts-check
// The evaluation graph under the board: White's Win% position by position
// (light below the line for White, dark above for Black), each judged move
// a mark by its kind (a ring, a square, a diamond: shapes, not only
// colours), the position shown a line across; a click (or a key, when it
// has focus) jumps to that position.
import { graphPoints, plyAt, GLYPHS } from "./reviewstate.js"

const SVG = "http://www.w3.org/2000/svg"
const WIDTH = 600
const HEIGHT = 100

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag)
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value))
  return el
}

export class EvalGraph {
  /**
   * A graph in `element`; `onSelect(ply)` when a position is chosen.
   * @param {HTMLElement} element
   * @param {(ply: number) => void} onSelect
   */
  constructor(element, onSelect) {
    this.element = element
    this.onSelect = onSelect
    /** @type {import("./reviewstate.js").ReviewReport | null} */
    this.report = null
    this.at = 0
    this.root = /** @type {SVGSVGElement} */ (svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: "none", class: "evalgraph", id: "eval-graph", tabindex: 0, role: "slider", "aria-label": "Evaluation graph: a position of the game", "aria-valuemin": 0 }))
    this.root.addEventListener("click", (event) => {
      if (!this.report) return
      const box = this.root.getBoundingClientRect()
      this.onSelect(plyAt(this.report, ((event.clientX - box.left) / box.width) * WIDTH, WIDTH))
    })
    this.root.addEventListener("keydown", (event) => {
      if (!this.report) return
      const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key]
      if (step) {
        event.preventDefault()
        event.stopPropagation()
        this.onSelect(Math.min(this.report.positions.length - 1, Math.max(0, this.at + step)))
      }
    })
    element.replaceChildren(this.root)
  }

  /**
   * Draws `report` with position `at` marked.
   * @param {import("./reviewstate.js").ReviewReport} report
   * @param {number} at
   */
  render(report, at) {
    this.report = report
    this.at = at
    const points = graphPoints(report, WIDTH, HEIGHT)
    const known = /** @type {{x: number, y: number}[]} */ (points.filter(Boolean))
    const parts = [svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "black-side" })]
    if (known.length) {
      const line = known.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")
      const first = known[0]
      const last = known[known.length - 1]
      parts.push(svg("polygon", { points: `${first.x},${HEIGHT} ${line} ${last.x},${HEIGHT}`, class: "white-side" }))
      parts.push(svg("polyline", { points: line, class: "curve" }))
    }
    parts.push(svg("line", { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: "midline" }))
    for (const move of report.moves) {
      const point = points[move.ply + 1]
      if (!move.judgement || !point) continue
      const mark = markOf(move.judgement, point.x, point.y)
      const title = svg("title")
      title.textContent = `${move.san}${GLYPHS[move.judgement]} ${move.judgement}`
      mark.append(title)
      parts.push(mark)
    }
    const x = points.length > 1 ? (at / (points.length - 1)) * WIDTH : 0
    parts.push(svg("line", { x1: x, x2: x, y1: 0, y2: HEIGHT, class: "cursor", "data-ply": at }))
    this.root.replaceChildren(...parts)
    this.root.setAttribute("aria-valuemax", String(report.positions.length - 1))
    this.root.setAttribute("aria-valuenow", String(at))
    const win = report.positions[at] && report.positions[at].win
    this.root.setAttribute("aria-valuetext", `position ${at}${win == null ? "" : `, White's chances ${Math.round(win)} %`}`)
  }
}

/**
 * A judged move's mark: a ring (inaccuracy), a square (mistake), a diamond
 * (blunder).
 * @param {import("./reviewstate.js").Judgement} judgement
 * @param {number} x
 * @param {number} y
 */
function markOf(judgement, x, y) {
  const cls = `mark ${judgement}`
  if (judgement === "inaccuracy") return svg("circle", { cx: x, cy: y, r: 3.5, class: cls })
  if (judgement === "mistake") return svg("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, class: cls })
  return svg("polygon", { points: `${x},${y - 5} ${x + 5},${y} ${x},${y + 5} ${x - 5},${y}`, class: cls })
}
