import assert from 'node:assert/strict';
import { test } from 'node:test';
import { soundFor, soundOfPly } from '../www/sound.js';
import { DOUBLE_CAPTURE, leaper, ply } from './fixtures.mjs';

const QUIET = ply('e1-e2', { piece: 'K' });

test('each ply has its sound, from its captures and mark', () => {
  assert.equal(soundOfPly(QUIET), 'move');
  assert.equal(soundOfPly(DOUBLE_CAPTURE), 'capture');
  assert.equal(soundOfPly(ply('d1-d7', { piece: 'W', mark: 'check' })), 'check');
  assert.equal(soundOfPly({ ...DOUBLE_CAPTURE, mark: 'check' }), 'check', 'a capturing check rings as a check');
  assert.equal(soundOfPly(ply('d3-', { suicide: true })), 'move');
});

test('a change of the game sounds like its last ply, or the end; other changes are silent', () => {
  const start = leaper();
  const one = leaper({ ply: 1, plies: [QUIET], turn: 'black' });
  const two = leaper({ ply: 2, plies: [QUIET, DOUBLE_CAPTURE] });
  assert.equal(soundFor(start, one), 'move');
  assert.equal(soundFor(one, two), 'capture');
  // Against the computer, redo replays a move and its answer: the answer's sound.
  assert.equal(soundFor(start, two), 'capture');
  // The game ends by a move, whatever it captured, or by a resignation: the end's sound.
  const mate = leaper({ ply: 2, plies: [QUIET, { ...DOUBLE_CAPTURE, mark: 'mate' }], status: { kind: 'checkmate', winner: 'white', result: '1-0' } });
  assert.equal(soundFor(one, mate), 'end');
  const stalemate = leaper({ ply: 2, plies: [QUIET, DOUBLE_CAPTURE], status: { kind: 'stalemate', winner: 'white', result: '1-0' } });
  assert.equal(soundFor(one, stalemate), 'end');
  const resigned = leaper({ ...one, status: { kind: 'resignation', winner: 'white', result: '1-0' } });
  assert.equal(soundFor(one, resigned), 'end');
  // Undo, undoing a resignation, nothing new: silence.
  assert.equal(soundFor(two, one), null);
  assert.equal(soundFor(resigned, one), null);
  assert.equal(soundFor(one, one), null);
  // Another game: another start, other rules, or other plies than before.
  assert.equal(soundFor(one, leaper({ start: '4k3/8/8/8/8/8/8/4K3 w 0 1', ply: 2, plies: [QUIET, QUIET] })), null);
  assert.equal(soundFor(one, leaper({ rules: 'king_capture', ply: 2, plies: [QUIET, QUIET] })), null);
  assert.equal(soundFor(one, leaper({ ply: 2, plies: [DOUBLE_CAPTURE, QUIET] })), null);
  // A game loaded already finished makes no sound either.
  assert.equal(soundFor(start, leaper({ start: 'x', status: { kind: 'bare_kings', winner: null, result: '1/2-1/2' } })), null);
});
