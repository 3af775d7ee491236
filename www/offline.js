// Registers the service worker (sw.js) of the release build, so that the next visit works with
// the network off. www/build.js, written at build time, says whether this build has one: the
// development server's build does not.

import './build.js';

/**
 * Registers sw.js when the build has one and the browser supports service workers; marks the
 * outcome on <html data-offline="…"> ("ready", "off" or "failed: <why>"), for tests and the
 * curious. Offline use is an extra: the page works the same without it.
 *
 * @returns {Promise<void>}
 */
export async function registerServiceWorker() {
  const root = document.documentElement;
  const build = /** @type {{ serviceWorker?: boolean } | undefined} */ (/** @type {any} */ (globalThis).ultimaBuild);
  if (!build?.serviceWorker || !('serviceWorker' in navigator)) {
    root.dataset.offline = 'off';
    return;
  }
  try {
    await navigator.serviceWorker.register(new URL('../sw.js', import.meta.url));
    await navigator.serviceWorker.ready;
    root.dataset.offline = 'ready';
  } catch (error) {
    root.dataset.offline = `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
