// @ts-check
// Draws the views Python answers with: dice, charts and widget blocks. The same
// structures are written as HTML at build time (rules_py.markdown); everything
// here goes through textContent and attributes, never HTML strings.

const SVG = "http://www.w3.org/2000/svg";

// The shapes of Python's answers this module draws (rules_py.views, rules_py.widgets).
/** @typedef {{ kind: string, text: string, title?: string }} Part a die kept or dropped, or an operator */
/** @typedef {{ what: string, dice?: string, total?: string, outcome?: string, said?: string, gm?: boolean }} RollLog how the roll log words a roll (`gm`: the GM's roll) */
/**
 * A roll as Python answers it: its dice, and its total or its system's reading.
 * @typedef {object} RollView
 * @property {Part[]} parts
 * @property {number | string | null} [total]
 * @property {string | null} [result] a system's reading of the dice, shown instead of a total
 * @property {string} label Python's sentence for a screen reader
 * @property {string} [expr]
 * @property {number} [seed] from which Python rolls the same dice again (a shared link)
 * @property {string} [reading]
 * @property {string} [caption] a labelled roll's caption (`#!roll 2d6+4 | cast Blast`)
 * @property {string} [what]
 * @property {string} [outcome]
 * @property {RollLog} [log]
 * @property {import("./share.js").RolledFrom} [from] a widget's roll: where it came from
 */
/** @typedef {{ total?: number | string | null, result?: string | null }} Reckoned what drawResult reads */
/**
 * A chart as rules_py.markdown._html.chart_svg draws it, measured by Python.
 * @typedef {object} ChartView
 * @property {number} height
 * @property {number} width
 * @property {string} label
 * @property {{ y: number, items: { band: string, text: string }[] }} [legend]
 * @property {{ top: number, height: number }} plot
 * @property {{ x: number, y: number, width: number, height: number, title: string, hit?: boolean, band?: string }[]} bars
 * @property {number} baseline
 * @property {{ x: number, text: string }[]} labels
 * @property {number} label_y
 * @property {{ y: number, text: string }} [axis]
 */
/** @typedef {{ key: string, label: string }} Check a sheet row's check */
/** @typedef {{ cells: string[], titles: string[], hit?: boolean, check?: Check }} TableRow */
/**
 * A sheet's rolled value in play (rules_py.widgets._blocks.CheckRow): its Roll, its chance.
 * @typedef {object} CheckRow
 * @property {string} key
 * @property {string} name
 * @property {string} value
 * @property {string} label
 * @property {string} chance
 * @property {string} exact
 * @property {string} detail
 * @property {string} title
 * @property {string} note
 * @property {CheckRow[]} [choices]
 */
/** @typedef {{ set?: Record<string, unknown>, act?: string, said: string }} Tap what tapping a track's box sets, or the action it presses */
/**
 * A block of a widget's answer, as rules_py.markdown.widget writes it.
 * @typedef {{ type: "text" | "error", text: string }
 *   | { type: "list", items: string[] }
 *   | { type: "facts", items: { label: string, value: string, title?: string }[] }
 *   | { type: "table", caption: string, head: string[], rows: TableRow[], stack?: boolean }
 *   | { type: "chart", chart: ChartView }
 *   | { type: "track", label: string, total: number, filled: number, text: string, taps?: Tap[], names?: string[] }
 *   | { type: "checks", caption: string, rows: CheckRow[] }
 *   | { type: "group", label: string, blocks: Block[], current?: boolean }
 *   | { type: "buttons", items: { act: string, label: string, text: string }[] }} Kind
 */
/** @typedef {Kind & { edit?: boolean }} Block a block; `edit`: the sheet's setup, shown in Edit mode only */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} name
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(name, className, text) {
  const element = document.createElement(name);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

// Nodes a widget's script adds to its actions (or an odds figure's controls): in the place
// of the one the page as built laid out there (`asBuilt`, rules_py/markdown/widget.py), or
// else before the first of its outputs.
/**
 * @param {HTMLElement} actions
 * @param {string} asBuilt a selector of the stand-in the page was built with
 * @param {...Node} nodes
 */
export function putInActions(actions, asBuilt, ...nodes) {
  const standIn = actions.querySelector(`:scope > ${asBuilt}`);
  const outputs = actions.querySelector(":scope > output");
  if (standIn) standIn.replaceWith(...nodes);
  else if (outputs) outputs.before(...nodes);
  else actions.append(...nodes);
}

/** @typedef {{ filename: string, text: string }} File a file to save: its name and JSON text */

// Hand a file ({ filename, text }) to the browser as a download.
/** @param {File} file */
export function download(file) {
  const url = URL.createObjectURL(new Blob([file.text], { type: "application/json" }));
  const link = el("a");
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svg(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// The dice of one roll: kept dice, dropped dice and operators.
/** @param {Part[]} parts */
export function drawParts(parts) {
  return parts.map((part) => {
    const span = el("span", `rb-part rb-part--${part.kind}`, part.text);
    if (part.title) span.title = part.title;
    else if (part.kind === "dropped") span.title = "dropped";
    if (part.title && part.kind !== "op") span.setAttribute("aria-label", part.title);
    return span;
  });
}

// What the dice of a roll make, after them: its total ("= 11"), or, for a roll a
// system reads (a Danger World pool, a D10/0 die read from 0), Python's reading of
// them ("Best set: 3", "Reads 07"), never a sum.
/** @param {Reckoned} view */
export function drawResult(view) {
  if (view.result != null) return el("strong", "rb-total rb-total--reading", view.result);
  return el("strong", "rb-total", `= ${view.total}`);
}

// The request that rolls an inline roll: its expression, its system reading if any.
/**
 * @param {string} expr
 * @param {string | null} [reading]
 * @param {string | number} [seed]
 */
export function rollArgs(expr, reading, seed) {
  /** @type {{ expr: string, reading?: string, seed?: string | number }} */
  const args = { expr };
  if (reading) args.reading = reading;
  if (seed !== undefined) args.seed = seed;
  return args;
}

// Restart the highlight that tells the reader a new result arrived.
/** @param {HTMLElement} element */
export function flash(element) {
  element.classList.remove("rb-fresh");
  void element.offsetWidth;
  element.classList.add("rb-fresh");
}

// The main thread draws so many things at once, then lets the page answer (a click,
// a key, a paint) before the next ones: thousands of rows or bars drawn in one go
// froze the page for seconds (issue 28, item 10).
export const AT_ONCE = 100;

// The next task: what the page has waiting (input, a paint) runs first.
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Which drawing of each chart is the latest: an older one's remaining bars are dropped.
/** @type {WeakMap<Element, object>} */
const drawings = new WeakMap();

// The same SVG as rules_py.markdown._html.chart_svg writes at build time: bars in a
// plot that stretches, text (ticks, axis title, legend) in CSS pixels. Past AT_ONCE
// bars, the rest are added AT_ONCE a task; the promise says when all are drawn.
/**
 * @param {Element} chart
 * @param {ChartView} view
 * @returns {Promise<void>}
 */
export async function drawChart(chart, view) {
  const drawing = {};
  drawings.set(chart, drawing);
  for (const name of ["viewBox", "preserveAspectRatio"]) chart.removeAttribute(name);
  for (const [key, value] of Object.entries({ class: "rb-chart", width: "100%", height: view.height, role: "img", "aria-label": view.label })) {
    chart.setAttribute(key, String(value));
  }
  chart.setAttribute("data-search-exclude", ""); // as the build writes it: no chart in search
  const children = [];
  if (view.legend) {
    const legend = svg("text", { class: "rb-chart__legend", x: 0, y: view.legend.y });
    view.legend.items.forEach((item, i) => {
      legend.append(
        svg("tspan", { class: `rb-chart__key rb-chart__key--${item.band}`, dx: i ? 14 : 0 }, "■"),
        svg("tspan", { dx: 4 }, item.text),
      );
    });
    children.push(legend);
  }
  const plot = svg("svg", {
    class: "rb-chart__plot", x: 0, y: view.plot.top, width: "100%", height: view.plot.height,
    viewBox: `0 0 ${view.width} ${view.plot.height}`, preserveAspectRatio: "none",
  });
  /** @param {ChartView["bars"][number]} bar */
  const drawBar = (bar) => {
    const cls = `rb-chart__bar${bar.hit ? " rb-chart__bar--hit" : ""}${bar.band ? ` rb-chart__bar--${bar.band}` : ""}`;
    const rect = svg("rect", { class: cls, x: bar.x, y: bar.y, width: bar.width, height: bar.height });
    rect.append(svg("title", {}, bar.title));
    return rect;
  };
  plot.append(...view.bars.slice(0, AT_ONCE).map(drawBar));
  children.push(plot, svg("line", { class: "rb-chart__axis", x1: 0, y1: view.baseline, x2: "100%", y2: view.baseline }));
  for (const label of view.labels) {
    children.push(svg("text", { class: "rb-chart__label", x: label.x, y: view.label_y, "text-anchor": "middle" }, label.text));
  }
  if (view.axis) {
    children.push(svg("text", { class: "rb-chart__title", x: "50%", y: view.axis.y, "text-anchor": "middle" }, view.axis.text));
  }
  chart.replaceChildren(...children);
  for (let at = AT_ONCE; at < view.bars.length; at += AT_ONCE) {
    await nextTask();
    if (drawings.get(chart) !== drawing) return; // drawn anew since
    plot.append(...view.bars.slice(at, at + AT_ONCE).map(drawBar));
  }
}

/** @param {ChartView} view */
function newChart(view) {
  const chart = svg("svg", {});
  drawChart(chart, view);
  return chart;
}

// The die drawn on a roll button, as rules_py.markdown._html.DIE_ICON.
function dieIcon() {
  const icon = svg("svg", { class: "rb-die-icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  icon.append(svg("rect", { x: 3, y: 3, width: 18, height: 18, rx: 4 }));
  for (const [cx, cy] of [[8, 8], [16, 16], [12, 12]]) {
    icon.append(svg("circle", { cx, cy, r: 1.6 }));
  }
  return icon;
}

// A check's roll button, as rules_py.markdown.widget writes it (widget.js enables it
// and rolls the check it names).
/**
 * @param {Check} check
 * @param {string} [text]
 */
function checkButton(check, text = "Roll") {
  const button = el("button", "rb-check");
  button.type = "button";
  button.dataset.check = check.key;
  button.dataset.title = check.label;
  button.setAttribute("aria-label", check.label);
  button.append(dieIcon(), text);
  return button;
}

// A sheet row's roll button in a table, as rules_py.markdown.widget.check_cell writes it.
/**
 * @param {Check} check
 * @param {string} label
 */
function checkCell(check, label) {
  const cell = el("td", "rb-check-col");
  if (label) cell.dataset.label = label;
  cell.append(checkButton(check));
  return cell;
}

// A row's chance: its percentage; pressed, its exact fraction (widget.js toggles it).
/** @param {CheckRow} row */
function chanceOf(row) {
  if (!row.chance) return el("span", "rb-chance rb-chance--none");
  const exact = row.exact + (row.detail ? `; ${row.detail}` : "");
  const button = el("button", "rb-chance", row.chance);
  button.type = "button";
  button.title = `Exactly ${exact}`;
  button.setAttribute("aria-label", `Chance ${row.chance}: show it exactly`);
  button.setAttribute("aria-pressed", "false");
  button.dataset.chance = row.chance;
  button.dataset.exact = exact;
  return button;
}

// A sheet's rolled values in play, as rules_py.markdown.widget._sheet_checks writes them.
/** @param {Extract<Block, { type: "checks" }>} block */
function drawSheetChecks(block) {
  const box = el("div", "rb-sheet");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", block.caption);
  const list = el("ul", "rb-sheet__rows");
  for (const row of block.rows) {
    const item = el("li", "rb-sheet__row");
    const name = el("span", "rb-sheet__name", row.name);
    if (row.title) name.title = row.title;
    if (row.note) name.append(el("small", "rb-sheet__note", row.note));
    // The chance as paper shows it (a printed sheet has no buttons).
    const paper = el("span", "rb-sheet__paper", row.chance);
    paper.setAttribute("aria-hidden", "true");
    item.append(name, el("span", "rb-sheet__value", row.value), chanceOf(row), paper);
    if (!row.choices?.length) item.append(checkButton(row));
    else {
      item.classList.add("rb-sheet__row--choices");
      const choose = el("button", "rb-choose");
      choose.type = "button";
      choose.setAttribute("aria-expanded", "false");
      choose.setAttribute("aria-label", row.label);
      choose.dataset.title = row.label;
      choose.append(dieIcon(), "Roll");
      const picks = el("ul", "rb-sheet__choices");
      picks.hidden = true;
      for (const choice of row.choices) {
        const pick = el("li", "rb-sheet__choice");
        pick.dataset.name = choice.name; // a printed sheet lists each choice and its chance
        if (choice.chance) pick.dataset.chance = choice.chance;
        pick.append(checkButton(choice, choice.name), chanceOf(choice));
        picks.append(pick);
      }
      item.append(choose, picks);
    }
    list.append(item);
  }
  box.append(el("p", "rb-sheet__caption", block.caption), list);
  return box;
}

// A track whose boxes a player taps, as rules_py.markdown.widget._tapped_boxes writes it.
/** @param {Extract<Block, { type: "track" }>} block */
function drawTappedBoxes(block) {
  const line = el("div", "rb-boxes rb-boxes--taps");
  line.setAttribute("role", "group");
  line.setAttribute("aria-label", block.label);
  const row = el("span", "rb-boxes__row");
  (block.taps ?? []).forEach((tap, n) => {
    const filled = n < block.filled;
    const box = el("button", `rb-boxes__box${filled ? " rb-boxes__box--filled" : ""}`);
    box.type = "button";
    box.setAttribute("aria-label", `${block.names?.[n] ?? `${block.label} ${n + 1}`}: ${filled ? "ticked" : "empty"}`);
    box.dataset.title = tap.said;
    if (tap.act) box.dataset.tapAct = tap.act;
    else box.dataset.tap = JSON.stringify(tap.set);
    row.append(box);
  });
  line.append(el("span", "rb-boxes__label", block.label), row, el("span", "rb-boxes__count", block.text), el("span", "rb-boxes__undo"));
  return line;
}

// A table too wide for a phone (Python says which) names each value's column in
// data-label, which the CSS shows beside the value when it draws the rows as cards.
/** @param {Extract<Block, { type: "table" }>} block */
function drawTable(block) {
  const table = el("table", block.stack ? "rb-table rb-table--stack" : "rb-table");
  table.append(el("caption", "", block.caption));
  const head = el("tr");
  const checks = block.rows.some((row) => row.check);
  block.head.forEach((text, i) => {
    // A column without a heading is a plain cell, as rules_py.markdown.widget writes it.
    const th = el(text ? "th" : "td", checks && i === block.head.length - 1 ? "rb-check-col" : "", text);
    if (text) th.scope = "col";
    head.append(th);
  });
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const row of block.rows) {
    const tr = el("tr", row.hit ? "rb-hit" : "");
    row.cells.forEach((text, i) => {
      const cell = el(i === 0 ? "th" : "td", "", text);
      if (i === 0) cell.scope = "row";
      if (row.titles[i]) cell.title = row.titles[i];
      if (block.stack && i && block.head[i]) cell.dataset.label = block.head[i];
      tr.append(cell);
    });
    if (row.check) tr.append(checkCell(row.check, block.stack ? block.head[block.head.length - 1] : ""));
    else if (block.head.length > row.cells.length) tr.append(el("td", "rb-check-col"));
    body.append(tr);
  }
  table.append(thead, body);
  const box = el("div", "rb-panel__table");
  box.tabIndex = 0; // the box scrolls: reachable from the keyboard, and named
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", block.caption);
  box.append(table);
  return box;
}

// A widget's answer: the same blocks rules_py.markdown.widget writes at build time.
/**
 * @param {Block[]} blocks
 * @returns {(HTMLElement | SVGElement)[]}
 */
export function drawBlocks(blocks) {
  return blocks.map((block) => {
    const drawn = drawBlock(block);
    if (!block.edit) return drawn;
    // The sheet's setup: a Play page shows it in Edit mode only (rollbook.css).
    const wrapper = el("div", "rb-edit-only");
    wrapper.append(drawn);
    return wrapper;
  });
}

// One block, as rules_py.markdown.widget._block writes it.
/**
 * @param {Block} block
 * @returns {HTMLElement | SVGElement}
 */
function drawBlock(block) {
  switch (block.type) {
    case "text":
      return el("p", "rb-panel__text", block.text);
    case "error":
      return el("p", "rb-panel__error rb-error", block.text);
    case "list": {
      const list = el("ul", "rb-panel__list");
      for (const item of block.items) list.append(el("li", "", item));
      return list;
    }
    case "facts": {
      const list = el("dl", "rb-facts");
      for (const item of block.items) {
        const pair = el("div");
        const value = el("dd", "", item.value);
        if (item.title) value.title = item.title;
        pair.append(el("dt", "", item.label), value);
        list.append(pair);
      }
      return list;
    }
    case "table":
      return drawTable(block);
    case "chart":
      return newChart(block.chart);
    case "checks":
      return drawSheetChecks(block);
    case "group": {
      // One line of a GM's table, as rules_py.markdown.widget writes it.
      const group = el("div", `rb-group${block.current ? " rb-group--current" : ""}`);
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", block.label);
      if (block.current) group.setAttribute("aria-current", "true");
      group.append(el("p", "rb-group__label", block.label), ...drawBlocks(block.blocks));
      return group;
    }
    case "buttons": {
      const line = el("div", "rb-buttons");
      for (const item of block.items) {
        const button = el("button", "md-button rb-line-act", item.text);
        button.type = "button";
        button.dataset.act = item.act;
        button.dataset.title = item.label;
        if (item.label !== item.text) button.setAttribute("aria-label", item.label);
        line.append(button);
      }
      return line;
    }
    case "track": {
      if (block.taps?.length) return drawTappedBoxes(block);
      // Boxes to tick, as rules_py.markdown.widget writes them; the words say the count.
      const line = el("p", "rb-boxes");
      const row = el("span", "rb-boxes__row");
      row.setAttribute("aria-hidden", "true");
      for (let n = 0; n < block.total; n++) {
        row.append(el("span", `rb-boxes__box${n < block.filled ? " rb-boxes__box--filled" : ""}`));
      }
      line.append(el("span", "rb-boxes__label", block.label), row, el("span", "rb-boxes__count", block.text));
      return line;
    }
    default:
      return el("p", "rb-error", `Cannot show a ${/** @type {{ type: string }} */ (block).type} block`);
  }
}
