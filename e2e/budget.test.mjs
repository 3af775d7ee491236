// The per-move budget at the wasm boundary: a move made by clicks costs at most 3 calls into the
// wasm, however long the game, because each action answers with one snapshot that the page keeps
// (picking up a piece, pointing at destinations and previewing captures cost none). The calls are
// counted at the boundary itself: before the page's scripts run, `WebAssembly.instantiate*` is
// wrapped so that every function the wasm module exports counts its calls.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchProblems } from './browser.mjs';
import { click, onBoard, painted, plies, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** @param {Page} page @returns {Promise<number>} calls into the page's wasm so far */
const calls = (page) => page.evaluate(() => /** @type {any} */ (window).wasmCalls);

/**
 * Counts the calls into every wasm instance the page makes, by name.
 *
 * @param {Page} page
 */
async function countCalls(page) {
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.wasmCalls = 0;
    /** @type {Record<string, number>} */
    w.wasmCallsByName = {};
    /** @param {WebAssembly.Instance} instance */
    const counted = (instance) => {
      /** @type {Record<string, unknown>} */
      const exports = {};
      for (const [name, value] of Object.entries(instance.exports)) {
        exports[name] =
          typeof value === 'function'
            ? (/** @type {unknown[]} */ ...args) => {
                w.wasmCalls++;
                w.wasmCallsByName[name] = (w.wasmCallsByName[name] ?? 0) + 1;
                return value(...args);
              }
            : value;
      }
      // Still an Instance to `instanceof` (the bindings check it when instantiating a module
      // compiled already).
      return /** @type {WebAssembly.Instance} */ (Object.setPrototypeOf({ exports }, WebAssembly.Instance.prototype));
    };
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (source, imports) => {
      const { instance, module } = await streaming(source, imports);
      return { instance: counted(instance), module };
    };
    const plain = WebAssembly.instantiate;
    WebAssembly.instantiate = /** @type {any} */ (
      async (/** @type {any} */ source, /** @type {any} */ imports) => {
        const made = await plain(source, imports);
        return made instanceof WebAssembly.Instance ? counted(made) : { instance: counted(made.instance), module: made.module };
      }
    );
  });
}

/**
 * Plays `from`-`to` by two clicks and returns the calls into the wasm each click made.
 *
 * @param {Page} page
 * @param {string} from
 * @param {string} to
 * @returns {Promise<[number, number]>}
 */
async function clickMove(page, from, to) {
  const start = await calls(page);
  await click(page, from);
  const picked = await calls(page);
  await click(page, to);
  const played = await calls(page);
  await painted(page);
  return [picked - start, played - picked];
}

test('a click-to-move makes at most 3 calls into the wasm, early and late in a long game', { timeout: 180_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await countCalls(page);
  await page.addInitScript(() => localStorage.clear());
  await page.goto(served.url);
  // A first visit: the welcome is closed for the two-player board.
  await ready(page);
  assert.ok((await calls(page)) > 0, 'the counting wrapper sees the page\'s wasm');
  const [pickEarly, playEarly] = await clickMove(page, 'b2', 'b5');
  // A longer game: the computer plays both sides for 40 plies (or to the end, then taken back).
  await onBoard(page, async (board, _arg, ai) => {
    for (let i = 0; i < 40 && !board.result(); i++) board.play(await ai.think(board.record(), 1));
    while (board.result()) board.undo();
  });
  const length = (await plies(page)).length;
  // Any legal move that goes somewhere, by clicks.
  const [from, to] = await onBoard(page, (board) => {
    const [square, moves] = Object.entries(board.snapshot().moves).find(([, list]) => list.some((m) => m.to !== null)) ?? ['', []];
    return [square, moves.find((m) => m.to !== null)?.to ?? ''];
  });
  const [pickLate, playLate] = await clickMove(page, from, to);
  assert.equal((await plies(page)).length, length + 1);
  const byName = await page.evaluate(() => /** @type {any} */ (window).wasmCallsByName);
  console.log(`wasm calls for a click-to-move: pick up ${pickEarly}, play ${playEarly} (ply 1); pick up ${pickLate}, play ${playLate} (ply ${length + 1}); calls by export over the whole test: ${JSON.stringify(byName)}`);
  assert.equal(pickEarly, 0, 'picking up a piece asks the wasm nothing');
  assert.equal(pickLate, 0);
  assert.ok(playEarly >= 1 && playEarly <= 3, `playing the move: ${playEarly} calls`);
  assert.equal(playLate, playEarly, 'a move late in a long game costs what the first did');
  assert.deepEqual(problems, []);
  await page.close();
});
