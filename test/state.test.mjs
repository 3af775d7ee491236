import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clearSelection, createState, cursorAt, mayMove, moveBetween, moveNamed, movesFrom, picture, point, premoveRefusal, premoving, pressOutcome, select, setLook, setSnapshot, setViewed } from '../www/state.js';
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

test('a new snapshot drops the selection, the arrows and the earlier position shown', () => {
  const state = createState(leaper());
  select(state, 'a1');
  point(state, 'a6');
  state.arrow = 'a1-a6xa2xa5';
  state.threat = { from: 'h8', to: 'h2', captures: ['h3'] };
  state.viewed = leaper();
  setSnapshot(state, leaper({ ply: 1, plies: [DOUBLE_CAPTURE], turn: 'black', moves: {} }));
  assert.equal(state.selected, null);
  assert.equal(state.pointed, null);
  assert.equal(state.arrow, null);
  assert.equal(state.threat, null);
  assert.equal(state.viewed, null);
});

test('drawn shapes are pictured in squares, the one being drawn last, and a new snapshot drops them', () => {
  const state = createState(leaper());
  state.shapes = [{ from: 'b2', to: 'b5', brush: 'green' }, { from: 'e4', to: 'e4', brush: 'red' }];
  state.drawing = { from: 'a1', to: 'h8', brush: 'blue' };
  assert.deepEqual(picture(state).shapes, [
    { from: 9, to: 33, brush: 'green' },
    { from: 28, to: 28, brush: 'red' },
    { from: 0, to: 63, brush: 'blue' },
  ]);
  setSnapshot(state, leaper({ ply: 1, plies: [DOUBLE_CAPTURE], turn: 'black', moves: {} }));
  assert.deepEqual(state.shapes, []);
  assert.equal(state.drawing, null);
  assert.deepEqual(picture(state).shapes, []);
  // Showing another position drops them too, and the selection with them.
  state.shapes = [{ from: 'b2', to: 'b5', brush: 'green' }];
  select(state, 'a1');
  setViewed(state, leaper());
  assert.deepEqual([state.shapes, state.drawing, state.selected], [[], null, null]);
  assert.notEqual(state.viewed, null);
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

test('the threatened pieces are marked only when asked for: not by default', () => {
  const state = createState(leaper({ threatened: ['a1', 'e1'] }));
  assert.deepEqual(picture(state).threatened, [], 'the default marks leave them out');
  setLook(state, { highlights: ['threats'] });
  assert.deepEqual(picture(state).threatened, [0, 4]);
  setLook(state, { highlights: ['check'] });
  assert.deepEqual(picture(state).threatened, []);
  assert.deepEqual(picture(state, true).threatened, [], 'nor does the mirror hear them, unless asked');
  setLook(state, { highlights: ['threats'] });
  assert.deepEqual(picture(state, true).threatened, [0, 4]);
  // One side moves by hand (against the computer): its pieces only, on its own turn.
  setLook(state, { highlights: ['threats'], movable: 'black' });
  assert.deepEqual(picture(state).threatened, [], 'White to move: the computer\'s pieces are not marked');
  setLook(state, { movable: 'white' });
  assert.deepEqual(picture(state).threatened, [0, 4]);
});

test('an earlier position is drawn from its own snapshot, with no arrow', () => {
  const state = createState(leaper({ ply: 1, plies: [DOUBLE_CAPTURE] }));
  state.arrow = 'a1-a6xa2xa5';
  state.threat = { from: 'h8', to: 'h2', captures: ['h3'] };
  assert.deepEqual(picture(state).threat, { from: 63, to: 15, captures: [23] });
  const earlier = leaper({ ply: 0, plies: [DOUBLE_CAPTURE], pieces: Array(64).fill('') });
  state.viewed = earlier;
  const drawn = picture(state);
  assert.equal(drawn.pieces, earlier.pieces);
  assert.equal(drawn.lastMove, null);
  assert.equal(drawn.arrow, null);
  assert.equal(drawn.threat, null);
});

test('look changes merge, leaving out what is not given', () => {
  const state = createState(leaper(), { pieceSet: 'abstract', orientation: undefined });
  assert.equal(state.look.pieceSet, 'abstract');
  assert.equal(state.look.orientation, 'white');
  setLook(state, { theme: 'neutral', pieceSet: undefined });
  assert.deepEqual([state.look.theme, state.look.pieceSet], ['neutral', 'abstract']);
});

test('a tap on a capturing destination previews it first; a second tap, a quiet destination or a click plays', () => {
  const state = createState(leaper());
  select(state, 'a1');
  const first = pressOutcome(state, 'a6', true);
  assert.equal(first.kind, 'preview');
  assert.equal(first.kind === 'preview' && first.move.text, 'a1-a6xa2xa5');
  point(state, 'a6');
  assert.deepEqual(picture(state).preview, [8, 32], 'the first tap shows the captures');
  assert.equal(pressOutcome(state, 'a6', true).kind, 'play', 'the second tap plays');
  // Another capturing destination is previewed in its turn.
  assert.equal(pressOutcome(state, 'a3', true).kind, 'preview');
  // A quiet destination's dot says already that it takes nothing: one tap plays.
  assert.equal(pressOutcome(state, 'b1', true).kind, 'play');
  // A mouse click, a key, or the setting off: one press plays.
  clearSelection(state);
  select(state, 'a1');
  assert.equal(pressOutcome(state, 'a6').kind, 'play');
  setLook(state, { touchPreview: false });
  assert.equal(pressOutcome(state, 'a6', true).kind, 'play');
});

test('premoves: while the computer searches for its move, the player picks up a piece and queues a move', () => {
  // White plays against the computer, which is to move (Black) and searching.
  const state = createState(leaper({ turn: 'black', moves: { e8: [{ text: 'e8-e7', from: 'e8', to: 'e7', captures: [], suicide: false, ways: [] }] } }), { movable: 'white' });
  assert.equal(premoving(state), false, 'not before the search');
  state.search = { purpose: 'move' };
  assert.equal(premoving(state), true);
  assert.deepEqual(pressOutcome(state, 'a1'), { kind: 'select' }, 'the player\'s own piece');
  assert.deepEqual(pressOutcome(state, 'e8'), { kind: 'clear' }, 'not the computer\'s');
  assert.deepEqual(pressOutcome(state, 'c4'), { kind: 'clear' }, 'nothing picked up');
  select(state, 'a1');
  assert.deepEqual(picture(state).dests, [], 'no rule here: no destinations are marked');
  assert.deepEqual(pressOutcome(state, 'a1'), { kind: 'keep' });
  assert.deepEqual(pressOutcome(state, 'e1'), { kind: 'select' }, 'another own piece instead');
  // Any other square queues the premove; whether it is legal is learnt after the computer's move.
  assert.deepEqual(pressOutcome(state, 'a6'), { kind: 'premove', from: 'a1', to: 'a6' });
  assert.deepEqual(pressOutcome(state, 'e8'), { kind: 'premove', from: 'a1', to: 'e8' });
  state.premove = { from: 'a1', to: 'a6' };
  assert.deepEqual(picture(state).premove, { from: 0, to: 40, captures: [] });
  // Not for hints, not with premoves off, not in a two-player game, not on an earlier position.
  state.search = { purpose: 'hint' };
  assert.equal(premoving(state), false);
  state.search = { purpose: 'move' };
  setLook(state, { premove: false });
  assert.equal(premoving(state), false);
  setLook(state, { premove: true, movable: 'both' });
  assert.equal(premoving(state), false);
  setLook(state, { movable: 'white' });
  state.viewed = leaper({ ply: 0 });
  assert.equal(premoving(state), false);
  assert.equal(picture(state).premove, null, 'an earlier position shows no premove');
  // The next snapshot drops it: the controller takes it out first, to play it.
  state.viewed = null;
  setSnapshot(state, leaper());
  assert.equal(state.premove, null);
});

test('a typed premove: queued from a piece of the player\'s, of the kind its text names, only while the computer searches', () => {
  const state = createState(leaper({ turn: 'black' }), { movable: 'white' });
  const refused = (/** @type {string} */ from, /** @type {string | null} */ role = null) => premoveRefusal(state, { from, role });
  assert.match(refused('a1') ?? '', /only while the computer thinks of its move/, 'not before the search');
  state.search = { purpose: 'move' };
  assert.equal(refused('a1'), null);
  assert.equal(refused('a1', 'L'), null, 'the Long Leaper named');
  assert.equal(refused('a1', 'P'), 'the piece on a1 is a Long Leaper, not a Pawn');
  assert.equal(refused('c4'), 'no piece of yours stands on c4', 'an empty square');
  assert.equal(refused('e8'), 'no piece of yours stands on e8', 'the computer\'s King');
  setLook(state, { premove: false });
  assert.match(refused('a1') ?? '', /with premoves on/);
});

test('the cursor: a hand over what can be picked up or played to, a closed hand while dragging', () => {
  const state = createState(leaper());
  assert.equal(cursorAt(state, 'a1'), 'pointer', 'a piece with moves');
  assert.equal(cursorAt(state, 'e8'), 'default', 'the side not to move');
  assert.equal(cursorAt(state, 'c4'), 'default', 'an empty square');
  assert.equal(cursorAt(state, null), 'default', 'off the board');
  select(state, 'a1');
  assert.equal(cursorAt(state, 'a6'), 'pointer', 'a destination');
  assert.equal(cursorAt(state, 'c4'), 'default');
  state.drag = { from: 0, x: 0, y: 0, startX: 0, startY: 0, started: true };
  assert.equal(cursorAt(state, 'c4'), 'grabbing');
  state.drag = null;
  // The computer's turn: only the player's pieces, for a premove.
  setLook(state, { movable: 'black' });
  assert.equal(cursorAt(state, 'a1'), 'default');
  const waiting = createState(leaper({ turn: 'black' }), { movable: 'white' });
  waiting.search = { purpose: 'move' };
  assert.equal(cursorAt(waiting, 'a1'), 'pointer');
  assert.equal(cursorAt(waiting, 'a6'), 'default');
  // A finished game: nothing to pick up.
  const over = createState(leaper({ status: { kind: 'checkmate', winner: 'black', result: '0-1' } }));
  assert.equal(cursorAt(over, 'a1'), 'default');
});
