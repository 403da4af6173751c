// @ts-check
// Copying to the clipboard, for the roll log's "Copy as text" and the Share buttons.

import { el } from "./draw.js";

// Copy `text`: through the Clipboard API where the page may use it, else from a
// hidden, selected text area with the older copy command. True when it was copied.
/**
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    const area = el("textarea", "rb-visually-hidden");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.tabIndex = -1;
    // Beside the button pressed: inside an open modal dialog, the rest of the page is inert.
    const from = document.activeElement;
    (from?.closest("dialog[open]") ?? document.body).append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (again) {
      copied = false;
    }
    area.remove();
    /** @type {HTMLElement | null} */ (from)?.focus?.({ preventScroll: true }); // the selection took the focus: give it back
    return copied;
  }
}
