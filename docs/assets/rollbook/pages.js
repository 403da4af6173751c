// @ts-check
// Each page the reader sees: the one loaded, and each that Material's instant navigation
// brings (its document$), once Material's bundle has run (material.js: on a page with
// dice, once they have answered). The page loaded is told of once: document$ first
// repeats it, which comes after the dice's first answers now and would mount it again
// (a shared roll's line was drawn anew, and asked of Python again, as a reader read it).

/** Settles once Material's bundle has run (material.js; at once where it is not held). */
export const materialRan = () => window.rollbookMaterial ?? Promise.resolve();

/** @param {() => void} callback */
export function onEachPage(callback) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => callback(), { once: true });
  else callback();
  materialRan().then(() => {
    let first = true;
    window.document$?.subscribe((page) => {
      const repeated = first && page === document;
      first = false;
      if (!repeated) callback();
    });
  });
}
