// Builds the page into ../assets (committed, so `cargo build` needs no
// Node): the bundle and its CSS minified by esbuild, the boot script inlined
// into index.html, the board's sprites, and the licences of what is bundled.
// `node build.mjs --check` builds into a temporary directory and fails if
// the committed files differ (CI runs it).
import * as esbuild from "esbuild"
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, copyFileSync } from "node:fs"
import { join, dirname, relative } from "node:path"
import { tmpdir } from "node:os"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const check = process.argv.includes("--check")
const out = check ? mkdtempSync(join(tmpdir(), "ox88-page-")) : join(here, "..", "assets")
const modules = join(here, "node_modules")

mkdirSync(join(out, "pieces"), { recursive: true })
mkdirSync(join(out, "extensions", "markers"), { recursive: true })
mkdirSync(join(out, "extensions", "arrows"), { recursive: true })

await esbuild.build({
  entryPoints: { app: join(here, "src", "main.js") },
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2020"],
  legalComments: "none",
  outdir: out,
  logLevel: "warning",
})

const boot = await esbuild.transform(readFileSync(join(here, "src", "boot.js"), "utf8"), { minify: true, target: "es2015" })
const html = readFileSync(join(here, "src", "index.html"), "utf8").replace("/*BOOT*/", boot.code.trim())
writeFileSync(join(out, "index.html"), html)

const board = join(modules, "cm-chessboard", "assets")
copyFileSync(join(board, "pieces", "standard.svg"), join(out, "pieces", "standard.svg"))
copyFileSync(join(board, "extensions", "markers", "markers.svg"), join(out, "extensions", "markers", "markers.svg"))
copyFileSync(join(board, "extensions", "arrows", "arrows.svg"), join(out, "extensions", "arrows", "arrows.svg"))

const licence = (name, file) => `${"=".repeat(78)}\n${name}\n${"=".repeat(78)}\n${readFileSync(join(modules, file), "utf8").trim()}\n\n`
const pkg = (name) => JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8"))
writeFileSync(
  join(out, "LICENSES.txt"),
  "The ox88 page bundles these packages (versions pinned in page/package-lock.json).\n\n" +
    licence(`cm-chessboard ${pkg("cm-chessboard").version} (MIT)`, "cm-chessboard/LICENSE") +
    licence(`chess.js ${pkg("chess.js").version} (BSD-2-Clause)`, "chess.js/LICENSE") +
    `${"=".repeat(78)}\nThe pieces (pieces/standard.svg)\n${"=".repeat(78)}\n` +
    "The standard piece set shipped with cm-chessboard: Colin M.L. Burnett's pieces from Wikimedia Commons,\n" +
    "licensed CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/).\n",
)

if (check) {
  const committed = join(here, "..", "assets")
  const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
  const differ = []
  const built = files(out).map((f) => relative(out, f)).sort()
  const have = files(committed).map((f) => relative(committed, f)).sort()
  if (built.join() !== have.join()) differ.push(`the file lists differ: built ${built} vs committed ${have}`)
  for (const f of built) {
    try {
      if (!readFileSync(join(out, f)).equals(readFileSync(join(committed, f)))) differ.push(f)
    } catch {
      differ.push(f)
    }
  }
  if (differ.length) {
    console.error(`crates/web/assets is not what the page's sources build: ${differ.join(", ")}.\nRun: cd crates/web/page && npm ci && npm run build`)
    process.exit(1)
  }
  console.log(`crates/web/assets matches the build (${built.length} files)`)
}
