// @ts-check
// Rollbook's Python worker: a module Web Worker that runs rules_py in Pyodide.
// It answers {id, op, args} with {id, ok, result | error}; the page never waits on it.
// Its modules are imported at once rather than statically: a static import is one more
// round trip before the downloads below can begin.

// The wasm and the snapshot, downloaded and decoded by a worker of their own
// (unzstd-worker.mjs), started first: off this thread, busy with Pyodide's JavaScript as
// they arrive. It hands over the wasm first, then the snapshot ready to restore.
const decoderWorker = new Worker(new URL("./unzstd-worker.mjs", import.meta.url), {
  type: "module",
  name: self.name.endsWith("offline-copy") ? "rollbook unzstd offline-copy" : "rollbook unzstd",
});
/** @typedef {{ resolve: (bytes: Uint8Array<ArrayBuffer>) => void, reject: (error: Error) => void }} Awaited */
/** @type {Record<"wasm" | "snapshot", Awaited>} */
const awaited = { wasm: { resolve: () => {}, reject: () => {} }, snapshot: { resolve: () => {}, reject: () => {} } };
/** @type {Promise<Uint8Array<ArrayBuffer>>} the wasm, decoded */
const wasmBytes = new Promise((resolve, reject) => (awaited.wasm = { resolve, reject }));
/** @type {WebAssembly.Module | null} the wasm, compiled as it was decoded (if it was) */
let wasmModule = null;
/** @type {Promise<Uint8Array<ArrayBuffer>>} the snapshot, decoded and its data segments XOR-ed back */
const snapshotBytes = new Promise((resolve, reject) => (awaited.snapshot = { resolve, reject }));
snapshotBytes.catch(() => {});
decoderWorker.addEventListener("message", (event) => {
  const { file, bytes, module, error, loaded, step: ended, at } = event.data;
  if (loaded) {
    received += loaded;
    report();
  } else if (ended) {
    steps[ended] ??= Math.round(at - performance.timeOrigin - started);
    report(true);
  } else if (file === "wasm" || file === "snapshot") {
    if (error) awaited[/** @type {"wasm" | "snapshot"} */ (file)].reject(new Error(error));
    else {
      if (module) wasmModule = module;
      awaited[/** @type {"wasm" | "snapshot"} */ (file)].resolve(bytes);
    }
  }
});
decoderWorker.addEventListener("error", (event) => {
  event.preventDefault();
  for (const file of Object.values(awaited)) file.reject(new Error("the Zstandard decoder could not start"));
});

const runtime = new URL("./runtime/", import.meta.url);
const SNAPSHOT = "rollbook.snapshot.zst"; // scripts/tasks.py SNAPSHOT; the manifest confirms it
// Pyodide's files, stored packed: a first visit downloads the same bytes from a host that
// compresses and from one that does not. The wasm (like the snapshot) is a Zstandard
// frame (scripts/tasks.py SQUEEZED), decoded by unzstd-worker.mjs; the lock file is
// gzipped (PACKED), decompressed while it downloads where the host did not.
const WASM = "pyodide.asm.wasm.zst";
const DECODER = "zstd.wasm"; // Zstandard's decoder (unzstd-worker.mjs downloads these three)
const LOCK = "pyodide-lock.json.gz";
// Pyodide's JavaScript half is imported as the file it is, not packed: a script can only
// be imported from its own URL under a Content-Security-Policy of script-src 'self'
// (unpacked here, it had to be imported from a blob: URL, which that policy refuses).
const ASM = "pyodide.asm.mjs";
// An empty zip: on the snapshot path, the place of the standard library until it arrives.
// Pyodide fetches it by this address; fetch below answers it from these bytes, since a
// policy of connect-src 'self' refuses to fetch a data: URL.
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";
const EMPTY_ZIP_BYTES = Uint8Array.from(atob(EMPTY_ZIP.split(",")[1]), (c) => c.charCodeAt(0));
/** @typedef {import("./runtime/pyodide.mjs").PyodideAPI} PyodideAPI */
/**
 * The runtime's manifest.json, written by scripts/tasks.py assets().
 * @typedef {{ wheels: string[], packed?: string[], sizes?: Record<string, number>, unpacked?: Record<string, number>, snapshot?: string, snapshot_size?: number, snapshot_diff?: boolean, fingerprint?: string }} Manifest
 */
/** @type {((request: string) => string) | null} */
let handle = null; // rules_py.views.handle, once Python is ready
/** @type {Promise<void> | null} */
let stdlib = null; // on the snapshot path: the standard library's zip, being put in place

// Pyodide does not always reject when one of its downloads fails (a missing
// pyodide.asm.wasm leaves loadPyodide waiting forever), so every download of the
// start-up goes through this fetch: a failure ends the start-up at once, and the
// bytes received are reported to the page while the big files download.
let booting = true;
/** @type {(error: Error) => void} */
let failStartup;
const startupFailed = new Promise((resolve, reject) => (failStartup = reject));
let received = 0; // bytes of the start-up's downloads of the runtime's files so far
let total = 0; // what they weigh in all (the manifest's sizes), once known
let reported = 0;

// When each step of the start-up ended, in ms from this worker's start: sent to the
// page with "ready" (the benchmark prints them as the split of the start-up's time).
const started = performance.now();
/** @type {Record<string, number>} */
const steps = {};
const step = (/** @type {string} */ name) => {
  steps[name] ??= Math.round(performance.now() - started);
  report(true); // the page shows that the start-up goes on, not only its downloads
};

function report(force = false) {
  const now = performance.now();
  if (!booting || (!force && now - reported < 150)) return;
  reported = now;
  postMessage({ type: "progress", loaded: Math.min(received, total || received), total });
}

// The offline copy, read straight from its Cache Storage when the page is served from it
// (the page names this worker "rollbook offline-copy"; offline-copy.mjs says why).
const fromOfflineCopy = self.name === "rollbook offline-copy" ? import("./offline-copy.mjs").then((m) => m.offlineCopy(runtime)).catch(() => null) : null;

const realFetch = globalThis.fetch.bind(globalThis);
// Relies on Pyodide 314's loadPyodide downloading through the global fetch, looked up
// when it downloads: browser_getBinaryResponse calls fetch(new URL(<indexURL> +
// "pyodide.asm.wasm", location), {}) for the wasm and likewise for stdLibURL (here
// EMPTY_ZIP, or python_stdlib.zip), while lockFileContents and createPyodideModule keep
// it from fetching pyodide-lock.json or importing pyodide.asm.mjs itself
// (tests/test_pyodide_patches.py checks each of these in node_modules/pyodide).
/**
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 */
globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input, location.href);
  if (url.href === EMPTY_ZIP) return new Response(EMPTY_ZIP_BYTES, { headers: { "Content-Type": "application/zip" } });
  const name = url.pathname.split("/").pop();
  const begun = takeEarly(url.href);
  if (begun) return begun;
  if (url.href === wasmURL) {
    // Pyodide's own request for the wasm, which the decoder's worker downloads and this
    // worker compiles (below): an empty stand-in.
    const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    standIns.add(standIn);
    return standIn;
  }
  const fatal = (/** @type {string} */ why) => {
    if (booting) failStartup(new Error(`${name} ${why}`));
  };
  let response;
  try {
    const saved = fromOfflineCopy && (await fromOfflineCopy);
    response = (saved && (await saved(url.href))) || (await realFetch(input, init));
  } catch (error) {
    fatal("could not be downloaded");
    throw error;
  }
  if (!response.ok) {
    fatal(`answered ${response.status}`);
    return response;
  }
  if (!booting || !response.body) return response;
  const counted = url.href.startsWith(runtime.href) && name !== "manifest.json";
  const counter = new TransformStream({
    transform(chunk, controller) {
      if (counted) received += chunk.byteLength;
      report();
      controller.enqueue(chunk);
    },
    flush() {
      if (url.protocol !== "data:") step(`${name} downloaded`);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
};

// Every download of the start-up begins now, in parallel, rather than one after the
// other as Pyodide reaches it: Pyodide's own fetch of each gets the one begun here.
/** @type {Map<string, Promise<Response>>} */
const early = new Map();
/** @param {string} name */
function prefetch(name) {
  const url = new URL(name, runtime).href;
  early.set(url, fetch(url));
}
const takeEarly = (/** @type {string} */ url) => {
  const response = early.get(url);
  early.delete(url);
  return response;
};
const wasmURL = new URL("pyodide.asm.wasm", runtime).href; // what Pyodide asks for
prefetch("manifest.json");
prefetch(LOCK);
/** @type {Promise<Manifest>} */
const manifestFile = fetch(new URL("manifest.json", runtime)).then((response) => {
  if (!response.ok) throw new Error("the Python runtime is missing from this site");
  return response.json();
});
manifestFile.catch(() => {});
// The wasm is compiled as soon as it is decoded (by the decoder's worker as it decodes
// it, when it comes in several frames); Pyodide's instantiateStreaming gets the result.
wasmBytes.catch((error) => failStartup(new Error(`pyodide.asm.wasm could not be read (${error.message})`)));
const compiled = wasmBytes
  .then((bytes) => wasmModule ?? WebAssembly.compile(bytes))
  .then((module) => {
    step("wasm compiled");
    return module;
  });
// (Pyodide only logs a failed compilation and waits forever: end the start-up instead.)
compiled.catch((error) => failStartup(new Error(`pyodide.asm.wasm could not be compiled (${error.message})`)));
/** @type {WeakSet<Response>} */
const standIns = new WeakSet();
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
// Relies on Pyodide 314's instantiateWasm (getInstantiateWasmFunc) handing the promise
// that fetch returned for <indexURL> + "pyodide.asm.wasm" (so the stand-in Response
// above) to WebAssembly.instantiateStreaming(response, imports), looked up on
// WebAssembly when it is called, and taking { instance, module } from its answer
// (tests/test_pyodide_patches.py checks these in node_modules/pyodide).
/**
 * @param {Response | PromiseLike<Response>} source
 * @param {WebAssembly.Imports} [imports]
 */
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!standIns.has(response)) return instantiateStreaming(response, imports);
  const module = await compiled;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};
const pyodideModule = import("./runtime/pyodide.mjs");
pyodideModule.catch((error) => failStartup(new Error(`pyodide.mjs could not be loaded (${error})`)));
// Pyodide's JavaScript half, imported now (Pyodide takes the module it exports instead
// of importing pyodide.asm.mjs itself, later).
const asmModule = import("./runtime/pyodide.asm.mjs").then((module) => {
  step(`${ASM} loaded`);
  return module.default;
});
asmModule.catch((error) => failStartup(new Error(`${ASM} could not be loaded (${error.message || error})`)));
// Pyodide's list of packages, which it would otherwise fetch itself.
const lockFile = fetchBytes(new URL(LOCK, runtime)).then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));
lockFile.catch(() => {});
// The memory snapshot, made ready from the worker's first moment rather than once
// loadPyodide asks for it: a view of the size the manifest gives, given to loadPyodide at
// once, whose bytes arrive later from the decoder's worker. Null: there is none to use;
// a rejection: it could not be read (Python loads afresh).
//
// The view holds only the snapshot's header itself, and answers subarray() from the bytes
// that arrived: so the 30 MiB heap is copied once, into Python's memory, not first into
// the view. Relies on Pyodide 314's restoreSnapshot reading the header through
// view.buffer and the heap through view.subarray(<the offset in its second 32-bit word>)
// only (tests/test_pyodide_patches.py checks both).
class ArrivingSnapshot extends Uint8Array {
  /** @type {Uint8Array<ArrayBuffer> | null} the snapshot's bytes, once they arrived */
  arrived = null;
  /**
   * @param {number} [begin]
   * @param {number} [end]
   * @returns {Uint8Array<ArrayBuffer>}
   */
  subarray(begin, end) {
    return this.arrived ? this.arrived.subarray(begin, end) : super.subarray(begin, end);
  }
}
/** @type {Promise<ArrivingSnapshot | null>} */
const snapshotBuffer = manifestFile.then((manifest) => {
  if (!manifest.snapshot || !manifest.snapshot_size) return null;
  if (manifest.snapshot !== SNAPSHOT) throw new Error(`unknown snapshot ${manifest.snapshot}`);
  return new ArrivingSnapshot(manifest.snapshot_size);
});
snapshotBuffer.catch(() => {});
/** @type {Promise<Uint8Array | null>} */
const snapshotFile = snapshotBuffer.then(async (view) => {
  if (!view) return null;
  const bytes = await snapshotBytes;
  if (bytes.length !== view.length) throw new Error(`a snapshot of ${bytes.length} bytes for ${view.length}`);
  const heap = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  view.set(bytes.subarray(0, heap)); // the header, read through view.buffer
  view.arrived = bytes;
  step("snapshot unpacked");
  return view;
});
snapshotFile.catch(() => {});

// A gzip file's body as it was before it was packed: decompressed while it downloads,
// unless the host already did (one that sends .gz files with Content-Encoding: gzip).
/**
 * @param {Response} response
 * @returns {Promise<ReadableStream<Uint8Array>>}
 */
async function unpacked(response) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array() : first.value;
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (/** @type {unknown} */ reason) => reader.cancel(reason),
  });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  return gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

/** @param {URL} url */
async function fetchBytes(url) {
  const response = await (takeEarly(url.href) ?? fetch(url));
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return new Uint8Array(await new Response(await unpacked(response)).arrayBuffer());
}

async function boot() {
  const { loadPyodide } = await pyodideModule;
  const manifest = await manifestFile;
  const wheels = manifest.wheels.map((w) => new URL(w, runtime).href);
  for (const name of [WASM, LOCK]) {
    if (!manifest.packed?.includes(name)) throw new Error(`the Python runtime has no ${name}`);
  }
  // The wait counts the bytes downloaded against the bytes this start-up needs.
  const sizes = manifest.sizes || {};
  const weigh = (/** @type {string[]} */ names) => names.reduce((sum, name) => sum + (sizes[name] || 0), 0);
  // (The imports of ASM and of the decoder's glue are not counted: they are not fetched here.)
  total = weigh([WASM, LOCK, SNAPSHOT, DECODER]);
  report(true);
  const createPyodideModule = await asmModule;
  const options = { indexURL: runtime.href, createPyodideModule, lockFileContents: lockFile };
  /** @type {PyodideAPI | null} */
  let pyodide = null;
  let how = "snapshot";
  const view = await snapshotBuffer.catch(() => null);
  if (view) {
    try {
      // Relies on Pyodide 314's loadPyodide awaiting _loadSnapshot only for a view whose
      // length sets INITIAL_MEMORY, then awaiting createPyodideModule(settings), and only
      // then, with no wait between, copying the view into the heap (restoreSnapshot)
      // (tests/test_pyodide_patches.py checks these in node_modules/pyodide). So it gets
      // at once the view the snapshot arrives in, and the module is instantiated while
      // the snapshot still downloads: the module factory given answers only once it has
      // arrived.
      /** @param {any} settings */
      const onceUnpacked = async (settings) => {
        const [module] = await Promise.all([createPyodideModule(settings), snapshotFile]);
        return module;
      };
      pyodide = await loadPyodide({ ...options, createPyodideModule: onceUnpacked, _loadSnapshot: view, stdLibURL: EMPTY_ZIP });
      step("snapshot restored");
    } catch (error) {
      console.warn("Rollbook: memory snapshot unusable, loading Python afresh", error);
      pyodide = null;
    }
  }
  if (pyodide === null) {
    how = "fresh";
    total += weigh(["python_stdlib.zip", ...manifest.wheels]);
    report(true);
    pyodide = await loadPyodide(options);
    await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  }
  handle = pyodide.pyimport("rules_py.handler").handle;
  // A snapshot restores Python's random state too: seed afresh from this browser's entropy.
  const entropy = Array.from(crypto.getRandomValues(new Uint32Array(8)));
  const seeded = JSON.parse(/** @type {(request: string) => string} */ (handle)(JSON.stringify({ op: "seed", args: { entropy } })));
  if (!seeded.ok) throw new Error(seeded.error);
  step("python ready");
  booting = false;
  postMessage({ type: "ready", how, ms: performance.now() - started, steps, origin: performance.timeOrigin });
  if (how === "snapshot") {
    // The wasm and the snapshot as restored, kept decoded for later visits
    // (decoded-cache.mjs): once, when Python has answered and been idle a moment.
    keepDecoded = async () => {
      const [cache, manifest, wasm, snapshot] = await Promise.all([import("./decoded-cache.mjs"), manifestFile, wasmBytes, snapshotBytes]);
      await cache.keepDecoded(runtime, [[WASM, wasm], [SNAPSHOT, snapshot]], manifest.fingerprint ?? "");
    };
    // The snapshot holds every module the widgets import, but not their files: a
    // module imported later needs the standard library's zip in place (it downloads
    // once the worker has answered and been idle a moment) and the wheels unpacked
    // (only then). Neither delays a roll.
    const zip = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
    loadStdlib = () =>
      (stdlib ??= fetch(new URL("python_stdlib.zip", runtime)).then(async (response) => {
        if (!response.ok) throw new Error(`python_stdlib.zip answered ${response.status}`);
        /** @type {PyodideAPI} */ (pyodide).FS.writeFile(zip, new Uint8Array(await response.arrayBuffer()));
        // Not importlib.invalidate_caches(): it imports importlib.metadata, 270-340 ms of
        // this worker's time (rules_py/snapshot.py, stdlib_arrived).
        /** @type {PyodideAPI} */ (pyodide).runPython(`import rules_py.snapshot\nrules_py.snapshot.stdlib_arrived(${JSON.stringify(zip)})`);
      }));
    unpackWheels = () =>
      (unpacking ??= /** @type {() => Promise<void>} */ (loadStdlib)().then(() => /** @type {PyodideAPI} */ (pyodide).loadPackage(wheels, { messageCallback: () => {} })));
  }
}

/** @type {Promise<unknown> | null} */
let unpacking = null;
/** @type {(() => Promise<unknown>) | null} */
let unpackWheels = null;
/** @type {(() => Promise<void>) | null} */
let loadStdlib = null;
/** @type {number | undefined} */
let idle;
/** @type {(() => Promise<void>) | null} */
let keepDecoded = null;

const ready = Promise.race([boot(), startupFailed]);
ready.catch((error) => {
  booting = false;
  postMessage({ type: "failed", error: String((error && error.message) || error) });
});

// Asks wait here until Python is ready, then are answered one at a time. One marked
// `later` (a page redrawing, as it mounts, what a browser keeps: a sheet, a roller or
// an odds figure stored since a visit before) is answered after every ask not so marked
// that waits beside it: a Roll tapped as the page starts is answered first, not after
// the redraws (Danger World's Play page: 130 ms of a kept character's first check). Each
// ask carries all it needs, so the order of answers changes no answer.
/** @typedef {{ id: number, op: string, args: unknown, later?: boolean }} Ask */
/** @type {Ask[]} */
const asks = [];
let answering = false;
// Before each answer, the asks that reached this worker while it was busy (starting
// Python, or answering) are let in: their message events wait behind the task it was
// busy in, so the order they are answered in is chosen with them. A message port's
// task, not a timer's (a timer is clamped to 4 ms when set again and again).
const turn = new MessageChannel();
const letAsksIn = () =>
  new Promise((resolve) => {
    turn.port1.onmessage = resolve;
    turn.port2.postMessage(0);
  });

addEventListener("message", (event) => {
  const ask = /** @type {Ask} */ (event.data);
  const first = ask.later ? -1 : asks.findIndex((waiting) => waiting.later);
  if (first === -1) asks.push(ask);
  else asks.splice(first, 0, ask);
  if (!answering) answerAsks();
});

async function answerAsks() {
  answering = true;
  try {
    await ready;
  } catch {
    for (const { id } of asks.splice(0)) postMessage({ id, ok: false, error: "Python could not load" });
    answering = false;
    return;
  }
  while (asks.length) {
    await letAsksIn();
    await answer(/** @type {Ask} */ (asks.shift()));
  }
  answering = false;
}

/** @param {Ask} ask */
async function answer({ id, op, args }) {
  const request = JSON.stringify({ op, args });
  let answer;
  try {
    answer = JSON.parse(/** @type {(request: string) => string} */ (handle)(request));
  } catch (error) {
    answer = { ok: false, error: String((error && /** @type {Error} */ (error).message) || error) };
    if (unpackWheels && /ImportError|ModuleNotFoundError/.test(answer.error)) {
      try {
        await unpackWheels();
        answer = JSON.parse(/** @type {(request: string) => string} */ (handle)(request));
      } catch (again) {
        answer = { ok: false, error: String((again && /** @type {Error} */ (again).message) || again) };
      }
    }
  }
  postMessage({ id, ...answer });
  if (loadStdlib && !stdlib) {
    clearTimeout(idle);
    idle = setTimeout(() => {
      /** @type {() => Promise<void>} */ (loadStdlib)().catch(() => (stdlib = null));
      keepDecoded?.().catch((error) => console.info("Rollbook: the decoded runtime is not kept for later visits", error));
      keepDecoded = null;
    }, 2000);
  }
}
