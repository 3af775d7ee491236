// The game page in headless Chromium against the release build: playing by clicks, drag and
// keyboard at square centres the board itself reports (`window.ultima.board.squareCenter`), the
// capture preview of a multi-capture move (as data and as canvas pixels), piece sets switched
// without reload, the game resumed after a reload, corrupt saved data, the suicide of a frozen
// piece, the new-game dialog's inline errors — and never a console error or warning.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { launch, watchProblems } from './browser.mjs';
import { ARTIFACTS, centre, click, drag, onBoard, openGame as open, openPreferences, painted, pixels, playByRule, plies, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const LEAPER = '4k3/8/8/p7/8/8/p7/L3K3 w';
const PREVIEW_RED = [0xd0, 0x34, 0x2c];
const LIGHT = [0xdd, 0xdd, 0xd0];
const DARK = [0x55, 0x99, 0x33];

const served = useServedDist();

/**
 * @param {string | null} [stored] raw text to put under the page's storage key first
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
const openGame = (stored = null) => open(served.context, served.url, stored);

/** @param {number[]} actual @param {number[]} expected @param {string} what */
function assertColour(actual, expected, what) {
  const close = expected.every((c, i) => Math.abs((actual[i] ?? -1) - c) <= 6);
  assert.ok(close, `${what}: expected rgb(${expected}), got rgba(${actual})`);
}

test('on the blue and brown boards the marks keep their colours on a dark square: the last move yellow, the selected piece blue', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await page.evaluate(() => /** @type {any} */ (window).ultima.board.play('b2-b5'));
  for (const theme of ['blue', 'brown']) {
    await onBoard(page, (board, theme) => board.set({ theme }), theme);
    await click(page, 'g7');
    await page.waitForSelector('.ultima-mirror[data-selected="g7"]');
    await painted(page);
    // b2, a dark square, the square the last move left; g7's corner, inside its frame.
    const [[r, g, b] = [], [sr, sg, sb] = []] = await pixels(page, [
      ['b2', 0, 0],
      ['g7', -0.35, -0.35],
    ]);
    // Yellow: its blue far under its red and green (over the blue board's dark squares the
    // yellow was an olive, #B0AD70).
    assert.ok(r - b > 90 && g - b > 70, `${theme}: the last move's square reads yellow, not rgb(${r}, ${g}, ${b})`);
    // Blue: its blue well over its red (over the brown board's dark squares a grey-purple, #6E6E8A).
    assert.ok(sb - sr > 40 && sb > sg, `${theme}: the selected square reads blue, not rgb(${sr}, ${sg}, ${sb})`);
    await click(page, 'g7');
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a short game by clicks and by drag, with status and move list', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.textContent('#status'), 'White to move');
  // A press on the board takes the focus from the button that had it (it kept it, and a stray
  // Space pressed it again), as a press anywhere on a page does; the board does not take it,
  // so that the arrows step through the moves.
  await page.focus('#new-game');
  await click(page, 'b2');
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), 'b2');
  await click(page, 'b5');
  await drag(page, 'g7', 'g4');
  await click(page, 'c2');
  await click(page, 'c6');
  await drag(page, 'f7', 'f5');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c6', 'f7-f5']);
  assert.equal(await page.textContent('#status'), 'White to move');
  const list = await page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
  assert.deepEqual(list, ['Pb2-b5', 'Pg7-g4', 'Pc2-c6', 'Pf7-f5']);
  // A click on an empty square, then on an enemy piece, plays nothing.
  await click(page, 'e4');
  await click(page, 'e7');
  assert.equal((await plies(page)).length, 4);
  // Undo and redo.
  await page.click('#undo');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c6']);
  await page.click('#redo');
  assert.equal((await plies(page)).length, 4);
  await painted(page);
  // The last move's from and to squares are tinted: f7 is no longer plain light.
  const [f7] = await pixels(page, [['f7', 0, 0]]);
  assert.notDeepEqual(f7?.slice(0, 3), LIGHT, 'f7 carries the last-move mark');
  await page.screenshot({ path: `${ARTIFACTS}game-short.png` });
  // Choosing a move in the list shows its position without changing the game; input is off.
  await page.click('#moves li:first-child button');
  assert.equal(await page.textContent('#status'), 'Viewing 1. Pb2-b5 (1 of 4)');
  assert.match((await page.getAttribute('.ultima-mirror [data-square="g7"]', 'aria-label')) ?? '', /black Pawn/);
  await click(page, 'e2');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '');
  // The press plays nothing: the way back is pointed out, seen and heard.
  await page.waitForSelector('#view-live.nudged');
  assert.equal(await page.textContent('#board-host .ultima-live p:last-child'), 'white Pawn on e2: an earlier position is shown; go back to the game to move');
  await page.waitForSelector('#view-live:not(.nudged)');
  await page.click('#view-next');
  assert.equal(await page.textContent('#status'), 'Viewing 1… Pg7-g4 (2 of 4)');
  await page.click('#view-live');
  assert.equal(await page.textContent('#status'), 'White to move');
  assert.equal((await plies(page)).length, 4);
  // Resigning ends the game, after a confirmation; undo takes the resignation back.
  await page.click('#resign');
  await page.click('#resign-yes');
  assert.match((await page.textContent('#status')) ?? '', /^Black wins by /);
  await click(page, 'c6');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '', 'no move after the end');
  await page.click('#undo');
  assert.equal(await page.textContent('#status'), 'White to move');
  assert.equal((await plies(page)).length, 4);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a capture is said in words under the status: how each piece was taken, for the move shown', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.textContent('#capture-words'), '', 'nothing taken yet');
  // Beside the board (1100 px wide), said or not, it keeps its room, so what is under it stays.
  const under = () => page.$eval('#capture-words', (line) => line.getBoundingClientRect().height);
  const before = await under();
  // RULES §7 example 5: the Coordinator's rectangle with its King on c2.
  await onBoard(page, (board) => board.setPosition('7k/8/2p5/8/3C4/8/2K2p2/8 w'));
  await click(page, 'd4');
  await click(page, 'f6');
  const coordinated = "White's Coordinator d4-f6 took the black Pawn on f2 and the black Pawn on c6 at the corners of its rectangle with its King on c2.";
  await page.waitForFunction((text) => document.getElementById('capture-words')?.textContent === text, coordinated);
  assert.equal(await page.isVisible('#capture-words'), true);
  // The move list's tooltip says it too.
  assert.equal(await page.getAttribute('#moves button[data-move="d4-f6xf2xc6"]', 'title'), `Cd4-f6 xf2 xc6\n${coordinated}`);
  // A quiet reply: nothing to say; the capture's move viewed again: said again.
  await onBoard(page, (board) => board.play('h8-g8'));
  await page.waitForFunction(() => document.getElementById('capture-words')?.textContent === '');
  await page.click('#view-prev');
  await page.waitForFunction((text) => document.getElementById('capture-words')?.textContent === text, coordinated);
  // A Pawn's pinch names the piece beyond (example 6).
  await onBoard(page, (board) => board.setPosition('k7/8/3L4/3pl3/2p1pW2/8/8/3P3K w'));
  await onBoard(page, (board) => board.play('d1-d4'));
  await page.waitForFunction(() => /^White's Pawn d1-d4 took the black Pawn on e4 by pinching it against the white Withdrawer on f4 and the black Pawn on d5 by pinching it against the white Long Leaper on d6\.$/.test(document.getElementById('capture-words')?.textContent ?? ''));
  // One piece taken, in two lines: in the room kept while nothing was said.
  await onBoard(page, (board) => board.setPosition('4k3/8/8/8/3pW3/8/8/4K3 w'));
  await onBoard(page, (board) => board.play('e4-f4'));
  await page.waitForFunction(() => document.getElementById('capture-words')?.textContent === "White's Withdrawer e4-f4 took the black Pawn on d4 by moving directly away from it.");
  assert.equal(await under(), before);
  // A suicide is said too: a piece gone with no capture (RULES §7 example 9).
  await onBoard(page, (board) => board.setPosition('4k3/8/8/3i4/3X4/8/8/4K3 w'));
  await onBoard(page, (board) => board.play('d4-'));
  await page.waitForFunction(() => document.getElementById('capture-words')?.textContent === 'White took its frozen Chameleon on d4 off the board (a suicide, instead of a move).');
  assert.equal(await page.getAttribute('#moves button[data-move="d4-"]', 'title'), 'Xd4-\nWhite took its frozen Chameleon on d4 off the board (a suicide, instead of a move).');
  assert.deepEqual(problems, []);
  await page.close();
});

test('hovering a destination previews exactly the squares the move would capture', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await click(page, 'a1');
  const dests = (await page.getAttribute('.ultima-mirror', 'data-dests'))?.split(' ') ?? [];
  assert.ok(dests.includes('a6') && dests.includes('a3'), `destinations ${dests}`);
  const a6 = await centre(page, 'a6');
  await page.mouse.move(a6.x, a6.y);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-preview'), 'a2 a5');
  assert.deepEqual(await onBoard(page, (board) => board.preview()), ['a2', 'a5']);
  await painted(page);
  // The frame of a previewed square is red; a square not captured (a3, a4) is not framed.
  const [a2, a5, a3, a4] = await pixels(page, [
    ['a2', 0.45, 0],
    ['a5', 0.45, 0],
    ['a3', 0.45, 0],
    ['a4', 0.45, 0],
  ]);
  assertColour(a2 ?? [], PREVIEW_RED, 'a2 frame');
  assertColour(a5 ?? [], PREVIEW_RED, 'a5 frame');
  assertColour(a3 ?? [], DARK, 'a3 unframed');
  assertColour(a4 ?? [], LIGHT, 'a4 unframed');
  await page.screenshot({ path: `${ARTIFACTS}capture-preview.png` });
  // A quiet destination previews nothing.
  const b1 = await centre(page, 'b1');
  await page.mouse.move(b1.x, b1.y);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-preview'), '');
  // Dragging over a6 previews the same squares; dropping there plays the move.
  await click(page, 'a1');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '');
  const a1 = await centre(page, 'a1');
  await page.mouse.move(a1.x, a1.y);
  await page.mouse.down();
  await page.mouse.move(a1.x, (a1.y + a6.y) / 2, { steps: 3 });
  await page.mouse.move(a6.x, a6.y, { steps: 3 });
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-preview'), 'a2 a5');
  // As painted while dragging (the board under the piece painted once, render.js underDrag):
  // the captures framed, the Leaper gone from a1 and under the pointer on a6.
  await painted(page);
  /** The frames of a2 and a5, a6's centre (the dragged piece's, or the square's), a1's centre and a point nearer its corner. */
  const dragged = () =>
    pixels(page, [
      ['a2', 0.45, 0],
      ['a5', 0.45, 0],
      ['a1', 0, 0],
      ['a6', 0, 0],
      ['a1', 0.25, 0.25],
    ]);
  const [framedA2, framedA5, lifted, under, corner] = await dragged();
  assertColour(framedA2 ?? [], PREVIEW_RED, 'a2 frame while dragging');
  assertColour(framedA5 ?? [], PREVIEW_RED, 'a5 frame while dragging');
  // The square's colour (tinted as the move's start) at its centre as near its corner: no piece.
  assertColour(lifted ?? [], corner ?? [], 'a1 empty while its piece is dragged');
  assert.ok(LIGHT.some((c, i) => Math.abs((under?.[i] ?? c) - c) > 12), `the dragged piece on a6: got rgba(${under})`);
  // On to b6, a quiet square: no frames; the piece follows, a6 is bare again.
  const b6 = await centre(page, 'b6');
  await page.mouse.move(b6.x, b6.y, { steps: 2 });
  await painted(page);
  const [quietA2, quietA5, , left] = await dragged();
  assertColour(quietA2 ?? [], LIGHT, 'a2 unframed over b6');
  assertColour(quietA5 ?? [], DARK, 'a5 unframed over b6');
  assertColour(left ?? [], LIGHT, 'a6 bare once the piece has moved on');
  await page.mouse.move(a6.x, a6.y, { steps: 2 });
  await page.mouse.up();
  // Playing the move shows and announces its captures.
  assert.deepEqual(await plies(page), ['a1-a6xa2xa5']);
  const said = await page.textContent('.ultima-live');
  assert.match(said ?? '', /captures the black Pawn on a2 and the black Pawn on a5 by leaping over them/);
  // After the captured pieces' fade, each captured square keeps a cross.
  await painted(page);
  await page.screenshot({ path: `${ARTIFACTS}capture-played.png` });
  assert.deepEqual(problems, []);
  await page.close();
});

test('piece sets switch without a reload', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const canvasImage = () =>
    page.$eval('canvas#board', (c) => /** @type {HTMLCanvasElement} */ (c).toDataURL());
  const chess = await canvasImage();
  await page.screenshot({ path: `${ARTIFACTS}set-chess.png` });
  await page.selectOption('#piece-set', 'abstract');
  await painted(page);
  const abstract = await canvasImage();
  assert.notEqual(abstract, chess, 'the pieces were redrawn');
  assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'no reload');
  await page.click('#help summary');
  await page.screenshot({ path: `${ARTIFACTS}set-abstract.png`, fullPage: true });
  await page.selectOption('#piece-set', 'chess');
  await painted(page);
  assert.equal(await canvasImage(), chess);
  assert.deepEqual(problems, []);
  await page.close();
});

test('keyboard-only play: arrows, Enter, Space and Escape', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await page.focus('canvas#board');
  // The focus square starts on d4, said as the board takes the focus from the keyboard; b2 is
  // two left and two down.
  await page.waitForFunction(() => document.querySelector('#board-host .ultima-live p:last-child')?.textContent === 'd4');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-focus'), 'b2');
  // Each step of the focus is heard: the square, and its piece.
  assert.deepEqual((await page.$$eval('.ultima-live p', (ps) => ps.map((p) => p.textContent))).slice(-2), ['b3', 'b2, white Pawn']);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), 'b2');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '');
  assert.equal(await page.textContent('.ultima-live p:last-child'), 'Put down the white Pawn on b2');
  // A second press on the picked-up piece puts it down, as a second click does.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), '');
  await page.keyboard.press('Space');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  // The focus on a square the piece may go to: said so.
  assert.equal(await page.textContent('.ultima-live p:last-child'), 'b5, legal move');
  await page.keyboard.press('Enter');
  assert.deepEqual(await plies(page), ['b2-b5']);
  assert.match((await page.textContent('.ultima-live')) ?? '', /white Pawn b2 to b5/);
  // A move taken back is heard too.
  await page.keyboard.press('Control+z');
  assert.deepEqual(await plies(page), []);
  assert.equal(await page.textContent('.ultima-live p:last-child'), 'Took back b2-b5');
  await page.keyboard.press('Control+Shift+z');
  assert.deepEqual(await plies(page), ['b2-b5']);
  await painted(page);
  await page.screenshot({ path: `${ARTIFACTS}keyboard.png` });
  // The accessible mirror labels squares with their pieces.
  const label = await page.getAttribute('.ultima-mirror [data-square="b5"]', 'aria-label');
  assert.equal(label, 'b5, white Pawn');
  // A press that picks nothing up says why: White's Pawn, with Black to move.
  await page.focus('canvas#board');
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('.ultima-live p:last-child'), 'white Pawn on b5: Black to move');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a move is heard with the pieces it freezes and those it frees; a frozen piece picked up, with what freezes it', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  const last = async () => (await page.textContent('#board-host .ultima-live p:last-child')) ?? '';
  /** @param {string} move @returns {Promise<string>} what the board said of it */
  const heard = async (move) => {
    await onBoard(page, (board, move) => board.play(move), move);
    return last();
  };
  await onBoard(page, (board) => board.newGame({ position: 'k7/8/8/8/8/2p1p3/8/3IK3 w' }));
  // In words alone: the move's display form after them was read out letter by letter.
  assert.equal(await heard('d1-d2'), 'white Immobilizer d1 to d2. Freezes the black Pawn on c3 and the black Pawn on e3.');
  // Black's frozen Pawn picked up: what freezes it, then its one move.
  await click(page, 'c3');
  assert.equal(await last(), 'black Pawn on c3, frozen by the white Immobilizer on d2: 1 move: remove it (suicide)');
  await click(page, 'c3');
  await heard('a8-b8');
  assert.equal(await heard('d2-d1'), 'white Immobilizer d2 to d1. Frees the black Pawn on c3 and the black Pawn on e3.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a destination focused with the arrow keys previews exactly its captures', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board, position) => board.newGame({ position }), LEAPER);
  await page.focus('canvas#board');
  // From d4 to a1, then pick up the Long Leaper.
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-selected'), 'a1');
  const preview = () => page.getAttribute('.ultima-mirror', 'data-preview');
  // Up the a-file: a2 holds a Pawn (not a destination), a3 and a4 leap over a2, a5 is the second
  // Pawn, a6 and beyond leap over both.
  /** @type {Array<[string, string]>} */
  const expected = [
    ['a2', ''],
    ['a3', 'a2'],
    ['a4', 'a2'],
    ['a5', ''],
    ['a6', 'a2 a5'],
    ['a7', 'a2 a5'],
  ];
  for (const [square, captures] of expected) {
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.getAttribute('.ultima-mirror', 'data-focus'), square);
    assert.equal(await preview(), captures, `focus on ${square}`);
    assert.deepEqual(await onBoard(page, (board) => board.preview()), captures ? captures.split(' ') : []);
  }
  // Back to a6; right to b6, no destination (no preview); back to a6.
  await page.keyboard.press('ArrowDown');
  assert.equal(await preview(), 'a2 a5');
  await painted(page);
  const [a2, a5, a3] = await pixels(page, [
    ['a2', 0.45, 0],
    ['a5', 0.45, 0],
    ['a3', 0.45, 0],
  ]);
  assertColour(a2 ?? [], PREVIEW_RED, 'a2 frame');
  assertColour(a5 ?? [], PREVIEW_RED, 'a5 frame');
  assertColour(a3 ?? [], DARK, 'a3 unframed');
  await page.screenshot({ path: `${ARTIFACTS}keyboard-preview.png` });
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-focus'), 'b6');
  assert.equal(await preview(), '');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await preview(), 'a2 a5');
  // Enter plays exactly the previewed move; a second Enter on a picked-up piece puts it down.
  await page.keyboard.press('Enter');
  assert.deepEqual(await plies(page), ['a1-a6xa2xa5']);
  assert.equal(await preview(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a reload resumes the game and its settings', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await click(page, 'b2');
  await click(page, 'b5');
  await drag(page, 'g7', 'g4');
  await page.selectOption('#piece-set', 'abstract');
  await page.reload();
  await ready(page);
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  assert.equal(await page.inputValue('#piece-set'), 'abstract');
  assert.equal(await page.isHidden('#notice'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('corrupt saved data gives a notice and a working board', { timeout: 60_000 }, async () => {
  for (const stored of ['{not json', JSON.stringify({ version: 1, record: '1. z9-z9', settings: {} }), '{"version":99}']) {
    const { page, problems } = await openGame(stored);
    assert.equal(await page.isVisible('#notice'), true, `a notice for ${stored}`);
    assert.match((await page.textContent('#notice')) ?? '', /new game/);
    await click(page, 'b2');
    await click(page, 'b5');
    assert.deepEqual(await plies(page), ['b2-b5']);
    await painted(page);
    if (stored === '{not json') await page.screenshot({ path: `${ARTIFACTS}corrupt-storage.png` });
    await page.click('#notice .notice-close');
    assert.equal(await page.isHidden('#notice'), true, 'the notice can be dismissed');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a frozen piece is removed only after confirmation', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board) => board.newGame({ position: '4k3/8/8/8/3i4/3P4/8/4K3 w' }));
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-frozen'), 'd3');
  assert.equal(await page.getAttribute('.ultima-mirror [data-square="d3"]', 'aria-label'), 'd3, white Pawn, frozen');
  await click(page, 'd3');
  assert.equal(await page.isVisible('#suicide-ask'), true);
  await page.click('#suicide-ask');
  await page.click('#suicide-no');
  assert.deepEqual(await plies(page), []);
  await click(page, 'd3');
  await page.click('#suicide-ask');
  await painted(page);
  await page.screenshot({ path: `${ARTIFACTS}suicide-confirm.png` });
  await page.click('#suicide-yes');
  assert.deepEqual(await plies(page), ['d3-']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the new-game dialog shows errors inline and starts the chosen game', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // No move yet: nothing to lose, nothing said.
  await page.click('#new-game');
  assert.equal(await page.isVisible('#new-game-replaces'), false);
  await page.keyboard.press('Escape');
  // Over a game under way it says what Start does to it.
  await click(page, 'b2');
  await click(page, 'b3');
  await page.click('#new-game');
  assert.equal(await page.textContent('#new-game-replaces'), 'Start replaces the unfinished game on the board: it is not kept in Your games.');
  await page.keyboard.press('Escape');
  // The dialog opens on the players' choice made, not on its first radio button.
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  await page.keyboard.press('Escape');
  await page.click('#new-game');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), 'ai');
  await page.check('#new-game-form input[name="mode"][value="two"]');
  // What a flag does, said with a clock, by the rules chosen.
  assert.equal(await page.isVisible('#new-game-time-words'), false);
  await page.selectOption('#new-game-form select[name="time"]', '3+2');
  assert.equal(await page.textContent('#new-game-time-words'), 'A flag loses, unless the other side has only its King left (then it draws).');
  await page.check('#new-game-form input[name="king_capture"]');
  assert.equal(await page.textContent('#new-game-time-words'), 'A flag loses, even against a lone King: under King capture a lone King can still win.');
  await page.uncheck('#new-game-form input[name="king_capture"]');
  await page.selectOption('#new-game-form select[name="time"]', 'none');
  // The custom setup's choices show only for the custom setup.
  assert.equal(await page.isVisible('#new-game-form select[name="white_king"]'), false);
  await page.selectOption('#new-game-form select[name="setup"]', 'custom');
  assert.equal(await page.isVisible('#new-game-form select[name="white_king"]'), true);
  await page.selectOption('#new-game-form select[name="setup"]', 'rotated');
  assert.equal(await page.isVisible('#new-game-form select[name="white_king"]'), false);
  await page.fill('#new-game-position', '8/8/8 w');
  await page.click('#new-game-start');
  assert.equal(await page.isVisible('#new-game-dialog'), true);
  assert.notEqual(((await page.textContent('#new-game-error')) ?? '').trim(), '');
  await page.screenshot({ path: `${ARTIFACTS}new-game-error.png` });
  await page.fill('#new-game-position', '');
  await page.selectOption('#new-game-form select[name="setup"]', 'mirrored');
  await page.check('#new-game-form input[name="distance_1968"]');
  await page.click('#new-game-start');
  assert.equal(await page.isVisible('#new-game-dialog'), false);
  // The board has the focus, not New game… (where a stray Space opened the dialog again).
  await page.waitForFunction(() => document.activeElement?.id === 'board');
  assert.equal(await onBoard(page, (board) => board.rules()), 'distance_1968');
  assert.match(await onBoard(page, (board) => board.position()), /^ilxkwxlc\//);
  // The record round-trips through the paste box.
  await click(page, 'b2');
  await click(page, 'b4');
  await page.click('.io summary');
  await page.click('#copy-record');
  const record = await page.inputValue('#record-text');
  await onBoard(page, (board) => board.newGame({}));
  await page.fill('#record-text', record);
  await page.click('#load-record');
  assert.deepEqual(await plies(page), ['b2-b4']);
  // And through a file: Save record downloads it, Open file… reads it back into the box.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-record')]);
  assert.match(download.suggestedFilename(), /^ultima-game-\d{4}-\d{2}-\d{2}\.txt$/);
  const saved = await readFile(/** @type {string} */ (await download.path()), 'utf8');
  assert.equal(saved, record);
  // (A fresh start: the game's options now hold the record, which newGame({}) would start again.)
  await onBoard(page, (board) => board.newGame({ setup: 'rotated' }));
  await page.fill('#record-text', '');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open-record')]);
  await chooser.setFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(saved) });
  await page.waitForFunction(() => document.getElementById('record-error')?.textContent?.startsWith('Read game.txt'));
  assert.equal(await page.inputValue('#record-text'), record);
  assert.deepEqual(await plies(page), [], 'reading a file changes nothing by itself');
  await page.click('#load-record');
  assert.deepEqual(await plies(page), ['b2-b4']);
  // An empty file is refused.
  const [empty] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open-record')]);
  await empty.setFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.from('') });
  await page.waitForFunction(() => document.getElementById('record-error')?.textContent === 'empty.txt is empty.');
  // So is a file that is not text, and the box keeps what it held.
  const [binary] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open-record')]);
  // (A PNG's first bytes: not UTF-8, and control characters no text has.)
  await binary.setFiles({ name: 'board.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]) });
  await page.waitForFunction(() => document.getElementById('record-error')?.textContent?.startsWith('board.png is not a text file'));
  assert.equal(await page.inputValue('#record-text'), record);
  // And an empty box: the game stays (it went back to the last game given to the board).
  for (const [text, button] of [['', '#load-record'], ['  \n ', '#load-record'], ['', '#analyse-text']]) {
    await page.fill('#record-text', text);
    await page.click(button);
    await page.waitForFunction(() => document.getElementById('record-error')?.textContent === 'The box is empty: paste a position string or a game record into it first.');
    assert.deepEqual(await plies(page), ['b2-b4']);
    assert.equal(await page.locator('.analysis-dialog').count(), 0);
    await page.evaluate(() => { /** @type {HTMLElement} */ (document.getElementById('record-error')).textContent = ''; });
  }
  // Over the game under way, Load record asks first, the focus on No: No keeps the game, Yes
  // loads, the focus back on Load record.
  await page.fill('#record-text', '1. a2-a4 h7-h5 *');
  await page.click('#load-record');
  assert.equal(await page.textContent('#load-record-question'), 'This replaces the unfinished game on the board. Load the record?');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'load-record-no');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('#load-record-confirm'), false);
  assert.deepEqual(await plies(page), ['b2-b4']);
  await page.click('#load-record');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.deepEqual(await plies(page), ['a2-a4', 'h7-h5']);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'load-record');
  // The same record again: nothing changes, nothing asked.
  await page.fill('#record-text', '1. a2-a4 h7-h5 *');
  await page.click('#load-record');
  assert.equal(await page.isVisible('#load-record-confirm'), false);
  assert.deepEqual(await plies(page), ['a2-a4', 'h7-h5']);
  // A record on one line with a '/' in it (a comment, a drawn result) is a record, not a position.
  await page.fill('#record-text', '1. b2-b5 {good/bad} g7-g4 2. a2-a4 h7-h6 1/2-1/2');
  await page.click('#load-record');
  await page.click('#load-record-yes');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'a2-a4', 'h7-h6']);
  // The focus not left on the page: the record's game is over, and its result banner has it.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'result-banner');
  assert.equal(await page.textContent('#status'), 'Draw by agreement');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a record loaded plays on against the computer its headers name, and any other record is a game of two players', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  const players = () => onBoard(page, (board) => ({ mode: board.view().mode, side: board.view().side, level: board.view().level, orientation: board.view().orientation }));
  // A game against level 8 as Black, then a record of two people: no computer any more.
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  await page.selectOption('#new-game-form select[name="side"]', 'black');
  await page.selectOption('#new-game-form select[name="level"]', '8');
  await page.click('#new-game-start');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1);
  await page.click('.io summary');
  await page.fill('#record-text', '[White "Alice"]\n[Black "Bob"]\n\n1. b2-b5 g7-g4 *');
  await page.click('#load-record');
  await page.click('#load-record-yes');
  assert.equal(await page.textContent('#record-error'), 'Loaded.');
  assert.equal((await players()).mode, 'play');
  assert.equal(await page.isVisible('#opponent'), false);
  // A record the page wrote against level 2, the person White: against level 2 again, from
  // White's side, and the computer answers the person's move.
  await page.fill('#record-text', '[White "Player"]\n[Black "Computer, level 2 — Novice"]\n\n1. b2-b5 g7-g4 *');
  await page.click('#load-record');
  await page.click('#load-record-yes');
  assert.deepEqual(await players(), { mode: 'ai', side: 'white', level: 2, orientation: 'white' });
  assert.equal(await page.textContent('#opponent'), 'You play White against the computer, level\u00a02\u00a0— Novice');
  await onBoard(page, (board) => board.play('a2-a4'));
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 4);
  assert.deepEqual(problems, []);
  await page.close();
});

test('check is marked with its checkers; flip, theme and coordinates redraw the board', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // Black's Withdrawer on e2 can step away from White's King on e1: check.
  await onBoard(page, (board) => board.newGame({ position: '4k3/8/8/8/8/8/4w3/4K3 w' }));
  assert.equal(await page.textContent('#status'), 'White to move — check');
  assert.equal(await page.getAttribute('.ultima-mirror [data-square="e1"]', 'aria-label'), 'e1, white King, in check');
  await painted(page);
  // The checker's dashed ring is drawn in its square, left of the piece.
  const [ring, plain] = await pixels(page, [
    ['e2', -0.45, 0],
    ['e3', -0.45, 0],
  ]);
  assert.notDeepEqual(ring?.slice(0, 3), plain?.slice(0, 3), 'a mark on the checker e2');
  await page.screenshot({ path: `${ARTIFACTS}check.png` });
  await page.click('#flip');
  await page.selectOption('#theme', 'neutral');
  await painted(page);
  assert.equal(await onBoard(page, (board) => board.geometry().orientation), 'black');
  // Seen from Black, e1 is near the top right; its centre is above e8's.
  const e1 = await centre(page, 'e1');
  const e8 = await centre(page, 'e8');
  assert.ok(e1.y < e8.y && e1.x < (await centre(page, 'a1')).x);
  await page.screenshot({ path: `${ARTIFACTS}flipped-neutral.png` });
  // The coordinates go with their setting, which is kept.
  const before = await page.$eval('canvas#board', (canvas) => /** @type {HTMLCanvasElement} */ (canvas).toDataURL());
  await openPreferences(page);
  await page.uncheck('#coordinates');
  await painted(page);
  assert.equal(await onBoard(page, (board) => board.view().coordinates), false);
  assert.notEqual(await page.$eval('canvas#board', (canvas) => /** @type {HTMLCanvasElement} */ (canvas).toDataURL()), before, 'the labels are gone');
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#coordinates'), false);
  assert.equal(await onBoard(page, (board) => board.view().coordinates), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the legal-move marks and the animation go with their settings, which are kept', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // The Pawn on b2 picked up: a dot on b3 (a quiet destination), drawn or not.
  const dot = async () => {
    await painted(page);
    const [mark] = await pixels(page, [['b3', 0, 0]]);
    return (mark?.[0] ?? 0) < 0xc0;
  };
  await click(page, 'b2');
  assert.equal(await dot(), true, 'a dot on b3');
  await page.keyboard.press('Escape');
  await openPreferences(page);
  await page.uncheck('#legal-moves');
  assert.ok(!(await onBoard(page, (board) => board.view().highlights)).includes('moves'));
  await click(page, 'b2');
  assert.equal(await dot(), false, 'no dot on b3');
  // The piece is still picked up, and plays as before.
  assert.equal(await onBoard(page, (board) => board.selection().square), 'b2');
  // Animation off: the move is drawn at once, with no slide.
  await page.uncheck('#animation');
  await page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('canvas#board'));
    Object.assign(window, { slid: false });
    new MutationObserver(() => {
      if (canvas.dataset.animating) Object.assign(window, { slid: true });
    }).observe(canvas, { attributes: true, attributeFilter: ['data-animating'] });
  });
  await click(page, 'b5');
  assert.deepEqual(await plies(page), ['b2-b5']);
  await painted(page);
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).slid), false);
  await page.reload();
  await ready(page);
  assert.deepEqual([await page.isChecked('#legal-moves'), await page.isChecked('#animation')], [false, false]);
  assert.equal(await onBoard(page, (board) => board.view().animation), false);
  await openPreferences(page);
  await page.check('#legal-moves');
  await page.check('#animation');
  assert.ok((await onBoard(page, (board) => board.view().highlights)).includes('moves'));
  assert.equal(await onBoard(page, (board) => board.view().animation), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('two players: the board turns to the side to move when asked; never against the computer; a new two-player game has White at the bottom', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  const orientation = () => onBoard(page, (board) => board.view().orientation);
  /** @param {string} side */
  const turnedTo = (side) => page.waitForFunction((side) => /** @type {any} */ (window).ultima.board.view().orientation === side, side);
  await openPreferences(page);
  await page.check('#auto-flip');
  assert.equal(await orientation(), 'white');
  // By clicks, so that the move slides first: the board turns once it has arrived.
  await click(page, 'b2');
  await click(page, 'b5');
  await turnedTo('black');
  await click(page, 'g7');
  await click(page, 'g4');
  await turnedTo('white');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  // An earlier position is shown as the board stands; back at the game, it turns to the mover.
  await onBoard(page, (board) => board.showPly(0));
  assert.equal(await orientation(), 'white');
  await onBoard(page, (board) => board.play('a2-a4'));
  await onBoard(page, (board) => board.showPly(null));
  await turnedTo('black');
  // Kept across a reload, with the board's side.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#auto-flip'), true);
  assert.equal(await orientation(), 'black');
  await page.close();

  // Against the computer the board stays on the player's side.
  const stored = JSON.stringify({ version: 1, record: null, settings: { opponent: { computer: 'black', level: 1 }, autoFlip: true } });
  const computer = await openGame(stored);
  await onBoard(computer.page, (board) => board.play('b2-b5'));
  await computer.page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2);
  assert.equal(await onBoard(computer.page, (board) => board.view().orientation), 'white');
  assert.deepEqual([...problems, ...computer.problems], []);
  await computer.page.close();

  // After a game as Black against the computer, a new game for two players has White at the
  // bottom again.
  const asBlack = await openGame(JSON.stringify({ version: 1, record: null, settings: { opponent: { computer: 'white', level: 1 }, orientation: 'black' } }));
  assert.equal(await onBoard(asBlack.page, (board) => board.view().orientation), 'black');
  await asBlack.page.click('#new-game');
  await asBlack.page.check('input[name="mode"][value="two"]');
  await asBlack.page.click('#new-game-start');
  await asBlack.page.waitForSelector('#new-game-dialog', { state: 'hidden' });
  assert.equal(await onBoard(asBlack.page, (board) => board.view().orientation), 'white');
  assert.deepEqual(asBlack.problems, []);
  await asBlack.page.close();
});

test('touch: tap-tap and drag by finger', { timeout: 60_000 }, async () => {
  const touch = await launch({ viewport: { width: 400, height: 800 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const page = await touch.context.newPage();
    const problems = watchProblems(page);
    await page.goto(served.url);
    await ready(page);
    const session = await touch.context.newCDPSession(page);
    /** @param {'touchStart' | 'touchMove' | 'touchEnd'} type @param {{ x: number, y: number } | null} at */
    const finger = (type, at) =>
      session.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
    for (const square of ['b2', 'b5']) {
      const { x, y } = await centre(page, square);
      await page.touchscreen.tap(x, y);
    }
    const from = await centre(page, 'g7');
    const to = await centre(page, 'g4');
    await finger('touchStart', from);
    for (let i = 1; i <= 6; i++) {
      await finger('touchMove', { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 });
    }
    await finger('touchEnd', null);
    assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
    await painted(page);
    await page.screenshot({ path: `${ARTIFACTS}phone.png` });
    assert.deepEqual(problems, []);
  } finally {
    await touch.close();
  }
});

test('moves animate, except when the user prefers reduced motion', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await click(page, 'b2');
  await click(page, 'b5');
  assert.equal(await page.getAttribute('canvas#board', 'data-animating'), 'true');
  await painted(page);
  assert.equal(await page.getAttribute('canvas#board', 'data-animating'), null);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await click(page, 'g7');
  await click(page, 'g4');
  assert.equal(await page.getAttribute('canvas#board', 'data-animating'), null);
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('moves on a small screen never scroll the page away from the board', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  // The move list is below the board, out of view.
  await page.setViewportSize({ width: 700, height: 500 });
  await painted(page);
  for (const square of ['b2', 'b5', 'g7', 'g4', 'c2', 'c6']) await click(page, square);
  assert.equal((await plies(page)).length, 3);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('against the computer the person may resign while it thinks: the person\'s side loses', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  await page.selectOption('#new-game-form select[name="side"]', 'white');
  await page.selectOption('#new-game-form select[name="level"]', '8');
  await page.click('#new-game-start');
  await onBoard(page, (board) => board.play('b2-b5'));
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('thinking'));
  assert.equal(await page.isDisabled('#resign'), false);
  await page.click('#resign');
  await page.click('#resign-yes');
  assert.deepEqual(await onBoard(page, (board) => board.result()), { kind: 'resignation', winner: 'black', result: '0-1' });
  assert.deepEqual(await plies(page), ['b2-b5'], 'the computer\'s search was stopped, its move not played');
  assert.deepEqual(problems, []);
  await page.close();
});

test('at the end of a long game the move list shows the result under the last move', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await playByRule(page, 60);
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#moves .moves-result');
  const [list, end] = await Promise.all(['#moves', '#moves .moves-result'].map((selector) => page.locator(selector).evaluate((node) => node.getBoundingClientRect().toJSON())));
  assert.ok(list.height < end.bottom - (await page.locator('#moves li').first().evaluate((node) => node.getBoundingClientRect().top)), 'the list scrolls: the game is longer than it');
  assert.ok(end.top >= list.top && end.bottom <= list.bottom + 1, `the result is in view: ${JSON.stringify({ list, end })}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the status line names how a game ended', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  /** @type {Array<[string, string]>} */
  const endings = [
    // White's King, frozen by the Immobilizer next to it, has no move (and is not in check).
    ['4k3/8/8/8/8/8/1i6/K7 w', 'Black wins by stalemate (White has no legal move)'],
    ['4k3/8/8/8/8/8/8/4K3 w', 'Draw: only the two Kings are left'],
  ];
  for (const [position, text] of endings) {
    await onBoard(page, (board, position) => board.newGame({ position }), position);
    assert.equal(await page.textContent('#status'), text);
    assert.equal(await page.isDisabled('#resign'), true);
    assert.equal(await page.isDisabled('#hint'), true);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the other side down to its King: the notice says how to finish it, once a game', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame();
  await onBoard(page, (board) => board.newGame({ position: '4k3/8/8/8/8/8/p7/L3K3 w' }));
  assert.equal(await page.isVisible('#notice'), false);
  // The Long Leaper takes the last Pawn.
  await click(page, 'a1');
  await click(page, 'a3');
  assert.equal(
    await page.textContent('#notice span'),
    'Black has only its King left: capture it, or leave it no legal move, which wins too. Within 50 moves of the last capture, or the game is drawn.',
  );
  // Dismissed, it stays away for this game; another game takes it away by itself.
  await page.click('#notice .notice-close');
  await onBoard(page, (board) => board.play('e8-d8'));
  assert.equal(await page.isVisible('#notice'), false);
  assert.deepEqual(problems, []);
  await page.close();
});
