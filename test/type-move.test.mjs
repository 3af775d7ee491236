// The typed-move field's pure part: when a move cannot be typed, and the rules' refusal in a
// sentence.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusalWords, typedMoveText, typingRefused } from '../www/type-move.js';

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

test('a typed move in capitals or without its dash is the rules\' move text; anything else is left to the rules', () => {
  assert.equal(typedMoveText('A1-A6'), 'a1-a6');
  assert.equal(typedMoveText('a1a6'), 'a1-a6');
  assert.equal(typedMoveText('B2B5'), 'b2-b5');
  assert.equal(typedMoveText('La1a6xA2xa5'), 'La1-a6xa2xa5');
  assert.equal(typedMoveText('L a1-a6'), 'La1-a6');
  // The Coordinator's letter is C, and c a file: read as the square where a square follows.
  assert.equal(typedMoveText('C1C6'), 'c1-c6');
  assert.equal(typedMoveText('Cc1c6'), 'Cc1-c6');
  // Left as typed: the canonical form, a suicide, and what is no move (the rules say why).
  for (const text of ['a1-a6', 'e4-', '@-e4', 'a1-a9', 'hello', 'a1 a6', 'l a1-a6']) assert.equal(typedMoveText(text), text);
});
