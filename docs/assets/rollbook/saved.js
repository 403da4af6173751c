// @ts-check
// What the reader set, kept in this browser (store.js) so that a reload loses
// nothing. Storage may be full or blocked: then the page just forgets.

import { readStoredJSON, removeStored, writeStored } from "./store.js";

/** @typedef {Record<string, any>} Values a form's values by field, as Python reads them */

// The saved object under `key`, or null when there is none (or it is unreadable).
/**
 * @param {string} key
 * @returns {Values | null}
 */
export function loadSaved(key) {
  const value = readStoredJSON(key, null);
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

// Fired on window after each save, with { detail: { key } }: a widget that takes values
// from another (the storage event only tells other tabs) hears of them on this page.
export const SAVED_EVENT = "rollbook:saved";
// Keys whose saved values are left as they are for now (a shared link's values on show).
/** @type {Set<string>} */
export const held = new Set();

/**
 * @param {string} key
 * @param {Values} values
 */
export function save(key, values) {
  if (held.has(key) || !writeStored(key, JSON.stringify(values))) return;
  window.dispatchEvent(new CustomEvent(SAVED_EVENT, { detail: { key } }));
}

/** @param {string} key */
export function forget(key) {
  if (!held.has(key)) removeStored(key);
}

// Mark a figure or widget whose values differ from the page's preset: the
// attribute data-edited, and a visible "Edited" beside its Reset button (or at
// the end of its form).
/**
 * @param {HTMLElement} root
 * @param {boolean} edited
 */
export function markEdited(root, edited) {
  root.toggleAttribute("data-edited", edited);
  let badge = /** @type {HTMLElement | null} */ (root.querySelector(":scope .rb-edited"));
  if (!badge && edited) {
    badge = document.createElement("span");
    badge.className = "rb-edited";
    badge.textContent = "Edited";
    const reset = root.querySelector(".rb-odds__reset, .rb-widget__reset");
    if (reset) reset.before(badge);
    else root.querySelector("form")?.append(badge);
  }
  if (badge) badge.hidden = !edited;
}
