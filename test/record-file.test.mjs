// A game record as a file: the saved file's name, and the files refused before they are read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_RECORD_BYTES, fileProblem, recordFileName } from '../www/record-file.js';

test('a saved record is named after the day', () => {
  assert.equal(recordFileName(new Date('2026-11-29T17:55:00Z')), 'ultima-game-2026-11-29.txt');
});

test('an empty file and one too big for any record are refused before they are read', () => {
  assert.equal(fileProblem({ name: 'game.txt', size: 120 }), null);
  assert.equal(fileProblem({ name: 'game.txt', size: MAX_RECORD_BYTES }), null);
  assert.equal(fileProblem({ name: 'empty.txt', size: 0 }), 'empty.txt is empty.');
  assert.equal(fileProblem({ name: 'film.mp4', size: 3_400_000 }), 'film.mp4 is too big for a game record (3.4 MB; at most 1 MB).');
});
