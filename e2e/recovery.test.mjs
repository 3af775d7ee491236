// A trap in the wasm (a bug: a panic compiled to `unreachable`, an access out of bounds) must not
// leave a dead board, nor lose a move. The tests force one honestly, with no hook in the shipped
// code: they fill the live instance's memory with zero bytes from outside (the bindings module's
// init returns the instance's exports, memory included, to anyone who imports it again), so the
// next call into it finds a game with no position and panics: a trap. The page's board must then restart the instance,
// rebuild its game from the record, say so, and play on; the computer player's worker likewise.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { ARTIFACTS, click, onBoard, openGame, painted, plies, useServedDist } from './game-page.mjs';

/** @import { Page, Worker } from 'playwright-core' */

const served = useServedDist();

/**
 * Overwrites every byte of the live wasm memory of the page or worker `where` with `byte`.
 *
 * @param {Page | Worker} where
 * @param {string} base the served build's URL
 * @param {number} byte
 */
function corrupt(where, base, byte) {
  const fill = async (/** @type {[string, number]} */ [base, byte]) => {
    const { glueUrl, wasmGeneration } = await import(`${base}www/wasm.js`);
    const bindings = await import(glueUrl(wasmGeneration()));
    // Already initialised: init returns the instance's exports.
    const exports = await bindings.default();
    new Uint8Array(exports.memory.buffer).fill(byte);
  };
  /** @type {[string, number]} */
  const arg = [base, byte];
  return 'goto' in where ? where.evaluate(fill, arg) : where.evaluate(fill, arg);
}

/**
 * The resident memory of the browser's renderer processes (proportional set size, so shared
 * pages count once), after a forced garbage collection: what a trap costs the machine beyond
 * the wasm memory, which only the renderer's own figures show. Linux (/proc) only.
 *
 * @param {Page} page
 * @returns {Promise<number>} bytes
 */
async function rendererMemory(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  const system = await page.context().browser()?.newBrowserCDPSession();
  assert.ok(system, 'a browser-level CDP session');
  const { processInfo } = await system.send('SystemInfo.getProcessInfo');
  await system.detach();
  let kb = 0;
  for (const { id, type } of processInfo) {
    if (type !== 'renderer') continue;
    kb += Number(/^Pss:\s+(\d+) kB/m.exec(await readFile(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1]);
  }
  return kb * 1024;
}

/** @param {number} bytes */
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

test('a trap in the page restarts the wasm, rebuilds the game from its record and says so', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  for (const [from, to] of [['b2', 'b5'], ['g7', 'g4']]) {
    await click(page, from);
    await click(page, to);
  }
  await painted(page);
  const before = await onBoard(page, (board) => ({ position: board.position(), record: board.record() }));
  await corrupt(page, served.url, 0x00);
  // The next call into the wasm traps (reading the board's state does not call it; showing an
  // earlier position does).
  const thrown = await onBoard(page, (board) => {
    try {
      board.showPly(-1);
      return 'no error';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });
  assert.match(thrown, /internal error .* is restarting/);
  const notice = page.locator('#notice');
  await notice.waitFor({ state: 'visible' });
  assert.match((await notice.textContent()) ?? '', /internal error .* was restarted; the game goes on from its record \(2 moves\)/);
  assert.deepEqual(await onBoard(page, (board) => ({ position: board.position(), record: board.record() })), before);
  await page.screenshot({ path: `${ARTIFACTS}recovery-page.png` });
  // The game goes on, by clicks, and the record can be copied out.
  await click(page, 'c2');
  await click(page, 'c6');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c6']);
  await page.click('.io summary');
  await page.click('#copy-record');
  assert.match(await page.locator('#record-text').inputValue(), /1\. b2-b5 g7-g4 2\. c2-c6/);
  // The saved game follows the rebuilt one: a reload resumes it.
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c6']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a trap met by a move made by clicks: the game is rebuilt and the move is played, none lost', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  await click(page, 'b2');
  await click(page, 'b5');
  await painted(page);
  await corrupt(page, served.url, 0x00);
  await click(page, 'g7');
  await click(page, 'g4');
  await page.locator('#notice').waitFor({ state: 'visible' });
  assert.match((await page.locator('#notice').textContent()) ?? '', /was restarted; the game goes on from its record \(1 move\)/);
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2);
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  assert.match(await onBoard(page, (board) => board.record()), /1\. b2-b5 g7-g4/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a trap in the computer player\'s worker: a fresh worker answers the same request', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  // Start the worker with a first search, then corrupt its memory and ask again.
  const first = await onBoard(page, (board, _, ai) => ai.think(board.record(), 1));
  assert.match(first, /^[a-h][1-8]-/);
  const workers = page.workers();
  assert.equal(workers.length, 1);
  await corrupt(/** @type {Worker} */ (workers[0]), served.url, 0x00);
  const second = await onBoard(page, (board, _, ai) => ai.think(board.record(), 1));
  assert.match(second, /^[a-h][1-8]-/);
  /**
   * The worker that took a trapped one's place, once Playwright has heard that the trapped one
   * closed and the new one started (a little after the page has).
   *
   * @param {Worker} trapped
   */
  const replacement = async (trapped) => {
    if (page.workers().includes(trapped)) await new Promise((resolve) => trapped.once('close', resolve));
    if (page.workers().length === 0) await page.waitForEvent('worker');
    const now = page.workers();
    assert.equal(now.length, 1, 'the replacement is the only worker');
    return /** @type {Worker} */ (now[0]);
  };
  let worker = await replacement(/** @type {Worker} */ (workers[0]));
  assert.notEqual(worker, workers[0], 'the answer came from the worker that trapped');
  // Its memory went with it: more traps cost nothing lasting (figures for the README).
  const before = await rendererMemory(page);
  for (let i = 0; i < 3; i++) {
    await corrupt(worker, served.url, 0x00);
    assert.match(await onBoard(page, (board, _, ai) => ai.think(board.record(), 1)), /^[a-h][1-8]-/);
    worker = await replacement(worker);
  }
  assert.equal(page.workers().length, 1);
  console.log(`renderer memory around 3 more worker traps: ${mb(before)} -> ${mb(await rendererMemory(page))}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('each restart keeps the failed instance\'s memory: from the second a reload is advised, after the third the board stops and asks for one', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  await click(page, 'b2');
  await click(page, 'b5');
  /** The restart limits, and the wasm memory of every instance the page ever made, in bytes. */
  const instances = () =>
    page.evaluate(async (base) => {
      const { glueUrl, wasmGeneration, MAX_RESTARTS, RELOAD_ADVISED } = await import(`${base}www/wasm.js`);
      /** @type {number[]} */
      const bytes = [];
      for (let k = 0; k <= wasmGeneration(); k++) bytes.push((await (await import(glueUrl(k))).default()).memory.buffer.byteLength);
      return { bytes, MAX_RESTARTS, RELOAD_ADVISED };
    }, served.url);
  const { bytes: first, MAX_RESTARTS, RELOAD_ADVISED } = await instances();
  const memory = [await rendererMemory(page)];
  assert.ok(RELOAD_ADVISED >= 2 && RELOAD_ADVISED <= MAX_RESTARTS && MAX_RESTARTS <= 5, 'a small number of restarts');
  const notice = page.locator('#notice');
  /** Traps the page's live instance and returns what the board's next call threw. */
  const trap = async () => {
    await corrupt(page, served.url, 0x00);
    return onBoard(page, (board) => {
      try {
        board.showPly(-1);
        return 'no error';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
  };
  for (let restart = 1; restart <= MAX_RESTARTS; restart++) {
    assert.match(await trap(), /internal error .* is restarting/);
    await page.waitForFunction(
      ([base, restart]) => import(`${base}www/wasm.js`).then((w) => w.wasmGeneration() === restart && !w.wasmRestarting()),
      /** @type {[string, number]} */ ([served.url, restart]),
    );
    await page.waitForFunction((restart) => document.querySelector('#notice')?.textContent?.includes(restart === 1 ? 'was restarted' : `restarted ${restart} times`), restart);
    const text = (await notice.textContent()) ?? '';
    assert.match(text, /was restarted; the game goes on from its record \(1 move\)/);
    if (restart < RELOAD_ADVISED) assert.doesNotMatch(text, /reload/);
    else assert.match(text, new RegExp(`restarted ${restart} times in this page and each failed instance keeps its memory until the page is reloaded: reloading is advised`));
    assert.deepEqual(await plies(page), ['b2-b5'], 'the game goes on');
    memory.push(await rendererMemory(page));
  }
  console.log(`renderer memory from the start through ${MAX_RESTARTS} restarts: ${memory.map(mb).join(' -> ')}`);
  assert.match((await notice.textContent()) ?? '', /\(no more restarts allowed\)/);
  // Every instance is still there, each as large as the first: what a restart costs.
  const { bytes } = await instances();
  assert.equal(bytes.length, MAX_RESTARTS + 1);
  console.log(`wasm memory of the page's instances after ${MAX_RESTARTS} restarts: ${bytes.map(mb).join(' + ')}`);
  for (const b of bytes) assert.equal(b, first[0]);
  // One more trap: no new instance; the board stops, says why, and the record still exports.
  assert.match(await trap(), /internal error .* is restarting/);
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent?.includes('reload the page'));
  assert.match((await notice.textContent()) ?? '', new RegExp(`failed again after ${MAX_RESTARTS} restarts in this page and is not restarted any more .*: reload the page`));
  assert.match(await trap().catch((error) => String(error)), /reload the page/);
  assert.equal((await instances()).bytes.length, MAX_RESTARTS + 1, 'no further instance');
  await page.screenshot({ path: `${ARTIFACTS}recovery-stopped.png` });
  await page.click('.io summary');
  await page.click('#copy-record');
  assert.match(await page.locator('#record-text').inputValue(), /1\. b2-b5/);
  // The reload the notice asks for: a fresh page, the game resumed.
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await plies(page), ['b2-b5']);
  assert.equal((await instances()).bytes.length, 1);
  assert.deepEqual(problems, []);
  await page.close();
});
