// The globals the page layer (docs/assets/rollbook/*.js) shares with the page's head,
// Material for MkDocs, the tests and the benchmark. Types only: tsconfig.json includes it.

interface Window {
  /** rollbook.js: the page's side of the Python worker (the tests and the benchmark use it too). */
  rollbook: import("../docs/assets/rollbook/rollbook.js").Rollbook;
  /** offline.js: where saving the site for offline use stands (read by the tests and the benchmark). */
  rollbookOffline: import("../docs/assets/rollbook/offline.js").Offline;
  /** start.js (overrides/partials/rollbook-start.html): the worker the page's head started, and what it said meanwhile. */
  rollbookStart?: { worker: Worker; events: (MessageEvent | ErrorEvent)[] } | null;
  /** start.js (overrides/partials/rollbook-start.html): roll buttons tapped before rollbook.js ran. */
  rollbookTaps?: HTMLButtonElement[];
  /** Set by the tests before the page's scripts run: a shorter wait for Python's start-up
   * (rollbook.js), another longest wait of Material's bundle for the dice (start.js). */
  rollbookConfig?: { loadTimeout?: number; materialWait?: number };
  /** start.js: on a page with dice, Material's bundle waits for them; material.js hands it the bundle's start. */
  rollbookMaterialHold?: (run: () => void) => void;
  /** material.js: settles once Material's bundle has run (on a page with dice, once start.js let it). */
  rollbookMaterial?: Promise<unknown>;
  /** material.js: set as rollbookMaterial settles (the tests read it). */
  rollbookMaterialRan?: boolean;
  /** Material for MkDocs' stream of the pages instant navigation draws. */
  document$?: { subscribe(next: (page: Document) => void): unknown };
}
