// The game review in headless Chromium against the release build, on a desktop and a phone: a
// short game with a planted blunder reviewed from the result banner (progress, then the graph
// with one point per ply, the blunder marked with the better move, each player's figures, a
// click on the graph showing that position), a review stopped half way, kept over a reload and
// resumed, and stored review data that does not fit the game, which never breaks the page.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch } from './browser.mjs';
import { ARTIFACTS, onBoard, openGame, useServedDist } from './game-page.mjs';

/** @import { BrowserContext, Page } from 'playwright-core' */
/** @import { Browser } from './browser.mjs' */

const served = useServedDist({ browser: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } });
/** @type {Browser | undefined} */
let phone;
before(async () => {
  await served.started;
  phone = await launch({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
});
after(() => phone?.close());

/** @type {Array<[string, () => BrowserContext]>} */
const DEVICES = [
  ['desktop', () => served.context],
  [
    'phone',
    () => {
      if (!phone) throw new Error('no phone browser');
      return phone.context;
    },
  ],
];

/**
 * A mate in two of the tactics set (mined-s2g4p59): Black to move mates with e6-e2. Black
 * blunders it away with d7-d6 (the planted blunder); the engine's own choices follow, so that
 * the blunder is the game's only judged move (`ultima review` says the same).
 */
const SETUP = '5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30';
const MOVES = ['d7-d6', 'h1-d5xd1', 'f7-f6', 'd5-b7', 'a6-c6', 'f1-f3'];
const RECORD = `[Setup "${SETUP}"]\n\n30... ${MOVES[0]} 31. ${MOVES[1]} ${MOVES[2]} 32. ${MOVES[3]} ${MOVES[4]} 33. ${MOVES[5]} *`;

/** @param {Page} page */
const reviewState = (page) => page.getAttribute('#review', 'data-state');

/**
 * Loads the game of MOVES through the page's own "Load record".
 *
 * @param {Page} page
 */
async function loadGame(page) {
  await page.click('.io summary');
  await page.fill('#record-text', RECORD);
  await page.click('#load-record');
  assert.equal(await page.textContent('#record-error'), 'Loaded.');
  await page.click('.io summary');
}

for (const [device, context] of DEVICES) {
  test(`${device}: a review from the result banner marks the planted blunder, one graph point per ply`, { timeout: 240_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await loadGame(page);
      // Black, lost, resigns: the result banner offers the review.
      await page.click('#resign');
      await page.click('#resign-yes');
      await page.waitForSelector('#result-banner', { state: 'visible' });
      const started = Date.now();
      await page.click('#result-review');
      assert.equal(await page.isVisible('#result-banner'), false);
      // Progress while it runs: a bar counting the positions, and a Stop button.
      await page.waitForSelector('#review-progress', { state: 'visible' });
      assert.equal(await page.getAttribute('#review-progress', 'max'), String(MOVES.length + 1));
      await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
      console.log(`${device}: ${MOVES.length + 1} positions reviewed in ${Date.now() - started} ms`);
      const plies = MOVES.length;
      // One point per ply.
      assert.equal(await page.locator('#review-graph circle.review-point').count(), plies);
      // The blunder: the first move, with the mate in two as the better move.
      assert.equal(await page.getAttribute('#review-graph circle[data-ply="0"]', 'class'), 'review-point blunder');
      const blunder = (await page.textContent('#review-moves .review-move.blunder[data-ply="0"]')) ?? '';
      assert.match(blunder, /30\. … Pd7-d6\?\? blunder \(−\d+%\); better We6-e2\+/);
      assert.equal(await page.locator('#review-moves .review-move').count(), 1);
      assert.match((await page.textContent('#review .review-players dd[data-side="black"]')) ?? '', /^accuracy \d+% · 0 inaccuracies · 0 mistakes · 1 blunder$/);
      assert.match((await page.textContent('#review .review-players dd[data-side="white"]')) ?? '', /^accuracy (99|100)% · 0 inaccuracies · 0 mistakes · 0 blunders$/);
      // White is winning after the blunder: every point is in White's half (up).
      const heights = await page.locator('#review-graph circle.review-point').evaluateAll((points) => points.map((p) => Number(p.getAttribute('cy'))));
      assert.ok(heights.every((y) => y < 80), `${heights}`);
      // A click on the graph shows that ply's position; the judged move's button too.
      const box = await page.locator('#review-graph').boundingBox();
      if (!box) throw new Error('no graph');
      await page.mouse.click(box.x + (box.width * 2) / plies, box.y + box.height / 2);
      assert.equal(await onBoard(page, (board) => board.shownPly()), 1);
      await page.click('#review-moves .review-move.blunder');
      assert.equal(await onBoard(page, (board) => board.shownPly()), 0);
      await page.locator('#review').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}review-${device}.png`, fullPage: device === 'phone' });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('a review stopped half way is kept with the game over a reload, and resumes where it stopped', { timeout: 240_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await loadGame(page);
    await page.click('#review-game');
    await page.waitForFunction(() => Number(/** @type {HTMLProgressElement} */ (document.getElementById('review-progress')).value) >= 2, null, { timeout: 100_000 });
    await page.click('#review-stop');
    assert.equal(await reviewState(page), 'stopped');
    const done = Number(await page.locator('#review-progress').evaluate((bar) => /** @type {HTMLProgressElement} */ (bar).value));
    assert.ok(done >= 2 && done < MOVES.length + 1, `${done} positions`);
    assert.equal(await page.textContent('#review-status'), `Review stopped: ${done} of ${MOVES.length + 1} positions`);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await reviewState(page), 'stopped');
    assert.equal(await page.textContent('#review-status'), `Review stopped: ${done} of ${MOVES.length + 1} positions`);
    // Resumed from the first position missing: the ones kept are not evaluated again.
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').review.evaluations.slice(0, 2));
    await page.click('#review-resume');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
    assert.equal(await page.locator('#review-graph circle.review-point').count(), MOVES.length);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').review.evaluations);
    assert.deepEqual(stored.slice(0, 2), before);
    assert.equal(stored.length, MOVES.length + 1);
    // A move changes the game: its review goes.
    await onBoard(page, (board) => board.undo());
    assert.equal(await page.isVisible('#review'), false);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('stored review data that does not fit the game never breaks the page', async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // The game as the page saves it, with a review of junk.
    await page.evaluate((setup) => /** @type {any} */ (window).ultima.board.newGame({ record: `[Setup "${setup}"]\n\n30... d7-d6 *` }), SETUP);
    await page.evaluate(() => {
      const data = JSON.parse(localStorage.getItem('ultima.page') ?? '{}');
      const junk = { white: { cp: 'lots' }, result: null, best: 'z9-z9', depth: 1, nodes: 1 };
      localStorage.setItem('ultima.page', JSON.stringify({ ...data, review: { record: data.record, evaluations: [junk, junk] } }));
    });
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    // The game is there; the review says it could not be read and can be made again.
    assert.equal(await onBoard(page, (board) => board.history().length), 1);
    assert.equal(await reviewState(page), 'failed');
    assert.match((await page.textContent('#review .error')) ?? '', /^The review could not be read \(.+\); press Review to make it again\.$/);
    await page.click('#review-game');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 100_000 });
    assert.equal(await page.locator('#review-graph circle.review-point').count(), 1);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
