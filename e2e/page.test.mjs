// The release build (dist/), served under a sub-path, loads in headless Chromium and draws the
// start position on the board canvas, with no error or warning.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { test } from 'node:test';
import { watchProblems } from './browser.mjs';
import { ARTIFACTS, pixels, useServedDist } from './game-page.mjs';

const LIGHT = [0xdd, 0xdd, 0xd0];
const DARK = [0x55, 0x99, 0x33];

// A device pixel ratio of 2 checks that the canvas's backing store follows it.
const served = useServedDist({ browser: { viewport: { width: 800, height: 900 }, deviceScaleFactor: 2 } });

/**
 * @param {number[]} actual [r, g, b, a]
 * @param {number[]} expected [r, g, b]
 * @param {string} what
 */
function assertColour(actual, expected, what) {
  const close = expected.every((c, i) => Math.abs((actual[i] ?? -1) - c) <= 3) && actual[3] === 255;
  assert.ok(close, `${what}: expected rgb(${expected}), got rgba(${actual})`);
}

test('the release build draws the board when served from a sub-path', { timeout: 60_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);

  await page.goto(served.url);
  await page.waitForSelector('canvas#board[data-paints]', { timeout: 30_000 });
  assert.equal(await page.textContent('#status'), 'White to move');

  // The backing store is the displayed size times the device pixel ratio.
  const size = await page.$eval('canvas#board', (canvas) => {
    const c = /** @type {HTMLCanvasElement} */ (canvas);
    return { width: c.width, height: c.height, css: c.getBoundingClientRect().width, ratio: devicePixelRatio };
  });
  assert.equal(size.ratio, 2);
  assert.ok(size.width > 100, `canvas is ${size.width} pixels wide`);
  assert.ok(Math.abs(size.width - size.css * size.ratio) <= 1, `backing store ${size.width} for ${size.css} CSS pixels`);
  assert.equal(size.height, size.width);

  // a1 is dark, so a3 is dark and b3 light; these squares are empty at the start.
  /** @type {Array<[string, number, number[], string]>} */
  const expected = [
    ['a3', 0, DARK, 'centre of a3 (dark, empty)'],
    ['b3', 0, LIGHT, 'centre of b3 (light, empty)'],
    ['d4', 0, DARK, 'centre of d4 (dark, empty)'],
    ['e4', 0, LIGHT, 'centre of e4 (light, empty)'],
    ['d5', 0, LIGHT, 'centre of d5 (light, empty)'],
  ];
  const actual = await pixels(page, [...expected.map(([square, dx]) => /** @type {[string, number, number]} */ ([square, dx, 0])), ['d1', 0, 0], ['e8', 0, 0]]);
  expected.forEach(([, , colour, what], i) => assertColour(actual[i] ?? [], colour, what));

  // The pieces come from the wasm Game: the centres of d1 (White's King) and e8 (Black's) are
  // not plain square colour, and White's is lighter than Black's.
  const [d1, e8] = actual.slice(expected.length);
  const sum = (/** @type {number[] | undefined} */ p) => (p ?? []).slice(0, 3).reduce((a, b) => a + b, 0);
  assert.notDeepEqual(d1?.slice(0, 3), DARK, 'a piece on d1');
  assert.notDeepEqual(e8?.slice(0, 3), DARK, 'a piece on e8');
  assert.ok(sum(d1) > sum(e8) + 150, `White's King (${d1}) lighter than Black's (${e8})`);

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}start-position.png` });

  // Everything was loaded from the sub-path: the build uses relative URLs only.
  const outside = served.requests.filter((path) => !path.startsWith('/sub/path/'));
  assert.deepEqual(outside, [], 'requests outside the served folder');
  assert.ok(served.requests.some((path) => path.endsWith('.wasm')), 'the wasm module was fetched');
  assert.deepEqual(problems, [], 'the page reported problems');
  await page.close();
});
