// worker.js imports ./runtime/pyodide.asm.mjs, Pyodide's JavaScript half, copied into
// docs/assets/rollbook/runtime/ by scripts/tasks.py assets() (not committed), and hands
// its default export to loadPyodide as createPyodideModule. Typed from Pyodide's own
// option (tsconfig.worker.json's rootDirs lay this folder over docs/assets/rollbook/).
import type { PyodideConfig } from "pyodide";

declare const createPyodideModule: NonNullable<PyodideConfig["createPyodideModule"]>;
export default createPyodideModule;
