import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveParts } from '../www/movelist.js';
import { DOUBLE_CAPTURE, ply } from './fixtures.mjs';

test('a ply is shown from its facts: the mover, its squares, each captured piece with its square, the mark', () => {
  assert.deepEqual(moveParts(DOUBLE_CAPTURE), {
    piece: 'L',
    from: 'a1',
    to: 'a6',
    captured: [
      { letter: 'p', square: 'a2' },
      { letter: 'p', square: 'a5' },
    ],
    mark: '',
  });
  assert.equal(moveParts(ply('d1-d7', { piece: 'W', mark: 'check' })).mark, '+');
  assert.equal(moveParts(ply('c4-d5', { piece: 'K', mark: 'mate' })).mark, '#');
  const suicide = moveParts(ply('d3-', { piece: 'p' }));
  assert.deepEqual([suicide.piece, suicide.from, suicide.to, suicide.captured], ['p', 'd3', null, []]);
});
