// The iframe embed's postMessage bridge (www/frame.js) against malformed traffic from the host
// page: data that is not a call is ignored, calls of the wrong shape (ids, methods, args and
// arguments of the wrong type or size) are answered with an error, markup in an argument never
// becomes an element, messages from a window other than the parent are not heard, and after all
// of it the board still answers and plays.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchProblems } from './browser.mjs';
import { hostPages } from './hosts.mjs';
import { useServedDist } from './game-page.mjs';

const served = useServedDist({ needs: 'embed.html', pages: hostPages, browser: { viewport: { width: 900, height: 800 }, deviceScaleFactor: 1 } });

const call = (/** @type {object} */ fields) => ({ source: 'ultima', type: 'call', ...fields });

/** Messages and the answer each must get: null for none (ignored), else the error's pattern. */
const CASES = /** @type {Array<[string, unknown, { id: unknown, error: RegExp } | null]>} */ ([
  ['a string', 'hello', null],
  ['a number', 42, null],
  ['null', null, null],
  ['an array', [1, 2, 3], null],
  ['an object of another script', { foo: 1 }, null],
  ['a call of another source', { source: 'other', type: 'call', id: 1, method: 'position' }, null],
  ['another type', { source: 'ultima', type: 'result', id: 1 }, null],
  ['an unknown method', call({ id: 1, method: 'eval', args: ['alert(1)'] }), { id: 1, error: /^unknown method "eval"$/ }],
  ['a method that is not text', call({ id: 2, method: { toString: 'play' } }), { id: 2, error: /^unknown method "object"$/ }],
  ['an id that is an object', call({ id: { a: 1 }, method: 'position' }), { id: null, error: /id must be a number or text/ }],
  ['a huge id', call({ id: 'x'.repeat(100_000), method: 'position' }), { id: null, error: /id must be a number or text of at most 100/ }],
  ['args that are not an array', call({ id: 3, method: 'play', args: 'b2-b5' }), { id: 3, error: /^play: args must be an array, not string$/ }],
  ['too many args', call({ id: 4, method: 'play', args: ['b2-b5', {}, 'c2-c5'] }), { id: 4, error: /too many arguments \(3; at most 2\)/ }],
  ['a second argument that is not { quiet }', call({ id: 14, method: 'play', args: ['b2-b5', 'loud'] }), { id: 14, error: /^play: the second argument must be \{ quiet: true \} or \{ quiet: false \}/ }],
  ['a move that is not text', call({ id: 5, method: 'play', args: [{ from: 'b2' }] }), { id: 5, error: /the move must be text/ }],
  ['a huge move', call({ id: 6, method: 'play', args: ['b'.repeat(5_000_000)] }), { id: 6, error: /the move is too long \(5000000 characters/ }],
  ['options that are text', call({ id: 7, method: 'set', args: ['abstract'] }), { id: 7, error: /the options must be an object/ }],
  ['options that are an array', call({ id: 8, method: 'newGame', args: [['record']] }), { id: 8, error: /the options must be an object/ }],
  ['an unknown option', call({ id: 9, method: 'set', args: [{ onload: 'alert(1)' }] }), { id: 9, error: /unknown option "onload"/ }],
  ['a huge position', call({ id: 10, method: 'setPosition', args: ['8/'.repeat(2_000_000)] }), { id: 10, error: /position is too long \(4000000 characters; at most 200\)/ }],
  ['markup as a position', call({ id: 11, method: 'setPosition', args: ['<img src=x onerror=alert(1)>'] }), { id: 11, error: /position string/ }],
  ['markup as a piece set', call({ id: 12, method: 'set', args: [{ pieceSet: '<b>bold</b>' }] }), { id: 12, error: /piece-set must be "chess" or "abstract", not "<b>bold<\/b>"/ }],
  ['base after the start', call({ id: 13, method: 'set', args: [{ base: 'https://evil.example/' }] }), { id: 13, error: /base can only be given to mount/ }],
]);

test('malformed messages are ignored or answered with an error, and the board plays on', { timeout: 90_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${served.url}host-frame.html?options=${encodeURIComponent(JSON.stringify([{}]))}`);
  await page.waitForFunction(() => /** @type {any} */ (window).events.some((/** @type {any} */ e) => e.type === 'ready'));
  const origin = new URL(served.url).origin;
  for (const [what, data, answer] of CASES) {
    const before = await page.evaluate(() => /** @type {any} */ (window).results.length);
    await page.evaluate(
      ([data, origin]) => /** @type {HTMLIFrameElement} */ (document.querySelector('iframe')).contentWindow?.postMessage(data, String(origin)),
      [data, origin],
    );
    // A call that is answered comes before this one's answer; one that is ignored does not.
    await page.evaluate(() => /** @type {any} */ (window).call(0, 'probe', 'position'));
    await page.waitForFunction((n) => /** @type {any} */ (window).results.length > n && /** @type {any} */ (window).results.at(-1).id === 'probe', before);
    const got = await page.evaluate((n) => /** @type {any} */ (window).results.slice(n, -1), before);
    if (answer === null) {
      assert.deepEqual(got, [], `${what}: ignored`);
    } else {
      assert.equal(got.length, 1, `${what}: one answer`);
      assert.equal(got[0].id, answer.id, `${what}: id`);
      assert.match(String(got[0].error), answer.error, `${what}`);
    }
  }
  // Nothing received became markup, and the board still plays.
  const frame = page.frameLocator('iframe');
  assert.equal(await frame.locator('img, b').count(), 0);
  await page.evaluate(() => /** @type {any} */ (window).call(0, 'move', 'play', 'b2-b5'));
  await page.waitForFunction(() => /** @type {any} */ (window).results.at(-1).id === 'move');
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).results.at(-1)), { board: 0, id: 'move', value: 'b2-b5' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a window other than the parent is not heard', { timeout: 60_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${served.url}host-frame.html?options=${encodeURIComponent(JSON.stringify([{}]))}`);
  await page.waitForFunction(() => /** @type {any} */ (window).events.some((/** @type {any} */ e) => e.type === 'ready'));
  // A sibling frame of the host's origin posts a well-formed call to the board's frame.
  await page.evaluate(() => {
    const sibling = document.createElement('iframe');
    sibling.name = 'sibling';
    document.body.append(sibling);
  });
  const sibling = page.frame({ name: 'sibling' });
  assert.ok(sibling);
  await sibling.evaluate(() => {
    const board = /** @type {Window} */ (parent.frames[0]);
    board.postMessage({ source: 'ultima', type: 'call', id: 'sibling', method: 'play', args: ['b2-b5'] }, '*');
  });
  await page.evaluate(() => /** @type {any} */ (window).call(0, 'probe', 'position'));
  await page.waitForFunction(() => /** @type {any} */ (window).results.some((/** @type {any} */ r) => r.id === 'probe'));
  const results = await page.evaluate(() => /** @type {any} */ (window).results);
  assert.deepEqual(results.map((/** @type {any} */ r) => r.id), ['probe']);
  assert.match(results[0].value, /^clxwkxli\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/ILXKWXLC w/, 'the sibling\'s move was not played');
  assert.deepEqual(problems, []);
  await page.close();
});
