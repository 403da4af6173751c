// Rollbook's service worker: the whole site, Python runtime included, saved for
// offline use on the first visit. Written into the built site as sw.js by
// scripts/offline.mjs, which replaces the list below with every file of the
// build and a hash of its content. Workbox does the saving and the serving.
importScripts("__WORKBOX__/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "__WORKBOX__/", debug: false });

const PRECACHE = self.__ROLLBOOK_PRECACHE; // [{ url, revision, size, sha256 }] relative to this file
const { core, precaching, routing } = workbox;
core.setCacheNameDetails({ prefix: "rollbook" }); // "rollbook-precache-v2-<scope>"

// Progress while the files are saved, sent to every page of the site ("Saving
// for offline… N%"): bytes saved of the bytes to save.
const sizes = new Map(PRECACHE.map(({ url, size }) => [new URL(url, self.location).href, size]));
const hashes = new Map(PRECACHE.map(({ url, sha256 }) => [new URL(url, self.location).href, sha256]));
const plain = (url) => {
  const bare = new URL(url);
  bare.search = "";
  return bare.href;
};
const total = PRECACHE.reduce((sum, { size }) => sum + size, 0);
let saved = 0;
let told = 0;
async function tell(force = false) {
  const now = Date.now();
  if (!force && now - told < 200) return;
  told = now;
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: "rollbook:offline", saved, total });
}

precaching.addPlugins([
  {
    // Workbox fetches a changed file with cache: "reload", which would download
    // again what the page has just downloaded itself (the 21 MB runtime on a
    // first visit). Revalidate instead (the server answers 304 when its copy has
    // the same ETag or date), and check the bytes: a copy that is not the build's
    // (a server that judged by a date, say) is downloaded afresh.
    requestWillFetch: async ({ request }) =>
      request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request,
    fetchDidSucceed: async ({ request, response }) => {
      const expected = hashes.get(plain(request.url));
      if (request.cache !== "no-cache" || !response.ok || !expected) return response;
      const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
      if (btoa(String.fromCharCode(...new Uint8Array(digest))) === expected) return response;
      return fetch(request.url, { cache: "reload", credentials: "same-origin" });
    },
    cacheDidUpdate: async ({ request }) => {
      saved += sizes.get(plain(request.url)) || 0;
      await tell(saved >= total);
    },
  },
]);
precaching.precacheAndRoute(
  PRECACHE.map(({ url, revision }) => ({ url, revision })),
  // A page is saved as wodu/index.html and asked for as wodu/; no page reads
  // its query string, so "offline/?from=…" is the saved offline/index.html.
  { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] },
);
precaching.cleanupOutdatedCaches();

// A page that is not saved (a mistyped address, say), asked for with no
// network: the site's own offline page, which says so and where to go.
routing.registerRoute(
  ({ request }) => request.mode === "navigate",
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const offline = await precaching.matchPrecache("offline/index.html");
      if (!offline) throw error;
      const page = new URL("offline/", self.registration.scope);
      page.searchParams.set("from", new URL(request.url).pathname);
      return Response.redirect(page.href, 303);
    }
  },
);

// A new build takes over as soon as its files are saved: no reader stays on an
// old runtime. Pages already open keep what they loaded until they reload.
//
// When it took over is kept where the pages read it (offline.js, TOOK_OVER), written
// before it claims them: a page the build before served, whose scripts ran only after
// the takeover (a busy device), missed the "controllerchange" event that said so, and
// would not offer the reload that uses the new build.
const TOOK_OVER = `rollbook-took-over-${self.registration.scope}`;
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  const stamp = new Response(String(Date.now()), { headers: { "Content-Type": "text/plain" } });
  event.waitUntil(
    caches
      .open(TOOK_OVER)
      .then((cache) => cache.put(new URL("took-over", self.registration.scope).href, stamp))
      .catch(() => {})
      .then(() => self.clients.claim()),
  );
});
