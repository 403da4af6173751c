// @ts-check
// Printable sheets: a portable widget (a character builder) prints alone, as one
// page: headed with the character's name and the system, then the reader's values
// as "Label: value" lines, read from the form's own labels, then Python's answer
// (the computed sheet). Python declares which fields a sheet leaves out
// (data-print="no": a field that only drives a roll or the form, or whose value
// the answer already shows), so that each value is printed once. The print
// stylesheet (rollbook.css, "Printable sheets") hides everything else, in light
// colours whatever the scheme; nothing is computed here.

import { el, putInActions } from "./draw.js";

// A field or a row's cell the sheet prints.
const printed = (/** @type {HTMLElement} */ field) => !field.hidden && field.dataset.print !== "no";

// The value a control shows: a choice's text, a box's yes or no, or what was typed.
/** @param {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} control */
function shown(control) {
  if (control.type === "checkbox") return /** @type {HTMLInputElement} */ (control).checked ? "Yes" : "No";
  if (control.tagName === "SELECT") return /** @type {HTMLSelectElement} */ (control).selectedOptions[0]?.textContent?.trim() || "—";
  return control.value.trim() || "—";
}

/** @param {Element} field */
function labelOf(field) {
  return field.querySelector(".rb-field__label")?.textContent?.trim() || "";
}

/**
 * @param {string} label
 * @param {string} value
 */
function line(label, value) {
  const item = el("div", "rb-print-values__item");
  item.append(el("dt", "", `${label}:`), el("dd", "", value));
  return item;
}

// The character's name (the widget's data-name-field) over the system and the widget's title.
/** @param {HTMLElement} root */
function heading(root) {
  const title = root.querySelector(".rb-widget__form")?.getAttribute("aria-label") || "";
  const field = root.dataset.nameField;
  const named = field ? /** @type {HTMLInputElement | null} */ (root.querySelector(`[data-field="${CSS.escape(field)}"]`)) : null;
  const name = named?.value.trim() || "";
  const head = el("header", "rb-print-values__head");
  head.append(el("p", "rb-print-values__title", name || title));
  const about = [root.dataset.system, name ? title : ""].filter(Boolean).join(" · ");
  if (about) head.append(el("p", "rb-print-values__system", about));
  return head;
}

// A list of rows (abilities, skills...) as one line per row of its printed cells.
/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Control */

/** @param {HTMLElement} field */
function rowsItem(field) {
  const rows = [...field.querySelectorAll(".rb-rows__list > .rb-row")].map((row) =>
    [.../** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll(".rb-field"))]
      .filter((cell) => printed(cell) && cell.querySelector("[data-cell]"))
      .map((cell) => `${labelOf(cell)}: ${shown(/** @type {Control} */ (cell.querySelector("[data-cell]")))}`)
      .join(", "),
  );
  const legend = field.querySelector("legend")?.textContent?.trim() || "";
  const item = el("div", "rb-print-values__item rb-print-values__rows");
  const dd = el("dd");
  if (rows.length) {
    const ul = el("ul");
    for (const row of rows) ul.append(el("li", "", row));
    dd.append(ul);
  } else dd.textContent = "none";
  item.append(el("dt", "", `${legend}:`), dd);
  return item;
}

// The heading, then the form's values a sheet prints as a list of "Label: value".
/** @param {HTMLElement} root */
export function sheetValues(root) {
  const sheet = el("div", "rb-print-values");
  sheet.append(heading(root));
  const list = el("dl", "rb-print-values__list");
  const fields = [...root.querySelectorAll(".rb-widget__fields")].flatMap((box) => [.../** @type {HTMLCollectionOf<HTMLElement>} */ (box.children)]);
  for (const field of fields) {
    if (!printed(field)) continue;
    if (field.matches("[data-rows]")) {
      list.append(rowsItem(field));
      continue;
    }
    const control = /** @type {Control | null} */ (field.querySelector("[data-field]"));
    if (control) list.append(line(labelOf(field), shown(control)));
  }
  if (list.children.length) sheet.append(list);
  return sheet;
}

// Print `root` alone: mark it and the path to it, print, then put the page back.
/** @param {HTMLElement} root */
export function printSheet(root) {
  const values = sheetValues(root);
  /** @type {Element} */ (root.querySelector(".rb-widget__form")).after(values);
  const notes = el("div", "rb-print-notes");
  notes.append(el("p", "rb-print-notes__label", "Notes"));
  root.append(notes);
  // A track tapped on screen prints as boxes on paper, ticked as they are, to tick by hand.
  /** @type {HTMLElement[]} */
  const papers = [];
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".rb-boxes--taps > .rb-boxes__row"))) {
    const paper = el("span", "rb-boxes__row rb-boxes__paper");
    paper.setAttribute("aria-hidden", "true");
    for (const box of row.querySelectorAll(".rb-boxes__box")) {
      paper.append(el("span", `rb-boxes__box${box.classList.contains("rb-boxes__box--filled") ? " rb-boxes__box--filled" : ""}`));
    }
    row.after(paper);
    papers.push(paper);
  }
  /** @type {HTMLElement[]} */
  const path = [];
  for (let node = root.parentElement; node; node = node.parentElement) {
    node.classList.add("rb-print-path");
    path.push(node);
  }
  root.classList.add("rb-printing");
  document.documentElement.classList.add("rb-print-one");
  const done = () => {
    values.remove();
    notes.remove();
    for (const paper of papers) paper.remove();
    root.classList.remove("rb-printing");
    for (const node of path) node.classList.remove("rb-print-path");
    document.documentElement.classList.remove("rb-print-one");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}

// A "Print sheet" button among the widget's actions.
/**
 * @param {HTMLElement} root
 * @param {HTMLElement} actions
 */
export function printable(root, actions) {
  const button = el("button", "md-button rb-print", "Print sheet");
  button.type = "button";
  button.addEventListener("click", () => printSheet(root));
  putInActions(actions, ".rb-print", button);
}
