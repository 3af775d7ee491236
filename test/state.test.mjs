import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clearSelection, createState, mayMove, moveBetween, moveNamed, movesFrom, picture, point, pressOutcome, select, setLook, setSnapshot } from '../www/state.js';
import { DOUBLE_CAPTURE, leaper } from './fixtures.mjs';

test('moves are looked up in the snapshot, by square or by their text', () => {
  const snapshot = leaper();
  assert.equal(movesFrom(snapshot, 'a1').length, 4);
  assert.deepEqual(movesFrom(snapshot, 'h8'), []);
  assert.deepEqual(movesFrom(snapshot, null), []);
  assert.equal(moveBetween(snapshot, 'a1', 'a6')?.text, 'a1-a6xa2xa5');
  assert.equal(moveBetween(snapshot, 'a1', 'h8'), undefined);
  assert.equal(moveBetween(snapshot, 'a1', null), undefined);
  assert.deepEqual(moveNamed(snapshot, 'a1-a6xa2xa5')?.captures, ['a2', 'a5']);
  // Move text is never parsed: only the canonical text of a listed move is known.
  assert.equal(moveNamed(snapshot, 'a1-a6'), undefined);
  assert.equal(moveNamed(snapshot, 'L a1-a6'), undefined);
});

test('a press picks up an own piece, plays a destination, keeps or drops the selection', () => {
  const state = createState(leaper());
  assert.deepEqual(pressOutcome(state, 'a1'), { kind: 'select' });
  select(state, 'a1');
  assert.deepEqual(pressOutcome(state, 'a1'), { kind: 'keep' });
  const played = pressOutcome(state, 'a6');
  assert.equal(played.kind, 'play');
  assert.equal(played.kind === 'play' && played.move.text, 'a1-a6xa2xa5');
  // An enemy piece and an empty square that is no destination drop the selection.
  assert.deepEqual(pressOutcome(state, 'e8'), { kind: 'clear' });
  assert.deepEqual(pressOutcome(state, 'h8'), { kind: 'clear' });
  // Another own piece is picked up instead.
  assert.deepEqual(pressOutcome(state, 'e1'), { kind: 'select' });
});

test('who may move: the movable side, never in a finished game, an earlier position or the computer\'s turn', () => {
  const state = createState(leaper());
  assert.equal(mayMove(state), true);
  setLook(state, { movable: 'black' });
  assert.equal(mayMove(state), false);
  assert.deepEqual(pressOutcome(state, 'a1'), { kind: 'clear' });
  setLook(state, { movable: 'white' });
  assert.equal(mayMove(state), true);
  state.search = { purpose: 'move' };
  assert.equal(mayMove(state), false);
  state.search = { purpose: 'hint' };
  assert.equal(mayMove(state), true);
  state.search = null;
  state.viewed = leaper({ ply: 0 });
  assert.equal(mayMove(state), false);
  state.viewed = null;
  setSnapshot(state, leaper({ status: { kind: 'checkmate', winner: 'black', result: '0-1' }, moves: {} }));
  assert.equal(mayMove(state), false);
});

test('pointing previews exactly the captures of the pointed destination', () => {
  const state = createState(leaper());
  select(state, 'a1');
  assert.equal(point(state, 'a6'), true);
  assert.deepEqual(picture(state).preview, [8, 32]);
  assert.equal(point(state, 'a6'), false, 'no change, no redraw');
  assert.equal(point(state, 'h8'), true);
  assert.equal(state.pointed, null);
  assert.deepEqual(picture(state).preview, []);
  point(state, 'a3');
  assert.deepEqual(picture(state).preview, [8]);
  clearSelection(state);
  assert.equal(state.pointed, null);
});

test('a new snapshot drops the selection, the arrow and the earlier position shown', () => {
  const state = createState(leaper());
  select(state, 'a1');
  point(state, 'a6');
  state.arrow = 'a1-a6xa2xa5';
  state.viewed = leaper();
  setSnapshot(state, leaper({ ply: 1, plies: [DOUBLE_CAPTURE], turn: 'black', moves: {} }));
  assert.equal(state.selected, null);
  assert.equal(state.pointed, null);
  assert.equal(state.arrow, null);
  assert.equal(state.viewed, null);
});

test('the picture: squares as indices, the last move and arrow marked, highlights filtered', () => {
  const state = createState(leaper({ ply: 1, plies: [DOUBLE_CAPTURE], frozen: ['e1'], check: 'e1', checkers: ['e8'] }));
  state.arrow = 'a1-a6xa2xa5';
  select(state, 'a1');
  point(state, 'a6');
  const all = picture(state);
  assert.deepEqual(all.lastMove, { from: 0, to: 40, captures: [8, 32] });
  assert.deepEqual(all.arrow, { from: 0, to: 40, captures: [8, 32] });
  assert.equal(all.selected, 0);
  assert.equal(all.pointed, 40);
  assert.equal(all.check, 4);
  assert.deepEqual(all.checkers, [60]);
  assert.deepEqual(all.frozen, [4]);
  assert.equal(all.dests.length, 4);
  setLook(state, { highlights: ['last'] });
  const some = picture(state);
  assert.deepEqual(some.lastMove, all.lastMove);
  assert.equal(some.check, null);
  assert.deepEqual([some.dests, some.preview, some.frozen, some.checkers], [[], [], [], []]);
  assert.equal(some.pointed, null);
  // The mirror hears every mark whatever the highlights.
  assert.deepEqual(picture(state, true).preview, [8, 32]);
});

test('an earlier position is drawn from its own snapshot, with no arrow', () => {
  const state = createState(leaper({ ply: 1, plies: [DOUBLE_CAPTURE] }));
  state.arrow = 'a1-a6xa2xa5';
  const earlier = leaper({ ply: 0, plies: [DOUBLE_CAPTURE], pieces: Array(64).fill('') });
  state.viewed = earlier;
  const drawn = picture(state);
  assert.equal(drawn.pieces, earlier.pieces);
  assert.equal(drawn.lastMove, null);
  assert.equal(drawn.arrow, null);
});

test('look changes merge, leaving out what is not given', () => {
  const state = createState(leaper(), { pieceSet: 'abstract', orientation: undefined });
  assert.equal(state.look.pieceSet, 'abstract');
  assert.equal(state.look.orientation, 'white');
  setLook(state, { theme: 'neutral', pieceSet: undefined });
  assert.deepEqual([state.look.theme, state.look.pieceSet], ['neutral', 'abstract']);
});
