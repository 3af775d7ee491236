// The review's pure part: the stored review read back, where a stopped review resumes, the
// graph's geometry (one point per ply) and the figures in words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARKS, annotatedWords, evaluatedCount, firstMissing, graphPoints, graphY, judgedLabel, judgementWords, moveWords, nearestPly, playerWords, readReview, readoutPhrase, reviewStateWords, scoreShown, spokenWords } from '../www/review-model.js';
import { ply } from './fixtures.mjs';

/** @import { ReviewedMove } from '../dist/ultima-wasm.js' */

const record = '[Setup "rotated"]\n\n1. b2-b5 g7-g4 *';
const evaluation = { white: { cp: 20 }, result: null, best: 'b2-b5', depth: 7, nodes: 150000 };

test('a stored review is read back only for its own record and in its own shape', () => {
  const review = { record, evaluations: [evaluation, null, null] };
  assert.deepEqual(readReview(review, record), review);
  assert.equal(readReview(review, `${record} `), null);
  assert.equal(readReview(review, null), null);
  for (const bad of [undefined, null, 3, 'x', [review], { evaluations: review.evaluations }, { record, evaluations: {} }, { record, evaluations: [evaluation] }, { record, evaluations: [evaluation, 'e'] }, { record, evaluations: [evaluation, [evaluation]] }, { record, evaluations: Array(6000).fill(null) }]) {
    assert.equal(readReview(bad, record), null, JSON.stringify(bad)?.slice(0, 80));
  }
});

test('a stopped review resumes at its first missing position', () => {
  assert.equal(firstMissing([evaluation, null, evaluation, null]), 1);
  assert.equal(firstMissing([evaluation, evaluation]), -1);
  assert.equal(firstMissing([null, null]), 0);
  assert.equal(evaluatedCount([evaluation, null, evaluation, null]), 2);
});

test('the graph has one point per ply, White winning at the top, the last ply on the right edge', () => {
  const points = graphPoints([{ whiteExpected: 0.5 }, { whiteExpected: 1 }, { whiteExpected: 0 }, { whiteExpected: 0.25 }], 400, 100);
  assert.deepEqual(points, [
    { x: 100, y: 50 },
    { x: 200, y: 0 },
    { x: 300, y: 100 },
    { x: 400, y: 75 },
  ]);
  assert.deepEqual(graphPoints([], 400, 100), []);
  assert.equal(graphY(0.5, 100), 50);
  assert.equal(graphY(1, 100), 0);
  // A click goes to the nearest point's ply, never off the ends; the start is the left edge.
  assert.equal(nearestPly(190, 4, 400), 1);
  assert.equal(nearestPly(260, 4, 400), 2);
  assert.equal(nearestPly(60, 4, 400), 0);
  assert.equal(nearestPly(40, 4, 400), -1);
  assert.equal(nearestPly(0, 4, 400), -1);
  assert.equal(nearestPly(9999, 4, 400), 3);
  assert.equal(nearestPly(-50, 4, 400), -1);
});

/**
 * @param {Partial<ReviewedMove>} fields
 * @returns {ReviewedMove}
 */
const move = (fields) => ({ ply: 0, number: 1, side: 'white', played: 'Pb2-b5', best: null, playedPly: ply('b2-b5', { display: 'Pb2-b5' }), bestPly: null, before: 0.5, after: 0.5, loss: 0, lossPercent: 0, judgement: null, accuracy: 100, whiteExpected: 0.5, score: '+0.00', ...fields });

test('figures and judged moves in words, with their marks', () => {
  assert.equal(playerWords({ moves: 20, inaccuracies: 1, mistakes: 0, blunders: 2, accuracy: 86.6 }), 'accuracy 87% · 1\u00a0inaccuracy · 0\u00a0mistakes · 2\u00a0blunders');
  assert.equal(playerWords({ moves: 0, inaccuracies: 2, mistakes: 1, blunders: 1, accuracy: null }), 'no moves · 2\u00a0inaccuracies · 1\u00a0mistake · 1\u00a0blunder');
  assert.equal(moveWords(move({})), '1. Pb2-b5');
  assert.equal(moveWords(move({ ply: 5, number: 3, side: 'black', played: 'Wd7-d2+', best: 'We6-e2+', judgement: 'blunder', loss: 0.42, lossPercent: 42 })), '3. … Wd7-d2+?? blunder (−42%); better We6-e2+');
  assert.equal(moveWords(move({ ply: 2, number: 2, judgement: 'inaccuracy', loss: 0.06, lossPercent: 6, best: 'Lb1-b8 xb2' })), '2. Pb2-b5?! inaccuracy (−6%); better Lb1-b8 xb2');
  assert.deepEqual(MARKS, { inaccuracy: '?!', mistake: '?', blunder: '??' });
});

/** The readout as text, its move in its display form. @param {Array<string | { display: string }>} phrase */
const readoutWords = (phrase) => phrase.map((part) => (typeof part === 'string' ? part : part.display)).join('');

test('the graph\'s readout: the move to the position with its mark, the evaluation from White\'s view, White\'s expected score', () => {
  assert.equal(readoutWords(readoutPhrase(null, 0.52)), 'Start · White 52%');
  // Black's scores with a minus sign, as the analysis board writes them; a result as it is.
  assert.equal(readoutWords(readoutPhrase(move({ score: '-1.20', whiteExpected: 0.392 }), 0.5)), '1. Pb2-b5 · −1.20 · White 39%');
  assert.equal(scoreShown(move({ score: '#-3' })), '#−3');
  assert.equal(scoreShown(move({ score: '#2' })), '#2');
  assert.equal(scoreShown(move({ score: '0-1' })), '0-1');
  assert.equal(readoutWords(readoutPhrase(move({ score: '+0.35', whiteExpected: 0.547 }), 0.5)), '1. Pb2-b5 · +0.35 · White 55%');
  assert.equal(readoutWords(readoutPhrase(move({ number: 30, side: 'black', played: 'Pd7-d6', playedPly: ply('d7-d6', { display: 'Pd7-d6', side: 'black', number: 30 }), judgement: 'blunder', score: '#2', whiteExpected: 1 }), 0.5)), '30. … Pd7-d6?? · #2 · White 100%');
});

test('a reviewed position as a screen reader hears it: the judgement, what it lost, the better move in words, the evaluation', () => {
  const played = ply('d7-d2', { display: 'Wd7-d2+', piece: 'w', side: 'black', number: 3, mark: 'check' });
  const best = { ...ply('a1-a6xa2xa5', { display: 'La1-a6 xa2 xa5', piece: 'l', side: 'black', number: 3 }), captured: ['P', 'P'] };
  const blunder = move({ ply: 5, number: 3, side: 'black', played: 'Wd7-d2+', best: 'La1-a6 xa2 xa5', playedPly: played, bestPly: best, judgement: 'blunder', loss: 0.42, lossPercent: 42, score: '+2.10', whiteExpected: 0.861 });
  assert.equal(spokenWords(blunder, 0.5), "Blunder: 42% lost; better black Long Leaper a1 to a6, captures white Pawn on a2 and white Pawn on a5. Evaluation +2.10, White's expected score 86%.");
  assert.equal(spokenWords(move({ judgement: 'inaccuracy', lossPercent: 6, score: '-0.35', whiteExpected: 0.468 }), 0.5), "Inaccuracy: 6% lost. Evaluation −0.35, White's expected score 47%.");
  assert.equal(spokenWords(move({}), 0.5), "Evaluation +0.00, White's expected score 50%.");
  assert.equal(spokenWords(null, 0.518), "White's expected score 52%.");
});

test('a judged move\'s accessible name: its line as shown (label in name), then its moves in words', () => {
  const played = ply('d7-d2', { display: 'Wd7-d2+', piece: 'w', side: 'black', number: 3, mark: 'check' });
  const best = { ...ply('a1-a6xa2xa5', { display: 'La1-a6 xa2 xa5', piece: 'l', side: 'black', number: 3 }), captured: ['P', 'P'] };
  const blunder = move({ ply: 5, number: 3, side: 'black', played: 'Wd7-d2+', best: 'La1-a6 xa2 xa5', playedPly: played, bestPly: best, judgement: 'blunder', loss: 0.42, lossPercent: 42 });
  assert.equal(judgementWords(blunder), 'blunder (−42%)');
  assert.equal(judgedLabel(blunder), '3. … Wd7-d2+ blunder (−42%); better La1-a6 xa2 xa5 (black Withdrawer d7 to d2, check; better black Long Leaper a1 to a6, captures white Pawn on a2 and white Pawn on a5)');
  // No better move named (the engine's own choice), and a move not judged.
  assert.equal(judgedLabel(move({ judgement: 'inaccuracy', loss: 0.06, lossPercent: 6 })), '1. Pb2-b5 inaccuracy (−6%) (white Pawn b2 to b5)');
  assert.equal(judgementWords(move({})), '');
  assert.equal(judgedLabel(move({})), '1. Pb2-b5 (white Pawn b2 to b5)');
});

test('what Copy annotated record copied, in words: the moves marked and the better moves as side lines', () => {
  const judged = (/** @type {'inaccuracy' | 'mistake' | 'blunder' | null} */ judgement, /** @type {string | null} */ best) => ({ judgement, best });
  assert.equal(annotatedWords([]), 'no move to mark');
  assert.equal(annotatedWords([judged(null, 'e6-e2'), judged(null, null)]), 'no move to mark');
  assert.equal(annotatedWords([judged('blunder', 'We6-e2+'), judged(null, 'a1-a2')]), '1 move marked, 1 better move as a side line');
  assert.equal(annotatedWords([judged('inaccuracy', 'a1-a2'), judged('mistake', 'b1-b2'), judged('blunder', null)]), '3 moves marked, 2 better moves as side lines');
  assert.equal(annotatedWords([judged('mistake', null)]), '1 move marked');
});

test('a screen reader hears a review once at each change of its state, its figures when done', () => {
  const white = { moves: 20, inaccuracies: 1, mistakes: 0, blunders: 1, accuracy: 86.6 };
  const black = { moves: 19, inaccuracies: 0, mistakes: 2, blunders: 0, accuracy: 74.2 };
  const summary = { white, black };
  assert.equal(reviewStateWords('running', { positions: 31, done: 7, summary: null, toLearn: 0 }), 'Reviewing the game: 31 positions.');
  // The count as it goes is not in the words: they stay the same while it runs.
  assert.equal(reviewStateWords('running', { positions: 31, done: 30, summary: null, toLearn: 0 }), 'Reviewing the game: 31 positions.');
  assert.equal(reviewStateWords('stopped', { positions: 31, done: 12, summary: null, toLearn: 0 }), 'Review stopped: 12 of 31 positions.');
  assert.equal(
    reviewStateWords('done', { positions: 31, done: 31, summary, toLearn: 2 }),
    'Review done. White: accuracy 87%, 1 inaccuracy, 0 mistakes, 1 blunder. Black: accuracy 74%, 0 inaccuracies, 2 mistakes, 0 blunders. Learn from your mistakes: 2 moves to find again.',
  );
  assert.equal(reviewStateWords('done', { positions: 31, done: 31, summary, toLearn: 0 }).endsWith('0 blunders.'), true);
  assert.equal(reviewStateWords('failed', { positions: 31, done: 3, summary: null, toLearn: 0 }), '');
  assert.equal(reviewStateWords('idle', { positions: 0, done: 0, summary: null, toLearn: 0 }), '');
});
