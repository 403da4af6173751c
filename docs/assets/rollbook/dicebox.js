// @ts-check
// The dice box: from any page (a header button, or the D key), the reader types
// any expression in the site's notation, rolls it (the roll goes to the roll log
// like any other) and reads its exact odds, table and chart. Python parses,
// rolls and weighs; a mistake comes back with its position, and the box writes
// the expression with a caret under it, as the command line does. The last
// expression is remembered in this browser.

import { AT_ONCE, drawChart, el, nextTask } from "./draw.js";
import { ICONS, focusBack, headerButton, onShortcut, panelDialog } from "./header.js";
import { afterPause } from "./pause.js";
import { readStored, writeStored } from "./store.js";

export const KEY = "rollbook:dicebox";
const EXAMPLE = "3d6";
const SVG = "http://www.w3.org/2000/svg";

// (Storage blocked: the box starts from the example each time.)
const remembered = () => readStored(KEY) ?? EXAMPLE;
const remember = (/** @type {string} */ expr) => writeStored(KEY, expr);

// The box's markup, written once: the same classes as a page's odds figure, so
// that rollbook.js's showOdds fills it in and rollbook.css styles it.
function makeBox() {
  const dialog = panelDialog("dicebox", "Dice box", "Close the dice box", () => dialog.close());

  const form = el("form", "rb-dicebox__form");
  form.setAttribute("aria-labelledby", "rb-dicebox-title");
  const label = el("label", "rb-dicebox__label", "Dice expression");
  label.htmlFor = "rb-dicebox-expr";
  const row = el("div", "rb-dicebox__row");
  const input = el("input", "rb-dicebox__input");
  Object.assign(input, { id: "rb-dicebox-expr", name: "expr", type: "text", autocomplete: "off", spellcheck: false, maxLength: 200 });
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("aria-describedby", "rb-dicebox-error rb-dicebox-hint");
  const roll = el("button", "rb-dicebox__roll md-button md-button--primary", "Roll");
  roll.type = "submit";
  row.append(input, roll);
  // What the roll is for ("Goblin 2 attacks"): the roll log names it (a GM's rolls).
  const named = el("label", "rb-dicebox__label", "Label (optional)");
  named.htmlFor = "rb-dicebox-label";
  const labelInput = el("input", "rb-dicebox__input rb-dicebox__name");
  Object.assign(labelInput, { id: "rb-dicebox-label", name: "label", type: "text", autocomplete: "off", maxLength: 60 });
  labelInput.placeholder = "Goblin 2 attacks";
  const caret = el("pre", "rb-dicebox__caret");
  caret.setAttribute("aria-hidden", "true"); // the message below says the position in words
  caret.hidden = true;
  const error = el("p", "rb-dicebox__error rb-error");
  error.id = "rb-dicebox-error";
  const hint = el("p", "rb-dicebox__hint");
  hint.id = "rb-dicebox-hint";
  const notation = el("a", "", "the dice notation");
  notation.href = new URL("../../dice/", import.meta.url).href;
  hint.append("For example 3d6, 2d10k1+2, 4dF, d%, 3d6! or 4d6dl1: see ", notation, ".");
  form.append(label, row, caret, error, hint, named, labelInput);

  const rolled = el("output", "rb-dicebox__rolled rb-roll__output");
  rolled.setAttribute("aria-live", "polite");
  rolled.htmlFor = "rb-dicebox-expr";

  const figure = el("figure", "rb-odds rb-dicebox__odds");
  const caption = el("figcaption", "rb-odds__summary");
  caption.append(el("code", "rb-odds__expr"), " ", el("span", "rb-odds__text"));
  const status = el("p", "rb-odds__status");
  status.setAttribute("role", "status");
  const chart = document.createElementNS(SVG, "svg");
  chart.setAttribute("class", "rb-chart");
  const box = el("div", "rb-odds__table");
  box.tabIndex = 0; // it scrolls: reachable from the keyboard, and named
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "Dice box: odds table");
  const table = el("table", "rb-table");
  const headings = el("tr");
  for (const text of ["Result", "P(=)", "P(≥)", "P(≤)"]) {
    const th = el("th", "", text);
    th.scope = "col";
    headings.append(th);
  }
  const thead = el("thead");
  thead.append(headings);
  table.append(el("caption"), thead, el("tbody"));
  box.append(table);
  figure.append(caption, status, chart, box);
  figure.hidden = true;
  dialog.append(form, rolled, figure);
  document.body.append(dialog);
  return { dialog, form, input, labelInput, roll, caret, error, rolled, figure, status };
}

const box = makeBox();
const typing = afterPause(box.figure, () => weigh(), 200);
let latest = 0;
/** @type {string | null} */
let weighed = null; // the expression the odds were last asked for
/** @type {Element | null} */
let before = null;

// Point at a mistake (Python's `where`: the expression, a caret line under the
// offending character) or clear the marks.
/** @param {import("./rollbook.js").WorkerError | null} error */
function mark(error) {
  const where = error?.where;
  box.error.textContent = error ? error.message : "";
  box.caret.hidden = !where;
  box.caret.textContent = where ? `${where.expression}\n${where.caret}` : "";
  if (error) box.input.setAttribute("aria-invalid", "true");
  else box.input.removeAttribute("aria-invalid");
}

// Odds that no longer answer what is typed go: the chart, the table and their summary
// (under a mistake, the last good expression's odds would read as this one's).
function clearOdds() {
  /** @type {SVGSVGElement} */ (box.figure.querySelector("svg.rb-chart")).replaceChildren();
  /** @type {HTMLTableSectionElement} */ (box.figure.querySelector("tbody")).replaceChildren();
  /** @type {HTMLTableCaptionElement} */ (box.figure.querySelector("caption")).textContent = "";
  for (const part of box.figure.querySelectorAll(".rb-odds__expr, .rb-odds__text")) part.textContent = "";
  box.figure.querySelector(".rb-odds__note")?.remove();
}

// The odds Python answered, drawn as rollbook.js's showOdds draws a page's figure, but
// AT_ONCE rows and bars a task: the largest tables have 3,000 rows (rules_py.dice
// MAX_TOTALS), and drawn at once they froze the page (issue 28, item 10). The figure
// stays aria-busy until the last row is in; a newer answer stops an older drawing.
/**
 * @param {import("./rollbook.js").OddsView} view
 * @param {number} request
 */
async function drawOdds(view, request) {
  const { rows } = view;
  const chart = /** @type {SVGSVGElement} */ (box.figure.querySelector("svg.rb-chart"));
  const bars = { ...view.chart, bars: [] };
  window.rollbook.showOdds(box.figure, { ...view, rows: rows.slice(0, AT_ONCE), chart: bars });
  const charted = drawChart(chart, view.chart);
  const body = /** @type {HTMLTableSectionElement} */ (box.figure.querySelector("tbody"));
  for (let at = AT_ONCE; at < rows.length; at += AT_ONCE) {
    await nextTask();
    if (request !== latest) return;
    body.append(...rows.slice(at, at + AT_ONCE).map(oddsRow));
  }
  await charted;
}

// One row of the odds table, as showOdds writes it: the total, then each chance with
// its exact fraction as its title.
/** @param {import("./rollbook.js").OddsView["rows"][number]} row */
function oddsRow(row) {
  const tr = el("tr", row.hit ? "rb-hit" : "");
  const th = el("th", "", row.cells[0]);
  th.scope = "row";
  tr.append(th);
  row.cells.slice(1).forEach((text, i) => {
    const td = el("td", "", text);
    td.title = row.exact[i];
    tr.append(td);
  });
  return tr;
}

// The exact odds of what the reader typed: the table and chart, or the mistake.
async function weigh() {
  const rollbook = window.rollbook;
  const expr = box.input.value;
  remember(expr);
  weighed = expr;
  const request = ++latest;
  if (!expr.trim()) {
    mark(null);
    box.figure.hidden = true;
    box.figure.removeAttribute("aria-busy"); // nothing to ask
    return;
  }
  box.figure.hidden = false;
  rollbook.loading(box.status, "Computing…");
  box.figure.setAttribute("aria-busy", "true");
  try {
    const view = await rollbook.ask("odds", { expr, columns: ["eq", "ge", "le"] });
    if (request !== latest) return;
    mark(null);
    box.status.className = "rb-odds__status";
    box.status.textContent = "";
    await drawOdds(view, request);
  } catch (caught) {
    const error = /** @type {import("./rollbook.js").WorkerError} */ (caught);
    if (request !== latest) return;
    box.status.className = "rb-odds__status";
    box.status.textContent = "";
    clearOdds();
    if (error.where) {
      mark(error); // said above, by the field: nothing is left to show below
      box.figure.hidden = true;
    } else {
      mark(null);
      rollbook.showError(box.status, error, weigh);
    }
  } finally {
    if (request === latest) box.figure.removeAttribute("aria-busy");
  }
}

let mounted = false;

function open() {
  // rollbook.js defines window.rollbook after its imports (this module among them) ran.
  if (!mounted) mountRoll();
  mounted = true;
  if (box.dialog.open) return box.input.focus();
  before = document.activeElement;
  if (!box.input.value) box.input.value = remembered();
  box.dialog.showModal();
  button.setAttribute("aria-expanded", "true");
  box.input.focus();
  box.input.select();
  weigh();
}

const button = headerButton({
  id: "rb-dicebox-button",
  label: "Dice box",
  title: "Dice box: roll any dice (D)",
  path: ICONS.dice,
  shortcut: "d",
  controls: "rb-dicebox",
});
button.setAttribute("aria-haspopup", "dialog");
button.setAttribute("aria-expanded", "false");
button.addEventListener("click", open);
onShortcut("d", open);

// The close event is a task queued after the box has closed (by Escape, say). Closing
// already gave the focus back to what had it before (the dialog's own focus steps), and
// by the time this runs on a busy page, a key (Escape then L, typed quickly) may have
// opened another panel or the box again, or the reader moved the focus on: wherever the
// focus is, it stays. Only a page where nothing has it (what had it is gone) gets it back.
box.dialog.addEventListener("close", () => {
  button.setAttribute("aria-expanded", "false");
  const now = document.activeElement;
  if (box.dialog.open || (now && now !== document.body && !box.dialog.contains(now))) return;
  focusBack(before, button);
});
// A click on the backdrop (outside the box) closes it, as Escape does.
box.dialog.addEventListener("click", (event) => {
  if (event.target !== box.dialog) return;
  const r = box.dialog.getBoundingClientRect();
  const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
  if (!inside) box.dialog.close();
});
box.form.addEventListener("submit", (event) => event.preventDefault());
box.input.addEventListener("input", typing.typed);

// Rolling goes through rollbook.js's onRoll, like every roll button: loading
// text, Retry, the screen reader's sentence, and "rollbook:rolled" for the log.
// Enter in the field presses Roll (the form's submit button).
function mountRoll() {
  const rollbook = window.rollbook;
  const request = async () => {
    typing.cancel();
    const expr = box.input.value;
    if (expr !== weighed) weigh(); // rolled before the odds caught up with the typing
    try {
      const label = box.labelInput.value.trim();
      const view = await rollbook.ask("roll", label ? { expr, label } : { expr });
      mark(null);
      return view;
    } catch (caught) {
      const error = /** @type {import("./rollbook.js").WorkerError} */ (caught);
      if (!error.where) throw error;
      mark(error);
      box.input.focus();
      box.input.setSelectionRange(error.where.position, error.where.position + 1);
      throw new Error("Not rolled: mend the expression first (the caret marks the mistake).");
    }
  };
  rollbook.onRoll(box.roll, box.rolled, request, rollbook.showRoll, "dicebox");
}

