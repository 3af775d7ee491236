// "Your games" (www/games.js, www/games-ui.js) on the game page, on a desktop and a phone
// viewport: a game against the computer that ends by play is kept with its words; ended again
// after a takeback it replaces itself, after a reload too; a rematch adds one; a record loaded
// finished adds none; Remove asks first; Download all saves every record; Analyse opens the
// game on the analysis board; Review puts it back on the page's board and reviews it; the list survives a reload; and an unreadable stored list is set
// aside, not lost or fatal. Each row shows its game's final position from the player's side,
// drawn as it comes into view, and a record that no longer reads an empty square in its place.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { reloadPage } from './browser.mjs';
import { ARTIFACTS, closeAnalysisView, decodeGif, onBoard, openGame, pixels, plies, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const { served, devices } = useDesktopAndPhone();

const LEVEL_3 = 'level\u00a03\u00a0— Casual';
/** A game Black resigned after White's first move. */
const RESIGNED = '[Result "1-0"]\n[Termination "resignation"]\n\n1. b2-b5 1-0\n';

/**
 * Starts a game against the computer at level 3 from the new-game dialog.
 *
 * @param {Page} page
 * @param {'white' | 'black'} side
 */
async function playComputer(page, side) {
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  await page.selectOption('#new-game-form select[name="side"]', side);
  await page.selectOption('#new-game-form select[name="level"]', '3');
  await page.click('#new-game-start');
}

/**
 * Plays `move` and waits for the computer's answer.
 *
 * @param {Page} page
 * @param {string} move
 */
async function playAndWait(page, move) {
  const before = await onBoard(page, (board) => board.history().length);
  await onBoard(page, (board, move) => board.play(move), move);
  await page.waitForFunction((n) => /** @type {any} */ (window).ultima.board.history().length === n + 2, before);
}

/**
 * A legal move of the side to move (not a suicide): what follows the computer's answer cannot be
 * written down in advance, since its answers vary from game to game (each game has its seed).
 *
 * @param {Page} page
 * @returns {Promise<string>}
 */
const anyMove = (page) => onBoard(page, (board) => Object.values(board.snapshot().moves).flat().find((m) => !m.suicide)?.text ?? '');

/** @param {Page} page */
async function resign(page) {
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result() !== null);
}

/**
 * Opens the list and reads it.
 *
 * @param {Page} page
 */
async function openList(page) {
  await page.click('#open-games');
  await page.waitForSelector('#games[open]');
  return page.evaluate(() => ({
    empty: !(/** @type {HTMLElement} */ (document.querySelector('.games-empty')).hidden),
    tally: /** @type {HTMLElement} */ (document.querySelector('.games-tally')).hidden ? null : document.querySelector('.games-tally')?.textContent,
    // The finished games' rows (not those of Set aside, under them).
    rows: [...document.querySelectorAll('#games > .games-list > .games-item')].map((item) => ({
      result: /** @type {HTMLElement} */ (item).dataset.result,
      title: item.querySelector('strong')?.textContent,
      detail: item.querySelector('.games-words span')?.textContent?.replace(/ · [^·]+$/, ''),
    })),
  }));
}

/**
 * The rows of "Set aside" as the list shows them.
 *
 * @param {Page} page
 */
const asideRows = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.games-aside-list .games-item')].map((item) => ({
      title: item.querySelector('strong')?.textContent,
      detail: item.querySelector('.games-words span')?.textContent?.replace(/ · set aside [^·]+$/, ''),
      actions: [...item.querySelectorAll('.games-actions > button')].filter((b) => !(/** @type {HTMLElement} */ (b).hidden)).map((b) => b.textContent),
    })),
  );

/** @param {Page} page */
async function closeList(page) {
  await page.keyboard.press('Escape');
  await page.waitForSelector('#games', { state: 'hidden' });
}

for (const { device, context } of devices) {
  test(`${device}: finished games are kept, replaced after a takeback, removed after asking, analysed`, { timeout: 120_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      assert.deepEqual(await openList(page), { empty: true, tally: null, rows: [] });
      assert.equal(await page.isVisible('.games-download'), false);
      await closeList(page);

      // A game against the computer, resigned after one move each.
      await playComputer(page, 'white');
      await playAndWait(page, 'b2-b5');
      await resign(page);
      const lost = { result: 'lost', title: `Lost against ${LEVEL_3}`, detail: 'As White · Black wins by resignation · 1 move' };
      assert.deepEqual(await openList(page), { empty: false, tally: 'Against the computer: 0 won, 1 lost, 0 drawn', rows: [lost] });
      await closeList(page);

      // Undo takes back the resignation; one more move each and it ends again: the same game,
      // its entry replaced, not a second one.
      await onBoard(page, (board) => board.undo());
      await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result() === null);
      await playAndWait(page, await anyMove(page));
      await resign(page);
      const lostLater = { ...lost, detail: 'As White · Black wins by resignation · 2 moves' };
      assert.deepEqual((await openList(page)).rows, [lostLater]);
      await closeList(page);

      // A rematch is another game: the computer opens as White, and the player resigns at once.
      await page.click('#rematch');
      await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1);
      await resign(page);
      const asBlack = { result: 'lost', title: `Lost against ${LEVEL_3}`, detail: 'As Black · White wins by resignation · 1 move' };
      assert.deepEqual((await openList(page)).rows, [asBlack, lostLater]);
      await page.screenshot({ path: `${ARTIFACTS}games-${device}.png` });

      // Download all: both records in one text file, the oldest first.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('.games-download')]);
      assert.match(download.suggestedFilename(), /^ultima-games-\d{4}-\d{2}-\d{2}\.txt$/);
      const file = await readFile(/** @type {string} */ (await download.path()), 'utf8');
      const records = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '').games.map((/** @type {{ record: string }} */ g) => g.record.trim()));
      assert.equal(file, `${records[1]}\n\n${records[0]}\n`);
      assert.equal(await page.textContent('.games-answer'), '2 games saved as a text file.');

      // Copy record copies that row's record (kept in the fallback field either way), and says so.
      await page.locator('.games-item').nth(1).locator('.games-copy').click();
      await page.waitForFunction(() => document.querySelector('.games-answer')?.textContent !== '2 games saved as a text file.');
      assert.equal((await page.inputValue('.games-text')).trim(), records[1]);
      assert.match(await page.textContent('.games-answer') ?? '', /^(The record was copied\.|Copy the selected text)/);

      // Game GIF saves that row's game animated, seen from the player's side: the newest game,
      // played as Black, starts with White's h1 Coordinator in the top-left corner; the other,
      // played as White, with Black's a8 Coordinator there.
      /** @param {number} row @returns {Promise<{ name: string, answer: string, corner: number[] }>} */
      const gifOf = async (row) => {
        const [gif] = await Promise.all([page.waitForEvent('download'), page.locator('.games-item').nth(row).locator('.games-gif').click()]);
        const bytes = await readFile(/** @type {string} */ (await gif.path()));
        const { frames } = await decodeGif(
          page,
          bytes,
          (pixels, width) => {
            const unit = width / 8;
            const i = (Math.floor(unit * 0.62) * width + Math.floor(unit / 2)) * 4;
            return Array.from(pixels.subarray(i, i + 3));
          },
          1,
        );
        const corner = frames[0]?.read ?? [];
        return { name: gif.suggestedFilename(), answer: (await page.textContent('.games-answer')) ?? '', corner };
      };
      const asBlackGif = await gifOf(0);
      assert.equal(asBlackGif.name, 'ultima-game-1-move.gif');
      assert.match(asBlackGif.answer, /^Game GIF saved as ultima-game-1-move\.gif \(\d+ KB, 1 ply\)\.$/);
      assert.ok(asBlackGif.corner.every((c) => c > 180), `a white piece in the top-left corner: ${asBlackGif.corner}`);
      const asWhiteGif = await gifOf(1);
      assert.equal(asWhiteGif.name, 'ultima-game-2-moves.gif');
      assert.ok(asWhiteGif.corner.every((c) => c < 90), `a black piece in the top-left corner: ${asWhiteGif.corner}`);

      // Each row shows its game's final position from the player's side (thumbnail.js): the
      // newest, played as Black, has its one move (the computer's, White's) tinted where the
      // board seen from Black shows it, and not where the board seen from White would, as an
      // untouched square of the same colour is not. (At this size a piece is more outline than
      // fill: the tints are what a test can read.)
      const [, from = '', to = ''] = /1\. ([a-h][1-8])-([a-h][1-8])/.exec(records[0] ?? '') ?? [];
      /** @param {string} square @returns {number} its colour: 0 dark, 1 light */
      const shade = (square) => (square.charCodeAt(0) + Number(square.slice(1))) % 2;
      /** @param {string} square @returns {string} where the board seen from Black shows it, named as seen from White */
      const seenFromBlack = (square) => `${String.fromCharCode(201 - square.charCodeAt(0))}${9 - Number(square.slice(1))}`;
      /** @param {string[]} squares @returns {Promise<string[]>} the colour near each one's corner */
      const corners = async (squares) => (await pixels(page, squares.map((square) => /** @type {[string, number, number]} */ ([square, -0.4, -0.4])), '.games-item .board-thumbnail')).map(String);
      // Drawn as it comes into view (at once here, the list's first row).
      await page.waitForSelector('.games-item:first-child .board-thumbnail[data-drawn]');
      const marked = [from, to].map(seenFromBlack);
      /** @param {string} square @returns {string} a middle square of its colour that the move left alone */
      const plain = (square) => ['c4', 'd4', 'e4', 'f4', 'c5', 'd5'].find((other) => !marked.includes(other) && shade(other) === shade(square)) ?? '';
      for (const square of marked) {
        const [tinted, untouched] = await corners([square, plain(square)]);
        assert.notEqual(tinted, untouched, `${square} marked as the last move's, seen from Black`);
      }
      const [fromSeenFromWhite, untouched] = await corners([from, plain(from)]);
      assert.equal(fromSeenFromWhite, untouched, `${from} not marked where the board seen from White has it`);

      // Remove asks in the row (what another action said goes); Escape answers no and keeps the
      // dialog open; yes removes.
      await page.locator('.games-item').nth(1).locator('.games-remove').click();
      assert.equal(await page.textContent('.games-answer'), '');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'No');
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('#games'), true);
      assert.equal(await page.locator('.games-item').nth(1).locator('.games-confirm:has(.games-remove-no)').isVisible(), false);
      await page.locator('.games-item').nth(1).locator('.games-remove').click();
      await page.locator('.games-item').nth(1).locator('.games-remove-yes').click();
      assert.equal(await page.textContent('.games-answer'), 'The game was removed from the list.');
      // The focus stays in the list, on the row now in that place (here the one before).
      assert.equal(await page.evaluate(() => document.activeElement?.closest('.games-item') === document.querySelectorAll('.games-item')[0]), true);
      assert.equal(await page.locator('.games-item').count(), 1);
      // Undo puts it back where it was, the focus on it, also after the list was narrowed.
      await page.selectOption('.games-filter-choice', 'here');
      await page.selectOption('.games-filter-choice', 'all');
      await page.click('.games-undo');
      assert.equal(await page.textContent('.games-answer'), 'The game is back in the list.');
      assert.equal(await page.isVisible('.games-undo'), false);
      assert.equal(await page.locator('.games-item').count(), 2);
      assert.equal(await page.evaluate(() => document.activeElement?.closest('.games-item') === document.querySelectorAll('.games-item')[1]), true);
      assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games.map((/** @type {any} */ game) => game.record.trim())), records);
      // The list shows the games of one kind: both against the computer, neither between two
      // players here (said, with the way back to them all).
      await page.selectOption('.games-filter-choice', 'computer');
      assert.equal(await page.locator('.games-item').count(), 2);
      await page.selectOption('.games-filter-choice', 'here');
      assert.equal(await page.locator('.games-item').count(), 0);
      assert.equal(await page.isVisible('.games-none'), true);
      await page.selectOption('.games-filter-choice', 'all');
      assert.equal(await page.isVisible('.games-none'), false);
      // Removed again, for what follows.
      await page.locator('.games-item').nth(1).locator('.games-remove').click();
      await page.locator('.games-item').nth(1).locator('.games-remove-yes').click();
      assert.equal(await page.locator('.games-item').count(), 1);
      await closeList(page);

      // A finished game loaded from its record (over a new game, no move made: nothing to ask)
      // arrives finished: it is not the player's to keep.
      await playComputer(page, 'white');
      assert.equal(await onBoard(page, (board) => board.result()), null);
      await page.click('.io summary');
      await page.fill('#record-text', RESIGNED);
      await page.click('#load-record');
      assert.equal(await page.textContent('#record-error'), 'Loaded.');
      assert.equal(await onBoard(page, (board) => board.result()?.kind), 'resignation');
      assert.equal((await openList(page)).rows.length, 1);

      // Analyse: the game on the analysis board, the list closed. On the desktop by a click on
      // the row's picture, which does the same as the button.
      assert.equal(await page.getAttribute('.games-item .board-thumbnail', 'title'), 'Analyse this game');
      await page.click(device === 'desktop' ? '.games-item .games-open' : '.games-analyse');
      await page.waitForSelector('.analysis-dialog[open]');
      assert.equal(await page.isVisible('#games'), false);
      // The kept game's one move (the computer's) is the analysis board's line.
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '').games[0].record);
      const first = /1\. (\S+)/.exec(kept)?.[1] ?? 'none';
      await page.waitForFunction((move) => document.querySelector('.analysis-dialog')?.textContent?.includes(move), first);
      // Its resignation set aside for the analysis unheard: the player took nothing back.
      assert.doesNotMatch((await page.textContent('.analysis-dialog .ultima-live')) ?? '', /taken back/);
      // Closed, it goes back to the list it came from.
      assert.equal(await page.textContent('.analysis-dialog .analysis-close'), 'Back to your games');
      await closeAnalysisView(page);
      await page.waitForSelector('#games[open]');
      await closeList(page);

      // The list is stored: a reload finds it. (The analysis board's engine may still be loading
      // its worker's script, which the reload cuts off.)
      await reloadPage(page, problems);
      await page.waitForSelector('body[data-ready]');
      assert.deepEqual((await openList(page)).rows, [asBlack]);
      await closeList(page);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('a game ended, reloaded, taken back and ended again keeps one entry; another game loaded and reloaded, or put on the board by the page\'s API, gets its own', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await playComputer(page, 'white');
    await playAndWait(page, 'b2-b5');
    await resign(page);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    // Undo after a resignation takes back only the resignation.
    await page.click('#undo');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result() === null);
    await playAndWait(page, await anyMove(page));
    await resign(page);
    const first = { result: 'lost', title: `Lost against ${LEVEL_3}`, detail: 'As White · Black wins by resignation · 2 moves' };
    assert.deepEqual((await openList(page)).rows, [first]);
    await closeList(page);

    // Another game loaded (White to move: nothing else is saved before the reload), the page
    // reloaded at once: that game, ended, is a game of its own (the finished game's id did not
    // go into storage with it, to replace the first game's entry).
    await page.click('.io summary');
    await page.fill('#record-text', '1. b2-b5 g7-g4 *');
    await page.click('#load-record');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.turn() === 'white');
    await resign(page);
    const rows = (await openList(page)).rows;
    assert.deepEqual(rows.slice(1), [first]);
    assert.equal(rows.length, 2);
    await closeList(page);

    // A game put on the board another way (the page's API, as an embedder's script would)
    // ends as a game of its own too; one that comes finished is not kept (it was not played here).
    await page.evaluate(() => /** @type {any} */ (window).ultima.embed.newGame({ record: '1. b2-b5 g7-g4 0-1' }));
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result()?.result === '0-1');
    await page.evaluate(() => /** @type {any} */ (window).ultima.embed.newGame({ setup: 'rotated' }));
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result() === null);
    await resign(page);
    const after = (await openList(page)).rows;
    assert.deepEqual(after.slice(1), rows);
    assert.equal(after.length, 3);
    await closeList(page);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the browser is asked to keep the page\'s storage when a first game is kept, and once a visit', { timeout: 90_000 }, async () => {
  // The browser's answer is its own (Chromium asks no one): what is tested is the asking, counted
  // by a stand-in for navigator.storage set up before the page's scripts run.
  await served.context.addInitScript(() => {
    if (!location.search.includes('persist-test')) return;
    const asked = /** @type {string[]} */ ([]);
    Object.assign(window, { persistAsked: asked });
    Object.defineProperty(navigator, 'storage', {
      value: { persisted: async () => false, persist: async () => (asked.push('persist'), false) },
    });
  });
  const { page, problems } = await openGame(served.context, `${served.url}?persist-test`);
  const asked = () => page.evaluate(() => /** @type {any} */ (window).persistAsked.length);
  try {
    await playComputer(page, 'white');
    await playAndWait(page, 'b2-b5');
    assert.equal(await asked(), 0, 'nothing kept yet, nothing asked');
    await resign(page);
    await page.waitForFunction(() => /** @type {any} */ (window).persistAsked.length === 1);
    await page.click('#undo');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.result() === null);
    await resign(page);
    assert.equal((await openList(page)).rows.length, 1);
    assert.equal(await asked(), 1, 'asked once a visit');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('Review puts a kept game back on the board with its opponent and reviews it, asking first over a game in progress', { timeout: 200_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // A game against level 3, one move each, resigned: kept.
    await playComputer(page, 'white');
    await playAndWait(page, 'b2-b5');
    await resign(page);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '').games[0].record);
    // Another game, under way: Review would replace it, so it asks; No keeps it.
    await page.click('#new-game');
    await page.check('#new-game-form input[name="mode"][value="two"]');
    await page.click('#new-game-start');
    await onBoard(page, (board) => board.play('c2-c4'));
    await openList(page);
    await page.click('.games-review');
    assert.equal(await page.textContent('.games-item .games-confirm:not([hidden]) span'), 'The unfinished game on the board will be set aside, to resume. Review this one?');
    assert.equal(await page.isVisible('.games-analyse'), false, 'the row\'s other actions make way');
    await page.click('.games-review-no');
    assert.equal(await page.isVisible('#games'), true);
    assert.deepEqual(await onBoard(page, (board) => board.history().map((p) => p.text)), ['c2-c4']);
    // Yes: the list closes, the kept game is on the board, against the same computer, reviewed.
    await page.click('.games-review');
    await page.click('.games-review-yes');
    await page.waitForSelector('#games', { state: 'hidden' });
    assert.equal(await onBoard(page, (board) => board.record()), kept);
    assert.equal(await onBoard(page, (board) => board.view().mode), 'ai');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 150_000 });
    assert.equal(await page.isVisible('#review'), true);
    // The game under way was set aside, and said so.
    assert.match((await page.textContent('#notice span')) ?? '', /The game that was on the board was kept: Your games lists it under “Set aside”/);
    // Nothing was added to the list: the game arrived finished; the one set aside is under
    // Set aside, to resume.
    assert.equal((await openList(page)).rows.length, 1);
    assert.equal(await page.locator('.games-resume').count(), 1);
    // Over a finished game it does not ask.
    await page.click('.games-review');
    await page.waitForSelector('#games', { state: 'hidden' });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('an unreadable stored list opens as empty, is set aside, and the next game starts a new one', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate(() => localStorage.setItem('ultima.games', '{"version":1,"games":[{"id":'));
    assert.deepEqual(await openList(page), { empty: true, tally: null, rows: [] });
    // Its text is under Set aside, to be copied out or removed.
    assert.deepEqual(await asideRows(page), [{ title: 'Saved data this page cannot use', detail: 'It is a list of finished games that could not be read whole', actions: ['Copy data', 'Remove…'] }]);
    await closeList(page);
    assert.deepEqual(
      await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('ultima.games.unreadable.')).map(([, text]) => text)),
      ['{"version":1,"games":[{"id":'],
    );
    // Removed, it stays removed: the list was rewritten as what could be read.
    await openList(page);
    await page.click('.games-aside-list .games-remove');
    await page.click('.games-aside-list .games-remove-yes');
    // Set aside's last row gone, the part hides, and the answer is said under the games.
    assert.equal(await page.isVisible('.games-aside'), false);
    assert.equal(await page.textContent('#games > .games-said > .games-answer'), 'It was removed from the list.');
    await closeList(page);
    await openList(page);
    assert.deepEqual(await asideRows(page), []);
    await closeList(page);
    // Two players: White resigns at once.
    await resign(page);
    assert.deepEqual((await openList(page)).rows, [{ result: 'decided', title: 'Two players on this device', detail: 'Black wins by resignation · 0 moves' }]);
    await page.waitForSelector('.games-item .board-thumbnail[data-drawn]');
    await closeList(page);

    // A kept game whose record no longer reads (changed by hand): its row is there all the same,
    // its picture an empty square that says why.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('ultima.games') ?? '');
      stored.games[0].record += ' and more';
      localStorage.setItem('ultima.games', JSON.stringify(stored));
    });
    assert.equal((await openList(page)).rows.length, 1);
    await page.waitForSelector('.games-item .board-thumbnail.unreadable');
    assert.equal(await page.locator('.games-item .board-thumbnail[data-drawn]').count(), 0);
    assert.match((await page.getAttribute('.games-item .board-thumbnail.unreadable', 'title')) ?? '', /^No picture: game record, .+/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a game kept in a full list says that the oldest made way, once a visit', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate((record) => {
      const games = Array.from({ length: 50 }, (_, i) => ({ id: `g${i}`, ended: Date.now() - (i + 1) * 86_400_000, record: `${record}\n{${i}}`, result: '1-0', kind: 'resignation', winner: 'white', opponent: null, plies: 1 }));
      localStorage.setItem('ultima.games', JSON.stringify({ version: 1, games }));
    }, RESIGNED);
    /** @param {string} move */
    const finish = async (move) => {
      await onBoard(page, (board, text) => {
        board.newGame({});
        board.play(text);
        board.resign('black');
      }, move);
    };
    await finish('b2-b5');
    await page.waitForSelector('#notice:not([hidden])');
    assert.match((await page.textContent('#notice span')) ?? '', /^Your games keeps the last 50 games: the oldest, ended .+, made way for this one\. “Download all” in Your games saves every record as a text file\.$/);
    const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games.map((/** @type {{ id: string }} */ game) => game.id));
    assert.equal((await kept()).length, 50);
    assert.equal((await kept()).includes('g49'), false);
    // The next one says nothing more this visit.
    await page.click('#notice .notice-close');
    // (Another game: the same one again within the minute is the same end told twice.)
    await finish('c2-c4');
    await page.waitForFunction(() => !JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games.some((/** @type {{ id: string }} */ game) => game.id === 'g48'));
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a long list draws its pictures as they come into view, not all when it opens; a removal says so in sight, with Undo', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate((record) => {
      const games = Array.from({ length: 40 }, (_, i) => ({ id: `g${i}`, ended: Date.now() - i * 60_000, record, result: '1-0', kind: 'resignation', winner: 'white', opponent: null, plies: 1 }));
      localStorage.setItem('ultima.games', JSON.stringify({ version: 1, games }));
    }, RESIGNED);
    await page.click('#open-games');
    await page.waitForSelector('.games-item:first-child .board-thumbnail[data-drawn]');
    assert.equal(await page.locator('.games-item').count(), 40);
    const last = page.locator('.games-item:last-child .board-thumbnail');
    assert.equal(await last.getAttribute('data-drawn'), null, 'the last row, far below, not drawn yet');
    await last.scrollIntoViewIfNeeded();
    await page.waitForSelector('.games-item:last-child .board-thumbnail[data-drawn]');
    // A row removed near the top: what it said and Undo are in sight at the dialog's foot, not
    // under the 39 rows left, and over the rows that scroll under them.
    await page.locator('.games-item').nth(2).scrollIntoViewIfNeeded();
    await page.locator('.games-item').nth(2).locator('.games-remove').click();
    await page.locator('.games-item').nth(2).locator('.games-remove-yes').click();
    assert.equal(await page.textContent('.games-said .games-answer'), 'The game was removed from the list.');
    const seen = await page.evaluate(() => {
      const undo = /** @type {HTMLElement} */ (document.querySelector('.games-undo')).getBoundingClientRect();
      const dialog = /** @type {HTMLElement} */ (document.getElementById('games')).getBoundingClientRect();
      const top = document.elementFromPoint(undo.x + undo.width / 2, undo.y + undo.height / 2);
      return { inside: undo.top >= dialog.top && undo.bottom <= dialog.bottom && dialog.bottom <= innerHeight, onTop: top?.classList.contains('games-undo') ?? false };
    });
    assert.deepEqual(seen, { inside: true, onTop: true });
    await page.click('.games-undo');
    assert.equal(await page.locator('.games-item').count(), 40);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

for (const { device, context } of devices) {
  test(`${device}: what the page set aside is listed under Your games, and can be resumed, analysed or removed`, { timeout: 90_000 }, async () => {
    // Two players, one move played: a game under way.
    const { page, problems } = await openGame(context(), served.url, JSON.stringify({ version: 1, record: '1. b2-b5 *', settings: {} }));
    try {
      const against = JSON.stringify({ version: 1, record: '1. c2-c4 g7-g5 *', settings: { opponent: { computer: 'black', level: 3 }, orientation: 'white' } });
      await page.evaluate(
        ([against, resigned]) => {
          localStorage.setItem('ultima.page.backup.2026-11-29T14:30:00.000Z', against);
          localStorage.setItem('ultima.page.backup.2026-11-28T10:00:00.000Z', '{not json');
          localStorage.setItem('ultima.page.backup.2026-11-27T10:00:00.000Z', JSON.stringify({ version: 1, record: resigned, settings: {} }));
        },
        [against, RESIGNED],
      );
      await openList(page);
      assert.deepEqual(await asideRows(page), [
        { title: `Against ${LEVEL_3}`, detail: 'As White · Unfinished · 1 move', actions: ['Resume', 'Analyse', 'Copy record', 'Remove…'] },
        { title: 'Saved data this page cannot use', detail: 'It could not be read', actions: ['Copy data', 'Remove…'] },
        { title: 'Two players on this device', detail: 'White wins by resignation · 1 move', actions: ['Analyse', 'Copy record', 'Remove…'] },
      ]);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Resume', 'the first row\'s first action has the focus');
      await page.waitForSelector('.games-aside-list .games-item:first-child .board-thumbnail[data-drawn]');
      await page.screenshot({ path: `${ARTIFACTS}games-aside-${device}.png` });

      // Remove asks in the row; Yes removes it for good, and the focus goes to the row now there.
      const unreadable = page.locator('.games-aside-list .games-item').nth(1);
      await unreadable.locator('.games-remove').click();
      assert.equal(await unreadable.locator('.games-confirm:not([hidden]) span').textContent(), 'Remove this for good?');
      await unreadable.locator('.games-remove-yes').click();
      assert.deepEqual((await asideRows(page)).map((row) => row.title), [`Against ${LEVEL_3}`, 'Two players on this device']);
      assert.equal(await page.evaluate(() => localStorage.getItem('ultima.page.backup.2026-11-28T10:00:00.000Z')), null);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Analyse', 'the next row\'s first action');
      // Said under Set aside, near the button pressed, not under the finished games.
      assert.equal(await page.textContent('.games-aside .games-answer'), 'It was removed from the list.');

      // Resume over the game under way asks first; No keeps everything as it was.
      await page.click('.games-resume');
      assert.equal(await page.textContent('.games-aside-list .games-confirm:not([hidden]) span'), 'The unfinished game on the board is set aside in its place. Resume this one?');
      await page.click('.games-resume-no');
      assert.deepEqual(await plies(page), ['b2-b5']);
      // Yes: the game is back against its computer, seen from the player's side, and the game
      // that was on the board is set aside in its turn.
      await page.click('.games-resume');
      await page.click('.games-resume-yes');
      await page.waitForSelector('#games', { state: 'hidden' });
      assert.deepEqual(await plies(page), ['c2-c4', 'g7-g5']);
      assert.equal(await onBoard(page, (board) => board.view().mode), 'ai');
      assert.equal(await onBoard(page, (board) => board.view().orientation), 'white');
      await page.waitForFunction(() => document.activeElement?.id === 'board', null, { timeout: 5000 });
      assert.match((await page.textContent('#notice')) ?? '', /^The game set aside was resumed: 1 move, White to move\. The game that was on the board was kept in its place: Your games lists it under “Set aside”/);
      // Another game put on the board, not a move played: its last move is not announced as one
      // (it was, being one ply more than the game it replaced).
      assert.doesNotMatch((await page.textContent('#board-host .ultima-live')) ?? '', /g7 to g5/);
      const keys = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ultima.page.backup.')).sort());
      assert.equal(keys.length, 2, keys.join());
      assert.ok(!keys.includes('ultima.page.backup.2026-11-29T14:30:00.000Z'), 'the resumed game is no longer set aside');
      await openList(page);
      assert.deepEqual((await asideRows(page))[0], { title: 'Two players on this device', detail: 'Unfinished · 1 move', actions: ['Resume', 'Analyse', 'Copy record', 'Remove…'] });
      // Resumed by the player: the computer's side and level came back with it, and a reload
      // keeps them.
      await closeList(page);
      await reloadPage(page, problems);
      await page.waitForSelector('body[data-ready]');
      assert.deepEqual(await plies(page), ['c2-c4', 'g7-g5']);
      assert.equal(await onBoard(page, (board) => board.view().mode), 'ai');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
