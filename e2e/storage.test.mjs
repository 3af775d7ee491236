// The saved game in localStorage: data this version cannot use (unreadable, another schema
// version, a record that does not load) is set aside under a backup key with a notice, never
// dropped; storage that is refused or full leaves a playable game, a notice, and a record that
// can still be copied out.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchProblems } from './browser.mjs';
import { click, onBoard, openGame, plies, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** @param {Page} page @returns {Promise<Record<string, string>>} everything in localStorage */
const stored = (page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/** @param {Page} page */
const notice = async (page) => ((await page.isVisible('#notice')) ? ((await page.textContent('#notice')) ?? '') : '');

/** Plays b2-b5 by clicks and checks it was played. @param {Page} page */
async function playsOn(page) {
  await click(page, 'b2');
  await click(page, 'b5');
  assert.deepEqual(await plies(page), ['b2-b5']);
}

/** The record can be copied out (into the text box) whatever storage did. @param {Page} page */
async function exports(page) {
  await page.click('.io summary');
  await page.click('#copy-record');
  assert.match(await page.inputValue('#record-text'), /1\. b2-b5/);
}

const V1 = (/** @type {object} */ fields) => JSON.stringify({ version: 1, settings: {}, ...fields });

for (const [what, text, says] of /** @type {Array<[string, string, RegExp]>} */ ([
  ['unreadable text', '{not json', /could not be read/],
  ['JSON that is not an object', '[1, 2, 3]', /could not be read/],
  ['a newer schema', JSON.stringify({ version: 99, record: '1. b2-b5', settings: { theme: 'night' } }), /newer version of this page \(schema 99\)/],
  ['data with no schema version', JSON.stringify({ record: '1. b2-b5' }), /form this version does not know/],
  ['a record that does not load', V1({ record: '1. b2-b5 g7-g4 2. z9-z9' }), /could not be resumed \(.*z9/],
])) {
  test(`${what} is set aside under a backup key with a notice, and a new game plays`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openGame(served.context, served.url, String(text));
    const said = await notice(page);
    assert.match(said, says);
    assert.match(said, /Your games lists it under “Set aside”/, 'the notice says where to find it');
    await playsOn(page);
    const now = await stored(page);
    const [key, ...more] = Object.keys(now).filter((name) => name.startsWith('ultima.page.backup.'));
    assert.ok(key && more.length === 0, `one backup key: ${Object.keys(now)}`);
    assert.equal(now[key], text, 'the backup holds the data exactly as it was');
    assert.equal(JSON.parse(now['ultima.page'] ?? '').version, 1, 'the new game is saved in the current schema');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

/**
 * Opens the game page with localStorage broken by `script` (run before the page's own).
 *
 * @param {() => void} script
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
async function openBroken(script) {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript(() => localStorage.clear());
  await page.addInitScript(script);
  await page.goto(served.url);
  await ready(page);
  return { page, problems };
}

test('storage refused (a SecurityError, as in some private modes): a notice, and the game plays', { timeout: 60_000 }, async () => {
  const { page, problems } = await openBroken(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  assert.match(await notice(page), /does not allow this page to store data, so the game will not be saved/);
  await playsOn(page);
  await exports(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('storage full (QuotaExceededError): one notice, and the game plays and can be copied out', { timeout: 60_000 }, async () => {
  const { page, problems } = await openBroken(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  assert.match(await notice(page), /could not be saved: the browser's storage is full/);
  await page.click('#notice .notice-close');
  await playsOn(page);
  assert.equal(await notice(page), '', 'the failure is reported once, not after every move');
  await exports(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('data that cannot be set aside (storage full) is left as it was, and nothing is saved over it', { timeout: 60_000 }, async () => {
  const { page, problems } = await openBroken(() => {
    localStorage.setItem('ultima.page', '{not json');
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  assert.match(await notice(page), /could not be copied aside \(the browser's storage is full\), so it was left as it was and this game will not be saved/);
  await playsOn(page);
  assert.deepEqual(await stored(page), { 'ultima.page': '{not json' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('two tabs on the saved game follow each other instead of overwriting each other', { timeout: 60_000 }, async () => {
  const { page: first, problems } = await openGame(served.context, served.url);
  await playsOn(first);
  // A second tab of the same browser resumes the saved game.
  const second = await served.context.newPage();
  const secondProblems = watchProblems(second);
  await second.goto(served.url);
  await ready(second);
  assert.deepEqual(await plies(second), ['b2-b5']);
  // A move in the second tab reaches the first, which says so, in its panel: the board, maybe
  // under a finger, stays where it was.
  const board = await first.locator('canvas#board').boundingBox();
  await click(second, 'g7');
  await click(second, 'g4');
  await first.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2);
  assert.deepEqual(await plies(first), ['b2-b5', 'g7-g4']);
  assert.match(await notice(first), /continued in another tab/);
  assert.deepEqual(await first.locator('canvas#board').boundingBox(), board, 'the notice moved the board');
  // And back: the first tab plays on from there, the second follows.
  await click(first, 'c2');
  await click(first, 'c6');
  await second.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 3);
  assert.deepEqual(await plies(second), ['b2-b5', 'g7-g4', 'c2-c6']);
  // Nothing was set aside: no save overwrote another tab's game.
  assert.deepEqual(Object.keys(await stored(first)).filter((key) => key.startsWith('ultima.page.backup')), []);
  assert.match(JSON.parse((await stored(first))['ultima.page'] ?? '{}').record, /1\. b2-b5 g7-g4 2\. c2-c6/);
  await second.close();
  // Both tabs move at once, and the other tab's save does not see the first's in time: it writes
  // over it without setting it aside (done here by hand, from a page of the site without a game
  // of its own, since two clicks in two tabs cannot be made to collide). The first tab follows
  // the other's game, sets its own aside, and says where it went.
  const mine = await first.evaluate(() => {
    const board = /** @type {any} */ (window).ultima.board;
    board.play('a7-a5');
    return board.record();
  });
  const other = await served.context.newPage();
  await other.goto(`${served.url}manifest.webmanifest`);
  await other.evaluate((mine) => {
    const saved = JSON.parse(localStorage.getItem('ultima.page') ?? '{}');
    localStorage.setItem('ultima.page', JSON.stringify({ ...saved, record: mine.replace('a7-a5', 'h7-h5') }));
  }, mine);
  await first.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().at(-1)?.text === 'h7-h5');
  assert.match(await notice(first), /^This game was changed in another tab at the same time: this tab shows that game now, and the game it had was kept \(Your games lists it under “Set aside”\)\./);
  const kept = Object.entries(await stored(first)).filter(([key]) => key.startsWith('ultima.page.backup.'));
  assert.deepEqual(kept.map(([, text]) => JSON.parse(text).record), [mine], 'the first tab\'s game, kept once');
  assert.deepEqual([...problems, ...secondProblems], []);
  await other.close();
  await first.close();
});

test('against the computer, a tab in the background follows the game without thinking for it, and plays it again when shown', { timeout: 60_000 }, async () => {
  const { page: first, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: null, settings: { opponent: { computer: 'black', level: 1 } } }));
  const second = await served.context.newPage();
  const secondProblems = watchProblems(second);
  await second.goto(served.url);
  await ready(second);
  /** @param {boolean} hidden */
  const shown = (hidden) =>
    second.evaluate((hidden) => {
      Object.defineProperty(document, 'hidden', { get: () => hidden, configurable: true });
      Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await shown(true);
  // The move, and the computer's answer, come from the first tab; the second follows both
  // without a search of its own (its computer player never starts).
  await click(first, 'b2');
  await click(first, 'b5');
  await second.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, { timeout: 30_000 });
  assert.deepEqual(await plies(second), await plies(first));
  assert.equal(await onBoard(second, (board) => board.view().mode), 'play');
  assert.equal(second.workers().length, 0, 'no search in the background tab');
  // Shown, it plays against the computer again (once no tab searches for its move).
  await shown(false);
  await second.waitForFunction(() => /** @type {any} */ (window).ultima.board.view().mode === 'ai');
  assert.deepEqual(Object.keys(await stored(first)).filter((key) => key.startsWith('ultima.page.backup')), [], 'nothing forked');
  assert.deepEqual([...problems, ...secondProblems], []);
  await second.close();
  await first.close();
});

/**
 * Counts the searches for the computer's move a page starts (`window.searches`), and keeps the
 * status line's words as they change (`window.said`).
 *
 * @param {Page} page
 */
const watchSearches = (page) =>
  page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.searches = 0;
    w.said = [];
    w.ultima.board.on('thinking', (/** @type {{ thinking: boolean, purpose: string }} */ detail) => {
      if (detail.thinking && detail.purpose === 'move' && !('depth' in detail)) w.searches++;
    });
    const status = /** @type {HTMLElement} */ (document.getElementById('status'));
    new MutationObserver(() => w.said.push(status.textContent)).observe(status, { childList: true, subtree: true, characterData: true });
  });

/**
 * A move of the player's that captures nothing, by its squares: the computer's random answer
 * (level 1) may block any one move chosen beforehand.
 *
 * @param {Page} page
 * @returns {Promise<[string, string]>}
 */
const quietMove = (page) =>
  onBoard(page, (board) => {
    const move = Object.values(board.snapshot().moves)
      .flat()
      .find((m) => m.captures.length === 0 && !m.suicide);
    if (!move) throw new Error('no quiet move');
    return /** @type {[string, string]} */ ([move.from, move.to]);
  });

/** @param {Page} page @returns {Promise<number>} */
const searches = (page) => page.evaluate(() => /** @type {any} */ (window).searches);

test('against the computer, two tabs in sight search its move once: in the tab it was asked in, the other following', { timeout: 60_000 }, async () => {
  const { page: first, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: null, settings: { opponent: { computer: 'black', level: 1 } } }));
  const second = await served.context.newPage();
  const secondProblems = watchProblems(second);
  await second.goto(served.url);
  await ready(second);
  await watchSearches(first);
  await watchSearches(second);
  // A move in the first tab: its computer answers, the second tab follows both moves without a
  // search of its own, and says where the computer thinks meanwhile.
  await click(first, 'b2');
  await click(first, 'b5');
  await second.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, { timeout: 30_000 });
  assert.deepEqual(await plies(second), await plies(first));
  assert.deepEqual([await searches(first), await searches(second)], [1, 0]);
  // Its computer is back on its board, for the player's next move there.
  await second.waitForFunction(() => /** @type {any} */ (window).ultima.board.view().mode === 'ai');
  // And the other way round.
  const [from, to] = await quietMove(second);
  await click(second, from);
  await click(second, to);
  await first.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 4, null, { timeout: 30_000 });
  assert.deepEqual(await plies(first), await plies(second));
  assert.deepEqual([await searches(first), await searches(second)], [1, 1]);
  const said = await first.evaluate(() => /** @type {any} */ (window).said);
  assert.ok(said.includes('White to move — thinking in another tab…') || said.includes('Black to move — thinking in another tab…'), `the first tab said: ${said.join(' | ')}`);
  assert.deepEqual(Object.keys(await stored(first)).filter((key) => key.startsWith('ultima.page.backup')), [], 'nothing forked');
  assert.deepEqual([...problems, ...secondProblems], []);
  await second.close();
  await first.close();
});

/**
 * Holds a Web Lock of the site from another page of it, as another tab of the game would, until
 * `window.free()` is called there.
 *
 * @param {string} name
 * @returns {Promise<Page>} that page
 */
async function holdLock(name) {
  const other = await served.context.newPage();
  await other.goto(`${served.url}manifest.webmanifest`);
  await other.evaluate((name) => {
    const w = /** @type {any} */ (window);
    w.held = new Promise((held) => navigator.locks.request(name, () => new Promise((free) => held((w.free = free)))));
    return w.held.then(() => undefined);
  }, name);
  return other;
}

test("a tab opened just after another played the computer's move waits for that move's save rather than search it again", { timeout: 60_000 }, async () => {
  // The lock a tab holds a while after its computer played (search-lock.js), held by hand: its
  // save is on its way, the storage event and the lock's release reaching other tabs in any order.
  const other = await holdLock('ultima.computer-move.saved');
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: '1. b2-b5 *', settings: { opponent: { computer: 'black', level: 1 } } }));
  assert.equal(page.workers().length, 0, 'no search of its own');
  assert.equal(await page.textContent('#status'), 'Black to move — thinking in another tab…');
  // The save came (as another tab's): followed, with no search here.
  await other.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('ultima.page') ?? '{}');
    localStorage.setItem('ultima.page', JSON.stringify({ ...saved, record: '1. b2-b5 g7-g4 *' }));
  });
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2);
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.view().mode === 'ai');
  assert.equal(page.workers().length, 0, 'still no search of its own');
  await other.evaluate(() => /** @type {any} */ (window).free());
  assert.deepEqual(problems, []);
  await other.close();
  await page.close();
});

test("a tab opened while another searches the computer's move leaves the move to it, and plays on after it", { timeout: 60_000 }, async () => {
  // Another tab's search, held by hand (search-lock.js's lock).
  const other = await holdLock('ultima.computer-move');
  // The game kept, the computer (Black) to move.
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: '1. b2-b5 *', settings: { opponent: { computer: 'black', level: 1 } } }));
  assert.equal(page.workers().length, 0, 'no search of its own');
  assert.deepEqual(await onBoard(page, (board) => [board.view().mode, board.view().movable]), ['play', 'white']);
  assert.equal(await page.textContent('#status'), 'Black to move — thinking in another tab…');
  // The other tab done without a move (closed): this one takes the computer's move up.
  await other.evaluate(() => /** @type {any} */ (window).free());
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, null, { timeout: 30_000 });
  assert.equal(await onBoard(page, (board) => board.view().mode), 'ai');
  assert.deepEqual(problems, []);
  await other.close();
  await page.close();
});
