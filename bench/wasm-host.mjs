// Where the bench scripts run a wasm build (a folder of wasm-bindgen's output: ultima-wasm.js
// and ultima-wasm_bg.wasm, as in dist/): in this process's V8, or in a blank page of headless
// Chromium served from a folder, the browser the game's players meet.
import { readFile } from 'node:fs/promises';

/**
 * The work the wasm timing scripts give a build: perft from `start`, or the bench searches of
 * `positions` (their nodes added up, the signature), on the exports `glue`, timed by `clock` in
 * milliseconds. Self-contained, so that a page can run it from its source text
 * (`benchWork.toString()`).
 * @param {{ glue: any, clock: () => number, work: 'perft' | 'search', depth: number, start: string, positions: string[] }} o
 * @returns {{ value: number, seconds: number }}
 */
export function benchWork(o) {
  const t0 = o.clock();
  const value =
    o.work === 'perft'
      ? o.glue.perft(o.start, o.depth, undefined)
      : o.positions.reduce((sum, fen) => sum + o.glue.searchNodes(fen, o.depth), 0);
  return { value, seconds: (o.clock() - t0) / 1000 };
}

/**
 * The exports of the build in `folder` (a URL ending in "/"), instantiated in node's V8.
 * @param {URL} folder
 * @returns {Promise<any>}
 */
export async function loadInNode(folder) {
  const glue = await import(new URL('ultima-wasm.js', folder).href);
  glue.initSync({ module: await readFile(new URL('ultima-wasm_bg.wasm', folder)) });
  return glue;
}

/**
 * A blank page of headless Chromium whose address lies in `root`, served over HTTP, so that the
 * page can import a build by a relative URL (e.g. `new URL('ultima-wasm.js', location.href)`).
 * `close` stops the browser and the server.
 * @param {string} root a folder
 * @returns {Promise<{ page: import('playwright-core').Page, close: () => Promise<void> }>}
 */
export async function openBlankPage(root) {
  // Imported here, not above: the scripts that only run node's V8 (some of them under
  // callgrind) need not load playwright.
  const { launch } = await import('../e2e/browser.mjs');
  const { serveStatic } = await import('../e2e/server.mjs');
  const blank = { body: '<!DOCTYPE html><title>wasm bench</title>' };
  const server = await serveStatic({ root, pages: { 'bench.html': blank } });
  /** @type {import('../e2e/browser.mjs').Browser | undefined} */
  let browser;
  const close = async () => {
    await browser?.close();
    await server.close();
  };
  try {
    browser = await launch();
    const page = await browser.context.newPage();
    await page.goto(`${server.url}bench.html`);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
