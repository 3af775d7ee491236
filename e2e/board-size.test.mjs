// The board's size on wide screens (www/board-size.js): the grip at its corner dragged or moved by
// the keys, the size kept and in force from the first paint of the next visit, stored nonsense
// ignored, and no grip on a phone; on a tablet held upright, the panel under the board as wide as
// the board.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch } from './browser.mjs';
import { ARTIFACTS, DEVICES, launchDevice, openGame, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist({ browser: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } });

/** @param {Page} page @returns {Promise<number>} the board's width in CSS pixels */
const boardWidth = (page) => page.evaluate(() => document.getElementById('board-host')?.getBoundingClientRect().width ?? 0);

test('the grip makes the board smaller and larger; the size is kept and drawn from the first paint', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const full = await boardWidth(page);
  assert.ok(full > 700, `the full board at 1280 × 900: ${full}`);
  const grip = page.locator('.board-resize');
  assert.equal(await grip.getAttribute('aria-valuenow'), '100');
  const box = await grip.boundingBox();
  const board = await page.locator('#board-host').boundingBox();
  assert.ok(box && board);
  // At the board's bottom-right corner, 2 px over it (room for a check box at the panel's edge);
  // and after the board in the Tab order.
  assert.ok(Math.abs(box.x - (board.x + board.width - 2)) <= 1 && Math.abs(box.y - (board.y + board.height)) <= 1, `${JSON.stringify(box)} by ${JSON.stringify(board)}`);
  const follows = await page.evaluate(() => {
    const [board, grip] = [document.querySelector('canvas#board'), document.querySelector('.board-resize')];
    return board !== null && grip !== null && (board.compareDocumentPosition(grip) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  assert.equal(follows, true, 'the grip comes after the board');

  // Dragged up and left to where a board of 60% would end.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(board.x + full * 0.6, board.y + full * 0.6, { steps: 6 });
  await page.mouse.up();
  const smaller = await boardWidth(page);
  assert.ok(Math.abs(smaller - full * 0.6) <= 2, `${smaller} is 60% of ${full}`);
  assert.equal(await grip.getAttribute('aria-valuenow'), '60');
  assert.equal(await page.evaluate(() => localStorage.getItem('ultima.boardZoom')), '0.6');
  // The board's canvas follows: its backing store is the new size.
  await page.waitForFunction((width) => Math.abs(/** @type {HTMLCanvasElement} */ (document.querySelector('canvas#board')).width - width) <= 1, smaller);
  await page.screenshot({ path: `${ARTIFACTS}board-size-60.png` });

  // The next visit starts at that size: measured as soon as the page's style sheet lays the board
  // out (its aspect ratio applied), which is when it can first be painted.
  await page.reload({ waitUntil: 'commit' });
  const early = await page.waitForFunction(() => {
    const host = document.getElementById('board-host');
    return host && getComputedStyle(host).aspectRatio !== 'auto' ? host.getBoundingClientRect().width : null;
  });
  assert.ok(Math.abs(/** @type {number} */ (await early.jsonValue()) - smaller) <= 1, 'the first layout is the chosen size');
  await ready(page);
  assert.ok(Math.abs((await boardWidth(page)) - smaller) <= 1);

  // The keys: 5% a step, Home and End; the game's own ← is not taken by the grip's.
  await page.evaluate(() => /** @type {any} */ (window).ultima.board.play('b2-b5'));
  await page.focus('.board-resize');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await grip.getAttribute('aria-valuenow'), '55');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).ultima.board.shownPly()), null);
  await page.keyboard.press('Home');
  assert.equal(await grip.getAttribute('aria-valuenow'), '50');
  assert.ok(Math.abs((await boardWidth(page)) - full * 0.5) <= 2);
  await page.keyboard.press('End');
  assert.equal(await grip.getAttribute('aria-valuenow'), '100');
  assert.ok(Math.abs((await boardWidth(page)) - full) <= 1);
  assert.equal(await page.evaluate(() => localStorage.getItem('ultima.boardZoom')), '1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a stored size that is not one is ignored: the full board', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const full = await boardWidth(page);
  for (const stored of ['abc', '7', '-0.5', '0.1', '', '<b>']) {
    await page.evaluate((stored) => localStorage.setItem('ultima.boardZoom', stored), stored);
    await page.reload();
    await ready(page);
    assert.equal(await boardWidth(page), full, `stored ${JSON.stringify(stored)}`);
    assert.equal(await page.locator('.board-resize').getAttribute('aria-valuenow'), '100');
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('with clocks, their column beside the board is as tall as the board at any size', { timeout: 60_000 }, async () => {
  const record = '[TimeControl "180+2"]\n[Setup "rotated"]\n[Rules "default"]\n\n1. b2-b5 *\n';
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record, settings: {} }));
  await page.waitForSelector('.clock-top', { state: 'visible' });
  const heights = () => page.evaluate(() => [document.getElementById('board-host'), document.getElementById('clocks')].map((node) => node?.getBoundingClientRect().height ?? 0));
  const [board, column] = await heights();
  assert.ok(board > 500 && Math.abs((column ?? 0) - (board ?? 0)) <= 1, `${column} by ${board}`);
  await page.focus('.board-resize');
  await page.keyboard.press('Home');
  const [small, shorter] = await heights();
  assert.ok(Math.abs((small ?? 0) - (board ?? 0) / 2) <= 2, `half: ${small} of ${board}`);
  assert.ok(Math.abs((shorter ?? 0) - (small ?? 0)) <= 1, `${shorter} by ${small}`);
  await page.screenshot({ path: `${ARTIFACTS}board-size-clocks.png` });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a phone has no grip: its board takes the width', { timeout: 60_000 }, async () => {
  const browser = await launchDevice(DEVICES[1]);
  try {
    const { page, problems } = await openGame(browser.context, served.url);
    assert.equal(await page.locator('.board-resize').isVisible(), false);
    assert.ok((await boardWidth(page)) >= DEVICES[1][1].width - 20);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a tablet held upright: the panel under the board, its edges the board\'s', { timeout: 60_000 }, async () => {
  const browser = await launch({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  try {
    const { page, problems } = await openGame(browser.context, served.url);
    const [board, panel] = await page.evaluate(() =>
      ['board-host', 'panel'].map((id) => {
        const { left, right, top, bottom } = document.getElementById(id)?.getBoundingClientRect() ?? new DOMRect();
        return { left, right, top, bottom };
      }),
    );
    assert.ok(board && panel);
    assert.ok(panel.top >= board.bottom, `the panel under the board: ${JSON.stringify({ board, panel })}`);
    assert.ok(Math.abs(panel.left - board.left) < 1 && Math.abs(panel.right - board.right) < 1, `as wide as the board: ${JSON.stringify({ board, panel })}`);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
