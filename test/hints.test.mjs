// Hints used, read from and written to the record's headers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hintHeader, hintWords, hintsUsed } from '../www/hints.js';

test('each side\'s hints are a header of the record; a missing or bad one is none', () => {
  assert.equal(hintHeader('white'), 'WhiteHints');
  assert.equal(hintHeader('black'), 'BlackHints');
  /** @type {Array<[string, string]>} */
  const headers = [
    ['Event', 'Casual'],
    ['WhiteHints', '2'],
    ['BlackHints', 'many'],
  ];
  assert.equal(hintsUsed(headers, 'white'), 2);
  assert.equal(hintsUsed(headers, 'black'), 0);
  assert.equal(hintsUsed([], 'white'), 0);
  assert.equal(hintsUsed([['WhiteHints', '-3']], 'white'), 0);
  assert.equal(hintsUsed([['WhiteHints', '1e9']], 'white'), 0);
});

test('the banner says the player\'s hints against the computer, both sides\' between two players', () => {
  /** @type {Array<[string, string]>} */
  const headers = [['BlackHints', '3']];
  assert.equal(hintWords(headers, 'black'), 'Hints used: 3');
  assert.equal(hintWords(headers, 'white'), '');
  assert.equal(hintWords(headers, null), 'Hints used: White 0, Black 3');
  assert.equal(hintWords([], null), '');
});
