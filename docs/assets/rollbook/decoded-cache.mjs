// @ts-check
// The runtime's two Zstandard files (the wasm and the memory snapshot) kept decoded in
// Cache Storage after a visit has used them: a later visit reads them back instead of
// decoding them again, which on this 2-core machine took 400-500 ms of the first roll's
// time (the decoder runs in V8's baseline code at first). worker.js keeps them once
// Python has answered and been idle a moment; unzstd-worker.mjs reads them back.
//
// One cache per copy of the site (its address in the name), one entry per file, which
// names the build it came from (the manifest's fingerprint, in a header): a later
// visit starts reading it at once, before its own manifest has arrived, and uses it only
// if the two agree. Not "rollbook-…": that is the offline copy's prefix, which offline.js
// removes and counts. The browser may evict it like any cache; then the files are
// downloaded and decoded again.

const site = new URL("../../", import.meta.url).href;
const CACHE = `rollbook.decoded ${site}`;
const BUILD = "X-Rollbook-Build";

/**
 * @param {URL} runtime
 * @param {string} name
 */
const key = (runtime, name) => new URL(`${name}?decoded`, runtime).href;

/**
 * A file as an earlier visit kept it decoded, or null (none kept, or another build's, or
 * not the size the manifest gives).
 * @param {URL} runtime
 * @param {string} name
 * @param {Promise<{ fingerprint?: string, unpacked?: Record<string, number> }>} manifest
 * @returns {Promise<Uint8Array<ArrayBuffer> | null>}
 */
export async function keptDecoded(runtime, name, manifest) {
  if (!globalThis.caches) return null;
  try {
    const cache = await caches.open(CACHE);
    const response = await cache.match(key(runtime, name));
    if (!response) return null;
    // Read as a Blob, whose size is known: half the time of response.arrayBuffer() for
    // the 30 MiB snapshot (20 against 41 ms, measured in a worker on this machine).
    const [bytes, { fingerprint, unpacked }] = await Promise.all([response.blob().then((blob) => blob.arrayBuffer()), manifest]);
    const current = Boolean(fingerprint) && response.headers.get(BUILD) === fingerprint;
    return current && bytes.byteLength === unpacked?.[name] ? new Uint8Array(bytes) : null;
  } catch {
    return null; // storage refused or evicted mid-read: decode as on a first visit
  }
}

/**
 * Keep ``files`` decoded for later visits, in place of another build's.
 * @param {URL} runtime
 * @param {[name: string, bytes: Uint8Array<ArrayBuffer>][]} files
 * @param {string} fingerprint
 */
export async function keepDecoded(runtime, files, fingerprint) {
  if (!globalThis.caches || !fingerprint) return;
  const cache = await caches.open(CACHE);
  for (const [name, bytes] of files) {
    const kept = await cache.match(key(runtime, name));
    if (kept?.headers.get(BUILD) === fingerprint) continue;
    await cache.put(key(runtime, name), new Response(bytes, { headers: { [BUILD]: fingerprint } }));
  }
}
