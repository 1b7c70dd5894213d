// The page tested as people use it, in a real browser, against a running
// server (OX88_WEB_URL). Scenarios that need the engine (play ox88, the
// engine's lines) run when OX88_WEB_ENGINE=1, which .ci/web sets when it
// serves the page from ox88-server. Prints "N passed, N failed".
import { launch } from "./browser.mjs"
import { friendGame } from "./friend.mjs"
import { playOx88, analysePgn, narrowScreens } from "./screens.mjs"

const engine = process.env.OX88_WEB_ENGINE === "1"
const scenarios = [
  ["two players and a spectator play a friend game to mate, one reloading, one by keyboard only", friendGame],
  ["a pasted PGN is analysed and walked through", (b) => analysePgn(b, engine)],
  ["every screen fits 360 px without sideways scrolling", narrowScreens],
]
if (engine) scenarios.unshift(["a game against ox88, clicked to mate", playOx88])

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
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
