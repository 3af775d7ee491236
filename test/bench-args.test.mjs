// The numbers the bench scripts read from their command lines (bench/args.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wholeNumber } from '../bench/args.mjs';

test('a number not given is the fallback; one given is read', () => {
  assert.equal(wholeNumber(undefined, 'pairs', 40, 2, 100), 40);
  assert.equal(wholeNumber('12', 'pairs', 40, 2, 100), 12);
  assert.equal(wholeNumber('2', 'pairs', 40, 2, 100), 2);
  assert.equal(wholeNumber('100', 'pairs', 40, 2, 100), 100);
});

test('anything but a whole number in range is an error naming what was wanted and what came', () => {
  for (const text of ['1', '101', '2.5', 'x', '', '-3']) {
    assert.throws(
      () => wholeNumber(text, 'the search depth', 9, 2, 100),
      new Error(`the search depth is a whole number from 2 to 100, not "${text}"`),
    );
  }
});
