// Zen mode (www/playing.js, the .not-zen elements of index.html): Z or the setting keeps the
// board, the clocks, the status, the game's buttons and its moves and hides the rest; it is saved
// with the settings; "Leave zen mode" or Z again brings the page back. On a desktop by the key,
// on a phone by taps.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, NO_GAME, openGame, openPreferences, playByRule, ready, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const { served, phone } = useDesktopAndPhone();

/** What the player sees of the page's parts. @param {Page} page */
const seen = (page) =>
  page.evaluate(() => {
    /** @param {string} selector */
    const shown = (selector) => {
      const node = document.querySelector(selector);
      return node instanceof HTMLElement && node.getClientRects().length > 0;
    };
    return {
      zen: document.body.hasAttribute('data-zen'),
      title: shown('h1'),
      board: shown('#board-host'),
      status: shown('#status'),
      undo: shown('#undo'),
      moves: shown('#moves'),
      share: shown('#copy-link'),
      settings: shown('#piece-set'),
      more: shown('#preferences'),
      learn: shown('#open-lessons'),
      help: shown('#help'),
      leave: shown('#zen-leave'),
    };
  });

const WHOLE = { zen: false, title: true, board: true, status: true, undo: true, moves: true, share: true, settings: true, more: true, learn: true, help: true, leave: false };
const ZEN = { zen: true, title: false, board: true, status: true, undo: true, moves: true, share: false, settings: false, more: false, learn: false, help: false, leave: true };

/** @param {Page} page */
const storedZen = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').settings?.zen);

test('desktop: Z turns zen mode on and off, it is saved, and Leave zen mode brings the page back', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url, NO_GAME);
  await playByRule(page, 6);
  assert.deepEqual(await seen(page), WHOLE);
  await page.keyboard.press('z');
  assert.deepEqual(await seen(page), ZEN);
  assert.equal(await storedZen(page), true);
  await page.screenshot({ path: `${ARTIFACTS}zen-desktop.png` });

  // Kept across a reload, with its check box.
  await page.reload();
  await ready(page);
  assert.deepEqual(await seen(page), ZEN);
  assert.equal(await page.isChecked('#zen'), true);

  await page.click('#zen-leave');
  assert.deepEqual(await seen(page), WHOLE);
  assert.equal(await storedZen(page), false);

  // The setting does the same; Z again leaves.
  await openPreferences(page);
  await page.check('#zen');
  assert.deepEqual(await seen(page), ZEN);
  await page.locator('body').press('z');
  assert.deepEqual(await seen(page), WHOLE);
  assert.equal(await page.isChecked('#zen'), false);

  // Listed with the shortcuts; Ctrl+Z is still a takeback, not zen mode.
  await page.keyboard.press('?');
  assert.match((await page.textContent('#shortcuts')) ?? '', /Z\s*Zen mode/);
  await page.keyboard.press('Escape');
  const before = await page.evaluate(() => /** @type {any} */ (window).ultima.board.history().length);
  await page.keyboard.press('Control+z');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).ultima.board.history().length), before - 1);
  assert.equal((await seen(page)).zen, false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('phone: zen mode from the settings and back by its button, with taps', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(phone(), served.url, NO_GAME);
  await playByRule(page, 6);
  await page.tap('#preferences > summary');
  await page.tap('#zen');
  assert.deepEqual(await seen(page), ZEN);
  await page.screenshot({ path: `${ARTIFACTS}zen-phone.png`, fullPage: true });
  await page.tap('#zen-leave');
  assert.deepEqual(await seen(page), WHOLE);
  assert.deepEqual(problems, []);
  await page.close();
});
