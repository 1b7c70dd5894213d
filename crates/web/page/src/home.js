// The home screen: what the page does, and the finished friend games.
import { h } from "./dom.js"
import { endingText } from "./notation.js"

export function mount(app) {
  app.board.show("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
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
  const early = window.ox88Boot && window.ox88Boot.finished
  const request = early || fetch("/api/v1/friend/games?limit=20").then((r) => (r.ok ? r.json() : { games: [] }))
  if (window.ox88Boot) window.ox88Boot.finished = null
  request
    .then(({ games }) => {
      list.replaceChildren(
        ...(games.length
          ? games.map((g) =>
              h("li", {},
                h("a", { href: `#/friend/${g.id}?watch` }, endingText(g.result, g.termination)),
                h("span", { class: "meta" }, ` · ${Math.ceil(g.plies / 2)} moves · `),
                h("a", { href: `/api/v1/friend/games/${g.id}/pgn`, download: `ox88-${g.id}.pgn` }, "PGN")))
          : [h("li", { class: "empty" }, "None yet.")]),
      )
    })
    .catch(() => list.replaceChildren(h("li", { class: "empty" }, "The list could not be loaded.")))
  return {}
}
