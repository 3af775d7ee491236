// "Learn from your mistakes", its pure part: which moves are tried again, and the words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bestFound, judgedTry, mistakesToLearn, roundWords, samePlayedAgain, taskParts } from '../www/mistakes.js';
import { ply } from './fixtures.mjs';

/** @import { ReviewedMove } from '../dist/ultima-wasm.js' */

/**
 * @param {Partial<ReviewedMove>} change
 * @returns {ReviewedMove}
 */
const reviewed = (change) => ({
  ply: 0,
  number: 30,
  side: 'black',
  played: 'Pd7-d6',
  best: 'We6-e2+',
  playedPly: ply('d7-d6', { display: 'Pd7-d6', piece: 'p', side: 'black', number: 30 }),
  bestPly: ply('e6-e2', { display: 'We6-e2+', piece: 'w', side: 'black', number: 30, mark: 'check' }),
  before: 0.7,
  after: 0.1,
  loss: 0.6, lossPercent: 60,
  judgement: 'blunder',
  accuracy: 5,
  whiteExpected: 0.9,
  score: '+5.20',
  ...change,
});

test('the mistakes and blunders of the learner\'s sides are tried again, in the order of the game', () => {
  const moves = [
    reviewed({ ply: 0, side: 'white', judgement: 'mistake' }),
    reviewed({ ply: 1, side: 'black', judgement: 'inaccuracy' }),
    reviewed({ ply: 2, side: 'white', judgement: null }),
    reviewed({ ply: 3, side: 'black', judgement: 'blunder' }),
    reviewed({ ply: 4, side: 'white', judgement: 'blunder' }),
  ];
  assert.deepEqual(mistakesToLearn(moves, ['white']).map((m) => m.ply), [0, 4]);
  assert.deepEqual(mistakesToLearn(moves, ['black']).map((m) => m.ply), [3]);
  assert.deepEqual(mistakesToLearn(moves, ['white', 'black']).map((m) => m.ply), [0, 3, 4]);
  assert.deepEqual(mistakesToLearn(moves, []), []);
});

test('the task names the move played, its judgement and loss, and who is to find a better one', () => {
  // Around the move played, which the trainer draws in figurines.
  assert.deepEqual(taskParts(reviewed({})), { before: '30. … Black played ', after: '??, a blunder (−60%). Find a better move for Black.' });
  assert.deepEqual(taskParts(reviewed({ number: 12, side: 'white', played: 'Wd1-d7+', judgement: 'mistake', loss: 0.123, lossPercent: 12 })), { before: '12. White played ', after: '?, a mistake (−12%). Find a better move for White.' });
});

/**
 * A verdict as the page reads it: its moves in their display form (drawn in figurines).
 *
 * @param {import('../www/mistakes.js').TryVerdict} verdict
 */
const read = ({ right, words }) => ({ right, text: words.map((part) => (typeof part === 'string' ? part : part.display)).join('') });

test('a try: the move played again, the engine\'s best, a good move, a mistake again', () => {
  const mine = reviewed({});
  assert.deepEqual(read(samePlayedAgain(mine)), { right: false, text: 'Pd7-d6 is the move played, a blunder. Try another move.' });
  assert.equal(samePlayedAgain(mine).words[0], mine.playedPly);
  const best = /** @type {import('../dist/ultima-wasm.js').PlyInfo} */ (mine.bestPly);
  assert.deepEqual(read(bestFound(best)), { right: true, text: 'We6-e2+ is the best move. Well found!' });
  const tried = (/** @type {Partial<ReviewedMove>} */ change) => reviewed({ played: 'Xa8-a4', playedPly: ply('a8-a4', { display: 'Xa8-a4', piece: 'i', side: 'black', number: 30 }), ...change });
  const good = tried({ judgement: null, loss: 0.012, lossPercent: 1 });
  assert.deepEqual(read(judgedTry(good)), { right: true, text: 'Xa8-a4 is a good move (−1%): the engine\'s choice was We6-e2+.' });
  assert.deepEqual(judgedTry(good).words.filter((part) => typeof part !== 'string'), [good.playedPly, good.bestPly]);
  // The engine's choice itself, judged no inaccuracy: the summary names no better move.
  assert.deepEqual(read(judgedTry(tried({ judgement: null, loss: 0, lossPercent: 0, best: null, bestPly: null }))), { right: true, text: 'Xa8-a4 is a good move (−0%): the engine\'s choice was Xa8-a4.' });
  assert.deepEqual(read(judgedTry(tried({ judgement: 'inaccuracy', loss: 0.07, lossPercent: 7 }))), { right: false, text: 'Xa8-a4 is an inaccuracy (−7%). Try another move.' });
  assert.deepEqual(read(judgedTry(tried({ judgement: 'blunder', loss: 0.4, lossPercent: 40 }))), { right: false, text: 'Xa8-a4 is a blunder (−40%). Try another move.' });
});

test('the round\'s end counts the better moves found', () => {
  assert.equal(roundWords(1, 1), 'You found a better move for your mistake.');
  assert.equal(roundWords(3, 3), 'You found a better move for all 3 mistakes.');
  assert.equal(roundWords(1, 3), 'You found a better move for 1 of 3 mistakes.');
  assert.equal(roundWords(0, 1), 'You found a better move for 0 of 1 mistake.');
});
