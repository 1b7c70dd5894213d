// The move list: the game's tree in SAN (variations in parentheses), each
// move a button; the arrow keys walk it (left/right: back and forward,
// up/down: the first or last position, Home/End too).
import { h } from "./dom.js"

export class MoveList {
  /** A list in `element`; `onSelect(node)` when a move is chosen. */
  constructor(element, onSelect) {
    this.element = element
    this.onSelect = onSelect
    this.root = null
    this.current = null
  }

  render(root, current) {
    this.root = root
    this.current = current
    const line = (first, inVariation) => {
      const out = []
      let force = true
      for (let n = first; n; n = n.children[0]) {
        const white = n.ply % 2 === 1
        const number = Math.floor((n.ply - 1) / 2) + 1
        if (white) out.push(h("span", { class: "num" }, `${number}.`))
        else if (force) out.push(h("span", { class: "num" }, `${number}…`))
        const cls = "mv" + (n === current ? " current" : "")
        out.push(h("button", { type: "button", class: cls, "data-ply": n.ply, onclick: () => this.onSelect(n) }, n.san))
        if (n.comment) out.push(h("span", { class: "comment" }, n.comment))
        force = Boolean(n.comment)
        const alts = n.parent.children.slice(1)
        if (n.parent.children[0] === n && alts.length) {
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

  /** Handles a key; `true` if it moved. */
  key(event) {
    if (!this.current) return false
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
