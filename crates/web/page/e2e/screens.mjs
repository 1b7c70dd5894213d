// The other screens: play ox88 to mate, analysis of a pasted PGN, and the
// 360 px layout of every screen.
import { open, clickMove, waitPiece, statusIs, screenshot, horizontalOverflow, assert } from "./browser.mjs"

/** From a set-up position: 1. Kg6 Kg8 (Black's only move) 2. Ra8#. */
export async function playOx88(browser) {
  const page = await open(browser, "/#/play")
  await page.selectOption('select[name="level"]', "1")
  await page.selectOption('select[name="clock"]', "2")
  await page.fill('input[name="fen"]', "7k/8/5K2/8/8/8/8/R7 w - - 0 1")
  await screenshot(page, "play-setup")
  await page.click("#play-setup button[type=submit]")
  await statusIs(page, "Your move")
  await clickMove(page, "f6g6")
  await waitPiece(page, "g8", "bk", 20000)
  await statusIs(page, "Your move")
  await page.waitForTimeout(500) // the engine's move is still being animated
  await clickMove(page, "a1a8")
  await statusIs(page, "White wins by checkmate")
  await screenshot(page, "play-mate")
  assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await page.context().close()
}

const PGN = `[Event "Casual game"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ (3... d5 4. Bxd5 Nf6) 4. Kf1 b5 5. Bxb5 Nf6 1-0`

export async function analysePgn(browser, engine) {
  const page = await open(browser, "/#/analyse")
  // A FEN the server refuses: its message names the field.
  await page.fill("#fen-input", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0")
  await page.click("#load-fen")
  await page.waitForFunction(() => /fullmove number 0/.test(document.querySelector("#load-error")?.textContent || ""))
  await screenshot(page, "analyse-bad-fen")
  await page.fill("#pgn-input", PGN)
  await page.click("#load-pgn")
  await page.waitForFunction(() => (document.querySelector("#load-error")?.textContent || "") === "")
  await page.waitForFunction(() => document.querySelectorAll(".moves .mv").length === 13)
  // The position is the start; the arrow keys walk the main line.
  await page.keyboard.press("ArrowRight")
  await page.keyboard.press("ArrowRight")
  await page.keyboard.press("ArrowRight")
  await waitPiece(page, "f4", "wp")
  assert((await page.locator(".moves .mv.current").textContent()) === "f4", "the list marks 2. f4")
  await page.keyboard.press("End")
  await waitPiece(page, "f6", "bn")
  await page.locator(".moves .variation .mv", { hasText: "Bxd5" }).click()
  await waitPiece(page, "d5", "wb")
  await page.keyboard.press("ArrowLeft")
  assert((await page.locator(".moves .mv.current").textContent()) === "d5", "back to 3... d5 in the variation")
  if (engine) {
    await page.click("#engine-toggle")
    await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length >= 1, null, { timeout: 20000 })
    await page.waitForFunction(() => /depth [1-9]/.test(document.querySelector("#engine-depth").textContent), null, { timeout: 20000 })
    const line = await page.locator("#engine-lines li").first().textContent()
    assert(/[+−#]|0\.00/.test(line) && /[A-Za-z]/.test(line), `an engine line with a score and moves: ${line}`)
    await page.waitForTimeout(1500)
    await screenshot(page, "analyse-engine")
    await page.click("#engine-toggle")
  } else {
    await page.waitForTimeout(500) // the pieces' animation
    await screenshot(page, "analyse")
  }
  assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await page.context().close()
}

export async function narrowScreens(browser) {
  for (const [name, path] of [["home", "/"], ["play", "/#/play"], ["analyse", "/#/analyse"], ["friend", "/#/friend"]]) {
    const page = await open(browser, path, 360, 740)
    await page.waitForTimeout(300)
    const overflow = await horizontalOverflow(page)
    await screenshot(page, `narrow-${name}`)
    assert(overflow <= 0, `${name} scrolls sideways by ${overflow} px at 360 px`)
    await page.context().close()
  }
}
