// The game review in headless Chromium against the release build, on a desktop and a phone: a
// short game with a planted blunder reviewed from the result banner (progress, then the graph
// with one point per ply, the blunder marked with the better move, each player's figures, a
// click on the graph showing that position, the annotated record copied and opened on the
// analysis board), "Learn from your mistakes" on that blunder, a review
// stopped half way, kept over a reload and resumed, and stored review data that does not fit the
// game, which never breaks the page.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reloadPage } from './browser.mjs';
import { ARTIFACTS, onBoard, openGame, ready, useDesktopAndPhone } from './game-page.mjs';
import { pressSquare } from './trainer-moves.mjs';

/** @import { Page } from 'playwright-core' */

const { served, devices } = useDesktopAndPhone();

/**
 * A mate in two of the tactics set (mined-s2g4p59): Black to move mates with e6-e2. Black
 * blunders it away with d7-d6 (the planted blunder); the engine's own choices follow, so that
 * the blunder is the game's only judged move (`ultima review` says the same).
 */
const SETUP = '5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30';
const MOVES = ['d7-d6', 'h1-d5xd1', 'f7-f6', 'd5-b7', 'a6-c6', 'f1-f3'];
const RECORD = `[Setup "${SETUP}"]\n\n30... ${MOVES[0]} 31. ${MOVES[1]} ${MOVES[2]} 32. ${MOVES[3]} ${MOVES[4]} 33. ${MOVES[5]} *`;

/** @param {Page} page */
const reviewState = (page) => page.getAttribute('#review', 'data-state');

/**
 * Loads the game of MOVES through the page's own "Load record".
 *
 * @param {Page} page
 */
async function loadGame(page) {
  await page.click('.io summary');
  await page.fill('#record-text', RECORD);
  await page.click('#load-record');
  assert.equal(await page.textContent('#record-error'), 'Loaded.');
  await page.click('.io summary');
}

for (const { device, context } of devices) {
  test(`${device}: a review from the result banner marks the planted blunder, one graph point per ply`, { timeout: 240_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await loadGame(page);
      // The move list numbers the moves as the record does: from 30, Black first.
      assert.deepEqual(await page.$$eval('#moves li', (items) => items.map((li) => li.dataset.number ?? '')), ['30.', '', '31.', '', '32.', '', '33.']);
      // Black, lost, resigns: the result banner offers the review.
      await page.click('#resign');
      await page.click('#resign-yes');
      await page.waitForSelector('#result-banner', { state: 'visible' });
      const started = Date.now();
      await page.click('#result-review');
      assert.equal(await page.isVisible('#result-banner'), false);
      // Progress while it runs: a bar counting the positions, and a Stop button, with the focus
      // (it went to the card's chip, where Enter opened the card again).
      await page.waitForSelector('#review-progress', { state: 'visible' });
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'review-stop');
      assert.equal(await page.getAttribute('#review-progress', 'max'), String(MOVES.length + 1));
      await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
      console.log(`${device}: ${MOVES.length + 1} positions reviewed in ${Date.now() - started} ms`);
      // Its end heard: the summary in a live region that is still rendered (one hidden with the
      // progress bar is not read).
      await page.waitForFunction(() => [...document.querySelectorAll('#review [role="status"]')].some((region) => region.textContent?.startsWith('Review done') && region.getClientRects().length > 0));
      // Stop gone, the focus on the first judged move.
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'review-move blunder');
      const plies = MOVES.length;
      // One point per ply.
      assert.equal(await page.locator('#review-graph circle.review-point').count(), plies);
      // The blunder: the first move, with the mate in two as the better move.
      assert.equal(await page.getAttribute('#review-graph circle[data-ply="0"]', 'class'), 'review-point blunder');
      const blunder = (await page.textContent('#review-moves .review-move.blunder[data-ply="0"]')) ?? '';
      // In figurines, as the move list writes moves (each mover's letter kept as unseen text, for a
      // copied selection), and in words for a screen reader.
      assert.match(blunder, /^\?\?30\. … Pd7-d6 blunder \(−\d+%\); better We6-e2\+$/);
      assert.equal(await page.locator('#review-moves .review-move.blunder img').count(), 2);
      assert.match((await page.getAttribute('#review-moves .review-move.blunder', 'aria-label')) ?? '', /^30\. … Pd7-d6 blunder \(−\d+%\); better We6-e2\+ \(black Pawn d7 to d6; better black Withdrawer e6 to e2, check\)$/);
      // Drawn again in the other piece set when it is chosen.
      const chessFigure = await page.getAttribute('#review-moves .review-move.blunder img', 'src');
      await page.selectOption('#piece-set', 'abstract');
      await page.waitForFunction((src) => document.querySelector('#review-moves .review-move.blunder img')?.getAttribute('src') !== src, chessFigure);
      await page.selectOption('#piece-set', 'chess');
      assert.equal(await page.locator('#review-moves .review-move').count(), 1);
      // The game's move list marks it too, as lichess does: "??" after the move, said in its name.
      assert.deepEqual(await judgedInList(page), ['0 blunder']);
      assert.equal(await page.textContent('#moves button[data-judgement] .move-judgement'), '??');
      assert.match((await page.getAttribute('#moves button[data-judgement]', 'aria-label')) ?? '', /, blunder$/);
      // `ultima review` of the same record: Black 64.9%, White 98.3%.
      assert.equal((await page.textContent('#review .review-players dd[data-side="black"]'))?.replaceAll('\u00a0', ' '), 'accuracy 65% · 0 inaccuracies · 0 mistakes · 1 blunder');
      assert.equal((await page.textContent('#review .review-players dd[data-side="white"]'))?.replaceAll('\u00a0', ' '), 'accuracy 98% · 0 inaccuracies · 0 mistakes · 0 blunders');
      // White is winning after the blunder: every point is in White's half (up).
      const heights = await page.locator('#review-graph circle.review-point').evaluateAll((points) => points.map((p) => Number(p.getAttribute('cy'))));
      assert.ok(heights.every((y) => y < 80), `${heights}`);
      // A click on the graph shows that ply's position; the judged move's button too. (On a
      // phone the graph, under the move list, is scrolled to first: a click lands only on what
      // the screen shows.)
      await page.locator('#review-graph').scrollIntoViewIfNeeded();
      const box = await page.locator('#review-graph').boundingBox();
      if (!box) throw new Error('no graph');
      // Under the graph, in figures, the position under the pointer (as lichess's graph reads it
      // out), else the one shown: the game's end before a point is hovered.
      const readout = () => page.textContent('#review .review-readout');
      assert.match((await readout()) ?? '', /^33\. Wf1-f3 · [+−]\d+\.\d\d · White \d+%$/);
      await page.mouse.move(box.x + box.width / plies, box.y + box.height / 2);
      await page.waitForFunction(() => /^30\. … Pd7-d6\?\? · [+−]\d+\.\d\d · White \d+%$/.test(document.querySelector('#review .review-readout')?.textContent ?? ''));
      // Its move in the piece set's figurine, as the move lists and the judged moves write it.
      assert.equal(await page.locator('#review .review-readout img').count(), 1);
      await page.mouse.click(box.x + (box.width * 2) / plies, box.y + box.height / 2);
      assert.equal(await onBoard(page, (board) => board.shownPly()), 1);
      // The graph's left edge is the start, which it shows too (on a phone, found again: the
      // page scrolled to the board to show the click's position).
      await page.locator('#review-graph').scrollIntoViewIfNeeded();
      const edge = await page.locator('#review-graph').boundingBox();
      if (!edge) throw new Error('no graph');
      await page.mouse.click(edge.x + 2, edge.y + edge.height / 2);
      assert.equal(await onBoard(page, (board) => board.shownPly()), -1);
      assert.match((await readout()) ?? '', /^Start · White \d+%$/);
      const judgedButton = await page.$('#review-moves .review-move.blunder');
      await page.click('#review-moves .review-move.blunder');
      assert.equal(await onBoard(page, (board) => board.shownPly()), 0);
      // The focus stays on the judged move chosen, the list not drawn anew for the position
      // shown (a screen reader keeps its place in it): the same button, now the current one.
      await page.waitForFunction(() => document.activeElement?.matches('#review-moves .review-move.blunder[aria-current="true"]') ?? false);
      assert.equal(await judgedButton?.evaluate((button) => button.isConnected), true);
      // Heard with the move shown: its judgement, the better move in words and the evaluation
      // (the readout's figures are seen only).
      assert.match((await page.textContent('#status')) ?? '', /^Viewing 30… Pd7-d6 \(1 of 6\) Blunder: \d+% lost; better black Withdrawer e6 to e2, check\. Evaluation \+\d+\.\d\d, White's expected score \d+%\.$/);
      assert.equal(await page.textContent('#status .visually-hidden'), (await page.textContent('#status'))?.replace('Viewing 30… Pd7-d6 (1 of 6)', ''));
      // The board is in sight to show it (on a phone the review is below it: the page scrolls).
      await page.waitForFunction(() => {
        const box = document.querySelector('canvas#board')?.getBoundingClientRect();
        return box !== undefined && box.top >= -1 && box.bottom <= innerHeight + 1;
      });
      // Its mark on the board too, on the square the Pawn went to, as lichess shows it; none
      // on a move the review did not judge.
      await page.waitForSelector('#board-host .ultima-mirror[data-glyph="d6 ??"]');
      await page.click('#view-next');
      await page.waitForSelector('#board-host .ultima-mirror[data-glyph=""]');
      await page.click('#review-moves .review-move.blunder');
      await page.waitForSelector('#board-host .ultima-mirror[data-glyph="d6 ??"]');
      await page.locator('#review').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}review-${device}.png`, fullPage: device === 'phone' });
      // The record with the review written in: the blunder's mark, what it lost and the better
      // move, which also stands as a side line; the resignation kept.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
      await page.click('#review-copy');
      await page.waitForSelector('.review-copy-note:text-is("Copied the record with the review: 1 move marked, 1 better move as a side line.")');
      const annotated = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(annotated, /^\[Annotator "Ultima's game review"\]\n/);
      assert.match(annotated, /\[Termination "resignation"\]/);
      assert.match(annotated, /\n\n30\.\.\. d7-d6\?\? \{Blunder \(-\d+%\); better We6-e2\+\.\} \(30\.\.\. e6-e2\) 31\. h1-d5xd1\sf7-f6/);
      assert.match(annotated, / 1-0\n$/);
      // Analyse on the reviewed game: the review's marks and better moves on the analysis board,
      // as lichess's analysis shows the computer's; a line tried on the game before the marks
      // came stays (the game's one analysis).
      await page.evaluate(async () => {
        const ultima = /** @type {any} */ (window).ultima;
        const analysis = await ultima.openAnalysis({ record: ultima.board.record(), ply: 1 });
        analysis.play('a2-a3');
      });
      // Marked by the player: a note of theirs, which the review's must not push out.
      await page.click('.analysis-dialog .analysis-glyph-choice[data-glyph="!?"]');
      await page.waitForSelector('.analysis-dialog .analysis-glyph-choice[data-glyph="!?"][aria-pressed="true"]');
      await page.click('.analysis-dialog .analysis-close');
      await page.waitForFunction(() => document.querySelector('.analysis-dialog') === null);
      await page.click('#analyse');
      await page.waitForSelector('.analysis-dialog[open] .analysis-moves .analysis-glyph[data-glyph="??"]');
      assert.equal(await page.locator('.analysis-dialog .analysis-moves .analysis-glyph[data-glyph="!?"]').count(), 1, 'the player\'s mark too');
      const sideLines = await page.$$eval('.analysis-dialog .analysis-variation', (lines) => lines.map((line) => line.textContent ?? ''));
      assert.ok(sideLines.some((line) => /e6-e2/.test(line)) && sideLines.some((line) => /a2-a3/.test(line)), `side lines: ${sideLines}`);
      await page.click('.analysis-dialog .analysis-close');
      await page.waitForFunction(() => document.querySelector('.analysis-dialog') === null);
      // The game changed (the resignation taken back): its review, and the marks, go.
      await page.click('#view-live');
      await page.click('#undo');
      await page.waitForFunction(() => document.querySelector('#moves button[data-judgement]') === null);
      assert.equal(await page.isVisible('#review-copy'), false);
      // The annotated record opens on the analysis board with the better move as a side line
      // (beside the line tried above: the same game).
      await page.evaluate((record) => /** @type {any} */ (window).ultima.openAnalysis({ record, ply: 0 }), annotated);
      await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
      await page.waitForFunction(() => document.querySelectorAll('.analysis-variation').length === 2);
      assert.ok(await page.$$eval('.analysis-dialog .analysis-variation', (lines) => lines.some((line) => /e6-e2/.test(line.textContent ?? ''))), 'the better move');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

/**
 * The moves the game's move list marks as judged, e.g. ["0 blunder"]: each one's ply (its place
 * among the list's moves) and judgement.
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
function judgedInList(page) {
  return page.locator('#moves button').evaluateAll((buttons) =>
    buttons.flatMap((button, ply) => (button instanceof HTMLElement && button.dataset.judgement ? [`${ply} ${button.dataset.judgement}`] : [])),
  );
}

for (const { device, context } of devices) {
  test(`${device}: learn from your mistakes: the move played again, a try the engine judges, the better move shown, skipped, then found`, { timeout: 240_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    const trainer = 'dialog#mistakes';
    /** @param {string} phase */
    const phase = (phase) => page.waitForSelector(`${trainer}[data-phase="${phase}"]`, { timeout: 60_000 });
    const feedback = () => page.textContent(`${trainer} .mistakes-feedback`);
    /** @param {string} from @param {string} to */
    const move = async (from, to) => {
      await pressSquare(page, trainer, from, 'black', false);
      await pressSquare(page, trainer, to, 'black', false);
    };
    try {
      await loadGame(page);
      await page.click('#review-game');
      await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
      // Two players on the board: both sides' mistakes, here Black's one blunder.
      assert.equal(await page.textContent('#review-learn'), 'Learn from your mistakes (1)');
      await page.click('#review-learn');
      await phase('try');
      // A reload on the trainer's history entry opens it again, on the review kept with the game.
      await page.waitForFunction(() => history.state?.ultimaView === 'mistakes');
      await reloadPage(page, problems);
      await ready(page);
      await phase('try');
      assert.equal(await page.textContent(`${trainer} .mistakes-lead`), 'Mistake 1 of 1');
      assert.equal(await page.textContent(`${trainer} .mistakes-lead`), 'Mistake 1 of 1');
      assert.match((await page.textContent(`${trainer} .mistakes-task`)) ?? '', /^30\. … Black played Pd7-d6\?\?, a blunder \(−\d+%\)\. Find a better move for Black\.$/);
      // The move played in a figurine, as the review lists it.
      assert.equal(await page.locator(`${trainer} .mistakes-task .mistakes-ply img`).count(), 1);
      // The move played again is answered at once, and taken back.
      await move('d7', 'd6');
      await page.waitForFunction((sel) => /is the move played/.test(document.querySelector(`${sel} .mistakes-feedback`)?.textContent ?? ''), trainer);
      assert.equal(await feedback(), 'Pd7-d6 is the move played, a blunder. Try another move.');
      // The feedback's moves in figurines too.
      assert.equal(await page.locator(`${trainer} .mistakes-feedback .figured-move img`).count(), 1);
      await phase('try');
      // Another move: evaluated at the review's budget and judged as the review judges.
      await move('f7', 'g8');
      await page.waitForFunction((sel) => /^Kf7-g8 is/.test(document.querySelector(`${sel} .mistakes-feedback`)?.textContent ?? ''), trainer, { timeout: 60_000 });
      assert.match((await feedback()) ?? '', /^Kf7-g8 is a blunder \(−\d+%\)\. Try another move\.$/);
      await phase('try');
      // Shown the better move: the round ends without it found.
      await page.click(`${trainer} .mistakes-best`);
      await phase('shown');
      assert.equal(await feedback(), 'The better move: We6-e2+.');
      assert.equal(await page.locator(`${trainer} .mistakes-feedback .figured-move img`).count(), 1);
      assert.equal(await page.textContent(`${trainer} .mistakes-next`), 'Finish');
      await page.click(`${trainer} .mistakes-next`);
      await phase('done');
      assert.equal(await page.textContent(`${trainer} .mistakes-task`), 'You found a better move for 0 of 1 mistake.');
      // Again, skipped: not found either.
      await page.click(`${trainer} .mistakes-again`);
      await phase('try');
      await page.click(`${trainer} .mistakes-skip`);
      await phase('done');
      assert.equal(await page.textContent(`${trainer} .mistakes-task`), 'You found a better move for 0 of 1 mistake.');
      // Again, and found: the engine's own move.
      await page.click(`${trainer} .mistakes-again`);
      await phase('try');
      await move('e6', 'e2');
      await phase('found');
      assert.equal(await feedback(), 'We6-e2+ is the best move. Well found!');
      assert.equal(await page.locator(`${trainer} .mistakes-feedback .figured-move img`).count(), 1);
      await page.screenshot({ path: `${ARTIFACTS}mistakes-${device}.png` });
      await page.click(`${trainer} .mistakes-next`);
      await phase('done');
      assert.equal(await page.textContent(`${trainer} .mistakes-task`), 'You found a better move for your mistake.');
      // Analyse from a found move: the position before the mistake on the analysis board.
      await page.click(`${trainer} .mistakes-again`);
      await phase('try');
      await move('e6', 'e2');
      await phase('found');
      await page.click(`${trainer} .mistakes-analyse`);
      await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
      assert.equal(await page.isVisible(trainer), false);
      // The whole game, shown before the mistake from the learner's side, the move played in it
      // (marked by the review, as the game page's Analyse shows it) and the better move beside it
      // as a side line.
      const analysis = '.analysis-dialog';
      await page.waitForSelector(`${analysis} .analysis-moves button[data-move="e6-e2"]`);
      await page.waitForSelector(`${analysis} .analysis-moves .analysis-glyph[data-glyph="??"]`);
      assert.match((await page.getAttribute(`${analysis} [role="gridcell"][data-square="d7"]`, 'aria-label')) ?? '', /^d7, black Pawn/, 'the position before the mistake');
      assert.equal(await page.locator(`${analysis} .analysis-moves button[data-move="d7-d6"]`).count(), 1, 'the move played');
      assert.equal(await page.locator(`${analysis} .analysis-variation button[data-move="e6-e2"]`).count(), 1, 'the better move, a side line');
      assert.equal(await page.getAttribute(`${analysis} [role="gridcell"]`, 'data-square'), 'h1', 'Black at the bottom');
      // Closing it goes back to the trainer as it was left.
      assert.equal(await page.textContent(`${analysis} .analysis-close`), 'Back to the mistakes');
      await page.click(`${analysis} .analysis-close`);
      await page.waitForSelector(`${trainer}[open][data-phase="found"]`);
      assert.equal(await page.isVisible(`${trainer} .mistakes-next`), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

test('during a clocked game, "Learn from your mistakes" asks first, as the panel\'s buttons to other views do', { timeout: 240_000 }, async () => {
  const { page, problems } = await openGame(devices[0].context(), served.url);
  try {
    // The game with a clock of 10 minutes: loaded, Black's runs.
    const clocked = RECORD.replace('\n\n', `\n[TimeControl "600"]\n[Clocks "${MOVES.map(() => '600.0').join(' ')}"]\n\n`);
    await page.click('.io summary');
    await page.fill('#record-text', clocked);
    await page.click('#load-record');
    assert.equal(await page.textContent('#record-error'), 'Loaded.');
    await page.click('.io summary');
    await page.waitForSelector('.clock.running[data-side="black"]');
    await page.click('#review-game');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
    await page.click('#review-learn');
    await page.waitForSelector('#leave-clock[open]');
    assert.match((await page.textContent('#leave-clock-words')) ?? '', /^Black's clock runs on while you are in the mistakes trainer: \d+:\d\d left\./);
    await page.click('#leave-clock .leave-go');
    await page.waitForSelector('dialog#mistakes[data-phase="try"]', { timeout: 60_000 });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/**
 * A game of level 1 as it was then (1,000 nodes with noise) against itself (the browser's own
 * `Ai.think`), full of swings: its review
 * must judge exactly the moves `ultima review` judges natively, with the same figures (the
 * budget is nodes, the engine cleared for each position: the numbers do not depend on the
 * machine). The README's picture of a review is this test's screenshot.
 */
const LONG_GAME = '1. c2-c4 d7-d4 2. g2-g4 e7-d7 3. c4-a4 d8-h4 4. d2-c2 d7-e7 5. c1-g5 d4-f4xg4 6. a4-a5 c8-g4 7. g5-f6xh4 f4-f5xf6 8. g1-g6xg4 f5-g5xg6 9. b2-b6 c7-c6 10. a1-f6 b8-d6 11. f6-e5 a8-c8 12. e5-c5 g5-g3 13. a5-a6 f7-f4 14. c2-c4 g8-b3xc4 15. c5-a3 f4-b4 16. a3-a4 g7-g5 17. b6-b5 h8-a1 18. b5-f5 e7-e5xf5 19. d1-c1 c8-c7 20. f1-h3 e5-e6 21. f2-f5 g3-d3 22. f5-a5 f8-f3 23. c1-c2 d3-d2 24. e1-f1 g5-f5 25. h3-h4 f5-g5 *';
/** `ultima review` of LONG_GAME: each judged ply and its judgement, then each player's figures. */
const NATIVE = {
  judged: '2 inaccuracy, 3 mistake, 4 mistake, 5 inaccuracy, 6 mistake, 7 inaccuracy, 8 inaccuracy, 11 inaccuracy, 14 mistake, 21 inaccuracy, 22 inaccuracy, 23 inaccuracy, 24 mistake, 25 mistake, 27 mistake, 29 inaccuracy, 30 blunder, 32 mistake, 34 inaccuracy, 36 inaccuracy, 37 mistake, 39 inaccuracy, 41 inaccuracy, 42 inaccuracy, 44 blunder, 45 mistake, 46 mistake, 47 blunder, 48 blunder, 49 mistake',
  white: 'accuracy 73% · 6 inaccuracies · 6 mistakes · 3 blunders',
  black: 'accuracy 77% · 8 inaccuracies · 6 mistakes · 1 blunder',
};

test('a longer game: the browser judges every move as the native engine does', { timeout: 300_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await page.evaluate((moves) => /** @type {any} */ (window).ultima.board.newGame({ record: moves }), LONG_GAME);
    const started = Date.now();
    await page.click('#review-game');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 280_000 });
    console.log(`51 positions reviewed in ${Date.now() - started} ms`);
    // It grew below the window's foot (under a move list of 50 plies): brought into sight, the
    // graph whole.
    const graph = await page.$eval('#review-graph', (svg) => [Math.round(svg.getBoundingClientRect().top), Math.round(svg.getBoundingClientRect().bottom), innerHeight]);
    assert.ok(graph[0] >= 0 && graph[1] <= graph[2], `the graph from ${graph[0]} to ${graph[1]} px in a window of ${graph[2]}`);
    assert.equal(await page.locator('#review-graph circle.review-point').count(), 50);
    const judged = await page.locator('#review-moves .review-move').evaluateAll((moves) => moves.map((m) => `${m.getAttribute('data-ply')} ${m.className.replace('review-move ', '')}`).join(', '));
    assert.equal(judged, NATIVE.judged);
    assert.equal((await judgedInList(page)).join(', '), NATIVE.judged);
    assert.equal((await page.textContent('#review .review-players dd[data-side="white"]'))?.replaceAll('\u00a0', ' '), NATIVE.white);
    assert.equal((await page.textContent('#review .review-players dd[data-side="black"]'))?.replaceAll('\u00a0', ' '), NATIVE.black);
    // The first blunder's position, for the picture.
    await page.click('#review-moves .review-move.blunder');
    await page.screenshot({ path: `${ARTIFACTS}review-game.png` });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a review stopped half way is kept with the game over a reload, and resumes where it stopped', { timeout: 240_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await loadGame(page);
    // By the keyboard: Review, disabled while it runs, hands the focus to Stop, and Stop, gone
    // once pressed, to Resume.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    await page.focus('#review-game');
    await page.keyboard.press('Enter');
    assert.equal(await focused(), 'review-stop');
    await page.waitForFunction(() => Number(/** @type {HTMLProgressElement} */ (document.getElementById('review-progress')).value) >= 2, null, { timeout: 100_000 });
    await page.keyboard.press('Enter');
    assert.equal(await reviewState(page), 'stopped');
    assert.equal(await focused(), 'review-resume');
    const done = Number(await page.locator('#review-progress').evaluate((bar) => /** @type {HTMLProgressElement} */ (bar).value));
    assert.ok(done >= 2 && done < MOVES.length + 1, `${done} positions`);
    assert.equal(await page.textContent('#review-status'), `Review stopped: ${done} of ${MOVES.length + 1} positions`);
    assert.equal(await page.isVisible('#review-graph'), false, 'no empty graph before the review is done');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await reviewState(page), 'stopped');
    assert.equal(await page.textContent('#review-status'), `Review stopped: ${done} of ${MOVES.length + 1} positions`);
    // Shown as it was left, not said again (the page's load is not news).
    assert.equal(await page.textContent('#review [role="status"]'), '');
    // Resumed from the first position missing: the ones kept are not evaluated again.
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').review.evaluations.slice(0, 2));
    await page.click('#review-resume');
    // Heard once as it starts again, not at each position (the count is shown, not said).
    assert.equal(await page.textContent('#review [role="status"]'), `Reviewing the game: ${MOVES.length + 1} positions.`);
    assert.equal(await page.getAttribute('#review-status', 'role'), null);
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 200_000 });
    assert.match((await page.textContent('#review [role="status"]')) ?? '', /^Review done\. White: accuracy \d+%, .*\. Black: accuracy \d+%, /);
    assert.equal(await page.locator('#review-graph circle.review-point').count(), MOVES.length);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.page') ?? '{}').review.evaluations);
    assert.deepEqual(stored.slice(0, 2), before);
    assert.equal(stored.length, MOVES.length + 1);
    // A move changes the game: its review goes.
    await onBoard(page, (board) => board.undo());
    assert.equal(await page.isVisible('#review'), false);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('stored review data that does not fit the game never breaks the page', async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // The game as the page saves it, with a review of junk.
    await page.evaluate((setup) => /** @type {any} */ (window).ultima.board.newGame({ record: `[Setup "${setup}"]\n\n30... d7-d6 *` }), SETUP);
    await page.evaluate(() => {
      const data = JSON.parse(localStorage.getItem('ultima.page') ?? '{}');
      const junk = { white: { cp: 'lots' }, result: null, best: 'z9-z9', depth: 1, nodes: 1 };
      localStorage.setItem('ultima.page', JSON.stringify({ ...data, review: { record: data.record, evaluations: [junk, junk] } }));
    });
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    // The game is there; the review says it could not be read and can be made again.
    assert.equal(await onBoard(page, (board) => board.history().length), 1);
    assert.equal(await reviewState(page), 'failed');
    assert.match((await page.textContent('#review .error')) ?? '', /^The review could not be read \(.+\); press Review to make it again\.$/);
    await page.click('#review-game');
    await page.waitForFunction(() => document.getElementById('review')?.dataset.state === 'done', null, { timeout: 100_000 });
    assert.equal(await page.locator('#review-graph circle.review-point').count(), 1);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
