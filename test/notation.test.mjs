import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeMove, pieceName, resultWords, statusText } from '../www/notation.js';
import { DOUBLE_CAPTURE, move } from './fixtures.mjs';

test('pieces are named by side and role', () => {
  assert.equal(pieceName('L'), 'white Long Leaper');
  assert.equal(pieceName('p'), 'black Pawn');
  assert.equal(pieceName('x'), 'black Chameleon');
  assert.equal(pieceName('I'), 'white Immobilizer');
});

test('a move is described from the ply alone: the piece, its way and what it took', () => {
  assert.equal(describeMove(DOUBLE_CAPTURE), 'white Long Leaper a1 to a6, captures black Pawn on a2 and black Pawn on a5. La1-a6 xa2 xa5');
  const quiet = { ...move('b2-b5'), display: 'Pb2-b5', piece: 'P', captured: [], side: /** @type {const} */ ('white'), position: '' };
  assert.equal(describeMove(quiet), 'white Pawn b2 to b5. Pb2-b5');
  const suicide = { ...move('e4-'), display: 'Xe4-', piece: 'x', captured: [], side: /** @type {const} */ ('black'), position: '' };
  assert.equal(describeMove(suicide), 'black Chameleon on e4 removed (suicide). Xe4-');
});

test('every status has its words, from the tag, never from Rust\'s text', () => {
  /** @type {Array<[import('../dist/ultima-wasm.js').Status, string]>} */
  const cases = [
    [{ kind: 'ongoing', winner: null, result: '*' }, ''],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'Black wins by checkmate'],
    [{ kind: 'stalemate', winner: 'white', result: '1-0' }, 'White wins by stalemate (Black has no legal move)'],
    [{ kind: 'king_captured', winner: 'white', result: '1-0' }, 'White wins by capturing the King'],
    [{ kind: 'resignation', winner: 'black', result: '0-1' }, 'Black wins by resignation'],
    [{ kind: 'repetition', winner: null, result: '1/2-1/2' }, 'Draw by threefold repetition'],
    [{ kind: 'move_limit', winner: null, result: '1/2-1/2' }, 'Draw: 100 plies without a capture'],
    [{ kind: 'bare_kings', winner: null, result: '1/2-1/2' }, 'Draw: only the two Kings are left'],
    [{ kind: 'agreement', winner: null, result: '1/2-1/2' }, 'Draw by agreement'],
  ];
  for (const [status, words] of cases) assert.equal(statusText(status), words, status.kind);
});

test('the result banner\'s words: who won, from the player\'s side against the computer, and why', () => {
  /** @type {Array<[import('../dist/ultima-wasm.js').Status, import('../dist/ultima-wasm.js').Side | null, string, string]>} */
  const cases = [
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, null, 'Black wins', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'black', 'You win', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'white', 'The computer wins', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'stalemate', winner: 'white', result: '1-0' }, null, 'White wins', 'Stalemate: Black has no legal move. In Ultima that is a win for White, the side that stalemated, not a draw.'],
    [{ kind: 'king_captured', winner: 'white', result: '1-0' }, null, 'White wins', "White captured Black's King."],
    [{ kind: 'resignation', winner: 'black', result: '0-1' }, 'white', 'The computer wins', 'White resigned.'],
    [{ kind: 'repetition', winner: null, result: '1/2-1/2' }, 'white', 'Draw', 'The same position came up three times, with the same side to move.'],
    [{ kind: 'move_limit', winner: null, result: '1/2-1/2' }, null, 'Draw', '100 plies (50 moves each) went by without a capture or a suicide.'],
    [{ kind: 'bare_kings', winner: null, result: '1/2-1/2' }, null, 'Draw', 'Only the two Kings are left: neither side can win.'],
    [{ kind: 'agreement', winner: null, result: '1/2-1/2' }, null, 'Draw', 'The players agreed to a draw.'],
    [{ kind: 'ongoing', winner: null, result: '*' }, null, '', ''],
  ];
  for (const [status, player, headline, reason] of cases) {
    assert.deepEqual(resultWords(status, player), { headline, reason }, `${status.kind} for ${player}`);
  }
});
