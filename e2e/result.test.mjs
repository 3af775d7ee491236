// The result banner (www/result.js) on the game page, on a desktop and a phone viewport: each
// kind of ending reached from a position (checkmate, stalemate, a draw by bare Kings, a
// resignation), its words, focus and announcement, closing it to look at the final position and
// opening it again, stepping aside for the board (an earlier position shown, the review
// started), Rematch against the computer with the colours swapped, Copy record with and without
// the clipboard, and the banner going when the game goes on (undo).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, onBoard, openGame, plies, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const { served, devices } = useDesktopAndPhone();

/**
 * Starts a game from `position` and plays `move`, which ends it; resolves when the banner shows.
 *
 * @param {Page} page
 * @param {string} position
 * @param {string} move
 */
async function finish(page, position, move) {
  await onBoard(page, (board, [position, move]) => {
    board.newGame({ position });
    board.play(move);
  }, [position, move]);
  await page.waitForSelector('#result-banner', { state: 'visible' });
}

/** @param {Page} page */
const banner = (page) =>
  page.evaluate(() => ({
    score: document.querySelector('.result-score')?.textContent,
    headline: document.querySelector('#result-headline')?.textContent,
    reason: document.querySelector('#result-reason')?.textContent,
    focused: document.activeElement?.id,
    chip: !(/** @type {HTMLElement} */ (document.querySelector('#result-chip')).hidden),
  }));

/**
 * Checks where the banner stands against the board: clear of it, beside it on a desktop and a
 * phone on its side, under it on a phone, its buttons all within the screen.
 *
 * @param {Page} page
 * @param {'desktop' | 'phone' | 'landscape'} device
 */
async function placedForTheBoard(page, device) {
  const board = await page.locator('#board-host canvas').boundingBox();
  const card = await page.locator('#result-banner').boundingBox();
  const screen = page.viewportSize();
  assert.ok(board && card && screen);
  const where = `${JSON.stringify(card)} and ${JSON.stringify(board)}`;
  const clear = device === 'phone' ? card.y >= board.y + board.height - 1 : card.x >= board.x + board.width - 1;
  assert.ok(clear, `clear of the board: ${where}`);
  assert.ok(board.y >= 0 && board.y + board.height <= screen.height, `the board in view: ${where}`);
  const buttons = await page.locator('#result-banner .result-actions button:visible').evaluateAll((all) => all.map((button) => button.getBoundingClientRect().bottom));
  assert.ok(buttons.length > 0 && buttons.every((bottom) => bottom <= screen.height), `every button on the screen: ${buttons} in ${screen.height}`);
}

/** @param {Page} page */
const bannerHidden = (page) => page.waitForSelector('#result-banner', { state: 'hidden' });

for (const { device, context } of devices) {
  test(`${device}: checkmate opens the banner, which closes to show the final position, opens again, and steps aside for the board`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await finish(page, '4k3/3ppp2/4I3/8/8/8/6K1/7L w', 'h1-h8');
      assert.deepEqual(await banner(page), {
        score: '1-0',
        headline: 'White wins',
        reason: "Checkmate: Black's King is in check and Black has no move that answers it.",
        focused: 'result-banner',
        chip: false,
      });
      // A dialog named by its headline and described by its reason; the end is announced.
      const banner_ = page.locator('#result-banner');
      assert.equal(await banner_.getAttribute('role'), 'dialog');
      assert.equal(await banner_.getAttribute('aria-labelledby'), 'result-headline');
      assert.equal(await banner_.getAttribute('aria-describedby'), 'result-reason');
      // (The live region keeps the last few messages, so the mating move is read too.)
      assert.equal(await page.textContent('#board-host .ultima-live p:last-child'), 'White wins by checkmate');
      // The move list ends as the record does, with the result, and says how.
      assert.equal(await page.textContent('#moves .moves-result'), '1-0 White wins by checkmate');
      // In the panel, clear of the board, which stays wholly in view with the mate: beside it on
      // a desktop and a phone on its side, under it on a phone, whose board is as wide as the
      // screen.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await placedForTheBoard(page, device);
      await page.screenshot({ path: `${ARTIFACTS}result-checkmate-${device}.png` });
      if (device === 'phone') {
        await page.setViewportSize({ width: 844, height: 390 });
        await placedForTheBoard(page, 'landscape');
        await page.screenshot({ path: `${ARTIFACTS}result-checkmate-landscape.png` });
        await page.setViewportSize({ width: 390, height: 844 });
      }
      // The page offers a review of the game.
      assert.equal(await page.textContent('#result-review'), 'Review');

      // Escape closes it; the chip takes the focus and opens it again.
      await page.keyboard.press('Escape');
      await bannerHidden(page);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'result-chip');
      await page.screenshot({ path: `${ARTIFACTS}result-closed-${device}.png` });
      await page.click('#result-chip');
      await page.waitForSelector('#result-banner', { state: 'visible' });
      assert.equal((await banner(page)).chip, false);
      await page.click('.result-close');
      await bannerHidden(page);
      assert.equal((await banner(page)).chip, true);
      // Escape closes it with the focus out of it too (a Tab took it elsewhere).
      await page.click('#result-chip');
      await page.waitForSelector('#result-banner', { state: 'visible' });
      await page.focus('#flip');
      assert.equal(await page.evaluate(() => document.getElementById('result-banner')?.contains(document.activeElement)), false);
      await page.keyboard.press('Escape');
      await bannerHidden(page);
      // It steps aside when the player turns to the board: an earlier position shown, or the
      // review started from the panel.
      for (const turn of ['#view-prev', '#review-game']) {
        await page.click('#result-chip');
        await page.waitForSelector('#result-banner', { state: 'visible' });
        await page.click(turn);
        await bannerHidden(page);
        assert.equal((await banner(page)).chip, true, turn);
      }
      await page.waitForSelector('#review:not([hidden])');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${device}: stalemate is a win, said plainly; a draw by bare Kings; a resignation, taken back`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await finish(page, '7k/8/8/8/8/8/1I6/K7 w', 'b2-g7');
      const stalemate = await banner(page);
      assert.equal(stalemate.headline, 'White wins');
      assert.equal(stalemate.reason, 'Stalemate: Black has no legal move. In Ultima that is a win for White, the side that stalemated, not a draw.');
      // The lone King's notice (how to finish it) went with the game's end.
      assert.equal(await page.isVisible('#notice'), false);
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await page.screenshot({ path: `${ARTIFACTS}result-stalemate-${device}.png` });

      // A new game clears the banner; the next end opens it again.
      await finish(page, '4k3/8/8/8/3p4/3K4/8/8 w', 'd3-d4');
      const draw = await banner(page);
      assert.deepEqual([draw.score, draw.headline, draw.reason], ['½-½', 'Draw', 'Only the two Kings are left: neither side can win.']);

      await onBoard(page, (board) => {
        board.newGame({ setup: 'rotated' });
        board.play('b2-b5');
      });
      await bannerHidden(page);
      assert.equal((await banner(page)).chip, false, 'a game going on has no result chip');
      await onBoard(page, (board) => board.resign('black'));
      await page.waitForSelector('#result-banner', { state: 'visible' });
      const resigned = await banner(page);
      assert.deepEqual([resigned.score, resigned.headline, resigned.reason], ['1-0', 'White wins', 'Black resigned.']);
      // The status line shows the result but does not read it out: the board's live region
      // and the banner say it.
      assert.equal(await page.getAttribute('#status', 'aria-live'), 'off');
      // Taking the resignation back: the game goes on, banner and chip go.
      await page.click('#undo');
      await bannerHidden(page);
      assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
      assert.equal((await banner(page)).chip, false);
      assert.equal(await onBoard(page, (board) => board.result()), null);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${device}: Rematch against the computer swaps the colours; the same level and rules`, { timeout: 60_000 }, async () => {
    const stored = JSON.stringify({
      version: 1,
      record: null,
      settings: { pieceSet: 'chess', theme: 'green', orientation: 'white', opponent: { computer: 'black', level: 1 }, showThinking: false },
    });
    const { page, problems } = await openGame(context(), served.url, stored);
    try {
      await onBoard(page, (board) => board.newGame({ rules: 'no_bare_kings_draw' }));
      assert.equal(await onBoard(page, (board) => board.view().side), 'white');
      await onBoard(page, (board) => board.resign('white'));
      await page.waitForSelector('#result-banner', { state: 'visible' });
      const lost = await banner(page);
      assert.deepEqual([lost.headline, lost.reason], ['The computer wins', 'You resigned.']);
      assert.equal(await page.textContent('#rematch'), 'Rematch as Black');
      await page.click('#rematch');
      await bannerHidden(page);
      // The player now has Black, at the bottom; the computer (level 1) opens as White.
      assert.deepEqual(await onBoard(page, (board) => [board.view().side, board.view().orientation, board.view().level, board.rules()]), ['black', 'black', 1, 'no_bare_kings_draw']);
      await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, undefined, { timeout: 30_000 });
      assert.equal((await plies(page)).length, 1);
      const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('ultima.page'))) ?? '{}');
      assert.deepEqual(saved.settings.opponent, { computer: 'white', level: 1 });
      assert.equal(saved.settings.orientation, 'black');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${device}: Copy record copies the game's record, or shows it selected when the clipboard is refused`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
      await finish(page, '4k3/3ppp2/4I3/8/8/8/6K1/7L w', 'h1-h8');
      await page.click('#result-copy');
      await page.waitForFunction(() => document.querySelector('.result-copied')?.textContent === 'Copied.');
      const record = await onBoard(page, (board) => board.record());
      assert.match(record, /1\. h1-h8 1-0/);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), record);
      assert.equal(await page.isVisible('.result-record'), false);

      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
      });
      await page.click('#result-copy');
      await page.waitForSelector('.result-record', { state: 'visible' });
      assert.equal(await page.textContent('.result-copied'), 'Copy the selected text (the browser refused the clipboard).');
      const field = await page.evaluate(() => {
        const area = /** @type {HTMLTextAreaElement} */ (document.querySelector('.result-record'));
        return { value: area.value, focused: document.activeElement === area, selected: area.selectionEnd - area.selectionStart };
      });
      assert.deepEqual(field, { value: record, focused: true, selected: record.length });
      await context().clearPermissions();
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('a game over before any move (a position set up with no legal move) offers no Review, which would judge nothing', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // White's King, frozen by the Immobilizer beside it, has no move: Black wins at once.
    await onBoard(page, (board) => board.setPosition('4k3/8/8/8/8/3i4/3K4/8 w'));
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.match((await page.textContent('#result-reason')) ?? '', /stalemate/);
    assert.equal(await page.locator('#result-review').count(), 1);
    assert.equal(await page.isVisible('#result-review'), false);
    assert.equal(await page.isDisabled('#review-game'), true);
    // A game with moves offers it again.
    await page.click('#result-new-game');
    await page.click('#new-game-start');
    await finish(page, '4k3/3ppp2/4I3/8/8/8/6K1/7L w', 'h1-h8');
    assert.equal(await page.isVisible('#result-review'), true);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a finished game resumed on load shows the chip, not the banner; Review appears only when offered', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await finish(page, '4k3/3ppp2/4I3/8/8/8/6K1/7L w', 'h1-h8');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await page.isVisible('#result-banner'), false);
    assert.equal(await page.isVisible('#result-chip'), true);
    await page.click('#result-chip');
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.equal(await page.textContent('#result-headline'), 'White wins');
    await page.evaluate(() => /** @type {any} */ (window).ultima.resultBanner.offerReview(() => document.body.setAttribute('data-reviewed', 'yes')));
    await page.click('#result-review');
    assert.equal(await page.getAttribute('body', 'data-reviewed'), 'yes');
    await page.evaluate(() => /** @type {any} */ (window).ultima.resultBanner.offerReview(null));
    assert.equal(await page.locator('#result-review').count(), 0);
    // The New game button opens the new-game dialog; started by the keyboard, the new game
    // has the focus on its board (the banner's button went with the banner).
    await page.focus('#result-new-game');
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible('#new-game-dialog'), true);
    await page.focus('#new-game-start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.id === 'board');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
