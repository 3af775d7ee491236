// The lessons (www/lessons-ui.js) on the game page, on a desktop and a phone viewport: a whole
// lesson completed by clicks (taps on the phone), a wrong try explained and the position put
// back, the suicide button, progress kept across a reload and resumed, and forgotten on request,
// damaged stored progress survived, the full rules one click away, and the lesson board
// following the piece set.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ARTIFACTS, openGame, painted, pixels, ready, useDesktopAndPhone } from './game-page.mjs';
import { playMove, pressSquare } from './trainer-moves.mjs';

/** @import { Page } from 'playwright-core' */

const LESSONS = JSON.parse(readFileSync(new URL('../www/lessons.json', import.meta.url), 'utf8'));

const { served, devices } = useDesktopAndPhone();

/**
 * Waits until the lessons dialog is at `phase` ("menu", "try", "wrong", "right"), optionally of
 * a lesson and step.
 *
 * @param {Page} page
 * @param {string} phase
 * @param {string} [lesson]
 * @param {number} [step]
 */
async function at(page, phase, lesson, step) {
  await page.waitForFunction(
    ([phase, lesson, step]) => {
      const dialog = document.getElementById('lessons');
      return (
        dialog?.dataset.phase === phase &&
        (lesson === null || dialog.dataset.lesson === lesson) &&
        (step === null || dialog.dataset.step === String(step)) &&
        (phase === 'menu' || document.querySelector('.lesson-board canvas[data-paints]') !== null)
      );
    },
    [phase, lesson ?? null, step ?? null],
  );
}

/** Clicks (or taps) a square of the lesson board, which is seen from White. */
const press = (/** @type {Page} */ page, /** @type {string} */ square, /** @type {boolean} */ touch) => pressSquare(page, '.lesson-board', square, 'white', touch);
/** Plays a move (canonical text) on the lesson board by two clicks. */
const play = (/** @type {Page} */ page, /** @type {string} */ move, /** @type {boolean} */ touch) => playMove(page, '.lesson-board', move, 'white', touch);

/** @param {Page} page */
const feedback = async (page) => (await page.textContent('.lesson-feedback')) ?? '';

/**
 * The feedback line's verdict, which its colour shows: 'right', 'wrong' or '' (a plain message).
 *
 * @param {Page} page
 */
const verdict = (page) => page.$eval('.lesson-feedback', (line) => ['right', 'wrong'].filter((name) => line.classList.contains(name)).join(' '));

/** @param {Page} page */
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('ultima.lessons') ?? 'null'));

for (const { device, context, touch } of devices) {
  test(`${device}: the Pawn lesson completed by ${touch ? 'taps' : 'clicks'}, progress kept across a reload`, { timeout: 90_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await page.click('#open-lessons');
      await at(page, 'menu');
      assert.equal(await page.textContent('.lessons-count'), `0 of ${LESSONS.lessons.length} lessons done`);
      assert.equal(await page.locator('.lesson-list button').count(), LESSONS.lessons.length);
      await page.screenshot({ path: `${ARTIFACTS}lessons-menu-${device}.png` });
      if (touch) {
        // No hover colour on a touch screen, which keeps the last tapped point "hovered" (a row
        // stayed lit under the finger).
        const row = page.locator('[data-lesson="withdrawer"]');
        const plain = await row.evaluate((button) => getComputedStyle(button).backgroundColor);
        await row.hover();
        assert.equal(await row.evaluate((button) => getComputedStyle(button).backgroundColor), plain);
      }
      await page.click('[data-lesson="pawn"]');
      const steps = LESSONS.lessons[0].steps;
      /** Where the board stands: the same at every step, whatever its task's length. */
      const boardTops = new Set();
      for (const [index, step] of steps.entries()) {
        await at(page, 'try', 'pawn', index);
        boardTops.add(await page.locator('.lesson-board canvas').evaluate((canvas) => Math.round(canvas.getBoundingClientRect().top)));
        assert.equal(boardTops.size, 1, `the board's tops: ${[...boardTops]}`);
        assert.equal(await page.textContent('.lesson-task'), step.task);
        assert.equal(await page.textContent('.lesson-step'), `Step ${index + 1} of ${steps.length}`);
        if (index === 0) await page.screenshot({ path: `${ARTIFACTS}lesson-${device}.png` });
        await play(page, step.answers[0], touch);
        await at(page, 'right', 'pawn', index);
        assert.ok((await feedback(page)).startsWith(`Right! ${step.success}`));
        assert.equal(await verdict(page), 'right');
        // The right move is played out on the board: the captured pieces are gone.
        for (const square of step.goal.captures) {
          assert.equal(await page.getAttribute(`.lesson-board .ultima-mirror [data-square="${square}"]`, 'aria-label'), square);
        }
        assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('lesson-next')), 'Next has the focus');
        assert.deepEqual((await stored(page)).lessons.pawn, { solved: index + 1, done: index + 1 === steps.length });
        if (index + 1 < steps.length) await page.click('.lesson-next');
      }
      assert.match(await feedback(page), /You have finished the Pawn lesson\.$/);
      assert.equal(await page.textContent('.lesson-next'), 'Next lesson: Withdrawer');
      await page.screenshot({ path: `${ARTIFACTS}lesson-done-${device}.png` });
      await page.click('.lesson-next');
      await at(page, 'try', 'withdrawer', 0);

      // The progress survives a reload: the lesson opens again (the reload was on its history
      // entry); its menu shows the Pawn lesson done.
      await page.reload();
      await ready(page);
      await at(page, 'try', 'withdrawer', 0);
      await page.click('.lesson-back');
      await at(page, 'menu');
      assert.equal(await page.textContent('.lessons-count'), `1 of ${LESSONS.lessons.length} lessons done`);
      assert.equal(await page.textContent('[data-lesson="pawn"] .lesson-state'), 'Done');
      assert.match((await page.getAttribute('[data-lesson="pawn"]', 'aria-label')) ?? '', /^Pawn: The pinch\. Done\.$/);

      // Start again asks first; Escape answers no and keeps the lessons open; yes forgets.
      await page.click('.lessons-reset');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'No');
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('#lessons'), true);
      assert.equal(await page.isVisible('.lessons-reset-confirm'), false);
      await page.click('.lessons-reset');
      await page.click('.lessons-reset-yes');
      assert.equal(await page.textContent('.lessons-count'), `0 of ${LESSONS.lessons.length} lessons done`);
      assert.equal(await page.textContent('[data-lesson="pawn"] .lesson-state'), '3 steps');
      assert.deepEqual((await stored(page)).lessons, {});
      assert.equal(await page.isVisible('.lessons-reset'), false, 'nothing left to forget');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${device}: a wrong try is explained and the position comes back; a lesson resumes where it was left`, { timeout: 90_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await page.evaluate(() => /** @type {any} */ (window).ultima.openLessons('withdrawer'));
      await at(page, 'try', 'withdrawer', 0);
      // Towards the Pawn, not away from it: nothing is captured.
      await play(page, 'e4-e6', touch);
      await at(page, 'wrong', 'withdrawer', 0);
      assert.equal(await feedback(page), `Not quite. That move captured nothing. ${LESSONS.lessons[1].steps[0].wrong.none}`);
      assert.match(await feedback(page), /a Withdrawer captures only the piece it moves directly away from/i);
      assert.equal(await verdict(page), 'wrong');
      await page.screenshot({ path: `${ARTIFACTS}lesson-wrong-${device}.png` });
      // The position comes back by itself, said; the explanation stays.
      await at(page, 'try', 'withdrawer', 0);
      assert.equal(await page.getAttribute('.lesson-board .ultima-mirror [data-square="e4"]', 'aria-label'), 'e4, white Withdrawer');
      assert.match(await feedback(page), /^Not quite\..* The position is back: try again\.$/);
      await play(page, 'e4-h4xd4', touch);
      await at(page, 'right', 'withdrawer', 0);

      // Step 2: capturing the other piece than the one asked for is explained as such.
      await page.click('.lesson-next');
      await at(page, 'try', 'withdrawer', 1);
      assert.deepEqual([await feedback(page), await verdict(page)], ['', ''], 'a new step starts with no verdict');
      await play(page, 'd4-f4xc4', touch);
      await at(page, 'wrong', 'withdrawer', 1);
      assert.equal(await feedback(page), `Not quite. That captured the black Pawn on c4. ${LESSONS.lessons[1].steps[1].wrong.other}`);

      // Leaving the lesson half done: reopened (after the reload on its entry, at once), it starts
      // at step 2; the menu says how far it went.
      await page.reload();
      await ready(page);
      await at(page, 'try', 'withdrawer', 1);
      await page.click('.lesson-back');
      await at(page, 'menu');
      assert.equal(await page.textContent('[data-lesson="withdrawer"] .lesson-state'), '1 of 2 steps');
      await page.click('[data-lesson="withdrawer"]');
      await at(page, 'try', 'withdrawer', 1);

      // A long lesson's explanation of a wrong try comes into view (on the phone it would be
      // below the screen), and the board does not move as it appears (a centred dialog on the
      // desktop would move up) unless the view scrolled to it.
      await page.evaluate(() => /** @type {any} */ (window).ultima.openLessons('defending'));
      await at(page, 'try', 'defending', 0);
      // The whole board in view as the step opens, its long words under it on the phone (above
      // it, they pushed rank 1, the King to move, off the screen).
      const boardBox = await page.$eval('.lesson-board canvas', (canvas) => canvas.getBoundingClientRect().toJSON());
      assert.ok(boardBox.top >= 0 && boardBox.bottom <= (await page.evaluate(() => innerHeight)) + 1, `the board from ${boardBox.top} to ${boardBox.bottom}`);
      const boardTop = () => page.$eval('.lesson-board canvas', (canvas) => canvas.getBoundingClientRect().top + (document.querySelector('#lessons')?.scrollTop ?? 0));
      const top = await boardTop();
      await play(page, 'e1-f1', touch);
      await at(page, 'wrong', 'defending', 0);
      await page.waitForFunction(() => {
        const box = document.querySelector('.lesson-feedback')?.getBoundingClientRect();
        return box !== undefined && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight + 1;
      });
      assert.equal(await boardTop(), top);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('the suicide step has its button; the full rules are one click away; damaged progress is survived', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate(() => localStorage.setItem('ultima.lessons', '{"version":1,"lessons":{"pawn":{"solved":"lots"}'));
    await page.reload();
    await ready(page);
    await page.click('#open-lessons');
    await at(page, 'menu');
    assert.equal(await page.textContent('.lessons-count'), `0 of ${LESSONS.lessons.length} lessons done`);
    await page.click('[data-lesson="immobilizer"]');
    await at(page, 'try', 'immobilizer', 0);
    await play(page, 'a1-d4', false);
    await at(page, 'right', 'immobilizer', 0);
    await page.click('.lesson-next');
    await at(page, 'try', 'immobilizer', 1);
    await play(page, 'a6-b6', false);
    await at(page, 'wrong', 'immobilizer', 1);
    assert.match(await feedback(page), /^Not quite\. The black Long Leaper on e5 is not frozen\./);
    await at(page, 'try', 'immobilizer', 1);
    await play(page, 'a6-d6', false);
    await at(page, 'right', 'immobilizer', 1);
    await page.click('.lesson-next');
    await at(page, 'try', 'immobilizer', 2);
    assert.equal(await page.isVisible('.lesson-suicide'), false);
    await press(page, 'd4', false);
    await page.waitForSelector('.lesson-suicide', { state: 'visible' });
    assert.equal(await page.getAttribute('.lesson-suicide', 'aria-label'), 'Remove the frozen white Pawn on d4 (suicide)');
    // Escape puts the piece down and leaves the lessons open.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.lesson-suicide', { state: 'hidden' });
    assert.equal(await page.getAttribute('.lesson-board .ultima-mirror', 'data-selected'), '');
    assert.equal(await page.isVisible('#lessons'), true);
    await press(page, 'd4', false);
    await page.waitForSelector('.lesson-suicide', { state: 'visible' });
    await page.click('.lesson-suicide');
    await at(page, 'right', 'immobilizer', 2);
    assert.equal(await page.getAttribute('.lesson-board .ultima-mirror [data-square="d4"]', 'aria-label'), 'd4');
    assert.deepEqual((await stored(page)).lessons, { immobilizer: { solved: 3, done: true } });

    // The abstract set, when the page uses it.
    await page.click('.lesson-back');
    await at(page, 'menu');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lessons', { state: 'hidden' });
    await page.selectOption('#piece-set', 'abstract');
    await page.click('#open-lessons');
    await page.click('[data-lesson="chameleon"]');
    await at(page, 'try', 'chameleon', 0);
    await page.screenshot({ path: `${ARTIFACTS}lesson-abstract.png` });

    // The full rules, from the lesson: open, in view, and focused.
    await page.click('.lesson .lessons-rules');
    await page.waitForSelector('#lessons', { state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Full rules and pieces');
    assert.equal(await page.evaluate(() => /** @type {HTMLDetailsElement} */ (document.getElementById('help')).open), true);
    const { top, height } = await page.evaluate(() => ({ top: document.querySelector('#help summary')?.getBoundingClientRect().top ?? -1, height: innerHeight }));
    // (Scrolled to the top, it may stand a fraction of a pixel above it: the lines above it are
    // laid out in fractions.)
    assert.ok(top > -1 && top < height / 2, `the rules' heading at ${top} of a ${height} px window`);
    // The browser's Back returns to the lesson (it left the site).
    await page.goBack();
    await at(page, 'try', 'chameleon', 0);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/**
 * Waits until the lesson board shows a red arrow across a square, or no longer does: the pixel a
 * quarter of a square below its centre, where an arrow along its file passes, is red-tinted (the
 * brush's red over the square: the red channel well above the green) or not.
 *
 * @param {Page} page
 * @param {string} square
 * @param {boolean} shown
 */
const arrowAcross = (page, square, shown) =>
  page.waitForFunction(
    ([square, shown]) => {
      const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('.lesson-board canvas'));
      const copy = new OffscreenCanvas(canvas.width, canvas.height);
      const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (copy.getContext('2d'));
      ctx.drawImage(canvas, 0, 0);
      const unit = canvas.width / 8;
      const x = Math.floor((square.charCodeAt(0) - 97 + 0.5) * unit);
      const y = Math.floor((8 - Number(square.slice(1)) + 0.75) * unit);
      const [r = 0, g = 0] = ctx.getImageData(x, y, 1, 1).data;
      return r > g + 60 === shown;
    },
    /** @type {const} */ ([square, shown]),
  );

test('the last step of the last lesson to do says the whole course is done, once', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  /** @type {Array<{ id: string, title: string, steps: Array<{ answers: string[] }> }>} */
  const all = LESSONS.lessons;
  const lastLesson = all[all.length - 1];
  if (!lastLesson) throw new Error('no lessons');
  // Every lesson done but the last, of which all steps but its last are solved.
  const lessons = Object.fromEntries(all.map((lesson) => [lesson.id, lesson === lastLesson ? { solved: lesson.steps.length - 1, done: false } : { solved: lesson.steps.length, done: true }]));
  await page.evaluate((progress) => localStorage.setItem('ultima.lessons', progress), JSON.stringify({ version: 1, lessons }));
  await page.click('#open-lessons');
  await at(page, 'menu');
  await page.click(`[data-lesson="${lastLesson.id}"]`);
  const index = lastLesson.steps.length - 1;
  await at(page, 'try', lastLesson.id, index);
  await play(page, lastLesson.steps[index].answers[0], false);
  await at(page, 'right', lastLesson.id, index);
  assert.match(await feedback(page), new RegExp(`That was the last of the ${all.length} lessons: you know every piece's way now\\. Puzzles are the next step\\.$`));
  // Taken again, the lesson is just finished.
  await page.click('.lesson-back');
  await at(page, 'menu');
  await page.click(`[data-lesson="${lastLesson.id}"]`);
  for (const [step, { answers }] of lastLesson.steps.entries()) {
    await at(page, 'try', lastLesson.id, step);
    await play(page, answers[0], false);
    await at(page, 'right', lastLesson.id, step);
    if (step + 1 < lastLesson.steps.length) await page.click('.lesson-next');
  }
  assert.match(await feedback(page), new RegExp(`You have finished the ${lastLesson.title} lesson\\.$`));
  assert.deepEqual(problems, []);
  await page.close();
});

test('Defending: a wrong defence names the capture it leaves and draws it as a red arrow; the right ones save every piece', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    const lesson = LESSONS.lessons.find((/** @type {any} */ l) => l.id === 'defending');
    await page.evaluate(() => /** @type {any} */ (window).ultima.openLessons('defending'));
    await at(page, 'try', 'defending', 0);
    await arrowAcross(page, 'd7', false);
    // A King move leaves the gap on d5: the Long Leaper can leap both Pawns.
    await play(page, 'e1-e2', false);
    await at(page, 'wrong', 'defending', 0);
    assert.match(await feedback(page), /^Not quite\. After that, the black Long Leaper on d8 can take the white Pawn on d4 and the white Pawn on d6 by leaping over them, going to d[123]\. /);
    assert.ok((await feedback(page)).endsWith(lesson.steps[0].wrong.threat));
    // The capture drawn as an arrow down the d-file; it goes with the wrong position.
    await arrowAcross(page, 'd7', true);
    await page.screenshot({ path: `${ARTIFACTS}lesson-defending-arrow.png` });
    await at(page, 'try', 'defending', 0);
    await arrowAcross(page, 'd7', false);
    await play(page, 'd6-d5', false);
    await at(page, 'right', 'defending', 0);

    await page.click('.lesson-next');
    await at(page, 'try', 'defending', 1);
    await play(page, 'b3-e6', false);
    await at(page, 'right', 'defending', 1);

    /**
     * The next step of the lesson: a wrong defence, answered with the capture it leaves (and,
     * when the step has words for it, those), then a right one.
     *
     * @param {number} step
     * @param {string} wrong  the wrong try
     * @param {RegExp} said  the start of what the wrong try is answered with
     * @param {string} right  a right answer
     */
    const wrongThenRight = async (step, wrong, said, right) => {
      await page.click('.lesson-next');
      await at(page, 'try', 'defending', step);
      await play(page, wrong, false);
      await at(page, 'wrong', 'defending', step);
      assert.match(await feedback(page), said);
      const words = lesson.steps[step].wrong?.threat;
      if (words) assert.ok((await feedback(page)).endsWith(words));
      await at(page, 'try', 'defending', step);
      await play(page, right, false);
      await at(page, 'right', 'defending', step);
    };
    // A King move leaves the Coordinator its way along the 4th rank.
    await wrongThenRight(2, 'h1-g1', /^Not quite\. After that, the black Coordinator on a4 can take the white Long Leaper on e4 at a corner of its rectangle with its King on e8, going to [bcd]4\. /, 'b1-b4');
    // Taking one pinch's partner saves one piece: the other is pinched.
    await wrongThenRight(3, 'e4-g4xf4', /^Not quite\. After that, the black Pawn on d8 can take the white Withdrawer on c4 by pinching it against the black Pawn on b4, going to d4\. /, 'c4-d4xb4');
    // Blocking one way out leaves the others.
    await wrongThenRight(4, 'h8-h2', /^Not quite\. After that, the black Withdrawer on b2 can take the white (Chameleon on a1|Pawn on a2|Pawn on b1) by moving directly away from it, going to [a-h][1-8]\. /, 'h8-c3');
    assert.match(await feedback(page), /You have finished the Defending lesson\.$/);
    assert.deepEqual((await stored(page)).lessons, { defending: { solved: 5, done: true } });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the lesson board has the page\'s board colours, as the page\'s own board has', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.selectOption('#theme', 'blue');
    await painted(page);
    // A dark square's corner, away from its piece and the coordinates.
    const corner = /** @type {Array<[string, number, number]>} */ ([['a1', 0.45, -0.45]]);
    const [mainDark] = await pixels(page, corner);
    await page.click('#open-lessons');
    await at(page, 'menu');
    await page.click('[data-lesson="pawn"]');
    await at(page, 'try', 'pawn', 0);
    const [lessonDark] = await pixels(page, corner, '.lesson-board canvas');
    assert.deepEqual(lessonDark, mainDark);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('Escape closes a trainer with its board focused and nothing picked up (a piece picked up is put down first)', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate(() => /** @type {any} */ (window).ultima.openLessons('pawn'));
    await at(page, 'try', 'pawn', 0);
    await press(page, 'b1', false);
    assert.equal(await page.getAttribute('.lesson-board .ultima-mirror', 'data-selected'), 'b1');
    await page.focus('.lesson-board canvas');
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#lessons'), true, 'the first Escape puts the piece down');
    // And says so, as on the game's board.
    assert.equal(await page.textContent('.lesson-board .ultima-live p:last-child'), 'Put down the white Pawn on b1');
    assert.equal(await page.getAttribute('.lesson-board .ultima-mirror', 'data-selected'), '');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lessons', { state: 'hidden' });
    await page.evaluate(() => /** @type {any} */ (window).ultima.openPuzzles());
    await page.waitForSelector('.puzzles-board canvas[data-paints]');
    await page.focus('.puzzles-board canvas');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#puzzles', { state: 'hidden' });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('Back from a lesson goes to the lessons menu and Forward to the lesson; closed from a lesson, the history is as it was before the lessons opened', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    const before = await page.evaluate(() => JSON.stringify(history.state));
    await page.click('#open-lessons');
    await at(page, 'menu');
    await page.click('[data-lesson="withdrawer"]');
    await at(page, 'try', 'withdrawer', 0);
    await page.goBack();
    await at(page, 'menu');
    assert.equal(await page.isVisible('#lessons'), true);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-lesson')), 'withdrawer');
    await page.goForward();
    await at(page, 'try', 'withdrawer', 0);
    // (A reload there opens the lesson again: the Pawn lesson's test.)
    // "All lessons" steps back over the lesson's entry, as Back does: Back then closes the view.
    await page.click('.lesson-back');
    await at(page, 'menu');
    await page.waitForFunction(() => history.state?.ultimaView === 'lessons' && !('place' in history.state));
    // Closed (×) from a lesson: the lesson's entry and the view's both go.
    await page.click('[data-lesson="pawn"]');
    await at(page, 'try', 'pawn', 0);
    await page.click('#lessons .trainer-close');
    await page.waitForSelector('#lessons', { state: 'hidden' });
    await page.waitForFunction((before) => JSON.stringify(history.state) === before, before);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
