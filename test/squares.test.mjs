import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterRound, loadBest, nextSquare, readBest, saveBest, SQUARES_KEY } from '../www/squares.js';

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

test('best scores: a better round is a record, kept per side; stored nonsense counts as none', () => {
  assert.deepEqual(readBest(null), { white: 0, black: 0 });
  const first = afterRound(readBest(null), 'white', 12);
  assert.deepEqual(first, { best: { white: 12, black: 0 }, record: true });
  assert.deepEqual(afterRound(first.best, 'white', 12), { best: first.best, record: false }, 'a tie is no record');
  assert.deepEqual(afterRound(first.best, 'black', 3).best, { white: 12, black: 3 });
  for (const text of ['', 'nope', '[]', '{"version":2,"best":{"white":5}}', '{"version":1}', '{"version":1,"best":7}']) {
    assert.deepEqual(readBest(text), { white: 0, black: 0 }, text);
  }
  assert.deepEqual(readBest('{"version":1,"best":{"white":"9","black":14}}'), { white: 0, black: 14 });
  assert.deepEqual(readBest('{"version":1,"best":{"white":-1,"black":2.5}}'), { white: 0, black: 0 });
  assert.deepEqual(readBest('{"version":1,"best":{"white":100000,"black":20}}'), { white: 0, black: 20 }, 'more than a round can count');
});

test('best scores in storage: saved under their key; refused storage is survived', () => {
  /** @type {Map<string, string>} */
  const items = new Map();
  const storage = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: (/** @type {string} */ k) => items.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => items.set(k, v) }));
  saveBest(storage, { white: 7, black: 2 });
  assert.deepEqual(JSON.parse(items.get(SQUARES_KEY) ?? ''), { version: 1, best: { white: 7, black: 2 } });
  assert.deepEqual(loadBest(storage), { white: 7, black: 2 });
  const refusing = /** @type {Storage} */ (/** @type {unknown} */ ({
    getItem() {
      throw new DOMException('no', 'SecurityError');
    },
    setItem() {
      throw new DOMException('no', 'SecurityError');
    },
  }));
  assert.deepEqual(loadBest(refusing), { white: 0, black: 0 });
  saveBest(refusing, { white: 1, black: 1 });
  assert.deepEqual(loadBest(null), { white: 0, black: 0 });
});
