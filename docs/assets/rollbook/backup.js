// @ts-check
// Back up (issue 28, item 8): one file holding every system's characters (each roster
// this browser keeps, as kept) and the roll log, offered on every Play page and on the
// offline page. Safari deletes what a site's scripts stored once the site goes seven
// days without a visit, so the control says when the last backup was made and, once a
// character has changed a week ago or more without a backup since, reminds the reader.
// The file is restored by a sheet's Import (characters.js, restoreBackup), which reads
// it whole or not at all and overwrites nothing. Nothing here is worked out: the file
// is what the browser keeps, copied.

import { download, el } from "./draw.js";
import { onEachPage } from "./pages.js";
import { readStored, removeStored, writeStored } from "./store.js";

export const BACKUP = "rollbook-backup"; // what a backup file says it is ("rollbook")
export const BACKUP_VERSION = 1;
const ROSTER = "rollbook:characters:";
const LOG = "rollbook:log";
const LAST = "rollbook:backup:last"; // when the last backup was made (ms since 1970)
const CHANGED = "rollbook:backup:changed"; // the first change of a character since then
const WEEK = 7 * 24 * 60 * 60 * 1000;

// A character was saved: the reminder counts from the first change since a backup.
export function noteChange() {
  if (readStored(CHANGED) === null) writeStored(CHANGED, String(Date.now()));
}

/** @param {string | null} text */
function parsed(text) {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    return undefined;
  }
}

// The backup of what this browser keeps, as a file: { rollbook, version, made, rosters, log }.
function backupFile() {
  /** @type {Record<string, unknown>} */
  const rosters = {};
  /** @type {string[]} */
  let keys = [];
  try {
    keys = Object.keys(localStorage);
  } catch (error) {
    keys = [];
  }
  for (const key of keys.filter((k) => k.startsWith(ROSTER)).sort()) {
    const roster = parsed(readStored(key));
    if (roster !== undefined) rosters[key.slice(ROSTER.length)] = roster;
  }
  const log = parsed(readStored(LOG));
  const made = new Date();
  const document = { rollbook: BACKUP, version: BACKUP_VERSION, made: made.toISOString(), rosters, log: Array.isArray(log) ? log : [] };
  return { filename: `rollbook-backup-${made.toISOString().slice(0, 10)}.json`, text: JSON.stringify(document, null, 2) };
}

// What the control says: when the last backup was made, and the reminder when due.
function status() {
  const last = Number(readStored(LAST));
  const changed = Number(readStored(CHANGED));
  const made = last > 0 ? `Last backup made on ${new Date(last).toISOString().slice(0, 10)}.` : "No backup made in this browser yet.";
  const due = changed > 0 && Date.now() - changed >= WEEK;
  return { text: due ? `${made} Your characters changed a week ago or more without a backup since: back up to keep them in a file.` : made, due };
}

// The Back up button and its line, added to `host` (a roster's bar, the offline page's spot).
/**
 * @param {HTMLElement} host
 * @param {HTMLElement} [buttons] where the button goes (the host itself unless given)
 */
export function mountBackup(host, buttons = host) {
  if (host.querySelector(".rb-backup__button")) return;
  const button = el("button", "md-button rb-backup__button", "Back up");
  button.type = "button";
  button.title = "Save every system's characters and the roll log as one file";
  const said = el("output", "rb-backup__said");
  said.setAttribute("aria-live", "polite");
  const show = () => {
    const { text, due } = status();
    said.textContent = text;
    said.classList.toggle("rb-backup__said--due", due);
  };
  button.addEventListener("click", () => {
    const file = backupFile();
    download(file);
    writeStored(LAST, String(Date.now()));
    removeStored(CHANGED);
    show();
    said.textContent = `Saved ${file.filename}: restore it with Import on any Play page. ${said.textContent}`;
  });
  buttons.append(button);
  host.append(said);
  show();
}

// The offline page's spot for it (docs/offline.md), on each page instant navigation brings.
const mountSpots = () => {
  for (const spot of document.querySelectorAll("[data-rb-backup]")) mountBackup(/** @type {HTMLElement} */ (spot));
};
onEachPage(mountSpots);
