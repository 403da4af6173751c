// Rollbook's Python worker: a module Web Worker that runs rules_py in Pyodide.
// It answers {id, op, args} with {id, ok, result | error}; the page never waits on it.
import { loadPyodide } from "./runtime/pyodide.mjs";

const runtime = new URL("./runtime/", import.meta.url);
let handle = null;

// Pyodide does not always reject when one of its downloads fails (a missing
// pyodide.asm.wasm leaves loadPyodide waiting forever), so every download of the
// start-up goes through this fetch: a failure ends the start-up at once, and the
// bytes received are reported to the page while the big files download.
let booting = true;
let failStartup;
const startupFailed = new Promise((resolve, reject) => (failStartup = reject));
let optional = null; // the snapshot: when it fails, Python loads afresh instead
let received = 0; // bytes of all the start-up's downloads so far
let reported = 0;

// When each step of the start-up ended, in ms from this worker's start: sent to the
// page with "ready" (the benchmark prints them as the split of the start-up's time).
const started = performance.now();
const steps = {};
const step = (name) => (steps[name] ??= Math.round(performance.now() - started));

// Time the WebAssembly compilation Pyodide starts (streaming while the wasm downloads).
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = (...args) => {
  step("wasm compile started");
  return instantiateStreaming(...args).then((result) => {
    step("wasm compiled");
    return result;
  });
};

function report(force = false) {
  const now = performance.now();
  if (!booting || (!force && now - reported < 150)) return;
  reported = now;
  postMessage({ type: "progress", loaded: received });
}

const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input, location.href);
  const name = url.pathname.split("/").pop();
  const fatal = (why) => {
    if (booting && url.href !== optional) failStartup(new Error(`${name} ${why}`));
  };
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    fatal("could not be downloaded");
    throw error;
  }
  if (!response.ok) {
    fatal(`answered ${response.status}`);
    return response;
  }
  if (!booting || !response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      report();
      controller.enqueue(chunk);
    },
    flush() {
      step(`${name} downloaded`);
      report(true);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
};

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  // A gzip file the server did not decode itself: decompress it while it downloads.
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array() : first.value;
  let body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  if (head[0] === 0x1f && head[1] === 0x8b) body = body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function boot() {
  const manifestResponse = await fetch(new URL("manifest.json", runtime));
  if (!manifestResponse.ok) throw new Error("the Python runtime is missing from this site");
  const manifest = await manifestResponse.json();
  const wheels = manifest.wheels.map((w) => new URL(w, runtime).href);
  let pyodide = null;
  let how = "snapshot";
  if (manifest.snapshot && typeof DecompressionStream !== "undefined") {
    try {
      // Fetch the snapshot while Pyodide fetches and compiles its runtime.
      const snapshotURL = new URL(manifest.snapshot, runtime);
      optional = snapshotURL.href;
      const snapshot = fetchBytes(snapshotURL).then((bytes) => {
        step("snapshot unpacked");
        return bytes;
      });
      pyodide = await loadPyodide({ indexURL: runtime.href, _loadSnapshot: snapshot });
      step("snapshot restored");
    } catch (error) {
      console.warn("Rollbook: memory snapshot unusable, loading Python afresh", error);
      pyodide = null;
    }
  }
  if (pyodide === null) {
    how = "fresh";
    pyodide = await loadPyodide({ indexURL: runtime.href });
    await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  }
  handle = pyodide.pyimport("rules_py.views").handle;
  // A snapshot restores Python's random state too: seed afresh from this browser's entropy.
  const entropy = Array.from(crypto.getRandomValues(new Uint32Array(8)));
  const seeded = JSON.parse(handle(JSON.stringify({ op: "seed", args: { entropy } })));
  if (!seeded.ok) throw new Error(seeded.error);
  step("python ready");
  booting = false;
  postMessage({ type: "ready", how, ms: performance.now() - started, steps, origin: performance.timeOrigin });
  if (how === "snapshot") {
    // The snapshot holds every module the widgets import, but not their files: a
    // module imported later needs the wheels unpacked first. Do it only then, so
    // that it never delays a roll.
    unpackWheels = () => (unpacking ??= pyodide.loadPackage(wheels, { messageCallback: () => {} }));
  }
}

let unpacking = null;
let unpackWheels = null;

const ready = Promise.race([boot(), startupFailed]);
ready.catch((error) => {
  booting = false;
  postMessage({ type: "failed", error: String((error && error.message) || error) });
});

addEventListener("message", async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
  } catch (error) {
    postMessage({ id, ok: false, error: "Python could not load" });
    return;
  }
  const request = JSON.stringify({ op, args });
  let answer;
  try {
    answer = JSON.parse(handle(request));
  } catch (error) {
    answer = { ok: false, error: String((error && error.message) || error) };
    if (unpackWheels && /ModuleNotFoundError/.test(answer.error)) {
      try {
        await unpackWheels();
        answer = JSON.parse(handle(request));
      } catch (again) {
        answer = { ok: false, error: String((again && again.message) || again) };
      }
    }
  }
  postMessage({ id, ...answer });
});
