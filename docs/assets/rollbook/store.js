// @ts-check
// What Rollbook keeps in this browser (localStorage): saved values, the roll log,
// the dice box's last expression, the choice not to keep an offline copy. Storage
// may be full or blocked (a private window, cookies turned off): then reads find
// nothing and writes keep nothing, and the page goes on without them.

// The text kept under `key`, or null.
/** @param {string} key */
export function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    return null;
  }
}

// The JSON value kept under `key`, or `fallback` when there is none or it is unreadable.
/**
 * @param {string} key
 * @param {any} fallback
 * @returns {any} whatever JSON was kept: each caller checks its shape
 */
export function readStoredJSON(key, fallback) {
  const text = readStored(key);
  if (text === null) return fallback;
  try {
    return JSON.parse(text);
  } catch (error) {
    return fallback;
  }
}

// Keep `text` under `key`; false when the browser would not.
/**
 * @param {string} key
 * @param {string} text
 */
export function writeStored(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch (error) {
    return false;
  }
}

/** @param {string} key */
export function removeStored(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    /* storage blocked: nothing was kept */
  }
}
