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
  /** Set by the tests before rollbook.js runs: a shorter wait for Python's start-up. */
  rollbookConfig?: { loadTimeout?: number };
  /** Material for MkDocs' stream of the pages instant navigation draws. */
  document$?: { subscribe(next: () => void): unknown };
}
