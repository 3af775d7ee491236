import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellLabel, gridData } from '../www/mirror.js';
import { createState, picture, point, select, setLook, setViewed } from '../www/state.js';
import { DOUBLE_CAPTURE, leaper, ply } from './fixtures.mjs';

test('each square is labelled with its piece and marks', () => {
  const state = createState(leaper({ frozen: ['e1'], check: 'e1', ply: 1, plies: [DOUBLE_CAPTURE] }));
  select(state, 'a1');
  point(state, 'a6');
  const drawn = picture(state, true);
  assert.equal(cellLabel(drawn, 0), 'a1, white Long Leaper');
  assert.equal(cellLabel(drawn, 4), 'e1, white King, frozen, in check');
  assert.equal(cellLabel(drawn, 8), 'a2, black Pawn, would be captured, legal move');
  assert.equal(cellLabel(drawn, 63), 'h8');
  // The picked-up Leaper's destinations, with what a move there takes.
  assert.equal(cellLabel(drawn, 40), 'a6, legal move, capturing a2 and a5');
  assert.equal(cellLabel(drawn, 1), 'b1, legal move');
});

test('a threatened piece is said so when the threatened pieces are marked, and only then', () => {
  const state = createState(leaper({ threatened: ['a1'] }));
  assert.equal(cellLabel(picture(state, true), 0), 'a1, white Long Leaper');
  setLook(state, { highlights: ['threats'] });
  assert.equal(cellLabel(picture(state, true), 0), 'a1, white Long Leaper, threatened');
  assert.equal(gridData(picture(state, true)).threatened, 'a1');
});

test('the grid says what the canvas shows, as square names', () => {
  const state = createState(leaper({ frozen: ['e1'] }));
  select(state, 'a1');
  point(state, 'a6');
  state.arrow = 'a1-a6xa2xa5';
  // Other good moves beside it, the fainter arrows; one that is not legal here is left out.
  state.alternatives = ['a1-a3xa2', 'b1-b8', 'a1-b1'];
  assert.deepEqual(gridData(picture(state, true)), { selected: 'a1', dests: 'a2 a3 a6 b1', preview: 'a2 a5', frozen: 'e1', threatened: '', focus: 'd4', arrow: 'a1-a6', alternatives: 'a1-a3 a1-b1', threat: '', premove: '', hintPiece: '', glyph: '' });
  assert.deepEqual(gridData(picture(createState(leaper()), true)), { selected: '', dests: '', preview: '', frozen: '', threatened: '', focus: 'd4', arrow: '', alternatives: '', threat: '', premove: '', hintPiece: '', glyph: '' });
  // An earlier position shown: none of them.
  state.viewed = state.snapshot;
  assert.deepEqual([gridData(picture(state, true)).arrow, gridData(picture(state, true)).alternatives], ['', '']);
  const waiting = createState(leaper({ turn: 'black' }), { movable: 'white' });
  waiting.premove = { from: 'a1', to: 'a6' };
  assert.equal(gridData(picture(waiting, true)).premove, 'a1-a6');
  // The analysis's threat: the other side's move, named by its squares.
  const threatened = createState(leaper());
  threatened.threat = { from: 'h8', to: 'h2', captures: [] };
  assert.equal(gridData(picture(threatened, true)).threat, 'h8-h2');
  // The last move's assessment, on the square it went to; none at the start, and none once an
  // earlier position is shown.
  const assessed = createState(leaper({ ply: 1, plies: [ply('e2-e1', { piece: 'K' })] }));
  assessed.glyph = '??';
  assert.equal(gridData(picture(assessed, true)).glyph, 'e1 ??');
  const atStart = createState(leaper());
  atStart.glyph = '!';
  assert.equal(gridData(picture(atStart, true)).glyph, '');
  setViewed(assessed, assessed.snapshot);
  assert.equal(gridData(picture(assessed, true)).glyph, '');
  // A hint's first step marks the piece to move, in the game's position only.
  const hinted = createState(leaper());
  hinted.hintPiece = 'a1';
  assert.equal(gridData(picture(hinted, true)).hintPiece, 'a1');
  hinted.viewed = hinted.snapshot;
  assert.equal(gridData(picture(hinted, true)).hintPiece, '');
});
