// The board editor's data (www/editor.js): a snapshot's pieces as 64 letters, what a press does
// with each tool, a piece dragged, and the palette.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EMPTY, ERASER, ROLES, dragged, lettersOf, placed, tools } from '../www/editor.js';
import { roleOf } from '../www/pieces.js';
import { START_PIECES } from '../www/placeholder.js';

test('a snapshot\'s pieces become 64 letters, "." for an empty square', () => {
  const pieces = [...START_PIECES].map((letter) => (letter === '.' ? '' : letter));
  assert.equal(lettersOf(pieces), START_PIECES);
  assert.equal(lettersOf([]), EMPTY);
  assert.equal(EMPTY.length, 64);
});

test('a press puts the tool\'s piece on the square, takes the same piece away, and the eraser empties it', () => {
  const one = placed(EMPTY, 4, 'K');
  assert.equal(one, `....K${'.'.repeat(59)}`);
  assert.equal(placed(one, 4, 'K'), EMPTY, 'a second press undoes the first');
  assert.equal(placed(one, 4, 'k'), `....k${'.'.repeat(59)}`, 'another piece replaces it');
  assert.equal(placed(one, 4, ERASER), EMPTY);
  assert.equal(placed(EMPTY, 63, ERASER), EMPTY);
  assert.equal(placed(EMPTY, 63, 'p').charAt(63), 'p');
  assert.equal(placed(EMPTY, 0, 'L').length, 64);
});

test('a dragged piece goes where it is dropped, replacing what stood there; off the board it goes', () => {
  const two = placed(placed(EMPTY, 4, 'K'), 12, 'p');
  assert.equal(dragged(two, 4, 20), placed(placed(EMPTY, 20, 'K'), 12, 'p'));
  assert.equal(dragged(two, 4, 12), placed(EMPTY, 12, 'K'), 'the Pawn it lands on is gone');
  assert.equal(dragged(two, 12, null), placed(EMPTY, 4, 'K'));
  assert.equal(dragged(two, 4, 4), two, 'dropped where it was');
  assert.equal(dragged(two, 63, 0).length, 64);
});

test('the palette: each role of each side, then the eraser', () => {
  assert.deepEqual(tools(), ['K', 'W', 'C', 'I', 'L', 'X', 'P', 'k', 'w', 'c', 'i', 'l', 'x', 'p', '.']);
  assert.equal(ROLES.length, 7);
  assert.equal(roleOf('x'), 'X');
});
