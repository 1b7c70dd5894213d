// Two people play a friend game through the server to mate; one reloads in
// the middle and plays by keyboard only; a third person watches.
import { BASE, open, clickMove, waitPiece, statusIs, screenshot, horizontalOverflow, assert } from "./browser.mjs"

/** Presses Tab until `selector` has the focus, as a keyboard user does. */
async function tabTo(page, selector, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Types a move into the move box with the keyboard alone. */
async function typeMove(page, text) {
  await tabTo(page, "#typed-move")
  await page.keyboard.type(text)
  await page.keyboard.press("Enter")
}

export async function friendGame(browser) {
  const white = await open(browser, "/#/friend")
  await screenshot(white, "friend-create")
  await white.click("#friend-setup button[type=submit]")
  await white.waitForSelector("#share-link")
  await statusIs(white, "Waiting for your opponent")
  const link = await white.inputValue("#share-link")
  assert(link.startsWith(BASE + "/#/friend/"), `a link to share: ${link}`)
  await screenshot(white, "friend-waiting")
  const path = link.slice(BASE.length)

  const black = await open(browser, path)
  await statusIs(black, "Your opponent's move")
  await statusIs(white, "Your move")
  const watcher = await open(browser, `${path}?watch`, 360, 740)
  await statusIs(watcher, "You are watching")

  await clickMove(white, "f2f3")
  await waitPiece(black, "f3", "wp")
  await typeMove(black, "e5")
  await waitPiece(white, "e5", "bp")
  await clickMove(white, "g2g4")
  await waitPiece(watcher, "g4", "wp")

  // A reload in the middle: the game goes on where it was.
  await black.reload()
  await black.waitForSelector("#board svg")
  await statusIs(black, "Your move")
  await waitPiece(black, "g4", "wp")
  await typeMove(black, "Qh4")

  for (const page of [white, black, watcher]) await statusIs(page, "Black wins by checkmate")
  const moves = await watcher.locator(".moves .mv").allTextContents()
  assert(moves.join(" ") === "f3 e5 g4 Qh4#", `the move list: ${moves.join(" ")}`)

  // The keyboard walks the move list.
  await black.keyboard.press("Tab")
  await black.keyboard.press("ArrowLeft")
  const current = await black.locator(".moves .mv.current").textContent()
  assert(current === "g4", `ArrowLeft goes back one move, to g4, not ${current}`)
  await waitPiece(black, "h4", null)

  await white.waitForTimeout(400) // the pieces' animation
  await screenshot(white, "friend-mate-white")
  await screenshot(watcher, "friend-mate-spectator-360px")
  assert((await horizontalOverflow(watcher)) <= 0, "the spectator's 360 px page scrolls sideways")
  for (const page of [white, black, watcher]) assert(page.errors.length === 0, `page errors: ${page.errors}`)

  const home = await open(browser, "/")
  await home.waitForFunction(() => document.querySelector("#finished")?.textContent.includes("Black wins by checkmate"))
  await screenshot(home, "home")
  for (const page of [white, black, watcher, home]) await page.context().close()
}
