// Make a Pyodide memory snapshot with rules_py already imported and warmed up,
// so the browser restores Python instead of booting it.
// usage: node scripts/snapshot.mjs RUNTIME_DIR OUT_FILE WHEEL...
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";

const [runtimeDir, outFile, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: resolve(runtimeDir) + "/", _makeSnapshot: true });
// Unpack the wheels from Python: loadPackage would leave JavaScript references
// behind that a snapshot cannot hold.
for (const wheel of wheels) {
  pyodide.FS.writeFile("/tmp/wheel.whl", new Uint8Array(readFileSync(wheel)));
  pyodide.runPython(
    "import sysconfig, zipfile\n" +
      "zipfile.ZipFile('/tmp/wheel.whl').extractall(sysconfig.get_paths()['purelib'])",
  );
}
pyodide.runPython("import rules_py.snapshot; rules_py.snapshot.warm_up()");
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(outFile, packed);
console.log(`snapshot: ${snapshot.length} bytes, ${packed.length} gzipped`);
