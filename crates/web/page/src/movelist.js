// @ts-check
// The move list: the game's tree in SAN (variations in parentheses), each
// move a button; the arrow keys walk it (left/right: back and forward,
// up/down: the first or last position, Home/End too).
import { h } from "./dom.js"

/** @typedef {import("./tree.js").Node} Node */

/** Plies played before the position `fen`, by its move number and side to move. @param {string} fen */
export function pliesBefore(fen) {
  const [, side, , , , fullmove] = fen.split(" ")
  return (Math.max(1, Number(fullmove) || 1) - 1) * 2 + (side === "b" ? 1 : 0)
}

export class MoveList {
  /**
   * A list in `element`; `onSelect(node)` when a move is chosen.
   * @param {HTMLElement} element
   * @param {(node: Node) => void} onSelect
   */
  constructor(element, onSelect) {
    this.element = element
    this.onSelect = onSelect
    /** @type {Node | null} */
    this.root = null
    /** @type {Node | null} */
    this.current = null
  }

  /** @param {Node} root @param {Node} current */
  render(root, current) {
    this.root = root
    this.current = current
    const base = pliesBefore(root.fen)
    /** @param {Node} first @param {boolean} inVariation @returns {(HTMLElement)[]} */
    const line = (first, inVariation) => {
      /** @type {HTMLElement[]} */
      const out = []
      let force = true
      for (let n = /** @type {Node | undefined} */ (first); n; n = n.children[0]) {
        const ply = base + n.ply
        const white = ply % 2 === 1
        const number = Math.floor((ply - 1) / 2) + 1
        if (white) out.push(h("span", { class: "num" }, `${number}.`))
        else if (force) out.push(h("span", { class: "num" }, `${number}…`))
        const cls = "mv" + (n === current ? " current" : "") + (n.judgement ? ` judged ${n.judgement}` : "")
        const at = n
        out.push(h("button", { type: "button", class: cls, "data-ply": ply, onclick: () => this.onSelect(at) }, `${n.san}${n.glyph || ""}`))
        if (n.comment) out.push(h("span", { class: "comment" }, n.comment))
        force = Boolean(n.comment)
        const siblings = n.parent ? n.parent.children : []
        const alts = siblings.slice(1)
        if (siblings[0] === n && alts.length) {
          for (const alt of alts) out.push(h("span", { class: "variation" }, "(", line(alt, true), ")"))
          force = true
        }
        if (inVariation && n.children.length === 0) break
      }
      return out
    }
    this.element.replaceChildren(...(root.children[0] ? line(root.children[0], false) : [h("span", { class: "empty" }, "No moves yet.")]))
    const active = this.element.querySelector(".current")
    if (active && active.scrollIntoView) active.scrollIntoView({ block: "nearest" })
  }

  /** Handles a key; `true` if it moved. @param {KeyboardEvent} event */
  key(event) {
    if (!this.current) return false
    /** @type {Node | null | undefined} */
    let next = null
    if (event.key === "ArrowLeft") next = this.current.parent
    else if (event.key === "ArrowRight") next = this.current.children[0]
    else if (event.key === "ArrowUp" || event.key === "Home") next = this.root
    else if (event.key === "ArrowDown" || event.key === "End") {
      next = this.current
      while (next.children[0]) next = next.children[0]
    }
    if (!next || next === this.current) return false
    this.onSelect(next)
    return true
  }
}
