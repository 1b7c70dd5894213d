// Games against ox88 as two kinds of players have them: one from the
// keyboard alone (the board's squares walked with the arrow keys, each
// move announced to a screen reader, checked in Chromium's accessibility
// tree), and one with a premove made while ox88 thinks and played the
// moment its move lands; and a premove in a friend game.
import { BASE, open, clickSquare, clickMove, statusIs, screenshot, assert } from "./browser.mjs"

/** The mate from the play scenario: 1. Kg6 Kg8 (Black's only move) 2. Ra8#. */
const MATE_IN_TWO = "7k/8/5K2/8/8/8/8/R7 w - - 0 1"

/** Presses `key` `times` times. */
async function press(page, key, times) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key)
}

/** Walks the board's keyboard focus from `from` to `to` (White at the bottom) and presses Enter there. */
async function walk(page, from, to) {
  const files = to.charCodeAt(0) - from.charCodeAt(0)
  const ranks = Number(to[1]) - Number(from[1])
  await press(page, files > 0 ? "ArrowRight" : "ArrowLeft", Math.abs(files))
  await press(page, ranks > 0 ? "ArrowUp" : "ArrowDown", Math.abs(ranks))
  await page.keyboard.press("Enter")
}

/** Every name in Chromium's accessibility tree of `page`. */
async function accessibleNames(page) {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = await cdp.send("Accessibility.getFullAXTree")
  await cdp.detach()
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role && n.role.value, name: (n.name && n.name.value) || "" }))
}

export async function keyboardGame(browser) {
  const page = await open(browser, "/#/play")
  await page.waitForSelector("#play-setup")
  // The form from the keyboard: Tab to the FEN field, type, Enter plays.
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement && document.activeElement.name === "fen")); i++) {
    await page.keyboard.press("Tab")
  }
  await page.keyboard.type(MATE_IN_TWO)
  await page.keyboard.press("Enter")
  await statusIs(page, "Your move")
  // Tab to the board: it takes the focus and walks its squares from a1.
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement && document.activeElement.closest && document.activeElement.closest("#board"))); i++) {
    await page.keyboard.press("Tab")
  }
  const focused = await page.evaluate(() => document.activeElement.getAttribute("role"))
  assert(focused === "application", `the board has the focus as an application: ${focused}`)
  await page.waitForSelector('#board[data-input="w"]') // the game drawn: the board takes input
  await walk(page, "a1", "f6")
  await walk(page, "f6", "g6")
  await page.waitForFunction(() => /Black: king to g8/.test(document.querySelector("#announce")?.textContent || ""), null, { timeout: 20000 })
  await statusIs(page, "Your move")
  const names = await accessibleNames(page)
  assert(names.some((n) => n.role === "application" && /Chessboard/.test(n.name)), "the board is in the accessibility tree")
  assert(names.some((n) => /Black: king to g8/.test(n.name)), `ox88's move is announced: ${JSON.stringify(names.filter((n) => /king/.test(n.name)))}`)
  assert(names.some((n) => n.role === "table"), "the board as a table is in the accessibility tree")
  await page.waitForSelector('#board[data-input="w"]') // ox88's move drawn: the board takes input
  await walk(page, "g6", "a1")
  await walk(page, "a1", "a8")
  await statusIs(page, "White wins by checkmate")
  await page.waitForFunction(() => /White: rook to a8, checkmate/.test(document.querySelector("#announce")?.textContent || ""))
  await page.waitForTimeout(400)
  await screenshot(page, "play-keyboard")
  await page.setViewportSize({ width: 360, height: 740 })
  await page.waitForTimeout(400)
  await screenshot(page, "play-keyboard-360px")
  assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await page.context().close()
}

export async function premoveGame(browser) {
  const page = await open(browser, "/#/play")
  // The strongest level: ox88 thinks long enough (4,000,000 nodes) for a premove.
  await page.selectOption('select[name="level"]', "8")
  await page.click("#play-setup button[type=submit]")
  await statusIs(page, "Your move")
  await page.waitForSelector('#board[data-input="w"]')
  await clickSquare(page, "e2")
  await page.waitForTimeout(60)
  await clickSquare(page, "e4")
  // While ox88 thinks: Nf3, premoved (legal whatever Black answers).
  await page.waitForSelector('#board[data-premove="w"]', { timeout: 10000 })
  await clickSquare(page, "g1")
  await page.waitForTimeout(60)
  await clickSquare(page, "f3")
  await statusIs(page, "Your premove: Nf3")
  assert((await page.locator("#board .marker-premove").count()) === 2, "the premove's two squares are shown")
  await screenshot(page, "play-premove")
  await page.setViewportSize({ width: 360, height: 740 })
  await page.waitForTimeout(200)
  await screenshot(page, "play-premove-360px")
  assert((await page.locator("#board .marker-premove").count()) === 2, "the premove is still shown at 360 px")
  // ox88's move lands, and the premove is played at once: ox88 thinks again.
  await page.waitForFunction(() => document.querySelectorAll(".moves .mv").length === 3, null, { timeout: 60000 })
  const moves = await page.locator(".moves .mv").allTextContents()
  assert(moves[0] === "e4" && moves[2] === "Nf3", `the moves: ${moves.join(" ")}`)
  await statusIs(page, "ox88 is thinking")
  assert((await page.locator("#board .marker-premove").count()) === 0, "the premove's squares are cleared")
  // The premove cost no time: White's 5 minutes, plus the increment of 3 s, less a few milliseconds.
  const clock = await page.locator("#bottom-clock").textContent()
  assert(/^5:0[23]$/.test(clock), `White's clock after the premove: ${clock}`)
  assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await page.context().close()
}

export async function friendPremove(browser) {
  const white = await open(browser, "/#/friend")
  await white.click("#friend-setup button[type=submit]")
  const link = await white.inputValue("#share-link")
  const black = await open(browser, link.slice(BASE.length))
  await statusIs(white, "Your move")
  await clickMove(white, "e2e4")
  await statusIs(white, "Your opponent's move")
  // While Black thinks, White premoves Nf3 (legal whatever Black answers).
  await white.waitForSelector('#board[data-premove="w"]', { timeout: 10000 })
  await clickSquare(white, "g1")
  await white.waitForTimeout(60)
  await clickSquare(white, "f3")
  await statusIs(white, "Your premove: Nf3")
  assert((await white.locator("#board .marker-premove").count()) === 2, "the premove's two squares are shown")
  await screenshot(white, "friend-premove")
  // Black moves; White's premove is played the moment it lands, and Black is to move again.
  await clickMove(black, "e7e5")
  await statusIs(black, "Your move")
  for (const page of [white, black]) {
    await page.waitForFunction(() => document.querySelectorAll(".moves .mv").length === 3)
    const moves = await page.locator(".moves .mv").allTextContents()
    assert(moves.join(" ") === "e4 e5 Nf3", `the moves: ${moves.join(" ")}`)
  }
  assert((await white.locator("#board .marker-premove").count()) === 0, "the premove's squares are cleared")
  // Black thinks again (once White's page has taken the server's answer to its premove, as before the first one);
  // a second premove is cancelled with Escape.
  await statusIs(white, "Your opponent's move")
  await white.waitForSelector('#board[data-premove="w"]', { timeout: 10000 })
  await clickSquare(white, "f1")
  await white.waitForTimeout(60)
  await clickSquare(white, "c4")
  await statusIs(white, "Your premove: Bc4")
  await white.keyboard.press("Escape")
  await statusIs(white, "Your opponent's move")
  assert((await white.locator("#board .marker-premove").count()) === 0, "Escape cancels the premove")
  for (const page of [white, black]) assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await white.context().close()
  await black.context().close()
}
