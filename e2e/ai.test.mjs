// The computer player in headless Chromium against the release build: a game against the AI
// started from the new-game dialog, a move by clicks answered by the AI's move (searched in a
// Web Worker, so the page keeps painting frames meanwhile), undo taking back both moves, a new
// game stopping a running search, each game's own seed for the low levels' noise — and never a
// console error or warning.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, click, onBoard, openGame as open, plies, ready, settled, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** @returns {Promise<{ page: Page, problems: string[] }>} a fresh page, storage empty */
const openGame = () => open(served.context, served.url);

/**
 * Starts a game against the computer from the dialog.
 *
 * @param {Page} page
 * @param {'white' | 'black'} side the player's side
 * @param {number} level
 * @param {boolean} [fresh] the dialog has not been used yet: check its defaults
 */
async function startAgainstComputer(page, side, level, fresh = false) {
  await page.click('#new-game');
  assert.equal(await page.isEnabled('#new-game-form input[name="mode"][value="ai"]'), true);
  await page.check('#new-game-form input[name="mode"][value="ai"]');
  assert.equal(await page.isEnabled('#new-game-form select[name="level"]'), true);
  if (fresh) assert.equal(await page.inputValue('#new-game-form select[name="level"]'), '1');
  await page.selectOption('#new-game-form select[name="side"]', side);
  await page.selectOption('#new-game-form select[name="level"]', String(level));
  await page.click('#new-game-start');
  assert.equal(await page.isVisible('#new-game-dialog'), false);
}

/** Counts animation frames and the longest gap between two, from now on. */
function watchFrames() {
  const w = /** @type {any} */ (window);
  w.frames = { count: 0, longest: 0, last: performance.now() };
  const tick = (/** @type {number} */ now) => {
    w.frames.longest = Math.max(w.frames.longest, now - w.frames.last);
    w.frames.last = now;
    w.frames.count += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

test('the computer answers a move by clicks, in a worker, and undo takes both back', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.isDisabled('#new-game-form select[name="level"]'), true);
  await startAgainstComputer(page, 'white', 1, true);
  assert.deepEqual(await plies(page), []);
  // Every status line shown, to see "thinking…" however short the search.
  await page.evaluate(() => {
    const status = /** @type {HTMLElement} */ (document.getElementById('status'));
    const seen = /** @type {string[]} */ ([]);
    Object.assign(window, { statuses: seen });
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.evaluate(watchFrames);
  await page.evaluate(() => {
    const moved = /** @type {number[]} */ ([]);
    Object.assign(window, { moved });
    /** @type {any} */ (window).ultima.board.on('move', () => moved.push(performance.now()));
  });
  await click(page, 'b2');
  await click(page, 'b5');
  assert.equal((await plies(page))[0], 'b2-b5');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, {
    timeout: 30_000,
  });
  // Level 1 finds its move in milliseconds; it is played no sooner than 450 ms after the
  // player's (ai.js ANSWER_MS), once the player's move has slid home (250 ms).
  const [mine = 0, its = 0] = /** @type {number[]} */ (await page.evaluate(() => /** @type {any} */ (window).moved));
  assert.ok(its - mine >= 440, `the computer answered after ${Math.round(its - mine)} ms`);
  const played = await onBoard(page, (board) =>
    board.history().map((p) => ({ text: p.text, side: p.side, position: p.position })),
  );
  assert.equal(played[1]?.side, 'black');
  // Black's move changed the position White's move left.
  assert.notEqual(played[1]?.position.split(' ')[0], played[0]?.position.split(' ')[0]);
  assert.equal(await onBoard(page, (board) => board.position()), played[1]?.position);
  assert.equal(await onBoard(page, (board) => board.turn()), 'white');
  assert.equal(await page.locator(`#moves [data-move="${played[1]?.text}"]`).count(), 1);
  const statuses = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).statuses));
  assert.ok(statuses.some((s) => s.includes('thinking…')), `statuses: ${statuses.join(' | ')}`);
  // The line is a live region: neither the search's depth nor its score (the thinking view
  // has them), and the same words never written twice in a row.
  assert.ok(statuses.every((s) => !/depth|\d\.\d\d/.test(s)), `statuses: ${statuses.join(' | ')}`);
  assert.ok(statuses.every((s, i) => i === 0 || s !== statuses[i - 1]), `statuses: ${statuses.join(' | ')}`);
  assert.match((await page.textContent('#status')) ?? '', /^White to move/);

  // The page stays responsive during a long search (level 8, 1.5 s) in the worker.
  await page.evaluate(watchFrames);
  const thought = await onBoard(page, (board, _arg, ai) => ai.think(board.record(), 8, undefined, 1500));
  assert.equal(typeof thought, 'string');
  const frames = await page.evaluate(() => /** @type {any} */ (window).frames);
  // Loose bounds (other test files run in parallel): a blocked main thread would show one gap
  // as long as the whole search.
  assert.ok(frames.count >= 10, `only ${frames.count} frames in 1.5 s`);
  assert.ok(frames.longest < 750, `no frame for ${frames.longest} ms`);

  await page.click('#undo');
  assert.deepEqual(await plies(page), []);
  assert.equal(await onBoard(page, (board) => board.turn()), 'white');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a new game stops the computer at once, and it plays White when asked', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  await startAgainstComputer(page, 'black', 8);
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('thinking…'));
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'black');
  // Two players now: the search is abandoned and its move never arrives.
  await page.click('#new-game');
  await page.check('#new-game-form input[name="mode"][value="two"]');
  await page.click('#new-game-start');
  assert.doesNotMatch((await page.textContent('#status')) ?? '', /thinking/);
  // The abandoned search's worker was ended at once: a search after it gets its own answer, and
  // no move of the old one has arrived meanwhile.
  assert.match(await onBoard(page, (board, _arg, ai) => ai.think(board.record(), 1)), /^[a-h][1-8]-/);
  assert.deepEqual(await plies(page), []);
  // A stopped search rejects; the next one works in a fresh worker.
  const outcome = await onBoard(page, async (board, _arg, ai) => {
    const search = ai.think(board.record(), 8, undefined, 5000);
    setTimeout(() => ai.stop(), 100);
    const stopped = await search.then(
      () => 'not stopped',
      (/** @type {Error} */ e) => e.name,
    );
    return { stopped, next: await ai.think(board.record(), 1) };
  });
  assert.equal(outcome.stopped, 'AbortError');
  assert.equal(typeof outcome.next, 'string');
  // Against the computer as Black at level 1: it opens.
  await startAgainstComputer(page, 'black', 1);
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, null, {
    timeout: 30_000,
  });
  assert.equal(await onBoard(page, (board) => board.turn()), 'black');
  assert.deepEqual(problems, []);
  await page.close();
});

test('each game against the computer has its own seed for the noise, kept through the game', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  // The seeds of the searches for a move, as the page posts them to the worker.
  await page.evaluate(() => {
    const seeds = /** @type {unknown[]} */ ([]);
    Object.assign(window, { seeds });
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (/** @type {any} */ message, /** @type {any} */ ...rest) {
      if (message?.type === 'think') seeds.push(message.seed);
      return post.call(this, message, ...rest);
    };
  });
  /** @returns {Promise<unknown[]>} */
  const seeds = () => page.evaluate(() => /** @type {any} */ (window).seeds);
  /** Plays b2-b5 and waits for the computer's answer; returns it. */
  const answered = async () => {
    await click(page, 'b2');
    await click(page, 'b5');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, { timeout: 30_000 });
    return (await plies(page))[1];
  };
  await startAgainstComputer(page, 'white', 2);
  const first = await answered();
  const [seed] = await seeds();
  assert.ok(Number.isInteger(seed) && /** @type {number} */ (seed) >= 0 && /** @type {number} */ (seed) < 2 ** 32, `seed ${seed}`);
  // Taken back and played again: the same game, the same seed, the same answer.
  await page.click('#undo');
  assert.deepEqual(await plies(page), []);
  assert.equal(await answered(), first);
  assert.deepEqual(await seeds(), [seed, seed]);
  // A new game: another seed.
  await startAgainstComputer(page, 'white', 2);
  await answered();
  const all = await seeds();
  assert.equal(all.length, 3);
  assert.notEqual(all[2], seed);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a game against the computer resumes after a reload; redo replays both moves', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  await startAgainstComputer(page, 'white', 2);
  await click(page, 'b2');
  await click(page, 'b5');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, {
    timeout: 30_000,
  });
  const both = await plies(page);
  await page.reload();
  await ready(page);
  assert.deepEqual(await plies(page), both);
  assert.equal(await onBoard(page, (board) => board.view().movable), 'white');
  await page.click('#undo');
  assert.deepEqual(await plies(page), []);
  await page.click('#redo');
  assert.deepEqual(await plies(page), both);
  assert.doesNotMatch((await page.textContent('#status')) ?? '', /thinking/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a hint marks the piece, then draws the move the computer suggests; its thinking can be shown', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  assert.equal(await page.isVisible('#thinking'), false);
  await page.check('#show-thinking');
  assert.equal(await page.isVisible('#thinking'), true);
  const buttons = () => page.$$eval('#hint, #analyse, #review-game', (nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().right)));
  const before = await buttons();
  await page.click('#hint');
  // The first press marks the piece to move, and says which.
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('hint: move the'), null, { timeout: 30_000 });
  const piece = (await page.getAttribute('.ultima-mirror', 'data-hint-piece')) ?? '';
  assert.match((await page.textContent('#status')) ?? '', new RegExp(`hint: move the \\w+( \\w+)? on ${piece}$`));
  // The second press's words are the button's own, not the status line's (which took a third
  // line in a 22rem panel and moved everything under it).
  assert.equal(await page.textContent('#hint'), 'Show the move');
  // The button was as wide for them already: Analyse and Review stay (they moved along).
  assert.deepEqual(await buttons(), before);
  const statusLine = await page.evaluate(() => {
    const line = /** @type {HTMLElement} */ (document.getElementById('status'));
    return { height: line.getBoundingClientRect().height, kept: parseFloat(getComputedStyle(line).minHeight) };
  });
  assert.ok(statusLine.height <= statusLine.kept + 0.5, `the status line grew past the two lines kept for it: ${JSON.stringify(statusLine)}`);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-arrow'), '');
  // The second, the move.
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('(the arrow)'));
  const status = (await page.textContent('#status')) ?? '';
  // Its piece named, as the first press named it.
  const hint = /hint: [A-Z][a-z]+(?: [A-Z][a-z]+)? (\S+) \(the arrow\)/.exec(status)?.[1] ?? '';
  // The arrow is the hinted move (played by clicks below, so legal).
  const arrow = (await page.getAttribute('.ultima-mirror', 'data-arrow')) ?? '';
  assert.ok(hint.startsWith(arrow) && arrow.length === 5 && arrow.startsWith(piece), `hint ${hint}, arrow ${arrow}, piece ${piece}`);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-hint-piece'), '');
  // Its shaft is drawn halfway between the two squares, in blue (once the frame is painted).
  await settled(page.locator('canvas#board'));
  const [from, to] = arrow.split('-');
  const colour = await page.evaluate(
    ([a, b]) => {
      const { board } = /** @type {any} */ (window).ultima;
      const g = board.geometry();
      const p = board.squareCenter(a);
      const q = board.squareCenter(b);
      const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('canvas#board'));
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      return Array.from(ctx.getImageData(Math.round((p.x + q.x) / 2 - g.left), Math.round((p.y + q.y) / 2 - g.top), 1, 1).data);
    },
    [from, to],
  );
  assert.ok((colour[2] ?? 0) > (colour[0] ?? 0) + 60, `arrow colour ${colour}`);
  // The thinking view: depth, score (White's view, as the analysis writes it) and the expected
  // line, numbered and in figurines, starting with the hinted move.
  assert.match((await page.textContent('#thinking')) ?? '', /^Hint for White/);
  assert.ok(Number(await page.getAttribute('#thinking [data-depth]', 'data-depth')) >= 1);
  assert.match((await page.getAttribute('#thinking [data-score]', 'data-score')) ?? '', /^([+−]\d+\.\d\d|0\.00|#−?\d+)$/);
  const line = await page.$$eval('#thinking .thinking-move', (moves) => moves.map((move) => move.textContent ?? ''));
  assert.ok(line.length >= 1 && line.every((m) => /^(\d+(\.|…) )?[A-Z][a-h][1-8]-[a-h][1-8]( x[a-h][1-8])*[+#]?$/.test(m)), `line ${line}`);
  assert.ok(line[0]?.startsWith(`1. `) && line[0].includes(hint.slice(0, 5)), `line ${line}, hint ${hint}`);
  await page.screenshot({ path: `${ARTIFACTS}hint.png` });
  // Playing the hinted move by clicks; the hint and its arrow go.
  await click(page, from ?? '');
  await click(page, to ?? '');
  assert.deepEqual(await plies(page), [hint]);
  assert.equal(await page.getAttribute('.ultima-mirror', 'data-arrow'), '');
  assert.doesNotMatch((await page.textContent('#status')) ?? '', /hint/);
  // The choice to show the thinking is kept.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#show-thinking'), true);
  assert.equal(await page.isVisible('#thinking'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the computer's thinking is shown while it searches its move", { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  await page.check('#show-thinking');
  // Each iteration's figures, as the board's `thinking` event gives them; and every height the
  // view takes, which is one: the game's buttons under it never move (it grew a line as its
  // expected line wrapped once more, several times a search).
  await onBoard(page, (board) => {
    /** @type {any} */ (window).iterations = [];
    board.on('thinking', (detail) => {
      if (detail.depth !== undefined) /** @type {any} */ (window).iterations.push(detail);
    });
    const view = /** @type {HTMLElement} */ (document.getElementById('thinking'));
    const heights = new Set([view.getBoundingClientRect().height]);
    /** @type {any} */ (window).thinkingHeights = heights;
    new ResizeObserver(() => heights.add(view.getBoundingClientRect().height)).observe(view);
  });
  // Within the panel, before a search and after: its lines are cut, not the panel's column
  // widened (a line that does not wrap stood 65 px out).
  const withinPanel = async () => {
    const [view = 0, panel = 0] = await page.evaluate(() => [document.getElementById('thinking'), document.querySelector('.panel')].map((box) => box?.getBoundingClientRect().right ?? 0));
    assert.ok(view <= panel + 0.5, `the view's right edge ${view}, the panel's ${panel}`);
  };
  await withinPanel();
  /** The last iteration's score for the side to move and from White's view, and the view's. */
  const scores = () =>
    page.evaluate(() => {
      const last = /** @type {any} */ (window).iterations.at(-1);
      return { score: last.score, white: last.white, shown: document.querySelector('#thinking [data-score]')?.getAttribute('data-score') };
    });
  await startAgainstComputer(page, 'black', 3);
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, null, {
    timeout: 30_000,
  });
  const text = (await page.textContent('#thinking')) ?? '';
  assert.match(text, /^Computer, playing White/);
  assert.doesNotMatch(text, /thinking…/);
  assert.ok(Number(await page.getAttribute('#thinking [data-depth]', 'data-depth')) >= 1);
  /** @param {string} text  e.g. "+0.35", "−0.35", "-1.20", "#2" @returns {number} */
  const pawns = (text) => Number(text.replace('−', '-').replace('#', ''));
  const white = await scores();
  assert.equal(white.white.cp ?? white.white.mate, Math.round(pawns(white.score) * (white.white.cp === undefined ? 1 : 100)), JSON.stringify(white));
  assert.equal(pawns(white.shown ?? ''), pawns(white.score), 'White searched: its score is White\'s');
  // On the player's turn a hint is offered; its search is Black's, its score shown for White.
  assert.equal(await page.isEnabled('#hint'), true);
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('hint: move the'), null, { timeout: 30_000 });
  const black = await scores();
  assert.equal(black.white.cp ?? black.white.mate, -Math.round(pawns(black.score) * (black.white.cp === undefined ? 1 : 100)) || 0, JSON.stringify(black));
  assert.equal(pawns(black.shown ?? ''), -pawns(black.score) || 0, `Black searched: its score turned for White ${JSON.stringify(black)}`);
  assert.match((await page.textContent('#thinking .thinking-number')) ?? '', /^1…$/, "the line starts with Black's move");
  await withinPanel();
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).thinkingHeights.size), 1, `the view's heights: ${await page.evaluate(() => [.../** @type {any} */ (window).thinkingHeights].join(', '))}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an analysis in the worker streams each depth with its best lines, and finds a mate in two', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame();
  // A mate in two of the tactics set (mined-s2g4p59), Black to move, solved by e6-e2.
  const position = '5x2/3p1k1p/c3w1pp/xpp4L/6P1/8/PPP4P/IL1iKW1C b 1 30';
  const { reports, last } = await onBoard(
    page,
    async (board, position, ai) => {
      board.newGame({ position });
      /** @type {any[]} */
      const reports = [];
      const last = await ai.analyse(board.record(), { multipv: 3, timeMs: 1500 }, (/** @type {any} */ report) => reports.push(report));
      return { reports, last };
    },
    position,
  );
  console.log(`analysis in the worker: ${reports.map((r) => `depth ${r.depth} ${r.nps} nps`).join(', ')}`);
  assert.ok(reports.length >= 4, `${reports.length} depths`);
  reports.forEach((report, i) => {
    assert.equal(report.depth, i + 1);
    assert.deepEqual(report.lines.map((/** @type {any} */ l) => l.multipv), [1, 2, 3]);
    assert.equal(new Set(report.lines.map((/** @type {any} */ l) => l.pv[0])).size, 3, 'three different moves');
  });
  assert.deepEqual(last, reports.at(-1));
  const best = last.lines[0];
  assert.equal(best.pv[0], 'e6-e2');
  assert.deepEqual(best.score, { mate: 2 });
  assert.deepEqual(best.white, { mate: -2 }, 'from White\'s view: mated in two');
  // Without a time, it deepens until stopped; what was reported stands.
  const stopped = await onBoard(page, (board, _arg, ai) => {
    board.newGame({});
    return new Promise((resolve) => {
      let depths = 0;
      ai.analyse(board.record(), { multipv: 2 }, () => {
        if (++depths === 3) ai.stop();
      }).then(
        () => resolve({ depths, outcome: 'finished' }),
        (/** @type {Error} */ error) => resolve({ depths, outcome: error.name }),
      );
    });
  });
  assert.deepEqual(stopped, { depths: 3, outcome: 'AbortError' });
  assert.deepEqual(problems, []);
  await page.close();
});
