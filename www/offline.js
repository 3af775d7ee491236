// Registers the service worker (sw.js) of the release build, so that the next visit works with
// the network off. www/build.js, written at build time, says whether this build has one: the
// development server's build does not.
//
// On a first visit the page has downloaded the wasm file already (the largest file by far) when
// the worker installs: the page puts the response it got into the worker's cache first, and the
// worker's install (sw.js) downloads only what is not there yet, so the file is downloaded once.

import './build.js';
import { takeWasmCopy } from './wasm.js';
import { errorText } from './util.js';

/**
 * Registers sw.js when the build has one and the browser supports service workers; marks the
 * outcome on <html data-offline="…"> ("ready", "off" or "failed: <why>"), for tests and the
 * curious. Offline use is an extra: the page works the same without it.
 *
 * @returns {Promise<void>}
 */
export async function registerServiceWorker() {
  const root = document.documentElement;
  const build = /** @type {{ id?: string, serviceWorker?: boolean } | undefined} */ (/** @type {any} */ (globalThis).ultimaBuild);
  // Taken in any case, so that a copy nobody uses is let go.
  const copy = await takeWasmCopy();
  if (!build?.serviceWorker || !('serviceWorker' in navigator)) {
    root.dataset.offline = 'off';
    return;
  }
  try {
    if (copy && build.id && !navigator.serviceWorker.controller) await handOver(build.id, copy);
    await navigator.serviceWorker.register(new URL('../sw.js', import.meta.url));
    await navigator.serviceWorker.ready;
    root.dataset.offline = 'ready';
  } catch (error) {
    root.dataset.offline = `failed: ${errorText(error)}`;
  }
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
