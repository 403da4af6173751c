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

export function save(key, values) {
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch (error) {
    /* storage full or blocked: nothing to keep */
  }
}
