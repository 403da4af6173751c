// @ts-check
// Characters: any number of named sheets per system, kept in this browser.
//
// A sheet widget with a `store` (the builders, the Play pages) keeps the values of
// the character being played under that store, as it always has: every widget
// that reads the sheet (Danger World's roller, "Use my sheet") goes on reading
// them there. The roster beside it, under "rollbook:characters:<store>", lists
// every character of the system with its values and names the one being played;
// it follows each save of the store. A sheet saved before there was a roster
// becomes its first character. Nothing about a character is worked out here:
// its name is the sheet's name field, and Python reads and checks its values.

import { BACKUP, BACKUP_VERSION, mountBackup, noteChange } from "./backup.js";
import { el } from "./draw.js";
import { SAVED_EVENT, loadSaved, release } from "./saved.js";
import { readStored, writeStored } from "./store.js";

const ROSTER = "rollbook:characters:";
// How a roster is kept. A later Rollbook that only adds to this shape (fields of the
// roster, of a character, of its values) writes its own version with `oldest: 1`, the
// oldest version that can read and write it: this one then reads it and keeps what it
// does not know. Any other roster is not this page's to write (see mountRoster).
const VERSION = 1;
const UNDO_MS = 10_000; // how long "Deleted Rook. Undo" is offered
// The largest file Import reads, as Python's MAX_IMPORT_CHARS (a test checks they agree):
// 100 of the largest sheets any system allows, as Export all writes them (ASCII, so a
// file Rollbook wrote has as many bytes as characters).
export const MAX_FILE_CHARS = 2_500_000;
// How deep a file's lists and objects may nest (Python's MAX_NESTING): a deeper one is
// refused here, since parsing it overflows Pyodide's stack (a fatal error, not a refusal).
export const MAX_NESTING = 16;
// The most characters a system keeps here, as Python's MAX_CHARACTERS, the most one file
// holds: so that Export all always saves all of them (101 could not be exported at all).
export const MAX_CHARACTERS = 100;
const FULL = `A system keeps at most ${MAX_CHARACTERS} characters here, so that Export all saves them in one file`;
// The largest backup (backup.js) Import reads: every system's characters and the log, all a
// browser keeps for a site (Chromium's localStorage holds 5 million characters), written out
// with indentation; such a file is restored here, without Python.
const MAX_BACKUP_CHARS = 12_000_000;

/**
 * @param {File} file
 * @param {number} largest
 */
const tooLarge = (file, largest) =>
  `${file.name} is too large to be a file of Rollbook characters (${Math.ceil(file.size / 1024)} KiB; at most ${Math.round(largest / 1000)} kB)`;

// The text of a file the reader chose to import, or an Error whose message says why not:
// too large, or nested deeper than any file Rollbook writes (brackets in strings aside).
/**
 * @param {File} file
 * @param {number} [largest] the most characters it may hold (a backup may hold more)
 * @returns {Promise<string>}
 */
export async function readImport(file, largest = MAX_FILE_CHARS) {
  if (file.size > largest) throw new Error(tooLarge(file, largest));
  const text = await file.text();
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (++depth > MAX_NESTING) throw new Error(`${file.name} nests lists more than ${MAX_NESTING} deep, so it is not a file Rollbook wrote`);
    } else if (c === "]" || c === "}") depth--;
  }
  return text;
}

/** @typedef {import("./saved.js").Values} Values */
/** @typedef {{ id: string, values: Values }} Character */
/** @typedef {{ version: number, active: string, characters: Character[] }} Roster */
/**
 * What is kept under a store's roster key: nothing, a roster this page reads, or one
 * it cannot (another version's: `newer` when a later one wrote it), as its text.
 * @typedef {{ kind: "none" } | { kind: "roster", roster: Roster } | { kind: "foreign", text: string, newer: boolean }} Kept
 */
/**
 * The widget's side of its roster (see mountRoster).
 * @typedef {object} Sheet
 * @property {string} key
 * @property {string} nameField
 * @property {() => Values} read
 * @property {(values: Values) => void} replace
 * @property {Values} defaults the page's values: the section's example character
 * @property {Values} fresh a new character's values, as the rules start one
 * @property {import("./rollbook.js").Rollbook["ask"]} ask
 * @property {(file: { filename: string, text: string }) => void} download
 */

// Two sheets' values alike, whatever the order of their fields.
/**
 * @param {Values} a
 * @param {Values} b
 */
function sameValues(a, b) {
  // The form reads a number as the text its field shows ("2"), the page's values hold 2.
  /** @param {unknown} v @returns {unknown} */
  const plain = (v) => (Array.isArray(v) ? v.map(plain) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)])) : String(v));
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => JSON.stringify(plain(a[k])) === JSON.stringify(plain(b[k])));
}

/** @param {unknown} value */
const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

// The roster kept for `store`: { version, active, characters: [{ id, values }] } and
// whatever a later version added, or what stands in its place (see Kept).
/**
 * @param {string} store
 * @returns {Kept}
 */
export function loadRoster(store) {
  const text = readStored(ROSTER + store);
  if (text === null) return { kind: "none" };
  /** @type {any} */
  let kept;
  try {
    kept = JSON.parse(text);
  } catch (error) {
    return { kind: "foreign", text, newer: false };
  }
  const version = isObject(kept) ? kept.version : undefined;
  const newer = typeof version === "number" && version > VERSION;
  const ours = version === VERSION || (newer && Number.isInteger(kept.oldest) && kept.oldest <= VERSION);
  const characters = ours && Array.isArray(kept.characters) ? kept.characters : null;
  if (!characters || !characters.every((/** @type {any} */ c) => isObject(c) && typeof c.id === "string" && isObject(c.values))) {
    return { kind: "foreign", text, newer };
  }
  if (!characters.length) return { kind: "none" };
  const active = characters.some((/** @type {Character} */ c) => c.id === kept.active) ? kept.active : characters[0].id;
  return { kind: "roster", roster: { ...kept, active, characters } };
}

/** @param {Roster} roster */
function newId(roster) {
  const taken = new Set(roster.characters.map((c) => c.id));
  let n = roster.characters.length + 1;
  while (taken.has(`c${n}`)) n++;
  return `c${n}`;
}

const UNSAVED = "This browser would not save your characters (its storage is full or blocked)";

// Whether this browser was asked to keep the site's storage for good (issue 28, item 8):
// Safari deletes what a site's scripts stored once it goes seven days unvisited, unless
// the site's storage is persistent. Asked once, when the reader first saves a character;
// the answer ("granted" or "refused") is kept and said under every roster.
const PERSIST = "rollbook:storage-persist";
const PERSISTED = {
  granted: "This browser keeps your characters until you delete them.",
  refused:
    "This browser may delete your characters after a while without a visit (Safari does after seven days): use Export all now and then to keep them in a file.",
};

// Ask the browser, once, to keep the site's storage; answers the kept answer, if any.
/** @returns {Promise<"granted" | "refused" | null>} */
async function persistOnce() {
  const asked = readStored(PERSIST);
  if (asked === "granted" || asked === "refused") return asked;
  if (asked !== null || !navigator.storage?.persist) return null;
  writeStored(PERSIST, "asking");
  let granted = false;
  try {
    granted = await navigator.storage.persist();
  } catch (error) {
    granted = false;
  }
  const answer = granted ? "granted" : "refused";
  writeStored(PERSIST, answer);
  return answer;
}

// Restore a backup (backup.js) read from a file: each system's characters join those
// kept (none is overwritten; one already kept as it is stays single; a name taken comes
// in numbered, "Ash (2)"), and the log's rolls not kept yet join the log. A backup of a
// later version, or not shaped as one, is refused whole (an Error), and so is a roster
// kept in another version's form left alone. Answers what it restored, in words.
/**
 * @param {any} backup
 * @returns {string}
 */
export function restoreBackup(backup) {
  const version = backup.version;
  if (typeof version === "number" && Number.isInteger(version) && version > BACKUP_VERSION) {
    throw new Error(`This backup was made by a newer version of Rollbook (version ${version}), which this page cannot read, so nothing was restored`);
  }
  if (version !== BACKUP_VERSION || !isObject(backup.rosters) || !Array.isArray(backup.log ?? [])) {
    throw new Error("This backup is not in a form this page reads, so nothing was restored");
  }
  /** @type {[string, Roster][]} */
  const rosters = [];
  for (const [store, roster] of Object.entries(backup.rosters)) {
    const fine =
      /^[a-z0-9-]{1,60}$/.test(store) &&
      isObject(roster) &&
      roster.version === VERSION &&
      Array.isArray(roster.characters) &&
      roster.characters.every((/** @type {any} */ c) => isObject(c) && typeof c.id === "string" && isObject(c.values));
    if (!fine) throw new Error(`This backup's characters for ${store} are not in a form this page reads, so nothing was restored`);
    rosters.push([store, roster]);
  }
  let count = 0;
  let full = 0; // characters left out of a system that holds the most it may
  const skipped = [];
  for (const [store, roster] of rosters) {
    const kept = loadRoster(store);
    if (kept.kind === "foreign") {
      skipped.push(store);
      continue;
    }
    /** @type {Roster} */
    const into = kept.kind === "roster" ? kept.roster : { version: VERSION, active: roster.active, characters: [] };
    const held = new Set(into.characters.map((c) => JSON.stringify(c.values)));
    const names = new Set(into.characters.map((c) => String(c.values.name ?? "").trim()));
    for (const character of roster.characters) {
      if (held.has(JSON.stringify(character.values))) continue;
      if (into.characters.length >= MAX_CHARACTERS) {
        full++;
        continue;
      }
      const values = { ...character.values };
      const name = typeof values.name === "string" ? values.name.trim() : "";
      if (name && names.has(name)) {
        let n = 2;
        while (names.has(`${name.slice(0, 60 - ` (${n})`.length).trimEnd()} (${n})`)) n++;
        values.name = `${name.slice(0, 60 - ` (${n})`.length).trimEnd()} (${n})`;
      }
      names.add(String(values.name ?? "").trim());
      held.add(JSON.stringify(character.values));
      const id = into.characters.some((c) => c.id === character.id) ? newId(into) : character.id;
      into.characters.push({ id, values });
      count++;
    }
    if (!into.characters.some((c) => c.id === into.active)) into.active = into.characters[0]?.id ?? "c1";
    if (into.characters.length && !writeStored(ROSTER + store, JSON.stringify(into))) throw new Error(UNSAVED);
  }
  // The roll log: entries not kept yet (by id), oldest first, the latest 200 kept.
  let rolls = 0;
  const log = readStored("rollbook:log");
  /** @type {any} */
  let entries = [];
  try {
    entries = log === null ? [] : JSON.parse(log);
  } catch (error) {
    entries = null;
  }
  if (Array.isArray(entries)) {
    const ids = new Set(entries.map((/** @type {any} */ e) => e?.id));
    const fresh = (backup.log ?? []).filter((/** @type {any} */ e) => isObject(e) && typeof e.id === "string" && !ids.has(e.id));
    if (fresh.length) {
      const merged = [...entries, ...fresh].sort((a, b) => (Number(a?.time) || 0) - (Number(b?.time) || 0)).slice(-200);
      if (!writeStored("rollbook:log", JSON.stringify(merged))) throw new Error(UNSAVED);
      rolls = fresh.length;
    }
  }
  const characters = count === 1 ? "1 character" : `${count} characters`;
  let left = skipped.length ? ` Left alone, as another version of Rollbook keeps them: the characters of ${skipped.join(", ")}.` : "";
  if (full) left += ` ${full} more left out: ${FULL.charAt(0).toLowerCase()}${FULL.slice(1)}.`;
  return `${characters} of ${rosters.length} ${rosters.length === 1 ? "system" : "systems"} and ${rolls} ${rolls === 1 ? "roll" : "rolls"} of the log.${left}`;
}

// The roster bar of a sheet widget: "Playing as", New, Duplicate, Rename, Delete,
// Export all. `sheet` is the widget's side: key (where the played character's values
// are saved), nameField, read() and replace(values) (the form), defaults (the page's
// values), ask (the worker) and download(file) (a file Python wrote). The roster
// answers adopt(characters), which adds characters and plays the first of them.
//
// Each tab plays its own character (`mine`, the one its form shows): its saves go to
// that character only, whichever another tab plays, and the roster it keeps is read
// afresh before each change. A write the browser refused is never read over: the
// roster this page holds stays the one it writes until a write succeeds.
/**
 * @param {HTMLElement} root
 * @param {Sheet} sheet
 */
export function mountRoster(root, sheet) {
  const store = /** @type {string} */ (root.dataset.store);
  const { key, nameField } = sheet;
  /** @type {Extract<Kept, { kind: "foreign" }> | null} */
  let foreign = null; // a roster this page cannot read: kept as it is, never written
  let unsaved = false; // the last write of the roster failed: what this page holds is newer
  let toldUnsaved = false; // ... and the reader has been told (once, until a write succeeds)
  const kept = loadRoster(store);
  // The sheet saved before characters had a roster is the first one: nothing is lost.
  /** @type {Roster} */
  let roster =
    kept.kind === "roster"
      ? kept.roster
      : { version: VERSION, active: "c1", characters: [{ id: "c1", values: loadSaved(key) ?? sheet.read() }] };
  let mine = roster.active; // the character this tab's form shows
  let known = ""; // its values as last kept or read here (another tab's change differs)
  /** @type {number | undefined} */
  let undoTimer;

  const bar = el("div", "rb-roster");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Characters");
  const label = el("label", "rb-roster__pick");
  const select = el("select", "rb-roster__select");
  label.append(el("span", "rb-roster__label", "Playing as"), select);
  /**
   * @param {string} text
   * @param {string} action
   * @param {string} [hint]
   */
  const button = (text, action, hint) => {
    const b = el("button", "md-button rb-roster__button", text);
    b.type = "button";
    b.dataset.roster = action;
    if (hint) b.title = hint;
    return b;
  };
  const buttons = el("div", "rb-roster__buttons");
  buttons.append(
    button("New", "new", "A new character from this page's starting sheet"),
    button("Duplicate", "duplicate", "A copy of this character"),
    button("Rename", "rename", "Edit this character's name"),
    button("Delete", "delete", "Delete this character (you can undo it for a while)"),
    button("Export all", "export-all", "Save all of this system's characters as one JSON file"),
  );
  // Import sits beside Export all: the form's file picker moves into the bar.
  const importer = /** @type {HTMLElement | null} */ (root.querySelector(".rb-widget__import"));
  if (importer) {
    importer.classList.add("rb-roster__button");
    importer.title = "Add the characters of a file that Export all wrote";
    if (importer.firstChild?.nodeType === Node.TEXT_NODE) importer.firstChild.textContent = "Import";
    buttons.append(importer);
  }
  const said = el("output", "rb-roster__said");
  said.setAttribute("aria-live", "polite");
  const persisted = el("output", "rb-roster__kept");
  persisted.setAttribute("aria-live", "polite");
  bar.append(label, buttons, said, persisted);
  // Back up (every system's characters and the log) on a Play page, beside Import.
  if (root.querySelector(".rb-widget__fields--play")) mountBackup(bar, buttons);
  // Said once the reader has saved a character (asked then, if not yet).
  /** @param {boolean} ask */
  const showPersisted = async (ask) => {
    const kept = readStored(PERSIST);
    const answer = kept === "granted" || kept === "refused" ? kept : ask ? await persistOnce() : null;
    if (answer) persisted.textContent = PERSISTED[answer];
  };
  void showPersisted(false);
  // In the place of the bar as the page was built (rules_py/markdown/widget.py
  // _roster_as_built), which held its room from first paint.
  const form = /** @type {Element} */ (root.querySelector(".rb-widget__form"));
  const asBuilt = form.querySelector(":scope > .rb-roster");
  if (asBuilt) asBuilt.replaceWith(bar);
  else form.prepend(bar);

  /**
   * @param {Values | undefined} values
   * @param {number} i
   */
  const nameOf = (values, i) => {
    const name = String(values?.[nameField] ?? "").trim() || `Unnamed character ${i + 1}`;
    return isExample(values) ? `${name} (example)` : name;
  };
  // The section's example character, as the page shows it on a first visit (untouched).
  /** @param {Values | undefined} values */
  const isExample = (values) => Boolean(values) && sameValues(/** @type {Values} */ (values), sheet.defaults);
  /** @param {string} id */
  const find = (id) => roster.characters.find((c) => c.id === id);
  // (the roster always holds the character this tab plays: see followed)
  const active = () => /** @type {Character} */ (find(mine));

  const draw = () => {
    select.replaceChildren(
      ...roster.characters.map((c, i) => {
        const option = el("option", "", nameOf(c.values, i));
        option.value = c.id;
        option.selected = c.id === mine;
        return option;
      }),
    );
    root.dataset.playing = nameOf(active().values, roster.characters.indexOf(active()));
    known = JSON.stringify(active().values);
  };

  /**
   * @param {string} text
   * @param {...Node} extra
   */
  const tell = (text, ...extra) => {
    clearTimeout(undoTimer);
    said.replaceChildren(text, ...extra);
  };

  // Write the roster; false when the browser would not (then what this page holds is
  // newer than what is kept, and is not read over until a write succeeds).
  const keep = () => {
    if (foreign) return false;
    unsaved = !writeStored(ROSTER + store, JSON.stringify(roster));
    if (!unsaved) toldUnsaved = false;
    return !unsaved;
  };
  const tellUnsaved = () => {
    if (toldUnsaved) return;
    toldUnsaved = true;
    tell(`${UNSAVED}: your latest changes last only while this page is open, so use Export all to keep your characters in a file.`);
  };

  // Read the kept roster afresh (another tab may have changed it), unless this page
  // holds what it could not write. False when it turned out to be another version's.
  const refresh = () => {
    if (foreign) return false;
    if (unsaved) return true;
    const fresh = loadRoster(store);
    if (fresh.kind === "foreign") {
      freeze(fresh);
      return false;
    }
    if (fresh.kind === "roster") roster = fresh.roster;
    return true;
  };

  // A change of the roster (New, Delete, another character played...): made on the
  // roster as kept and written at once; refused (and undone here) if it cannot be written.
  /**
   * @param {() => string} change answers the character to play
   * @returns {boolean}
   */
  const change = (change) => {
    if (!refresh()) return false;
    const before = roster;
    const wasUnsaved = unsaved;
    roster = structuredClone(roster);
    const id = change();
    roster.active = id;
    if (!keep()) {
      roster = before; // (as it was: kept, or newer than what is kept)
      unsaved = wasUnsaved;
      tell(`${UNSAVED}, so nothing changed: use Export all to keep your characters in a file.`);
      return false;
    }
    mine = id;
    noteChange();
    void showPersisted(true);
    // A shared link's values on show are put away: the reader is on their own characters.
    release(key);
    draw();
    sheet.replace(active().values);
    return true;
  };

  /** @param {string} id */
  const play = (id) => change(() => id);

  /**
   * @param {Values} values
   * @param {number} [where]
   * @returns {Character | null}
   */
  const add = (values, where = roster.characters.length) => {
    /** @type {Character | null} */
    let character = null;
    if (refresh() && roster.characters.length >= MAX_CHARACTERS) {
      tell(`${FULL}: delete one to make another.`);
      return null;
    }
    const added = change(() => {
      character = { id: newId(roster), values };
      roster.characters.splice(Math.min(where, roster.characters.length), 0, character);
      return character.id;
    });
    return added ? character : null;
  };

  const focusName = () => {
    const name = /** @type {HTMLInputElement | null} */ (root.querySelector(`[data-field="${CSS.escape(nameField)}"]`));
    // On a Play page the name is part of the sheet's setup: Edit mode opens to type it.
    const setup = /** @type {HTMLDetailsElement | null | undefined} */ (name?.closest("details.rb-widget__setup"));
    if (setup && !setup.open) setup.open = true;
    name?.focus();
    name?.select?.();
  };

  // Another version's roster: nothing here is written over it. The form still shows
  // (and saves, under the store) the played character's values; the roster's actions
  // rest, and the kept roster is offered as a file.
  /** @param {Extract<Kept, { kind: "foreign" }>} found */
  const freeze = (found) => {
    foreign = found;
    select.disabled = true;
    for (const b of buttons.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
    const offer = el("button", "md-button rb-roster__download", "Download your characters");
    offer.type = "button";
    offer.addEventListener("click", () => sheet.download({ filename: `rollbook-${store}-characters.json`, text: found.text }));
    const text = found.newer
      ? "Your characters were saved by a newer version of Rollbook, which this copy cannot read: they are kept as they are and nothing here is saved over them, so reload the page to get the newer version, or download them as a file. "
      : "Your characters were saved by another version of Rollbook, which this page cannot read: they are kept as they are and nothing here is saved over them, so download them as a file to keep a copy. ";
    tell(text, offer);
  };

  // The form's values, each time this page saves them, go to the character it shows
  // (and no other): that character is the one played last, for the next page opened.
  // Another tab's roster is read as it comes: the character shown here, changed there,
  // is shown as changed; deleted there, another is played here, and the reader told.
  /** @param {Event} event */
  const followed = (event) => {
    if (!root.isConnected) {
      window.removeEventListener(SAVED_EVENT, followed);
      window.removeEventListener("storage", followed);
      return;
    }
    const saved = /** @type {CustomEvent<{ key: string }> & StorageEvent} */ (event);
    if (event.type === SAVED_EVENT) {
      if (saved.detail?.key !== key) return;
      const values = loadSaved(key);
      if (!refresh()) {
        // (another version's roster: the list still names the sheet shown)
        if (values) active().values = values;
        draw();
        return;
      }
      let character = find(mine);
      if (!character) {
        // Deleted in another tab while this one was being edited: kept, not lost.
        character = { id: newId(roster), values: {} };
        roster.characters.push(character);
        mine = character.id;
      }
      if (values) character.values = { ...character.values, ...values };
      roster.active = mine;
      if (!keep()) tellUnsaved();
      else {
        noteChange();
        void showPersisted(true);
      }
      draw();
      return;
    }
    if ((saved.key !== ROSTER + store && saved.key !== null) || unsaved || !refresh()) return;
    const character = find(mine);
    if (!character) {
      const gone = root.dataset.playing;
      mine = roster.active;
      draw();
      sheet.replace(active().values);
      tell(`${gone} was deleted in another tab: playing as ${root.dataset.playing}.`);
    } else if (JSON.stringify(character.values) !== known) {
      draw();
      sheet.replace(character.values);
    } else draw();
  };
  window.addEventListener(SAVED_EVENT, followed);
  window.addEventListener("storage", followed);

  select.addEventListener("change", () => {
    if (play(select.value)) tell(`Playing as ${root.dataset.playing}.`);
    else draw();
  });

  buttons.addEventListener("click", async (event) => {
    const action = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-roster]"))?.dataset.roster;
    if (!action || foreign) return;
    if (action === "new") {
      if (!add({ ...sheet.fresh })) return;
      tell("A new character: give it a name.");
      focusName();
    } else if (action === "duplicate") {
      const values = sheet.read();
      const name = String(values[nameField] ?? "").trim();
      const copy = { ...values, [nameField]: name ? `${name} (copy)`.slice(0, 40) : "" };
      if (!add(copy, roster.characters.indexOf(active()) + 1)) return;
      tell(`Playing as ${root.dataset.playing}, a copy.`);
    } else if (action === "rename") {
      tell("Type the new name in Name: the list follows it.");
      focusName();
    } else if (action === "delete") {
      const goneId = mine;
      /** @type {Character | null} */
      let gone = null;
      let at = 0;
      /** @type {Character | null} */
      let fresh = null; // the last one deleted leaves a fresh sheet, which Undo takes away again if untouched
      const deleted = change(() => {
        gone = find(goneId) ?? null;
        if (!gone) return roster.active; // (deleted in another tab meanwhile)
        at = roster.characters.indexOf(gone);
        roster.characters.splice(at, 1);
        if (roster.characters.length) return roster.characters[Math.min(at, roster.characters.length - 1)].id;
        fresh = { id: newId({ ...roster, characters: [gone] }), values: { ...sheet.fresh } };
        roster.characters.push(fresh);
        return fresh.id;
      });
      if (!deleted || !gone) return;
      const lost = /** @type {Character} */ (gone);
      const name = nameOf(lost.values, at);
      const untouched = fresh && JSON.stringify(sheet.read());
      const undo = el("button", "md-button rb-roster__undo", "Undo");
      undo.type = "button";
      undo.addEventListener("click", () => {
        const back = change(() => {
          const made = /** @type {Character | null} */ (fresh);
          if (made && mine === made.id && JSON.stringify(sheet.read()) === untouched) {
            roster.characters = roster.characters.filter((c) => c.id !== made.id);
          }
          if (find(lost.id)) lost.id = newId(roster);
          roster.characters.splice(Math.min(at, roster.characters.length), 0, lost);
          return lost.id;
        });
        if (!back) return;
        tell(`${name} is back.`);
        select.focus();
      });
      tell(`Deleted ${name}. Playing as ${root.dataset.playing}. `, undo);
      undoTimer = setTimeout(() => {
        const hadFocus = said.contains(document.activeElement);
        said.replaceChildren();
        if (hadFocus) select.focus();
      }, UNDO_MS);
    } else if (action === "export-all") {
      try {
        const file = await sheet.ask("widget", {
          name: root.dataset.widget,
          action: "export_all",
          characters: roster.characters.map((c) => c.values),
        });
        sheet.download(file);
        const count = roster.characters.length === 1 ? "1 character" : `${roster.characters.length} characters`;
        const breaking = /** @type {string[]} */ (file.breaking ?? []);
        tell(
          breaking.length
            ? `Saved ${file.filename} (${count}). Import will leave out ${breaking.length === 1 ? "this one" : "these"} until fixed: ${breaking.join("; ")}.`
            : `Saved ${file.filename} (${count}).`,
        );
      } catch (error) {
        tell(/** @type {Error} */ (error).message);
      }
    }
  });

  // The store holds the played character as last saved (its roster may have failed to
  // follow: storage full), and the form shows it: the roster takes it now, so that
  // playing another character first does not leave it behind.
  const shown = loadSaved(key);
  if (kept.kind === "roster" && shown && JSON.stringify({ ...active().values, ...shown }) !== JSON.stringify(active().values)) {
    active().values = { ...active().values, ...shown };
    if (!keep()) tellUnsaved();
  }
  draw();
  if (kept.kind === "foreign") freeze(kept);
  else if (kept.kind === "none" && !keep()) tellUnsaved();
  if (kept.kind !== "foreign" && !unsaved && isExample(active().values)) {
    const name = String(active().values[nameField] ?? "").trim() || "This character";
    tell(`${name} is this section's example character: play it as it is, or press New to start your own.`);
  }
  // The form shows the played character (the store's values, loaded by the widget).
  return {
    // The sheet's own save failed (storage full): the list follows the form all the same,
    // the roster this page holds is not read over, and the failure is said, once.
    /** @param {Values} values */
    unsaved(values) {
      active().values = { ...active().values, ...values };
      unsaved = !foreign;
      draw();
      if (!foreign) tellUnsaved();
    },
    // A file chosen with Import: every character Python can use joins the roster (none is
    // overwritten; a name already taken comes in numbered, "Ash (2)"), and each one it
    // leaves out is named with the reason.
    /** @param {File} file */
    async importFile(file) {
      try {
        if (foreign) throw new Error("Your characters were saved by another version of Rollbook, so none can be added here");
        const text = await readImport(file, MAX_BACKUP_CHARS);
        // A backup of every system (Back up): restored whole, then shown here.
        if (text.includes(`"${BACKUP}"`)) {
          /** @type {any} */
          let backup = null;
          try {
            backup = JSON.parse(text);
          } catch (error) {
            backup = null;
          }
          if (isObject(backup) && backup.rollbook === BACKUP) {
            const restored = restoreBackup(backup);
            if (refresh()) {
              if (!find(mine)) mine = roster.active;
              draw();
              sheet.replace(active().values);
            }
            tell(`Restored ${file.name}: ${restored} Nothing kept was overwritten.`);
            return;
          }
        }
        if (text.length > MAX_FILE_CHARS) throw new Error(tooLarge(file, MAX_FILE_CHARS));
        refresh();
        /** @type {{ characters: Values[], left_out: string[], renamed: string[] }} */
        const result = await sheet.ask("widget", {
          name: root.dataset.widget,
          action: "import",
          text,
          taken: roster.characters.map((c) => String(c.values?.[nameField] ?? "").trim()),
        });
        const names = this.adopt(result.characters);
        const brought = names.length === 1 ? names[0] : `${names.length} characters (${names.join(", ")})`;
        const renamed = result.renamed.length ? ` Renamed, as those names were taken: ${result.renamed.join(", ")}.` : "";
        const left = result.left_out.length ? ` Left out: ${result.left_out.join("; ")}.` : "";
        tell(`Imported ${file.name}: ${brought}.${renamed}${left} Your other characters are unchanged.`);
      } catch (error) {
        tell(`${/** @type {Error} */ (error).message}. Your characters are unchanged.`);
      }
    },
    // Characters read from an imported file join the roster; none is overwritten.
    /** @param {Values[]} characters (Python's import answers at least one) */
    adopt(characters) {
      if (foreign) throw new Error("Your characters were saved by another version of Rollbook, so none can be added here");
      if (refresh() && roster.characters.length + characters.length > MAX_CHARACTERS) {
        const more = characters.length === 1 ? "one more" : `${characters.length} more`;
        throw new Error(`${FULL}, and you have ${roster.characters.length}: delete some to add ${more}`);
      }
      /** @type {Character[]} */
      const added = [];
      const done = change(() => {
        for (const values of characters) {
          const character = { id: newId(roster), values };
          roster.characters.push(character);
          added.push(character);
        }
        return added[0].id;
      });
      if (!done) throw new Error(UNSAVED);
      return added.map((c) => nameOf(c.values, roster.characters.indexOf(c)));
    },
  };
}
