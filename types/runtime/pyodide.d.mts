// worker.js imports ./runtime/pyodide.mjs, the copy of node_modules/pyodide/pyodide.mjs
// that scripts/tasks.py assets() puts in docs/assets/rollbook/runtime/ (not committed).
// tsconfig.worker.json's rootDirs lay this folder over docs/assets/rollbook/, so that
// import takes Pyodide's own types from here rather than type-checking its minified code.
export * from "pyodide";
