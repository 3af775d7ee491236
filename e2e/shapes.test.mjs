// Arrows and circles drawn with the right mouse button on the game page's board (www/shapes.js):
// their colours on the canvas as the keys held chose them, no browser menu, drawing a shape again
// to take it away, and what clears them (a left click, a move, another position shown).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, centre, click, onBoard, openGame, painted, pixels, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist({ browser: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } });

/** The green board's squares, and the brushes (render.js BRUSH_COLOURS) as [r, g, b, alpha]. */
const LIGHT = [0xdd, 0xdd, 0xd0];
const DARK = [0x55, 0x99, 0x33];
const BRUSH = { green: [21, 120, 27, 0.8], red: [136, 32, 32, 0.8], blue: [0, 48, 136, 0.8], yellow: [230, 143, 0, 0.8] };

/**
 * A brush painted over a plain square: the colour the canvas should hold there.
 *
 * @param {number[]} brush [r, g, b, alpha]
 * @param {number[]} square [r, g, b]
 * @returns {number[]}
 */
const over = ([r = 0, g = 0, b = 0, a = 1], square) => [r, g, b].map((c, i) => Math.round(c * a + (square[i] ?? 0) * (1 - a)));

/**
 * Asserts that a canvas pixel is within a few levels of a colour.
 *
 * @param {number[]} actual [r, g, b, a]
 * @param {number[]} expected [r, g, b]
 * @param {string} what
 */
function near(actual, expected, what) {
  const off = expected.some((c, i) => Math.abs(c - (actual[i] ?? -100)) > 6);
  assert.ok(!off, `${what}: ${actual.slice(0, 3)} is not ${expected}`);
}

/**
 * A right-button drag from one square to another (the same square: a click), with keys held.
 *
 * @param {Page} page
 * @param {string} from
 * @param {string} to
 * @param {string[]} [held] e.g. ["Shift"]
 */
async function rightDrag(page, from, to, held = []) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  for (const key of held) await page.keyboard.down(key);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  for (const key of held) await page.keyboard.up(key);
  await painted(page);
}

/** @param {Page} page */
const shapes = (page) => onBoard(page, (board) => board.shapes());

test('the right button draws arrows and circles in the colour the keys choose, and they go with the position', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  await page.evaluate(() => {
    const seen = /** @type {boolean[]} */ ([]);
    Object.assign(window, { menus: seen });
    document.addEventListener('contextmenu', (event) => seen.push(event.defaultPrevented));
  });
  await page.evaluate(() => {
    const seen = /** @type {unknown[]} */ ([]);
    Object.assign(window, { shapeEvents: seen });
    /** @type {any} */ (window).ultima.board.on('shapes', (/** @type {any} */ detail) => seen.push(detail.shapes.length));
  });

  await rightDrag(page, 'b2', 'b5');
  await rightDrag(page, 'e4', 'e4', ['Shift']);
  await rightDrag(page, 'c3', 'f6', ['Alt']);
  await rightDrag(page, 'h4', 'h4', ['Shift', 'Alt']);
  assert.deepEqual(await shapes(page), [
    { from: 'b2', to: 'b5', brush: 'green' },
    { from: 'e4', to: 'e4', brush: 'red' },
    { from: 'c3', to: 'f6', brush: 'blue' },
    { from: 'h4', to: 'h4', brush: 'yellow' },
  ]);
  // No browser menu opened over the board: the board took every right click.
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).menus), [true, true, true, true]);
  // On the canvas: the arrows' shafts across empty squares (b3 light, d4 dark), the circles'
  // rings at their squares' edges (e4 light, h4 dark), each in its brush over the square.
  const [shaft, ring, blue, yellow, plain] = await pixels(page, [
    ['b3', 0, 0],
    ['e4', 0.44, 0],
    ['d4', 0, 0],
    ['h4', 0, -0.44],
    ['e4', 0, 0],
  ]);
  near(shaft ?? [], over(BRUSH.green, LIGHT), 'the green arrow over b3');
  near(ring ?? [], over(BRUSH.red, LIGHT), 'the red circle on e4');
  near(blue ?? [], over(BRUSH.blue, DARK), 'the blue arrow over d4');
  near(yellow ?? [], over(BRUSH.yellow, DARK), 'the yellow circle on h4');
  near(plain ?? [], LIGHT, 'inside the circle on e4');
  await page.locator('canvas#board').screenshot({ path: `${ARTIFACTS}shapes.png` });

  // The same shape again takes it away; in another colour it is recoloured.
  await rightDrag(page, 'e4', 'e4', ['Shift']);
  await rightDrag(page, 'b2', 'b5', ['Alt']);
  assert.deepEqual(await shapes(page), [
    { from: 'c3', to: 'f6', brush: 'blue' },
    { from: 'h4', to: 'h4', brush: 'yellow' },
    { from: 'b2', to: 'b5', brush: 'blue' },
  ]);
  const [gone] = await pixels(page, [['e4', 0.44, 0]]);
  near(gone ?? [], LIGHT, 'e4 with its circle taken away');

  // A right-button drag released off the board draws nothing.
  const a = await centre(page, 'g3');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(a.x, 5, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  assert.equal((await shapes(page)).length, 3);

  // A left click clears them all (and picks up the piece clicked, as ever).
  await click(page, 'b2');
  assert.deepEqual(await shapes(page), []);
  assert.deepEqual(await onBoard(page, (board) => board.selection().square), 'b2');
  await page.keyboard.press('Escape');

  // A move takes them away, and so does showing another position.
  await rightDrag(page, 'd4', 'd4');
  await onBoard(page, (board) => board.play('b2-b5'));
  assert.deepEqual(await shapes(page), []);
  await rightDrag(page, 'd4', 'd4');
  await onBoard(page, (board) => board.showPly(-1));
  assert.deepEqual(await shapes(page), []);
  await painted(page);
  const [cleared] = await pixels(page, [['d4', 0.44, 0]]);
  near(cleared ?? [], DARK, 'd4 (dark) with its circle gone');
  // The host heard every change: 4 drawn, 2 changed, cleared, 1 drawn and cleared twice.
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).shapeEvents), [1, 2, 3, 4, 3, 3, 0, 1, 0, 1, 0]);
  assert.deepEqual(problems, []);
  await page.close();
});
