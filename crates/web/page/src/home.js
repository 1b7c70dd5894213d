// @ts-check
// The home screen: what the page does, and the finished friend games.
import { h } from "./dom.js"
import { request } from "./api.js"
import { loadFinished } from "./home-state.js"
import { START_FEN } from "./tree.js"

/** @param {import("./main.js").App} app */
export function mount(app) {
  app.board.show(START_FEN)
  const list = h("ol", { class: "games", id: "finished" }, h("li", { class: "empty" }, "Loading…"))
  app.side.replaceChildren(
    h("h1", {}, "Chess with ox88"),
    h("div", { class: "cards" },
      h("a", { class: "card", href: "#/play" }, h("strong", {}, "Play ox88"), h("span", {}, "Choose a side, a strength and a clock.")),
      h("a", { class: "card", href: "#/analyse" }, h("strong", {}, "Analyse"), h("span", {}, "A FEN or a PGN, the engine's lines as it thinks.")),
      h("a", { class: "card", href: "#/friend" }, h("strong", {}, "Play a friend"), h("span", {}, "Create a game and send its link.")),
    ),
    h("h2", {}, "Finished friend games"),
    list,
    h("p", {}, h("a", { href: "/api/v1/friend/finished.pgn", download: "ox88-games.pgn" }, "Download them all as PGN")),
  )
  const boot = window.ox88Boot
  const early = boot && boot.finished
  if (boot) boot.finished = null
  loadFinished(early || request("/api/v1/friend/games?limit=20").then((r) => r.json())).then(({ entries, failed }) => {
    list.replaceChildren(
      ...(failed
        ? [h("li", { class: "empty" }, "The list could not be loaded.")]
        : entries.length
          ? entries.map((g) =>
              h("li", {},
                h("a", { href: `#/friend/${g.id}?watch` }, g.text),
                h("span", { class: "meta" }, ` · ${g.moves} moves · `),
                h("a", { href: `/api/v1/friend/games/${g.id}/pgn`, download: `ox88-${g.id}.pgn` }, "PGN")))
          : [h("li", { class: "empty" }, "None yet.")]),
    )
  })
  return {}
}
