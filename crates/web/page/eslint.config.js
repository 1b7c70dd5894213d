// The page's linter: ESLint's recommended rules for the sources, the unit
// tests, the browser scenarios and the build script, each with its globals.
import js from "@eslint/js"
import globals from "globals"

export default [
  { ignores: ["node_modules/", "artifacts/"] },
  js.configs.recommended,
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
    },
  },
  { files: ["src/**/*.js"], languageOptions: { globals: globals.browser } },
  { files: ["src/boot.js"], languageOptions: { sourceType: "script" } },
  {
    files: ["test/**/*.js", "e2e/**/*.mjs", "build.mjs", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["e2e/**/*.mjs"],
    // Functions the scenarios hand to the browser run there.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]
