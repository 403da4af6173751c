// @ts-check
// Zstandard's decoder in a worker of its own, started by worker.js as it starts: the
// wasm and the snapshot are decoded here while the Python worker's own thread evaluates
// Pyodide's JavaScript half and compiles the wasm, rather than after them. worker.js
// first sends the decoder's own module, compiled ({module}, or {failed} with why not);
// then it answers each {id, frame, size} with {id, bytes} (the decoded bytes,
// transferred) or {id, error}.
import { zstdDecoder } from "./unzstd.mjs";

/** @type {{ resolve: (module: WebAssembly.Module) => void, reject: (error: Error) => void }} */
let given = { resolve: () => {}, reject: () => {} };
/** @type {Promise<WebAssembly.Module>} */
const compiled = new Promise((resolve, reject) => (given = { resolve, reject }));
const decoder = zstdDecoder(new URL("./runtime/", import.meta.url), compiled);
decoder.catch(() => {});

addEventListener("message", async (/** @type {MessageEvent} */ event) => {
  if ("module" in event.data) return given.resolve(event.data.module);
  if ("failed" in event.data) return given.reject(new Error(event.data.failed));
  const { id, frame, size } = event.data;
  try {
    const bytes = (await decoder)(frame, size);
    postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    postMessage({ id, error: String((error && /** @type {Error} */ (error).message) || error) });
  }
});
