// @ts-check
// Zstandard's decoder in a worker of its own, started by worker.js as it starts: the
// wasm and the snapshot are decoded here while the Python worker's own thread evaluates
// Pyodide's JavaScript half and compiles the wasm, rather than after them. It answers
// {id, frame, size} with {id, bytes} (the decoded bytes, transferred) or {id, error}.
import { zstdDecoder } from "./unzstd.mjs";

const decoder = zstdDecoder(new URL("./runtime/", import.meta.url));
decoder.catch(() => {});

addEventListener("message", async (/** @type {MessageEvent} */ event) => {
  const { id, frame, size } = event.data;
  try {
    const bytes = (await decoder)(frame, size);
    postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    postMessage({ id, error: String((error && /** @type {Error} */ (error).message) || error) });
  }
});
