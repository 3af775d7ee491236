// The chess clocks (www/clocks.js) on the game page, with time driven by Playwright's clock
// emulation (`clock.install`, then `pauseAt` and `fastForward`), so no test waits for real time:
// a 3+2 game between two players (the clock stands before the first move, runs for the side to
// move, adds the increment, shows tenths under 10 s and beeps once, survives a reload, flags
// White, undo takes the flag back), the computer's thinking time taken from its clock and its
// own flag, corrupt clock data, and where the clocks stand on a desktop and a phone
// (screenshots).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, linkOf, onBoard, openGame, plies, ready, useDesktopAndPhone } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

// The contexts' clock: time flows as usual until a test pauses it, and jumps when it says.
const { served, devices } = useDesktopAndPhone({
  desktop: { width: 1280, height: 820 },
  setUp: (context) => context.clock.install({ time: new Date('2026-11-25T09:00:00Z') }),
});

/** @param {Page} page @returns {Promise<{ top: string, bottom: string, running: string[] }>} */
const clocks = (page) =>
  page.evaluate(() => {
    const text = (/** @type {string} */ position) => document.querySelector(`.clock-${position} .clock-time`)?.textContent ?? '';
    return {
      top: text('top'),
      bottom: text('bottom'),
      running: [...document.querySelectorAll('.clock.running')].map((c) => /** @type {HTMLElement} */ (c).dataset.side ?? ''),
    };
  });

/**
 * Waits until the clock of `position` shows `time`.
 *
 * @param {Page} page
 * @param {'top' | 'bottom'} position
 * @param {string} time
 */
const shows = (page, position, time) =>
  page.waitForFunction(([position, time]) => document.querySelector(`.clock-${position} .clock-time`)?.textContent === time, [position, time]);

/**
 * Stops the page's time a second from now, so that what follows is exact.
 *
 * @param {Page} page
 */
async function pause(page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/**
 * Starts a game from the new-game dialog with the time control `time` ("3+2", or "custom" with
 * `custom` as its minutes + seconds).
 *
 * @param {Page} page
 * @param {{ time: string, custom?: string, ai?: { side: string, level: string } }} how
 */
async function startClocked(page, { time, custom, ai }) {
  await page.click('#new-game');
  if (ai) {
    await page.check('input[name="mode"][value="ai"]');
    await page.selectOption('select[name="side"]', ai.side);
    await page.selectOption('select[name="level"]', ai.level);
  }
  await page.selectOption('select[name="time"]', time);
  assert.equal(await page.isVisible('input[name="custom_time"]'), time === 'custom');
  if (custom !== undefined) await page.fill('input[name="custom_time"]', custom);
  await page.click('#new-game-start');
  await page.waitForSelector('.clock-top', { state: 'visible' });
}

/** @param {Page} page @returns {Promise<Record<string, string>>} the headers but the Date */
const headers = (page) => onBoard(page, (board) => Object.fromEntries(board.snapshot().headers.filter(([name]) => name !== 'Date')));

test('two players on a 3+2 clock: it runs for the side to move, adds the increment, shows tenths under 10 s, survives a reload and flags White', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await startClocked(page, { time: '3+2' });
    await pause(page);
    // A press on the page lets it make sounds (the browser's autoplay rule).
    await page.click('h1');
    // Before the first move the clock stands.
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:00', running: [] });
    await page.clock.fastForward(20_000);
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:00', running: [] });
    // White's first move costs nothing, and earns the increment as every move does; Black's
    // clock starts.
    await onBoard(page, (board) => board.play('b2-b5'));
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:02', running: ['black'] });
    await page.clock.fastForward(15_000);
    await shows(page, 'top', '2:45');
    // Black moves after 15 s: 3:00 − 15 s + 2 s.
    await onBoard(page, (board) => board.play('g7-g4'));
    assert.deepEqual(await clocks(page), { top: '2:47', bottom: '3:02', running: ['white'] });
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0 167.0' });
    // White thinks 2:52: ten seconds left, then tenths.
    await page.clock.fastForward(172_000);
    await shows(page, 'bottom', '0:10');
    await page.clock.fastForward(600);
    await shows(page, 'bottom', '0:09.4');
    assert.equal(await page.getAttribute('.clock-bottom', 'class'), 'clock clock-bottom running low');
    // Under 10 s, the player hears it once, and a screen reader says it.
    assert.equal(await page.getAttribute('#sound', 'data-last-sound'), 'lowTime');
    assert.equal(await page.textContent('#clock-said'), 'White: under 10 seconds left');
    const sounds = await page.getAttribute('#sound', 'data-sounds-played');
    await page.clock.fastForward(1_000);
    await shows(page, 'bottom', '0:08.4');
    assert.equal(await page.getAttribute('#sound', 'data-sounds-played'), sounds, 'once');
    await page.screenshot({ path: `${ARTIFACTS}clocks-tenths-desktop.png` });

    // A reload: the clock went on meanwhile (the page stores when it started), here 0 s.
    await page.reload();
    await ready(page);
    await shows(page, 'bottom', '0:08.4');
    assert.deepEqual((await clocks(page)).running, ['white']);

    // White's time runs out: the game ends, lost on time, in the record too.
    await page.clock.fastForward(8_500);
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.equal(await page.textContent('#result-headline'), 'Black wins');
    assert.equal(await page.textContent('#result-reason'), 'White ran out of time.');
    assert.equal(await page.textContent('#status'), 'Black wins on time');
    assert.deepEqual(await clocks(page), { top: '2:47', bottom: '0:00.0', running: [] });
    const record = await onBoard(page, (board) => board.record());
    assert.match(record, /\[TimeControl "180\+2"\]/);
    assert.match(record, /\[Clocks "182\.0 167\.0"\]/);
    assert.match(record, /\[Result "0-1"\]/);
    assert.match(record, /\[Termination "time forfeit"\]/);
    // Your games keeps its time control, to say it.
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games?.[0]?.control), '3+2');
    await page.screenshot({ path: `${ARTIFACTS}clocks-flag-desktop.png` });

    // Undo takes back the flag: White has the time of its last move again, and its clock runs.
    await page.click('.result-close');
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('.clock.running') !== null);
    assert.deepEqual(await clocks(page), { top: '2:47', bottom: '3:02', running: ['white'] });
    assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
    // Undo of a move sets the clocks back to the times at that move.
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'black');
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0' });
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:02', running: ['black'] });
    // Redo replays it with the time it cost (it gave the 15 s back, and the increment, before).
    await page.clock.fastForward(5_000);
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'white');
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0 167.0' });
    assert.deepEqual(await clocks(page), { top: '2:47', bottom: '3:02', running: ['white'] });
    // Another move than the one taken back is timed as it is made.
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'black');
    await page.clock.fastForward(10_000);
    await onBoard(page, (board) => board.play('g7-g5'));
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0 172.0' });

    // The record read back (Load) brings its clocks.
    await onBoard(page, (board, text) => board.newGame({ record: text }), record);
    assert.equal(await page.textContent('#status'), 'Black wins on time');
    assert.deepEqual(await clocks(page), { top: '2:47', bottom: '0:00.0', running: [] });
    // A game with no time control has no clocks.
    await onBoard(page, (board) => board.newGame({ setup: 'rotated' }));
    assert.equal(await page.isVisible('#clocks'), false);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a resignation or an agreed draw stops the clock where it stood, in the record and after a reload; taken back, it runs on from there', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await startClocked(page, { time: '3+2' });
    await pause(page);
    await onBoard(page, (board) => board.play('b2-b5'));
    await page.clock.fastForward(4_000);
    await shows(page, 'top', '2:56');
    // Black resigns 4 s into its move: its clock shows 2:56, not the 3:00 it had at its last move.
    await onBoard(page, (board) => board.resign('black'));
    assert.deepEqual(await clocks(page), { top: '2:56', bottom: '3:02', running: [] });
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0 176.0' });
    await page.clock.fastForward(5_000);
    assert.deepEqual(await clocks(page), { top: '2:56', bottom: '3:02', running: [] });
    await page.reload();
    await ready(page);
    assert.deepEqual(await clocks(page), { top: '2:56', bottom: '3:02', running: [] });
    // Taken back, Black's clock runs on from 2:56.
    await onBoard(page, (board) => board.undo());
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'black');
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0' });
    assert.deepEqual(await clocks(page), { top: '2:56', bottom: '3:02', running: ['black'] });
    await page.clock.fastForward(3_000);
    await shows(page, 'top', '2:53');
    // The same for a draw agreed.
    await onBoard(page, (board) => board.agreeDraw());
    assert.deepEqual(await clocks(page), { top: '2:53', bottom: '3:02', running: [] });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a new game started over a game whose clock runs stands until its first move', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await startClocked(page, { time: '3+2' });
    await pause(page);
    await onBoard(page, (board) => board.play('b2-b5'));
    await onBoard(page, (board) => board.play('g7-g4'));
    assert.deepEqual((await clocks(page)).running, ['white']);
    await startClocked(page, { time: '3+2' });
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 0);
    await page.clock.fastForward(10_000);
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:00', running: [] });
    // And the first move is not charged for the wait (it earns the increment).
    await onBoard(page, (board) => board.play('b2-b5'));
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0' });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('while a clock runs, the views that cover the board ask first: Back to the game stays, Open goes; with no clock running they open at once', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    await startClocked(page, { time: '3+2' });
    await pause(page);
    // Before the first move the clock stands: the lessons open at once.
    await page.click('#open-lessons');
    await page.waitForSelector('#lessons[open]');
    assert.equal(await page.isVisible('#leave-clock'), false);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#lessons')?.hasAttribute('open'));
    await onBoard(page, (board) => board.play('b2-b5'));
    await page.clock.fastForward(75_000);
    // Black's clock runs: the lessons ask, with the time left; the default stays.
    await page.click('#open-lessons');
    await page.waitForSelector('#leave-clock[open]');
    assert.equal(await page.textContent('#leave-clock-words'), "Black's clock runs on while you are in the lessons: 1:45 left. A game is lost on time when a clock runs out.");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Back to the game');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('#leave-clock')?.hasAttribute('open'));
    assert.equal(await page.evaluate(() => document.querySelector('#lessons')?.hasAttribute('open') ?? false), false);
    // Escape stays too; "Open the analysis board" goes.
    await page.click('#analyse');
    await page.waitForSelector('#leave-clock[open]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#leave-clock')?.hasAttribute('open'));
    assert.equal(await page.isVisible('.analysis-dialog'), false);
    await page.click('#analyse');
    await page.click('#leave-clock button:has-text("Open the analysis board")');
    await page.waitForSelector('.analysis-dialog[open]');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('by link each clock runs only on its player\'s device: the other side\'s stands, and the player\'s starts as the answer is opened', { timeout: 60_000 }, async () => {
  const sent = '[TimeControl "180+2"]\n[Clocks "180.0"]\n\n1. b2-b5 *';
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: sent, settings: { linkSide: 'white' } }));
  try {
    await pause(page);
    // Black, far away, is to move: its clock stands here at the time its last move left it.
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:00', running: [] });
    await page.clock.fastForward(30_000);
    assert.deepEqual(await clocks(page), { top: '3:00', bottom: '3:00', running: [] });
    // Black's answer comes by link, with the time Black's move left: White's clock starts as it
    // is opened, not from White's own move 30 s before.
    const answer = await linkOf(page, '[TimeControl "180+2"]\n[Clocks "180.0 170.0"]\n\n1. b2-b5 g7-g4 *');
    await page.evaluate((url) => (location.href = url), `${served.url}#game=${answer}`);
    await page.waitForSelector('dialog.link-dialog[open][data-ready]');
    await page.click('dialog.link-dialog button.primary');
    await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
    assert.deepEqual(await clocks(page), { top: '2:50', bottom: '3:00', running: ['white'] });
    await page.clock.fastForward(5_000);
    await shows(page, 'bottom', '2:55');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('against the computer: it thinks for its share of its clock, and loses on time when it overruns', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  try {
    // The thinking time of each request to the computer's worker.
    await page.evaluate(() => {
      const post = Worker.prototype.postMessage;
      /** @type {number[]} */
      const times = [];
      Object.assign(window, { thinkTimes: times });
      Worker.prototype.postMessage = function (/** @type {any} */ message, /** @type {any} */ ...rest) {
        if (message?.type === 'think') times.push(message.timeMs);
        return post.call(this, message, ...rest);
      };
    });
    // A custom 0.25+1: the computer (White) moves first, on a standing clock, with 15 s left:
    // 15 s / 30 + ¾ × 1 s = 1.25 s.
    await startClocked(page, { time: 'custom', custom: '0.25+1', ai: { side: 'black', level: '8' } });
    // Stopped a second on (the search, in its worker, runs in real time meanwhile): Black's
    // clock, which starts with White's move, shows its 15 s exactly. Running, it showed 0:14 as
    // soon as a millisecond had passed, which on a loaded machine it had by the check.
    await pause(page);
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'black', null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).thinkTimes), [1250]);
    assert.deepEqual(await clocks(page), { top: '0:16', bottom: '0:15', running: ['black'] });
    const first = (await plies(page))[0];
    assert.ok(first);

    // Black answers; the computer thinks again (level 8: 1.25 s of real time), and while it
    // does, the page's time jumps past its flag: it loses on time, and its move never comes.
    await pause(page);
    const reply = await onBoard(page, (board) => Object.values(board.snapshot().moves).flat()[0]?.text ?? '');
    await onBoard(page, (board, move) => board.play(move), reply);
    await page.waitForFunction(() => /** @type {any} */ (window).thinkTimes.length === 2);
    await page.clock.fastForward(17_000);
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.equal(await page.textContent('#result-headline'), 'You win');
    assert.equal(await page.textContent('#result-reason'), 'White ran out of time.');
    assert.deepEqual(await plies(page), [first, reply]);
    // White's first move on a standing clock: 15 s, and 1 s added; Black's, the second or so it
    // took (the pause stopped the time a second ahead) taken, and 1 s added.
    const { TimeControl, Clocks } = await headers(page);
    assert.equal(TimeControl, '15+1');
    const [white, black] = (Clocks ?? '').split(' ').map(Number);
    assert.ok(white === 16 && black !== undefined && black > 14 && black < 16, Clocks);
    // The dialog remembers the time control chosen.
    await page.reload();
    await ready(page);
    assert.equal(await page.$eval('select[name="time"]', (node) => /** @type {HTMLSelectElement} */ (node).value), 'custom');
    assert.equal(await page.$eval('input[name="custom_time"]', (node) => /** @type {HTMLInputElement} */ (node).value), '0.25+1');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a saved game with corrupt clock data still opens: the clocks start again from the time control', { timeout: 60_000 }, async () => {
  const record = '[TimeControl "180+2"]\n[Clocks "soon 3"]\n[Setup "rotated"]\n[Rules "default"]\n\n1. b2-b5 *\n';
  const stored = JSON.stringify({ version: 1, record, settings: { clock: { plies: 'one', since: 'now' } } });
  const { page, problems } = await openGame(served.context, served.url, stored);
  try {
    await pause(page);
    await page.waitForSelector('.clock-top', { state: 'visible' });
    // The bad times are replaced by the time control's (and the move's increment), and Black's
    // clock runs from the load.
    await page.waitForFunction(() => document.querySelector('.clock.running')?.getAttribute('data-side') === 'black');
    assert.deepEqual(await headers(page), { TimeControl: '180+2', Clocks: '182.0' });
    // (The pause stopped the time a second ahead.)
    const shown = await clocks(page);
    assert.match(shown.top, /^2:5[89]$/);
    assert.deepEqual({ ...shown, top: '' }, { top: '', bottom: '3:02', running: ['black'] });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a clock that ran out while the page was closed ends the game on load, and the game is kept in Your games', { timeout: 60_000 }, async () => {
  // Black's clock (1+0) started five minutes before the page opens again (the contexts' clock
  // says 09:00).
  const record = '[TimeControl "60+0"]\n[Clocks "60.0"]\n\n1. b2-b5 *\n';
  const since = Date.parse('2026-11-25T08:55:00Z');
  const stored = JSON.stringify({ version: 1, record, settings: { clock: { plies: 1, since } } });
  const { page, problems } = await openGame(served.context, served.url, stored);
  try {
    assert.equal(await onBoard(page, (board) => board.result()?.kind), 'timeout');
    // Said, and the result shown, as had the page been open.
    assert.equal(await page.textContent('#notice span'), "The clock ran on while Ultima was closed: Black's time ran out.");
    await page.waitForSelector('#result-banner', { state: 'visible' });
    assert.equal(await page.textContent('#result-reason'), 'Black ran out of time.');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games ?? []);
    assert.equal(kept.length, 1, 'kept in Your games');
    assert.deepEqual({ kind: kept[0].kind, result: kept[0].result, plies: kept[0].plies, control: kept[0].control }, { kind: 'timeout', result: '1-0', plies: 1, control: '1+0' });
    // Kept once: a reload of the finished game adds nothing.
    await page.reload();
    await ready(page);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games.length), 1);
    // Then the chip only, and no word of a clock that ran on.
    assert.equal(await page.isVisible('#result-banner'), false);
    assert.equal(await page.isVisible('#result-chip'), true);
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

for (const { device, context } of devices) {
  test(`${device}: the clocks stand ${device === 'phone' ? 'above and below the board' : 'beside the board, level with its top and bottom'}, the top one the side at the top`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openGame(context(), served.url);
    try {
      await startClocked(page, { time: '5+3', ai: { side: 'white', level: '1' } });
      await pause(page);
      // Named as the players from the start, not only once a move is played.
      const names = () => page.evaluate(() => [...document.querySelectorAll('.clock')].map((c) => c.getAttribute('aria-label')?.replace(/:.*/, '')));
      assert.deepEqual(await names(), ['Computer (Black)', 'You (White)']);
      // The record says so too, with the day the game began, as PGN writes them.
      const today = await page.evaluate(() => {
        const day = new Date();
        return `${day.getFullYear()}.${String(day.getMonth() + 1).padStart(2, '0')}.${String(day.getDate()).padStart(2, '0')}`;
      });
      const written = await onBoard(page, (board) => board.snapshot().headers);
      assert.deepEqual(written.slice(0, 4), [
        ['Date', today],
        ['White', 'Player'],
        ['Black', 'Computer, level 1 — Beginner'],
        ['TimeControl', '300+3'],
      ]);
      await onBoard(page, (board) => board.play('b2-b5'));
      await page.clock.fastForward(4_000);
      const boxes = await page.evaluate(() => {
        const box = (/** @type {string} */ selector) => {
          const r = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return { board: box('#board-host'), top: box('.clock-top'), bottom: box('.clock-bottom'), width: document.documentElement.scrollWidth };
      });
      const { board, top, bottom } = boxes;
      if (device === 'phone') {
        assert.ok(top.bottom <= board.top && board.bottom <= bottom.top, JSON.stringify(boxes));
        assert.ok(Math.abs(top.left - board.left) < 1 && Math.abs(top.right - board.right) < 1, JSON.stringify(boxes));
      } else {
        assert.ok(top.left >= board.right && bottom.left >= board.right, JSON.stringify(boxes));
        assert.ok(Math.abs(top.top - board.top) < 1 && Math.abs(bottom.bottom - board.bottom) < 1, JSON.stringify(boxes));
      }
      assert.ok(boxes.width <= (device === 'phone' ? 390 : 1280), 'no sideways scrolling');
      // The player (White) at the bottom, the computer at the top; flipped, the other way round.
      assert.deepEqual(await names(), ['Computer (Black)', 'You (White)']);
      await page.screenshot({ path: `${ARTIFACTS}clocks-${device}.png` });
      await page.click('#flip');
      assert.equal(await page.textContent('.clock-top .clock-name'), 'You');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
