// The board editor (www/editor.js, www/editor-ui.js) on the game page, on a desktop and a phone
// viewport: it opens on the game's position; pieces are put and taken away by presses, with the
// palette, and by the keyboard, and dragged; what is not a position is said, with the rules' reason, and its
// actions wait; a typed position string is read, a bad one refused; the position goes to the
// analysis board, and to a new game through the new-game dialog; the analysis board's "Edit
// position" opens it on the position shown there.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, closeAnalysisView, onBoard, openGame, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const { served, devices } = useDesktopAndPhone();

/** RULES §7 example 2: the Long Leaper on a1 takes a2, or a2 and a5 in one move. */
const LEAPER = '4k3/8/8/p7/8/8/p7/L3K3 w 0 1';

/**
 * Presses a square of the editor's board (White at the bottom).
 *
 * @param {Page} page
 * @param {string} square e.g. "e1"
 */
async function press(page, square) {
  const box = await page.locator('.editor-board').boundingBox();
  if (!box) throw new Error('the editor board is not shown');
  const column = square.charCodeAt(0) - 97;
  const row = 8 - Number(square.slice(1));
  await page.mouse.click(box.x + ((column + 0.5) * box.width) / 8, box.y + ((row + 0.5) * box.height) / 8);
}

/**
 * Drags the piece on `from` of the editor's board (White at the bottom) to `to`, or off the
 * board above it (null), by the mouse, in steps.
 *
 * @param {Page} page
 * @param {string} from
 * @param {string | null} to
 */
async function dragPiece(page, from, to) {
  const box = await page.locator('.editor-board').boundingBox();
  if (!box) throw new Error('the editor board is not shown');
  /** @param {string} square */
  const centre = (square) => ({ x: box.x + ((square.charCodeAt(0) - 97 + 0.5) * box.width) / 8, y: box.y + ((8 - Number(square.slice(1)) + 0.5) * box.height) / 8 });
  const start = centre(from);
  const end = to ? centre(to) : { x: start.x, y: box.y - 8 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
}

/**
 * A square of the editor's board as painted on the screen (a PNG of its middle half).
 *
 * @param {Page} page
 * @param {string} square
 */
async function shotOf(page, square) {
  const box = await page.locator('.editor-board').boundingBox();
  if (!box) throw new Error('the editor board is not shown');
  const unit = box.width / 8;
  const x = box.x + (square.charCodeAt(0) - 97 + 0.25) * unit;
  const y = box.y + (8 - Number(square.slice(1)) + 0.25) * unit;
  return page.screenshot({ clip: { x, y, width: unit / 2, height: unit / 2 } });
}

/** @param {Page} page */
const editor = (page) =>
  page.evaluate(() => ({
    pieces: /** @type {HTMLElement} */ (document.querySelector('.editor-board')).dataset.pieces,
    position: /** @type {HTMLInputElement} */ (document.querySelector('.editor-position')).value,
    check: document.querySelector('.editor-check')?.textContent,
    analyse: !(/** @type {HTMLButtonElement} */ (document.querySelector('.editor-analyse')).disabled),
  }));

for (const { device, context } of devices) {
  test(`${device}: the editor sets up a position piece by piece and sends it to analysis and to a new game`, { timeout: 90_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      // It opens on the game's position.
      await onBoard(page, (board) => board.play('b2-b5'));
      await page.click('#open-editor');
      await page.waitForSelector('#editor[open]');
      const game = await onBoard(page, (board) => ({ pieces: board.snapshot().pieces.map((p) => p || '.').join(''), position: board.position() }));
      // (The editor's position starts its counters again: no capture yet, move 1.)
      assert.deepEqual(await editor(page), { pieces: game.pieces, position: game.position.replace(/ \d+ \d+$/, ' 0 1'), check: 'A legal position.', analyse: true });

      // An empty board is no position: the rules say why, and the actions wait.
      await page.click('.editor-clear');
      const empty = await editor(page);
      assert.match(empty.check ?? '', /^Not a position to play: .*King/);
      assert.equal(empty.analyse, false);
      assert.equal(empty.position, '', 'no stale position string');
      const bare = await shotOf(page, 'e1');

      // Pieces by presses: the palette's piece goes where pressed; pressed again, it goes. (The
      // game had Black to move; White is chosen first.)
      await page.check('input[name="editor-turn"][value="white"]');
      await page.click('.editor-tool[data-tool="K"]');
      await press(page, 'e1');
      assert.equal((await shotOf(page, 'e1')).equals(bare), false, 'the King is painted on e1');
      await page.click('.editor-tool[data-tool="k"]');
      await press(page, 'e8');
      await press(page, 'd8');
      await press(page, 'd8');
      await page.click('.editor-tool[data-tool="L"]');
      await press(page, 'a1');
      await page.click('.editor-tool[data-tool="p"]');
      await press(page, 'a2');
      await press(page, 'a5');
      assert.deepEqual(await editor(page), { pieces: (await editor(page)).pieces, position: LEAPER, check: 'A legal position.', analyse: true });
      assert.equal(await page.getAttribute('.editor-tool[data-tool="p"]', 'aria-checked'), 'true');

      // The keyboard: the focus square from e1 (the last pressed was a5) to b5, Enter puts the
      // Pawn there, Delete takes it away again.
      await page.focus('.editor-board');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      assert.equal((await editor(page)).position, '4k3/8/8/pp6/8/8/p7/L3K3 w 0 1');
      await page.keyboard.press('Delete');
      assert.equal((await editor(page)).position, LEAPER);

      // The palette is one Tab stop, at the chosen piece; the arrow keys choose another, as
      // radio buttons do (fifteen Tab stops stood between the board and the side to move).
      const order = await page.$$eval('.editor-tool', (tools) => tools.map((tool) => /** @type {HTMLElement} */ (tool).dataset.tool));
      const stops = () => page.$$eval('.editor-tool', (tools) => tools.filter((tool) => /** @type {HTMLElement} */ (tool).tabIndex === 0).map((tool) => /** @type {HTMLElement} */ (tool).dataset.tool));
      const focused = () => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.tool);
      assert.deepEqual(await stops(), ['p']);
      await page.focus('.editor-tool[data-tool="p"]');
      await page.keyboard.press('ArrowLeft');
      const before = order[order.indexOf('p') - 1];
      assert.equal(await focused(), before);
      assert.deepEqual(await stops(), [before]);
      assert.equal(await page.getAttribute(`.editor-tool[data-tool="${before}"]`, 'aria-checked'), 'true');
      await page.keyboard.press('End');
      assert.equal(await focused(), order.at(-1));
      await page.keyboard.press('ArrowRight');
      assert.equal(await focused(), order[0], 'round from the last to the first');
      await page.click('.editor-tool[data-tool="p"]');

      // Dragged: the Leaper to a3 and back, painted where it went; the Pawn on a5 off the board,
      // then put back by a press (the palette's Pawn is still in hand).
      await dragPiece(page, 'a1', 'a3');
      assert.equal((await editor(page)).position, '4k3/8/8/p7/8/L7/p7/4K3 w 0 1');
      assert.equal(await page.textContent('.editor-said'), 'white Long Leaper from a1 to a3');
      assert.equal((await shotOf(page, 'a1')).equals(await shotOf(page, 'c1')), true, 'a1 painted empty, as c1');
      await dragPiece(page, 'a3', 'a1');
      await dragPiece(page, 'a5', null);
      assert.equal((await editor(page)).position, '4k3/8/8/8/8/8/p7/L3K3 w 0 1');
      await press(page, 'a5');
      assert.equal((await editor(page)).position, LEAPER);
      // A drag from an empty square puts the piece in hand where it ends (a Pawn on b4), and
      // nothing when it ends off the board.
      await dragPiece(page, 'b3', 'b4');
      assert.equal((await editor(page)).position, '4k3/8/8/p7/1p6/8/p7/L3K3 w 0 1');
      await press(page, 'b4');
      await dragPiece(page, 'b3', null);
      assert.equal((await editor(page)).position, LEAPER);
      // A press that slips a little within its square is a click: the Pawn on a5, pressed with
      // the Pawn in hand, goes; pressed again, it comes back.
      const box = await page.locator('.editor-board').boundingBox();
      if (!box) throw new Error('the editor board is not shown');
      const a5 = { x: box.x + box.width / 16, y: box.y + (3.5 * box.height) / 8 };
      await page.mouse.move(a5.x, a5.y);
      await page.mouse.down();
      await page.mouse.move(a5.x + 6, a5.y + 2, { steps: 3 });
      await page.mouse.up();
      assert.equal((await editor(page)).position, '4k3/8/8/8/8/8/p7/L3K3 w 0 1');
      await press(page, 'a5');
      // Escape during a drag puts the piece back and leaves the editor open.
      const a1 = { x: box.x + box.width / 16, y: box.y + (7.5 * box.height) / 8 };
      await page.mouse.move(a1.x, a1.y);
      await page.mouse.down();
      await page.mouse.move(a1.x, a1.y - box.height / 4, { steps: 4 });
      await page.keyboard.press('Escape');
      await page.mouse.up();
      assert.equal(await page.isVisible('#editor'), true);
      assert.equal((await editor(page)).position, LEAPER);
      // A palette's piece dragged onto the board is put there (by a mouse), carried under the
      // pointer on the way; dropped elsewhere, nothing.
      const tool = await page.locator('.editor-tool[data-tool="w"]').boundingBox();
      if (!tool) throw new Error('no palette');
      const d4 = { x: box.x + (3.5 * box.width) / 8, y: box.y + (4.5 * box.height) / 8 };
      await page.mouse.move(tool.x + tool.width / 2, tool.y + tool.height / 2);
      await page.mouse.down();
      await page.mouse.move(d4.x, d4.y, { steps: 8 });
      assert.equal(await page.isVisible('.editor-carried'), true);
      await page.mouse.up();
      assert.equal(await page.isVisible('.editor-carried'), false);
      assert.equal((await editor(page)).position, '4k3/8/8/p7/3w4/8/p7/L3K3 w 0 1');
      await page.mouse.move(tool.x + tool.width / 2, tool.y + tool.height / 2);
      await page.mouse.down();
      await page.mouse.move(tool.x + tool.width / 2, tool.y - 40, { steps: 4 });
      await page.mouse.up();
      assert.equal((await editor(page)).position, '4k3/8/8/p7/3w4/8/p7/L3K3 w 0 1');
      await dragPiece(page, 'd4', null);
      assert.equal((await editor(page)).position, LEAPER);
      // (The palette's Black Withdrawer is in hand now, as a click on it would leave it.)
      await page.click('.editor-tool[data-tool="p"]');

      // Black to move; a typed string is read (and a bad one refused, the board unchanged).
      await page.check('input[name="editor-turn"][value="black"]');
      assert.equal((await editor(page)).position, '4k3/8/8/p7/8/8/p7/L3K3 b 0 1');
      await page.fill('.editor-position', '4k3/9 w');
      await page.press('.editor-position', 'Enter');
      assert.match((await editor(page)).check ?? '', /^That position string cannot be read: /);
      // Its actions are off meanwhile: they would take the board's position, not the one typed.
      assert.equal((await editor(page)).analyse, false);
      // The board's own string typed back: the error goes, the actions come back.
      await page.fill('.editor-position', '4k3/8/8/p7/8/8/p7/L3K3 b 0 1');
      await page.press('.editor-position', 'Enter');
      assert.equal((await editor(page)).check, 'A legal position.');
      assert.equal((await editor(page)).analyse, true);
      await page.fill('.editor-position', '4k3/9 w');
      await page.press('.editor-position', 'Enter');
      await page.fill('.editor-position', '4k3/8/8/8/8/8/8/4K3 b');
      await page.press('.editor-position', 'Enter');
      assert.deepEqual(await editor(page), { pieces: `....K${'.'.repeat(55)}k...`, position: '4k3/8/8/8/8/8/8/4K3 b 0 1', check: 'A legal position.', analyse: true });
      await page.fill('.editor-position', LEAPER);
      await page.press('.editor-position', 'Enter');
      await page.screenshot({ path: `${ARTIFACTS}editor-${device}.png` });

      // Analyse: the position on the analysis board, the editor closed.
      await page.click('.editor-analyse');
      await page.waitForSelector('.analysis-dialog[open]');
      assert.equal(await page.isVisible('#editor'), false);
      await closeAnalysisView(page);

      // Opened again on the same game, the board comes back as it was left, not as the game's.
      await page.click('#open-editor');
      await page.waitForSelector('#editor[open]');
      assert.equal((await editor(page)).position, LEAPER);

      // Play from here: the new-game dialog with the position, and the game starts from it.
      await page.fill('.editor-position', LEAPER);
      await page.press('.editor-position', 'Enter');
      await page.click('.editor-play');
      await page.waitForSelector('#new-game-dialog[open]');
      assert.equal(await page.inputValue('#new-game-position'), LEAPER);
      await page.click('#new-game-start');
      assert.equal(await onBoard(page, (board) => board.position()), LEAPER);

      // From the analysis board: "Edit position" opens the editor on the position shown there
      // (one move back from the end), and the analysis closes.
      await onBoard(page, (board) => board.play('a1-a6'));
      await page.click('#analyse');
      await page.waitForSelector('.analysis-dialog[open]');
      await page.keyboard.press('ArrowLeft');
      await page.click('.analysis-edit');
      await page.waitForSelector('#editor[open]');
      assert.equal(await page.locator('.analysis-dialog').count(), 0);
      assert.equal((await editor(page)).position, LEAPER);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#editor', { state: 'hidden' });

      // And "Play from here…": the new-game dialog with the position shown there.
      await page.click('#analyse');
      await page.waitForSelector('.analysis-dialog[open]');
      await page.keyboard.press('ArrowLeft');
      await page.click('.analysis-play');
      await page.waitForSelector('#new-game-dialog[open]');
      assert.equal(await page.locator('.analysis-dialog').count(), 0);
      assert.equal(await page.inputValue('#new-game-position'), LEAPER);
      await page.click('#new-game-start');
      assert.equal(await onBoard(page, (board) => board.position()), LEAPER);
      // The position was for that dialog only: New game… starts from the setup again (it
      // started from the editor's position, unseen under the players' choices).
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      assert.equal(await page.inputValue('#new-game-position'), '');
      await page.keyboard.press('Escape');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
