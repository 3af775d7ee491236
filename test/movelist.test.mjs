import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assessedWords, moveParts, moveTitle } from '../www/movelist.js';
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

test("a move's tooltip: its display form, and how a capture took its pieces", () => {
  assert.equal(moveTitle(DOUBLE_CAPTURE), "La1-a6 xa2 xa5\nWhite's Long Leaper a1-a6 took the black Pawn on a2 and the black Pawn on a5 by leaping over them.");
  assert.equal(moveTitle(ply('b2-b5', { display: 'Pb2-b5' })), 'Pb2-b5');
});

test("an analysis move in words: numbered as a move's name says it, with its record's assessment", () => {
  assert.equal(assessedWords(DOUBLE_CAPTURE, null), '1. white Long Leaper a1 to a6, captures black Pawn on a2 and black Pawn on a5');
  assert.equal(assessedWords(ply('g7-g4', { side: 'black', piece: 'p' }), '??'), '1... black Pawn g7 to g4, blunder');
  // How each piece is taken, as a move played is announced.
  assert.equal(assessedWords(DOUBLE_CAPTURE, '!', true), '1. white Long Leaper a1 to a6, captures the black Pawn on a2 and the black Pawn on a5 by leaping over them, good move');
});
