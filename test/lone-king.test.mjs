import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loneKingWords } from '../www/lone-king.js';

/**
 * The 64 letters of a position, a1 first, from `square: letter` pairs.
 *
 * @param {Record<string, string>} placed
 */
const board = (placed) => {
  const pieces = Array(64).fill('');
  for (const [square, letter] of Object.entries(placed)) pieces[(Number(square[1]) - 1) * 8 + square.charCodeAt(0) - 97] = letter;
  return pieces;
};

test('a lone King against more is named, with how to finish it and the move limit', () => {
  const words = loneKingWords(board({ e1: 'K', d1: 'I', a2: 'P', e8: 'k' }), 'white', 'default');
  assert.equal(
    words,
    'Black has only its King left: capture it, or leave it no legal move, which wins too (your Immobilizer beside it does that). Within 50 moves of the last capture, or the game is drawn.',
  );
});

test('no Immobilizer, no freezing; the move limit switched off, no limit; two players at one board', () => {
  const words = loneKingWords(board({ e1: 'K', e8: 'k', a7: 'p' }), null, 'no_move_limit_draw,no_repetition_draw');
  assert.equal(words, 'White has only its King left: capture it, or leave it no legal move, which wins too.');
});

test('nothing to say: both sides have more, only the two Kings, or the lone King is the player’s', () => {
  assert.equal(loneKingWords(board({ e1: 'K', a2: 'P', e8: 'k', a7: 'p' }), 'white', 'default'), null);
  assert.equal(loneKingWords(board({ e1: 'K', e8: 'k' }), 'white', 'default'), null);
  assert.equal(loneKingWords(board({ e1: 'K', e8: 'k', a7: 'p' }), 'white', 'default'), null);
});
