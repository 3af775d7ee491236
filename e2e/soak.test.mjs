// Long sessions in one page (issue 7, "under load and over time"): AI-against-AI games at level 1
// on the game page's own board and computer player, then boards mounted and destroyed again and
// again (one of each mode, the `ai` one starting a worker and a search each time). Before and
// after, with a garbage collection first (CDP HeapProfiler.collectGarbage): the JS heap in use
// (CDP Runtime.getHeapUsage), the DOM nodes and JS event listeners of the page (CDP
// Memory.getDOMCounters), the workers alive, and the byte length of the wasm memory of the
// page's instance and of the worker's.
//
// The test command runs a reduced size: `node --test e2e/soak.test.mjs` (5 games, 50 rounds of
// mounts). The full size: `ULTIMA_SOAK=full node --test e2e/soak.test.mjs` (200 games, 500
// rounds); its figures are in the README.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openGame, useServedDist, workersDown } from './game-page.mjs';

/** @import { CDPSession, Page } from 'playwright-core' */

const FULL = process.env.ULTIMA_SOAK === 'full';
const GAMES = FULL ? 200 : 5;
const ROUNDS = FULL ? 500 : 50;

const served = useServedDist();

/**
 * @typedef {object} Figures
 * @property {number} heap  JS heap in use after a garbage collection, bytes
 * @property {number} nodes  DOM nodes
 * @property {number} listeners  JS event listeners
 * @property {number} workers  dedicated workers alive
 * @property {number} pageWasm  the page's wasm memory, bytes
 * @property {number | null} workerWasm  the computer player's wasm memory, bytes (null: no worker)
 */

/**
 * @param {Page} page
 * @param {CDPSession} cdp
 * @returns {Promise<Figures>}
 */
async function measure(page, cdp) {
  // The page's service worker registration adds its listeners (offline.js's watchReleases) when
  // the browser answers it, which may be after the first measure (in CI it was, and two
  // listeners looked leaked): it has answered once <html data-offline> says how it went.
  await page.waitForSelector('html[data-offline]', { state: 'attached', timeout: 30_000 });
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
  const glue = `${served.url}ultima-wasm.js`;
  const wasmBytes = async (/** @type {string} */ glue) => (await (await import(glue)).default()).memory.buffer.byteLength;
  const pageWasm = await page.evaluate(wasmBytes, glue);
  const workers = page.workers();
  const workerWasm = workers.length === 1 && workers[0] ? await workers[0].evaluate(wasmBytes, glue) : null;
  return { heap: usedSize, nodes, listeners: jsEventListeners, workers: workers.length, pageWasm, workerWasm };
}

/** @param {string} label @param {Figures} before @param {Figures} after */
function report(label, before, after) {
  const mb = (/** @type {number} */ n) => `${(n / 2 ** 20).toFixed(2)} MB`;
  const line = (/** @type {string} */ name, /** @type {(f: Figures) => string} */ show) => `  ${name}: ${show(before)} -> ${show(after)}`;
  console.log(
    [
      `${label}:`,
      line('JS heap after GC', (f) => mb(f.heap)),
      line('DOM nodes', (f) => String(f.nodes)),
      line('JS event listeners', (f) => String(f.listeners)),
      line('workers', (f) => String(f.workers)),
      line('page wasm memory', (f) => mb(f.pageWasm)),
      line('worker wasm memory', (f) => (f.workerWasm === null ? 'none' : mb(f.workerWasm))),
    ].join('\n'),
  );
}

test(`${GAMES} AI-against-AI games at level 1 in one page leave memory, workers and listeners flat`, { timeout: FULL ? 3_600_000 : 180_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const cdp = await page.context().newCDPSession(page);
  /** Plays one game to its end, both sides by the page's computer player; returns its plies. */
  const playGame = () =>
    page.evaluate(async () => {
      const { board, ai } = /** @type {any} */ (window).ultima;
      board.newGame({});
      while (!board.result()) board.play(await ai.think(board.record(), 1));
      return board.history().length;
    });
  // One game first, so that the worker exists and both instances have grown to their working size.
  await playGame();
  const start = await measure(page, cdp);
  const started = Date.now();
  let plies = 0;
  for (let i = 0; i < GAMES; i++) plies += await playGame();
  const end = await measure(page, cdp);
  report(`${GAMES} games, ${plies} plies, ${((Date.now() - started) / 1000).toFixed(0)} s`, start, end);
  assert.equal(end.workers, 1, 'one computer player worker, as at the start');
  // Wasm memory only grows, to the peak need: the longest game's history and record. The full
  // run saw the page's grow by one 64 KiB page over 200 games (33,102 plies); a leak of even 10
  // bytes a ply would be five times the bound.
  const slack = 4 * 65_536;
  assert.ok(end.pageWasm <= start.pageWasm + slack, `page wasm memory ${start.pageWasm} -> ${end.pageWasm}`);
  assert.ok((end.workerWasm ?? 0) <= (start.workerWasm ?? 0) + slack, `worker wasm memory ${start.workerWasm} -> ${end.workerWasm}`);
  assert.ok(end.listeners <= start.listeners, `listeners ${start.listeners} -> ${end.listeners}`);
  // The move list holds one button per ply of the last game only.
  assert.ok(end.nodes <= start.nodes + 4 * 400, `DOM nodes ${start.nodes} -> ${end.nodes}`);
  assert.ok(end.heap < start.heap + 2 * 2 ** 20, `JS heap ${start.heap} -> ${end.heap}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test(`${ROUNDS} rounds of mounting and destroying three boards leave nothing behind`, { timeout: FULL ? 3_600_000 : 180_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const cdp = await page.context().newCDPSession(page);
  /** Mounts a board of each kind in a new element, waits until all are ready, destroys them. */
  const rounds = (/** @type {number} */ n) =>
    page.evaluate(async (n) => {
      const { mount } = await import(new URL('www/embed.js', document.baseURI).href);
      for (let i = 0; i < n; i++) {
        const host = document.createElement('div');
        document.body.append(host);
        const boards = [
          mount(host, { mode: 'play', size: 200 }),
          mount(host, { mode: 'replay', record: '1. b2-b5 g7-g4', size: 200 }),
          // The computer plays White: its worker starts and searches at once.
          mount(host, { mode: 'ai', side: 'black', level: 1, size: 200 }),
        ];
        const ready = await Promise.all(boards.map((b) => b.ready));
        if (!ready.every(Boolean)) throw new Error(`round ${i}: a board did not start`);
        for (const board of boards) board.destroy();
        if (host.childNodes.length !== 0) throw new Error(`round ${i}: destroy left ${host.childNodes.length} nodes`);
        host.remove();
      }
    }, n);
  await rounds(1);
  // The page's own board and its (not yet started) computer player are all that stay: the
  // round's computer player's worker goes away asynchronously.
  await workersDown(page, 0);
  const start = await measure(page, cdp);
  const started = Date.now();
  await rounds(ROUNDS);
  // Terminated workers go away asynchronously.
  await workersDown(page, start.workers);
  const end = await measure(page, cdp);
  report(`${ROUNDS} rounds of 3 boards, ${((Date.now() - started) / 1000).toFixed(0)} s`, start, end);
  assert.equal(end.workers, start.workers, 'no worker left behind');
  assert.ok(end.nodes <= start.nodes, `DOM nodes ${start.nodes} -> ${end.nodes}`);
  assert.ok(end.listeners <= start.listeners, `listeners ${start.listeners} -> ${end.listeners}`);
  assert.equal(end.pageWasm, start.pageWasm, 'the page\'s wasm memory did not grow');
  assert.ok(end.heap < start.heap + 2 * 2 ** 20, `JS heap ${start.heap} -> ${end.heap}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test(`${ROUNDS / 5} rounds of the analysis view opened, its engine searching, and closed leave nothing behind`, { timeout: FULL ? 3_600_000 : 180_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const cdp = await page.context().newCDPSession(page);
  /** Opens the view on a game, waits until its engine has searched a few plies deep, closes it. */
  const rounds = (/** @type {number} */ n) =>
    page.evaluate(async (n) => {
      const until = async (/** @type {() => boolean} */ done) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      for (let i = 0; i < n; i++) {
        await /** @type {any} */ (window).ultima.openAnalysis({ record: '1. b2-b5 g7-g4 2. c2-c4 h7-h5 *' });
        await until(() => Number(document.querySelector('.analysis-dialog .analysis-panel')?.getAttribute('data-depth')) >= 3);
        /** @type {HTMLButtonElement} */ (document.querySelector('.analysis-dialog .analysis-close')).click();
        await until(() => document.querySelector('.analysis-dialog') === null);
      }
    }, n);
  // Three rounds first: the game board's live log keeps its last three messages, and each view
  // closed gives the board the focus back, which says where its focus square is.
  await rounds(3);
  await workersDown(page, 0);
  const start = await measure(page, cdp);
  await rounds(ROUNDS / 5);
  await workersDown(page, start.workers);
  const end = await measure(page, cdp);
  report(`${ROUNDS / 5} analysis views`, start, end);
  assert.equal(end.workers, start.workers, 'no worker left behind');
  assert.ok(end.nodes <= start.nodes, `DOM nodes ${start.nodes} -> ${end.nodes}`);
  assert.ok(end.listeners <= start.listeners, `listeners ${start.listeners} -> ${end.listeners}`);
  assert.ok(end.heap < start.heap + 2 * 2 ** 20, `JS heap ${start.heap} -> ${end.heap}`);
  assert.deepEqual(problems, []);
  await page.close();
});
