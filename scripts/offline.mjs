// Rollbook's service worker, generated into a built site by Workbox (npm workbox-build).
//
//   node scripts/offline.mjs SITE_DIR
//
// Lists every file the site needs offline with a hash of its content (Workbox's
// getManifest), copies Workbox's runtime beside it, and writes SITE_DIR/sw.js from
// scripts/sw.js with that list. A new build with any changed file writes a different
// sw.js, which is what makes a reader's browser fetch the changed files (and only
// those) and drop the old ones.
// The two parts of workbox-build used here, without its bundler (generateSW's), which
// takes seconds to load.
import { getManifest } from "workbox-build/build/get-manifest.js";
import { copyWorkboxLibraries } from "workbox-build/build/lib/copy-workbox-libraries.js";
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const site = process.argv[2];
if (!site) {
  console.error("usage: node scripts/offline.mjs SITE_DIR");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));

// Workbox's runtime from a previous build into the same folder: replaced below.
for (const name of readdirSync(site)) {
  if (/^workbox-v[\d.]+$/.test(name)) await rm(path.join(site, name), { recursive: true });
}

const sizes = new Map();
const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: [
    "sw.js",
    "workbox-v*/**",
    "**/*.map", // source maps: only for developers' tools
    "sitemap.xml.gz",
    // Search's stemmers and segmenters for languages other than the site's (English).
    "assets/javascripts/lunr/**",
  ],
  // The Python runtime's largest file (pyodide.asm.wasm) is about 10 MB.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  manifestTransforms: [
    (entries) => {
      for (const entry of entries) sizes.set(entry.url, entry.size);
      return { manifest: entries, warnings: [] };
    },
  ],
});
for (const warning of warnings) console.error(`rollbook: offline: ${warning}`);
for (const needed of ["offline/index.html", "assets/rollbook/runtime/manifest.json"]) {
  if (!manifestEntries.some((entry) => entry.url === needed)) {
    console.error(`rollbook: offline: ${needed} is missing from ${site}`);
    process.exit(1);
  }
}

const workbox = await copyWorkboxLibraries(site);
// Only what the worker loads: the loader and the production modules (no debug builds, no maps).
for (const name of readdirSync(path.join(site, workbox))) {
  if (name !== "workbox-sw.js" && !name.endsWith(".prod.js")) await rm(path.join(site, workbox, name));
}
// Workbox's revision (an MD5) names a file's version; the SHA-256 lets the worker check
// a copy that the browser's HTTP cache said was current (see scripts/sw.js).
const entries = [];
for (const { url, revision } of manifestEntries) {
  const sha256 = createHash("sha256")
    .update(await readFile(path.join(site, url)))
    .digest("base64");
  entries.push({ url, revision, size: sizes.get(url), sha256 });
}
const template = await readFile(path.join(here, "sw.js"), "utf8");
const worker = template
  .replaceAll("__WORKBOX__", workbox)
  .replace("self.__ROLLBOOK_PRECACHE", () => JSON.stringify(entries));
await writeFile(path.join(site, "sw.js"), worker);
console.error(`rollbook: offline: sw.js lists ${count} files, ${(size / 1e6).toFixed(1)} MB`);
