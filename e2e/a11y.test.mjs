// An automated accessibility audit of the game page: axe-core (the rules of WCAG 2.0, 2.1 and
// 2.2 at levels A and AA, and axe's best practices) run in Chromium over the states a player
// goes through: the welcome, the board with a game under way, each dialog (new game, lessons,
// puzzles and a climb, squares, your games, the editor, the analysis board with its threat, the
// shortcuts), the review and its mistakes trainer, the end of a game, a game against the
// computer on a clock; on a desktop and on a phone. Every violation fails the test,
// with its rule, its elements and what axe says is wrong, except the findings axe-audit.mjs
// accepts, each with the reason it stands. The canvas itself is not audited here (axe reads
// no pixels): the board's accessible mirror is, and the mirror has its own tests.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audit } from './axe-audit.mjs';
import { closeWelcome, onBoard, openGame, playByRule, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

/** A mate in two thrown away by Black's 30... d7-d6: a review finds the blunder to learn from. */
const BLUNDERED = '[Setup "5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30"]\n\n30... d7-d6 31. h1-d5xd1 *';

/**
 * Opens a dialog by a press on `opener`, audits it once `shown` is there, and closes it with
 * Escape, as a player does.
 *
 * @param {Page} page
 * @param {string} opener  the control that opens it
 * @param {string} shown  a selector that matches once it is open and ready
 * @param {string} state  what the player sees, for the message
 */
async function auditDialog(page, opener, shown, state) {
  await page.click(opener);
  await page.waitForSelector(shown);
  await audit(page, state);
  await page.keyboard.press('Escape');
}

const { served, devices } = useDesktopAndPhone();

for (const { device, context } of devices) {
  test(`${device}: the page and its dialogs have no accessibility violation axe can find`, { timeout: 240_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      // No sliding or fading: axe measures contrast on what is drawn at that moment.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // A first visit: the welcome over the board (openGame closed it; open it again).
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.waitForSelector('dialog#welcome[open]');
      await page.waitForSelector('body[data-ready]');
      await audit(page, 'the welcome');
      await closeWelcome(page);

      // A game under way: the board, the move list, the panel.
      await playByRule(page, 8);
      await audit(page, 'a game under way');

      await auditDialog(page, '#new-game', 'dialog#new-game-dialog[open]', 'the new-game dialog');

      await page.click('#open-lessons');
      await page.waitForFunction(() => document.getElementById('lessons')?.dataset.phase === 'menu');
      await audit(page, 'the lessons menu');
      await page.evaluate(() => /** @type {any} */ (window).ultima.openLessons('defending'));
      await page.waitForFunction(() => document.getElementById('lessons')?.dataset.phase === 'try');
      await audit(page, 'a lesson');
      await page.keyboard.press('Escape');

      await page.click('#open-puzzles');
      await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
      await audit(page, 'the puzzles');
      // One given up: its solution said, and the session's row under it.
      await page.click('.puzzles-solution');
      await audit(page, 'the puzzles asking before the solution');
      await page.click('.puzzles-solution-yes');
      await page.waitForSelector('.puzzles-session-puzzle');
      await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'failed');
      await audit(page, 'the puzzles after one, with the session row');
      await page.click('.puzzles-climb-start');
      await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.climb === '0' && document.getElementById('puzzles')?.dataset.phase === 'try');
      await audit(page, 'a climb');
      await page.keyboard.press('Escape');

      await auditDialog(page, '#open-squares', 'dialog#squares[open] .squares-board canvas[data-paints]', 'the squares drill');
      await auditDialog(page, '#open-editor', 'dialog.editor[open]', 'the board editor');

      const record = await onBoard(page, (board) => board.record());
      await page.evaluate((record) => /** @type {any} */ (window).ultima.openAnalysis({ record }), record);
      await page.waitForSelector('.analysis-dialog[open] .analysis-panel[data-best]', { timeout: 60_000 });
      await page.check('.analysis-threats-on');
      await page.waitForSelector('.analysis-threat .analysis-threat-move', { timeout: 60_000 });
      await audit(page, 'the analysis board with its threat');
      await page.keyboard.press('Escape');
      await page.waitForSelector('.analysis-dialog', { state: 'detached' });

      await page.click('#review-game');
      await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 180_000 });
      await audit(page, 'the review');

      // The end of a game: resigned, its banner; then the games finished on this page.
      await onBoard(page, (board) => board.resign());
      await page.waitForSelector('#result-banner', { state: 'visible' });
      await audit(page, 'the result banner');
      await page.keyboard.press('Escape');
      await auditDialog(page, '#open-games', 'dialog.games[open]', 'your games');
      await page.locator('body').press('?');
      await page.waitForSelector('dialog#shortcuts[open]');
      await audit(page, 'the shortcuts');
      await page.keyboard.press('Escape');

      // A blunder reviewed, and the trainer that takes it again.
      await page.evaluate((record) => /** @type {any} */ (window).ultima.board.newGame({ record }), BLUNDERED);
      await page.click('#review-game');
      await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 120_000 });
      await page.click('#review-learn');
      await page.waitForSelector('dialog#mistakes[open] canvas[data-paints]');
      await audit(page, 'learn from your mistakes');
      await page.keyboard.press('Escape');

      // Against the computer on a 3+2 clock, the clocks shown and the computer to move.
      await page.click('#new-game');
      await page.check('input[name="mode"][value="ai"]');
      await page.selectOption('select[name="side"]', 'black');
      await page.selectOption('select[name="time"]', '3+2');
      await page.click('#new-game-start');
      await page.waitForSelector('.clock-top', { state: 'visible' });
      await audit(page, 'a game on a clock against the computer');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('the embeds\' pages: the demo of the custom element and the iframe\'s page', { timeout: 120_000 }, async () => {
  for (const path of ['demo.html', 'embed.html?mode=ai&side=white&level=1', 'embed.html?mode=analysis']) {
    const page = await served.context.newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${served.url}${path}`);
      await page.waitForSelector('canvas[data-paints]');
      await audit(page, path);
    } finally {
      await page.close();
    }
  }
});
