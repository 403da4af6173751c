// @ts-check
// The roll log: every roll on the site (inline rolls, widgets, the dice box) as
// Python worded it (the view's `log`: what was rolled, the dice, the total, the
// outcome), with the time. Kept in this browser (localStorage, the last 200
// rolls), so that it survives instant navigation and reload, and shared by the
// site's open tabs (the `storage` event). A header button opens it as a panel
// beside the page (not modal: the reader keeps rolling while it is open); it
// copies as text and clears, with Undo.

import { copyText } from "./clipboard.js";
import { el } from "./draw.js";
import { ICONS, focusBack, headerButton, onShortcut, panelDialog } from "./header.js";
import { linkToRoll } from "./share.js";
import { readStored, removeStored, writeStored } from "./store.js";

/**
 * A roll as the log keeps it (see entryOf).
 * @typedef {object} LogEntry
 * @property {string} id
 * @property {number} time
 * @property {string} source inline, widget, dicebox, or gm (a roll from a GM's page)
 * @property {string} what
 * @property {string} dice
 * @property {string} total
 * @property {string} outcome
 * @property {string} said
 * @property {number | string} [seed]
 * @property {string} [expr]
 * @property {string} [reading]
 * @property {string} [caption]
 * @property {import("./share.js").RolledFrom} [from]
 */
/**
 * What "rollbook:rolled" tells (rollbook.js rolled): where, what, Python's view, when.
 * @typedef {{ source: string, what?: string, view: import("./draw.js").RollView & { outcome?: string }, time: number }} RolledDetail
 */

export const KEY = "rollbook:log";
export const MAX_ENTRIES = 200;
const UNDO_MS = 10_000;

// An entry as kept, checked: a later version or another app on the same origin may
// have kept something else under the key. An entry without an id or a real time is
// left out (it costs its own line, never the log); a link's parts of the wrong kind
// are dropped, and the entry stays without its link.
/**
 * @param {unknown} kept
 * @returns {LogEntry | null}
 */
function entryFrom(kept) {
  if (!kept || typeof kept !== "object" || Array.isArray(kept)) return null;
  const entry = /** @type {Record<string, unknown>} */ (kept);
  const { id, time } = entry;
  if (typeof id !== "string" || !id || typeof time !== "number" || Number.isNaN(new Date(time).getTime())) return null;
  const text = (/** @type {unknown} */ value) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  /** @type {LogEntry} */
  const read = {
    id,
    time,
    source: text(entry.source),
    what: text(entry.what),
    dice: text(entry.dice),
    total: text(entry.total),
    outcome: text(entry.outcome),
    said: text(entry.said),
  };
  const { seed, expr, reading, caption, from } = entry;
  if (typeof seed !== "number" && typeof seed !== "string") return read;
  const from_ = /** @type {Record<string, unknown> | null} */ (from && typeof from === "object" ? from : null);
  if (typeof expr === "string") {
    Object.assign(read, { seed, expr });
    if (typeof reading === "string" && reading) read.reading = reading;
    if (typeof caption === "string" && caption) read.caption = caption;
  } else if (from_ && ["page", "widget", "values"].every((part) => typeof from_[part] === "string")) {
    /** @type {import("./share.js").RolledFrom} */
    const where = { page: String(from_.page), widget: String(from_.widget), values: String(from_.values) };
    if (typeof from_.check === "string") where.check = from_.check;
    Object.assign(read, { seed, from: where });
  }
  return read;
}

// Whether what is kept under the key is a log this page cannot read (not a list: a
// later version's shape, another app's): then it is never written over, nor cleared.
let foreign = false;
// The saved entries, oldest first ([] when none, or none readable).
/** @returns {LogEntry[]} */
export function loadLog() {
  const text = readStored(KEY);
  /** @type {unknown} */
  let kept = [];
  try {
    if (text !== null) kept = JSON.parse(text);
  } catch (error) {
    kept = null;
  }
  foreign = !Array.isArray(kept);
  return Array.isArray(kept) ? kept.map(entryFrom).filter((entry) => entry !== null) : [];
}

// Storage full or blocked, or a log of another shape kept: the log lasts as long as
// the page, and what this page holds is the log (storage would answer another one).
let keeping = true;
/** @param {LogEntry[]} entries */
function saveLog(entries) {
  if (foreign) keeping = false;
  else if (entries.length) keeping = writeStored(KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
  else removeStored(KEY);
}
// What the log holds now: another tab may have added since.
function latest() {
  const stored = loadLog(); // (which also finds whether the kept log is foreign)
  return foreign || !keeping ? entries : stored;
}

let entries = loadLog();
/**
 * @typedef {{ dialog: HTMLDialogElement, list: HTMLOListElement, empty: HTMLElement, said: HTMLElement,
 *   status: HTMLElement, kept: HTMLElement, opener: HTMLElement, before: Element | null }} Panel
 */
/** @type {Panel | null} */
let panel = null; // made once, at the end of this module
/** @type {number | undefined} */
let undoTimer;

// A roll as the log keeps it. Python words every part (view.log); an answer
// without one (an older worker) still gives its expression and total.
/**
 * @param {RolledDetail} rolled
 * @returns {LogEntry}
 */
function entryOf({ source, what, view, time }) {
  /** @type {Partial<import("./draw.js").RollLog>} */
  const log = view.log || {};
  /** @type {LogEntry} */
  const entry = {
    id: `${time}-${Math.random().toString(36).slice(2, 8)}`,
    time,
    source: log.gm ? "gm" : source,
    what: log.what ?? what ?? "",
    dice: log.dice ?? "",
    total: log.total ?? String(view.total ?? ""),
    outcome: log.outcome ?? view.outcome ?? "",
    said: log.said ?? `Rolled ${what}: ${view.total ?? ""}`,
  };
  if (view.seed !== undefined && view.expr !== undefined) {
    entry.seed = view.seed; // with the expression, a link shows this very roll again
    entry.expr = view.expr;
    if (view.reading) entry.reading = view.reading; // ... read as its system reads it
    if (view.caption) entry.caption = view.caption; // its page's caption, kept in its link
  } else if (view.seed !== undefined && view.from) {
    entry.seed = view.seed; // with the widget and its values, likewise
    entry.from = view.from;
  }
  return entry;
}

/** @param {LogEntry} entry */
function add(entry) {
  entries = [...latest(), entry].slice(-MAX_ENTRIES);
  saveLog(entries);
  render();
  say(entry.said);
}

document.addEventListener("rollbook:rolled", (event) => add(entryOf(/** @type {CustomEvent<RolledDetail>} */ (event).detail)));

window.addEventListener("storage", (event) => {
  if (event.key !== KEY && event.key !== null) return;
  const known = new Set(entries.map((entry) => entry.id));
  entries = latest();
  render();
  const fresh = entries.filter((entry) => !known.has(entry.id));
  if (fresh.length) say(fresh[fresh.length - 1].said);
});

const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
const clock = (/** @type {Date} */ date) => `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
const day = (/** @type {Date} */ date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

// One entry as a line of text: "2026-11-22 19:42:03  3d6: [3] [5] [3] = 11 (Success)".
/** @param {LogEntry} entry */
export function entryText(entry) {
  const date = new Date(entry.time);
  const dice = entry.dice ? `: ${entry.dice}` : "";
  const total = entry.total !== "" ? ` = ${entry.total}` : "";
  const outcome = entry.outcome ? ` (${entry.outcome})` : "";
  return `${day(date)} ${clock(date)}  ${entry.what}${dice}${total}${outcome}`;
}

function logText() {
  return entries.map(entryText).join("\n") + "\n";
}

/** @param {HTMLElement} opener */
function makePanel(opener) {
  const dialog = panelDialog("log", "Roll log", "Close the roll log", () => close());
  const actions = el("div", "rb-log__actions");
  const copy = el("button", "rb-log__copy md-button", "Copy as text");
  const clear = el("button", "rb-log__clear md-button", "Clear");
  for (const button of [copy, clear]) button.type = "button";
  const status = el("p", "rb-log__status");
  status.setAttribute("role", "status");
  const kept = el("p", "rb-log__kept");
  actions.append(copy, clear);
  const empty = el("p", "rb-log__empty", "No rolls yet: every roll on the site is listed here, newest first.");
  const list = el("ol", "rb-log__list");
  list.reversed = true;
  list.tabIndex = 0; // it scrolls: reachable from the keyboard, and named
  list.setAttribute("aria-labelledby", "rb-log-title");
  const said = el("p", "rb-visually-hidden rb-log__said");
  said.setAttribute("aria-live", "polite");
  dialog.append(actions, status, kept, empty, list, said);
  document.body.append(dialog);

  /** @param {...(string | Node)} content */
  const tell = (...content) => {
    clearTimeout(undoTimer);
    status.replaceChildren(...content);
  };
  copy.addEventListener("click", async () => {
    if (!entries.length) return tell("Nothing to copy yet.");
    const n = entries.length;
    const copied = await copyText(logText());
    tell(copied ? `Copied ${n} ${n === 1 ? "roll" : "rolls"}.` : "This browser would not copy: select the list and copy it.");
  });
  clear.addEventListener("click", () => {
    if (!entries.length) return tell("The log is already empty.");
    const cleared = entries;
    entries = [];
    saveLog(entries);
    render();
    const undo = el("button", "rb-log__undo md-button", "Undo");
    undo.type = "button";
    undo.addEventListener("click", () => {
      const since = latest(); // rolls made after clearing stay, after the restored ones
      entries = [...cleared, ...since].slice(-MAX_ENTRIES);
      saveLog(entries);
      render();
      tell("The rolls are back.");
      clear.focus();
    });
    tell(`Cleared ${cleared.length} ${cleared.length === 1 ? "roll" : "rolls"}. `, undo);
    undoTimer = setTimeout(() => {
      const hadFocus = status.contains(document.activeElement);
      status.replaceChildren();
      if (hadFocus) clear.focus();
    }, UNDO_MS);
  });
  // Not modal, so Escape is ours to handle; focus goes back where it was.
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  panel = { dialog, list, empty, said, status, kept, opener, before: null };
}

// Why the rolls listed are not kept, when they are not.
function keptText() {
  if (foreign) {
    return "The roll log kept in this browser is in a form this page cannot read, so it is left as it is: the rolls made here are listed until you leave the page.";
  }
  if (!keeping) return "This browser would not keep the roll log (its storage is full or blocked): the rolls made here are listed until you leave the page.";
  return "";
}

function render() {
  if (!panel) return;
  panel.kept.textContent = keptText();
  panel.kept.hidden = !panel.kept.textContent;
  panel.empty.hidden = entries.length > 0;
  panel.list.hidden = entries.length === 0;
  const items = [...entries].reverse().map((entry) => {
    const date = new Date(entry.time);
    const item = el("li", `rb-log__entry rb-log__entry--${entry.source || "inline"}`);
    const time = el("time", "rb-log__time", clock(date));
    time.dateTime = date.toISOString();
    time.title = `${day(date)} ${clock(date)}`;
    item.append(time);
    if (entry.source === "gm") item.append(el("span", "rb-log__gm", "GM"));
    item.append(el("span", "rb-log__what", entry.what));
    if (entry.dice) item.append(el("span", "rb-log__dice", entry.dice));
    if (entry.total !== "") item.append(el("strong", "rb-log__total", `= ${entry.total}`));
    if (entry.outcome) item.append(el("span", "rb-log__outcome", entry.outcome));
    const href = entry.seed !== undefined && (entry.expr || entry.from) ? ownLink(entry, date.toISOString()) : null;
    if (href) {
      const link = el("a", "rb-log__link", "Link");
      link.href = href;
      link.setAttribute("aria-label", `Link to this roll of ${(!entry.reading && entry.expr) || entry.what}, to share`);
      item.append(link);
    }
    return item;
  });
  panel.list.replaceChildren(...items);
}

// The link to an entry's roll, only to a page of this site: what is kept in this
// browser is anyone's to write, and a widget roll's page is kept as written
// (`javascript:`, another host, a path outside the site): such an entry gets no link.
/**
 * @param {LogEntry} entry
 * @param {string} at
 * @returns {string | null}
 */
function ownLink(entry, at) {
  if (!entry.from) return linkToRoll(entry, at); // an expression's: linked to this page
  const site = new URL("../../", import.meta.url); // this module is assets/rollbook/log.js
  let page;
  try {
    page = new URL(entry.from.page, site);
  } catch (error) {
    return null;
  }
  const outside = page.protocol !== site.protocol || page.origin !== site.origin || !page.pathname.startsWith(site.pathname);
  if (outside) return null;
  return linkToRoll({ ...entry, from: { ...entry.from, page: page.origin + page.pathname + page.search } }, at);
}

// A new entry, said politely while the log is open (a closed panel is not
// rendered, so nothing is said: the roll's own result speaks where it was rolled).
/** @param {string} text */
function say(text) {
  if (!panel || !text) return;
  panel.said.textContent = "";
  requestAnimationFrame(() => (/** @type {Panel} */ (panel).said.textContent = text));
}

function open() {
  if (!panel) return; // (made as this module loads, before anything can open it)
  if (panel.dialog.open) return panel.list.focus();
  panel.before = document.activeElement;
  entries = latest();
  render();
  panel.status.replaceChildren();
  panel.dialog.show();
  document.body.classList.add("rb-log-open");
  button.setAttribute("aria-expanded", "true");
  /** @type {HTMLElement} */ (panel.dialog.querySelector(".rb-log__copy")).focus();
}

function close() {
  if (!panel) return;
  if (!panel.dialog.open) return;
  const hadFocus = panel.dialog.contains(document.activeElement);
  panel.dialog.close();
  document.body.classList.remove("rb-log-open");
  button.setAttribute("aria-expanded", "false");
  if (hadFocus) focusBack(panel.before, button);
}

const button = headerButton({
  id: "rb-log-button",
  label: "Roll log",
  title: "Roll log (L)",
  path: ICONS.history,
  shortcut: "l",
  controls: "rb-log",
});
button.setAttribute("aria-expanded", "false");
makePanel(button);
render();
button.addEventListener("click", () => (panel?.dialog.open ? close() : open()));
onShortcut("l", () => (panel?.dialog.open ? close() : open()));
