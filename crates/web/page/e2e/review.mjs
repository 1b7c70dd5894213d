// A known game reviewed through the server: the graph drawn, its known
// blunder named with the better move; then the puzzle made from that
// blunder, failed, retried and solved, and solved again at the first try.
import { BASE, open, clickMove, statusIs, screenshot, horizontalOverflow, assert } from "./browser.mjs"

/** Scholar's mate, with Black's blunder 3... Nf6?? that lets in 4. Qxf7#. */
const SCHOLAR = `[Event "Casual game"]
[White "Wanda"]
[Black "Bruno"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0`

/** Reviews the game from the analysis screen; the review's page. */
async function reviewScholar(browser, width = 1280) {
  const page = await open(browser, "/#/analyse", width, width < 600 ? 740 : 860)
  await page.fill("#pgn-input", SCHOLAR)
  await page.click("#load-pgn")
  await page.waitForFunction(() => document.querySelectorAll(".moves .mv").length === 7)
  await page.click("#review-game")
  await page.waitForFunction(() => /^#\/review\/[A-Za-z0-9]{10}$/.test(location.hash))
  await statusIs(page, "Reviewed", 60000)
  return page
}

export async function reviewGame(browser) {
  const page = await reviewScholar(browser)
  // The graph: White's chances across the game, the blunder marked.
  await page.waitForSelector("#eval-graph polygon.white-side")
  assert((await page.locator("#eval-graph .mark.blunder").count()) === 1, "the blunder is marked on the graph")
  const judged = await page.locator(".moves .mv.blunder").allTextContents()
  assert(judged.join() === "Nf6??", `the move list names the blunder: ${judged}`)
  const black = await page.locator('.player-review[data-color="black"]').textContent()
  assert(/Bruno/.test(black) && /% accuracy/.test(black) && /1 \?\?/.test(black), `Black's summary: ${black}`)
  // Black's blunder count jumps to it; the comment names the better move.
  await page.click('.player-review[data-color="black"] .count.blunder')
  const comment = await page.locator("#review-comment").textContent()
  assert(/^3\.\.\. Nf6\?\? .*Blunder\. \S+ was best\.$/.test(comment), `the comment: ${comment}`)
  assert((await page.locator("#board .arrow-success").count()) === 1, "the better move is an arrow on the board")
  await page.waitForTimeout(400) // the pieces' animation
  await screenshot(page, "review")
  // A click at the graph's left edge is the start; b jumps to the bottom side's blunder (White has none).
  const box = await page.locator("#eval-graph").boundingBox()
  await page.mouse.click(box.x + 2, box.y + box.height / 2)
  await page.waitForFunction(() => document.querySelector("#board")?.dataset.fen?.startsWith("rnbqkbnr/pppppppp/"))
  await page.keyboard.press("f")
  await page.keyboard.press("b")
  await page.waitForFunction(() => /Nf6\?\?/.test(document.querySelector("#review-comment")?.textContent || ""))
  // Space plays the engine's move here as a line of the reviewer's own.
  await page.keyboard.press("ArrowLeft")
  await page.keyboard.press(" ")
  await page.waitForFunction(() => document.querySelectorAll(".moves .variation .mv").length === 1)
  assert(page.errors.length === 0, `page errors: ${page.errors}`)

  const narrow = await open(browser, new URL(page.url()).hash ? `/${new URL(page.url()).hash}` : "/", 360, 740)
  await statusIs(narrow, "Reviewed")
  await narrow.waitForSelector("#eval-graph polygon.white-side")
  await narrow.waitForTimeout(400)
  await screenshot(narrow, "review-360px")
  assert((await horizontalOverflow(narrow)) <= 0, "the review scrolls sideways at 360 px")
  await page.context().close()
  await narrow.context().close()
}

export async function puzzleFromTheBlunder(browser) {
  const page = await reviewScholar(browser)
  const id = (await page.evaluate(() => location.hash)).split("/")[2]
  const records = await (await fetch(`${BASE}/api/v1/puzzles?reviews=${id}`)).json()
  assert(records.puzzles.length === 1, `one puzzle from the one blunder: ${JSON.stringify(records)}`)
  const [opening, better] = records.puzzles[0].Moves.split(" ")
  const plays = records.puzzles[0].NbPlays
  assert(opening === "d1h5", `the puzzle opens with 3. Qh5: ${records.puzzles[0].Moves}`)
  await page.click("#review-puzzles")
  await statusIs(page, "Black to move")
  // A wrong move first (3... Nf6, the game's), then a retry and the better move.
  await clickMove(page, better === "g8f6" ? "a7a6" : "g8f6")
  await statusIs(page, "That is not it")
  await page.click("#puzzle-retry")
  await statusIs(page, "Black to move")
  await page.click("#puzzle-hint")
  assert((await page.locator("#board .marker-circle-primary").count()) === 1, "the hint rings the piece to move")
  await clickMove(page, better)
  await statusIs(page, "Solved, at a later try")
  await page.waitForTimeout(400)
  await screenshot(page, "puzzle")
  // The same puzzle again: solved at the first try, and the first try rated it.
  const puzzle = await open(browser, `/#/puzzles/${records.puzzles[0].PuzzleId}`, 360, 740)
  await statusIs(puzzle, "Black to move")
  await clickMove(puzzle, better)
  await statusIs(puzzle, "Solved! That was the better move")
  await puzzle.waitForTimeout(300)
  await screenshot(puzzle, "puzzle-360px")
  assert((await horizontalOverflow(puzzle)) <= 0, "the puzzle scrolls sideways at 360 px")
  const after = await (await fetch(`${BASE}/api/v1/puzzles/${records.puzzles[0].PuzzleId}`)).json()
  assert(after.NbPlays === plays + 2, `each player's first try counted (the first failed, the second solved): ${JSON.stringify(after)}`)
  for (const p of [page, puzzle]) assert(p.errors.length === 0, `page errors: ${p.errors}`)
  await page.context().close()
  await puzzle.context().close()
}
