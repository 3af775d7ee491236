// "Learn from your mistakes" after a game review, its pure part: which moves are tried again, and
// the words of the trainer. The judging is the engine's, as in the review itself: a try's position
// is evaluated at the review's fixed budget, and the wasm `reviewSummary` judges the try from the
// review's evaluations and that one (mistakes-ui.js), so a try is judged exactly as the move played
// was. Pure: unit-tested in node.

import { MARKS, moveNumber } from './review-model.js';
import { sideName } from './notation.js';

/** @import { PlyInfo, ReviewedMove, Side } from '../ultima-wasm.js' */
/** @import { Phrase } from './movelist.js' */

/**
 * The judgements tried again: mistakes and blunders, as lichess does, not the inaccuracies.
 *
 * @type {ReadonlyArray<ReviewedMove['judgement']>}
 */
const TRIED_AGAIN = ['mistake', 'blunder'];

/**
 * The moves of `sides` to try again, in the order of the game.
 *
 * @param {readonly ReviewedMove[]} moves  the review's judged moves
 * @param {readonly Side[]} sides  the learner's sides: the player's against the computer, both
 *   for two players
 * @returns {ReviewedMove[]}
 */
export function mistakesToLearn(moves, sides) {
  return moves.filter((move) => TRIED_AGAIN.includes(move.judgement) && sides.includes(move.side));
}

/**
 * @param {ReviewedMove['judgement']} judgement
 * @returns {string} e.g. "a blunder", "an inaccuracy"
 */
const aJudgement = (judgement) => (judgement === 'inaccuracy' ? 'an inaccuracy' : `a ${judgement}`);

/** @param {ReviewedMove} move @returns {string} its loss as the review says it, e.g. "−23%" */
const lost = (move) => `−${move.lossPercent}%`;

/**
 * The task for one mistake, around the move played (which the trainer draws in figurines):
 * e.g. "30. … Black played " and "??, a blunder (−60%). Find a better move for Black.".
 *
 * @param {ReviewedMove} move
 * @returns {{ before: string, after: string }}
 */
export function taskParts(move) {
  const side = sideName(move.side);
  const mark = move.judgement ? MARKS[move.judgement] : '';
  return { before: `${moveNumber(move)} ${side} played `, after: `${mark}, ${aJudgement(move.judgement)} (${lost(move)}). Find a better move for ${side}.` };
}

/**
 * What a try was, and the words for it, with its moves for the page to draw in figurines.
 *
 * @typedef {object} TryVerdict
 * @property {boolean} right  a better move found: the engine's best, or one it judges no
 *   inaccuracy
 * @property {Phrase} words
 */

/**
 * The move played again.
 *
 * @param {ReviewedMove} move  the mistake
 * @returns {TryVerdict}
 */
export function samePlayedAgain(move) {
  return { right: false, words: [move.playedPly, ` is the move played, ${aJudgement(move.judgement)}. Try another move.`] };
}

/**
 * The engine's own best move.
 *
 * @param {PlyInfo | string} tried  the try as the board played it (its display form, if need be)
 * @returns {TryVerdict}
 */
export function bestFound(tried) {
  return { right: true, words: [tried, ' is the best move. Well found!'] };
}

/**
 * Another move, judged by the engine as the review judges a move (`tried`: the try's entry of
 * the summary made with its evaluation).
 *
 * @param {ReviewedMove} tried
 * @returns {TryVerdict}
 */
export function judgedTry(tried) {
  if (tried.judgement === null) return { right: true, words: [tried.playedPly, ` is a good move (${lost(tried)}): the engine's choice was `, tried.bestPly ?? tried.playedPly, '.'] };
  return { right: false, words: [tried.playedPly, ` is ${aJudgement(tried.judgement)} (${lost(tried)}). Try another move.`] };
}

/**
 * The end of a round.
 *
 * @param {number} found  mistakes for which a better move was found (without being shown it)
 * @param {number} total
 * @returns {string}
 */
export function roundWords(found, total) {
  if (found === total) return total === 1 ? 'You found a better move for your mistake.' : `You found a better move for all ${total} mistakes.`;
  return `You found a better move for ${found} of ${total} mistake${total === 1 ? '' : 's'}.`;
}
