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

import { el } from "./draw.js";
import { SAVED_EVENT, loadSaved } from "./saved.js";
import { readStoredJSON, writeStored } from "./store.js";

const ROSTER = "rollbook:characters:";
const VERSION = 1;
const UNDO_MS = 10_000; // how long "Deleted Rook. Undo" is offered

/** @typedef {import("./saved.js").Values} Values */
/** @typedef {{ id: string, values: Values }} Character */
/** @typedef {{ version: number, active: string, characters: Character[] }} Roster */
/**
 * The widget's side of its roster (see mountRoster).
 * @typedef {object} Sheet
 * @property {string} key
 * @property {string} nameField
 * @property {() => Values} read
 * @property {(values: Values) => void} replace
 * @property {Values} defaults
 * @property {import("./rollbook.js").Rollbook["ask"]} ask
 * @property {(file: { filename: string, text: string }) => void} download
 */

// A roster as kept: { version, active, characters: [{ id, values }] }, or null.
/**
 * @param {string} store
 * @returns {Roster | null}
 */
export function loadRoster(store) {
  const roster = readStoredJSON(ROSTER + store, null);
  if (!roster || roster.version !== VERSION || !Array.isArray(roster.characters)) return null;
  const characters = roster.characters.filter(
    (/** @type {Character} */ c) => c && typeof c.id === "string" && c.values && typeof c.values === "object",
  );
  if (!characters.length) return null;
  const active = characters.some((/** @type {Character} */ c) => c.id === roster.active) ? roster.active : characters[0].id;
  return { version: VERSION, active, characters };
}

/**
 * @param {string} store
 * @param {Roster} roster
 */
function keep(store, roster) {
  writeStored(ROSTER + store, JSON.stringify(roster));
}

/** @param {Roster} roster */
function newId(roster) {
  const taken = new Set(roster.characters.map((c) => c.id));
  let n = roster.characters.length + 1;
  while (taken.has(`c${n}`)) n++;
  return `c${n}`;
}

// The roster bar of a sheet widget: "Playing as", New, Duplicate, Rename, Delete,
// Export all. `sheet` is the widget's side: key (where the played character's values
// are saved), nameField, read() and replace(values) (the form), defaults (the page's
// values), ask (the worker) and download(file) (a file Python wrote). The roster
// answers adopt(characters), which adds characters and plays the first of them.
/**
 * @param {HTMLElement} root
 * @param {Sheet} sheet
 */
export function mountRoster(root, sheet) {
  const store = /** @type {string} */ (root.dataset.store);
  const { key, nameField } = sheet;
  // (null only until the lines below make the first roster)
  let roster = /** @type {Roster} */ (loadRoster(store));
  if (!roster) {
    // The sheet saved before characters had a roster is the first one: nothing is lost.
    roster = { version: VERSION, active: "c1", characters: [{ id: "c1", values: loadSaved(key) ?? sheet.read() }] };
    keep(store, roster);
  }
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
  const said = el("output", "rb-roster__said");
  said.setAttribute("aria-live", "polite");
  bar.append(label, buttons, said);
  /** @type {Element} */ (root.querySelector(".rb-widget__form")).prepend(bar);

  /**
   * @param {Values | undefined} values
   * @param {number} i
   */
  const nameOf = (values, i) => String(values?.[nameField] ?? "").trim() || `Unnamed character ${i + 1}`;
  // (a roster always plays one of its characters: loadRoster sees to it)
  const active = () => /** @type {Character} */ (roster.characters.find((c) => c.id === roster.active));

  const draw = () => {
    select.replaceChildren(
      ...roster.characters.map((c, i) => {
        const option = el("option", "", nameOf(c.values, i));
        option.value = c.id;
        option.selected = c.id === roster.active;
        return option;
      }),
    );
    root.dataset.playing = nameOf(active().values, roster.characters.indexOf(active()));
  };

  /**
   * @param {string} text
   * @param {...Node} extra
   */
  const tell = (text, ...extra) => {
    clearTimeout(undoTimer);
    said.replaceChildren(text, ...extra);
  };

  // Play another character: the form takes its values, which are then saved under the store.
  /** @param {string} id */
  const play = (id) => {
    roster.active = id;
    keep(store, roster);
    draw();
    sheet.replace(active().values);
  };

  /**
   * @param {Values} values
   * @param {number} [where]
   */
  const add = (values, where = roster.characters.length) => {
    const character = { id: newId(roster), values };
    roster.characters.splice(where, 0, character);
    play(character.id);
    return character;
  };

  const focusName = () => {
    const name = /** @type {HTMLInputElement | null} */ (root.querySelector(`[data-field="${CSS.escape(nameField)}"]`));
    name?.focus();
    name?.select?.();
  };

  // The played character's values follow every save of the store (on this page or in
  // another tab), so that switching, exporting all and other pages see them.
  /** @param {Event} event */
  const followed = (event) => {
    if (!root.isConnected) {
      window.removeEventListener(SAVED_EVENT, followed);
      window.removeEventListener("storage", followed);
      return;
    }
    // A save on this page (SAVED_EVENT) or in another tab (a StorageEvent).
    const saved = /** @type {CustomEvent<{ key: string }> & StorageEvent} */ (event);
    if ((saved.detail?.key ?? saved.key) !== key) return;
    const fresh = loadRoster(store);
    if (fresh) roster = fresh;
    const values = loadSaved(key);
    if (values && active()) {
      active().values = values;
      keep(store, roster);
    }
    draw();
  };
  window.addEventListener(SAVED_EVENT, followed);
  window.addEventListener("storage", followed);

  select.addEventListener("change", () => {
    play(select.value);
    tell(`Playing as ${root.dataset.playing}.`);
  });

  buttons.addEventListener("click", async (event) => {
    const action = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-roster]"))?.dataset.roster;
    if (!action) return;
    if (action === "new") {
      add({ ...sheet.defaults, [nameField]: "" });
      tell("A new character: give it a name.");
      focusName();
    } else if (action === "duplicate") {
      const values = sheet.read();
      const name = String(values[nameField] ?? "").trim();
      add({ ...values, [nameField]: name ? `${name} (copy)`.slice(0, 40) : "" }, roster.characters.indexOf(active()) + 1);
      tell(`Playing as ${root.dataset.playing}, a copy.`);
    } else if (action === "rename") {
      tell("Type the new name in Name: the list follows it.");
      focusName();
    } else if (action === "delete") {
      const gone = active();
      const at = roster.characters.indexOf(gone);
      const name = nameOf(gone.values, at);
      roster.characters.splice(at, 1);
      // The last one deleted leaves a fresh sheet, which Undo takes away again if untouched.
      /** @type {Character | null} */
      let fresh = null;
      if (roster.characters.length) play(roster.characters[Math.min(at, roster.characters.length - 1)].id);
      else fresh = add({ ...sheet.defaults, [nameField]: "" });
      const untouched = fresh && JSON.stringify(sheet.read());
      const undo = el("button", "md-button rb-roster__undo", "Undo");
      undo.type = "button";
      undo.addEventListener("click", () => {
        if (fresh && active()?.id === fresh.id && JSON.stringify(sheet.read()) === untouched) {
          roster.characters = roster.characters.filter((c) => c.id !== /** @type {Character} */ (fresh).id);
        }
        roster.characters.splice(Math.min(at, roster.characters.length), 0, gone);
        play(gone.id);
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
        tell(`Saved ${file.filename} (${roster.characters.length} characters).`);
      } catch (error) {
        tell(/** @type {Error} */ (error).message);
      }
    }
  });

  draw();
  // The form shows the played character (the store's values, loaded by the widget).
  return {
    // Characters read from an imported file join the roster; none is overwritten.
    /** @param {Values[]} characters (Python's import answers at least one) */
    adopt(characters) {
      /** @type {Character | null} */
      let first = null;
      for (const values of characters) {
        const character = { id: newId(roster), values };
        roster.characters.push(character);
        first ??= character;
      }
      play(/** @type {Character} */ (first).id);
      return characters.map((values, i) => nameOf(values, roster.characters.length - characters.length + i));
    },
  };
}
