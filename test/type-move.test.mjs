// The typed-move field's pure part: when a move cannot be typed, and the rules' refusal in a
// sentence.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusalWords, typingRefused } from '../www/type-move.js';

test('a move can be typed in a game going on, on the player\'s turn', () => {
  assert.equal(typingRefused({ over: false, computerToMove: false }), null);
  assert.equal(typingRefused({ over: true, computerToMove: false }), 'The game is over.');
  assert.equal(typingRefused({ over: false, computerToMove: true }), 'The computer is to move: wait for its move.');
  assert.equal(typingRefused({ over: false, computerToMove: false, farToMove: 'black' }), 'Black is to move: their move comes with the link they send back.');
  assert.equal(typingRefused({ over: true, computerToMove: true }), 'The game is over.', 'the end first');
});

test('the rules\' refusal becomes a sentence', () => {
  assert.equal(refusalWords('no legal move from b2 to b6'), 'No legal move from b2 to b6.');
  assert.equal(refusalWords('expected a square at "z9"!'), 'Expected a square at "z9"!');
});
