// The release build (dist/), served under a sub-path, loads in headless Chromium and draws the
// start position on the board canvas, with no error or warning.

import assert from 'node:assert/strict';
import { access, mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, watchProblems } from './browser.mjs';
import { serveStatic } from './server.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Browser } from './browser.mjs' */
/** @import { StaticServer } from './server.mjs' */

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
const LIGHT = [0xdd, 0xdd, 0xd0];
const DARK = [0x55, 0x99, 0x33];

/** @type {StaticServer} */
let server;
/** @type {Browser} */
let browser;

before(async () => {
  await access(`${DIST}index.html`).catch(() => {
    throw new Error(`no release build in ${DIST}: run \`trunk build --release\` (cargo xtask test does)`);
  });
  server = await serveStatic({ root: DIST, base: '/sub/path/' });
  // A device pixel ratio of 2 checks that the canvas's backing store follows it.
  browser = await launch({ viewport: { width: 800, height: 900 }, deviceScaleFactor: 2 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The colours of the canvas's backing store at points of squares, in White's orientation, read
 * with one readback.
 *
 * @param {Page} page
 * @param {Array<[square: string, dx: number]>} points square (e.g. "a3") and offset from its
 *   centre, in squares
 * @returns {Promise<number[][]>} [r, g, b, a] for each point
 */
function pixels(page, points) {
  const at = points.map(([square, dx]) => ({
    file: square.charCodeAt(0) - 'a'.charCodeAt(0) + 0.5 + dx,
    row: 8 - Number(square.slice(1)) + 0.5,
  }));
  return page.evaluate((at) => {
    const canvas = document.querySelector('canvas#board');
    if (!(canvas instanceof HTMLCanvasElement)) throw new Error('no board canvas');
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const { width, height } = canvas;
    const data = ctx.getImageData(0, 0, width, height).data;
    const unit = width / 8;
    return at.map(({ file, row }) => {
      const i = (Math.floor(row * unit) * width + Math.floor(file * unit)) * 4;
      return Array.from(data.subarray(i, i + 4));
    });
  }, at);
}

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
  const page = await browser.context.newPage();
  const problems = watchProblems(page);

  await page.goto(server.url);
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
  const actual = await pixels(page, [...expected.map(([square, dx]) => /** @type {[string, number]} */ ([square, dx])), ['d1', 0], ['e8', 0]]);
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
  const outside = server.requests.filter((path) => !path.startsWith('/sub/path/'));
  assert.deepEqual(outside, [], 'requests outside the served folder');
  assert.ok(server.requests.some((path) => path.endsWith('.wasm')), 'the wasm module was fetched');
  assert.deepEqual(problems, [], 'the page reported problems');
  await page.close();
});
