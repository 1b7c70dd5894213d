// The browser and the small steps the scenarios share: Debian's Chromium,
// headless, driven by playwright-core; moves made by clicking squares as a
// person does; screenshots saved as CI artefacts.
import { chromium } from "playwright-core"
import { mkdirSync, readFileSync, existsSync } from "node:fs"
import { join, dirname } from "node:path"
import { fileURLToPath } from "node:url"

export const BASE = process.env.OX88_WEB_URL || "http://127.0.0.1:8089"
export const ARTIFACTS = process.env.OX88_WEB_ARTIFACTS || "artifacts"
mkdirSync(ARTIFACTS, { recursive: true })

/** Chromium with the flags CI needs. playwright's launch() gives every run a
 * fresh temporary profile (its own --user-data-dir) and each newContext()
 * a clean one, which the friend-game scenario needs three of. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
      // A page fulfilled by the test (OX88_WEB_LOCAL_ASSETS) counts as from nowhere: let it reach the server's WebSockets.
      ...(process.env.OX88_WEB_LOCAL_ASSETS === "1" ? ["--disable-features=LocalNetworkAccessChecks"] : []),
    ],
  })
}

/** The page's built files (../../assets), for OX88_WEB_LOCAL_ASSETS=1. */
const BUILT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "assets")
const TYPES = { js: "text/javascript", css: "text/css", svg: "image/svg+xml", html: "text/html", txt: "text/plain" }

/** With OX88_WEB_LOCAL_ASSETS=1 the page's files come from the last
 * `npm run build` rather than from the server (which embeds the files it
 * was compiled with): to try the page's changes without rebuilding the
 * server. CI does not set it. */
async function localAssets(context) {
  if (process.env.OX88_WEB_LOCAL_ASSETS !== "1") return
  await context.route((url) => url.pathname === "/" || url.pathname.startsWith("/assets/"), async (route) => {
    const path = new URL(route.request().url()).pathname
    const file = join(BUILT, path === "/" ? "index.html" : path.slice("/assets/".length))
    if (!existsSync(file)) return route.continue()
    await route.fulfill({ body: readFileSync(file), contentType: TYPES[file.split(".").pop()] || "application/octet-stream" })
  })
}

/** A new page of a new context, `width` wide, failing on page errors. */
export async function open(browser, path, width = 1280, height = 860) {
  const context = await browser.newContext({ viewport: { width, height } })
  await localAssets(context)
  const page = await context.newPage()
  page.errors = []
  page.on("pageerror", (e) => page.errors.push(e.message))
  await page.goto(BASE + path)
  await page.waitForSelector("#board svg")
  return page
}

/** Clicks the middle of `square` on the board. */
export async function clickSquare(page, square) {
  const box = await page.locator(`#board rect[data-square="${square}"]`).boundingBox()
  if (!box) throw new Error(`no square ${square} on the board`)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

/** Plays `uci` by clicking its two squares (and the promotion piece). */
export async function clickMove(page, uci) {
  // As a person waits for the opponent's move to land: the board takes input.
  await page.waitForSelector('#board[data-input="w"], #board[data-input="b"]', { timeout: 15000 })
  await clickSquare(page, uci.slice(0, 2))
  await page.waitForTimeout(60)
  await clickSquare(page, uci.slice(2, 4))
  if (uci[4]) {
    await page.locator(`#board [data-piece="${uci[3] === "8" ? "w" : "b"}${uci[4]}"]`).last().click()
  }
}

/** The piece on `square` ("wp", "bk") in the position the board shows, or null. */
export function pieceIn(fen, square) {
  const rows = (fen || "").split(" ")[0].split("/")
  const row = rows[8 - Number(square[1])] || ""
  let file = 0
  for (const c of row) {
    if (/\d/.test(c)) file += Number(c)
    else if (file++ === square.charCodeAt(0) - 97) return (c === c.toUpperCase() ? "w" : "b") + c.toLowerCase()
  }
  return null
}

export async function pieceOn(page, square) {
  return pieceIn(await page.getAttribute("#board", "data-fen"), square)
}

/** Waits until `square` holds `piece` ("wp"; null for empty), animations done. */
export async function waitPiece(page, square, piece, timeout = 10000) {
  try {
    const deadline = Date.now() + timeout
    while ((await pieceOn(page, square)) !== piece) {
      if (Date.now() > deadline) throw new Error("timeout")
      await page.waitForTimeout(50)
    }
  } catch {
    throw new Error(`${square} never held ${piece}: it holds ${await pieceOn(page, square)}`)
  }
}

/** Waits until the page's status line reads `text`. */
export async function statusIs(page, text, timeout = 15000) {
  try {
    await page.waitForFunction((t) => (document.querySelector(".status") || {}).textContent?.includes(t), text, { timeout })
  } catch (error) {
    const shown = await page.evaluate(() => [document.querySelector(".status")?.textContent, document.querySelector(".notice")?.textContent])
    await screenshot(page, `failed-${Date.now()}`)
    throw new Error(`the status never read "${text}": it reads ${JSON.stringify(shown)} (${page.errors.join("; ")})`, { cause: error })
  }
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
}

/** Whether the page scrolls sideways. */
export async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

export function assert(condition, message) {
  if (!condition) throw new Error(message)
}
