// The puzzle trainer (www/puzzles-ui.js) on the game page: a puzzle solved by clicks (taps on a
// phone), the computer answering the defender's replies; a puzzle failed, its solution shown;
// the rating and streak kept in localStorage, the session's row of the puzzles played, a chosen
// difficulty, and damaged stored values survived; a puzzle's own link.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { launch, reloadPage } from './browser.mjs';
import { ARTIFACTS, openGame, ready, useDesktopAndPhone } from './game-page.mjs';
import { byClicks, playMove, pressSquare, solverOf, squareBox } from './trainer-moves.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Puzzle } from '../www/puzzles.js' */

/** @typedef {Omit<Puzzle, 'lead'> & { before: string, lastMove: string }} FilePuzzle  as the file has it */
/** @type {{ puzzles: FilePuzzle[] }} */
const SET = JSON.parse(readFileSync(new URL('../www/puzzles.json', import.meta.url), 'utf8'));

const { served, phone } = useDesktopAndPhone();

/**
 * Waits until the trainer shows puzzle `id` at `phase` ("try", "busy", "showing", "solved", "failed") and,
 * if given, at move `index` of its line.
 *
 * @param {Page} page
 * @param {string} id
 * @param {string} phase
 * @param {number} [index]
 */
async function at(page, id, phase, index) {
  await page.waitForFunction(
    ([id, phase, index]) => {
      const dialog = document.getElementById('puzzles');
      return dialog?.dataset.puzzle === id && dialog.dataset.phase === phase && (index === null || dialog.dataset.index === String(index)) && document.querySelector('.puzzles-board canvas[data-paints]') !== null;
    },
    [id, phase, index ?? null],
  );
}

/** @type {(page: Page, square: string, bottom: 'white' | 'black', touch: boolean) => Promise<void>} */
const press = (page, square, bottom, touch) => pressSquare(page, '.puzzles-board', square, bottom, touch);
/** @type {(page: Page, move: string, bottom: 'white' | 'black', touch: boolean) => Promise<void>} */
const play = (page, move, bottom, touch) => playMove(page, '.puzzles-board', move, bottom, touch);

/**
 * Solves the puzzle on the trainer's board: the solver's moves by clicks (or taps), a suicide by
 * its button, each after the computer's reply.
 *
 * @param {Page} page
 * @param {FilePuzzle} puzzle
 * @param {boolean} touch
 */
async function solve(page, puzzle, touch) {
  const solver = solverOf(puzzle);
  for (let i = 0; i < puzzle.moves.length; i += 2) {
    await at(page, puzzle.id, 'try', i);
    const move = puzzle.moves[i] ?? '';
    if (move.endsWith('-')) {
      await press(page, move.slice(0, 2), solver, touch);
      await page.click('.puzzles-suicide');
    } else await play(page, move, solver, touch);
  }
  await at(page, puzzle.id, 'solved');
}

/** @param {Page} page */
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('ultima.puzzles') ?? 'null'));

/** @param {Page} page @param {string} id */
const open = (page, id) => page.evaluate((id) => /** @type {any} */ (window).ultima.openPuzzles(id), id);

/**
 * Opens the trainer by the page's Puzzles button, then the puzzle `id`, ready to be tried.
 *
 * @param {Page} page
 * @param {string} id
 */
async function openPuzzle(page, id) {
  await page.click('#open-puzzles');
  await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
  await open(page, id);
  await at(page, id, 'try', 0);
}


/**
 * The session's row: each puzzle's id, what it shows, its result and whether it is on the board.
 *
 * @param {Page} page
 */
const session = (page) =>
  page.$$eval('.puzzles-session-puzzle', (buttons) =>
    buttons.map((b) => ({ id: /** @type {HTMLElement} */ (b).dataset.puzzle, text: b.textContent, result: b.classList.contains('solved') ? 'solved' : 'missed', current: b.getAttribute('aria-current') === 'true' })),
  );

test('desktop: a puzzle with a reply solved by clicks; the rating and streak are kept', { timeout: 120_000 }, async () => {
  // Black's, so that the board seen from the solver's side is not the default one.
  const puzzle = SET.puzzles.find((p) => p.moves.length >= 3 && byClicks(p) && solverOf(p) === 'black' && !p.lastMove.endsWith('-'));
  assert.ok(puzzle, 'a puzzle with a defender reply');
  const solver = solverOf(puzzle);
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // The way in: the page's Puzzles button opens the trainer at a puzzle.
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.match((await page.textContent('.puzzles-player')) ?? '', /^Your rating 1500 \(provisional\) · streak 0 · best 0$/);
    await open(page, puzzle.id);
    await at(page, puzzle.id, 'try', 0);
    // The opponent's last move was played first: its piece stands where it went, its square left empty.
    const [leadFrom, leadTo] = [puzzle.lastMove.slice(0, 2), puzzle.lastMove.slice(3, 5)];
    assert.match((await page.getAttribute(`.puzzles-board .ultima-mirror [data-square="${leadTo}"]`, 'aria-label')) ?? '', new RegExp(`^${leadTo}, ${solver === 'white' ? 'black' : 'white'} `));
    assert.equal(await page.getAttribute(`.puzzles-board .ultima-mirror [data-square="${leadFrom}"]`, 'aria-label'), leadFrom);
    assert.match((await page.textContent('.puzzles-task')) ?? '', new RegExp(`^${solver === 'white' ? 'White' : 'Black'} to move: find the only move that wins`));
    // Analyse is offered once the puzzle is over, not while it is tried.
    assert.equal(await page.isHidden('.puzzles-analyse'), true);
    await page.screenshot({ path: `${ARTIFACTS}puzzles-desktop.png` });
    for (let i = 0; i < puzzle.moves.length; i += 2) {
      await at(page, puzzle.id, 'try', i);
      await play(page, puzzle.moves[i] ?? '', solver, false);
      if (i + 1 < puzzle.moves.length) {
        // The computer answers with the defender's reply, then it is the solver's turn again.
        await at(page, puzzle.id, 'try', i + 2);
        const reply = (puzzle.moves[i + 1] ?? '').slice(3, 5);
        const label = await page.getAttribute(`.puzzles-board .ultima-mirror [data-square="${reply}"]`, 'aria-label');
        assert.match(label ?? '', new RegExp(`^${reply}, ${solver === 'white' ? 'black' : 'white'} `), `the reply reached ${reply}`);
      }
    }
    await at(page, puzzle.id, 'solved');
    // Solved, with what the winning move did in words: how it took its pieces when it took
    // any, else what a quiet move does (it freezes, mates, stalemates, or wins material later).
    const winning = puzzle.moves.at(-1) ?? '';
    const words = winning.includes('x') ? `(White|Black)'s [A-Za-z ]+ ${winning.slice(0, 5)} took .+\\. ` : '(Freezes .+\\. |Checkmate\\. |Stalemate: .+\\. |A quiet move: .+\\) )?';
    const solvedWords = (await page.textContent('.puzzles-feedback')) ?? '';
    assert.match(solvedWords, new RegExp(`^Solved! ${words}Rating \\d+ \\(\\+\\d+\\)\\.$`));
    assert.equal(await page.isVisible('.puzzles-next'), true);
    // On a laptop's 1366 × 768 the dialog itself does not scroll, solved (its panel's longest),
    // where its foot was cut off with no sign that it scrolled: what is more scrolls in the
    // column beside the board, its scroll bar in sight.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 1366, height: 768 });
    const dialogScroll = await page.evaluate(() => {
      const dialog = /** @type {HTMLElement} */ (document.getElementById('puzzles'));
      return dialog.scrollHeight - dialog.clientHeight;
    });
    assert.equal(dialogScroll, 0, 'the dialog scrolls');
    if (size) await page.setViewportSize(size);
    // The session's row: this puzzle, solved, with the rating's gain.
    assert.deepEqual(await session(page), [{ id: puzzle.id, text: /\((\+\d+)\)\.$/.exec(solvedWords)?.[1], result: 'solved', current: true }]);
    const standing = await stored(page);
    assert.equal(standing.tried[puzzle.id], 'solved');
    assert.equal(standing.streak, 1);
    assert.ok(standing.rating.rating > 1500);
    await page.screenshot({ path: `${ARTIFACTS}puzzles-solved-desktop.png` });

    // "Analyse" opens the puzzle on the analysis board: the opponent's last move, then the
    // solution as the main line, shown at the puzzle's position.
    await page.click('.puzzles-analyse');
    await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
    assert.equal(await page.evaluate(() => document.getElementById('puzzles')?.hasAttribute('open')), false);
    await page.waitForFunction((n) => document.querySelectorAll('.analysis-dialog .analysis-moves button[data-node]').length === n, puzzle.moves.length + 1);
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('.analysis-dialog .analysis-moves button[data-node]')].findIndex((b) => b.getAttribute('aria-current') === 'step')), 0);
    // Opening there took nothing back: nothing of the kind is heard.
    assert.equal(await page.evaluate(() => document.querySelector('.analysis-dialog .ultima-live')?.textContent?.includes('Took back')), false);
    // Seen from the solver's side, as the trainer showed it: its first rank at the bottom.
    assert.equal(await page.getAttribute('.analysis-dialog .ultima-mirror [role=row]:last-child [role=gridcell]:last-child', 'data-square'), solver === 'white' ? 'h1' : 'a8');
    // The engine has answered (its worker is loaded, not cut off mid-request by the closing).
    await page.waitForSelector('.analysis-dialog .analysis-panel[data-best]', { timeout: 60_000 });
    // Its close button says where it goes: back to the puzzle.
    assert.equal(await page.textContent('.analysis-dialog .analysis-close'), 'Back to the puzzle');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.analysis-dialog', { state: 'detached' });
    // Closing went back in the history (the address loses ?analysis, or a reload reopens it).
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('analysis'));
    // And to the trainer as it was left: the same puzzle, solved, Next puzzle at hand.
    await page.waitForSelector('#puzzles[open]');
    await at(page, puzzle.id, 'solved');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('puzzles-next')), true);

    // Kept across a reload, which opens the trainer again (the reload was on its history
    // entry); "Next puzzle" brings another one.
    await reloadPage(page, problems);
    await ready(page);
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.match((await page.textContent('.puzzles-player')) ?? '', /^Your rating \d+ \(provisional\) · streak 1 · best 1$/);
    assert.notEqual(await page.getAttribute('#puzzles', 'data-puzzle'), puzzle.id);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('desktop: a hint marks the piece to move; the puzzle, solved with it, counts as missed', { timeout: 120_000 }, async () => {
  const puzzle = SET.puzzles.find((p) => byClicks(p) && p.moves.length === 1);
  assert.ok(puzzle);
  const solver = solverOf(puzzle);
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await openPuzzle(page, puzzle.id);
    const from = (puzzle.moves[0] ?? '').slice(0, 2);
    // The piece's square as painted, before and after the hint: the hint rings it.
    const clip = await squareBox(page, '.puzzles-board', from, solver);
    const square = () => page.screenshot({ clip });
    const plain = await square();
    await page.click('.puzzles-hint');
    assert.equal(await page.textContent('.puzzles-feedback'), `Hint: the piece on ${from} moves. The puzzle counts as missed now.`);
    // Once a puzzle: the button goes.
    assert.equal(await page.isHidden('.puzzles-hint'), true);
    await page.waitForFunction(() => !document.querySelector('.puzzles-board canvas')?.hasAttribute('data-animating'));
    assert.notDeepEqual(await square(), plain, `${from} is marked`);
    await play(page, puzzle.moves[0] ?? '', solver, false);
    await at(page, puzzle.id, 'solved');
    const said = (await page.textContent('.puzzles-feedback')) ?? '';
    assert.match(said, /^Solved, with a hint\..* Rating \d+ \(−\d+\)\.$/, said);
    const standing = await stored(page);
    assert.equal(standing.tried[puzzle.id], 'failed');
    assert.equal(standing.streak, 0);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('desktop: a wrong move fails the puzzle and shows the solution', { timeout: 120_000 }, async () => {
  // A one-move puzzle whose solution captures: its words say how.
  const puzzle = SET.puzzles.find((p) => byClicks(p) && p.moves.length === 1 && (p.moves[0] ?? '').includes('x') && !p.lastMove.endsWith('-'));
  assert.ok(puzzle);
  const solver = solverOf(puzzle);
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await openPuzzle(page, puzzle.id);
    // What the board says from now on (its live region).
    await page.evaluate(() => {
      const heard = /** @type {string[]} */ ([]);
      Object.assign(window, { heard });
      new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => heard.push(node.textContent ?? '')))).observe(/** @type {Node} */ (document.querySelector('.puzzles-board .ultima-live')), { childList: true });
    });
    // The solution's piece, moved elsewhere: a legal move, and wrong.
    const [from = '', rest = ''] = (puzzle.moves[0] ?? '').split('-');
    await press(page, from, solver, false);
    const dests = ((await page.getAttribute('.puzzles-board .ultima-mirror', 'data-dests')) ?? '').split(' ').filter(Boolean);
    const wrong = dests.find((d) => d !== rest.slice(0, 2));
    assert.ok(wrong, `another destination than the solution's among ${dests}`);
    await press(page, wrong, solver, false);
    // While the solution plays, the ways on are there already: it need not be watched.
    await at(page, puzzle.id, 'showing');
    assert.deepEqual(await Promise.all(['.puzzles-next', '.puzzles-retry'].map((s) => page.isVisible(s))), [true, true]);
    await at(page, puzzle.id, 'failed');
    const said = (await page.textContent('.puzzles-feedback')) ?? '';
    // In display notation: the piece's letter, the move, its captures spaced.
    const [target = '', ...taken] = rest.split('x');
    const display = `${from}-${target}${taken.map((sq) => ` x${sq}`).join('')}`;
    assert.match(said, new RegExp(`^The solution: [KWCILXP]${display}[+#]?\\.`), said);
    // Its moves in figurines, every move of the line.
    assert.equal(await page.locator('.puzzles-feedback .figured-move').count(), puzzle.moves.length);
    assert.match(said, /Rating \d+ \(−\d+\)\.$/);
    // The session: this puzzle, missed, with what it did to the rating, and on the board.
    const missed = { id: puzzle.id, text: /\((−\d+)\)\.$/.exec(said)?.[1], result: 'missed', current: true };
    assert.deepEqual(await session(page), [missed]);
    assert.equal(await page.getAttribute('.puzzles-session-puzzle', 'aria-label'), `Puzzle ${puzzle.id}, missed, rating ${missed.text}`);
    // The solution's capture is said with how it took.
    assert.match(said, /(White|Black)'s [A-Za-z ]+ [a-h][1-8]-[a-h][1-8] took the .+\. Rating/, said);
    // The wrong move was taken back, heard as such; the opponent's last move was not played again.
    const heard = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).heard));
    assert.ok(heard.some((text) => text.startsWith(`Took back ${from}-${wrong}`)), heard.join(' | '));
    assert.ok(!heard.some((text) => text.includes(`${puzzle.lastMove.slice(0, 2)} to ${puzzle.lastMove.slice(3, 5)}`)), heard.join(' | '));
    // The solution was played on the board: its piece stands where it went.
    const to = rest.slice(0, 2);
    assert.match((await page.getAttribute(`.puzzles-board .ultima-mirror [data-square="${to}"]`, 'aria-label')) ?? '', new RegExp(`^${to}, ${solver} `));
    const standing = await stored(page);
    assert.equal(standing.tried[puzzle.id], 'failed');
    assert.equal(standing.streak, 0);
    assert.ok(standing.rating.rating < 1500);
    await page.screenshot({ path: `${ARTIFACTS}puzzles-failed-desktop.png` });
    assert.equal(await page.textContent('.puzzles-missed'), ' Only the ones I missed (1)');
    // Only the missed ones: this puzzle again, the only one. Trying again does not rate a
    // second time, and solved, it is missed no more.
    await page.check('.puzzles-missed input');
    assert.equal(await page.textContent('.puzzles-matching'), `1 puzzle of ${SET.puzzles.length}`);
    await at(page, puzzle.id, 'try', 0);
    await play(page, puzzle.moves[0] ?? '', solver, false);
    await at(page, puzzle.id, 'solved');
    assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^Solved!( .+[.)])?$/, 'no rating the second time');
    // The session keeps the first try's result.
    assert.deepEqual(await session(page), [missed]);
    const after = await stored(page);
    assert.deepEqual(after.rating, standing.rating);
    assert.deepEqual([after.redone, after.filter.missed], [{ [puzzle.id]: true }, true]);
    assert.equal(await page.textContent('.puzzles-missed'), ' Only the ones I missed (0)');
    await page.click('.puzzles-next');
    await page.waitForFunction(() => /^No puzzle you missed is left here: well done\./.test(document.querySelector('.puzzles-task')?.textContent ?? ''));
    // The puzzle left on the board is faded and still, its caption gone (it looked live).
    assert.deepEqual(await page.evaluate(() => [document.querySelector('.puzzles-board')?.classList.contains('puzzles-none'), document.querySelector('.puzzles-about')?.textContent]), [true, '']);
    // Unticked: new puzzles again.
    await page.uncheck('.puzzles-missed input');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.deepEqual(await session(page), [{ ...missed, current: false }]);
    // The results by motif count the first try: each of the puzzle's motifs, 0 of 1 solved; its
    // Practise offers that motif's puzzles.
    const motif = puzzle.motifs[0] ?? '';
    await page.click('.puzzles-results > summary');
    assert.match((await page.textContent(`.puzzles-results-list [data-motif="${motif}"]`)) ?? '', /: 0 of 1 solved at the first try \(0%\)Practise$/);
    await page.click(`.puzzles-results-list [data-motif="${motif}"] .puzzles-practise`);
    assert.equal(await page.inputValue('.puzzles-filters select[name="motif"]'), motif);
    assert.equal((await stored(page)).filter.motif, motif);
    // A puzzle of the session comes back to the board by a click.
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    await page.click(`.puzzles-session-puzzle[data-puzzle="${puzzle.id}"]`);
    await at(page, puzzle.id, 'try', 0);
    assert.deepEqual(await session(page), [missed]);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('phone: a puzzle solved by taps; a filter; damaged stored standing survived', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(phone(), served.url);
  try {
    await page.evaluate(() => localStorage.setItem('ultima.puzzles', '{"version":1,"rating":{"rating":"x"},"streak":'));
    await page.reload();
    await ready(page);
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.match((await page.textContent('.puzzles-player')) ?? '', /^Your rating 1500 \(provisional\) · streak 0 · best 0$/);
    // The pieces are named by role, either side's counted: the solver may be White or Black.
    const kings = SET.puzzles.filter((p) => p.pieces.includes('K')).length;
    assert.equal(await page.textContent('select[data-filter="piece"] option[value="K"]'), `King (${kings})`);
    // The Chameleon's puzzles only: every one offered has its theme.
    await page.focus('select[data-filter="motif"]');
    await page.selectOption('select[data-filter="motif"]', 'chameleon');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    const id = (await page.getAttribute('#puzzles', 'data-puzzle')) ?? '';
    const puzzle = SET.puzzles.find((p) => p.id === id);
    assert.ok(puzzle && puzzle.motifs.includes('chameleon'), id);
    const count = SET.puzzles.filter((p) => p.motifs.includes('chameleon')).length;
    assert.equal(await page.textContent('.puzzles-matching'), `${count} puzzle${count === 1 ? '' : 's'} of ${SET.puzzles.length}`);
    // The focus stays on the filter, for the next choice (the task's took the page to the top).
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-filter')), 'motif');
    // The other filters count among the Chameleon's puzzles: what choosing each would offer.
    const chameleonKings = SET.puzzles.filter((p) => p.motifs.includes('chameleon') && p.pieces.includes('K')).length;
    assert.equal(await page.textContent('select[data-filter="piece"] option[value="K"]'), `King (${chameleonKings})`);
    const mateLengths = new Set(SET.puzzles.filter((p) => p.motifs.includes('chameleon') && p.mate !== null).map((p) => String(p.mate)));
    assert.deepEqual(await page.$$eval('select[data-filter="mate"] option', (options) => options.map((o) => o.getAttribute('value')).filter(Boolean)), [...mateLengths].sort());
    // Back up to the puzzle, which the filters are a screen below.
    await page.evaluate(() => document.getElementById('puzzles')?.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS}puzzles-phone.png` });
    // While it is solved, the buttons under the board stay where they are, frame after frame:
    // what is said of each move comes under them, and Hint waits, unusable, through each reply.
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.buttonTops = new Set();
      const dialog = /** @type {HTMLElement} */ (document.getElementById('puzzles'));
      const watch = () => {
        if (dialog.dataset.phase === 'solved') return;
        if (dialog.dataset.phase === 'try' || dialog.dataset.phase === 'busy') {
          for (const selector of ['.puzzles-hint', '.puzzles-link']) w.buttonTops.add(`${selector} ${document.querySelector(selector)?.getBoundingClientRect().top}`);
        }
        requestAnimationFrame(watch);
      };
      watch();
    });
    await solve(page, puzzle, true);
    assert.equal((await page.evaluate(() => [.../** @type {any} */ (window).buttonTops])).length, 2);
    const actions = await page.locator('.puzzles-actions').boundingBox();
    const feedback = await page.locator('.puzzles-feedback').boundingBox();
    assert.ok(actions && feedback && actions.y < feedback.y, 'the buttons above the words');
    assert.equal((await stored(page)).filter.motif, 'chameleon');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('desktop: a chosen difficulty draws the next puzzles that far above the rating, and is kept; the session through a reload', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    const first = await page.getAttribute('#puzzles', 'data-puzzle');
    assert.equal(await page.inputValue('select[name="difficulty"]'), 'normal');
    // Chosen during a puzzle: that puzzle stays, the next ones follow the choice.
    await page.selectOption('select[name="difficulty"]', 'hardest');
    assert.equal(await page.getAttribute('#puzzles', 'data-puzzle'), first);
    assert.equal((await stored(page)).difficulty, 'hardest');
    // Showing the solution of a rated puzzle asks first, with what it costs; Keep trying puts
    // the question away, the puzzle still to solve.
    await page.click('.puzzles-solution');
    assert.match((await page.textContent('#puzzles-solution-question')) ?? '', /^Show the solution\? The puzzle then counts as missed: your rating goes to \d+ \(−\d+\)\.$/);
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'puzzles-solution-no');
    await page.click('.puzzles-solution-no');
    assert.equal(await page.isHidden('.puzzles-confirm'), true);
    assert.equal(await page.getAttribute('#puzzles', 'data-phase'), 'try');
    assert.equal((await stored(page)).rating.rating, 1500);
    await page.click('.puzzles-solution');
    const cost = Number(/goes to (\d+)/.exec((await page.textContent('#puzzles-solution-question')) ?? '')?.[1]);
    await page.click('.puzzles-solution-yes');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'failed');
    assert.equal(Math.round((await stored(page)).rating.rating), cost);
    assert.equal(await page.isHidden('.puzzles-confirm'), true);
    const rating = (await stored(page)).rating.rating;
    await page.click('.puzzles-next');
    await page.waitForFunction((id) => document.getElementById('puzzles')?.dataset.phase === 'try' && document.getElementById('puzzles')?.dataset.puzzle !== id, first);
    const id = await page.getAttribute('#puzzles', 'data-puzzle');
    const next = SET.puzzles.find((p) => p.id === id);
    // Drawn near the rating + 600 (or the set's hardest, if that is past them): well above it.
    assert.ok(next && next.rating >= Math.min(rating + 300, Math.max(...SET.puzzles.map((p) => p.rating)) - 300), `${next?.rating} for a rating of ${Math.round(rating)}`);
    // Kept: the trainer, open again after a reload, shows it.
    await reloadPage(page, problems);
    await page.waitForSelector('body[data-ready]');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.equal(await page.inputValue('select[name="difficulty"]'), 'hardest');
    // The session row is the tab's: the puzzle given up is still in it after the reload.
    assert.deepEqual((await session(page)).map((e) => [e.id, e.result]), [[first, 'missed']]);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a quiet winning move says where its material comes from, as a capture says how it took', { timeout: 60_000 }, async () => {
  // 1-31-77: Black's one quiet move, a6-f6, that wins material in the moves that follow.
  const { page, problems } = await openGame(served.context, `${served.url}?puzzle=1-31-77`);
  await at(page, '1-31-77', 'try', 0);
  await play(page, 'a6-f6', 'black', false);
  await at(page, '1-31-77', 'solved');
  assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^Solved! A quiet move: the material it wins comes in the moves that follow, whatever the answer \(Analyse shows how\)\. Rating \d+ \(\+\d+\)\.$/);
  assert.equal(await page.isVisible('.puzzles-analyse'), true);
  // 1-124-32: a double capture, then a quiet move ends the line: the capture is what is said.
  await open(page, '1-124-32');
  await at(page, '1-124-32', 'try', 0);
  // The keys that play, pressed on the task (where the focus is as a puzzle opens), go to the
  // board: an arrow there did nothing.
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('puzzles-task')), true);
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('.puzzles-board canvas')), true);
  assert.match((await page.textContent('.puzzles-board .ultima-live')) ?? '', /[a-h][1-8]/);
  await play(page, 'b1-b8', 'white', false);
  await at(page, '1-124-32', 'try', 2);
  await play(page, 'a2-a3', 'white', false);
  await at(page, '1-124-32', 'solved');
  assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^Solved! White's Long Leaper b1-b8 took the black Pawn on b3 and the black Long Leaper on b5 by leaping over them\. Rating \d+ \(\+\d+\)\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a puzzle has its own link: ?puzzle=<id> opens it, Copy link gives it, an unknown id gets another', { timeout: 120_000 }, async () => {
  const puzzle = /** @type {FilePuzzle} */ (SET.puzzles[3]);
  await served.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
  const { page, problems } = await openGame(served.context, `${served.url}?puzzle=${puzzle.id}`);
  try {
    await at(page, puzzle.id, 'try');
    assert.equal(await page.isVisible('dialog#welcome'), false, 'a first visit by a puzzle link: no welcome');
    assert.equal(new URL(page.url()).searchParams.has('puzzle'), false, 'the address loses the parameter once handled');
    await page.click('.puzzles-link');
    await page.waitForFunction(() => document.querySelector('.puzzles-link-answer')?.textContent?.startsWith('Link copied'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${served.url}?puzzle=${puzzle.id}`);
    // An id this set does not have: said, and another puzzle instead.
    await page.goto(`${served.url}?puzzle=no-such-puzzle`);
    await ready(page);
    await page.waitForFunction(() => /^There is no puzzle “no-such-puzzle” in this set: here is another one\.$/.test(document.querySelector('.puzzles-feedback')?.textContent ?? ''));
    assert.notEqual(await page.getAttribute('#puzzles', 'data-puzzle'), '');
    // No id at all: the puzzles, and the address loses the parameter.
    await page.goto(`${served.url}?puzzle=`);
    await ready(page);
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.equal(new URL(page.url()).searchParams.has('puzzle'), false);
    // A game's link wins over the puzzle and the analysis view the address also asks for: one
    // dialog, and the address keeps neither.
    await page.goto(`${served.url}?analysis&puzzle=${puzzle.id}#game=AQAMAAAC`);
    await ready(page);
    await page.waitForSelector('dialog.link-dialog[open]');
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('dialog[open]')].map((d) => d.className)), ['link-dialog link-broken']);
    assert.equal(new URL(page.url()).search, '');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/** @param {Page} page @returns {Promise<FilePuzzle>} the puzzle the trainer shows */
async function shown(page) {
  const id = (await page.getAttribute('#puzzles', 'data-puzzle')) ?? '';
  const puzzle = SET.puzzles.find((p) => p.id === id);
  if (!puzzle) throw new Error(`no puzzle ${id} in the set`);
  return puzzle;
}

test('desktop: a climb, puzzles of rising rating until one is failed, unrated, its best kept', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.match((await page.textContent('.puzzles-climb-words')) ?? '', /^Climb: 30 puzzles from the easiest to the hardest, unrated\. A wrong move ends the climb; one puzzle may be skipped\.$/);
    await page.click('.puzzles-climb-start');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.climb === '0' && document.getElementById('puzzles')?.dataset.phase === 'try');
    const first = await shown(page);
    // The climb starts among the easiest: no puzzle of the set is rated lower than its first run's.
    const lowest = Math.min(...SET.puzzles.map((p) => p.rating));
    const sorted = SET.puzzles.map((p) => p.rating).sort((a, b) => a - b);
    assert.ok(first.rating <= (sorted[Math.ceil(sorted.length / 30)] ?? Infinity) && first.rating >= lowest, `${first.rating}`);
    assert.equal(await page.textContent('.puzzles-player'), 'Climb: puzzle 1 of 30 · 0 solved · best 0');
    // The themes and the climb's own box are put away while climbing.
    assert.deepEqual(await Promise.all(['.puzzles-filters', '.puzzles-results', '.puzzles-climb'].map((s) => page.isHidden(s))), [true, true, true]);
    await solve(page, first, false);
    assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^Solved!.* 1 solved in this climb\.$/);
    assert.equal(await page.isHidden('.puzzles-next'), true, 'the climb goes on by itself');
    // The next puzzle comes by itself, rated as high at least.
    await page.waitForFunction((id) => { const d = document.getElementById('puzzles'); return d?.dataset.puzzle !== id && d?.dataset.phase === 'try'; }, first.id);
    const second = await shown(page);
    assert.ok(second.rating >= first.rating, `${second.rating} after ${first.rating}`);
    assert.equal(await page.textContent('.puzzles-player'), 'Climb: puzzle 2 of 30 · 1 solved · best 1');
    // One skip a climb.
    await page.click('.puzzles-skip');
    await page.waitForFunction((id) => { const d = document.getElementById('puzzles'); return d?.dataset.puzzle !== id && d?.dataset.phase === 'try'; }, second.id);
    const third = await shown(page);
    assert.ok(third.rating >= second.rating);
    assert.equal(await page.isHidden('.puzzles-skip'), true);
    assert.equal(await page.textContent('.puzzles-player'), 'Climb: puzzle 3 of 30 · 1 solved · best 1');
    await page.screenshot({ path: `${ARTIFACTS}puzzles-climb-desktop.png` });
    // Giving up ends the climb, as a wrong move does: the solution, the climb's result.
    await page.click('.puzzles-solution');
    await at(page, third.id, 'failed');
    assert.match((await page.textContent('.puzzles-feedback')) ?? '', /^The solution: .+ The climb ends with 1 solved; your best is 1\.$/);
    assert.equal(await page.getAttribute('#puzzles', 'data-climb'), '');
    // Its solution seen, the climb's puzzle is not offered again here, where it would rate.
    assert.deepEqual([await page.isVisible('.puzzles-next'), await page.isHidden('.puzzles-retry')], [true, true]);
    // Not rated: no puzzle tried, the rating as it was; the best climb kept.
    const standing = await stored(page);
    assert.deepEqual([standing.tried, standing.rating.rating, standing.climbBest], [{}, 1500, 1]);
    assert.match((await page.textContent('.puzzles-climb-words')) ?? '', / Your best: 1 solved\.$/);
    assert.equal(await page.isVisible('.puzzles-filters'), true);
    // Next puzzle: rated puzzles again.
    await page.click('.puzzles-next');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.phase === 'try');
    assert.match((await page.textContent('.puzzles-player')) ?? '', /^Your rating 1500 \(provisional\) · streak 0 · best 0$/);
    // Closing the trainer ends a climb: opened again, it offers a rated puzzle.
    await page.click('.puzzles-climb-start');
    await page.waitForFunction(() => document.getElementById('puzzles')?.dataset.climb === '0' && document.getElementById('puzzles')?.dataset.phase === 'try');
    const left = await shown(page);
    await page.click('.puzzles-close');
    await page.click('#open-puzzles');
    await page.waitForFunction((id) => { const d = document.getElementById('puzzles'); return d?.dataset.climb === '' && d.dataset.puzzle !== id && d.dataset.phase === 'try'; }, left.id);
    assert.match((await page.textContent('.puzzles-player')) ?? '', /^Your rating 1500 \(provisional\) · streak 0 · best 0$/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a phone on its side: the trainer takes the screen, its board as tall as the window leaves, the task and buttons beside it', { timeout: 60_000 }, async () => {
  const browser = await launch({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  try {
    const { page, problems } = await openGame(browser.context, `${served.url}?puzzle=1-124-32`);
    await at(page, '1-124-32', 'try', 0);
    const { dialog, board, hint } = await page.evaluate(() => {
      /** @param {string} selector */
      const box = (selector) => {
        const { left, top, right, bottom, width } = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
        return { left, top, right, bottom, width };
      };
      return { dialog: box('#puzzles'), board: box('.puzzles-board'), hint: box('.puzzles-hint') };
    });
    // It was a box with margins, its board 256 px (32 px squares under a finger).
    assert.deepEqual([dialog.left, dialog.top, dialog.right, dialog.bottom], [0, 0, 844, 390]);
    assert.ok(board.width >= 320 && board.bottom <= 390, JSON.stringify(board));
    assert.ok(hint.left >= board.right && hint.bottom <= 390, JSON.stringify({ board, hint }));
    await page.screenshot({ path: `${ARTIFACTS}puzzles-landscape.png` });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
