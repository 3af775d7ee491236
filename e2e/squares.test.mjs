// The squares drill (www/squares-ui.js) on the game page, on a desktop and a phone: a round of
// 30 seconds (the contexts' clock jumps, no test waits for it), a right square and a wrong one,
// one answered from the keyboard, the score and the best kept per side, the board turned for
// Black; and a round of naming the square circled, by the keyboard and by the buttons, with its
// own bests.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, NO_GAME, openGame, pixels, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const { served, devices } = useDesktopAndPhone({
  setUp: (context) => context.clock.install({ time: new Date('2026-11-29T09:00:00Z') }),
});

/** @param {Page} page @param {string} phase */
const at = (page, phase) => page.waitForFunction((phase) => document.getElementById('squares')?.dataset.phase === phase, phase);

/** @param {Page} page */
const wanted = (page) => page.evaluate(() => document.getElementById('squares')?.dataset.wanted ?? '');

/**
 * Presses a square of the drill's board, seen from `bottom`.
 *
 * @param {Page} page
 * @param {string} square
 * @param {'white' | 'black'} bottom
 * @param {boolean} touch
 */
async function press(page, square, bottom, touch) {
  const box = await page.locator('.squares-board canvas').boundingBox();
  if (!box) throw new Error('no squares board');
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  const column = bottom === 'white' ? file : 7 - file;
  const row = bottom === 'white' ? 7 - rank : rank;
  const x = box.x + ((column + 0.5) * box.width) / 8;
  const y = box.y + ((row + 0.5) * box.height) / 8;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** A square other than `square`. @param {string} square */
const another = (square) => (square === 'a1' ? 'h8' : 'a1');

for (const { device, context, touch } of devices) {
  test(`${device}: a round of the squares drill by ${touch ? 'taps' : 'clicks'}, its score and the best per side`, { timeout: 90_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url, NO_GAME);
    try {
      await page.click('#open-squares');
      await at(page, 'ready');
      await page.waitForSelector('.squares-board canvas[data-paints]');
      assert.equal(await page.textContent('.squares-best'), 'Best: 0 with White at the bottom, 0 with Black.');

      const boardTop = () => page.locator('.squares-board canvas').evaluate((canvas) => canvas.getBoundingClientRect().top);
      const top = await boardTop();
      await page.click('.squares-start');
      await at(page, 'running');
      assert.equal(await boardTop(), top, 'the board stays where the player aims');
      const first = await wanted(page);
      assert.match(first, /^[a-h][1-8]$/);
      assert.equal(await page.textContent('.squares-target'), first);
      assert.equal(await page.textContent('.squares-time'), '30 s left');
      // A wrong square: counted, and the name stays.
      await press(page, another(first), 'white', touch);
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Found 0, missed 1');
      assert.equal(await wanted(page), first);
      // The right one: found, and another name.
      await press(page, first, 'white', touch);
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Found 1, missed 1');
      const second = await wanted(page);
      assert.notEqual(second, first);
      await page.screenshot({ path: `${ARTIFACTS}squares-${device}.png` });
      if (touch) await press(page, second, 'white', touch);
      else {
        // From the keyboard: the arrows walk the board's focus square there, Enter answers.
        await page.focus('.squares-board canvas');
        const focus = () => page.getAttribute('.squares-board .ultima-mirror', 'data-focus');
        for (let at = await focus(); at !== second; at = await focus()) {
          if (!at) throw new Error('no focus square');
          const key = at[0] < second[0] ? 'ArrowRight' : at[0] > second[0] ? 'ArrowLeft' : at[1] < second[1] ? 'ArrowUp' : 'ArrowDown';
          await page.keyboard.press(key);
        }
        await page.keyboard.press('Enter');
      }
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Found 2, missed 1');

      // The time runs out.
      await page.clock.fastForward(31_000);
      await at(page, 'ready');
      assert.equal(await page.textContent('.squares-feedback'), 'Time! 2 squares found, 1 missed. Your best yet.');
      assert.equal(await page.textContent('.squares-best'), 'Best: 2 with White at the bottom, 0 with Black.');
      assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.squares') ?? 'null')), { version: 1, best: { white: 2, black: 0 }, named: { white: 0, black: 0 } });

      // From Black's side: the board turned, its own best.
      await page.selectOption('#squares-side', 'black');
      await page.click('.squares-start');
      await at(page, 'running');
      const black = await wanted(page);
      await press(page, black, 'black', touch);
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Found 1');
      await page.clock.fastForward(31_000);
      await at(page, 'ready');
      assert.equal(await page.textContent('.squares-feedback'), 'Time! 1 square found. Your best yet.');
      assert.equal(await page.textContent('.squares-best'), 'Best: 2 with White at the bottom, 1 with Black.');

      // Closed mid-round, the round is dropped and no score kept; the lessons' menu opens the
      // drill too.
      await page.click('.squares-start');
      await at(page, 'running');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#squares', { state: 'hidden' });
      await page.click('#open-lessons');
      await page.click('.lessons-squares');
      await page.waitForSelector('#lessons', { state: 'hidden' });
      await at(page, 'ready');
      assert.equal(await page.isVisible('#squares'), true);
      assert.equal(await page.textContent('.squares-best'), 'Best: 2 with White at the bottom, 1 with Black.');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

/**
 * The colour of the ring the drill's board draws on a square (a drawn circle, at 0.44 of a
 * square from its centre), once the board has painted: "yellow", "red" or "none".
 *
 * @param {Page} page
 * @param {string} square
 */
async function ring(page, square) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const [[r = 0, g = 0, b = 0] = []] = await pixels(page, [[square, 0.44, 0]], '.squares-board canvas');
  if (r > 150 && g > 90 && b < 70) return 'yellow';
  return r > 90 && g < 90 && b < 90 ? 'red' : 'none';
}

for (const { device, context, touch } of devices) {
  test(`${device}: naming the square circled, by ${touch ? 'the buttons' : 'the keyboard'}, with bests of its own`, { timeout: 90_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url, NO_GAME);
    /** Gives a name, by the buttons or the keyboard. @param {string} name */
    const say = async (name) => {
      for (const key of name) {
        if (touch) await page.tap(`.squares-key[data-key="${key}"]`);
        else await page.keyboard.press(key);
      }
    };
    try {
      await page.click('#open-squares');
      await at(page, 'ready');
      await page.waitForSelector('.squares-board canvas[data-paints]');
      assert.equal(await page.isHidden('.squares-keys'), true, 'finding has no keys');
      await page.selectOption('#squares-mode', 'name');
      assert.equal(await page.isVisible('.squares-keys'), true);
      assert.match((await page.textContent('.squares-lead')) ?? '', /^Name each square circled in yellow/);
      await page.click('.squares-start');
      await at(page, 'running');
      const first = await wanted(page);
      assert.equal(await page.textContent('.squares-target'), '?');
      assert.equal(await ring(page, first), 'yellow');
      // A press on the board answers nothing while naming.
      await press(page, first, 'white', touch);
      assert.equal(await page.textContent('.squares-score'), 'Named 0');
      // Half a name is shown as given; a wrong name is counted, and the square stays.
      const wrong = another(first);
      await say(wrong.slice(0, 1));
      assert.equal(await page.textContent('.squares-target'), `${wrong[0]}_`);
      await say(wrong.slice(1));
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Named 0, missed 1');
      assert.equal(await wanted(page), first);
      assert.equal(await page.textContent('.squares-feedback'), `Not ${wrong}: that is the red one`);
      assert.deepEqual([await ring(page, first), await ring(page, wrong)], ['yellow', 'red']);
      // The rank first, then the file: right, and another square.
      await say(`${first[1]}${first[0]}`);
      await page.waitForFunction(() => document.querySelector('.squares-score')?.textContent === 'Named 1, missed 1');
      assert.notEqual(await wanted(page), first);
      assert.equal(await page.textContent('.squares-feedback'), `${first}: right`);
      await page.screenshot({ path: `${ARTIFACTS}squares-name-${device}.png` });
      await page.clock.fastForward(31_000);
      await at(page, 'ready');
      assert.equal(await page.textContent('.squares-feedback'), 'Time! 1 square named, 1 missed. Your best yet.');
      assert.equal(await page.textContent('.squares-best'), 'Best: 1 with White at the bottom, 0 with Black.');
      assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.squares') ?? 'null')), { version: 1, best: { white: 0, black: 0 }, named: { white: 1, black: 0 } });
      // Finding keeps its own best.
      await page.selectOption('#squares-mode', 'find');
      assert.equal(await page.textContent('.squares-best'), 'Best: 0 with White at the bottom, 0 with Black.');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
