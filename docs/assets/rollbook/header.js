// @ts-check
// Buttons Rollbook adds to Material's header (the roll log, the dice box), the
// keyboard shortcuts that open them, and what their panels share. Everything here
// is made by script: without JavaScript there is nothing to open, so nothing shows.
// Instant navigation replaces the page's content but keeps the header and the
// body's own children, so each button and panel is made once, found again by id.

import { el } from "./draw.js";

const SVG = "http://www.w3.org/2000/svg";

// Material Design icons (Apache 2.0), as Material for MkDocs ships them.
export const ICONS = {
  history:
    "M13.5 8H12v5l4.28 2.54.72-1.21-3.5-2.08zM13 3a9 9 0 0 0-9 9H1l3.96 4.03L9 12H6a7 7 0 0 1 7-7 7 7 0 0 1 7 7 7 7 0 0 1-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.9 8.9 0 0 0 13 21a9 9 0 0 0 9-9 9 9 0 0 0-9-9",
  dice:
    "M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2M7.5 6C6.7 6 6 6.7 6 7.5S6.7 9 7.5 9 9 8.3 9 7.5 8.3 6 7.5 6m9 9c-.8 0-1.5.7-1.5 1.5s.7 1.5 1.5 1.5 1.5-.7 1.5-1.5-.7-1.5-1.5-1.5m0-9c-.8 0-1.5.7-1.5 1.5S15.7 9 16.5 9 18 8.3 18 7.5 17.3 6 16.5 6M12 10.5c-.8 0-1.5.7-1.5 1.5s.7 1.5 1.5 1.5 1.5-.7 1.5-1.5-.7-1.5-1.5-1.5M7.5 15c-.8 0-1.5.7-1.5 1.5S6.7 18 7.5 18 9 17.3 9 16.5 8.3 15 7.5 15",
  close:
    "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z",
};

/** @param {string} path an SVG path's `d` */
export function icon(path) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const shape = document.createElementNS(SVG, "path");
  shape.setAttribute("d", path);
  svg.append(shape);
  return svg;
}

// A header button named `label`, its tooltip `title`, placed before the search
// (or at the end of the header); the one already made if there is one.
/**
 * @param {{ id: string, label: string, title: string, path: string, shortcut?: string, controls: string }} button
 * @returns {HTMLElement}
 */
export function headerButton({ id, label, title, path, shortcut, controls }) {
  const found = document.getElementById(id);
  if (found) return found;
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "md-header__button md-icon rb-header-button";
  button.setAttribute("aria-label", label);
  button.setAttribute("aria-controls", controls);
  button.title = title;
  if (shortcut) button.setAttribute("aria-keyshortcuts", shortcut.toUpperCase());
  button.append(icon(path));
  const header = document.querySelector(".md-header__inner");
  const search = header?.querySelector('label[for="__search"]');
  if (search) search.before(button);
  else if (header) header.append(button);
  else document.body.prepend(button);
  return button;
}

// Call `action` when the reader presses `key` (no Ctrl, Alt or Meta), unless they
// are typing (in a text field, a text area, a list or anything editable, a search
// box in a shadow root included) or a modal dialog (the dice box) holds the page.
/**
 * @param {string} key
 * @param {() => void} action
 */
export function onShortcut(key, action) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    if (event.key.toLowerCase() !== key || document.querySelector("dialog:modal")) return;
    // The element typed in, even inside a shadow root (Zensical's search box is in one,
    // and its keys reach the document retargeted to the box's host element).
    const target = event.composedPath()[0] ?? event.target;
    if (target instanceof Element && (target.closest("input, textarea, select, [contenteditable]") || /** @type {HTMLElement} */ (target).isContentEditable)) return;
    event.preventDefault();
    action();
  });
}

// A panel's close button: an icon named `label`.
/**
 * @param {string} label
 * @param {() => void} close
 */
export function closeButton(label, close) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rb-panel-close";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.append(icon(ICONS.close));
  button.addEventListener("click", close);
  return button;
}

// A panel: the <dialog> #rb-`name` with its heading and close button (a copy
// left by an earlier load of the module is replaced: one panel only).
/**
 * @param {string} name
 * @param {string} heading
 * @param {string} closeLabel
 * @param {() => void} close
 */
export function panelDialog(name, heading, closeLabel, close) {
  document.getElementById(`rb-${name}`)?.remove();
  const dialog = el("dialog", `rb-${name} md-typeset`);
  dialog.id = `rb-${name}`;
  dialog.setAttribute("aria-labelledby", `rb-${name}-title`);
  const head = el("div", `rb-${name}__head`);
  const title = el("h2", `rb-${name}__title`, heading);
  title.id = `rb-${name}-title`;
  head.append(title, closeButton(closeLabel, close));
  dialog.append(head);
  return dialog;
}

// The element to give focus back to when a panel closes: what had it before,
// if it is still on the page, else the header button that opens the panel.
/**
 * @param {Element | null} before
 * @param {HTMLElement} opener
 */
export function focusBack(before, opener) {
  const target = before instanceof HTMLElement && before.isConnected && before !== document.body ? before : opener;
  target.focus();
}
