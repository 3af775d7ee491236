// The threatened pieces (Position::threatened through the snapshot, the `threats` mark, the
// page's "Threatened pieces" setting): off by default; on, a warning sign on each piece of the
// side to move the other side could capture, and the word "threatened" in its square's label,
// following the position, saved with the settings.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, NO_GAME, onBoard, openGame, openPreferences, painted, ready, useServedDist, warningOn } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** The Defending lesson's first position: the Long Leaper on d8 threatens both Pawns. */
const LEAP = '3lk3/8/3P4/8/3P4/8/8/4K3 w';

/** @param {Page} page */
const marked = (page) => page.getAttribute('.ultima-mirror', 'data-threatened');

/** Whether the game's board shows the warning sign on a square, once painted. @param {Page} page @param {string} square */
async function warned(page, square) {
  await painted(page);
  return warningOn(page, square);
}

test('Threatened pieces: off by default; on, each threatened piece is marked, following the position, saved', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url, NO_GAME);
  await onBoard(page, (board, position) => board.newGame({ position }), LEAP);
  // The snapshot says which; the board shows none until asked.
  assert.deepEqual(await onBoard(page, (board) => board.snapshot().threatened), ['d4', 'd6']);
  assert.equal(await warned(page, 'd4'), false);

  await openPreferences(page);
  await page.check('#threats');
  assert.equal(await warned(page, 'd4'), true);
  assert.equal(await warned(page, 'd6'), true);
  assert.equal(await warned(page, 'e1'), false);
  await page.screenshot({ path: `${ARTIFACTS}threats.png` });
  // Closing the gap: nothing threatened.
  await onBoard(page, (board) => board.play('d4-d5'));
  assert.deepEqual(await onBoard(page, (board) => board.snapshot().threatened), []);
  assert.equal(await warned(page, 'd5'), false);

  // Saved: on after a reload.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#threats'), true);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').settings?.threats), true);
  await onBoard(page, (board, position) => board.newGame({ position }), LEAP);
  assert.equal(await warned(page, 'd6'), true);
  await openPreferences(page);
  // A screen reader hears them too, while they are marked.
  assert.equal(await marked(page), 'd4 d6');
  assert.equal(await page.getAttribute('.ultima-mirror [data-square="d6"]', 'aria-label'), 'd6, white Pawn, threatened');
  await page.uncheck('#threats');
  assert.equal(await warned(page, 'd6'), false);
  assert.equal(await marked(page), '');
  assert.equal(await page.getAttribute('.ultima-mirror [data-square="d6"]', 'aria-label'), 'd6, white Pawn');
  assert.deepEqual(problems, []);
  await page.close();
});
