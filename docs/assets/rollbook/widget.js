// @ts-check
// System widgets (the ```widget fence): a form whose answer Python computes.
// This module reads the form, asks the worker, and draws the blocks it answers
// with; the rules, the checks of every value and the refusals are all Python's.

import { loadRoster, mountRoster, readImport } from "./characters.js";
import { DiceField } from "./dice.js";
import { download, drawBlocks, drawParts, drawResult, el, flash } from "./draw.js";
import { afterPause } from "./pause.js";
import { printable } from "./print.js";
import { SAVED_EVENT, fits, loadSaved, markEdited, save } from "./saved.js";
import { offerRollShare, rolledFrom, shareable } from "./share.js";

const STORE = "rollbook:widget:";
const UNDO_MS = 10_000; // how long "Reset. Undo" is offered

/** @typedef {import("./saved.js").Values} Values */
/** @typedef {import("./draw.js").Block} Block */
/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Control a field's control, or a row's cell's */
/**
 * A widget's answer (rules_py.widgets: action "show").
 * @typedef {object} WidgetView
 * @property {Block[]} blocks
 * @property {string[]} unused fields this answer does not use (hidden)
 * @property {string[]} invalid fields it refuses (marked)
 * @property {string[]} [taken] fields another widget's values set (read-only)
 * @property {string[]} [disabled] action buttons with nothing to do
 * @property {Values} [set] values Python puts in the form
 * @property {string} [told] a line for the message
 * @property {import("./draw.js").RollLog} [log] an action that rolled dice
 * @property {Values} [source_set] fields an action changes in the source's saved values
 * @property {boolean} [undo] the action's changes are offered to undo
 */
/**
 * A widget's roll or a sheet's check (actions "roll" and "check").
 * @typedef {object} WidgetRoll
 * @property {({ label?: string, parts: import("./draw.js").Part[] } & import("./draw.js").Reckoned)[]} lines
 * @property {string} outcome
 * @property {string} label
 * @property {string} [what]
 * @property {Block[]} [blocks]
 * @property {Values} [set]
 * @property {string} [follow] the widget that carries this roll on (shown under it in the result panel)
 * @property {number} [seed]
 * @property {import("./draw.js").RollLog} [log]
 * @property {import("./share.js").RolledFrom} [from]
 */
/** @typedef {import("./draw.js").File} File a file Python wrote */

/** @param {Control} control */
function readControl(control) {
  return control.type === "checkbox" ? /** @type {HTMLInputElement} */ (control).checked : control.value;
}

/**
 * @param {Control} control
 * @param {unknown} value
 */
function writeControl(control, value) {
  if (control.type === "checkbox") /** @type {HTMLInputElement} */ (control).checked = value === true || value === "true";
  else if (value !== undefined && value !== null) control.value = String(value);
}

// A closed list of the rules (a text field's `options`, from Python: 2d6's DCs and spells,
// D10/0's difficulties) offered as the reader types: one datalist per list in the widget,
// shared by every row's copy of the field (the rows' template included).
/**
 * @param {HTMLElement} root
 * @param {HTMLElement[]} boxes
 */
function offerOptions(root, boxes) {
  /** @type {(HTMLElement | DocumentFragment)[]} */
  const scopes = boxes.flatMap((box) => [box, ...[...box.querySelectorAll("template")].map((t) => t.content)]);
  /** @type {Map<string | undefined, string>} */
  const lists = new Map();
  for (const scope of scopes) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (scope.querySelectorAll("input[data-options]"))) {
      let id = lists.get(input.dataset.options);
      if (!id) {
        id = `${root.id}-options-${lists.size + 1}`;
        const list = el("datalist");
        list.id = id;
        for (const [value, label] of JSON.parse(/** @type {string} */ (input.dataset.options))) {
          const option = el("option");
          option.value = value;
          if (label) option.label = label;
          list.append(option);
        }
        root.append(list);
        lists.set(input.dataset.options, id);
      }
      input.setAttribute("list", id);
    }
  }
}

/**
 * Offer Undo in `line` (a removed row's place) for a while: see offerUndo in mountWidget.
 * @callback OfferUndo
 * @param {string} text
 * @param {() => string | void} restore
 * @param {string} back
 * @param {() => HTMLElement} home
 * @param {HTMLElement} line
 * @returns {HTMLButtonElement}
 */

// The rows of a Rows field (participants, abilities): add, remove with Undo, renumber.
class RowList {
  /**
   * @param {HTMLElement} fieldset
   * @param {() => void} onChange
   * @param {OfferUndo} offerUndo
   */
  constructor(fieldset, onChange, offerUndo) {
    this.fieldset = fieldset;
    this.list = /** @type {HTMLElement} */ (fieldset.querySelector(".rb-rows__list"));
    // The fence writes a fresh row in a <template>, so a list that starts empty can grow.
    const template = /** @type {HTMLTemplateElement | null} */ (fieldset.querySelector(":scope > template.rb-rows__template"));
    const row = /** @type {HTMLElement} */ (template?.content.querySelector(".rb-row") ?? this.list.querySelector(".rb-row"));
    this.template = /** @type {HTMLElement} */ (row.cloneNode(true));
    this.min = Number(fieldset.dataset.min);
    this.max = Number(fieldset.dataset.max);
    this.fresh = JSON.parse(fieldset.dataset.new || "{}");
    this.label = fieldset.dataset.rowLabel || "row";
    this.add = /** @type {HTMLButtonElement} */ (fieldset.querySelector(".rb-rows__add"));
    this.onChange = onChange;
    this.offerUndo = offerUndo;
    this.add.addEventListener("click", () => {
      const row = this.append(this.fresh);
      this.renumber();
      onChange();
      /** @type {Control | null} */ (row.querySelector("[data-cell]"))?.focus();
    });
    for (const row of this.rows()) this.wire(row);
    this.renumber();
  }

  /** @returns {HTMLElement[]} */
  rows() {
    return [.../** @type {NodeListOf<HTMLElement>} */ (this.list.querySelectorAll(":scope > .rb-row"))];
  }

  // A removed row leaves "Removed status Health. Undo" in its place for a while (issue 28,
  // item 7: one tap must not delete for good); Undo puts it back there, with its values,
  // and saves it as any change is saved. The focus, if it was on the row, goes to Undo.
  /** @param {HTMLElement} row */
  wire(row) {
    /** @type {Element} */ (row.querySelector(".rb-row__remove")).addEventListener("click", () => {
      const rows = this.rows();
      if (rows.length <= this.min) return;
      const values = this.readRow(row);
      const name = typeof values.name === "string" ? values.name.trim() : "";
      const what = `${this.label} ${name || rows.indexOf(row) + 1}`;
      const hadFocus = row.contains(document.activeElement);
      const line = el("p", "rb-rows__removed");
      row.replaceWith(line);
      this.renumber();
      this.onChange();
      /** @type {HTMLElement | null} */
      let restored = null;
      const restore = () => {
        if (this.rows().length >= this.max) return `No room for ${what}: remove another ${this.label} first.`;
        restored = this.append(values);
        line.replaceWith(restored);
        this.renumber();
        this.onChange();
      };
      const home = () => /** @type {HTMLElement} */ (restored?.querySelector("[data-cell]") ?? this.add);
      const back = `${what.charAt(0).toUpperCase()}${what.slice(1)} is back.`;
      const undo = this.offerUndo(`Removed ${what}. `, restore, back, home, line);
      if (hadFocus) undo.focus();
    });
  }

  /** @param {HTMLElement} row */
  readRow(row) {
    /** @type {Values} */
    const values = {};
    for (const control of /** @type {NodeListOf<Control>} */ (row.querySelectorAll("[data-cell]"))) values[/** @type {string} */ (control.dataset.cell)] = readControl(control);
    return values;
  }

  /** @param {Values} values */
  append(values) {
    const row = /** @type {HTMLElement} */ (this.template.cloneNode(true));
    for (const control of /** @type {NodeListOf<Control>} */ (row.querySelectorAll("[data-cell]"))) {
      control.removeAttribute("aria-invalid");
      writeControl(control, values[/** @type {string} */ (control.dataset.cell)]);
    }
    this.list.append(row);
    this.wire(row);
    return row;
  }

  renumber() {
    const rows = this.rows();
    const name = this.label.charAt(0).toUpperCase() + this.label.slice(1);
    rows.forEach((row, i) => {
      row.setAttribute("aria-label", `${name} ${i + 1}`);
      const remove = /** @type {HTMLButtonElement} */ (row.querySelector(".rb-row__remove"));
      remove.setAttribute("aria-label", `Remove ${this.label} ${i + 1}`);
      remove.disabled = rows.length <= this.min;
    });
    this.add.disabled = rows.length >= this.max;
  }

  read() {
    return this.rows().map((row) => this.readRow(row));
  }

  /** @param {Values[]} rows (from Python, or a saved sheet: anything else is left alone) */
  write(rows) {
    if (!Array.isArray(rows)) return;
    // Other rows in place of these (Reset, another character): a removed row's Undo goes.
    this.list.querySelectorAll(":scope > .rb-rows__removed").forEach((line) => line.remove());
    const wanted = Math.max(this.min, Math.min(this.max, rows.length));
    const current = this.rows();
    current.slice(wanted).forEach((row) => row.remove());
    for (let i = current.length; i < wanted; i++) this.append(this.fresh);
    this.rows().forEach((row, i) => {
      for (const control of /** @type {NodeListOf<Control>} */ (row.querySelectorAll("[data-cell]"))) {
        writeControl(control, (rows[i] || {})[/** @type {string} */ (control.dataset.cell)]);
      }
    });
    this.renumber();
  }
}

/**
 * @param {HTMLElement} root
 * @param {import("./rollbook.js").Rollbook} rollbook
 */
export function mountWidget(root, rollbook) {
  if (root.dataset.rbMounted) return;
  root.dataset.rbMounted = "1";
  const { ask } = rollbook;
  const name = root.dataset.widget;
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".rb-widget__form"));
  const panel = /** @type {HTMLElement} */ (root.querySelector(".rb-widget__panel"));
  const status = /** @type {HTMLElement} */ (form.querySelector(".rb-widget__status"));
  const message = /** @type {HTMLElement | null} */ (form.querySelector(".rb-widget__message"));
  const rolledOutput = /** @type {HTMLOutputElement | null} */ (root.querySelector(".rb-widget__rolled"));
  // The form's fields: one box, or on a Play page two (the values that change in play,
  // then the sheet's setup folded in a <details>).
  const boxes = [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".rb-widget__fields"))];
  /**
   * @template {HTMLElement} E
   * @param {string} selector
   * @returns {E[]}
   */
  const inBoxes = (selector) => boxes.flatMap((box) => [.../** @type {NodeListOf<E>} */ (box.querySelectorAll(selector))]);
  const defaults = JSON.parse(root.dataset.values || "{}");
  /** @type {Values | null} a new character's values, where the widget is a sheet with an example */
  const fresh = root.dataset.fresh ? JSON.parse(root.dataset.fresh) : null;
  const key = STORE + (root.dataset.store || `${location.pathname}#${root.id}`);
  /** @type {Control[]} */
  const controls = inBoxes(":scope > .rb-field [data-field]");
  /** @type {Map<string, RowList>} */
  const rowLists = new Map();
  /** @type {Map<string, DiceField>} */
  const diceFields = new Map();
  const actButtons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (form.querySelectorAll(".rb-widget__act[data-act]"))];
  // Another widget's saved values this one takes fields from (the pool roller from the sheet).
  const sourceKey = root.dataset.source ? STORE + root.dataset.source : null;
  // The source's saved values; before the reader has kept any, the example character
  // the page's sheet shows (a first visit's rollers use it, as the sheet does).
  const sourceValues = () => {
    if (!sourceKey) return null;
    const sheet = /** @type {HTMLElement | null} */ (document.querySelector(`[data-store="${CSS.escape(root.dataset.source ?? "")}"]`));
    return loadSaved(sourceKey) ?? (sheet && sheet !== root ? JSON.parse(sheet.dataset.values || "null") : null);
  };
  const typing = afterPause(root, () => recompute(), 150);
  let latest = 0;
  /** @type {Values | null} */
  let shown = null; // the values the panel answers for: Python fills in from what changed since
  // The last answer that refused nothing (to begin with, the one written at build time).
  let good = panel.querySelector(".rb-panel__error") ? null : [...panel.children].map((node) => node.cloneNode(true));
  /** @type {number | undefined} */
  let undoTimer; // the message line's Undo (a removed row's has its own)
  let offers = 0; // Undo offers made, to name each one's text
  /** @type {ReturnType<typeof mountRoster> | null} */
  let roster = null; // a sheet's characters (mounted once the form shows its values)

  /**
   * @param {string} text
   * @param {string} [kind]
   */
  const setStatus = (text, kind = "") => {
    status.className = `rb-widget__status${kind ? ` rb-${kind}` : ""}`;
    status.textContent = text;
  };

  const read = () => {
    /** @type {Values} */
    const values = {};
    for (const control of controls) values[/** @type {string} */ (control.dataset.field)] = readControl(control);
    for (const [field, rows] of rowLists) values[field] = rows.read();
    for (const [field, dice] of diceFields) values[field] = dice.read();
    return values;
  };

  // Values kept in this browser, a shared link's or Python's: a field whose value is not
  // one it can show (fits) keeps what it shows, so that nothing stored stops the mount.
  /** @param {Values} values */
  const write = (values) => {
    const like = read();
    /** @param {string} field */
    const takes = (field) => field in values && fits(values[field], like[field]);
    for (const control of controls) {
      const field = /** @type {string} */ (control.dataset.field);
      if (takes(field)) writeControl(control, values[field]);
    }
    for (const [field, rows] of rowLists) if (takes(field)) rows.write(values[field]);
    for (const [field, dice] of diceFields) if (takes(field)) dice.write(values[field]);
  };

  // Python names the fields another widget's values set (read-only while they do) and
  // the buttons that have nothing to do; a button losing the focus hands it to the dice.
  /** @param {WidgetView} view */
  const showState = (view) => {
    for (const control of controls) {
      const taken = (view.taken || []).includes(/** @type {string} */ (control.dataset.field));
      if (control.tagName === "INPUT" && control.type !== "checkbox") /** @type {HTMLInputElement} */ (control).readOnly = taken;
      control.closest(".rb-field")?.classList.toggle("rb-field--taken", taken);
    }
    for (const button of actButtons) {
      // A button Python lists as unused has nothing to act on here (no sheet to carry to).
      button.hidden = view.unused.includes(/** @type {string} */ (button.dataset.act));
      const off = (view.disabled || []).includes(/** @type {string} */ (button.dataset.act));
      if (off && document.activeElement === button) {
        button.disabled = true;
        if (![...diceFields.values()].some((dice) => dice.focus())) actButtons.find((b) => !b.disabled)?.focus();
      }
      button.disabled = off;
    }
  };

  // A refusal keeps the sheet in view: Python answers what still makes sense under
  // its errors; when it can answer nothing else, the last good answer stays, marked.
  /** @param {WidgetView} view */
  const showPanel = (view) => {
    const blocks = drawBlocks(view.blocks);
    const refused = view.blocks.filter((block) => block.type === "error").length;
    if (!refused) good = blocks.map((node) => /** @type {Element} */ (node.cloneNode(true)));
    else if (refused === blocks.length && good) {
      const stale = el("div", "rb-panel__stale");
      const note = "Until then, the answer for the last values that worked:";
      stale.append(el("p", "rb-panel__note", note), ...good.map((node) => node.cloneNode(true)));
      blocks.push(stale);
    }
    const open = [...panel.querySelectorAll('.rb-choose[aria-expanded="true"]')].map((b) => b.getAttribute("aria-label"));
    panel.replaceChildren(...blocks);
    for (const choose of panel.querySelectorAll(".rb-choose")) {
      if (!open.includes(choose.getAttribute("aria-label"))) continue;
      choose.setAttribute("aria-expanded", "true");
      /** @type {HTMLElement} */ (choose.parentElement?.querySelector(".rb-sheet__choices")).hidden = false;
    }
    wireChecks();
    placeTapUndo();
    for (const wrapper of boxes.flatMap((box) => [.../** @type {HTMLCollectionOf<HTMLElement>} */ (box.children)])) {
      const field = /** @type {HTMLElement | null} */ (wrapper.querySelector("[data-field]"))?.dataset.field || wrapper.dataset.rows || wrapper.dataset.dice;
      if (field) wrapper.hidden = view.unused.includes(field);
    }
    for (const control of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-field], [data-rows], [data-dice]"))) {
      const field = control.dataset.field || control.dataset.rows || control.dataset.dice;
      if (view.invalid.includes(/** @type {string} */ (field))) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  };

  // Save the form's values; a save the browser refuses (storage full or blocked) is said
  // once, until one succeeds: by the roster, for a sheet of characters, else in the message line.
  let toldUnsaved = false;
  /** @param {Values} values */
  const keep = (values) => {
    if (save(key, values)) toldUnsaved = false;
    else if (roster) roster.unsaved(values);
    else if (!toldUnsaved) {
      toldUnsaved = true;
      tell("This browser would not save these values (its storage is full or blocked): they last only while this page is open.", "error");
    }
  };

  // `act` names the button the reader pressed (Python rolls, rerolls...), or none;
  // `later`: the mount's redraw of what this browser keeps, which a Roll tapped meanwhile
  // goes ahead of (rollbook.js ask).
  /**
   * @param {string | null} [act]
   * @param {boolean} [later]
   */
  const recompute = async (act = null, later = false) => {
    typing.cancel();
    const values = read();
    keep(values);
    const request = ++latest;
    markEdited(root, JSON.stringify(values) !== preset);
    rollbook.loading(status, "Working it out…");
    root.setAttribute("aria-busy", "true");
    /** @type {{ name?: string, action: string, values: Values, previous: Values, act?: string, source?: Values | null }} */
    const args = { name, action: "show", values, previous: shown ?? values };
    if (act) args.act = act;
    if (sourceKey) args.source = sourceValues();
    try {
      /** @type {WidgetView} */
      const view = await ask("widget", args, { later });
      // Typed into since it was asked: an answer for the form as it was would write its
      // values (view.set) over what the reader is typing. The question the pause asks wins.
      if (request !== latest || typing.pending || !root.isConnected) return;
      if (view.set && Object.keys(view.set).length) {
        write(view.set);
        keep(read());
      }
      // Values Python could not read (only refusals came back) are not a base to settle from.
      if (!view.blocks.every((block) => block.type === "error")) shown = read();
      showPanel(view);
      showState(view);
      const tapAct = Boolean(act && tapped?.act === act);
      if ((act || view.told) && !tapAct) tell(view.told || "");
      // An action that changes the source too (the pool roller carrying a roll's danger
      // and bonus dice to the sheet) saves those fields into the source's values at once;
      // the source's widget follows. Python says which actions may be undone.
      const sourceBefore = act && sourceKey && view.source_set ? sourceValues() : null;
      if (sourceKey && sourceBefore) save(sourceKey, { ...sourceBefore, ...view.source_set });
      if (act && view.undo && !tapAct) {
        const restore = () => {
          if (sourceKey && sourceBefore) save(sourceKey, sourceBefore);
          replace(values);
        };
        const own = actButtons.find((button) => button.dataset.act === act);
        // A line's button may be gone with its line (a removed NPC): the focus goes to the form's first action.
        const home = own ?? (() => /** @type {HTMLElement} */ (panel.querySelector(`.rb-line-act[data-act="${CSS.escape(act)}"]`) ?? actButtons[0] ?? panel));
        offerUndo(`${view.told} `, restore, "Undone: the values before it are back.", home);
      }
      // An action that rolled dice (Danger World's Roll, Reroll marked) goes to the roll log.
      if (view.log) rollbook.rolled("widget", { log: view.log });
      setStatus("");
    } catch (error) {
      if (request === latest) rollbook.showError(status, /** @type {Error} */ (error), () => recompute(act));
    } finally {
      if (request === latest && !typing.pending) root.removeAttribute("aria-busy");
    }
  };

  // Other values in place of the form's (the page's on Reset, the reader's on Undo, a
  // shared link's), answered afresh; recompute drops a pending answer to typing.
  /**
   * @param {Values} values
   * @param {boolean} [undoingTap] the tap's own Undo, whose line stays to say so
   */
  const replace = (values, undoingTap = false) => {
    if (!undoingTap) tapped = null;
    write(fresh ? { ...fresh, ...values } : values);
    shown = read();
    recompute();
  };

  // Export and import say how they went in their own line, which recomputing leaves alone.
  /**
   * @param {string} text
   * @param {string} [kind]
   * @param {...Node} extra
   */
  const tell = (text, kind = "", ...extra) => {
    if (!message) return;
    if (!extra.length) clearTimeout(undoTimer);
    message.className = `rb-widget__message${kind ? ` rb-${kind}` : ""}`;
    message.replaceChildren(text, ...extra);
  };

  // "<text> Undo" for a while (Reset, a tap, a removed row): in the message line, where the
  // next message replaces it, or in a `line` of its own (a removed row's place), which goes
  // when the offer lapses, but not while its Undo has the focus. Undo calls `restore` and
  // says `back`, unless `restore` says why it cannot (then the offer stays); the focus goes
  // back to `home` after Undo, or when the offer lapses while it held the focus. The Undo
  // button is described by its text.
  /**
   * @param {string} text
   * @param {() => string | void} restore
   * @param {string} back
   * @param {HTMLElement | (() => HTMLElement)} home
   * @param {HTMLElement | null} [line]
   */
  const offerUndo = (text, restore, back, home, line = null) => {
    const said = el("span", "", text);
    said.id = `${root.id}-undo-${++offers}`;
    const undo = el("button", "md-button rb-widget__undo", "Undo");
    undo.type = "button";
    undo.setAttribute("aria-describedby", said.id);
    const goHome = () => (typeof home === "function" ? home() : home).focus();
    /** @type {number | undefined} */
    let timer;
    undo.addEventListener("click", () => {
      const refused = restore();
      if (refused) {
        said.textContent = `${refused} `;
        return;
      }
      clearTimeout(line ? timer : undoTimer);
      tell(back);
      goHome();
    });
    if (line) line.replaceChildren(said, undo);
    else {
      clearTimeout(undoTimer);
      tell("", "", said, undo);
    }
    const lapse = () => {
      const hadFocus = /** @type {HTMLElement} */ (line ?? message).contains(document.activeElement);
      if (line && hadFocus) {
        timer = setTimeout(lapse, UNDO_MS); // held while its Undo has the focus, as a removed row's takes it
        return;
      }
      if (line) line.remove();
      else tell("");
      if (hadFocus) goHome();
    };
    timer = setTimeout(lapse, UNDO_MS);
    if (!line) undoTimer = timer;
    return undo;
  };

  const changed = typing.typed;

  // A sheet's rows roll their own checks (a stat, a skill): Python rolls each the
  // system's way from the sheet's values and names the character. A table's row has its
  // answer under the table, and it stays there when the panel is redrawn; a sheet's
  // compact row (issue 29) has it in the result panel, pinned to the bottom of the screen
  // until the next roll or until dismissed, and never over the row just tapped.
  const checks = el("div", "rb-widget__checks");
  const checked = el("output", "rb-widget__checked");
  checked.setAttribute("aria-live", "polite");
  const dismiss = el("button", "md-button rb-widget__dismiss", "Close");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", "Close the result");
  const resultHead = el("div", "rb-widget__result-head");
  resultHead.append(el("span", "rb-widget__result-title", "Result"), dismiss);
  resultHead.hidden = true;
  checks.append(resultHead, checked);
  /** @type {string | null} */
  let lastCheck = null; // the check last pressed: its answer goes under its row's table
  /** @type {{ widget: Element, home: Comment } | null} */
  let carried = null; // the widget that carries the last roll on, moved into the result panel
  const pinned = () => checks.classList.contains("rb-widget__checks--pinned");
  /** @param {HTMLButtonElement} button */
  const placeChecks = (button) => {
    // A compact row's roll, or any roll of a Play page's sheet (a weapon's damage in its table).
    const inSheet = Boolean(button.closest(".rb-sheet, .rb-widget--play .rb-panel__table"));
    checks.classList.toggle("rb-widget__checks--pinned", inSheet);
    resultHead.hidden = !inSheet;
    checks.hidden = false;
    if (inSheet) {
      if (checks.parentElement !== root) root.append(checks);
      document.body.classList.add("rb-result-shown");
    } else {
      /** @type {Element} */ (button.closest(".rb-panel__table") ?? button.parentElement).after(checks);
    }
  };
  // The widget a roll says carries it on (Danger World's pool roller: Reroll marked,
  // Advise) is shown under the result, and goes back to its place afterwards.
  const bringBack = () => {
    if (!carried) return;
    carried.home.replaceWith(carried.widget);
    carried = null;
  };
  /** @param {string | undefined} name */
  const carryOn = (name) => {
    const widget = name ? document.querySelector(`[data-widget="${CSS.escape(name)}"]`) : null;
    if (!widget || widget === root || !pinned()) return bringBack();
    if (carried?.widget !== widget) {
      bringBack();
      const home = document.createComment(`${name} is shown in the result panel`);
      widget.before(home);
      carried = { widget, home };
    }
    checks.append(widget);
  };
  // The page scrolls so that the row just tapped sits above the result panel.
  const keepRowInView = () => {
    if (!pinned() || lastCheck === null) return;
    document.documentElement.style.setProperty("--rb-result-height", `${checks.offsetHeight}px`);
    const button = panel.querySelector(`.rb-check[data-check="${CSS.escape(lastCheck)}"]`);
    const row = button?.closest(".rb-sheet__row, .rb-sheet__choice, tr") ?? button;
    if (!row) return;
    const covered = row.getBoundingClientRect().bottom + 8 - checks.getBoundingClientRect().top;
    if (covered > 0) window.scrollBy({ top: covered, behavior: "instant" });
  };
  const closeResult = () => {
    bringBack();
    checks.hidden = true;
    document.body.classList.remove("rb-result-shown");
    const button = lastCheck === null ? null : /** @type {HTMLElement | null} */ (panel.querySelector(`.rb-check[data-check="${CSS.escape(lastCheck)}"]`));
    const choose = /** @type {HTMLElement | null | undefined} */ (button?.closest(".rb-sheet__row--choices")?.querySelector(".rb-choose"));
    (choose ?? button)?.focus();
  };
  dismiss.addEventListener("click", closeResult);
  // The panel grows after the roll (the widget carrying it on draws its own answer): the
  // row tapped stays above it.
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      if (!checks.hidden) keepRowInView();
    }).observe(checks);
  }
  checks.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && pinned()) closeResult();
  });
  function wireChecks() {
    // A redraw puts the answer back under the same check's table, or at the panel's
    // end if that row is gone: also while the answer is on its way (a roll pressed
    // just before the redraw's answer came back was otherwise shown nowhere).
    if (lastCheck !== null && !pinned()) {
      const again = /** @type {HTMLButtonElement | null} */ (panel.querySelector(`.rb-check[data-check="${CSS.escape(lastCheck)}"]`));
      if (again) placeChecks(again);
      else panel.append(checks);
    }
    // A sheet's tracks and rows with a choice of checks come alive with the script.
    for (const control of /** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".rb-boxes__box[data-tap], .rb-boxes__box[data-tap-act], .rb-choose, .rb-line-act"))) {
      control.disabled = false;
      control.title = control.dataset.title || "";
    }
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".rb-check"))) {
      if (button.dataset.rbMounted) continue;
      button.dataset.rbMounted = "1";
      button.disabled = false;
      button.title = button.dataset.title || "";
      button.addEventListener("click", () => {
        lastCheck = button.dataset.check ?? "";
        placeChecks(button);
      });
      /** @returns {Promise<WidgetRoll>} */
      const request = async () => {
        const values = read();
        const check = button.dataset.check;
        const view = await ask("widget", { name, action: "check", values, check });
        return { ...view, from: { ...rolledFrom(root, values), check } };
      };
      rollbook.onRoll(button, checked, request, (output, view) => {
        showRolled(output, view);
        offerRollShare(output, view);
        carryOn(view.follow);
        // A check may keep something on the sheet, as Python says (Danger World's stat
        // row: the stats it paired and its dice, which the pool roller rerolls): saved
        // at once, like a tap. A shared link's check (rollAgain) keeps nothing.
        if (view.set && Object.keys(view.set).length) {
          write(view.set);
          recompute();
        }
        keepRowInView();
      });
    }
  }
  wireChecks();

  // An action button pressed. One that takes something in (a GM's table: a file, this
  // browser's characters) puts it, as text, in the hidden INCOMING field first; Python
  // reads it, acts, and empties the field.
  const INCOMING = "incoming";
  /** @param {HTMLButtonElement} button */
  const press = async (button) => {
    const act = /** @type {string} */ (button.dataset.act);
    const takes = button.dataset.takes ?? "";
    if (!takes) return recompute(act);
    if (takes.startsWith("roster:")) {
      const kept = loadRoster(takes.slice("roster:".length));
      const characters = kept.kind === "roster" ? kept.roster.characters.map((c) => c.values) : [];
      write({ [INCOMING]: JSON.stringify(characters) });
      return recompute(act);
    }
    if (takes !== "file") return;
    const picker = el("input", "rb-visually-hidden");
    picker.type = "file";
    picker.accept = "application/json,.json";
    picker.addEventListener("change", async () => {
      const file = /** @type {FileList} */ (picker.files)[0];
      picker.remove();
      if (!file) return;
      try {
        write({ [INCOMING]: await readImport(file) });
        recompute(act);
      } catch (error) {
        tell(`${/** @type {Error} */ (error).message}. Nothing was added.`, "error");
      }
    });
    form.append(picker);
    picker.click();
  };

  // A track's box tapped: the fields its tap names are set (as Python worded them),
  // saved at once, and an Undo is offered beside that track until the next change.
  /** @type {{ act?: string | null, track: string, index: number, before: Values | null, said: string, focus: boolean } | null} */
  let tapped = null;
  /** @param {HTMLButtonElement} box */
  const tapBox = (box) => {
    const track = /** @type {HTMLElement} */ (box.closest(".rb-boxes"));
    const before = read();
    const act = box.dataset.tapAct ?? null;
    if (!act) write(JSON.parse(/** @type {string} */ (box.dataset.tap)));
    tapped = {
      act,
      track: track.getAttribute("aria-label") ?? "",
      index: [...track.querySelectorAll(".rb-boxes__box")].indexOf(box),
      before,
      said: `${box.dataset.title}. `,
      focus: document.activeElement === box,
    };
    recompute(act);
  };
  // Where the tap's Undo goes after a redraw: beside the same track, the focus on the same box.
  const placeTapUndo = () => {
    if (!tapped) return;
    const track = [.../** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll(".rb-boxes--taps"))].find(
      (t) => t.getAttribute("aria-label") === tapped?.track,
    );
    if (!track) return;
    const line = /** @type {HTMLElement} */ (track.querySelector(".rb-boxes__undo"));
    const said = el("span", "", tapped.said);
    said.id = `${root.id}-tap-${++offers}`;
    line.replaceChildren(said);
    const before = tapped.before;
    if (before) {
      const undo = el("button", "md-button rb-widget__undo", "Undo");
      undo.type = "button";
      undo.setAttribute("aria-describedby", said.id);
      undo.addEventListener("click", () => {
        if (!tapped) return;
        tapped = { ...tapped, before: null, said: `Undone: ${tapped.track} is as it was.`, focus: true };
        replace(before, true);
      });
      line.append(undo);
    }
    const box = /** @type {HTMLElement | undefined} */ (track.querySelectorAll(".rb-boxes__box")[tapped.index]);
    if (tapped.focus) box?.focus();
    tapped.focus = false;
  };
  panel.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const box = /** @type {HTMLButtonElement | null} */ (target.closest(".rb-boxes__box[data-tap], .rb-boxes__box[data-tap-act]"));
    if (box && !box.disabled) return tapBox(box);
    // A line's own action (a GM's table: remove this NPC, move it up): pressed with its argument.
    const lineAct = /** @type {HTMLButtonElement | null} */ (target.closest(".rb-line-act"));
    if (lineAct && !lineAct.disabled) {
      tapped = null;
      return recompute(lineAct.dataset.act);
    }
    // A chance's exact fraction (and the rest of Python's answer) on demand, and back.
    const chance = /** @type {HTMLButtonElement | null} */ (target.closest(".rb-chance[data-exact]"));
    if (chance) {
      const exact = chance.getAttribute("aria-pressed") !== "true";
      chance.setAttribute("aria-pressed", String(exact));
      chance.textContent = /** @type {string} */ (exact ? chance.dataset.exact : chance.dataset.chance);
      chance.classList.toggle("rb-chance--exact", exact);
      return;
    }
    // A row that rolls one of several checks (a partner stat): its choices open under it.
    const choose = /** @type {HTMLButtonElement | null} */ (target.closest(".rb-choose"));
    if (choose && !choose.disabled) {
      const open = choose.getAttribute("aria-expanded") !== "true";
      choose.setAttribute("aria-expanded", String(open));
      const choices = /** @type {HTMLElement} */ (choose.parentElement?.querySelector(".rb-sheet__choices"));
      choices.hidden = !open;
      if (open) /** @type {HTMLElement | null} */ (choices.querySelector(".rb-check"))?.focus();
    }
  });

  // A play-time value (current HP, XP...): each tap of − or + is saved at once, with Undo.
  // Asked of the form, so that a row added later (a status, say) steps as well.
  form.addEventListener("click", (event) => {
    const step = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(".rb-step"));
    if (!step) return;
    const input = /** @type {HTMLInputElement} */ (/** @type {HTMLElement} */ (step.parentElement).querySelector("input[data-field], input[data-cell]"));
    const label = /** @type {Element} */ (/** @type {Element} */ (step.closest(".rb-field")).querySelector(".rb-field__label")).textContent?.trim();
    const before = input.value.trim();
    const now = Number(before) + Number(step.dataset.step);
    if (before === "" || !Number.isInteger(now)) {
      tell(`${label} needs a whole number first.`, "error");
      return;
    }
    if (now < Number(input.min) || now > Number(input.max)) {
      tell(`${label} is already ${before}, its ${now < Number(input.min) ? "least" : "most"}.`);
      return;
    }
    input.value = String(now);
    recompute();
    const restore = () => {
      input.value = before;
      recompute();
    };
    offerUndo(`${label}: ${before} → ${now}. `, restore, `${label} is back to ${before}.`, step);
  });

  offerOptions(root, boxes);
  for (const fieldset of inBoxes(":scope > [data-rows]")) {
    rowLists.set(/** @type {string} */ (fieldset.dataset.rows), new RowList(fieldset, changed, offerUndo));
  }
  for (const fieldset of inBoxes(":scope > [data-dice]")) {
    diceFields.set(/** @type {string} */ (fieldset.dataset.dice), new DiceField(fieldset, () => {
      tell("");
      changed();
    }));
  }
  for (const button of actButtons) button.addEventListener("click", () => press(button));
  if (root.dataset.store) {
    // A kept sheet saved by another widget of this page (the pool roller carrying a roll to
    // it, or undoing that): shown at once, so that its next save keeps the change.
    /** @param {Event} event */
    const ownSaved = (event) => {
      if (!root.isConnected) {
        window.removeEventListener(SAVED_EVENT, ownSaved);
        return;
      }
      if (/** @type {CustomEvent<{ key: string }>} */ (event).detail?.key !== key) return;
      const now = read();
      const merged = { ...now, ...loadSaved(key) };
      if (JSON.stringify(merged) !== JSON.stringify(now)) replace(merged);
    };
    window.addEventListener(SAVED_EVENT, ownSaved);
  }
  if (sourceKey) {
    // The source saved on this page (its own event) or in another tab (a storage event).
    /** @param {Event} event */
    const sourceChanged = (event) => {
      if (!root.isConnected) {
        // A page left by instant navigation: stop listening rather than save stale values.
        window.removeEventListener(SAVED_EVENT, sourceChanged);
        window.removeEventListener("storage", sourceChanged);
      } else {
        // A save on this page (SAVED_EVENT) or in another tab (a StorageEvent).
        const saved = /** @type {CustomEvent<{ key: string }> & StorageEvent} */ (event);
        if ((saved.detail?.key ?? saved.key) === sourceKey) changed();
      }
    };
    window.addEventListener(SAVED_EVENT, sourceChanged);
    window.addEventListener("storage", sourceChanged);
  }
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    if (/** @type {HTMLInputElement} */ (event.target).type === "file") return;
    tapped = null; // a tap's Undo lasts until the next change
    tell("");
    changed();
  });

  const rollButton = /** @type {HTMLButtonElement | null} */ (form.querySelector(".rb-widget__roll"));
  if (rollButton && rolledOutput) {
    // A refusal the answer already shows is pointed at, not repeated under the button.
    // The answer knows where it came from (this widget, these values), so that its
    // Share and its roll log entry link to this very roll.
    /** @returns {Promise<WidgetRoll>} */
    const request = async () => {
      const values = read();
      try {
        const view = await ask("widget", { name, action: "roll", values });
        return { ...view, from: rolledFrom(root, values) };
      } catch (error) {
        const shownAlready = [...panel.querySelectorAll(":scope > .rb-panel__error")].some(
          (line) => line.textContent === /** @type {Error} */ (error).message,
        );
        throw shownAlready ? new Error("Not rolled: mend the value marked below first.") : error;
      }
    };
    rollbook.onRoll(rollButton, rolledOutput, request, (output, view) => {
      showRolled(output, view);
      offerRollShare(output, view);
    });
  }

  // Reset puts the page's values back; for a while "Undo" restores the reader's own,
  // in the form and in the saved sheet (which other pages may share through `store`).
  const resetButton = /** @type {HTMLButtonElement | null} */ (form.querySelector(".rb-widget__reset"));
  resetButton?.addEventListener("click", () => {
    const before = read();
    clearTimeout(undoTimer);
    if (rolledOutput) rolledOutput.replaceChildren();
    replace(defaults);
    if (JSON.stringify(before) === JSON.stringify(shown)) {
      tell("Nothing to reset: these are the page's values.");
      return;
    }
    offerUndo("Reset to the page's values. ", () => replace(before), "Your values are back.", /** @type {HTMLButtonElement} */ (resetButton));
  });

  form.querySelector(".rb-widget__export")?.addEventListener("click", async () => {
    try {
      /** @type {File} */
      const file = await ask("widget", { name, action: "export", values: read() });
      download(file);
      tell(`Saved ${file.filename}`);
    } catch (error) {
      tell(/** @type {Error} */ (error).message, "error");
    }
  });

  const fileInput = /** @type {HTMLInputElement | null} */ (form.querySelector(".rb-widget__import input[type=file]"));
  fileInput?.addEventListener("change", async () => {
    const file = /** @type {FileList} */ (fileInput.files)[0];
    fileInput.value = "";
    if (!file) return;
    // A sheet with characters imports beside its Export all, and says how it went there.
    if (roster) return roster.importFile(file);
    try {
      const text = await readImport(file);
      /** @type {{ values: Values, panel: WidgetView, characters: Values[] }} */
      const result = await ask("widget", { name, action: "import", text });
      typing.cancel();
      latest++;
      write(result.values);
      keep(read());
      shown = read();
      markEdited(root, JSON.stringify(shown) !== preset);
      showPanel(result.panel);
      tell(`Imported ${file.name}`);
    } catch (error) {
      tell(`${/** @type {Error} */ (error).message}. ${roster ? "Your characters are" : "Your sheet is"} unchanged.`, "error");
    }
  });

  form.hidden = false;
  form.inert = false; // (laid out, inert, from first paint where scripts run: start.js)
  root.classList.add("rb-widget--live"); // (a Play page folds the sheet's setup away only now)
  // A Play page's sheet is played with its setup folded away; open, it is in Edit mode.
  const setup = /** @type {HTMLDetailsElement | null} */ (form.querySelector(".rb-widget__setup"));
  if (setup) {
    const editing = () => root.classList.toggle("rb-widget--editing", setup.open);
    setup.addEventListener("toggle", editing);
    editing();
  }
  const preset = JSON.stringify(read()); // the page's values, before the reader's
  // A sheet kept before it had a store of its own (Peupfudge's) is adopted from its old place.
  const saved = loadSaved(key) ?? (root.dataset.store ? loadSaved(`${STORE}${location.pathname}#${root.id}`) : null);
  const before = JSON.stringify(read());
  // A field a kept sheet lacks (one added since it was saved) starts as a new character's
  // does, not as the page's example's: an old character never gains Rook's weapons.
  if (saved) write(fresh ? { ...fresh, ...saved } : saved);
  shown = read();
  // A roller that reads a sheet was built answering for its page's sheet as built
  // (rules_py/markdown/widget.py): Python is asked again only for a sheet this browser
  // keeps. (Asked at every mount, it was the first thing Python did once ready, ahead
  // of a Roll tapped meanwhile: 110 ms of Danger World's Play page.)
  if (JSON.stringify(shown) !== before || (sourceKey && loadSaved(sourceKey))) recompute(null, true);
  const exportButton = form.querySelector(".rb-widget__export");
  roster =
    root.dataset.store && root.dataset.nameField && exportButton
      ? mountRoster(root, {
          key,
          nameField: root.dataset.nameField,
          read,
          replace,
          defaults,
          fresh: fresh ?? { ...defaults, [root.dataset.nameField]: "" },
          ask,
          download,
        })
      : null;
  const actions = /** @type {HTMLElement | null} */ (form.querySelector(".rb-widget__actions"));
  if (exportButton) printable(root, /** @type {HTMLElement} */ (actions));
  // A shared roll's link: Python rolls the linker's values again from the seed.
  /**
   * @param {Values} values
   * @param {string} seed
   * @param {HTMLElement} into
   * @param {string | null} [check]
   */
  const rollAgain = async (values, seed, into, check) => {
    /** @type {WidgetRoll} */
    const view = check
      ? await ask("widget", { name, action: "check", values, check, seed })
      : await ask("widget", { name, action: "roll", values, seed });
    showRolled(into, view);
    return view;
  };
  shareable(root, {
    key,
    read,
    apply: replace,
    own: () => loadSaved(key) ?? defaults,
    actions,
    rollAgain: rollButton || panel.querySelector(".rb-check") ? rollAgain : null,
    adopt: roster ? (values) => roster.adopt([values]) : null,
  });
}

/**
 * @param {HTMLElement} output
 * @param {WidgetRoll} view
 */
function showRolled(output, view) {
  output.classList.remove("rb-loading", "rb-error");
  const lines = view.lines.map((line) => {
    const row = el("span", "rb-rolled__line");
    if (line.label) row.append(el("span", "rb-rolled__label", line.label));
    // A line's total, or a system's reading of its dice (a Danger World pool's best set).
    row.append(...drawParts(line.parts), drawResult(line));
    return row;
  });
  // A sheet's check says whose it is and what it was first ("Rook: Melee against DC 9").
  const what = view.what ? [el("p", "rb-rolled__what", view.what)] : [];
  output.replaceChildren(...what, ...lines, el("strong", "rb-rolled__outcome", view.outcome), ...drawBlocks(view.blocks || []));
  output.setAttribute("aria-label", view.label);
  flash(output);
}
