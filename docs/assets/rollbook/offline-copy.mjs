// @ts-check
// The offline copy (scripts/sw.js), read straight from the Cache Storage the service
// worker saved it in, by worker.js and unzstd-worker.mjs when the page is served from it
// (the page names its worker "rollbook offline-copy"): asking the service worker for each
// file went through its one thread and Workbox's routing, behind the page's own requests,
// and started Python later than the HTTP cache does.

const site = new URL("../../", import.meta.url).href;

/**
 * A reader of the runtime's files (those under ``runtime``) from the offline copy: null
 * for a file it cannot answer, which is then downloaded. A file saved in two versions
 * (an update being saved) is left to the service worker, which knows the current one.
 * @param {URL} runtime
 * @returns {Promise<(url: string) => Promise<Response | null>>}
 */
export async function offlineCopy(runtime) {
  const cache = globalThis.caches
    ? await caches
        .keys()
        .then((names) => names.filter((name) => name.startsWith("rollbook-precache-") && name.endsWith(site)))
        .then((names) => (names.length === 1 ? caches.open(names[0]) : null))
        .catch(() => null)
    : null;
  return async (url) => {
    if (!cache || !url.startsWith(runtime.href)) return null;
    const saved = await cache.matchAll(url, { ignoreSearch: true }).catch(() => []);
    return saved.length === 1 && saved[0].ok ? saved[0] : null;
  };
}
