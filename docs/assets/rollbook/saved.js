// What the reader set, kept in this browser (localStorage) so that a reload
// loses nothing. Storage may be full or blocked: then the page just forgets.

// The saved object under `key`, or null when there is none (or it is unreadable).
export function loadSaved(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch (error) {
    return null;
  }
}

// Fired on window after each save, with { detail: { key } }: a widget that takes values
// from another (the storage event only tells other tabs) hears of them on this page.
export const SAVED_EVENT = "rollbook:saved";
// Keys whose saved values are left as they are for now (a shared link's values on show).
export const held = new Set();

export function save(key, values) {
  if (held.has(key)) return;
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch (error) {
    return; /* storage full or blocked: nothing to keep */
  }
  window.dispatchEvent(new CustomEvent(SAVED_EVENT, { detail: { key } }));
}

export function forget(key) {
  if (held.has(key)) return;
  try {
    localStorage.removeItem(key);
  } catch (error) {
    /* storage blocked: nothing was kept */
  }
}

// Mark a figure or widget whose values differ from the page's preset: the
// attribute data-edited, and a visible "Edited" beside its Reset button (or at
// the end of its form).
export function markEdited(root, edited) {
  root.toggleAttribute("data-edited", edited);
  let badge = root.querySelector(":scope .rb-edited");
  if (!badge && edited) {
    badge = document.createElement("span");
    badge.className = "rb-edited";
    badge.textContent = "Edited";
    const reset = root.querySelector(".rb-odds__reset, .rb-widget__reset");
    if (reset) reset.before(badge);
    else root.querySelector("form")?.append(badge);
  }
  if (badge) badge.hidden = !edited;
}
