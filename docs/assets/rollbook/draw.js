// Draws the views Python answers with: dice, charts and widget blocks. The same
// structures are written as HTML at build time (rules_py.markdown); everything
// here goes through textContent and attributes, never HTML strings.

const SVG = "http://www.w3.org/2000/svg";

export function el(name, className, text) {
  const element = document.createElement(name);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function svg(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// The dice of one roll: kept dice, dropped dice and operators.
export function drawParts(parts) {
  return parts.map((part) => {
    const span = el("span", `rb-part rb-part--${part.kind}`, part.text);
    if (part.title) span.title = part.title;
    else if (part.kind === "dropped") span.title = "dropped";
    if (part.title && part.kind !== "op") span.setAttribute("aria-label", part.title);
    return span;
  });
}

// Restart the highlight that tells the reader a new result arrived.
export function flash(element) {
  element.classList.remove("rb-fresh");
  void element.offsetWidth;
  element.classList.add("rb-fresh");
}

export function drawChart(chart, view) {
  chart.setAttribute("aria-label", view.label);
  chart.setAttribute("viewBox", `0 0 ${view.width} ${view.height}`);
  const children = [
    svg("line", { class: "rb-chart__axis", x1: 0, y1: view.baseline, x2: view.width, y2: view.baseline }),
  ];
  for (const bar of view.bars) {
    const rect = svg("rect", {
      class: bar.hit ? "rb-chart__bar rb-chart__bar--hit" : "rb-chart__bar",
      x: bar.x, y: bar.y, width: bar.width, height: bar.height,
    });
    rect.append(svg("title", {}, bar.title));
    children.push(rect);
  }
  for (const label of view.labels) {
    children.push(svg("text", { class: "rb-chart__label", x: label.x, y: label.y, "text-anchor": "middle" }, label.text));
  }
  chart.replaceChildren(...children);
}

function newChart(view) {
  const chart = svg("svg", { class: "rb-chart", role: "img" });
  drawChart(chart, view);
  return chart;
}

function drawTable(block) {
  const table = el("table", "rb-table");
  table.append(el("caption", "", block.caption));
  const head = el("tr");
  for (const text of block.head) {
    // A column without a heading is a plain cell, as rules_py.markdown.widget writes it.
    const th = el(text ? "th" : "td", "", text);
    if (text) th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const row of block.rows) {
    const tr = el("tr", row.hit ? "rb-hit" : "");
    row.cells.forEach((text, i) => {
      const cell = el(i === 0 ? "th" : "td", "", text);
      if (i === 0) cell.scope = "row";
      if (row.titles[i]) cell.title = row.titles[i];
      tr.append(cell);
    });
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
export function drawBlocks(blocks) {
  return blocks.map((block) => {
    switch (block.type) {
      case "text":
        return el("p", "rb-panel__text", block.text);
      case "error":
        return el("p", "rb-panel__error rb-error", block.text);
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
      default:
        return el("p", "rb-error", `Cannot show a ${block.type} block`);
    }
  });
}
