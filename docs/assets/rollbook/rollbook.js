// Rollbook's page layer: mounts the widgets the Markdown extensions rendered and
// passes messages to the Python worker. It computes nothing itself; results are
// written with textContent, never as HTML.

import { drawChart, drawParts, flash } from "./draw.js";
import { loadSaved, save } from "./saved.js";
import { mountWidget } from "./widget.js";

const STORE = "rollbook:odds:";
const state = {
  worker: null,
  status: "idle", // idle | loading | ready | failed
  error: "",
  pending: new Map(),
  nextId: 1,
  timings: { clicks: [], odds: [] },
};
let readyResolve;
const readyPromise = new Promise((resolve) => (readyResolve = resolve));
// Tests and the benchmark read the state and may ask the worker directly.
window.rollbook = { state, ready: readyPromise, ask: (op, args) => ask(op, args), onRoll };

function startPython() {
  if (state.worker || state.status === "failed") return;
  state.status = "loading";
  performance.mark("rollbook:worker-start");
  try {
    state.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    fail("this browser cannot run module workers");
    return;
  }
  state.worker.addEventListener("message", (event) => {
    const message = event.data;
    if (message.type === "ready") {
      state.status = "ready";
      performance.mark("rollbook:python-ready");
      state.how = message.how;
      state.steps = message.steps;
      state.workerOrigin = message.origin - performance.timeOrigin;
      readyResolve(true);
      return;
    }
    if (message.type === "failed") {
      fail(message.error);
      return;
    }
    const pending = state.pending.get(message.id);
    if (!pending) return;
    state.pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new Error(message.error));
  });
  state.worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.message || "the Python worker could not start");
  });
}

function fail(reason) {
  state.status = "failed";
  state.error = reason;
  readyResolve(false);
  for (const pending of state.pending.values()) pending.reject(new Error(unavailable()));
  state.pending.clear();
  for (const output of document.querySelectorAll(".rb-roll__output.rb-loading")) {
    showError(output, unavailable());
  }
}

function unavailable() {
  return `Dice unavailable: Python could not load (${state.error}).`;
}

function ask(op, args) {
  startPython();
  if (state.status === "failed") return Promise.reject(new Error(unavailable()));
  return new Promise((resolve, reject) => {
    const id = state.nextId++;
    state.pending.set(id, { resolve, reject });
    state.worker.postMessage({ id, op, args });
  });
}

function showError(output, text) {
  output.classList.remove("rb-loading");
  output.classList.add("rb-error");
  output.textContent = text;
}

// Inline rolls: <button data-roll> with its <output for=...>.
function mountRoll(button) {
  if (button.dataset.rbMounted) return;
  button.dataset.rbMounted = "1";
  button.disabled = false;
  const output = document.querySelector(`output[for="${CSS.escape(button.id)}"]`);
  onRoll(button, output, () => ask("roll", { expr: button.dataset.roll }), showRoll);
}

// A roll button: "Loading dice…" until Python answers, then the result or the error.
function onRoll(button, output, request, show) {
  button.addEventListener("click", async () => {
    const clicked = performance.now();
    const wasReady = state.status === "ready";
    output.classList.remove("rb-error");
    if (!wasReady) {
      output.classList.add("rb-loading");
      output.textContent = "Loading dice…";
    }
    button.setAttribute("aria-busy", "true");
    try {
      const view = await request();
      if (wasReady) state.timings.clicks.push(performance.now() - clicked);
      show(output, view);
    } catch (error) {
      showError(output, error.message);
    } finally {
      button.removeAttribute("aria-busy");
    }
  });
}

function showRoll(output, view) {
  if (!performance.getEntriesByName("rollbook:first-roll").length) {
    performance.mark("rollbook:first-roll");
  }
  output.classList.remove("rb-loading", "rb-error");
  const total = document.createElement("strong");
  total.className = "rb-total";
  total.textContent = `= ${view.total}`;
  output.replaceChildren(...drawParts(view.parts), total);
  output.setAttribute("aria-label", view.label);
  flash(output);
}

// Odds widgets: <figure data-odds> with a pre-rendered table and chart.
function mountOdds(figure) {
  if (figure.dataset.rbMounted) return;
  figure.dataset.rbMounted = "1";
  const form = figure.querySelector(".rb-odds__controls");
  if (!form) return;
  form.hidden = false;
  const status = form.querySelector(".rb-odds__status");
  const key = STORE + location.pathname + "#" + figure.id;
  const saved = loadSaved(key);
  let timer = null;
  let latest = 0;
  const recompute = async () => {
    const values = {};
    for (const input of form.querySelectorAll("input")) {
      if (input.value.trim() === "" && input.name === "target") continue;
      if (!/^-?\d+$/.test(input.value.trim())) {
        status.textContent = `${input.name} must be a whole number`;
        status.className = "rb-odds__status rb-error";
        return;
      }
      values[input.name] = Number(input.value);
    }
    save(key, values);
    const request = ++latest;
    const started = performance.now();
    status.className = "rb-odds__status rb-loading";
    status.textContent = state.status === "ready" ? "Computing…" : "Loading Python…";
    figure.setAttribute("aria-busy", "true");
    try {
      const view = await ask("odds", {
        expr: figure.dataset.odds,
        modifier: values.modifier ?? Number(figure.dataset.modifier || 0),
        target: "target" in values ? values.target : figure.dataset.target ? Number(figure.dataset.target) : null,
        columns: (figure.dataset.columns || "eq ge le").split(" "),
      });
      if (request !== latest || !figure.isConnected) return;
      showOdds(figure, view);
      state.timings.odds.push(performance.now() - started);
      status.className = "rb-odds__status";
      status.textContent = "";
    } catch (error) {
      if (request !== latest) return;
      status.className = "rb-odds__status rb-error";
      status.textContent = error.message;
    } finally {
      if (request === latest) figure.removeAttribute("aria-busy");
    }
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(recompute, 150);
  });
  if (saved) {
    let changed = false;
    for (const input of form.querySelectorAll("input")) {
      if (input.name in saved && String(saved[input.name]) !== input.value) {
        input.value = String(saved[input.name]);
        changed = true;
      }
    }
    if (changed) recompute();
  }
}

function showOdds(figure, view) {
  figure.querySelector(".rb-odds__expr").textContent = view.expr;
  figure.querySelector(".rb-odds__text").textContent = view.summary;
  const table = figure.querySelector("table");
  table.querySelector("caption").textContent = `Exact odds of ${view.expr}`;
  const body = document.createElement("tbody");
  for (const row of view.rows) {
    const tr = document.createElement("tr");
    if (row.hit) tr.className = "rb-hit";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = row.cells[0];
    tr.append(th);
    row.cells.slice(1).forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = text;
      td.title = row.exact[i];
      tr.append(td);
    });
    body.append(tr);
  }
  table.tBodies[0].replaceWith(body);
  drawChart(figure.querySelector("svg.rb-chart"), view.chart);
  let note = figure.querySelector(".rb-odds__note");
  if (view.note && !note) {
    note = document.createElement("p");
    note.className = "rb-odds__note";
    figure.append(note);
  }
  if (note) {
    note.textContent = view.note;
    note.hidden = !view.note;
  }
}

const WIDGETS = "button[data-roll], [data-odds], [data-widget]";

function mount() {
  const rolls = document.querySelectorAll("button[data-roll]");
  const odds = document.querySelectorAll("[data-odds]");
  const widgets = document.querySelectorAll("[data-widget]");
  rolls.forEach(mountRoll);
  odds.forEach(mountOdds);
  widgets.forEach((root) => mountWidget(root, window.rollbook));
  // One worker serves every page of the visit (instant navigation keeps this module).
  if (rolls.length || odds.length || widgets.length) startPython();
}

// Modules run once the page is parsed, after its first paint: start Python at once
// rather than after Material's own start-up, which is what mount() waits for.
if (document.readyState !== "loading" && document.querySelector(WIDGETS)) startPython();

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(mount);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mount);
} else {
  mount();
}
