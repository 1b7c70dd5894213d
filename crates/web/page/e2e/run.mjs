// The page tested as people use it, in a real browser, against a running
// server (OX88_WEB_URL). Scenarios that need the engine (play ox88, the
// engine's lines) run when OX88_WEB_ENGINE=1, which .ci/web sets when it
// serves the page from ox88-server; the Explorer panel's scenario when
// OX88_WEB_EXPLORER=1 (the server started with --explorer over the
// repository's PGN files, as .ci/web does). Prints "N passed, N failed".
import { launch } from "./browser.mjs"
import { friendGame } from "./friend.mjs"
import { playOx88, analysePgn, narrowScreens } from "./screens.mjs"
import { explorerPanel } from "./explorer.mjs"
import { reviewGame, puzzleFromTheBlunder } from "./review.mjs"
import { keyboardGame, premoveGame, friendPremove } from "./keyboard.mjs"

const engine = process.env.OX88_WEB_ENGINE === "1"
const explorer = process.env.OX88_WEB_EXPLORER === "1"
const scenarios = [
  ["two players and a spectator play a friend game to mate, one reloading, one by keyboard only", friendGame],
  ["a pasted PGN is analysed and walked through", (b) => analysePgn(b, engine)],
  ["every screen fits 360 px without sideways scrolling", narrowScreens],
  ["a premove in a friend game, played the moment the opponent's move lands, and one cancelled", friendPremove],
]
if (engine) {
  scenarios.unshift(["a game against ox88, clicked to mate", playOx88])
  scenarios.push(["a game against ox88 from the keyboard alone, its moves announced", keyboardGame])
  scenarios.push(["a premove made while ox88 thinks, played the moment its move lands", premoveGame])
  scenarios.push(["a known game reviewed: the graph, its blunder named with the better move, the keys", reviewGame])
  scenarios.push(["the puzzle from that blunder failed, retried and solved, then solved at once", puzzleFromTheBlunder])
}
if (explorer) scenarios.push(["the Explorer panel follows the board, and a click plays its move", explorerPanel])

const browser = await launch()
let passed = 0
let failed = 0
for (const [name, run] of scenarios) {
  const started = Date.now()
  try {
    await run(browser)
    passed++
    console.log(`ok   ${name} (${Date.now() - started} ms)`)
  } catch (error) {
    failed++
    console.log(`FAIL ${name}: ${error.stack || error}`)
  }
}
await browser.close()
if (!engine) console.log("(the scenarios with the engine were skipped: OX88_WEB_ENGINE is not 1)")
if (!explorer) console.log("(the Explorer panel's scenario was skipped: OX88_WEB_EXPLORER is not 1)")
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
