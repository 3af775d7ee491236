// Loads the wasm module once per page, from a base URL. Every page of the build (the game, the
// embeds, the demo) loads it through here rather than through an inline script, so that pages run
// under a Content-Security-Policy without 'unsafe-inline' (script-src 'self' 'wasm-unsafe-eval').

import init from '../ultima-wasm.js';

/** The build's root folder, where ultima-wasm_bg.wasm lies: the parent of this file's folder. */
export const DEFAULT_BASE = new URL('../', import.meta.url).href;

/** @type {Promise<void> | null} */
let loading = null;

/**
 * Instantiates the wasm module from `<base>ultima-wasm_bg.wasm`, once: later calls share the
 * first load (the bindings module holds one instance per page). A failed load is forgotten, so
 * a later call tries again.
 *
 * @param {string} [base] the build's root URL, e.g. "https://example.org/ultima/"
 * @returns {Promise<void>}
 */
export function loadWasm(base = DEFAULT_BASE) {
  if (!loading) {
    const url = new URL('ultima-wasm_bg.wasm', base);
    loading = init({ module_or_path: url }).then(
      () => undefined,
      (error) => {
        loading = null;
        throw new Error(`the board's wasm file did not load from ${url.href}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }
  return loading;
}
