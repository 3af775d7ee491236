// During a game, on the game page in headless Chromium against the release build: the cursor
// over pieces and while dragging, the sounds (counted on the #sound check box, silent before the
// first interaction, muted across a reload), the keyboard shortcuts, the move list's figurines
// and marks, the material line, typed moves, the touch preview by finger, premoves and the
// thinking mark against the computer, the screen reader's words for a picked-up piece and the
// computer's move, and the resign confirmation — on a desktop and, where it matters, a phone
// viewport.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, centre, click, DEVICES, launchDevice, NO_GAME, onBoard, openGame as open, openPreferences, painted, pixels, plies, playByRule, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const LEAPER = '4k3/8/8/p7/8/8/p7/L3K3 w';
/** White's Withdrawer d1-d7 gives check (it can step away from Black's King to c6). */
const CHECK = '4k3/8/8/8/8/8/8/3WK3 w';
/** Black's Immobilizer c3-b2 leaves White's lone King frozen, not in check: stalemate. */
const STALEMATE = '4k3/8/8/8/8/2i5/8/K7 b';
/** White's King c4-d5 next to Black's King frozen by the Immobilizer: checkmate. */
const MATE = '8/8/8/4k3/2K2I2/8/8/8 w';

const served = useServedDist();

/**
 * The game page for a returning visitor (saved settings, no game), or with the settings given.
 *
 * @param {Record<string, unknown>} [settings]
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
const openGame = (settings = {}) => open(served.context, served.url, JSON.stringify({ version: 1, record: null, settings }));

/** @param {Page} page @returns {Promise<{ played: number, last: string | null }>} sounds played so far */
async function sounds(page) {
  const [played, last] = await page.$eval('#sound', (box) => [box.getAttribute('data-sounds-played'), box.getAttribute('data-last-sound')]);
  return { played: Number(played ?? 0), last };
}

/** @param {Page} page @returns {Promise<string>} the canvas's cursor */
const cursor = (page) => page.$eval('canvas#board', (canvas) => getComputedStyle(canvas).cursor);

/** @param {Page} page @param {string} square */
async function hover(page, square) {
  const { x, y } = await centre(page, square);
  await page.mouse.move(x, y);
}

test('the cursor: a hand over pieces that can move and over destinations, a closed hand while dragging', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await hover(page, 'b2');
  assert.equal(await cursor(page), 'pointer', 'a White Pawn with moves');
  await hover(page, 'e4');
  assert.equal(await cursor(page), 'default', 'an empty square');
  await hover(page, 'b7');
  assert.equal(await cursor(page), 'default', 'a Black piece, not to move');
  await hover(page, 'a1');
  assert.equal(await cursor(page), 'default', 'a White piece with no move (the Immobilizer is boxed in)');
  await click(page, 'b2');
  await hover(page, 'b5');
  assert.equal(await cursor(page), 'pointer', 'a destination of the picked-up piece');
  await hover(page, 'c5');
  assert.equal(await cursor(page), 'default');
  // Dragging: the closed hand, wherever the pointer is; after the drop, Black's pieces are the
  // ones to take, and the square under the pointer says so at once.
  const from = await centre(page, 'g2');
  const to = await centre(page, 'g4');
  await click(page, 'b2');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 4 });
  assert.equal(await cursor(page), 'grabbing');
  await page.mouse.move(to.x, to.y, { steps: 2 });
  await page.mouse.up();
  assert.deepEqual(await plies(page), ['g2-g4']);
  await hover(page, 'g4');
  assert.equal(await cursor(page), 'default', 'White\'s piece, now that Black is to move');
  await hover(page, 'g7');
  assert.equal(await cursor(page), 'pointer', 'Black\'s piece');
  // Moves still slide and captured pieces fade.
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await click(page, 'a1');
  await click(page, 'a6');
  assert.equal(await page.getAttribute('canvas#board', 'data-animating'), 'true');
  await painted(page);
  assert.equal(await page.getAttribute('canvas#board', 'data-animating'), null);
  assert.deepEqual(problems, []);
  await page.close();
});

test('sounds: none before the first interaction, then move, capture, check and end; the mute box persists', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.isChecked('#sound'), true, 'sounds are on by default');
  // A move the player did not make by hand, before any press or key: silence (the browser
  // would refuse to start audio; the page does not even try).
  await onBoard(page, (board) => board.play('b2-b5'));
  assert.deepEqual(await sounds(page), { played: 0, last: null });
  // The first press starts the audio; the moves made then sound.
  await click(page, 'g7');
  await click(page, 'g4');
  assert.deepEqual(await sounds(page), { played: 1, last: 'move' });
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  assert.deepEqual(await sounds(page), { played: 1, last: 'move' }, 'a new game makes no sound');
  await click(page, 'a1');
  await click(page, 'a6');
  assert.deepEqual(await sounds(page), { played: 2, last: 'capture' });
  await page.click('#undo');
  assert.deepEqual(await sounds(page), { played: 2, last: 'capture' }, 'undo makes no sound');
  await onBoard(page, (board, position) => board.newGame({ position }), CHECK);
  await click(page, 'd1');
  await click(page, 'd7');
  assert.deepEqual(await sounds(page), { played: 3, last: 'check' });
  await page.click('#resign');
  await page.click('#resign-yes');
  assert.deepEqual(await sounds(page), { played: 4, last: 'end' });
  await onBoard(page, (board, position) => board.newGame({ position }), MATE);
  await click(page, 'c4');
  await click(page, 'd5');
  assert.deepEqual(await sounds(page), { played: 5, last: 'end' }, 'a mate ends the game: the end\'s sound');
  // Muted: no sound, and the setting is saved.
  await page.uncheck('#sound');
  await onBoard(page, (board) => board.newGame({ setup: 'rotated' }));
  await click(page, 'b2');
  await click(page, 'b5');
  assert.deepEqual(await plies(page), ['b2-b5']);
  assert.deepEqual(await sounds(page), { played: 5, last: 'end' });
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#sound'), false, 'still muted after a reload');
  await click(page, 'g7');
  await click(page, 'g4');
  assert.deepEqual(await sounds(page), { played: 0, last: null });
  await page.check('#sound');
  await click(page, 'c2');
  await click(page, 'c6');
  assert.deepEqual(await sounds(page), { played: 1, last: 'move' });
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').settings.sound), true, 'saved on again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('keyboard: the focus keeps its place when a move is chosen in the list and when a step or Undo stops working under it', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  for (const square of ['b2', 'b5', 'g7', 'g4', 'c2', 'c6']) await click(page, square);
  /** What has the focus: a button's id, or a move's text. */
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-move') || document.activeElement?.tagName);
  const current = () => page.$eval('#moves [aria-current]', (b) => b.getAttribute('data-move')).catch(() => null);
  // The list is one Tab stop, the move shown: Shift+Tab from ◀, under the list, lands there,
  // and the next one leaves the list.
  /** @returns {Promise<string[]>} the moves a Tab reaches */
  const stops = () => page.$$eval('#moves button', (buttons) => buttons.filter((b) => b.tabIndex >= 0).map((b) => b.dataset.move ?? ''));
  assert.deepEqual(await stops(), ['c2-c6']);
  await page.focus('#view-prev');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'c2-c6');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('#moves') === null), true, 'Tab leaves the list');
  // A move chosen by the keyboard: the list is drawn again, the focus on the move shown.
  await page.focus('#moves li:nth-child(2) button');
  await page.keyboard.press('Enter');
  assert.equal(await current(), 'g7-g4');
  assert.equal(await focused(), 'g7-g4');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await current(), 'b2-b5');
  assert.equal(await focused(), 'b2-b5', 'the focus follows the move shown');
  assert.deepEqual(await stops(), ['b2-b5'], 'and so does the Tab stop');
  // At the start no move is shown: the list itself has the focus (not its first move, which
  // would be heard as the one shown), and → goes on from there.
  await page.keyboard.press('Home');
  assert.equal(await current(), null);
  assert.equal(await focused(), 'moves');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'b2-b5');
  // ▶ up to the game, where it stops: the focus to ◀, not the page.
  await page.focus('#view-next');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Enter');
  assert.equal(await page.textContent('#status'), 'Black to move');
  assert.equal(await focused(), 'view-prev');
  // Undo back to the start, where it stops: the focus to Redo.
  await page.focus('#undo');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  assert.deepEqual(await plies(page), []);
  assert.equal(await focused(), 'redo');
  await page.keyboard.press('Enter');
  assert.deepEqual(await plies(page), ['b2-b5']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('keyboard: ← → Home End step through the game, Ctrl+Z and Ctrl+Shift+Z undo and redo, F flips, ? lists them, not in text fields', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  for (const square of ['b2', 'b5', 'g7', 'g4', 'c2', 'c6', 'f7', 'f5']) await click(page, square);
  const status = () => page.textContent('#status');
  const current = () => page.$eval('#moves [aria-current]', (b) => b.getAttribute('data-move')).catch(() => null);
  // A click on the board leaves the focus where it was: the keys are the page's.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await status(), 'Viewing 2. Pc2-c6 (3 of 4)');
  assert.equal(await current(), 'c2-c6');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await status(), 'Viewing 1. Pb2-b5 (1 of 4)');
  await page.keyboard.press('Home');
  assert.equal(await status(), 'Viewing the start');
  assert.equal(await current(), null);
  assert.match((await page.getAttribute('.ultima-mirror [data-square="b2"]', 'aria-label')) ?? '', /white Pawn/, 'the start position is shown');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await status(), 'Viewing the start', 'nothing before the start');
  await page.keyboard.press('ArrowRight');
  assert.equal(await status(), 'Viewing 1. Pb2-b5 (1 of 4)');
  await page.keyboard.press('End');
  assert.equal(await status(), 'White to move');
  assert.equal(await current(), 'f7-f5');
  // Clicking a move shows it; the arrows go on from there.
  await page.click('#moves li:nth-child(2) button');
  assert.equal(await status(), 'Viewing 1… Pg7-g4 (2 of 4)');
  await page.keyboard.press('ArrowRight');
  assert.equal(await status(), 'Viewing 2. Pc2-c6 (3 of 4)');
  await page.keyboard.press('ArrowRight');
  assert.equal(await status(), 'White to move', 'the last move is the game itself');
  // Undo and redo.
  await page.keyboard.press('Control+z');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c6']);
  await page.keyboard.press('Control+z');
  assert.equal((await plies(page)).length, 2);
  await page.keyboard.press('Control+Shift+z');
  assert.equal((await plies(page)).length, 3);
  await page.keyboard.press('Control+Shift+Z');
  assert.equal((await plies(page)).length, 4);
  await page.keyboard.press('Control+Shift+Z');
  assert.equal((await plies(page)).length, 4, 'nothing more to redo');
  // F flips the board, and the page keeps the side at the bottom, as with the Flip button.
  await page.keyboard.press('f');
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'black');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').settings?.orientation === 'black');
  await page.keyboard.press('f');
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'white');
  // ? lists the shortcuts; Escape closes the list.
  await page.keyboard.press('Shift+Slash');
  await page.waitForSelector('dialog#shortcuts[open]');
  assert.match((await page.textContent('#shortcuts')) ?? '', /Flip the board/);
  await page.screenshot({ path: `${ARTIFACTS}shortcuts.png` });
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog#shortcuts', { state: 'hidden' });
  // And from a button that says so, under More settings.
  await page.click('#preferences summary');
  await page.click('#open-shortcuts');
  await page.waitForSelector('dialog#shortcuts[open]');
  await page.click('#shortcuts-close');
  await page.waitForSelector('dialog#shortcuts', { state: 'hidden' });
  // In a text field the keys are the field's.
  await page.click('.io summary');
  await page.fill('#record-text', 'abc');
  await page.press('#record-text', 'Control+z');
  await page.press('#record-text', 'ArrowLeft');
  await page.press('#record-text', 'Home');
  await page.press('#record-text', 'f');
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'white', 'an f typed in the field');
  assert.equal((await plies(page)).length, 4);
  assert.equal(await status(), 'White to move');
  // On the focused board, the arrows move its focus square, as before.
  await page.focus('canvas#board');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-focus'), 'c4');
  assert.equal(await status(), 'White to move');
  // And Ctrl+Z there takes a move back.
  await page.keyboard.press('Control+z');
  assert.equal((await plies(page)).length, 3);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the move list scrolls with a long game, to its last move and back to the first', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // Sixty plies, each side's moves chosen by a fixed rule from the legal ones.
  await onBoard(page, (board) => {
    for (let i = 0; i < 60 && board.result() === null; i++) {
      const moves = Object.values(board.snapshot().moves).flat();
      const move = moves[(i * 7 + 3) % moves.length];
      if (move) board.play(move.text);
    }
  });
  assert.ok((await plies(page)).length > 30);
  const list = page.locator('#moves');
  const inView = () =>
    page.$eval('#moves', (ol) => {
      const current = ol.querySelector('[aria-current]');
      if (!current) return null;
      const a = ol.getBoundingClientRect();
      const b = current.getBoundingClientRect();
      return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
    });
  assert.ok((await list.evaluate((ol) => ol.scrollTop)) > 0, 'scrolled down to the last move');
  assert.equal(await inView(), true);
  await page.keyboard.press('Home');
  assert.equal(await list.evaluate((ol) => ol.scrollTop), 0, 'back at the top for the start');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await inView(), true);
  await page.keyboard.press('End');
  assert.equal(await inView(), true);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page itself never scrolls');
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone the game\'s moves in a strip under the board, at the move shown; a tap shows a move\'s position', { timeout: 60_000 }, async () => {
  for (const device of DEVICES) {
    const [name] = device;
    const browser = await launchDevice(device);
    try {
      const { page, problems } = await open(browser.context, served.url, NO_GAME);
      await playByRule(page, 24);
      const played = await plies(page);
      /** Where the strip stands, and its move shown. */
      const strip = () =>
        page.evaluate(() => {
          const box = document.getElementById('move-strip')?.getBoundingClientRect();
          const board = document.getElementById('board-host')?.getBoundingClientRect();
          const shown = document.querySelector('#move-strip [data-current]');
          const at = shown?.getBoundingClientRect();
          return {
            seen: (box?.height ?? 0) > 0,
            under: (box?.top ?? 0) - (board?.bottom ?? 0),
            moves: document.querySelectorAll('#move-strip .strip-move').length,
            shown: shown?.getAttribute('data-key'),
            whole: !!(box && at && at.left >= box.left - 1 && at.right <= box.right + 1),
          };
        });
      if (name === 'desktop') {
        // Beside the board the move list is in sight: no strip.
        assert.equal((await strip()).seen, false);
      } else {
        const last = await strip();
        assert.deepEqual(last, { seen: true, under: last.under, moves: played.length, shown: String(played.length - 1), whole: true });
        assert.ok(last.under >= 0 && last.under < 20, `${last.under} px under the board`);
        await page.locator('#move-strip .strip-move').first().tap();
        await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.shownPly() === 0);
        assert.deepEqual(await strip().then(({ shown, whole }) => ({ shown, whole })), { shown: '0', whole: true });
        // Back to the game from the strip itself (the page's button is a screen down): the last
        // move shown again, and the way back gone.
        const back = page.locator('#move-strip .strip-live');
        assert.equal(await back.isVisible(), true);
        await back.tap();
        await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.shownPly() === null);
        assert.equal(await back.isVisible(), false);
        // And by the page's button.
        // A capture shown: how it captured, under the strip too (the panel's words are a
        // screen down).
        const capture = await onBoard(page, (board) => board.history().findIndex((ply) => ply.captures.length > 0));
        assert.ok(capture >= 0, 'a capture among the moves');
        await page.locator(`#move-strip .strip-move[data-key="${capture}"]`).tap();
        await page.waitForFunction((capture) => /** @type {any} */ (window).ultima.board.shownPly() === capture, capture);
        const words = await page.evaluate(() => ({ strip: document.getElementById('strip-words')?.checkVisibility() ? document.getElementById('strip-words')?.textContent : null, panel: document.getElementById('capture-words')?.textContent }));
        assert.ok(words.strip && / took /.test(words.strip) && words.strip === words.panel, JSON.stringify(words));
        await page.locator('#view-live').tap();
        await page.waitForFunction((last) => document.querySelector('#move-strip [data-current]')?.getAttribute('data-key') === last, String(played.length - 1));
        await page.screenshot({ path: `${ARTIFACTS}move-strip-phone.png` });
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('the move list speaks the piece set\'s language: figurines, captures with their pieces, marks; no # for a stalemate', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await click(page, 'a1');
  await click(page, 'a6');
  const item = page.locator('#moves li').first();
  // The text is the display form (copied as such), the figurines are images of the set's art.
  assert.equal(await item.textContent(), 'La1-a6 xa2 xa5');
  assert.equal(await item.locator('img').count(), 3, 'the Leaper and the two Pawns it took');
  const label = await item.locator('button').getAttribute('aria-label');
  assert.equal(label, 'La1-a6 xa2 xa5: 1. white Long Leaper a1 to a6, captures black Pawn on a2 and black Pawn on a5');
  const chess = await item.locator('img').first().getAttribute('src');
  assert.match(chess ?? '', /^data:image\/png;base64,/);
  await page.selectOption('#piece-set', 'abstract');
  const abstract = await item.locator('img').first().getAttribute('src');
  assert.notEqual(abstract, chess, 'the abstract set\'s own figurine');
  // A stalemate wins, but is no mate: no mark. A checkmate is marked #, a check +.
  await onBoard(page, (board, position) => board.newGame({ position }), STALEMATE);
  await click(page, 'c3');
  await click(page, 'b2');
  assert.equal(await page.textContent('#status'), 'Black wins by stalemate (White has no legal move)');
  // Black moved first: the first row holds the number and "…" in White's column, so Black's
  // move stands in its own.
  assert.deepEqual(await page.$$eval('#moves li', (items) => items.map((li) => [li.dataset.number ?? '', li.textContent])), [
    ['1.', '…'],
    ['', 'Ic3-b2'],
    ['', '0-1 Black wins by stalemate (White has no legal move)'],
  ]);
  assert.equal(await page.locator('#moves li button').first().getAttribute('aria-label'), 'Ic3-b2: 1... black Immobilizer c3 to b2');
  await onBoard(page, (board, position) => board.newGame({ position }), MATE);
  await click(page, 'c4');
  await click(page, 'd5');
  assert.equal(await page.locator('#moves li').first().textContent(), 'Kc4-d5#');
  assert.match((await page.locator('#moves li button').first().getAttribute('aria-label')) ?? '', /, checkmate$/);
  await onBoard(page, (board, position) => board.newGame({ position }), CHECK);
  await click(page, 'd1');
  await click(page, 'd7');
  assert.equal(await page.locator('#moves li').first().textContent(), 'Wd1-d7+');
  assert.deepEqual(problems, []);
  await page.close();
});

test('typed moves: the setting shows a field where move text plays; the rules\' words for what is not a move', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.isHidden('#type-move-form'), true, 'off by default');
  await openPreferences(page);
  await page.check('#type-moves');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'type-move');
  /** @param {string} text */
  const type = async (text) => {
    await page.fill('#type-move', text);
    await page.press('#type-move', 'Enter');
    return page.textContent('#type-move-error');
  };
  assert.equal(await type('b2-b5'), '');
  assert.equal(await type('Pg7-g4'), '', 'with the piece letter');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  assert.equal(await page.inputValue('#type-move'), '', 'a move played clears the field');
  assert.match((await type('a1-a5')) ?? '', /^Illegal move a1-a5: /);
  assert.equal(await page.inputValue('#type-move'), 'a1-a5', 'a refused text stays to be mended');
  assert.equal(await page.getAttribute('#type-move', 'aria-invalid'), 'true', 'and is marked so for a screen reader');
  assert.match((await type('b5+b6')) ?? '', /^Cannot read move 'b5\+b6': expected '-' after the start square/);
  // F typed in the field is a letter, not the flip shortcut.
  await page.press('#type-move', 'f');
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'white');
  // While an earlier position is shown: played in the game, shown again (it was refused, and
  // from the field no key went back to the game).
  await page.click('#view-prev');
  // In capitals, without the dash (older programs' and lichess's habits): the same move.
  assert.equal(await type('C2C4'), '');
  assert.equal(await onBoard(page, (board) => board.shownPly()), null);
  assert.equal(await page.getAttribute('#type-move', 'aria-invalid'), null);
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c4']);
  // The setting is kept.
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.isVisible('#type-move-form'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('typed moves on the computer\'s turn: queued as the premove and played after its move; refused with premoves off', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame({ opponent: { computer: 'black', level: 8 }, typeMoves: true });
  const premove = () => page.getAttribute('.ultima-mirror', 'data-premove');
  /** @param {string} text */
  const type = async (text) => {
    await page.fill('#type-move', text);
    await page.press('#type-move', 'Enter');
    return page.textContent('#type-move-error');
  };
  // Record, at the computer's move, whether g2-g3 is still legal then.
  await page.evaluate(() => {
    const board = /** @type {any} */ (window).ultima.board;
    Object.assign(window, { legalAfter: /** @type {boolean[]} */ ([]) });
    board.on('move', (/** @type {{ side: string }} */ { side }) => {
      if (side === 'black') /** @type {any} */ (window).legalAfter.push(board.snapshot().moves.g2?.some((/** @type {{ to: string }} */ m) => m.to === 'g3') ?? false);
    });
  });
  assert.equal(await type('b2-b5'), '');
  await page.waitForSelector('.ultima-thinking[data-thinking]');
  // What cannot be queued says why and stays to be mended (the other refusals, no piece there,
  // a suicide, bad text, are the unit and wasm tests': the computer thinks 2 s, and its move
  // takes a refusal away).
  assert.equal(await type('Wg2-g3'), 'The piece on g2 is a Pawn, not a Withdrawer.');
  assert.equal(await page.inputValue('#type-move'), 'Wg2-g3');
  assert.equal(await premove(), '');
  // A move of the player's piece: queued, marked on the board, the field cleared.
  assert.equal(await type('Pg2-g3'), '');
  assert.equal(await premove(), 'g2-g3');
  assert.equal(await page.inputValue('#type-move'), '');
  assert.equal(await page.getAttribute('#type-move', 'aria-invalid'), null);
  assert.match((await page.textContent('.ultima-live')) ?? '', /Premove g2 to g3/);
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length >= 2, undefined, { timeout: 30_000 });
  const legal = await page.evaluate(() => /** @type {any} */ (window).legalAfter[0]);
  if (legal) assert.equal((await plies(page))[2], 'g2-g3');
  else assert.match((await page.textContent('.ultima-live')) ?? '', /Premove g2 to g3 cancelled/);
  // Premoves off: a move typed on the computer's turn is refused, as before.
  await openPreferences(page);
  await page.uncheck('#premove');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.turn() === 'white');
  const first = await onBoard(page, (board) => Object.values(board.snapshot().moves).flat().find((m) => !m.suicide)?.text ?? '');
  assert.equal(await type(first), '');
  assert.equal(await type('Pc2-c3'), 'The computer is to move: wait for its move.');
  assert.equal(await premove(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the piece line names the piece pointed at or picked up and how it captures; one that cannot move says so', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  const line = () => page.textContent('#piece-words');
  const layout = () => page.$eval('#controls', (node) => node.getBoundingClientRect().top);
  assert.equal(await line(), 'Point at a piece, or pick one up, for how it moves and captures.');
  const before = await layout();
  // Pointed at: the chess set's Knight is the Long Leaper; the line keeps it over empty squares.
  await hover(page, 'b1');
  assert.equal(await line(), 'White Long Leaper on b1 moves like a queen; captures by leaping over enemies, each into an empty square.');
  await hover(page, 'd4');
  assert.match((await line()) ?? '', /^White Long Leaper on b1/);
  await hover(page, 'h8');
  assert.equal(await line(), 'Black Immobilizer on h8 moves like a queen; never captures, but freezes the enemies beside it.');
  // Picked up with no move: the board shows nothing, the line says why.
  await click(page, 'c1');
  assert.equal(await line(), 'White Chameleon on c1 moves like a queen; captures each enemy as that enemy captures. No legal move now.');
  // Nothing under it moved: its lines are kept for it.
  assert.equal(await layout(), before);
  // A press on the other side's piece puts the Chameleon down and names that piece (a finger
  // has no hover to name it by first).
  await click(page, 'g8');
  assert.match((await line()) ?? '', /^Black Long Leaper on g8 /);
  // The piece named moves: the line goes with it.
  await click(page, 'b2');
  await click(page, 'b5');
  assert.match((await line()) ?? '', /^White Pawn on b5 moves like a rook/);
  // Another position shown: what stood there may not, and the hint comes back.
  await page.click('#view-prev');
  assert.equal(await line(), 'Point at a piece, or pick one up, for how it moves and captures.');
  await page.click('#view-live');
  // A frozen piece says so (an Immobilizer beside a Withdrawer, the Withdrawer's side to move).
  await onBoard(page, (board) => board.newGame({ position: '4k3/8/8/8/3iW3/8/8/4K3 w' }));
  assert.equal(await line(), 'Point at a piece, or pick one up, for how it moves and captures.', 'another game: the hint again');
  await hover(page, 'e4');
  assert.equal(await line(), 'White Withdrawer on e4 moves like a queen; captures an enemy beside it by moving straight away from it. Frozen: it cannot move.');
  // The keyboard's focus square points as the mouse does (it starts on d4): down to e1's King.
  await page.mouse.move(0, 0);
  await page.focus('canvas#board');
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  assert.equal(await line(), 'White King on e1 steps one square any way; captures by stepping onto an enemy.');
  // Picked up for a premove while the computer (White, level 8) thinks: no moves now says nothing.
  await onBoard(page, (board) => board.set({ mode: 'ai', side: 'black', level: 8 }));
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.view().mode === 'ai' && document.getElementById('status')?.textContent?.includes('thinking'));
  await click(page, 'e8');
  assert.equal(await line(), 'Black King on e8 steps one square any way; captures by stepping onto an enemy.');
  assert.equal(await onBoard(page, (board) => board.turn()), 'white', 'still the computer to move');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the material line: what each side is up, in figurines and in words, at the position shown, a set-up position\'s imbalance from its start', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // LEAPER with a Black Long Leaper on h8: Black is up two Pawns before any move.
  await onBoard(page, (board, position) => board.newGame({ position }), '4k2l/8/8/p7/8/8/p7/L3K3 w');
  const material = page.locator('#material');
  await page.waitForFunction(() => document.querySelector('#material img') !== null);
  assert.equal(await material.locator('.visually-hidden').textContent(), 'Black is up 2 Pawns');
  assert.equal(await material.locator('[aria-hidden] .material-side').count(), 1, 'only Black is up');
  assert.equal(await material.locator('img').count(), 2);
  assert.equal(await material.locator('img.stacked').count(), 1, 'the second Pawn lies on the first');
  const height = await material.evaluate((box) => box.getBoundingClientRect().height);
  // White's Long Leaper takes both Pawns: even.
  await click(page, 'a1');
  await click(page, 'a6');
  await page.waitForFunction(() => document.querySelector('#material')?.textContent === 'Even: the same pieces taken on both sides');
  assert.equal(await material.evaluate((box) => box.getBoundingClientRect().height), height, 'the line keeps its height: the buttons below stay put');
  // The position shown decides: the start, then the game again.
  await page.click('#view-prev');
  await page.waitForFunction(() => document.querySelector('#material .visually-hidden')?.textContent === 'Black is up 2 Pawns');
  await page.click('#view-live');
  await page.waitForFunction(() => document.querySelector('#material')?.textContent === 'Even: the same pieces taken on both sides');
  assert.deepEqual(problems, []);
  await page.close();
});

test('screen reader: a picked-up piece\'s destinations and captures; the computer\'s move is announced', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame({ opponent: { computer: 'black', level: 1 } });
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await page.focus('canvas#board');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  const said = () => page.$$eval('.ultima-live p', (ps) => ps.map((p) => p.textContent ?? ''));
  const selection = (await said()).at(-1) ?? '';
  const dests = ((await page.getAttribute('.ultima-mirror', 'data-dests')) ?? '').split(' ');
  assert.match(selection, new RegExp(`^white Long Leaper on a1: ${dests.length} moves: `));
  assert.match(selection, /moves: a3 capturing a2; a4 capturing a2; a6 capturing a2 and a5; a7 capturing a2 and a5;/);
  assert.match(selection, /; b1;/);
  // The status line as a screen reader gets it, each text it is given.
  await page.evaluate(() => {
    const seen = /** @type {string[]} */ ([]);
    const line = /** @type {HTMLElement} */ (document.getElementById('status'));
    Object.assign(window, { statusSeen: seen });
    // Each change's words, not the line's words when the observer is told (a task later).
    new MutationObserver((changes) => {
      for (const change of changes) if (change.target === line && change.addedNodes.length) seen.push([...change.addedNodes].map((node) => node.textContent).join(''));
    }).observe(line, { childList: true });
  });
  // Played: the player's move, then the computer's, each in words with its captures.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'White to move');
  // Thinking, then White's turn with the move: not "Black to move" between the search's end
  // and its move, heard before the move itself.
  const statusSeen = await page.evaluate(() => /** @type {string[]} */ (/** @type {any} */ (window).statusSeen));
  assert.deepEqual(statusSeen.filter((text, i) => text !== statusSeen[i - 1]), ['Black to move — thinking…', 'White to move']);
  const words = await said();
  const answer = await onBoard(page, (board) => board.history()[1]);
  assert.ok(answer);
  assert.match(words.join(' | '), /white Long Leaper a1 to a3, captures the black Pawn on a2 by leaping over it/);
  assert.ok(
    words.some((text) => text.startsWith('black ') && text.includes(`${answer.from} to ${answer.to}`)),
    `the computer's move is announced: ${words.join(' | ')}`,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('resigning asks first: Escape or No keeps playing, Yes resigns', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await click(page, 'b2');
  await click(page, 'b5');
  assert.equal(await page.isHidden('#resign-confirm'), true);
  const movesAt = () => page.$eval('.moves-part', (node) => node.getBoundingClientRect().top);
  const before = await movesAt();
  await page.click('#resign');
  assert.equal(await page.isVisible('#resign-confirm'), true);
  // In the place of Resign and Draw: the moves under them stay (they moved down 35 px).
  assert.equal(await page.isHidden('#resign'), true);
  assert.equal(await movesAt(), before);
  // Two players at one device: the side to move resigns, and the question names it.
  assert.equal(await page.textContent('#resign-question'), 'Resign as Black?');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'resign-no', 'the focus is on the safe answer');
  await page.screenshot({ path: `${ARTIFACTS}resign-confirm.png` });
  await page.keyboard.press('Escape');
  assert.equal(await page.isHidden('#resign-confirm'), true);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'resign');
  // A double press of Enter on Resign does not resign: the second lands on "No".
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.isHidden('#resign-confirm'), true);
  assert.equal(await page.textContent('#status'), 'Black to move');
  await page.click('#resign');
  await page.click('#resign-yes');
  assert.equal(await page.textContent('#status'), 'White wins by resignation');
  assert.equal(await page.isHidden('#resign-confirm'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a draw by agreement: two players only, asked first; undo takes it back', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await click(page, 'b2');
  await click(page, 'b5');
  await page.click('#draw');
  assert.equal(await page.textContent('#draw-question'), 'Agree a draw?');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'draw-no', 'the focus is on the safe answer');
  await page.keyboard.press('Escape');
  assert.equal(await page.isHidden('#draw-confirm'), true);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'draw');
  await page.click('#draw');
  await page.click('#draw-yes');
  assert.equal(await page.textContent('#status'), 'Draw by agreement');
  assert.equal(await page.isDisabled('#draw'), true);
  assert.match(await onBoard(page, (board) => board.record()), /\[Result "1\/2-1\/2"\]\n\[Termination "draw by agreement"\]/);
  // The result banner says so; undo takes the agreement back, and the move stays.
  await page.waitForSelector('#result-banner:not([hidden])');
  assert.match((await page.textContent('#result-banner')) ?? '', /The players agreed to a draw\./);
  await page.keyboard.press('Escape');
  await page.click('#undo');
  assert.equal(await page.textContent('#status'), 'Black to move');
  assert.equal((await plies(page)).length, 1);
  assert.equal(await page.isEnabled('#draw'), true);
  assert.deepEqual(problems, []);
  await page.close();
  // Against the computer there is no draw to agree.
  const computer = await openGame({ opponent: { computer: 'black', level: 1 } });
  assert.equal(await computer.page.isHidden('#draw'), true);
  assert.deepEqual(computer.problems, []);
  await computer.page.close();
});

test('against the computer: the thinking mark on the board, premoves queued, played, cancelled', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame({ opponent: { computer: 'black', level: 8 } });
  const spinner = page.locator('.ultima-thinking');
  const premove = () => page.getAttribute('.ultima-mirror', 'data-premove');
  assert.equal(await spinner.isVisible(), false);
  // Record, at the computer's move, whether the premove g2-g3 is still legal then.
  await page.evaluate(() => {
    const board = /** @type {any} */ (window).ultima.board;
    Object.assign(window, { legalAfter: /** @type {boolean[]} */ ([]) });
    board.on('move', (/** @type {{ side: string }} */ { side }) => {
      if (side === 'black') /** @type {any} */ (window).legalAfter.push(board.snapshot().moves.g2?.some((/** @type {{ to: string }} */ m) => m.to === 'g3') ?? false);
    });
  });
  await click(page, 'b2');
  await click(page, 'b5');
  // The computer thinks (2 s at level 8): its mark pulses in the board's corner.
  await page.waitForSelector('.ultima-thinking[data-thinking]');
  assert.equal(await spinner.isVisible(), true);
  assert.equal(await spinner.evaluate((node) => node.getAnimations({ subtree: true }).length), 3, 'three pulsing dots');
  const box = await spinner.boundingBox();
  const board = await onBoard(page, (board) => board.geometry());
  assert.ok(box && box.x + box.width <= board.left + board.size && box.y >= board.top && box.x > board.left + board.size * 0.75, 'in the board\'s top right corner');
  await page.screenshot({ path: `${ARTIFACTS}thinking.png` });
  // A premove by clicks, shown on the board and in the mirror.
  await click(page, 'g2');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), 'g2');
  await click(page, 'g3');
  assert.equal(await premove(), 'g2-g3');
  assert.match((await page.textContent('.ultima-live')) ?? '', /Premove g2 to g3/);
  await painted(page);
  const [g3] = await pixels(page, [['g3', 0.4, 0.4]]);
  assert.ok(g3 && g3[2] > g3[1], `g3 is tinted violet: rgba(${g3})`);
  await page.screenshot({ path: `${ARTIFACTS}premove.png` });
  // Played right after the computer's move (in the same task), if it is still legal then.
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length >= 2, undefined, { timeout: 30_000 });
  const legal = await page.evaluate(() => /** @type {any} */ (window).legalAfter[0]);
  if (legal) assert.equal((await plies(page))[2], 'g2-g3');
  else assert.match((await page.textContent('.ultima-live')) ?? '', /Premove g2 to g3 cancelled/);
  assert.equal(await premove(), '');
  /** White plays its first legal move (when it is White's turn), and the computer thinks. */
  const letThink = async () => {
    await onBoard(page, (board) => {
      if (board.turn() !== 'white') return;
      const first = Object.values(board.snapshot().moves).flat()[0];
      if (first) board.play(first.text);
    });
    await page.waitForSelector('.ultima-thinking[data-thinking]');
  };
  // A premove by drag that will not be legal (a Pawn moves like a rook, never diagonally),
  // cancelled after the computer's move, with a word.
  await letThink();
  const before = (await plies(page)).length;
  const from = await centre(page, 'c2');
  const to = await centre(page, 'd3');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 3 });
  await page.mouse.up();
  assert.equal(await premove(), 'c2-d3');
  await page.waitForFunction((n) => /** @type {any} */ (window).ultima.board.history().length > n, before, { timeout: 30_000 });
  assert.match((await page.textContent('.ultima-live')) ?? '', /Premove c2 to d3 cancelled: it is not a legal move now/);
  assert.equal(await premove(), '');
  assert.equal((await plies(page)).length, before + 1, 'nothing played for White');
  // A premove is cancelled by Escape (the board need not have the focus) and by a click on
  // an empty square.
  await letThink();
  await click(page, 'b1');
  await click(page, 'e5');
  assert.equal(await premove(), 'b1-e5');
  await page.keyboard.press('Escape');
  assert.equal(await premove(), '');
  await click(page, 'b1');
  await click(page, 'e5');
  assert.equal(await premove(), 'b1-e5');
  await click(page, 'h5');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '');
  assert.equal(await premove(), '');
  // Under reduced motion the mark stands still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForSelector('.ultima-thinking:not([data-thinking])', { state: 'attached', timeout: 30_000 });
  await letThink();
  assert.equal(await spinner.isVisible(), true);
  assert.equal(await spinner.evaluate((node) => node.getAnimations({ subtree: true }).length), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('touch: a first tap on a capture previews it, a second plays; quiet moves and the setting play at once', { timeout: 60_000 }, async () => {
  const phone = await launchDevice(DEVICES[1]);
  try {
    const { page, problems } = await open(phone.context, served.url, NO_GAME);
    /**
     * A finger on `square`, the board brought into view first (ticking a setting below it
     * scrolls the page on a phone).
     *
     * @param {string} square
     */
    const tap = async (square) => {
      await page.locator('canvas#board').scrollIntoViewIfNeeded();
      const { x, y } = await centre(page, square);
      await page.touchscreen.tap(x, y);
    };
    const preview = () => page.getAttribute('.ultima-mirror', 'data-preview');
    await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
    await tap('a1');
    await tap('a6');
    assert.deepEqual(await plies(page), [], 'the first tap does not play');
    assert.equal(await preview(), 'a2 a5', 'it shows what the move takes');
    // And says that a second tap plays it (under the status, and to a screen reader).
    assert.equal(await page.textContent('#piece-words'), 'Tap a6 again to play the move whose captures are marked, or tap another square.');
    assert.equal(await page.textContent('#board-host .ultima-live p:last-child'), 'a6 captures on a2 and a5: tap it again to play the move');
    await painted(page);
    await page.screenshot({ path: `${ARTIFACTS}touch-preview.png` });
    // Another capturing destination is previewed instead; a second tap there plays it.
    await tap('a3');
    assert.equal(await preview(), 'a2');
    await tap('a6');
    assert.equal(await preview(), 'a2 a5');
    await tap('a6');
    assert.deepEqual(await plies(page), ['a1-a6xa2xa5']);
    // Played, the line names the piece where it went.
    assert.match((await page.textContent('#piece-words')) ?? '', /^White Long Leaper on a6 /);
    // A quiet destination plays at once: its dot already says it takes nothing.
    await tap('e8');
    await tap('e7');
    assert.deepEqual(await plies(page), ['a1-a6xa2xa5', 'e8-e7']);
    // The setting: one tap plays a capture too; it is saved.
    await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
    await openPreferences(page);
    await page.uncheck('#touch-preview');
    await tap('a1');
    await tap('a3');
    assert.deepEqual(await plies(page), ['a1-a3xa2']);
    await page.reload();
    await ready(page);
    assert.equal(await page.isChecked('#touch-preview'), false);
    await openPreferences(page);
    await page.check('#touch-preview');
    assert.deepEqual(problems, []);
  } finally {
    await phone.close();
  }
});

test('a mouse click on a capturing destination plays at once', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await click(page, 'a1');
  await click(page, 'a6');
  assert.deepEqual(await plies(page), ['a1-a6xa2xa5']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a game in progress in each piece set, on a desktop and a phone (the README\'s pictures)', { timeout: 90_000 }, async () => {
  for (const device of DEVICES) {
    const [name] = device;
    const browser = await launchDevice(device);
    try {
      const { page, problems } = await open(browser.context, served.url, NO_GAME);
      // Twenty-four plies by a fixed rule: a capture when there is one, else a quiet move.
      await playByRule(page, 24);
      for (const set of /** @type {const} */ (['chess', 'abstract'])) {
        await page.selectOption('#piece-set', set);
        await painted(page);
        const board = await page.locator('#board-host').boundingBox();
        const list = await page.locator('#moves').boundingBox();
        assert.ok(board && list);
        const left = Math.min(board.x, list.x) - 8;
        const top = Math.min(board.y, list.y) - 8;
        const right = Math.max(board.x + board.width, list.x + list.width) + 8;
        const bottom = Math.max(board.y + board.height, list.y + list.height) + 8;
        const figures = await page.locator('#moves img').count();
        assert.ok(figures > 24, `a figurine for each mover and each captured piece (${figures})`);
        await page.screenshot({ path: `${ARTIFACTS}game-${set}-${name}.png`, clip: { x: left, y: top, width: right - left, height: bottom - top }, fullPage: true });
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});
