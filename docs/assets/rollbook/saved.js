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

// Whether a kept or linked `value` can stand where a form's field reads `like` (its
// own value): a field's text, number or tick takes a plain value, and a list of rows
// or dice takes a list of objects of plain values. Anything else (an object where
// text goes, a later version's shape) is left out, not written into the form.
/**
 * @param {unknown} value
 * @param {unknown} like
 */
export function fits(value, like) {
  const plain = (/** @type {unknown} */ v) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if (!Array.isArray(like)) return plain(value);
  return (
    Array.isArray(value) &&
    value.every((row) => row && typeof row === "object" && !Array.isArray(row) && Object.values(row).every(plain))
  );
}

// The fields of `values` that cannot stand in a form whose values are `like` (see fits).
/**
 * @param {Values} values
 * @param {Values} like
 */
export function unfit(values, like) {
  return Object.keys(like).filter((field) => field in values && !fits(values[field], like[field]));
}

// Fired on window after each save, with { detail: { key } }: a widget that takes values
// from another (the storage event only tells other tabs) hears of them on this page.
export const SAVED_EVENT = "rollbook:saved";
// Keys whose saved values are left as they are for now (a shared link's values on show),
// each with what ends the showing (share.js) when the reader turns to their own values.
/** @type {Map<string, () => void>} */
export const held = new Map();

// The reader works on their own values again (a character played, made or deleted):
// a shared link's values shown under `key` are put away, and saving goes on.
/** @param {string} key */
export function release(key) {
  const end = held.get(key);
  held.delete(key);
  end?.();
}

// Keep `values` under `key`: true once kept (or left alone while a shared link shows),
// false when the browser would not keep them (its storage full or blocked).
/**
 * @param {string} key
 * @param {Values} values
 */
export function save(key, values) {
  if (held.has(key)) return true;
  if (!writeStored(key, JSON.stringify(values))) return false;
  window.dispatchEvent(new CustomEvent(SAVED_EVENT, { detail: { key } }));
  return true;
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
