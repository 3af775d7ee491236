import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterRound, loadBest, namingText, nextSquare, NOTHING_NAMED, pressName, readBest, saveBest, SQUARES_KEY } from '../www/squares.js';

test('the next square: every square as likely, never the one just found', () => {
  assert.equal(nextSquare(() => 0, null), 'a1');
  assert.equal(nextSquare(() => 0.999999, null), 'h8');
  assert.equal(nextSquare(() => 0.5, null), 'a5');
  // After a1 the 63 others: the lowest draw gives b1, the highest h8.
  assert.equal(nextSquare(() => 0, 'a1'), 'b1');
  assert.equal(nextSquare(() => 0.999999, 'a1'), 'h8');
  assert.equal(nextSquare(() => 0.999999, 'h8'), 'g8');
  // A random source that returns 1 (out of its range) still gives a square.
  assert.equal(nextSquare(() => 1, null), 'h8');
  // Over every draw, each square but the previous comes exactly once.
  const seen = new Set();
  for (let i = 0; i < 63; i++) seen.add(nextSquare(() => (i + 0.5) / 63, 'e4'));
  assert.equal(seen.size, 63);
  assert.equal(seen.has('e4'), false);
});

test('naming a square key by key: a file and a rank in either order, a second of a kind replacing the first', () => {
  let step = pressName(NOTHING_NAMED, 'e');
  assert.deepEqual(step, { given: { file: 'e', rank: null }, square: null });
  assert.equal(namingText(step.given), 'e_');
  step = pressName(step.given, 'F');
  assert.deepEqual(step.given, { file: 'f', rank: null }, 'a second file replaces the first, upper case read as lower');
  step = pressName(step.given, 'x');
  assert.deepEqual(step.given, { file: 'f', rank: null }, 'another key changes nothing');
  step = pressName(step.given, '9');
  assert.equal(step.square, null);
  step = pressName(step.given, '4');
  assert.deepEqual(step, { given: NOTHING_NAMED, square: 'f4' });
  assert.equal(namingText(NOTHING_NAMED), '');
  const rankFirst = pressName(NOTHING_NAMED, '8');
  assert.equal(namingText(rankFirst.given), '_8');
  assert.equal(pressName(rankFirst.given, 'a').square, 'a8');
});

const NONE = { find: { white: 0, black: 0 }, name: { white: 0, black: 0 } };

test('best scores: a better round is a record, kept per way and side; stored nonsense counts as none', () => {
  assert.deepEqual(readBest(null), NONE);
  const first = afterRound(readBest(null), 'find', 'white', 12);
  assert.deepEqual(first, { bests: { ...NONE, find: { white: 12, black: 0 } }, record: true });
  assert.deepEqual(afterRound(first.bests, 'find', 'white', 12), { bests: first.bests, record: false }, 'a tie is no record');
  assert.deepEqual(afterRound(first.bests, 'find', 'black', 3).bests.find, { white: 12, black: 3 });
  const named = afterRound(first.bests, 'name', 'white', 5);
  assert.deepEqual(named, { bests: { find: { white: 12, black: 0 }, name: { white: 5, black: 0 } }, record: true }, 'naming has bests of its own');
  for (const text of ['', 'nope', '[]', '{"version":2,"best":{"white":5}}', '{"version":1}', '{"version":1,"best":7}']) {
    assert.deepEqual(readBest(text), NONE, text);
  }
  assert.deepEqual(readBest('{"version":1,"best":{"white":"9","black":14}}'), { ...NONE, find: { white: 0, black: 14 } });
  assert.deepEqual(readBest('{"version":1,"best":{"white":-1,"black":2.5}}'), NONE);
  assert.deepEqual(readBest('{"version":1,"best":{"white":100000,"black":20}}'), { ...NONE, find: { white: 0, black: 20 } }, 'more than a round can count');
  // Stored before naming came: the finding bests, none for naming.
  assert.deepEqual(readBest('{"version":1,"best":{"white":7,"black":2}}'), { ...NONE, find: { white: 7, black: 2 } });
  assert.deepEqual(readBest('{"version":1,"best":{"white":7,"black":2},"named":{"white":4,"black":"x"}}'), { find: { white: 7, black: 2 }, name: { white: 4, black: 0 } });
});

test('best scores in storage: saved under their key; refused storage is survived', () => {
  /** @type {Map<string, string>} */
  const items = new Map();
  const storage = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: (/** @type {string} */ k) => items.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => items.set(k, v) }));
  const bests = { find: { white: 7, black: 2 }, name: { white: 3, black: 0 } };
  saveBest(storage, bests);
  assert.deepEqual(JSON.parse(items.get(SQUARES_KEY) ?? ''), { version: 1, best: { white: 7, black: 2 }, named: { white: 3, black: 0 } });
  assert.deepEqual(loadBest(storage), bests);
  const refusing = /** @type {Storage} */ (/** @type {unknown} */ ({
    getItem() {
      throw new DOMException('no', 'SecurityError');
    },
    setItem() {
      throw new DOMException('no', 'SecurityError');
    },
  }));
  assert.deepEqual(loadBest(refusing), NONE);
  saveBest(refusing, bests);
  assert.deepEqual(loadBest(null), NONE);
});
