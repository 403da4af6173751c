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
import { readStoredJSON, removeStored, writeStored } from "./store.js";

/**
 * A roll as the log keeps it (see entryOf).
 * @typedef {object} LogEntry
 * @property {string} id
 * @property {number} time
 * @property {string} source inline, widget or dicebox
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

// The saved entries, oldest first ([] when none or unreadable).
/** @returns {LogEntry[]} */
export function loadLog() {
  const entries = readStoredJSON(KEY, []);
  return Array.isArray(entries) ? entries.filter((entry) => entry && typeof entry === "object" && entry.id) : [];
}

// Storage full or blocked: the log lasts as long as the page, and what this page
// holds is the log (storage would answer an empty one).
let keeping = true;
/** @param {LogEntry[]} entries */
function saveLog(entries) {
  if (entries.length) keeping = writeStored(KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
  else removeStored(KEY);
}
const latest = () => (keeping ? loadLog() : entries); // another tab may have added since

let entries = loadLog();
/**
 * @typedef {{ dialog: HTMLDialogElement, list: HTMLOListElement, empty: HTMLElement, said: HTMLElement,
 *   status: HTMLElement, opener: HTMLElement, before: Element | null }} Panel
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
    source,
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
  entries = loadLog();
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
  actions.append(copy, clear);
  const empty = el("p", "rb-log__empty", "No rolls yet: every roll on the site is listed here, newest first.");
  const list = el("ol", "rb-log__list");
  list.reversed = true;
  list.tabIndex = 0; // it scrolls: reachable from the keyboard, and named
  list.setAttribute("aria-labelledby", "rb-log-title");
  const said = el("p", "rb-visually-hidden rb-log__said");
  said.setAttribute("aria-live", "polite");
  dialog.append(actions, status, empty, list, said);
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
  panel = { dialog, list, empty, said, status, opener, before: null };
}

function render() {
  if (!panel) return;
  panel.empty.hidden = entries.length > 0;
  panel.list.hidden = entries.length === 0;
  const items = [...entries].reverse().map((entry) => {
    const date = new Date(entry.time);
    const item = el("li", `rb-log__entry rb-log__entry--${entry.source || "inline"}`);
    const time = el("time", "rb-log__time", clock(date));
    time.dateTime = date.toISOString();
    time.title = `${day(date)} ${clock(date)}`;
    item.append(time, el("span", "rb-log__what", entry.what));
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
