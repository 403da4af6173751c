// @ts-check
// Each page the reader sees: the one loaded, and each that Material's instant navigation
// brings (its document$), once Material's bundle has run (material.js: on a page with
// dice, once they have answered). A page may be told of twice; what is done for it
// skips what is done already.

/** @param {() => void} callback */
export function onEachPage(callback) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => callback(), { once: true });
  else callback();
  (window.rollbookMaterial ?? Promise.resolve()).then(() => window.document$?.subscribe(callback));
}
