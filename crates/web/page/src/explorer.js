// @ts-check
// The analysis screen's Explorer panel: for the position on the board, the
// moves of the server's game collection, each with its games and a bar of
// White's wins, draws and Black's wins; a click plays the move. Its state
// (explorer-state.js) asks the server and keeps the answers.
import { h } from "./dom.js"
import { Explorer } from "./explorer-state.js"

/** @typedef {import("./explorer-state.js").ExplorerRow} ExplorerRow */
/** @typedef {import("./explorer-state.js").ExplorerView} ExplorerView */

/** A share as a whole percentage. @param {number} share */
const percent = (share) => `${Math.round(share * 100)}%`

/** A share's part of the bar, with its percentage written when there is room. @param {string} side @param {number} share */
function part(side, share) {
  return h("span", { class: side, style: `width: ${share * 100}%` }, share >= 0.15 ? percent(share) : "")
}

/** The bar of a row, its shares also said in words. @param {ExplorerRow} r */
function bar(r) {
  const words = `White wins ${percent(r.white)}, draws ${percent(r.draws)}, Black wins ${percent(r.black)}`
  return h("span", { class: "wdl", role: "img", "aria-label": words, title: words },
    part("w", r.white), part("d", r.draws), part("b", r.black))
}

/** @param {ExplorerRow} r @param {((uci: string) => void) | null} play */
function line(r, play) {
  const games = h("span", { class: "games", title: r.averageRating ? `average rating ${r.averageRating}` : null },
    r.games.toLocaleString("en-US"))
  if (!play) return h("div", { class: "explorer-row total" }, h("span", { class: "san" }, "Σ"), games, bar(r))
  return h("button", { type: "button", class: "explorer-row", "data-uci": r.uci, title: `Play ${r.san}`, onclick: () => play(r.uci) },
    h("span", { class: "san" }, r.san), games, bar(r))
}

/**
 * The panel: `element` to place on the screen, and `show` to call with
 * the position on the board (its answer replaces the one shown unless
 * another position was shown since).
 * @param {Pick<typeof import("./api.js"), "explorer">} api
 * @param {(uci: string) => void} play a move clicked
 */
export function explorerPanel(api, play) {
  const state = new Explorer(api)
  const opening = h("p", { class: "explorer-opening", id: "explorer-opening" })
  const body = h("div", { class: "explorer-moves", id: "explorer-moves", "aria-live": "polite" })
  const element = h("section", { class: "explorer", id: "explorer", "aria-label": "Explorer" },
    h("h3", {}, "Explorer"), opening, body)
  let shown = 0

  /** @param {ExplorerView} view */
  function render(view) {
    body.classList.toggle("stale", view.kind === "loading")
    if (view.kind === "loading") return
    opening.textContent = view.kind === "moves" ? view.opening || "" : ""
    if (view.kind === "note") body.replaceChildren(h("p", { class: "note" }, view.text))
    else body.replaceChildren(...view.rows.map((r) => line(r, play)), line(view.total, null))
  }

  /** @param {string} fen @param {string[]} moves */
  async function show(fen, moves) {
    const mine = ++shown
    render({ kind: "loading" }) // the last answer stays, dimmed, until this one comes
    /** @type {ExplorerView} */
    let view
    try {
      view = await state.view(fen, moves)
    } catch (error) {
      view = { kind: "note", text: `The explorer could not be reached: ${/** @type {Error} */ (error).message}` }
    }
    if (mine === shown) render(view)
  }

  return { element, show }
}
