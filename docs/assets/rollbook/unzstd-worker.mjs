// @ts-check
// The runtime's two Zstandard files (the wasm and the memory snapshot), downloaded and
// decoded in a worker of their own, started by worker.js as it starts. Downloading them
// here as well as decoding them keeps both off the Python worker's thread, which is busy
// evaluating Pyodide's JavaScript half and instantiating the wasm as they arrive: when
// worker.js downloaded them and handed each frame over, a frame that had arrived waited
// up to 170 ms for that thread before its decoding began.
//
// It decodes the wasm first (the Python worker compiles it while the snapshot is
// decoded), then the snapshot, and XORs the wasm's data segments back into the snapshot
// (snapshot-diff.mjs) before handing it over ready to restore. What it posts:
//   {file: "wasm" | "snapshot", bytes}  the decoded bytes (transferred)
//   {file, error}                       why that file could not be read
//   {loaded}                            bytes downloaded since the last such message
//   {step, at}                          a start-up step it ended (at: ms since the epoch)
// Its modules are imported at once rather than statically: a static import is one more
// round trip before the downloads below can begin.
const unzstd = import("./unzstd.mjs");
const snapshotDiff = import("./snapshot-diff.mjs");
snapshotDiff.catch(() => {});
const decodedCache = import("./decoded-cache.mjs");
decodedCache.catch(() => {});

const runtime = new URL("./runtime/", import.meta.url);
const WASM = "pyodide.asm.wasm.zst"; // worker.js WASM
const SNAPSHOT = "rollbook.snapshot.zst"; // worker.js SNAPSHOT
const DECODER = "zstd.wasm"; // scripts/tasks.py ZSTD_FILES

/** @param {string} step */
const step = (step) => postMessage({ step, at: performance.timeOrigin + performance.now() });

// The offline copy, read straight from Cache Storage as worker.js reads it, when the page
// was served from it (worker.js names this worker "rollbook unzstd offline-copy" then).
const readSaved = self.name.endsWith("offline-copy") ? import("./offline-copy.mjs").then((m) => m.offlineCopy(runtime)) : null;

/**
 * A file of the runtime, its bytes counted as they arrive unless ``counted`` is false.
 * @param {string} name
 * @param {boolean} [counted]
 * @param {AbortSignal} [signal] stops the download
 * @returns {Promise<Response>}
 */
async function download(name, counted = true, signal = undefined) {
  const url = new URL(name, runtime).href;
  const response = (readSaved && (await (await readSaved)(url))) || (await fetch(url, { signal }));
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  if (!response.body || !counted) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      postMessage({ loaded: chunk.byteLength });
      controller.enqueue(chunk);
    },
    flush: () => step(`${name} downloaded`),
  });
  return new Response(response.body.pipeThrough(counter), { headers: response.headers });
}

// Everything begins at once: the manifest (the sizes the files decode to), the decoder's
// own wasm, and the two files.
/** @type {Promise<{ fingerprint?: string, sizes?: Record<string, number>, unpacked?: Record<string, number>, frames?: Record<string, [number, number][]>, snapshot_diff?: unknown }>} */
const manifest = download("manifest.json", false).then((response) => response.json());
const compiled = download(DECODER).then((response) => WebAssembly.compileStreaming(response));
// The two files as an earlier visit kept them decoded (decoded-cache.mjs), looked up as
// their downloads begin: a file found there is not downloaded further.
/**
 * @param {string} name
 * @returns {Promise<Uint8Array<ArrayBuffer> | null>}
 */
async function kept(name) {
  return (await decodedCache).keptDecoded(runtime, name, manifest);
}
/** @type {Record<string, Promise<Uint8Array<ArrayBuffer> | null>>} */
const keptFiles = { [WASM]: kept(WASM).catch(() => null), [SNAPSHOT]: kept(SNAPSHOT).catch(() => null) };
/** @type {Record<string, AbortController>} */
const stops = { [WASM]: new AbortController(), [SNAPSHOT]: new AbortController() };
/** @type {Record<string, Promise<Response>>} */
const downloads = {
  [WASM]: download(WASM, true, stops[WASM].signal),
  [SNAPSHOT]: download(SNAPSHOT, true, stops[SNAPSHOT].signal),
};
for (const response of Object.values(downloads)) response.catch(() => {});
for (const [name, bytes] of Object.entries(keptFiles)) {
  bytes.then(async (bytes) => {
    if (!bytes) return;
    stops[name].abort();
    postMessage({ loaded: (await manifest).sizes?.[name] ?? 0 }); // as if downloaded
    step(`${name} kept decoded`);
  });
}
const decoder = unzstd.then(({ zstdDecoder }) => zstdDecoder(runtime, compiled)).catch((error) => {
  throw new Error(`${DECODER} could not be loaded (${error.message || error})`);
});

/**
 * A file decoded: the manifest gives the size it decodes to. A host that already decoded
 * it (one that sends it with Content-Encoding: zstd) sent the bytes themselves.
 * @param {string} name
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
async function decoded(name) {
  const frame = new Uint8Array(await (await downloads[name]).arrayBuffer());
  const size = (await manifest).unpacked?.[name];
  if (!size) throw new Error(`the manifest gives no size for ${name}`);
  if (!(await unzstd).isFrame(frame)) {
    if (frame.length !== size) throw new Error(`${name} is neither a Zstandard frame nor ${size} bytes`);
    return frame;
  }
  return (await decoder)(frame, size);
}

// A file as it downloads, when stored in several frames (the manifest lists them:
// scripts/tasks.py STREAMED): each frame is decoded as soon as it is here, not once the
// whole file is, and with ``compile`` (the wasm) the bytes decoded are compiled as they
// come (WebAssembly.compileStreaming), the module handed to the Python worker with them.
// Null: it is stored in one frame, or the host sent it decoded; decoded() reads it then.
const DICTIONARY = 8 << 20; // scripts/tasks.py DICTIONARY
/**
 * @param {string} name
 * @param {boolean} compile
 * @param {Promise<unknown>} [after] what must be decoded first (its frames are read meanwhile)
 * @returns {Promise<{ bytes: Uint8Array<ArrayBuffer>, module: WebAssembly.Module | null } | null>}
 */
async function streamed(name, compile, after = Promise.resolve()) {
  const parts = (await manifest).frames?.[name];
  const response = await downloads[name];
  if (!parts || !response.body) return null;
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  if (!(await unzstd).isFrame(head)) {
    // Decoded by the host: decoded() reads the bytes themselves.
    const rest = new ReadableStream({
      start: (controller) => controller.enqueue(head),
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    downloads[name] = Promise.resolve(new Response(rest));
    return null;
  }
  const stored = new Uint8Array(parts.reduce((sum, [bytes]) => sum + bytes, 0));
  const file = (await decoder).frames(parts.reduce((sum, [, size]) => sum + size, 0), DICTIONARY);
  /** @type {ReadableStreamDefaultController<Uint8Array> | null} */
  let compiling = null;
  const module = compile
    ? WebAssembly.compileStreaming(
        new Response(new ReadableStream({ start: (controller) => void (compiling = controller) }), {
          headers: { "Content-Type": "application/wasm" },
        }),
      )
    : Promise.resolve(null);
  module.catch(() => {});
  let have = 0;
  let used = 0;
  let next = 0;
  let free = false; // ``after`` is done: frames may be decoded
  after.then(() => (free = true));
  const decodeArrived = () => {
    for (; next < parts.length && used + parts[next][0] <= have; next++) {
      const part = file.next(stored.subarray(used, used + parts[next][0]), parts[next][1]);
      /** @type {ReadableStreamDefaultController<Uint8Array> | null} */ (compiling)?.enqueue(part);
      used += parts[next][0];
    }
  };
  for (let chunk = first; ; chunk = await reader.read()) {
    if (chunk.value) {
      if (have + chunk.value.length > stored.length) throw new Error(`${name} is longer than the manifest says`);
      stored.set(chunk.value, have);
      have += chunk.value.length;
    }
    if (free) decodeArrived();
    if (chunk.done) break;
  }
  await after;
  decodeArrived();
  if (next < parts.length) throw new Error(`${name} ended before its last frame`);
  /** @type {ReadableStreamDefaultController<Uint8Array> | null} */ (compiling)?.close();
  return { bytes: file.end(), module: await module };
}

/**
 * @param {"wasm" | "snapshot"} file
 * @param {Promise<Uint8Array<ArrayBuffer>>} bytes
 * @param {Promise<WebAssembly.Module | null>} [module] the wasm, compiled as it was decoded
 */
function hand(file, bytes, module) {
  return Promise.all([bytes, module]).then(
    ([bytes, module]) => {
      step(`${file} decoded`);
      postMessage({ file, bytes, module }, [bytes.buffer]);
    },
    (error) => postMessage({ file, error: String((error && error.message) || error) }),
  );
}

// Both files are decoded as their frames arrive; the wasm is handed over first (it
// compiles while the snapshot is decoded), then the snapshot, its data segments back.
const wasmStreamed = keptFiles[WASM].then((bytes) => (bytes ? null : streamed(WASM, true)));
// (The wasm's frames first: the decoder decodes one frame at a time.)
const wasmFirst = wasmStreamed.catch(() => {});
const snapshotStreamed = keptFiles[SNAPSHOT].then((bytes) => (bytes ? null : streamed(SNAPSHOT, false, wasmFirst)));
snapshotStreamed.catch(() => {});
const wasm = Promise.all([keptFiles[WASM], wasmStreamed]).then(([bytes, streamed]) => bytes ?? streamed?.bytes ?? decoded(WASM));
// The wasm's data segments, kept before its bytes are handed over.
const segments = wasm.then(async (bytes) => (await snapshotDiff).dataSegments(bytes, true));
segments.catch(() => {});
const wasmHanded = hand(
  "wasm",
  wasm.then((bytes) => segments.then(() => bytes)),
  wasmStreamed.then((streamed) => streamed?.module ?? null),
);
hand(
  "snapshot",
  wasmHanded.then(async () => {
    const done = await keptFiles[SNAPSHOT];
    if (done) return done; // kept as it was restored: its data segments are back in it
    const bytes = (await snapshotStreamed)?.bytes ?? (await decoded(SNAPSHOT));
    if ((await manifest).snapshot_diff) (await snapshotDiff).xorSegments(bytes, await segments);
    return bytes;
  }),
);
