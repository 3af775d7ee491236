// Registers the service worker (sw.js) of the release build, so that the next visit works with
// the network off. www/build.js, written at build time, says whether this build has one: the
// development server's build does not.
//
// On a first visit the page has downloaded the wasm file already (the largest file by far) when
// the worker installs: the page puts the response it got into the worker's cache first, and the
// worker's install (sw.js) downloads only what is not there yet, so the file is downloaded once.
//
// A new release's worker installs and waits while pages of the release before are open (sw.js
// says why). The page is told (`updates.ready`) and may let it take over: the page then reloads
// into the new release. A page whose worker was replaced at another page's request is told too
// (`updates.elsewhere`): it runs the old release's modules against the new release's files
// from then on, and should be reloaded.
//
// A first visit's saving can fail (the network gone before the worker had every file: a
// traveller boarding as the page loads on a slow network); the page then tries again when the
// network comes back, and says where the saving stands (`updates.saving`). An open page asks
// for a new release when the network comes back and when it is seen again (at most once a
// minute): an open tab was never told of one.

import './build.js';
import { takeWasmCopy } from './wasm.js';
import { errorText } from './util.js';

/** @returns {{ id?: string, serviceWorker?: boolean } | undefined} what www/build.js says of the release this page runs */
const runningBuild = () => /** @type {any} */ (globalThis).ultimaBuild;

/**
 * Whether the server holds another release than the one this page runs, asked after a module
 * the page loads on first use failed: a page no service worker serves (the browser has none, a
 * forced reload, the development server) gets the server's files as they are now, and a newer
 * release's module imports what the page's loaded modules lack. Under a service worker this
 * asks the page's own release (sw.js serves www/build.js from its cache): false, as it should
 * be, since that worker serves no other release's files. False too when it cannot tell
 * (offline, an unreadable answer).
 *
 * @returns {Promise<boolean>}
 */
export async function releasedSince() {
  const running = runningBuild()?.id;
  if (!running) return false;
  try {
    const response = await fetch(new URL('./build.js', import.meta.url), { cache: 'no-store' });
    const served = response.ok ? /"id":\s*"([^"]+)"/.exec(await response.text())?.[1] : undefined;
    return served !== undefined && served !== running;
  } catch {
    return false;
  }
}

/**
 * What a page does when a new release is there.
 *
 * @typedef {object} Updates
 * @property {(takeOver: () => void) => void} [ready]  a new release has installed and waits;
 *   `takeOver` lets it take over and reloads this page into it
 * @property {() => void} [elsewhere]  another page let a new release take over: this page runs
 *   the old one and should be reloaded
 * @property {(state: 'saving' | 'saved' | 'failed') => void} [saving]  where the saving of the
 *   site on this device for offline play stands: under way (a first visit), done, or failed
 *   (tried again when the network comes back)
 */

/**
 * Registers sw.js when the build has one and the browser supports service workers; marks the
 * outcome on <html data-offline="…"> ("ready", "off" or "failed: <why>"), and a new release on
 * <html data-update="…"> ("ready", then "taking-over"; or "elsewhere"), for tests and the
 * curious. Offline use is an extra: the page works the same without it.
 *
 * @param {Updates} [updates]
 * @returns {Promise<void>}
 */
export async function registerServiceWorker(updates = {}) {
  const root = document.documentElement;
  const build = runningBuild();
  // Taken in any case, so that a copy nobody uses is let go.
  const copy = await takeWasmCopy();
  if (!build?.serviceWorker || !('serviceWorker' in navigator)) {
    root.dataset.offline = 'off';
    return;
  }
  try {
    if (copy && build.id && !navigator.serviceWorker.controller) await handOver(build.id, copy);
    // sw.js is the same file in every release; www/build.js, which it imports, tells them apart.
    // By default the browser's check for a new release may take that import from its HTTP
    // cache (a server may let it keep the file for hours): 'none' asks the server every time.
    const register = () => navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' });
    let registration = await register();
    if (!registration.active) updates.saving?.('saving');
    // A first install that failed leaves no worker (its registration is cleared): again, once the
    // network is back.
    while (!(await installed(registration))) {
      root.dataset.offline = 'failed: the files could not all be saved';
      updates.saving?.('failed');
      await new Promise((resolve) => addEventListener('online', resolve, { once: true }));
      updates.saving?.('saving');
      registration = await register();
    }
    watchReleases(registration, updates);
    keepChecking(registration);
    await navigator.serviceWorker.ready;
    root.dataset.offline = 'ready';
    updates.saving?.('saved');
  } catch (error) {
    root.dataset.offline = `failed: ${errorText(error)}`;
    updates.saving?.('failed');
  }
}

/**
 * Whether a registration has its worker: at once when it is active, else once its install ends,
 * true when it installed, false when it failed (the worker redundant, none active).
 *
 * @param {ServiceWorkerRegistration} registration
 * @returns {Promise<boolean>}
 */
function installed(registration) {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active) return Promise.resolve(true);
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'redundant') resolve(registration.active !== null);
      else if (worker.state !== 'installing') resolve(true);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/** The least time between two checks for a new release, in milliseconds. */
const CHECK_MS = 60_000;

/**
 * Asks for a new release when the network comes back and when the page is seen again, at most
 * once a minute: the browser asks only as a page loads, and an open tab was never told.
 *
 * @param {ServiceWorkerRegistration} registration
 */
function keepChecking(registration) {
  let last = Date.now();
  const check = () => {
    if (document.hidden || !navigator.onLine || Date.now() - last < CHECK_MS) return;
    last = Date.now();
    registration.update().catch(() => undefined);
  };
  addEventListener('online', check);
  document.addEventListener('visibilitychange', check);
}

/**
 * Puts the wasm file's response into the cache the service worker of build `id` fills (sw.js
 * names it "ultima <scope> <build id>"; its scope is the build's root, sw.js's folder). Only a
 * response that came from the server on this visit is handed over (its resource timing shows
 * bytes transferred): one from the HTTP cache might be an older build's. Nothing is lost when
 * this does not happen: the worker then downloads the file itself.
 *
 * @param {string} id  the build id, e.g. "3f2a9c0d11e4b7a5"
 * @param {{ url: string, response: Response }} copy
 */
async function handOver(id, { url, response }) {
  const fetched = performance.getEntriesByName(url, 'resource').some((entry) => entry instanceof PerformanceResourceTiming && entry.transferSize > 0);
  if (!fetched) return;
  try {
    const cache = await caches.open(`ultima ${new URL('../', import.meta.url).href} ${id}`);
    await cache.put(url, response);
  } catch {
    // No cache storage here (a private window may refuse it): the worker downloads the file.
  }
}

/**
 * Tells the page of a new release's worker waiting to take over, found now or once it has
 * installed, and of a worker that took over this page without its asking. On a first visit the
 * first worker takes the page over too (sw.js's `clients.claim`): that is no new release.
 *
 * @param {ServiceWorkerRegistration} registration
 * @param {Updates} updates
 */
function watchReleases(registration, updates) {
  const root = document.documentElement;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  let asked = false;
  const takeOver = () => {
    asked = true;
    root.dataset.update = 'taking-over';
    // Taken over by then (by another page's asking): the reload alone brings the new release.
    if (registration.waiting) registration.waiting.postMessage({ type: 'take-over' });
    else location.reload();
  };
  /** @param {ServiceWorker} worker */
  const offer = (worker) => {
    if (!controlled || asked || worker.state !== 'installed') return;
    root.dataset.update = 'ready';
    updates.ready?.(takeOver);
  };
  /** @param {ServiceWorker | null} worker */
  const watch = (worker) => worker?.addEventListener('statechange', () => offer(worker));
  if (registration.waiting) offer(registration.waiting);
  // The check the page's own load started may be under way already.
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  container.addEventListener('controllerchange', () => {
    if (asked) location.reload();
    else if (controlled) {
      root.dataset.update = 'elsewhere';
      updates.elsewhere?.();
    }
    controlled = true;
  });
}
