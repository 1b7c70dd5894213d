// Builds the page into ../assets (committed, so `cargo build` needs no
// Node): the bundle and its CSS minified by esbuild, the boot script inlined
// into index.html, the board's marker sprite (src/markers.svg) and arrow
// sprite (cm-chessboard's), and the licences of
// what is bundled. The piece sprite (../assets/pieces/ox88.svg) is not built
// here: it is ox88-svg's pieces, written by `cargo run -p ox88-web --example
// pieces` and checked by `cargo test -p ox88-web`.
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
// The markers are ox88's own (cm-chessboard's sprite is CC BY-SA 3.0).
copyFileSync(join(here, "src", "markers.svg"), join(out, "extensions", "markers", "markers.svg"))
copyFileSync(join(board, "extensions", "arrows", "arrows.svg"), join(out, "extensions", "arrows", "arrows.svg"))

const licence = (name, file) => `${"=".repeat(78)}\n${name}\n${"=".repeat(78)}\n${readFileSync(join(modules, file), "utf8").trim()}\n\n`
const pkg = (name) => JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8"))
writeFileSync(
  join(out, "LICENSES.txt"),
  "The ox88 page bundles these packages (versions pinned in page/package-lock.json).\n\n" +
    licence(`cm-chessboard ${pkg("cm-chessboard").version} (MIT)`, "cm-chessboard/LICENSE") +
    `${"=".repeat(78)}\nThe pieces (pieces/ox88.svg)\n${"=".repeat(78)}\n` +
    "ox88's own piece set, drawn by the ox88-svg crate: MIT OR Apache-2.0, as the rest of ox88.\n" +
    "The board's markers (extensions/markers/markers.svg) are drawn for ox88 too, under the same licence;\n" +
    "the arrow heads (extensions/arrows/arrows.svg) are cm-chessboard's, under its MIT licence above.\n",
)

if (check) {
  const committed = join(here, "..", "assets")
  const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
  const differ = []
  const built = files(out).map((f) => relative(out, f)).sort()
  // The piece sprite is written and checked by cargo (see the top).
  const have = files(committed).map((f) => relative(committed, f)).filter((f) => f !== join("pieces", "ox88.svg")).sort()
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
