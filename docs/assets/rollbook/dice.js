// @ts-check
// A widget's Dice field (rules_py.widgets._fields.Dice): the dice of a roll as a row
// of toggle buttons. Pressing one marks it (for a reroll) or unmarks it; dice of a
// fixed kind (threat dice) cannot be marked. The faces, kinds and words come from
// Python (the fence's attributes and the values it answers); this only draws them.

import { el } from "./draw.js";

/** @typedef {{ face: number, kind: string, marked?: boolean }} Die */

export class DiceField {
  /**
   * @param {HTMLElement} fieldset
   * @param {() => void} onChange
   */
  constructor(fieldset, onChange) {
    this.fieldset = fieldset;
    this.list = /** @type {HTMLElement} */ (fieldset.querySelector(".rb-dice__list"));
    this.fixed = new Set((fieldset.dataset.fixed || "").split(" ").filter(Boolean));
    this.markWord = fieldset.dataset.markWord || "marked";
    this.fixedWord = fieldset.dataset.fixedWord || "";
    this.onChange = onChange;
    this.list.addEventListener("click", (event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button.rb-die"));
      if (!button || !this.list.contains(button) || this.isFixed(button)) return;
      button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
      this.name(button, this.buttons().indexOf(button) + 1);
      onChange();
    });
  }

  /** @returns {HTMLButtonElement[]} */
  buttons() {
    return [.../** @type {NodeListOf<HTMLButtonElement>} */ (this.list.querySelectorAll(":scope > button.rb-die"))];
  }

  /** @param {HTMLElement} button */
  isFixed(button) {
    return this.fixed.has(/** @type {string} */ (button.dataset.kind));
  }

  // The same name rules_py.widgets._fields.Dice.die_name gives: "Die 3: 5, danger, marked for reroll".
  /**
   * @param {HTMLElement} button
   * @param {number} number
   */
  name(button, number) {
    let state = "";
    if (this.isFixed(button) && this.fixedWord) state = `, ${this.fixedWord}`;
    else if (button.getAttribute("aria-pressed") === "true") state = `, ${this.markWord}`;
    button.setAttribute("aria-label", `Die ${number}: ${button.dataset.face}, ${button.dataset.kind}${state}`);
  }

  /** @returns {Die[]} */
  read() {
    return this.buttons().map((button) => ({
      face: Number(button.dataset.face),
      kind: /** @type {string} */ (button.dataset.kind),
      marked: button.getAttribute("aria-pressed") === "true",
    }));
  }

  // Redraw in place, so that a die keeps the keyboard focus when only its face changes.
  /** @param {Die[]} dice (from Python, or a saved sheet: anything else is left alone) */
  write(dice) {
    if (!Array.isArray(dice)) return;
    const buttons = this.buttons();
    buttons.slice(dice.length).forEach((button) => button.remove());
    dice.forEach((die, i) => {
      let button = buttons[i];
      if (!button) {
        button = el("button", "");
        button.type = "button";
        this.list.append(button);
      }
      const fixed = this.fixed.has(die.kind);
      button.className = `rb-part rb-part--die rb-die rb-die--${die.kind}`;
      button.dataset.face = String(die.face);
      button.dataset.kind = die.kind;
      button.textContent = String(die.face);
      if (fixed) {
        button.removeAttribute("aria-pressed");
        button.setAttribute("aria-disabled", "true");
      } else {
        button.setAttribute("aria-pressed", String(die.marked === true));
        button.removeAttribute("aria-disabled");
      }
      this.name(button, i + 1);
    });
  }

  // Where the focus goes when a button it was on stops working: the first die that can be marked.
  focus() {
    const first = this.buttons().find((button) => !this.isFixed(button));
    if (first) first.focus();
    return Boolean(first);
  }
}
