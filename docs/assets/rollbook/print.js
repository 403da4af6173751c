// Printable sheets: a portable widget (a character builder) prints alone, as one
// page: the reader's values as "Label: value" lines, read from the form's own
// labels, then Python's answer (the computed sheet). The print stylesheet
// (rollbook.css, "Printable sheets") hides everything else; nothing is computed here.

import { el } from "./draw.js";

// The value a control shows: a choice's text, a box's yes or no, or what was typed.
function shown(control) {
  if (control.type === "checkbox") return control.checked ? "Yes" : "No";
  if (control.tagName === "SELECT") return control.selectedOptions[0]?.textContent.trim() || "—";
  return control.value.trim() || "—";
}

function labelOf(field) {
  return field.querySelector(".rb-field__label")?.textContent.trim() || "";
}

function line(label, value) {
  const item = el("div", "rb-print-values__item");
  item.append(el("dt", "", `${label}:`), el("dd", "", value));
  return item;
}

// The form's values as a list of "Label: value", skipping the fields the sheet does not use.
export function sheetValues(root) {
  const sheet = el("div", "rb-print-values");
  const title = root.querySelector(".rb-widget__form")?.getAttribute("aria-label");
  if (title) sheet.append(el("p", "rb-print-values__title", title));
  const list = el("dl", "rb-print-values__list");
  sheet.append(list);
  const fields = root.querySelector(".rb-widget__fields");
  for (const field of fields.children) {
    if (field.hidden) continue;
    if (field.matches("[data-rows]")) {
      const rows = [...field.querySelectorAll(".rb-rows__list > .rb-row")].map((row) =>
        [...row.querySelectorAll(".rb-field")]
          .filter((cell) => cell.querySelector("[data-cell]"))
          .map((cell) => `${labelOf(cell)}: ${shown(cell.querySelector("[data-cell]"))}`)
          .join(", "),
      );
      const legend = field.querySelector("legend")?.textContent.trim() || "";
      const item = el("div", "rb-print-values__item rb-print-values__rows");
      const dd = el("dd");
      if (rows.length) {
        const ul = el("ul");
        for (const row of rows) ul.append(el("li", "", row));
        dd.append(ul);
      } else dd.textContent = "none";
      item.append(el("dt", "", `${legend}:`), dd);
      list.append(item);
      continue;
    }
    const control = field.querySelector("[data-field]");
    if (control) list.append(line(labelOf(field), shown(control)));
  }
  return sheet;
}

// Print `root` alone: mark it and the path to it, print, then put the page back.
export function printSheet(root) {
  const values = sheetValues(root);
  root.querySelector(".rb-widget__form").after(values);
  const path = [];
  for (let node = root.parentElement; node; node = node.parentElement) {
    node.classList.add("rb-print-path");
    path.push(node);
  }
  root.classList.add("rb-printing");
  document.documentElement.classList.add("rb-print-one");
  const done = () => {
    values.remove();
    root.classList.remove("rb-printing");
    for (const node of path) node.classList.remove("rb-print-path");
    document.documentElement.classList.remove("rb-print-one");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}

// A "Print sheet" button among the widget's actions.
export function printable(root, actions) {
  const button = el("button", "md-button rb-print", "Print sheet");
  button.type = "button";
  button.addEventListener("click", () => printSheet(root));
  const outputs = actions.querySelector(":scope > output");
  if (outputs) outputs.before(button);
  else actions.append(button);
}
