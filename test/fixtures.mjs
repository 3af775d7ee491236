// Snapshots as the wasm reports them, written out by hand for the unit tests of the pure modules
// (typed against the bindings' declarations, so they keep the snapshot's shape).

/** @import { CaptureWayInfo, MoveInfo, PlyInfo, Snapshot } from '../dist/ultima-wasm.js' */

/** A Long Leaper's way of taking a piece: the fixtures' captures are leaps unless told. */
export const LEAP = /** @type {CaptureWayInfo} */ ({ way: 'leap', with: null, withPiece: null, imitated: false });

/**
 * @param {string} text e.g. "a1-a6xa2xa5"
 * @param {CaptureWayInfo[]} [ways]  how it takes each piece: leaps unless told
 * @returns {MoveInfo}
 */
export function move(text, ways) {
  const [from = '', rest = ''] = text.split('-');
  const [to = '', ...captures] = rest.split('x');
  return { text, from, to: to === '' ? null : to, captures, suicide: to === '', ways: ways ?? captures.map(() => LEAP) };
}

/**
 * The Long Leaper diagram of RULES §7, White to move: 4k3/8/8/p7/8/8/p7/L3K3 w, with a few of
 * its legal moves (the a1 Leaper's and one of the King's).
 *
 * @param {Partial<Snapshot>} [change]
 * @returns {Snapshot}
 */
export function leaper(change = {}) {
  const pieces = Array(64).fill('');
  pieces[0] = 'L';
  pieces[4] = 'K';
  pieces[8] = 'p';
  pieces[32] = 'p';
  pieces[60] = 'k';
  return {
    ply: 0,
    pieces,
    turn: 'white',
    moves: { a1: [move('a1-a2'), move('a1-a3xa2'), move('a1-a6xa2xa5'), move('a1-b1')], e1: [move('e1-e2')] },
    frozen: [],
    frozenBy: {},
    check: null,
    checkers: [],
    threatened: [],
    status: { kind: 'ongoing', winner: null, result: '*' },
    plies: [],
    redo: 0,
    canUndo: false,
    position: '4k3/8/8/p7/8/8/p7/L3K3 w 0 1',
    start: '4k3/8/8/p7/8/8/p7/L3K3 w 0 1',
    rules: 'default',
    headers: [],
    record: '[Setup "4k3/8/8/p7/8/8/p7/L3K3 w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n*\n',
    ...change,
  };
}

/** @type {PlyInfo} the Leaper's double capture, as a ply */
export const DOUBLE_CAPTURE = {
  ...move('a1-a6xa2xa5'),
  display: 'La1-a6 xa2 xa5',
  piece: 'L',
  captured: ['p', 'p'],
  side: 'white',
  number: 1,
  position: '4k3/8/L7/8/8/8/8/4K3 b 0 1',
  mark: null,
};

/**
 * A ply for the tests: the move's squares from its text, the rest given or plain.
 *
 * @param {string} text e.g. "b2-b5"
 * @param {Partial<PlyInfo>} [change]
 * @returns {PlyInfo}
 */
export function ply(text, change = {}) {
  return { ...move(text), display: text, piece: 'P', captured: [], side: 'white', number: 1, position: '', mark: null, ...change };
}
