// @ts-check
// Offline and installable: registers the site's service worker (sw.js, written by
// the build: see scripts/offline.mjs) and says in each page's footer whether the
// site is saved on this device: "Saving for offline… N%", then "Available
// offline" with a button that removes the offline copy, once asked to confirm, and
// never while the browser is offline (the copy is then what the site runs on). Where service workers
// cannot run (an old browser, a page not served over HTTPS, scripts/serve) the
// footer says nothing.

import { onEachPage } from "./pages.js";
import { readStored, removeStored, writeStored } from "./store.js";

const root = new URL("../../", import.meta.url); // the site's address, under any path
const script = new URL("sw.js", root);
const REMOVED = "rollbook:offline:removed"; // the reader removed the offline copy: don't save it again
// When the build saved now took over (scripts/sw.js TOOK_OVER; a registration's scope is root).
const TOOK_OVER = `rollbook-took-over-${root.href}`;

/** @typedef {"none" | "saving" | "ready" | "confirm" | "kept" | "updated" | "failed" | "removed"} State */
/** @typedef {{ state: State, saved: number, total: number, looked: number }} Offline */

/** @type {Offline} */
const offline = {
  state: "none", // none | saving | ready | confirm | kept | updated | failed | removed
  saved: 0,
  total: 0,
  looked: 0, // how many times this page has looked at its saved copy (save() has run)
};
window.rollbookOffline = offline; // read by the tests and the benchmark

/** @type {Record<Exclude<State, "none">, string>} */
const TEXT = {
  saving: "Saving for offline…",
  ready: "Available offline",
  confirm: "Remove the offline copy? Without it, this site needs the network.",
  kept: "Available offline. You are offline now: the copy can only be removed once you are back online.",
  updated: "Available offline: a new version is saved",
  failed: "Could not save for offline",
  removed: "Not saved for offline",
};
/** @type {Partial<Record<State, [label: string, action: () => void, focus?: string][]>>} */
const BUTTONS = {
  ready: [["Remove offline copy", ask]],
  confirm: [
    ["Remove", remove],
    ["Keep it", () => show("ready"), "focus"], // the safe choice takes the keyboard's focus
  ],
  kept: [["Remove offline copy", ask]],
  updated: [["Reload to use it", () => location.reload()]],
  failed: [["Try again", save]],
  removed: [["Save for offline", save]],
};

// The footer's line, made again on each page (instant navigation replaces the footer).
function render() {
  const footer = document.querySelector(".md-footer-meta__inner");
  let box = /** @type {HTMLElement | null} */ (document.querySelector(".rb-offline"));
  if (offline.state === "none") {
    box?.remove();
    return;
  }
  if (!footer) return;
  if (!box) {
    box = document.createElement("div");
    box.className = "rb-offline";
    box.innerHTML =
      '<span class="rb-offline__status" role="status"></span>' +
      '<span class="rb-offline__percent" aria-hidden="true"></span>' +
      '<span class="rb-offline__actions"></span>';
    footer.append(box);
  }
  box.dataset.state = offline.state;
  const status = /** @type {HTMLElement} */ (box.querySelector(".rb-offline__status"));
  if (status.textContent !== TEXT[offline.state]) status.textContent = TEXT[offline.state];
  // The percentage is for the eye; a screen reader hears only the changes of state.
  const percent = offline.state === "saving" && offline.total ? Math.floor((100 * offline.saved) / offline.total) : null;
  /** @type {HTMLElement} */ (box.querySelector(".rb-offline__percent")).textContent = percent === null ? "" : ` ${percent}%`;
  const actions = /** @type {HTMLElement} */ (box.querySelector(".rb-offline__actions"));
  const wanted = BUTTONS[offline.state] ?? [];
  const labels = wanted.map(([label]) => label).join("\n");
  if (actions.dataset.labels === labels) return;
  actions.dataset.labels = labels;
  // The pressed button may go: the keyboard's focus moves to a new one.
  const focused = box.contains(document.activeElement);
  actions.replaceChildren(
    ...wanted.map(([label, action, focus]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "rb-offline__button";
      button.textContent = label;
      button.addEventListener("click", action);
      if (focus) button.dataset.focus = "";
      return button;
    }),
  );
  if (focused) (/** @type {HTMLElement | null} */ (actions.querySelector("[data-focus]")) ?? actions.querySelector("button"))?.focus();
}

/** @param {State} state */
function show(state) {
  offline.state = state;
  render();
}

/** @param {ServiceWorkerRegistration} registration */
function follow(registration) {
  // A worker yet to take over: installing, installed, or still activating (sw.js writes
  // when it took over in that step, and the page reads it once the worker is activated).
  const installing = registration.installing || registration.waiting || (registration.active?.state === "activating" ? registration.active : null);
  if (installing) {
    if (!registration.active) show("saving");
    // A new build being saved: the copy saved before still serves until it takes over.
    else if (offline.state === "none") show("ready");
    installing.addEventListener("statechange", () => {
      if (installing.state === "activated") replacedSinceServed().then((replaced) => show(offline.state === "updated" || replaced ? "updated" : "ready"));
      else if (installing.state === "redundant" && !registration.active) show("failed");
    });
  } else if (registration.active && !ANSWERING.has(offline.state)) {
    show("ready");
  }
}

// Whether a new build took over after this page was served by the one before (then a
// reload uses it). The page learns it from the "controllerchange" event, unless its
// scripts ran only after the takeover (a busy device) and missed it: then from when the
// build took over (sw.js writes it) against when this page was asked for.
/** @returns {Promise<boolean>} */
async function replacedSinceServed() {
  const served = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType("navigation")[0]);
  if (!served || !(served.workerStart > 0)) return false; // not served by a saved build
  const stamp = await caches.match(new URL("took-over", root).href, { cacheName: TOOK_OVER }).catch(() => undefined);
  return Boolean(stamp) && Number(await stamp?.text()) > performance.timeOrigin;
}

// While the reader is asked whether to remove the copy (or told it cannot be removed
// offline, or that a new version is saved and a reload uses it), a later look at the
// same saved copy (the save once the dice have started) leaves the line standing
// instead of putting "Available offline" over it: a new build that took over before
// the dice were ready lost its "Reload to use it".
/** @type {Set<State>} */
const ANSWERING = new Set(["confirm", "kept", "updated"]);

/** @type {WeakSet<ServiceWorkerRegistration>} */
const watched = new WeakSet();
/** @param {ServiceWorkerRegistration} registration */
function watch(registration) {
  if (!watched.has(registration)) {
    watched.add(registration);
    registration.addEventListener("updatefound", () => follow(registration));
  }
  follow(registration);
}

async function save() {
  removeStored(REMOVED);
  let registration;
  try {
    registration = await navigator.serviceWorker.register(script, { scope: root.href });
  } catch (error) {
    // No sw.js here: a site served by scripts/serve, or built without one.
    console.info("Rollbook: this site is not saved for offline use", error);
    show("none");
    return;
  }
  if (!registration) {
    // A browser told to block service workers (as the tests' pages are) answers nothing.
    show("none");
    return;
  }
  watch(registration);
  if (registration.active && !registration.installing) {
    // Saved before: look for a new build now (the browser also does on its own).
    registration.update().catch(() => gone(registration));
  }
  offline.looked += 1;
}

// The site no longer has a service worker (a local build served again by
// scripts/serve, say): drop the old offline copy rather than serve it forever.
/** @param {ServiceWorkerRegistration} registration */
async function gone(registration) {
  const answer = await fetch(script, { method: "HEAD", cache: "no-store" }).catch(() => null);
  if (answer?.status === 404) {
    await clear(registration);
    show("none");
  }
}

/** @param {ServiceWorkerRegistration | null | undefined} registration */
async function clear(registration) {
  await registration?.unregister();
  for (const name of await caches.keys()) {
    if (name.startsWith("rollbook-") && name.endsWith(root.href)) await caches.delete(name);
  }
}

// "Remove offline copy": ask first; while offline, refuse and say why.
function ask() {
  show(navigator.onLine ? "confirm" : "kept");
}

async function remove() {
  if (!navigator.onLine) {
    show("kept");
    return;
  }
  writeStored(REMOVED, "1");
  const registration = await navigator.serviceWorker.getRegistration(root.href);
  await clear(registration?.scope === root.href ? registration : null);
  show("removed");
}

// A page scripts/serve built says that the site has no service worker here (a meta tag,
// overrides/main.html): none is registered, since the browser refuses a missing sw.js
// with a red error in the console, and one an earlier build left on this address goes.
async function servedWithout() {
  const earlier = await navigator.serviceWorker.getRegistration(root.href);
  const left = earlier?.scope === root.href;
  if (left) await clear(earlier);
  console.info(
    "Rollbook: scripts/serve writes no service worker, so this site is not saved for offline use here" +
      (left ? "; the offline copy an earlier build left here is removed (reload once)." : "."),
  );
}

async function start() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (document.querySelector('meta[name="rollbook:service-worker"][content="none"]')) {
    await servedWithout();
    return;
  }
  addEventListener("online", () => offline.state === "kept" && show("ready"));
  addEventListener("offline", () => offline.state === "confirm" && show("kept"));
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "rollbook:offline") return;
    offline.saved = event.data.saved;
    offline.total = event.data.total;
    if (offline.state === "saving") render();
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new build took over from the one this page was loaded with.
    if (controlled && offline.state !== "removed") show("updated");
    controlled = true;
  });
  if (readStored(REMOVED)) {
    show("removed");
    return;
  }
  // Saved on an earlier visit: say so at once.
  const earlier = await navigator.serviceWorker.getRegistration(root.href);
  if (earlier?.scope === root.href) {
    watch(earlier);
    // (A question asked meanwhile, or a removal, stands.)
    if ((await replacedSinceServed()) && !ANSWERING.has(offline.state) && offline.state !== "removed") show("updated");
  }
  // Let the page and its dice start first: saving the site competes for the network.
  if (document.readyState !== "complete") await new Promise((done) => addEventListener("load", done, { once: true }));
  if (window.rollbook?.state?.status === "loading") await window.rollbook.ready;
  // The reader removed the copy meanwhile (the dice start in seconds on a slow device):
  // saving it now would undo their click.
  if (offline.state === "removed" || readStored(REMOVED)) return;
  await save();
}

// The offline page (offline/?from=PATH) names the address that is not saved.
function nameLostPage() {
  const lost = document.getElementById("rb-offline-lost");
  const from = new URLSearchParams(location.search).get("from");
  if (!lost || !from || lost.querySelector("code")) return;
  const code = document.createElement("code");
  code.textContent = from;
  lost.append(" You asked for ", code, ".");
}

function onPage() {
  render();
  nameLostPage();
}

onEachPage(onPage);
start();
