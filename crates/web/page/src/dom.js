// @ts-check
// Tiny DOM helpers: build elements from tags, attributes and children.

/**
 * `h("button", {class: "x", onclick}, "text", child)`.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElement & Record<string, any>}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value == null) continue
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value)
    else if (key === "class") el.className = value
    else if (key === "html") el.innerHTML = value
    else el.setAttribute(key, value === true ? "" : value)
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue
    el.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
  return el
}

/**
 * Offers `text` as a download named `name`.
 * @param {string} name
 * @param {string} text
 */
export function download(name, text, type = "application/x-chess-pgn") {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = h("a", { href: url, download: name })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Today as a PGN date: "2026.11.26". */
export function pgnDate(date = new Date()) {
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, "0")
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`
}
