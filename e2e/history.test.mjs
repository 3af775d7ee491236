// The browser's Back and Forward over the page's views (www/view-history.js): Back closes Your
// games, the puzzles, a storm or the lessons instead of leaving the site, Forward opens the view
// again, a reload on its entry reopens it (the puzzles on the puzzle left unanswered), a view
// closed by its × leaves the history as it was, one view opened by another takes its entry, and
// Back from the analysis board opened by a view goes back to that view, then to the game.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reloadPage } from './browser.mjs';
import { openGame as open, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** @param {Page} page @returns {Promise<string | null>} the view the history entry on show names */
const entryView = (page) => page.evaluate(() => history.state?.ultimaView ?? null);

/**
 * Waits until the view is open with its history entry on show, or (`null`) until no dialog
 * is open and the entry names no view.
 *
 * @param {Page} page
 * @param {string | null} view  a view's dialog id
 */
async function showing(page, view) {
  await page.waitForFunction(
    (view) => {
      const open = [...document.querySelectorAll('dialog[open]')].map((dialog) => dialog.id);
      const entry = history.state?.ultimaView ?? null;
      return view === null ? open.length === 0 && entry === null : open.length === 1 && open[0] === view && entry === view;
    },
    view,
  );
}

/**
 * The page's history steps, and a mark set on the page's window: Back or Forward that left the
 * page would lose it.
 *
 * @param {Page} page
 */
const where = (page) => page.evaluate(() => ({ length: history.length, mark: /** @type {any} */ (window).stayed === true }));

test('Back closes a view instead of leaving the page, Forward opens it again, and its × leaves the history as it was', { timeout: 90_000 }, async () => {
  const { page, problems } = await open(served.context, served.url);
  await page.evaluate(() => (/** @type {any} */ (window).stayed = true));
  const before = await where(page);
  await page.click('#open-games');
  await showing(page, 'games');
  await page.goBack();
  await showing(page, null);
  assert.deepEqual(await where(page), { ...before, length: before.length + 1 });
  await page.goForward();
  await showing(page, 'games');
  // The ×: the view's entry is stepped back over; Back from here leaves the page as before.
  await page.click('.games-close');
  await showing(page, null);
  assert.equal((await where(page)).mark, true);
  // Lessons, the same.
  await page.click('#open-lessons');
  await showing(page, 'lessons');
  await page.goBack();
  await showing(page, null);
  assert.equal((await where(page)).mark, true);
  // Escape closes the puzzles as the × does.
  await page.click('#open-puzzles');
  await showing(page, 'puzzles');
  await page.waitForSelector('#puzzles .puzzles-solution:visible');
  await page.keyboard.press('Escape');
  await showing(page, null);
  assert.equal((await where(page)).mark, true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a reload on a view\'s entry opens it again; a storm opened from the puzzles takes their entry; Back from an analysis a view opened goes back to it', { timeout: 90_000 }, async () => {
  const { page, problems } = await open(served.context, served.url);
  await page.click('#open-puzzles');
  await showing(page, 'puzzles');
  const trying = () => page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
  await trying();
  const puzzle = await page.getAttribute('#puzzles', 'data-puzzle');
  await reloadPage(page, problems);
  await ready(page);
  await showing(page, 'puzzles');
  // On the same puzzle: one left unanswered is neither lost nor skipped by a reload.
  await trying();
  assert.equal(await page.getAttribute('#puzzles', 'data-puzzle'), puzzle);
  const length = await page.evaluate(() => history.length);
  // The storm replaces the puzzles, and its entry theirs: Back closes it, to the game.
  await page.click('#puzzles .puzzles-storm-start');
  await showing(page, 'storm');
  assert.equal(await page.evaluate(() => history.length), length);
  await page.goBack();
  await showing(page, null);
  // Forward onto the storm's entry does not start a storm unasked.
  await page.evaluate(() => addEventListener('popstate', () => (/** @type {any} */ (window).forward = history.state), { once: true }));
  await page.goForward();
  await page.waitForFunction(() => 'forward' in window);
  assert.equal(await entryView(page), null);
  assert.equal(await page.locator('dialog[open]').count(), 0);
  await page.goBack();
  // The puzzles' Analyse opens the analysis board; Back closes it, back to the puzzle; Back
  // again closes the puzzles.
  await page.click('#open-puzzles');
  await showing(page, 'puzzles');
  await page.click('#puzzles .puzzles-solution');
  await page.click('#puzzles .puzzles-analyse');
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  await page.waitForFunction(() => new URL(location.href).searchParams.has('analysis'));
  assert.equal(await entryView(page), null);
  await page.goBack();
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await showing(page, 'puzzles');
  assert.equal(new URL(page.url()).searchParams.has('analysis'), false);
  await page.goBack();
  await showing(page, null);
  assert.deepEqual(problems, []);
  await page.close();
});
