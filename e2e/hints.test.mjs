// Hints against the computer in headless Chromium against the release build: the first press
// marks the piece to move, the second shows the move; each position asked about counts one hint,
// written in the record's header and shown in the result banner, and kept over a reload.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, onBoard, openGame, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** @param {Page} page @returns {Promise<string>} */
const record = (page) => onBoard(page, (board) => board.record());

/** @param {Page} page @param {string} text */
const statusHas = (page, text) => page.waitForFunction((text) => document.getElementById('status')?.textContent?.includes(text), text, { timeout: 60_000 });

/**
 * A new game against the computer at level 1, the player White, from the new-game dialog.
 *
 * @param {Page} page
 */
async function againstLevel1(page) {
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  await page.selectOption('#new-game-form select[name="side"]', 'white');
  await page.selectOption('#new-game-form select[name="level"]', '1');
  await page.click('#new-game-start');
}

test('a hint marks the piece, then shows the move; hints are counted in the record and the result banner', { timeout: 180_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await againstLevel1(page);
    assert.doesNotMatch(await record(page), /Hints/);
    // The status line keeps its room as a hint lengthens it: the controls under it stay put.
    const controlsTop = () => page.locator('#new-game').evaluate((button) => button.getBoundingClientRect().top);
    const top = await controlsTop();

    await page.click('#hint');
    await statusHas(page, 'hint: move the');
    assert.equal(await controlsTop(), top, 'the controls moved as the hint was said');
    const piece = (await page.getAttribute('.ultima-mirror', 'data-hint-piece')) ?? '';
    assert.match(piece, /^[a-h][1-8]$/);
    await page.screenshot({ path: `${ARTIFACTS}hint-piece.png` });
    assert.match(await record(page), /\[WhiteHints "1"\]/);
    await page.click('#hint');
    await statusHas(page, '(the arrow)');
    const hint = /hint: [A-Z][a-z]+(?: [A-Z][a-z]+)? (\S+) \(the arrow\)/.exec((await page.textContent('#status')) ?? '')?.[1] ?? '';
    assert.ok(hint.startsWith(piece), `${hint} moves the piece on ${piece}`);
    // The second press showed the same hint: still one.
    assert.match(await record(page), /\[WhiteHints "1"\]/);

    // The hinted move, the computer's answer, and a hint in the next position: two.
    await onBoard(page, (board, move) => board.play(move), hint);
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2 && !document.getElementById('hint')?.matches(':disabled'), null, { timeout: 60_000 });
    // By the keyboard: Enter, then Enter again for the move, on the same button (disabled while
    // it searched, it handed the focus to Analyse, which the second Enter opened).
    await page.focus('#hint');
    await page.keyboard.press('Enter');
    await statusHas(page, 'hint: move the');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'hint');
    await page.keyboard.press('Enter');
    await statusHas(page, '(the arrow)');
    assert.match(await record(page), /\[WhiteHints "2"\]/);
    assert.doesNotMatch(await record(page), /BlackHints/);

    // Kept over a reload (the record is saved with its header), and said when the game ends.
    await page.reload();
    await ready(page);
    assert.match(await record(page), /\[WhiteHints "2"\]/);
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.equal(await page.textContent('#result-hints'), 'Hints used: 2');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a hint is the strong engine\'s, not the opponent level\'s: at level 1 it does not give the Immobilizer away', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await againstLevel1(page);
    // After 1. b2-b5 g7-g3, level 1's own choice for White was a1-g7, which g3-g6 takes at once.
    // (The record names its players as the page does: it is played on against level 1.)
    await page.click('.io summary');
    await page.fill('#record-text', '[White "Player"]\n[Black "Computer, level 1 — Beginner"]\n\n1. b2-b5 g7-g3 *');
    await page.click('#load-record');
    assert.deepEqual(await onBoard(page, (board) => ({ mode: board.view().mode, level: board.view().level })), { mode: 'ai', level: 1 });
    await page.click('#hint');
    await statusHas(page, 'hint: move the');
    await page.click('#hint');
    await statusHas(page, '(the arrow)');
    const hint = /hint: [A-Z][a-z]+(?: [A-Z][a-z]+)? (\S+) \(the arrow\)/.exec((await page.textContent('#status')) ?? '')?.[1] ?? '';
    assert.match(hint, /^[a-h][1-8]-[a-h][1-8]/);
    assert.notEqual(hint, 'a1-g7');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
