// The analysis screen's Explorer panel against a server with a game
// collection (.ci/web starts it with --explorer over the repository's PGN
// files): the panel lists what the server's explorer answers for the
// position on the board, a click plays the move, and without a collection
// the panel says so. Screenshots at desktop width and at 360 px.
import { open, waitPiece, screenshot, horizontalOverflow, assert, BASE } from "./browser.mjs"

/** The panel's rows: [SAN, games] of each move, as shown. */
async function rows(page) {
  return page.$$eval("#explorer-moves button.explorer-row", (buttons) =>
    buttons.map((b) => [b.querySelector(".san").textContent, Number(b.querySelector(".games").textContent.replace(/,/g, ""))]))
}

/** The server's explorer on the position after `play` (UCI, from the start): [SAN, games] of each move. */
async function served(play) {
  const answer = await (await fetch(`${BASE}/api/v1/explorer?play=${play.join(",")}&moves=12&topGames=0&recentGames=0`)).json()
  return answer.moves.map((m) => [m.san, m.white + m.draws + m.black])
}

/** Waits until the panel shows the moves the server gives after `play`, and returns them. */
async function panelShows(page, play) {
  const expected = await served(play)
  assert(expected.length > 0, `the collection has games after ${play.join(" ")}`)
  await page.waitForFunction((n) => document.querySelectorAll("#explorer-moves button.explorer-row").length === n
    && !document.querySelector("#explorer-moves").classList.contains("stale"), expected.length, { timeout: 10000 })
  const shown = await rows(page)
  assert(JSON.stringify(shown) === JSON.stringify(expected), `the panel shows ${JSON.stringify(shown)}, the server ${JSON.stringify(expected)}`)
  return shown
}

export async function explorerPanel(browser) {
  for (const [width, height, name] of [[1280, 860, "analyse-explorer"], [360, 740, "narrow-analyse-explorer"]]) {
    const page = await open(browser, "/#/analyse", width, height)
    const start = await panelShows(page, [])
    // Each row has its bar: three parts whose widths are the results' shares.
    const bar = await page.$eval("#explorer-moves button.explorer-row .wdl", (b) => [...b.children].map((c) => parseFloat(c.style.width)))
    assert(bar.length === 3 && Math.abs(bar.reduce((a, b) => a + b, 0) - 100) < 0.01, `a bar of three shares: ${bar}`)
    // A click on 1. e4 plays it; the panel follows, with the opening's name.
    assert(start.some(([san]) => san === "e4"), `1. e4 is listed: ${JSON.stringify(start)}`)
    await page.click('#explorer-moves button.explorer-row[data-uci="e2e4"]')
    await waitPiece(page, "e4", "wp")
    assert((await page.locator(".moves .mv.current").textContent()) === "e4", "the move list has 1. e4")
    await panelShows(page, ["e2e4"])
    await page.waitForFunction(() => document.querySelector("#explorer-opening").textContent === "B00 King's Pawn Game")
    // Then 1... c5 by a click, and the panel names the Sicilian.
    await page.click('#explorer-moves button.explorer-row[data-uci="c7c5"]')
    await waitPiece(page, "c5", "bp")
    await panelShows(page, ["e2e4", "c7c5"])
    await page.waitForFunction(() => document.querySelector("#explorer-opening").textContent === "B20 Sicilian Defense")
    await page.waitForTimeout(300) // the pieces' animation
    await page.locator("#explorer").scrollIntoViewIfNeeded()
    await screenshot(page, name)
    const overflow = await horizontalOverflow(page)
    assert(overflow <= 0, `the analysis screen with the explorer scrolls sideways by ${overflow} px at ${width} px`)
    assert(page.errors.length === 0, `page errors: ${page.errors}`)
    await page.context().close()
  }

  // A server without a collection answers 404 not_found: the panel says so.
  const page = await open(browser, "/#/analyse")
  await page.context().route("**/api/v1/explorer?*", (route) => route.fulfill({
    status: 404,
    contentType: "application/json",
    body: JSON.stringify({ error: { code: "not_found", message: "this server has no game collection (--explorer)", field: null } }),
  }))
  await page.reload()
  await page.waitForFunction(() => /has no game collection/.test(document.querySelector("#explorer-moves")?.textContent || ""))
  await screenshot(page, "analyse-no-explorer")
  assert(page.errors.length === 0, `page errors: ${page.errors}`)
  await page.context().close()
}
