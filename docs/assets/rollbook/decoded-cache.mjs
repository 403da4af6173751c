// @ts-check
// The runtime's two Zstandard files (the wasm and the memory snapshot) kept decoded in
// Cache Storage after a visit has used them: a later visit reads them back instead of
// decoding them again, which on this 2-core machine took 400-500 ms of the first roll's
// time (the decoder runs in V8's baseline code at first). worker.js keeps them once
// Python has answered and been idle a moment; unzstd-worker.mjs reads them back.
//
// One cache per copy of the site (its address in the name), one entry per file and
// build (the manifest's fingerprint in the key): keeping a build's files drops those of
// every other. Not "rollbook-…": that is the offline copy's prefix, which offline.js
// removes and counts. The browser may evict it like any cache; then the files are
// downloaded and decoded again.

const site = new URL("../../", import.meta.url).href;
const CACHE = `rollbook.decoded ${site}`;

/**
 * @param {URL} runtime
 * @param {string} name
 * @param {string} fingerprint
 */
const key = (runtime, name, fingerprint) => new URL(`${name}?decoded=${fingerprint}`, runtime).href;

/**
 * A file as an earlier visit kept it decoded, or null (none kept, or not ``size`` bytes).
 * @param {URL} runtime
 * @param {string} name
 * @param {string} fingerprint
 * @param {number} size
 * @returns {Promise<Uint8Array<ArrayBuffer> | null>}
 */
export async function keptDecoded(runtime, name, fingerprint, size) {
  if (!globalThis.caches || !fingerprint) return null;
  try {
    const cache = await caches.open(CACHE);
    const response = await cache.match(key(runtime, name, fingerprint));
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length === size ? bytes : null;
  } catch {
    return null; // storage refused or evicted mid-read: decode as on a first visit
  }
}

/**
 * Keep ``files`` decoded for later visits, and drop what other builds kept.
 * @param {URL} runtime
 * @param {[name: string, bytes: Uint8Array<ArrayBuffer>][]} files
 * @param {string} fingerprint
 */
export async function keepDecoded(runtime, files, fingerprint) {
  if (!globalThis.caches || !fingerprint) return;
  const cache = await caches.open(CACHE);
  const keys = files.map(([name]) => key(runtime, name, fingerprint));
  for (const [i, [, bytes]] of files.entries()) {
    if (!(await cache.match(keys[i]))) await cache.put(keys[i], new Response(bytes));
  }
  for (const request of await cache.keys()) {
    if (!keys.includes(request.url)) await cache.delete(request);
  }
}
