// Loads the wasm module once per page, from a base URL, and replaces it after a trap. Every page
// of the build (the game, the embeds, the demo) loads it through here rather than through an
// inline script, so that pages run under a Content-Security-Policy without 'unsafe-inline'
// (script-src 'self' 'wasm-unsafe-eval').
//
// The page fetches and compiles the file once and keeps the compiled module: the computer
// player's worker is handed that module (ai.js) instead of downloading the file again, a restart
// instantiates it again, and the game page hands a copy of the response it fetched to the service
// worker's cache (offline.js), so that a first visit downloads the file once.
//
// A trap (a Rust panic compiled to `unreachable`, an access out of bounds) leaves the instance
// in an unknown state: its memory may be half-written. It cannot be reset, and the bindings
// module holds its one instance for good, so `restartWasm` imports the bindings module again
// under another URL (a fragment: a new module record, the same file, from the same cache) and
// instantiates that. The boards then rebuild their games from their records (session.js).
//
// The bindings module (wasm-bindgen's glue, ultima-wasm.js) and the wasm file are found by
// `new URL('<literal path>', import.meta.url)`, the form bundlers (vite, webpack, parcel)
// recognise: an app that bundles the npm package gets both files copied next to its bundle, with
// their URLs rewritten, and no set-up. The glue is imported by that URL at run time rather than
// bundled, so that a restart can import it again under another URL in a bundled app too.
//
// A module record is never unloaded, so each trapped instance keeps its memory (the page's is
// about 1.1 MB) until the page is reloaded: the boards and this file let go of it, but the
// page's module map holds it, and nothing can release it. The cost is therefore bounded by
// restarting at most MAX_RESTARTS times in one page, and from the RELOAD_ADVISED-th restart on
// the restart message advises a reload. (The computer player's worker is not concerned: after
// a trap it closes, and its memory goes with it.)

import { errorText } from './util.js';

/** @typedef {typeof import('../ultima-wasm.js')} Bindings */

/** The bindings module, a file of its own (see above). */
const GLUE = new URL('../ultima-wasm.js', import.meta.url);
/** The wasm file, unless a base URL is given. */
const WASM = new URL('../ultima-wasm_bg.wasm', import.meta.url);

/** The build's root folder, where ultima-wasm_bg.wasm lies: the parent of this file's folder. */
export const DEFAULT_BASE = new URL('./', WASM).href;

/** @type {Promise<void> | null} */
let loading = null;
/** @type {URL | null} where the wasm file was loaded from */
let wasmUrl = null;
/** @type {WebAssembly.Module | null} the compiled module, once loaded */
let compiled = null;
/**
 * A copy of the response the file came in, kept for the service worker's cache when the page
 * asked for one (`keepCopy`), until taken.
 *
 * @type {{ url: string, response: Response } | null}
 */
let copy = null;
/** @type {Bindings | null} the bindings of the live instance, once loaded */
let live = null;
/** How many times the instance was replaced. */
let generation = 0;
/** @type {Promise<void> | null} */
let restarting = null;

/** From this restart on, the restart message advises reloading the page. */
export const RELOAD_ADVISED = 2;
/** Restarts allowed in one page: a further trap leaves the boards stopped, asking for a reload. */
export const MAX_RESTARTS = 3;

/**
 * Instantiates the wasm module from `<base>ultima-wasm_bg.wasm`, once: later calls share the
 * first load (the bindings module holds one instance per page). A failed load is forgotten, so
 * a later call tries again.
 *
 * @param {string} [base] the build's root URL, e.g. "https://example.org/ultima/"; by default
 *   the file next to the bindings module, wherever a bundler put it
 * @param {object} [options]
 * @param {WebAssembly.Module} [options.module]  the module compiled already (by the page, for
 *   its worker): nothing is downloaded
 * @param {boolean} [options.keepCopy]  keep a copy of the response for `takeWasmCopy`
 * @returns {Promise<void>}
 */
export function loadWasm(base, options = {}) {
  if (!loading) {
    const url = base === undefined ? WASM : new URL('ultima-wasm_bg.wasm', base);
    const module = options.module instanceof WebAssembly.Module ? options.module : null;
    loading = (async () => {
      const [glue, source] = await Promise.all([importGlue(GLUE.href), module ?? compile(url, options.keepCopy === true)]);
      await glue.default({ module_or_path: source });
      live = glue;
      compiled = source;
    })().then(
      () => {
        wasmUrl = url;
      },
      (error) => {
        loading = null;
        copy = null;
        throw new Error(`the board's wasm file did not load from ${url.href}: ${errorText(error)}`);
      },
    );
  }
  return loading;
}

/**
 * Downloads and compiles the wasm file (streaming when the server says application/wasm).
 *
 * @param {URL} url
 * @param {boolean} keepCopy
 * @returns {Promise<WebAssembly.Module>}
 */
async function compile(url, keepCopy) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  if (keepCopy) copy = { url: response.url || url.href, response: response.clone() };
  if (response.headers.get('content-type')?.split(';')[0]?.trim() === 'application/wasm') return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Imports a bindings module by URL, at run time: bundlers leave the import alone (the comments),
 * having copied the file for `GLUE`.
 *
 * @param {string} url
 * @returns {Promise<Bindings>}
 */
const importGlue = (url) => import(/* @vite-ignore */ /* webpackIgnore: true */ url);

/** @returns {WebAssembly.Module | null} the compiled module, once loaded: a worker can instantiate it without a download */
export const compiledWasm = () => compiled;

/**
 * Hands over the copy of the wasm file's response that `loadWasm(base, { keepCopy: true })`
 * kept, once, and waits for that load to end first; null when there is none (not asked for,
 * taken already, or the load failed).
 *
 * @returns {Promise<{ url: string, response: Response } | null>}
 */
export async function takeWasmCopy() {
  await loading?.catch(() => undefined);
  const taken = copy;
  copy = null;
  return taken;
}

/**
 * The URL of the bindings module of the `k`-th instance: the first is the module this file
 * imports; each restart imports the same file under a new fragment, a new module record. (Tests
 * reach an instance's memory through it.)
 *
 * @param {number} k 0 for the first instance, n for the one after the n-th restart
 * @returns {string}
 */
export const glueUrl = (k) => `${GLUE.href}${k === 0 ? '' : `#instance-${k}`}`;

/** @returns {Bindings} the classes and functions of the live instance (the wasm must be loaded) */
export function bindings() {
  if (!live) throw new Error("the board's wasm is not loaded yet");
  return live;
}

/**
 * Runs `use` on a wasm game made from `record`, then frees it: the page's one-off readings of a
 * record (a link, a picture, a GIF), which need no board.
 *
 * @template T
 * @param {string} record
 * @param {(game: import('../ultima-wasm.js').Game) => T} use
 * @returns {T}
 */
export const withGame = (record, use) => freedAfter(bindings().Game.fromRecord(record), use);

/**
 * Runs `use` on a new wasm game from the position string `position`, then frees it (a puzzle's
 * picture).
 *
 * @template T
 * @param {string} position
 * @param {(game: import('../ultima-wasm.js').Game) => T} use
 * @returns {T}
 */
export const withPosition = (position, use) => freedAfter(new (bindings().Game)(position), use);

/**
 * @template T
 * @param {import('../ultima-wasm.js').Game} game
 * @param {(game: import('../ultima-wasm.js').Game) => T} use
 * @returns {T}
 */
function freedAfter(game, use) {
  try {
    return use(game);
  } finally {
    game.free();
  }
}

/** @returns {number} how many times the instance was replaced: a board whose game is older rebuilds it */
export const wasmGeneration = () => generation;

/** @returns {boolean} whether a replacement is under way */
export const wasmRestarting = () => restarting !== null;

/**
 * @returns {string} what to add to a restart's message: from the RELOAD_ADVISED-th restart on, a
 *   reload is advised; before, nothing
 */
export function reloadAdvice() {
  if (generation < RELOAD_ADVISED) return '';
  const left = MAX_RESTARTS - generation;
  return `. It has restarted ${generation} times in this page and each failed instance keeps its memory until the page is reloaded: reloading is advised${left > 0 ? ` (${left} more ${left === 1 ? 'restart' : 'restarts'} allowed)` : ' (no more restarts allowed)'}`;
}

/**
 * Replaces the instance after a trap with a fresh one. Every board of the page shares the
 * instance, so the first to see the trap starts this and the others wait for the same promise.
 * After MAX_RESTARTS it refuses, saying that the page must be reloaded.
 *
 * @returns {Promise<void>}
 */
export function restartWasm() {
  if (!restarting && generation >= MAX_RESTARTS) {
    return Promise.reject(
      new Error(`the board's wasm failed again after ${generation} restarts in this page and is not restarted any more (each failed instance keeps its memory): reload the page`),
    );
  }
  if (!restarting) {
    const next = generation + 1;
    const glue = glueUrl(next);
    const url = wasmUrl ?? WASM;
    restarting = importGlue(glue)
      .then(async (fresh) => {
        // The compiled module again, when there is one: a fresh instance needs no download.
        await fresh.default({ module_or_path: compiled ?? url });
        live = fresh;
        generation = next;
      })
      .catch((error) => {
        throw new Error(`the board's wasm could not be restarted from ${url.href}: ${errorText(error)}`);
      })
      .finally(() => {
        restarting = null;
      });
  }
  return restarting;
}
