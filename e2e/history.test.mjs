// The browser's Back and Forward over the page's views (www/view-history.js): Back closes Your
// games, the puzzles, a storm or the lessons instead of leaving the site, Forward opens the view
// again, a reload on its entry reopens it (the puzzles on the puzzle left unanswered), a view
// closed by its × leaves the history as it was, also after a reload (the focus then to the
// board), one view opened by another takes its entry, Back from the analysis board opened by a
// view goes back to that view (and Forward to the analysis again), then to the game, and a game link pasted into the address bar
// over a view opens alone, Back closing it and bringing the view back. Back pressed while a view's
// module still loads stays on the page, and the view does not open.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, reloadPage } from './browser.mjs';
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
  // Opened again on the same puzzle, its task takes the focus, to be read again.
  await page.click('#open-puzzles');
  await showing(page, 'puzzles');
  await page.waitForFunction(() => document.activeElement?.classList.contains('puzzles-task'));
  await page.keyboard.press('Escape');
  await showing(page, null);
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
  // Forward onto the storm's entry opens a storm ready, its clock waiting for the first move.
  await page.goForward();
  await showing(page, 'storm');
  await page.waitForSelector('#storm[data-phase="ready"]').catch(async (error) => {
    const seen = await page.evaluate(() => ({ phase: document.getElementById('storm')?.dataset.phase, state: history.state, feedback: document.querySelector('#storm .storm-feedback, #storm .trainer-feedback')?.textContent }));
    throw new Error(`${error}: ${JSON.stringify(seen)}`);
  });
  await page.goBack();
  await showing(page, null);
  // The puzzles' Analyse opens the analysis board; Back closes it, back to the puzzle; Back
  // again closes the puzzles.
  await page.click('#open-puzzles');
  await showing(page, 'puzzles');
  await page.click('#puzzles .puzzles-solution');
  // (A rated puzzle's first try: it asks first.)
  await page.click('#puzzles .puzzles-solution-yes');
  await page.click('#puzzles .puzzles-analyse');
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  await page.waitForFunction(() => new URL(location.href).searchParams.has('analysis'));
  assert.equal(await entryView(page), null);
  await page.goBack();
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await showing(page, 'puzzles');
  assert.equal(new URL(page.url()).searchParams.has('analysis'), false);
  // Forward comes back to the analysis (the puzzles reopened on a new entry dropped the way
  // forward), and Back again to the puzzle.
  await page.goForward();
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  assert.equal(new URL(page.url()).searchParams.has('analysis'), true);
  assert.equal(await page.evaluate(() => document.querySelector('#puzzles')?.hasAttribute('open')), false);
  await page.goBack();
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await showing(page, 'puzzles');
  // Opened again by Forward (or a reload), it still goes back to the puzzle, by its button too.
  await page.goForward();
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  assert.equal(await page.textContent('.analysis-close'), 'Back to the puzzle');
  await page.click('.analysis-close');
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await showing(page, 'puzzles');
  await page.goBack();
  await showing(page, null);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a game link pasted into the address bar over a view or the analysis board opens alone, and Back closes it, bringing the view back', { timeout: 90_000 }, async () => {
  const { page, problems } = await open(served.context, served.url);
  const link = await page.evaluate(async () => {
    // The page's own module, resolved against the page.
    const wasm = './www/wasm.js';
    const { bindings } = await import(wasm);
    const game = bindings().Game.fromRecord('1. b2-b5 g7-g4 *');
    const text = game.link();
    game.free();
    return text;
  });
  const dialogs = () => page.evaluate(() => [...document.querySelectorAll('dialog[open]')].map((dialog) => dialog.id || dialog.className));
  for (const view of ['games', 'analysis']) {
    if (view === 'games') {
      await page.click('#open-games');
      await showing(page, 'games');
    } else {
      await page.click('#analyse');
      await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
      await page.waitForFunction(() => new URL(location.href).searchParams.has('analysis'));
    }
    await page.evaluate((link) => (location.hash = `game=${link}`), link);
    await page.waitForSelector('dialog.link-dialog[open]');
    await page.waitForFunction(() => document.querySelectorAll('dialog[open]').length === 1);
    assert.deepEqual(await dialogs(), ['link-dialog']);
    // Back: the link's dialog closes, and what was on show comes back, alone.
    await page.goBack();
    await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
    if (view === 'games') await showing(page, 'games');
    else await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
    assert.equal((await dialogs()).length, 1);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('dialog[open]') === null && history.state === null);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('closed after a reload, a view or the analysis board steps back over its entry, and gives the focus to the board; the new-game dialog, the editor and a storm are views too', { timeout: 90_000 }, async () => {
  const { page, problems } = await open(served.context, served.url);
  const length = await page.evaluate(() => history.length);
  for (const [button, view] of [['#open-games', 'games'], ['#open-editor', 'editor'], ['#new-game', 'new-game-dialog'], ['#open-storm', 'storm']]) {
    await page.click(button);
    await showing(page, view);
    await reloadPage(page, problems);
    await ready(page);
    await showing(page, view);
    await page.keyboard.press('Escape');
    await showing(page, null);
    assert.equal(await page.evaluate(() => history.length), length + 1, `${view}: no new entry`);
    await page.waitForFunction(() => document.activeElement?.id === 'board');
    // Forward opens it again; Back closes it.
    await page.goForward();
    await showing(page, view);
    await page.goBack();
    await showing(page, null);
  }
  await page.click('#analyse');
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  await reloadPage(page, problems);
  await ready(page);
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await page.waitForFunction(() => history.state === null && !new URL(location.href).searchParams.has('analysis'));
  await page.waitForFunction(() => document.activeElement?.id === 'board');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Back pressed while a view\'s module or the analysis board still loads stays on the page, and the view does not open; a view that cannot load leaves no entry', { timeout: 90_000 }, async () => {
  // A browser of its own, with no service worker, whose answers the test can hold.
  const own = await launch({ viewport: { width: 1100, height: 850 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  try {
    const { page, problems } = await open(own.context, served.url);
    await page.evaluate(() => (/** @type {any} */ (window).stayed = true));
    const before = await where(page);
    /** @type {() => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    await page.route('**/www/games-ui.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.click('#open-games');
    await page.waitForFunction(() => history.state?.ultimaView === 'games');
    // The page says it is busy while the view loads: a progress cursor, and a bar along the
    // window's top after a moment.
    await page.waitForSelector('body[data-loading]', { state: 'attached' });
    assert.equal(await page.$eval('body', (body) => getComputedStyle(body).cursor), 'progress');
    await page.waitForFunction(() => new DOMMatrix(getComputedStyle(document.body, '::before').transform).a > 0);
    await page.goBack();
    await page.waitForFunction(() => history.state === null);
    // Back: the view is no longer asked for, and the page no longer busy, its module still coming.
    await page.waitForFunction(() => document.body.dataset.loading === undefined);
    release();
    // Once the module has come and run (the page's import and this one settle together), and
    // what the page does with it has had its turn:
    await page.evaluate(async () => {
      // Resolved against the page (a name in a variable, which the type check does not follow).
      const module = './www/games-ui.js';
      await import(module);
    });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await showing(page, null);
    assert.deepEqual(await where(page), { length: before.length + 1, mark: true });
    assert.equal(await page.$eval('body', (body) => body.dataset.loading ?? null), null, 'no longer busy');
    // Forward: the view opens now.
    await page.goForward();
    await showing(page, 'games');
    await page.keyboard.press('Escape');
    await showing(page, null);
    // The analysis board, the same while its style sheet loads (its board takes a moment more).
    /** @type {() => void} */
    let releaseSheet = () => undefined;
    const sheetHeld = new Promise((resolve) => (releaseSheet = () => resolve(undefined)));
    await page.route('**/www/analysis.css', async (route) => {
      await sheetHeld;
      await route.continue();
    });
    await page.evaluate(() => {
      // Set before the view starts: it puts its dialog into the page as its board loads, and
      // takes it out again when Back came first.
      /** @type {any} */ (window).analysisGone = new Promise((resolve) => {
        new MutationObserver((records, observer) => {
          if (records.some((record) => [...record.removedNodes].some((node) => node instanceof Element && node.classList.contains('analysis-dialog')))) {
            observer.disconnect();
            resolve(true);
          }
        }).observe(document.body, { childList: true });
      });
    });
    await page.click('#analyse');
    await page.waitForFunction(() => history.state?.ultimaAnalysis === true);
    await page.waitForSelector('body[data-loading]', { state: 'attached' });
    await page.goBack();
    await page.waitForFunction(() => history.state === null && !location.search.includes('analysis'));
    releaseSheet();
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).analysisGone), true);
    await showing(page, null);
    assert.equal(await page.isHidden('#notice'), true, 'Back is no failure to say');
    assert.deepEqual(await where(page), { length: before.length + 1, mark: true });
    // A view whose module cannot load (offline, say) says so, and leaves no entry behind.
    await page.route('**/www/squares-ui.js', (route) => route.abort());
    await page.click('#open-squares');
    await page.waitForFunction(() => document.getElementById('notice')?.textContent?.startsWith('The squares drill could not open'));
    await page.waitForFunction(() => history.state === null);
    assert.deepEqual(await where(page), { length: before.length + 1, mark: true });
    assert.equal(await page.$eval('body', (body) => body.dataset.loading ?? null), null, 'no longer busy after a failure');
    assert.deepEqual(
      problems.filter((problem) => !/squares-ui\.js|Failed to fetch|ERR_FAILED/.test(problem)),
      [],
    );
    await page.close();
  } finally {
    await own.close();
  }
});
