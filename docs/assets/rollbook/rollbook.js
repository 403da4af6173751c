// @ts-check
// Rollbook's page layer: mounts the widgets the Markdown extensions rendered and
// passes messages to the Python worker. It computes nothing itself; results are
// written with textContent, never as HTML.

import { drawChart, drawParts, drawResult, flash, rollArgs } from "./draw.js";
import { onEachPage } from "./pages.js";
import { afterPause } from "./pause.js";
import { fits, forget, loadSaved, markEdited, save } from "./saved.js";
import { offerRollShare, openFragment, shareable } from "./share.js";
import { mountWidget } from "./widget.js";
import "./log.js"; // the roll log: header button, panel, and the entries of "rollbook:rolled"
import "./dicebox.js"; // the dice box: header button, shortcut D, any expression rolled or weighed
import "./tooltips.js"; // a tap on a touch screen leaves no tooltip over what it tapped

// The service worker and the footer's "Available offline": loaded after this module
// runs, so that it never delays the dice's start.
import("./offline.js");

const STORE = "rollbook:odds:";
// How long Python may take to start before the page gives up and offers Retry,
// counted from the worker's start and again from each download progress report
// (a slow link that keeps receiving bytes is not a failure). Tests shorten it
// with window.rollbookConfig = { loadTimeout: ms } set before this module runs.
const LOAD_TIMEOUT = 45_000;

/** @typedef {import("./draw.js").RollView} RollView */
/** @typedef {import("./draw.js").RollLog} RollLog */
/** @typedef {import("./draw.js").ChartView} ChartView */
/** @typedef {{ expression: string, position: number, caret: string }} Where where a dice expression goes wrong */
/** @typedef {Error & { where?: Where, field?: string }} WorkerError Python's refusal: a dice error's place, a refused value's field */
/** @typedef {{ label?: string, log?: RollLog, expr?: string }} Rolled what onRoll and the roll log read of any roll's answer */
/**
 * An odds figure's answer (rules_py.views odds).
 * @typedef {object} OddsView
 * @property {string} expr
 * @property {string} summary
 * @property {{ cells: string[], exact: string[], hit?: boolean }[]} rows
 * @property {ChartView} chart
 * @property {string} [note]
 */
/**
 * The page's side of the Python worker (window.rollbook): the widgets, the dice box,
 * the tests and the benchmark use it.
 * @typedef {object} Rollbook
 * @property {typeof state} state
 * @property {Promise<boolean> | null} ready
 * @property {typeof ask} ask
 * @property {typeof onRoll} onRoll
 * @property {typeof loading} loading
 * @property {typeof showError} showError
 * @property {typeof retry} retry
 * @property {typeof showRoll} showRoll
 * @property {typeof showOdds} showOdds
 * @property {typeof rolled} rolled
 */

/**
 * @type {{
 *   worker: Worker | null,
 *   status: "idle" | "loading" | "ready" | "failed",
 *   error: string,
 *   progress: { loaded: number, total: number } | null,
 *   pending: Map<number, { resolve: (result: any) => void, reject: (error: Error) => void }>,
 *   nextId: number,
 *   timings: { clicks: number[], odds: number[] },
 *   how?: string,
 *   steps?: Record<string, number>,
 *   workerOrigin?: number,
 * }}
 */
const state = {
  worker: null,
  status: "idle", // idle | loading | ready | failed
  error: "",
  progress: null, // { loaded, total }: bytes of the start-up downloads so far, of their total
  pending: new Map(),
  nextId: 1,
  timings: { clicks: [], odds: [] },
};
/** @type {(ready: boolean) => void} */
let readyResolve;
/** @type {number | undefined} */
let timer;
/** @type {Set<HTMLElement>} */
const waiting = new Set(); // elements that say "Getting the dice ready…"
/** @type {Map<HTMLElement, () => void>} */
const stranded = new Map(); // elements that say "Dice unavailable", and how to try again
// Tests and the benchmark read the state and may ask the worker directly.
window.rollbook = { state, ready: null, ask: (op, args, options) => ask(op, args, options), onRoll, loading, showError, retry, showRoll, showOdds, rolled };
newReady();

function newReady() {
  window.rollbook.ready = new Promise((resolve) => (readyResolve = resolve));
}

class Unavailable extends Error {}

function startPython() {
  if (state.worker || state.status === "failed") return;
  state.status = "loading";
  state.progress = null;
  const early = takeEarlyWorker();
  if (!early) performance.mark("rollbook:worker-start");
  let worker;
  try {
    // Served from the offline copy: the worker reads the runtime from it (worker.js).
    const name = navigator.serviceWorker?.controller ? "rollbook offline-copy" : "rollbook";
    worker = early?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
  } catch (error) {
    fail("this browser cannot run module workers");
    return;
  }
  state.worker = worker;
  keepWaiting();
  /** @param {MessageEvent} event */
  const onMessage = (event) => {
    if (state.worker !== worker) return; // a worker given up on
    const message = event.data;
    if (message.type === "progress") {
      state.progress = { loaded: message.loaded, total: message.total };
      keepWaiting();
      for (const element of waiting) {
        if (element.isConnected && element.classList.contains("rb-loading")) element.textContent = loadingText();
        else waiting.delete(element);
      }
      return;
    }
    if (message.type === "ready") {
      clearTimeout(timer);
      state.status = "ready";
      performance.mark("rollbook:python-ready");
      state.how = message.how;
      state.steps = message.steps;
      state.workerOrigin = message.origin - performance.timeOrigin;
      waiting.clear();
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
    // A dice error says where it is ({expression, position, caret}): the dice box points at it;
    // an odds figure's refused value names its field.
    else pending.reject(Object.assign(new Error(message.error), { where: message.where, field: message.field }));
  };
  /** @param {ErrorEvent} event */
  const onError = (event) => {
    event.preventDefault();
    if (state.worker === worker) fail(event.message || "the dice's worker could not start");
  };
  worker.addEventListener("message", onMessage);
  worker.addEventListener("error", onError);
  if (early) {
    worker.onmessage = worker.onerror = null;
    for (const event of early.events) (event.type === "message" ? onMessage : onError)(/** @type {MessageEvent & ErrorEvent} */ (event));
  }
}

// The worker the page's head started (overrides/partials/rollbook-start.html), once.
function takeEarlyWorker() {
  const early = window.rollbookStart;
  window.rollbookStart = null;
  return early?.worker ? early : null;
}

// (Re)start the clock that gives up on a start-up that stopped making progress.
function keepWaiting() {
  clearTimeout(timer);
  const limit = Number(window.rollbookConfig?.loadTimeout) || LOAD_TIMEOUT;
  timer = setTimeout(() => fail(`nothing arrived for ${Math.round(limit / 1000)} s`), limit);
}

/** @param {string} reason */
function fail(reason) {
  clearTimeout(timer);
  state.worker?.terminate();
  state.worker = null;
  state.status = "failed";
  state.error = reason;
  console.warn(`Rollbook: dice unavailable (${reason})`);
  readyResolve(false);
  for (const pending of state.pending.values()) pending.reject(new Unavailable(unavailable()));
  state.pending.clear();
  waiting.clear();
}

function unavailable() {
  return `Dice unavailable (${state.error}).`;
}

// Start Python again, then redo whatever was left saying "Dice unavailable".
function retry() {
  if (state.status !== "failed") return;
  state.status = "idle";
  state.error = "";
  newReady();
  startPython();
  const again = [...stranded];
  stranded.clear();
  for (const [element, redo] of again) if (element.isConnected) redo();
}

// Python's answer to `op` (rules_py.views.handle): JSON whose shape each op has (the
// callers name it), or a refusal, a WorkerError. `later`: a redraw no reader asked for,
// answered after the asks waiting beside it that are not (worker.js).
/**
 * @param {string} op
 * @param {object} args
 * @param {{ later?: boolean }} [options]
 * @returns {Promise<any>}
 */
function ask(op, args, { later = false } = {}) {
  startPython();
  if (state.status === "failed") return Promise.reject(new Unavailable(unavailable()));
  return new Promise((resolve, reject) => {
    const id = state.nextId++;
    state.pending.set(id, { resolve, reject });
    /** @type {Worker} */ (state.worker).postMessage(later ? { id, op, args, later } : { id, op, args });
  });
}

// How far the start-up is: the megabytes downloaded of their total (known once the
// worker has the runtime's manifest), then that the dice are being set up.
function loadingText() {
  const { loaded = 0, total = 0 } = state.progress ?? {};
  if (!total) return "Getting the dice ready…";
  if (loaded >= total) return "Getting the dice ready… downloaded, starting up";
  const mb = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);
  return `Getting the dice ready… ${mb(loaded)} of ${mb(total)} MB (first visit only)`;
}

// An element that waits for an answer: `busyText` once Python runs, else the
// start-up's progress.
/**
 * @param {HTMLElement} element
 * @param {string} busyText
 */
function loading(element, busyText) {
  element.classList.remove("rb-error");
  element.classList.add("rb-loading");
  stranded.delete(element);
  if (state.status === "ready") {
    element.textContent = busyText;
    return;
  }
  element.textContent = loadingText();
  waiting.add(element);
}

// An error in one line; when the dice could not start, "Dice unavailable" and a
// Retry button that starts them again and then calls `again`.
/**
 * @param {HTMLElement} element
 * @param {Error} error
 * @param {() => void} [again]
 */
function showError(element, error, again) {
  element.classList.remove("rb-loading");
  element.classList.add("rb-error");
  waiting.delete(element);
  if (!(error instanceof Unavailable) || !again) {
    element.textContent = error.message;
    return;
  }
  const text = document.createElement("span");
  text.className = "rb-unavailable";
  text.textContent = "Dice unavailable. ";
  text.title = error.message;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rb-retry";
  button.textContent = "Retry";
  button.addEventListener("click", retry);
  element.replaceChildren(text, button);
  stranded.set(element, again);
}

// Inline rolls: <button data-roll> with its <output for=...>.
/** @param {HTMLButtonElement} button */
function mountRoll(button) {
  if (button.dataset.rbMounted) return;
  button.dataset.rbMounted = "1";
  button.disabled = false;
  if (button.dataset.title) button.title = button.dataset.title; // not "Rolling needs JavaScript"
  const output = /** @type {HTMLOutputElement} */ (document.querySelector(`output[for="${CSS.escape(button.id)}"]`));
  /** @type {(output: HTMLElement, view: RollView) => void} */
  const show = (output, view) => (showRoll(output, view), offerRollShare(output, view));
  // A labelled roll (`#!roll 2d6+4 | cast Blast`) keeps its caption in a link to it.
  const caption = button.querySelector(".rb-roll__expr")?.textContent.trim();
  const labelled = caption && caption !== button.dataset.roll ? { caption } : {};
  /** @returns {Promise<RollView>} */
  const roll = async () => ({
    ...(await ask("roll", rollArgs(/** @type {string} */ (button.dataset.roll), button.dataset.reading))),
    ...labelled,
  });
  onRoll(button, output, roll, show);
}

// A roll button: "Getting the dice ready…" until Python answers, then the
// result or the error. Inline rolls, widgets' roll buttons and the dice box alike.
// Once a roll is shown, "rollbook:rolled" tells the page (the roll log listens).
/**
 * @template {Rolled} V
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} output
 * @param {() => Promise<V>} request
 * @param {(output: HTMLElement, view: V) => void} show
 * @param {string} [source]
 */
function onRoll(button, output, request, show, source = button.closest("[data-widget]") ? "widget" : "inline") {
  let pointer = "";
  button.addEventListener("pointerdown", (event) => (pointer = event.pointerType));
  button.addEventListener("click", async () => {
    const clicked = performance.now();
    if (pointer === "touch") {
      // A tap leaves the button focused and "hovered", which keeps Material's
      // tooltip (the button's title) over the result: let go of both.
      button.blur();
      button.dispatchEvent(new MouseEvent("mouseleave"));
    }
    pointer = "";
    const wasReady = state.status === "ready";
    if (wasReady) output.classList.remove("rb-error");
    else loading(output, "");
    button.setAttribute("aria-busy", "true");
    try {
      const view = await request();
      if (wasReady) state.timings.clicks.push(performance.now() - clicked);
      show(output, view);
      speak(output, view.label);
      rolled(source, view);
    } catch (error) {
      showError(output, /** @type {Error} */ (error), () => button.click());
    } finally {
      button.removeAttribute("aria-busy");
    }
  });
}

// Tell the page a roll was shown (the roll log listens): where it was rolled
// ("inline", "widget", "dicebox") and Python's view, whose `log` words the entry.
/**
 * @param {string} source
 * @param {Rolled} view
 */
function rolled(source, view) {
  const detail = { source, what: view.log?.what ?? view.expr, view, time: Date.now() };
  document.dispatchEvent(new CustomEvent("rollbook:rolled", { detail }));
}

// What a screen reader announces for a roll: Python's sentence ("3d6: 3, 5, 3,
// total 11"), not the dice and signs drawn for the eye.
/**
 * @param {HTMLElement} output
 * @param {string} [label]
 */
function speak(output, label) {
  if (!label) return;
  for (const child of output.children) child.setAttribute("aria-hidden", "true");
  const said = document.createElement("span");
  said.className = "rb-visually-hidden";
  said.textContent = label;
  output.prepend(said);
}

/**
 * @param {HTMLElement} output
 * @param {RollView} view
 */
function showRoll(output, view) {
  if (!performance.getEntriesByName("rollbook:first-roll").length) {
    performance.mark("rollbook:first-roll");
  }
  output.classList.remove("rb-loading", "rb-error");
  output.replaceChildren(...drawParts(view.parts), drawResult(view));
  output.setAttribute("aria-label", view.label);
  flash(output);
}

// Odds widgets: <figure data-odds> with a pre-rendered table and chart. The
// inputs' HTML values are the page's preset; Reset goes back to them, and the
// figure is marked "Edited" while the reader's values differ. An empty Target
// means no target.
/** @param {HTMLElement} figure */
function mountOdds(figure) {
  if (figure.dataset.rbMounted) return;
  figure.dataset.rbMounted = "1";
  const form = /** @type {HTMLFormElement | null} */ (figure.querySelector(".rb-odds__controls"));
  if (!form) return;
  form.hidden = false;
  form.inert = false; // (laid out, inert, from first paint where scripts run: start.js)
  const status = /** @type {HTMLElement} */ (form.querySelector(".rb-odds__status"));
  const inputs = [...form.querySelectorAll("input")];
  const key = STORE + location.pathname + "#" + figure.id;
  const saved = loadSaved(key);
  const typing = afterPause(figure, () => recompute(), 150);
  let latest = 0;
  const edited = () => inputs.some((input) => input.value.trim() !== input.defaultValue.trim());
  // Python reads the typed text and names the field it refuses, which is marked invalid.
  /** @param {string | null | undefined} field */
  const markInvalid = (field) => {
    for (const input of inputs) {
      if (input.name === field) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  };
  // `later`: the mount's redraw of the values this browser keeps, which a Roll tapped
  // meanwhile goes ahead of (ask).
  const recompute = async (later = false) => {
    /** @type {Record<string, string>} */
    const values = {};
    markEdited(figure, edited());
    for (const input of inputs) values[input.name] = input.value.trim();
    if (edited()) save(key, values);
    else forget(key);
    const request = ++latest;
    const started = performance.now();
    loading(status, "Computing…");
    figure.setAttribute("aria-busy", "true");
    try {
      /** @type {OddsView} */
      const view = await ask("odds", {
        expr: figure.dataset.odds,
        modifier: values.modifier ?? (figure.dataset.modifier || "0"),
        target: "target" in values ? values.target : (figure.dataset.target ?? null),
        columns: (figure.dataset.columns || "eq ge le").split(" "),
      }, { later });
      if (request !== latest || !figure.isConnected) return;
      showOdds(figure, view);
      markInvalid(null);
      state.timings.odds.push(performance.now() - started);
      status.className = "rb-odds__status";
      status.textContent = "";
    } catch (error) {
      if (request !== latest) return;
      status.className = "rb-odds__status";
      markInvalid(/** @type {WorkerError} */ (error).field);
      showError(status, /** @type {WorkerError} */ (error), recompute);
    } finally {
      if (request === latest) figure.removeAttribute("aria-busy");
    }
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", typing.typed);
  form.querySelector(".rb-odds__reset")?.addEventListener("click", () => {
    typing.cancel();
    for (const input of inputs) input.value = input.defaultValue;
    recompute();
  });
  // Write values (saved, or from a shared link) into the inputs; true if any changed.
  /** @param {import("./saved.js").Values} values */
  const write = (values) => {
    let changed = false;
    for (const input of inputs) {
      if (!(input.name in values) || !fits(values[input.name], input.value)) continue;
      const value = values[input.name] === null ? "" : String(values[input.name]);
      if (value !== input.value) {
        input.value = value;
        changed = true;
      }
    }
    return changed;
  };
  if (saved && write(saved)) recompute(true);
  shareable(figure, {
    key,
    read: () => Object.fromEntries(inputs.map((input) => [input.name, input.value.trim()])),
    apply: (values) => {
      typing.cancel();
      write(values);
      recompute();
    },
    own: () => loadSaved(key) ?? Object.fromEntries(inputs.map((input) => [input.name, input.defaultValue])),
    actions: form,
  });
}

/**
 * @param {HTMLElement} figure
 * @param {OddsView} view
 */
function showOdds(figure, view) {
  /** @type {Element} */ (figure.querySelector(".rb-odds__expr")).textContent = view.expr;
  /** @type {Element} */ (figure.querySelector(".rb-odds__text")).textContent = view.summary;
  const table = /** @type {HTMLTableElement} */ (figure.querySelector("table"));
  /** @type {HTMLTableCaptionElement} */ (table.querySelector("caption")).textContent = `Exact odds of ${view.expr}`;
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
  drawChart(/** @type {SVGSVGElement} */ (figure.querySelector("svg.rb-chart")), view.chart);
  let note = /** @type {HTMLElement | null} */ (figure.querySelector(".rb-odds__note"));
  if (view.note && !note) {
    note = document.createElement("p");
    note.className = "rb-odds__note";
    figure.append(note);
  }
  if (note) {
    note.textContent = /** @type {string} */ (view.note);
    note.hidden = !view.note;
  }
}

const WIDGETS = "button[data-roll], [data-odds], [data-widget]";

function mount() {
  const mounting = performance.now();
  const rolls = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button[data-roll]"));
  const odds = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-odds]"));
  const widgets = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-widget]"));
  // What this browser keeps or a link holds is anyone's to write: one widget it stops
  // costs that widget (which says so), never the others, the page or the next pages.
  /**
   * @template {HTMLElement} E
   * @param {NodeListOf<E>} elements
   * @param {(element: E) => void} mountOne
   */
  const each = (elements, mountOne) => {
    for (const element of elements) {
      try {
        mountOne(element);
      } catch (error) {
        const said = document.createElement("p");
        said.className = "rb-error rb-mount-error";
        said.textContent = "This could not be set up from what this browser keeps for it: its preset values are shown.";
        element.before(said);
      }
    }
  };
  each(rolls, mountRoll);
  each(odds, mountOdds);
  each(widgets, (root) => mountWidget(root, window.rollbook));
  openFragment(window.rollbook);
  // Taps on roll buttons before this module ran (start.js kept them: inline rolls, and
  // a widget's rows and their choices of checks): each is pressed now that its button
  // works, as a tap would be, and a roll is answered once Python is ready.
  for (const button of new Set(window.rollbookTaps?.splice(0) ?? [])) {
    button.removeAttribute("aria-busy"); // a roll's own press marks it busy again
    if (button.isConnected) button.click();
  }
  performance.measure("rollbook:mount", { start: mounting }); // the benchmark reads it
  // One worker serves every page of the visit (instant navigation keeps this module).
  if (rolls.length || odds.length || widgets.length) startPython();
}

// Modules run once the page is parsed, after its first paint: start Python (adopt the
// worker start.js began) at once, before the page's widgets are mounted.
if (document.readyState !== "loading" && document.querySelector(WIDGETS)) startPython();

// Mount now (this module runs once the page is parsed) rather than when Material has
// started, which waits for the dice (material.js) and on a slow phone takes seconds;
// then each page instant navigation brings (mount skips the mounted).
onEachPage(mount);
