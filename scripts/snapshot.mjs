// Make a Pyodide memory snapshot with rules_py already imported and warmed up,
// so the browser restores Python instead of booting it.
// usage: node scripts/snapshot.mjs RUNTIME_DIR OUT_FILE WHEEL...
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { xorDataSegments } from "../docs/assets/rollbook/snapshot-diff.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [runtimeDir, outFile, ...wheels] = process.argv.slice(2);
// Without docstrings (-OO) and without the column positions of each bytecode (they
// only draw ^^^ under tracebacks): the heap the browser downloads is smaller.
const env = { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ indexURL: resolve(runtimeDir) + "/", _makeSnapshot: true, env });
// Unpack the wheels from Python: loadPackage would leave JavaScript references
// behind that a snapshot cannot hold.
for (const wheel of wheels) {
  pyodide.FS.writeFile("/tmp/wheel.whl", new Uint8Array(readFileSync(wheel)));
  pyodide.runPython(
    "import sysconfig, zipfile\n" +
      "zipfile.ZipFile('/tmp/wheel.whl').extractall(sysconfig.get_paths()['purelib'])",
  );
}
// Only the published systems' widgets are warmed (ROLLBOOK_SYSTEMS, from mkdocs.yml's
// extra.systems; all five when unset): the others stay out of the snapshot.
const systems = process.env.ROLLBOOK_SYSTEMS ? process.env.ROLLBOOK_SYSTEMS.split(",") : null;
pyodide.runPython(`import rules_py.snapshot; rules_py.snapshot.warm_up(${JSON.stringify(systems) ?? "None"})`);
// What the warm-up computed is not worth its bytes, but for the caches it keeps.
pyodide.runPython("import rules_py.snapshot; rules_py.snapshot.empty_caches()");
zeroFreeMemory(pyodide._module);
// Stored without the wasm's own data segments: the browser XORs them back in.
const wasm = new Uint8Array(readFileSync(resolve(runtimeDir, "pyodide.asm.wasm")));
// (scripts/tasks.py stores it as a Zstandard frame.)
const snapshot = xorDataSegments(pyodide.makeMemorySnapshot(), wasm);
writeFileSync(outFile, snapshot);
console.log(`snapshot: ${snapshot.length} bytes`);

// The snapshot is the whole heap, free blocks included, and what Python freed still
// holds its old bytes, which gzip cannot squeeze. Take every free block (the largest
// first) and zero it, then give them back; never past the heap's current end, since a
// heap that grows past Pyodide's 30 MiB default cannot be restored (pyodide issue 6254).
function zeroFreeMemory(module) {
  const taken = [];
  let size = 1 << 20;
  while (size >= 16) {
    if (module._sbrk(0) + size + 65536 > module.HEAPU8.length) {
      size >>= 1;
      continue;
    }
    const at = module._malloc(size);
    if (!at) {
      size >>= 1;
      continue;
    }
    module.HEAPU8.fill(0, at, at + size);
    taken.push(at);
  }
  for (const at of taken) module._free(at);
}
