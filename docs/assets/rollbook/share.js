// @ts-check
// Share links. Everything travels in the URL's fragment, which the browser never
// sends to the server:
//   #share=<figure or widget id>:<base64url of the JSON values>
//     an odds figure or a widget opened with the linker's inputs;
//   #roll=<expression>[&reading=<reading>]&seed=<n>&at=<ISO time>[&label=<caption>]
//     a rolled result, which Python rolls again from its seed to show the very
//     same dice (labelled as shared, never re-rolled from the link), read as the
//     roll's system reads them when it has a reading (a Danger World pool...),
//     under the caption its page gave it (`#!roll 2d6+4 | cast Blast`);
//   #rolled=<widget id>&values=<base64url of the JSON values>[&check=<key>]&seed=<n>&at=<ISO time>
//     a widget's roll (or, with a check, the roll of one of a sheet's rows: "Rook:
//     Agility + Speed..."): the widget rolls the linker's values again from the
//     seed, shown above the reader's own form, which it leaves alone.
// Neither form is a heading's id, so Material's anchors and instant navigation
// leave them alone. Python checks every value as usual; this module only reads
// and writes the fragment, copies links and shows notices.

import { copyText } from "./clipboard.js";
import { drawParts, drawResult, el, flash, putInActions, rollArgs } from "./draw.js";
import { held, unfit } from "./saved.js";

/** @typedef {import("./saved.js").Values} Values */
/** @typedef {import("./rollbook.js").Rollbook} Rollbook */
/** @typedef {{ page: string, widget: string, values: string, check?: string }} RolledFrom where a widget's roll came from */
/**
 * What a link to a roll is made of: a rolled expression's, or a widget roll's `from`
 * (a roll as Python answered it, or as the roll log keeps it).
 * @typedef {{ seed?: number | string, expr?: string, reading?: string, caption?: string, from?: RolledFrom }} LinkedRoll
 */
/** @typedef {{ log?: import("./draw.js").RollLog, seed?: number | string }} RolledAgain what a widget's rollAgain answers */
/**
 * An odds figure or a widget that can be shared (see shareable).
 * @typedef {object} Shareable
 * @property {string} key where its values are saved
 * @property {() => Values} read
 * @property {(values: Values) => void} apply
 * @property {() => Values} own
 * @property {HTMLElement | null} actions
 * @property {((values: Values, seed: string, into: HTMLElement, check?: string | null) => Promise<RolledAgain>) | null} [rollAgain]
 * @property {((values: Values) => unknown) | null} [adopt]
 */

const MAX_FRAGMENT = 20_000; // longer than any sheet's values; anything past it is not ours
/** @type {Map<string, Omit<Shareable, "actions"> & { root: HTMLElement }>} */
const shareables = new Map(); // id -> { root, key, read, apply, own }
let opened = ""; // the fragment this page has already answered
let listening = false;

/** @param {Values} values */
function encode(values) {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * @param {string} text
 * @returns {Values}
 */
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
/**
 * @param {HTMLElement} root
 * @param {Values} values
 */
export function stateLink(root, values) {
  return `${here()}#share=${root.id}:${encode(values)}`;
}

// A link that shows a roll: its expression, its seed, when it was rolled and its caption.
/**
 * @param {LinkedRoll} view
 * @param {string} at
 */
function rollLink(view, at) {
  const reading = view.reading ? `&reading=${encodeURIComponent(view.reading)}` : "";
  const label = view.caption ? `&label=${encodeURIComponent(view.caption)}` : "";
  return `${here()}#roll=${encodeURIComponent(/** @type {string} */ (view.expr))}${reading}&seed=${view.seed}&at=${encodeURIComponent(at)}${label}`;
}

// Where a widget's roll came from, for a link to it: its page, the widget, its values.
/**
 * @param {HTMLElement} root
 * @param {Values} values
 * @returns {RolledFrom}
 */
export function rolledFrom(root, values) {
  return { page: here(), widget: root.id, values: encode(values) };
}

// A link that shows a widget's roll again (`from` as rolledFrom gives it).
/**
 * @param {RolledFrom} from
 * @param {number | string | undefined} seed
 * @param {string} at
 */
export function widgetRollLink(from, seed, at) {
  const { page, widget, values, check } = from;
  const which = check ? `&check=${encodeURIComponent(check)}` : "";
  return `${page}#rolled=${encodeURIComponent(widget)}&values=${values}${which}&seed=${seed}&at=${encodeURIComponent(at)}`;
}

// The link to a roll Python answered (an expression's, or a widget's with `view.from`).
/**
 * @param {LinkedRoll} view
 * @param {string} at
 */
export function linkToRoll(view, at) {
  return view.from ? widgetRollLink(view.from, view.seed, at) : rollLink(view, at);
}

// Copy `link` (clipboard.js), or else offer it in a selected text field the reader
// copies from. `said` tells how it went.
/**
 * @param {string} link
 * @param {HTMLElement} said
 * @param {() => void} [after]
 */
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

/**
 * @param {string} text
 * @param {string} [hidden]
 * @param {string} [className]
 */
function shareButton(text, hidden, className = "rb-share-button") {
  const button = el("button", className, text);
  button.type = "button";
  if (hidden) button.append(el("span", "rb-visually-hidden", hidden));
  return button;
}

// An odds figure or a widget that can be shared: a Share button in `actions`
// copies a link to its current values (`read()`); opened from such a link, the
// values are written with `apply(values)` (which recomputes through Python) and
// not saved until the reader keeps them; `own()` is the reader's own values. A
// widget that rolls gives `rollAgain(values, seed, into)`, which draws the roll
// of `values` from `seed` into the element `into` (for a shared roll's link). A
// sheet that keeps several characters gives `adopt(values)`: a shared character
// is then kept as a new one, beside the reader's own.
/**
 * @param {HTMLElement} root
 * @param {Shareable} shared
 */
export function shareable(root, { key, read, apply, own, actions, rollAgain, adopt }) {
  if (!root.id || !actions) return;
  shareables.set(root.id, { root, key, read, apply, own, rollAgain, adopt });
  const look = actions.querySelector(".md-button") ? "md-button rb-share" : "rb-share-button rb-share";
  const button = shareButton("Share", " a link to these values", look);
  const said = el("output", "rb-share__said");
  said.setAttribute("aria-live", "polite");
  button.addEventListener("click", () => copy(stateLink(root, read()), said));
  putInActions(actions, ".rb-share", button, said);
}

/**
 * @param {Element} root
 * @param {string} kind
 * @param {string} text
 * @param {...Node} actions
 */
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

/**
 * @param {string} target
 * @param {string} payload
 */
function openState(target, payload) {
  const entry = shareables.get(target);
  if (!entry || !entry.root.isConnected) {
    pageNotice(`This shared link points to “${target}”, which is not on this page.`);
    return;
  }
  const { root, key, read, apply, own, adopt } = entry;
  let values;
  try {
    values = decode(payload);
    // Checked before anything is held: values a form cannot show are not shown at all.
    if (unfit(values, read()).length) throw new Error("some of its values are not ones this can show");
  } catch (error) {
    notice(root, "error", `This shared link is damaged (${/** @type {Error} */ (error).message}): showing your own values.`);
    scrollTo(root);
    return;
  }
  const back = shareButton("Back to your values");
  const keep = shareButton(adopt ? "Keep as a new character" : "Keep these");
  const box = notice(root, "", "Showing the values from a shared link; yours are kept. ", back, keep);
  // Put away when the reader goes back, keeps them, or turns to their own characters.
  const end = () => {
    box.remove();
    forgetFragment();
  };
  held.set(key, end);
  /** @param {() => void} then */
  const answer = (then) => {
    try {
      then();
      held.delete(key);
      end();
      /** @type {HTMLElement | null} */ (root.querySelector(".rb-share"))?.focus();
    } catch (error) {
      const text = box.querySelector(".rb-shared__text");
      if (text) text.textContent = `${/** @type {Error} */ (error).message}: the shared values are still shown. `;
    }
  };
  back.addEventListener("click", () =>
    answer(() => {
      held.delete(key);
      apply(own());
    }),
  );
  keep.addEventListener("click", () =>
    answer(() => {
      if (adopt) adopt(read()); // (its new character is played: the hold is put away then)
      else {
        held.delete(key);
        apply(read());
      }
    }),
  );
  try {
    apply(values);
  } catch (error) {
    held.delete(key);
    end();
    notice(root, "error", `This shared link cannot be shown (${/** @type {Error} */ (error).message}): showing your own values.`);
  }
  scrollTo(root);
}

/** @param {Element} element */
function scrollTo(element) {
  element.scrollIntoView({ block: "start" });
}

function content() {
  return document.querySelector(".md-content__inner") || document.body;
}

/** @param {string} text */
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
/**
 * @param {string} text
 * @returns {Record<string, string | null | undefined>} (undefined: not in the link)
 */
function params(text) {
  /** @type {Record<string, string | null>} */
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

/** @param {string | null | undefined} at */
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

// The region a shared roll is shown in, at the top of `parent` (the page's
// content, or the widget that rolled), with `line` to show the roll in.
/**
 * @param {Element} parent
 * @param {HTMLElement} line
 */
function rollRegion(parent, line) {
  const region = notice(parent, "roll", "");
  region.removeAttribute("role");
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", "Shared roll");
  region.tabIndex = -1;
  const about = el(
    "p",
    "rb-shared__about",
    "Rolled by whoever shared this link: opening it shows the same dice again, it does not roll them anew.",
  );
  region.replaceChildren(el("strong", "rb-shared__title", "Shared roll"), line, about, closeButton());
  scrollTo(region);
  return region;
}

/**
 * @param {HTMLElement} line
 * @param {string} text
 */
function damaged(line, text) {
  line.classList.add("rb-error");
  line.textContent = text;
}

/**
 * @param {string} text
 * @param {Rollbook} rollbook
 */
async function openRoll(text, rollbook) {
  const { roll: expr, reading, seed, at, label } = params(text);
  const line = el("p", "rb-shared__roll");
  rollRegion(content(), line);
  if (!expr || !seed) {
    damaged(line, "This shared roll link is damaged: it needs an expression (roll=) and a seed (seed=).");
    return;
  }
  rollbook.loading(line, "Rolling the shared dice…");
  try {
    /** @type {import("./draw.js").RollView} */
    const view = await rollbook.ask("roll", rollArgs(expr, reading, seed));
    line.classList.remove("rb-loading");
    const rolled = view.what ?? view.expr;
    const what = `${label ? `${label} (${rolled})` : rolled} rolled ${when(at)}: `;
    // The reader's label in a <bdi>: a right-to-left override in it stays inside it.
    const shown = el("span", "rb-shared__what");
    if (label) shown.append(el("bdi", undefined, label));
    shown.append(`${label ? ` (${rolled})` : rolled} rolled ${when(at)}: `);
    line.replaceChildren(shown, ...drawParts(view.parts), drawResult(view));
    // Heard as Python's sentence for the dice (its label is "<expr>: <dice>, total <n>").
    line.setAttribute("aria-label", what + view.label.slice(view.label.indexOf(": ") + 2));
    line.setAttribute("role", "img");
    line.dataset.seed = String(view.seed);
  } catch (error) {
    rollbook.showError(line, new Error(`This shared roll cannot be shown: ${/** @type {Error} */ (error).message}`));
  }
}

// A widget's shared roll: the widget rolls the link's values again from its seed,
// into a region above the reader's own form (whose values stay the reader's).
/**
 * @param {string} text
 * @param {Rollbook} rollbook
 */
async function openWidgetRoll(text, rollbook) {
  const { rolled: target, values: payload, seed, at, check } = params(text);
  const entry = shareables.get(/** @type {string} */ (target));
  if (!entry || !entry.root.isConnected) {
    pageNotice(`This shared roll points to “${target}”, which is not on this page.`);
    return;
  }
  if (!entry.rollAgain) {
    pageNotice(`This shared roll points to “${target}”, which has nothing to roll.`);
    return;
  }
  const line = el("div", "rb-shared__roll");
  rollRegion(entry.root, line);
  if (!payload || !seed) {
    damaged(line, "This shared roll link is damaged: it needs the widget's values (values=) and a seed (seed=).");
    return;
  }
  let values;
  try {
    values = decode(payload);
  } catch (error) {
    damaged(line, `This shared roll link is damaged: ${/** @type {Error} */ (error).message}.`);
    return;
  }
  rollbook.loading(line, "Rolling the shared dice…");
  const what = el("p", "rb-shared__what");
  const rolled = el("div", "rb-shared__rolled");
  rolled.setAttribute("role", "group");
  try {
    const view = await entry.rollAgain(values, seed, rolled, check);
    line.classList.remove("rb-loading");
    what.textContent = `${view.log?.what ?? "Rolled"}, rolled ${when(at)}:`;
    line.replaceChildren(what, rolled);
    line.dataset.seed = String(view.seed);
  } catch (error) {
    rollbook.showError(line, new Error(`This shared roll cannot be shown: ${/** @type {Error} */ (error).message}`));
  }
}

// Answer the page's fragment: called once the page's widgets are mounted (each
// page Material's instant navigation draws, which it also redraws when the
// fragment changes) and when the fragment changes (once per fragment).
/**
 * @param {Rollbook} rollbook
 * @param {boolean} [changed]
 */
export function openFragment(rollbook, changed = false) {
  if (!listening) {
    listening = true;
    window.addEventListener("hashchange", () => openFragment(rollbook, true));
  }
  // A link is anyone's to write: whatever it holds, it costs its own notice, never the page.
  try {
    answerFragment(rollbook, changed);
  } catch (error) {
    pageNotice("This shared link is damaged: it cannot be read.");
  }
}

/**
 * @param {Rollbook} rollbook
 * @param {boolean} changed
 */
function answerFragment(rollbook, changed) {
  const hash = location.hash.slice(1);
  if (changed && hash === opened) return;
  opened = hash;
  if (hash.length > MAX_FRAGMENT && /^(share|roll|rolled)=/.test(hash)) {
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
    let target;
    try {
      target = decodeURIComponent(body.slice(0, colon));
    } catch (error) {
      pageNotice("This shared link is damaged: the name of its figure or widget cannot be read.");
      return;
    }
    openState(target, body.slice(colon + 1));
  } else if (hash.startsWith("roll=")) {
    openRoll(hash, rollbook).catch(() => pageNotice("This shared roll link is damaged: it cannot be read."));
  } else if (hash.startsWith("rolled=")) {
    openWidgetRoll(hash, rollbook).catch(() => pageNotice("This shared roll link is damaged: it cannot be read."));
  }
}

// After a roll (inline, or a widget's): a small Share action after its output,
// which copies a link to that very roll. Inline it reads "Share" (its name says
// the rest); under a widget, whose form has a Share of its own, "Share this roll".
/**
 * @param {HTMLElement} output
 * @param {LinkedRoll} view
 */
export function offerRollShare(output, view) {
  if (view.seed === undefined) return;
  let share = /** @type {HTMLElement | null} */ (output.nextElementSibling);
  if (!share?.classList.contains("rb-roll-share")) {
    share = el("span", "rb-roll-share");
    const button = el("button", "rb-roll-share__button", "Share");
    button.type = "button";
    const rest = " this roll";
    if (view.from) button.append(rest);
    else button.append(el("span", "rb-visually-hidden", rest));
    const said = el("output", "rb-share__said");
    said.setAttribute("aria-live", "polite");
    button.addEventListener("click", () => copy(/** @type {string} */ (/** @type {HTMLElement} */ (share).dataset.link), said));
    share.append(button, said);
    output.after(share);
  }
  share.dataset.link = linkToRoll(view, new Date().toISOString());
  /** @type {Element} */ (share.querySelector(".rb-share__said")).replaceChildren();
}
