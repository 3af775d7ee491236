// The puzzle storm (www/storm-ui.js) on the game page, opened from the puzzle trainer: the first
// move starts the clock, a puzzle solved by clicks (taps on a phone) brings the next at once, a
// wrong move costs ten seconds and passes on; at the end the figures and the puzzles show, the
// best is kept, and a puzzle of the storm opens in the trainer. The page's time is Playwright's
// (`clock.install`, then `fastForward` to the end): no test waits for three minutes. axe audits
// the storm at rest and at its end (axe-audit.mjs); the end's puzzles each have a picture. The
// page's Math.random is fixed, so that the storm's draw is known here (`newStorm` run in node).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { audit } from './axe-audit.mjs';
import { launch } from './browser.mjs';
import { ARTIFACTS, DEVICES, NO_GAME, openGame, pixels, useDesktopAndPhone } from './game-page.mjs';
import { playMove, pressSquare, solverOf } from './trainer-moves.mjs';
import { newStorm } from '../www/storm.js';

/** @import { Page } from 'playwright-core' */
/** @import { Puzzle } from '../www/puzzles.js' */

/** @type {{ puzzles: Puzzle[] }} */
const SET = JSON.parse(readFileSync(new URL('../www/puzzles.json', import.meta.url), 'utf8'));
/** The storm the page draws with its Math.random at 0. */
const DRAWN = newStorm(SET.puzzles, () => 0).puzzles;

const { served, devices } = useDesktopAndPhone({
  setUp: async (context) => {
    await context.clock.install({ time: new Date('2026-11-30T09:00:00Z') });
    await context.addInitScript(() => {
      Math.random = () => 0;
    });
  },
});

/**
 * Waits until the storm shows the puzzle at `at` of the draw at `phase` ("ready", "try", "busy",
 * "done") and, if given, at move `index` of its line.
 *
 * @param {Page} page
 * @param {string} phase
 * @param {{ puzzle?: Puzzle, index?: number }} [where]
 */
async function stormAt(page, phase, { puzzle, index } = {}) {
  await page.waitForFunction(
    ([phase, id, index]) => {
      const dialog = document.getElementById('storm');
      return dialog?.dataset.phase === phase && (id === null || dialog.dataset.puzzle === id) && (index === null || dialog.dataset.index === String(index)) && document.querySelector('.storm-board canvas[data-paints]') !== null;
    },
    [phase, puzzle?.id ?? null, index ?? null],
  );
}

/**
 * Solves the storm's puzzle on its board: the solver's moves by clicks (or taps), a suicide by
 * its button, each after the defender's reply.
 *
 * @param {Page} page
 * @param {Puzzle} puzzle
 * @param {boolean} touch
 */
async function solve(page, puzzle, touch) {
  const solver = solverOf(puzzle);
  for (let i = 0; i < puzzle.moves.length; i += 2) {
    await page.waitForFunction(
      ([id, index]) => {
        const dialog = document.getElementById('storm');
        return dialog?.dataset.puzzle === id && dialog.dataset.index === String(index) && (dialog.dataset.phase === 'ready' || dialog.dataset.phase === 'try');
      },
      [puzzle.id, i],
    );
    const move = puzzle.moves[i] ?? '';
    const [from = '', rest = ''] = move.split('-');
    await pressSquare(page, '.storm-board', from, solver, touch);
    if (rest === '') await page.click('.storm-suicide');
    else await pressSquare(page, '.storm-board', rest.slice(0, 2), solver, touch);
  }
}

/** @param {Page} page */
const clock = (page) => page.textContent('.storm-clock');

for (const { device, context, touch } of devices) {
  test(`${device}: a storm: the clock, a puzzle solved, a wrong move, the end, a puzzle of it opened`, { timeout: 120_000 }, async () => {
    const [first, second, third] = DRAWN;
    assert.ok(first && second && third, 'three puzzles drawn');
    const { page, problems } = await openGame(context(), served.url, NO_GAME);
    try {
      await page.click('#open-puzzles');
      await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
      assert.equal(await page.textContent('.puzzles-storm-words'), 'Storm: 3 minutes to solve as many puzzles as you can, from the easiest up. A wrong move costs 10 seconds; moves right in a row add time.');
      await page.click('.puzzles-storm-start');
      // Its own dialog, the trainer's closed; the first puzzle waits, the clock at rest.
      await stormAt(page, 'ready', { puzzle: first, index: 0 });
      assert.equal(await page.isVisible('#puzzles'), false);
      assert.equal(await clock(page), '3:00');
      assert.match((await page.textContent('.storm-task')) ?? '', /^(White|Black) to move: find the winning move\.$/);
      assert.match((await page.textContent('.storm-about')) ?? '', /^The clock starts with your first move\. A wrong move costs 10 seconds .+ Unrated\.$/);
      if (device === 'phone') await page.screenshot({ path: `${ARTIFACTS}storm-ready-phone.png` });
      await audit(page, 'a storm at rest');
      await page.clock.fastForward(5_000);
      assert.equal(await clock(page), '3:00');

      // Solved: the next puzzle at once, the clock running.
      await solve(page, first, touch);
      await stormAt(page, 'try', { puzzle: second, index: 0 });
      assert.equal(await page.textContent('.storm-score'), '1 solved');
      // Said to a screen reader, which does not see the new position come.
      assert.equal(await page.textContent('.storm-said'), `Solved. Puzzle 2: ${solverOf(second) === 'white' ? 'White' : 'Black'} to move.`);
      assert.equal(await page.textContent('.storm-combo'), `Combo ${Math.ceil(first.moves.length / 2)}`);
      await page.clock.fastForward(20_000);
      await page.waitForFunction(() => /^2:[34]\d$/.test(document.querySelector('.storm-clock')?.textContent ?? ''));

      // Leaving a storm under way asks first (a stray Escape threw the run away): Escape asks,
      // Escape again keeps going; the × asks too.
      await page.keyboard.press('Escape');
      assert.equal(await page.textContent('#storm-leave-question'), 'End this storm? Its 1 puzzle solved does not count: only a storm played to its end does.');
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'storm-leave-no');
      await page.keyboard.press('Escape');
      assert.deepEqual([await page.isHidden('.storm-confirm'), await page.getAttribute('#storm', 'open')], [true, '']);
      await page.click('.storm-close');
      assert.equal(await page.isVisible('.storm-confirm'), true);
      await page.click('.storm-leave-no');
      assert.deepEqual([await page.isHidden('.storm-confirm'), await page.getAttribute('#storm', 'open')], [true, '']);

      // Wrong: the solution's piece moved elsewhere (or another piece, for a suicide), ten
      // seconds gone and the next puzzle on.
      const before = Number((await clock(page))?.split(':')[1]);
      const solver = solverOf(second);
      const [from = '', rest = ''] = (second.moves[0] ?? '').split('-');
      await pressSquare(page, '.storm-board', from, solver, touch);
      const dests = ((await page.getAttribute('.storm-board .ultima-mirror', 'data-dests')) ?? '').split(' ').filter(Boolean);
      const wrong = dests.find((d) => d !== rest.slice(0, 2));
      assert.ok(wrong, `another destination than the solution's among ${dests}`);
      await pressSquare(page, '.storm-board', wrong, solver, touch);
      await stormAt(page, 'try', { puzzle: third, index: 0 });
      assert.match((await page.textContent('.storm-feedback')) ?? '', /^[KWCILXP][a-h][1-8]-[a-h][1-8].* was not the move: −10 s\.$/);
      assert.equal(await page.locator('.storm-feedback .figured-move img').count(), 1);
      assert.equal(await page.textContent('.storm-combo'), 'Combo 0');
      const after = Number((await clock(page))?.split(':')[1]);
      assert.ok(before - after >= 10 && before - after <= 11, `${before} then ${after}`);
      if (device === 'phone') await page.screenshot({ path: `${ARTIFACTS}storm-phone.png` });

      // Time up: the board stops; the figures, the puzzles, the best kept.
      await page.clock.fastForward(180_000);
      await stormAt(page, 'done');
      assert.equal(await clock(page), '0:00');
      assert.equal(await page.textContent('.storm-feedback'), 'Time! 1 solved. Your best storm yet.');
      const figures = await page.$$eval('.storm-figures:not(.storm-highs) dt', (terms) => terms.map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`));
      assert.deepEqual(figures.slice(0, 3), ['Solved: 1', `Moves: ${Math.ceil(first.moves.length / 2) + 1} (${Math.round((100 * Math.ceil(first.moves.length / 2)) / (Math.ceil(first.moves.length / 2) + 1))}% right)`, `Best combo: ${Math.ceil(first.moves.length / 2)}`]);
      assert.equal(figures[5], `Hardest solved: ${first.rating}`);
      const listed = await page.$$eval('.storm-puzzle', (buttons) => buttons.map((b) => `${b.dataset.puzzle} ${b.classList.contains('solved') ? 'solved' : 'missed'}`));
      assert.deepEqual(listed, [`${first.id} solved`, `${second.id} missed`]);
      // Each with a picture of its position (thumbnail.js), drawn for the screen's density.
      const density = device === 'phone' ? 2 : 1;
      await page.locator('.storm-puzzle').last().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('.storm-puzzle .board-thumbnail[data-drawn]').length === 2);
      assert.deepEqual(await page.$$eval('.storm-puzzle canvas.board-thumbnail', (pictures) => pictures.map((p) => `${/** @type {HTMLCanvasElement} */ (p).width}×${/** @type {HTMLCanvasElement} */ (p).height}`)), Array(2).fill(`${96 * density}×${96 * density}`));
      const corners = await pixels(page, [['a1', -0.45, 0.45], ['h8', 0.45, -0.45]], '.storm-puzzle canvas.board-thumbnail');
      assert.ok(corners.every((colour) => colour[3] === 255), `painted: ${corners}`);
      // The high scores: today, the last 7 and 30 days, all time.
      assert.deepEqual(await page.$$eval('.storm-highs dd', (values) => values.map((v) => v.textContent)), ['1', '1', '1', '1']);
      const standing = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.puzzles') ?? 'null'));
      assert.equal(standing?.stormBest, 1);
      assert.deepEqual(standing?.stormDays, { [await page.evaluate(() => new Date().toLocaleDateString('sv'))]: 1 });
      await page.screenshot({ path: `${ARTIFACTS}storm-done-${device}.png` });
      await audit(page, 'a storm\'s end');

      // Play again: a new storm at rest; closed before its end, it does not count.
      await page.click('.storm-again');
      await stormAt(page, 'ready', { puzzle: first });
      assert.equal(await clock(page), '3:00');
      assert.equal(await page.textContent('.storm-score'), '0 solved');
      assert.match((await page.textContent('.storm-about')) ?? '', / Your best: 1 today, 1 of all time\.$/);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.getElementById('storm')?.hasAttribute('open'));

      // The page's own way in, under the puzzles' one; a puzzle of the storm opens in the
      // trainer, which shows the best storm.
      await page.click('#open-storm');
      await stormAt(page, 'ready', { puzzle: first });
      await page.clock.fastForward(1_000);
      await solve(page, first, touch);
      await stormAt(page, 'try', { puzzle: second });
      await page.clock.fastForward(200_000);
      await stormAt(page, 'done');
      assert.equal(await page.textContent('.storm-feedback'), 'Time! 1 solved. Your best: 1 today, 1 of all time.');
      await page.click(`.storm-puzzle[data-puzzle="${first.id}"]`);
      await page.waitForFunction((id) => document.getElementById('puzzles')?.dataset.puzzle === id && document.getElementById('puzzles')?.dataset.phase === 'try', first.id);
      assert.equal(await page.isVisible('#storm'), false);
      // Unrated: the player has seen it. Solved again, it moves neither the rating nor the tries.
      assert.match((await page.textContent('.puzzles-about')) ?? '', / · unrated: seen in a storm$/);
      const [move = ''] = first.moves;
      assert.ok(first.moves.length === 1 && !move.endsWith('-'), 'the first puzzle is one move by clicks');
      const standingBefore = await page.evaluate(() => localStorage.getItem('ultima.puzzles'));
      await playMove(page, '.puzzles-board', move, solverOf(first), touch);
      await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'solved');
      assert.doesNotMatch((await page.textContent('.puzzles-feedback')) ?? '', /Rating/);
      assert.equal(await page.evaluate(() => localStorage.getItem('ultima.puzzles')), standingBefore);
      assert.match((await page.textContent('.puzzles-storm-words')) ?? '', / Your best: 1 today, 1 of all time\.$/);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('desktop: a puzzle with a reply, a combo that adds time, damaged puzzles passed over (and in the trainer, said), the last ending the storm', { timeout: 120_000 }, async () => {
  // A set of seven, rated in this order: a puzzle whose position the board refuses, one with a
  // defender's reply, four of one move (by clicks), and one whose reply the board refuses.
  const withReply = SET.puzzles.find((p) => p.moves.length === 3 && p.moves.every((m) => !m.endsWith('-')));
  const single = SET.puzzles.filter((p) => p.moves.length === 1 && !(p.moves[0] ?? '').endsWith('-')).slice(0, 4);
  assert.ok(withReply && single.length === 4);
  const broken = { ...withReply, id: 'broken-position', position: 'not a position', before: 'not a position' };
  const badReply = { ...withReply, id: 'broken-reply', moves: [withReply.moves[0] ?? '', 'z9-z9', withReply.moves[2] ?? ''] };
  const set = [broken, withReply, ...single, badReply].map((p, i) => ({ ...p, rating: 690 + 10 * i }));
  // A browser of its own, whose service worker cannot answer for the set served here instead.
  const own = await launch({ viewport: DEVICES[0][1], deviceScaleFactor: 1, serviceWorkers: 'block' });
  await own.context.clock.install({ time: new Date('2026-11-30T09:00:00Z') });
  await own.context.route('**/puzzles.json', (route) => route.fulfill({ json: { version: 1, generator: 'the storm test', puzzles: set } }));
  const { page, problems } = await openGame(own.context, served.url, NO_GAME);
  try {
    // Straight from the page (the trainer would meet the damaged puzzle first).
    await page.click('#open-storm');
    // The first is passed over, said, and the next one waits for the first move.
    await stormAt(page, 'ready', { puzzle: withReply, index: 0 });
    assert.match((await page.textContent('.storm-feedback')) ?? '', /^Puzzle broken-position could not be played \(.+\): passed over\.$/);
    // The page's time stops: only the reply's pause moves it on, 300 ms a time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const solver = solverOf(withReply);
    await playOn(page, withReply.moves[0] ?? '', solver);
    await stormAt(page, 'busy', { puzzle: withReply, index: 2 });
    assert.equal(await page.textContent('.storm-combo'), 'Combo 1');
    await page.clock.runFor(300);
    // The reply played on the board: the solver's turn again.
    await stormAt(page, 'try', { puzzle: withReply, index: 2 });
    const replyTo = (withReply.moves[1] ?? '').split('-')[1]?.slice(0, 2) ?? '';
    assert.match((await page.getAttribute(`.storm-board .ultima-mirror [data-square="${replyTo}"]`, 'aria-label')) ?? '', new RegExp(`^${replyTo}, ${solver === 'white' ? 'black' : 'white'} `));
    await playOn(page, withReply.moves[2] ?? '', solver);
    for (const [i, puzzle] of single.entries()) {
      await stormAt(page, 'try', { puzzle, index: 0 });
      await playOn(page, puzzle.moves[0] ?? '', solverOf(puzzle));
      // The fifth move right in a row: three seconds more.
      if (i === 2) {
        await page.waitForFunction(() => document.querySelector('.storm-feedback')?.textContent === '+3\u00a0s: 5 in a row!');
        assert.equal(await clock(page), '3:03');
      }
    }
    // The last: its first move right, its reply refused: passed over, and no puzzle is left.
    await stormAt(page, 'try', { puzzle: badReply, index: 0 });
    await playOn(page, badReply.moves[0] ?? '', solverOf(badReply));
    await stormAt(page, 'busy', { puzzle: badReply, index: 2 });
    await page.clock.runFor(300);
    // Over, with the time it took.
    await stormAt(page, 'done');
    assert.equal(await page.textContent('.storm-feedback'), 'No puzzle left! 5 solved. Your best storm yet.');
    const figures = await page.$$eval('.storm-figures:not(.storm-highs) dd', (values) => values.map((v) => v.textContent));
    assert.deepEqual(figures, ['5', '7 (100% right)', '7', '0:01', '0.1 s', '740']);
    assert.deepEqual(await page.$$eval('.storm-puzzle', (buttons) => buttons.map((b) => b.dataset.puzzle)), [withReply, ...single].map((p) => p.id));

    // The puzzle trainer meets the same damaged puzzles: each said, and Next goes on.
    await page.keyboard.press('Escape');
    /** @param {string} phase @param {string} id */
    const trainerAt = (phase, id) => page.waitForFunction(([phase, id]) => document.getElementById('puzzles')?.dataset.phase === phase && document.getElementById('puzzles')?.dataset.puzzle === id, [phase, id]);
    await page.evaluate(() => /** @type {any} */ (window).ultima.openPuzzles('broken-position'));
    await trainerAt('broken', broken.id);
    assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^This puzzle cannot be played: position string, .+\.$/);
    assert.deepEqual(await Promise.all(['.puzzles-next', '.puzzles-retry', '.puzzles-solution'].map((s) => page.isVisible(s))), [true, false, false]);
    // Not waited for in the page: the puzzle comes after the opponent's last move's pause, which
    // the stopped clock holds until it is run on.
    await page.evaluate(() => {
      /** @type {any} */ (window).ultima.openPuzzles('broken-reply');
    });
    await trainerAt('busy', badReply.id);
    await page.clock.runFor(600);
    await trainerAt('try', badReply.id);
    await playMove(page, '.puzzles-board', badReply.moves[0] ?? '', solverOf(badReply), false);
    await trainerAt('busy', badReply.id);
    await page.clock.runFor(500);
    await trainerAt('broken', badReply.id);
    assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^This puzzle cannot be played: .+\.$/);
    // Next goes on to another puzzle (drawn near the rating: a good one, or the other damaged one).
    await page.click('.puzzles-next');
    await page.waitForFunction((id) => document.getElementById('puzzles')?.dataset.puzzle !== id, badReply.id);
    await page.clock.runFor(600);
    await page.waitForFunction((id) => {
      const dialog = document.getElementById('puzzles');
      return dialog?.dataset.puzzle !== id && (dialog?.dataset.phase === 'try' || dialog?.dataset.phase === 'broken');
    }, badReply.id);
    // Nothing went wrong but the worker this browser was told to refuse.
    assert.deepEqual(problems, []);
  } finally {
    await own.close();
  }
});

test('desktop: a storm has its own link: ?storm opens one, on a first visit too, and the address loses it', { timeout: 60_000 }, async () => {
  // A first visit (nothing stored): the link's storm, not the welcome.
  const { page, problems } = await openGame(served.context, `${served.url}?storm`);
  try {
    await stormAt(page, 'ready', { puzzle: DRAWN[0] });
    assert.equal(await page.evaluate(() => document.querySelector('dialog#welcome')?.hasAttribute('open') ?? false), false);
    assert.equal(await page.evaluate(() => location.search), '');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/**
 * Plays a move (not a suicide) on the storm's board by clicks.
 *
 * @param {Page} page
 * @param {string} move
 * @param {'white' | 'black'} bottom
 */
const playOn = (page, move, bottom) => playMove(page, '.storm-board', move, bottom, false);
