// The service worker of the release build: after one visit, the game, the embeds and the demo
// (the computer player included) work with the network off. `cargo xtask build-info` (trunk's
// post-build hook) writes www/build.js with the build's id and every file; this worker caches
// them all in a cache named after the build, serves from it, and drops the caches of older
// builds once it takes over. The development server (`cargo xtask serve`) has no sw.js.
//
// A new release does not take over the pages open already: it installs its cache and waits,
// while the release those pages run keeps serving them from its own cache. A page of one
// release must never get another release's files: the modules it loads on first use would
// import exports its loaded modules lack, and the computer player's worker, which instantiates
// the page's compiled wasm module, would bring glue that does not fit it. The new release takes
// over when no page of the old one is left open, or at once when a page asks for it
// (`{ type: 'take-over' }`, www/offline.js: the game page's "Reload" on its notice of the new
// version), and that page then reloads.

importScripts('./www/build.js');

/**
 * @typedef {object} Build
 * @property {string} id  a hash of every file, e.g. "3f2a9c0d11e4b7a5"
 * @property {boolean} serviceWorker
 * @property {string[]} files  paths from the build's root, e.g. ["index.html", "www/main.js"]
 */

const worker = /** @type {any} */ (self);
const build = /** @type {Build} */ (worker.ultimaBuild);
/** Caches of this build's folder start with this; the scope tells two builds on one site apart. */
const PREFIX = `ultima ${worker.registration.scope} `;
const CACHE = PREFIX + build.id;

worker.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // On a first visit the page has put the wasm file it downloaded in this cache already
      // (www/offline.js): what is there is not downloaded again.
      const held = new Set((await cache.keys()).map((request) => request.url));
      const wanted = build.files.map((file) => new URL(file, worker.location.href).href).filter((url) => !held.has(url));
      // cache: 'no-cache' revalidates with the server: the files must be this build's, and a file
      // the page has just downloaded comes back as "not modified" from a server that says so.
      await cache.addAll(wanted.map((url) => new Request(url, { cache: 'no-cache' })));
    })(),
  );
});

worker.addEventListener('message', (/** @type {any} */ event) => {
  if (event.data?.type === 'take-over') event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (/** @type {any} */ event) => {
  const request = /** @type {Request} */ (event.request);
  const url = new URL(request.url);
  if (request.method !== 'GET' || !url.href.startsWith(worker.registration.scope)) return;
  // The build's root folder is its index.html; query strings (embed.html?mode=ai) do not change
  // the file.
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(new URL(path, url.origin).href, { ignoreSearch: true });
      return hit ?? fetch(request);
    })(),
  );
});
