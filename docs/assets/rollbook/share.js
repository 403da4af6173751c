// Share links. Everything travels in the URL's fragment, which the browser never
// sends to the server:
//   #share=<figure or widget id>:<base64url of the JSON values>
//     an odds figure or a widget opened with the linker's inputs;
//   #roll=<expression>&seed=<n>&at=<ISO time>
//     a rolled result, which Python rolls again from its seed to show the very
//     same dice (labelled as shared, never re-rolled from the link).
// Neither form is a heading's id, so Material's anchors and instant navigation
// leave them alone. Python checks every value as usual; this module only reads
// and writes the fragment, copies links and shows notices.

import { copyText } from "./clipboard.js";
import { drawParts, el, flash } from "./draw.js";
import { held } from "./saved.js";

const MAX_FRAGMENT = 20_000; // longer than any sheet's values; anything past it is not ours
const shareables = new Map(); // id -> { root, key, read, apply, own }
let opened = ""; // the fragment this page has already answered
let listening = false;

function encode(values) {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("its values are not in the link's alphabet");
  let binary;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch (error) {
    throw new Error("its values are cut short");
  }
  let values;
  try {
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    values = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new Error("its values cannot be read");
  }
  if (!values || typeof values !== "object" || Array.isArray(values)) throw new Error("it holds no named values");
  return values;
}

function here() {
  return location.href.split("#")[0];
}

// A link to this page that opens `root` (an odds figure or widget) with `values`.
export function stateLink(root, values) {
  return `${here()}#share=${root.id}:${encode(values)}`;
}

// A link that shows a roll: its expression, its seed and when it was rolled.
export function rollLink(view, at) {
  return `${here()}#roll=${encodeURIComponent(view.expr)}&seed=${view.seed}&at=${encodeURIComponent(at)}`;
}

// Copy `link` (clipboard.js), or else offer it in a selected text field the reader
// copies from. `said` tells how it went.
async function copy(link, said, after) {
  said.querySelector(".rb-share__field")?.remove();
  if (await copyText(link)) {
    said.replaceChildren("Link copied");
  } else {
    const field = el("input", "rb-share__field");
    field.type = "text";
    field.readOnly = true;
    field.value = link;
    field.setAttribute("aria-label", "Link to share");
    said.replaceChildren("Copy this link: ", field);
    field.focus();
    field.select();
  }
  flash(said);
  after?.();
}

function shareButton(text, hidden, className = "rb-share-button") {
  const button = el("button", className, text);
  button.type = "button";
  if (hidden) button.append(el("span", "rb-visually-hidden", hidden));
  return button;
}

// An odds figure or a widget that can be shared: a Share button in `actions`
// copies a link to its current values (`read()`); opened from such a link, the
// values are written with `apply(values)` (which recomputes through Python) and
// not saved until the reader keeps them; `own()` is the reader's own values.
export function shareable(root, { key, read, apply, own, actions }) {
  if (!root.id || !actions) return;
  shareables.set(root.id, { root, key, read, apply, own });
  const look = actions.querySelector(".md-button") ? "md-button rb-share" : "rb-share-button rb-share";
  const button = shareButton("Share", " a link to these values", look);
  const said = el("output", "rb-share__said");
  said.setAttribute("aria-live", "polite");
  button.addEventListener("click", () => copy(stateLink(root, read()), said));
  const outputs = actions.querySelector(":scope > output");
  if (outputs) outputs.before(button, said);
  else actions.append(button, said);
}

function notice(root, kind, text, ...actions) {
  root.querySelector(":scope > .rb-shared")?.remove();
  const box = el("div", `rb-shared${kind ? ` rb-shared--${kind}` : ""}`);
  box.setAttribute("role", "status");
  box.append(el("span", "rb-shared__text", text), ...actions);
  root.prepend(box);
  return box;
}

function forgetFragment() {
  opened = "";
  history.replaceState(history.state, "", here());
}

function openState(target, payload) {
  const entry = shareables.get(target);
  if (!entry || !entry.root.isConnected) {
    pageNotice(`This shared link points to “${target}”, which is not on this page.`);
    return;
  }
  const { root, key, read, apply, own } = entry;
  let values;
  try {
    values = decode(payload);
  } catch (error) {
    notice(root, "error", `This shared link is damaged (${error.message}): showing your own values.`);
    scrollTo(root);
    return;
  }
  held.add(key);
  apply(values);
  const back = shareButton("Back to your values");
  const keep = shareButton("Keep these");
  const done = () => {
    box.remove();
    forgetFragment();
    root.querySelector(".rb-share")?.focus();
  };
  back.addEventListener("click", () => {
    held.delete(key);
    apply(own());
    done();
  });
  keep.addEventListener("click", () => {
    held.delete(key);
    apply(read());
    done();
  });
  const box = notice(root, "", "Showing the values from a shared link; yours are kept. ", back, keep);
  scrollTo(root);
}

function scrollTo(element) {
  element.scrollIntoView({ block: "start" });
}

function content() {
  return document.querySelector(".md-content__inner") || document.body;
}

function pageNotice(text) {
  const box = notice(content(), "error", text, closeButton());
  scrollTo(box);
  return box;
}

function closeButton() {
  const close = shareButton("Close");
  close.addEventListener("click", () => {
    close.closest(".rb-shared")?.remove();
    forgetFragment();
  });
  return close;
}

// "#roll=3d6&seed=42&at=..." -> { roll, seed, at }; "+" stays a plus.
function params(text) {
  const found = {};
  for (const pair of text.split("&")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    try {
      found[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
    } catch (error) {
      found[pair.slice(0, at)] = null;
    }
  }
  return found;
}

function when(at) {
  const time = at ? new Date(at) : null;
  if (!time || Number.isNaN(time.getTime())) return "at an unknown time (the link's time is unreadable)";
  const now = new Date();
  const clock = time.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const day = time.toLocaleDateString(undefined, {
    day: "numeric",
    month: "short",
    ...(time.getFullYear() !== now.getFullYear() ? { year: "numeric" } : {}),
  });
  return `at ${clock} on ${day}`;
}

async function openRoll(text, rollbook) {
  const { roll: expr, seed, at } = params(text);
  const region = notice(content(), "roll", "");
  region.removeAttribute("role");
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", "Shared roll");
  region.tabIndex = -1;
  const line = el("p", "rb-shared__roll");
  const about = el(
    "p",
    "rb-shared__about",
    "Rolled by whoever shared this link: opening it shows the same dice again, it does not roll them anew.",
  );
  region.replaceChildren(el("strong", "rb-shared__title", "Shared roll"), line, about, closeButton());
  scrollTo(region);
  if (!expr || !seed) {
    line.className = "rb-shared__roll rb-error";
    line.textContent = "This shared roll link is damaged: it needs an expression (roll=) and a seed (seed=).";
    return;
  }
  rollbook.loading(line, "Rolling the shared dice…");
  try {
    const view = await rollbook.ask("roll", { expr, seed });
    line.classList.remove("rb-loading");
    const what = `${view.expr} rolled ${when(at)}: `;
    const total = el("strong", "rb-total", `= ${view.total}`);
    line.replaceChildren(el("span", "rb-shared__what", what), ...drawParts(view.parts), total);
    // Heard as Python's sentence for the dice (its label is "<expr>: <dice>, total <n>").
    line.setAttribute("aria-label", what + view.label.slice(view.label.indexOf(": ") + 2));
    line.setAttribute("role", "img");
    line.dataset.seed = String(view.seed);
  } catch (error) {
    rollbook.showError(line, new Error(`This shared roll cannot be shown: ${error.message}`));
  }
}

// Answer the page's fragment: called once the page's widgets are mounted (each
// page Material's instant navigation draws, which it also redraws when the
// fragment changes) and when the fragment changes (once per fragment).
export function openFragment(rollbook, changed = false) {
  if (!listening) {
    listening = true;
    window.addEventListener("hashchange", () => openFragment(rollbook, true));
  }
  const hash = location.hash.slice(1);
  if (changed && hash === opened) return;
  opened = hash;
  if (hash.length > MAX_FRAGMENT && /^(share|roll)=/.test(hash)) {
    pageNotice("This shared link is too long to be one of Rollbook's.");
    return;
  }
  if (hash.startsWith("share=")) {
    const body = hash.slice("share=".length);
    const colon = body.indexOf(":");
    if (colon < 1) {
      pageNotice("This shared link is damaged: it names no figure or widget.");
      return;
    }
    openState(decodeURIComponent(body.slice(0, colon)), body.slice(colon + 1));
  } else if (hash.startsWith("roll=")) {
    openRoll(hash, rollbook);
  }
}

// After an inline roll: a small Share action after its output, which copies a
// link to that very roll.
export function offerRollShare(output, view) {
  if (view.seed === undefined) return;
  let share = output.nextElementSibling;
  if (!share?.classList.contains("rb-roll-share")) {
    share = el("span", "rb-roll-share");
    const button = el("button", "rb-roll-share__button", "Share");
    button.type = "button";
    button.append(el("span", "rb-visually-hidden", " this roll"));
    const said = el("output", "rb-share__said");
    said.setAttribute("aria-live", "polite");
    button.addEventListener("click", () => copy(share.dataset.link, said));
    share.append(button, said);
    output.after(share);
  }
  share.dataset.link = rollLink(view, new Date().toISOString());
  share.querySelector(".rb-share__said").replaceChildren();
}
