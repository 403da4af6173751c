// @ts-check
// Rollbook's Python worker: a module Web Worker that runs rules_py in Pyodide.
// It answers {id, op, args} with {id, ok, result | error}; the page never waits on it.
// Imported at once rather than statically: a static import is one more round trip
// before the downloads below can begin.
const snapshotDiff = import("./snapshot-diff.mjs");
snapshotDiff.catch(() => {}); // only the snapshot needs it: without it, Python loads afresh
const unzstd = import("./unzstd.mjs"); // what tells a Zstandard frame (the two .zst files below)
unzstd.catch(() => {});
// Zstandard's decoder, in a worker of its own (unzstd-worker.mjs), started at once.
const decoderWorker = new Worker(new URL("./unzstd-worker.mjs", import.meta.url), { type: "module", name: "rollbook unzstd" });
/** @type {Map<number, { resolve: (bytes: Uint8Array<ArrayBuffer>) => void, reject: (error: Error) => void }>} */
const decoding = new Map();
let decodes = 0;
let decoderFailed = false;
decoderWorker.addEventListener("message", (event) => {
  const { id, bytes, error } = event.data;
  const asked = decoding.get(id);
  decoding.delete(id);
  if (error) asked?.reject(new Error(error));
  else asked?.resolve(bytes);
});
decoderWorker.addEventListener("error", (event) => {
  event.preventDefault();
  decoderFailed = true;
  for (const asked of decoding.values()) asked.reject(new Error("the Zstandard decoder could not start"));
  decoding.clear();
});
/**
 * A Zstandard frame decoded by the decoder's worker (the frame's bytes are handed over).
 * @param {Uint8Array<ArrayBuffer>} frame
 * @param {number} size what it decodes to
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
function decode(frame, size) {
  const id = ++decodes;
  return new Promise((resolve, reject) => {
    if (decoderFailed) throw new Error("the Zstandard decoder could not start");
    decoding.set(id, { resolve, reject });
    decoderWorker.postMessage({ id, frame, size }, [frame.buffer]);
  });
}

const runtime = new URL("./runtime/", import.meta.url);
const SNAPSHOT = "rollbook.snapshot.zst"; // scripts/tasks.py SNAPSHOT; the manifest confirms it
// Pyodide's files, stored packed: a first visit downloads the same bytes from a host that
// compresses and from one that does not. The wasm (like the snapshot) is a Zstandard
// frame (scripts/tasks.py SQUEEZED), decoded here by unzstd.mjs; the lock file is
// gzipped (PACKED), decompressed while it downloads where the host did not.
const WASM = "pyodide.asm.wasm.zst";
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
 * @typedef {{ wheels: string[], packed?: string[], sizes?: Record<string, number>, unpacked?: Record<string, number>, snapshot?: string, snapshot_size?: number, snapshot_diff?: boolean }} Manifest
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
// The snapshot (begun below, before the manifest names it): when it fails, Python loads afresh.
const optional = new URL(SNAPSHOT, runtime).href;
let compiling = false; // the wasm's one download has begun
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

// The offline copy (scripts/sw.js), read straight from the Cache Storage the service
// worker saved it in when the page is served from it (the page names the worker
// "rollbook offline-copy"): asking the service worker for each file went through its
// one thread and Workbox's routing, behind the page's own requests, and started Python
// later than the HTTP cache does. A file saved in two versions (an update being saved)
// is left to the service worker, which knows the current one.
const site = new URL("../../", import.meta.url).href;
const offlineCopy =
  self.name === "rollbook offline-copy" && globalThis.caches
    ? caches
        .keys()
        .then((names) => names.filter((name) => name.startsWith("rollbook-precache-") && name.endsWith(site)))
        .then((names) => (names.length === 1 ? caches.open(names[0]) : null))
        .catch(() => null)
    : null;
/** @param {string} url */
async function fromOfflineCopy(url) {
  const cache = await offlineCopy;
  if (!cache || !url.startsWith(runtime.href)) return null;
  const saved = await cache.matchAll(url, { ignoreSearch: true }).catch(() => []);
  return saved.length === 1 && saved[0].ok ? saved[0] : null;
}

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
  if (url.href === wasmURL && compiling) {
    // Pyodide's own request for the wasm already compiling: an empty stand-in.
    const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    standIns.add(standIn);
    return standIn;
  }
  if (url.href === wasmURL) compiling = true;
  const fatal = (/** @type {string} */ why) => {
    if (booting && url.href !== optional) failStartup(new Error(`${name} ${why}`));
  };
  let response;
  try {
    response = (offlineCopy && (await fromOfflineCopy(url.href))) || (await realFetch(input, init));
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
prefetch(SNAPSHOT);
prefetch(LOCK);
// The decoder's own wasm, downloaded here like the runtime's other files (counted, and read
// straight from the offline copy) and handed to the decoder's worker compiled.
const DECODER = "zstd.wasm"; // scripts/tasks.py ZSTD_FILES
fetch(new URL(DECODER, runtime))
  .then((response) => {
    if (!response.ok) throw new Error(`${DECODER} answered ${response.status}`);
    return WebAssembly.compileStreaming(response);
  })
  .then(
    (module) => decoderWorker.postMessage({ module }),
    (error) => decoderWorker.postMessage({ failed: `${DECODER} could not be loaded (${error.message || error})` }),
  );
/** @type {Promise<Manifest>} */
const manifestFile = fetch(new URL("manifest.json", runtime)).then((response) => {
  if (!response.ok) throw new Error("the Python runtime is missing from this site");
  return response.json();
});
manifestFile.catch(() => {});
/**
 * A .zst file of the runtime, decoded (into ``into`` if given): the manifest says the
 * size it decodes to. A host that already decoded it (one that sends it with
 * Content-Encoding: zstd) sent the bytes themselves.
 * @param {Response} response
 * @param {string} name
 * @param {Uint8Array<ArrayBuffer>} [into]
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
async function decoded(response, name, into) {
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  const frame = new Uint8Array(await response.arrayBuffer());
  const [{ isFrame }, manifest] = await Promise.all([unzstd, manifestFile]);
  const size = manifest.unpacked?.[name];
  if (!size) throw new Error(`the manifest gives no size for ${name}`);
  let bytes = frame;
  if (isFrame(frame)) bytes = await decode(frame, size);
  else if (frame.length !== size) throw new Error(`${name} is neither a Zstandard frame nor ${size} bytes`);
  if (!into) return bytes;
  into.set(bytes);
  return into;
}
// The wasm is compiled as soon as it is here and decoded; Pyodide's instantiateStreaming
// gets the result. Its bytes are kept too: the snapshot is stored without the wasm's
// data segments.
compiling = true; // Pyodide's own request for pyodide.asm.wasm gets a stand-in
const wasmBytes = fetch(new URL(WASM, runtime)).then((response) => decoded(response, WASM));
wasmBytes.catch((error) => failStartup(new Error(`pyodide.asm.wasm could not be read (${error.message})`)));
const compiled = wasmBytes
  .then((bytes) => {
    step("wasm decoded");
    return WebAssembly.compile(bytes);
  })
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
// loadPyodide asks for it: decoded as soon as it is here, straight into a buffer of the
// size the manifest gives, and the wasm's data segments XOR-ed back in, all while the
// wasm compiles and Pyodide's JavaScript loads. Null: there is none to use; a
// rejection: it could not be read (Python loads afresh).
/** @type {Promise<Uint8Array<ArrayBuffer> | null>} */
const snapshotBuffer = manifestFile.then((manifest) => {
  if (!manifest.snapshot || !manifest.snapshot_size) return null;
  if (manifest.snapshot !== SNAPSHOT) throw new Error(`unknown snapshot ${manifest.snapshot}`);
  return new Uint8Array(manifest.snapshot_size);
});
snapshotBuffer.catch(() => {});
/** @type {Promise<Uint8Array | null>} */
const snapshotFile = snapshotBuffer.then(async (bytes) => {
  if (!bytes) return null;
  await decoded(await (takeEarly(optional) ?? fetch(optional)), SNAPSHOT, bytes);
  if ((await manifestFile).snapshot_diff) {
    const [wasm, diff] = await Promise.all([wasmBytes, snapshotDiff]);
    diff.xorDataSegments(bytes, wasm);
  }
  step("snapshot unpacked");
  return bytes;
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
      // at once the buffer the snapshot is being unpacked into, and the module is
      // instantiated while the snapshot still downloads: the module factory given answers
      // only once the buffer is filled.
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
    // The snapshot holds every module the widgets import, but not their files: a
    // module imported later needs the standard library's zip in place (it downloads
    // once the worker has answered and been idle a moment) and the wheels unpacked
    // (only then). Neither delays a roll.
    const zip = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
    loadStdlib = () =>
      (stdlib ??= fetch(new URL("python_stdlib.zip", runtime)).then(async (response) => {
        if (!response.ok) throw new Error(`python_stdlib.zip answered ${response.status}`);
        /** @type {PyodideAPI} */ (pyodide).FS.writeFile(zip, new Uint8Array(await response.arrayBuffer()));
        /** @type {PyodideAPI} */ (pyodide).runPython("import importlib\nimportlib.invalidate_caches()");
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
    idle = setTimeout(() => /** @type {() => Promise<void>} */ (loadStdlib)().catch(() => (stdlib = null)), 2000);
  }
});
