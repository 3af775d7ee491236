// The pure part of the game review (review.js draws it): what is stored of a review and reading
// it back, where a stopped review resumes, the evaluation graph's geometry, and the words for
// the figures. The judging itself — expected score, thresholds, accuracy — is the engine's
// (crates/engine/src/review.rs, through the wasm `reviewSummary`), so the page and `ultima
// review` agree.

import { moveWords as plyWords } from './notation.js';

/** @import { Evaluation, PlayerSummary, PlyInfo, ReviewedMove, ReviewSummary } from '../ultima-wasm.js' */

/**
 * A move's judgement by a review: "inaccuracy", "mistake", "blunder" or null. Here, with the
 * marks, so that the move list (part of the npm package) can name it without the review.
 *
 * @typedef {ReviewedMove['judgement']} Judgement
 */

/**
 * What is kept of a review with the saved game: the record reviewed and one evaluation per
 * position (the start, then after each ply), null for those not evaluated yet (a review
 * stopped half way resumes from the first null).
 *
 * @typedef {object} StoredReview
 * @property {string} record  e.g. "[Setup \"rotated\"]\n\n1. b2-b5 g7-g4 *"
 * @property {Array<Evaluation | null>} evaluations
 */

/** More positions than any game the page would review: stored data longer than this is junk. */
const MOST_POSITIONS = 5000;

/**
 * A review as stored, checked for its shape (the engine checks the evaluations themselves when
 * it judges them); null for anything else, or for a review of another record than `record`.
 *
 * @param {unknown} value
 * @param {string | null} record  the saved game's record
 * @returns {StoredReview | null}
 */
export function readReview(value, record) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  if (typeof v.record !== 'string' || v.record !== record) return null;
  const list = v.evaluations;
  if (!Array.isArray(list) || list.length < 2 || list.length > MOST_POSITIONS) return null;
  if (!list.every((e) => e === null || (typeof e === 'object' && !Array.isArray(e)))) return null;
  return { record: v.record, evaluations: /** @type {Array<Evaluation | null>} */ (list) };
}

/**
 * @param {ReadonlyArray<Evaluation | null>} evaluations
 * @returns {number} the first position not evaluated yet, or -1 when all are
 */
export const firstMissing = (evaluations) => evaluations.indexOf(null);

/**
 * @param {ReadonlyArray<Evaluation | null>} evaluations
 * @returns {number} how many positions are evaluated
 */
export const evaluatedCount = (evaluations) => evaluations.filter((e) => e !== null).length;

/**
 * The evaluation graph's points, one per ply, in a `width` × `height` box: x from left to right
 * (the first ply one step from the left edge, the last on the right edge; the start is on the
 * left edge, see `graphY`), y from White winning (0, the top) to Black winning (`height`).
 *
 * @param {ReadonlyArray<Pick<ReviewedMove, 'whiteExpected'>>} moves
 * @param {number} width
 * @param {number} height
 * @returns {Array<{ x: number, y: number }>}
 */
export function graphPoints(moves, width, height) {
  const n = moves.length;
  return moves.map((move, i) => ({ x: ((i + 1) / n) * width, y: graphY(move.whiteExpected, height) }));
}

/**
 * @param {number} whiteExpected  White's expected score, 0…1
 * @param {number} height
 * @returns {number} its height in the graph: 0 (the top) when White wins, `height` when Black does
 */
export const graphY = (whiteExpected, height) => (1 - whiteExpected) * height;

/**
 * The ply whose point is nearest to `x` across a graph of `count` plies `width` wide, or the
 * start's (on the left edge), as the graph can show it too.
 *
 * @param {number} x
 * @param {number} count
 * @param {number} width
 * @returns {number} -1 (the start) … count - 1
 */
export function nearestPly(x, count, width) {
  const i = Math.round((x / width) * count) - 1;
  return Math.min(count - 1, Math.max(-1, i));
}

/** The marks of judged moves (as in chess annotation). */
export const MARKS = /** @type {const} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });

/**
 * @param {number} n
 * @param {string} one  e.g. "blunder"
 * @param {string} [space]  between the count and its noun
 * @returns {string} e.g. "1 blunder", "2 blunders", "2 inaccuracies"
 */
const count = (n, one, space = ' ') => `${n}${space}${n === 1 ? one : `${one.replace(/y$/, 'ie')}s`}`;

/**
 * A player's figures, each count said with `space` before its noun.
 *
 * @param {PlayerSummary} player
 * @param {string} space
 * @returns {string[]} e.g. ["accuracy 87%", "1 inaccuracy", "0 mistakes", "1 blunder"]
 */
const playerFigures = (player, space) => [
  player.accuracy === null ? 'no moves' : `accuracy ${Math.round(player.accuracy)}%`,
  count(player.inaccuracies, 'inaccuracy', space),
  count(player.mistakes, 'mistake', space),
  count(player.blunders, 'blunder', space),
];

/**
 * A player's figures in words, for the line under the graph: each count kept on one line with
 * its noun (a no-break space: "· 0" ended a line and "mistakes" began the next).
 *
 * @param {PlayerSummary} player
 * @returns {string} e.g. "accuracy 87% · 1 inaccuracy · 0 mistakes · 1 blunder"
 */
export const playerWords = (player) => playerFigures(player, '\u00a0').join(' · ');

/**
 * What a screen reader hears of a review, once at each change of its state (not at each
 * position evaluated, which the bar shows): its start, where it stopped, and its figures when
 * done. A failure is said by its own alert.
 *
 * @param {'idle' | 'running' | 'stopped' | 'done' | 'failed'} state
 * @param {{ positions: number, done: number, summary: Pick<ReviewSummary, 'white' | 'black'> | null, toLearn: number }} figures
 *   `toLearn`: the learner's mistakes that "Learn from your mistakes" offers
 * @returns {string} e.g. "Review done. White: accuracy 87%, 1 inaccuracy, 0 mistakes, 1 blunder. …"
 */
export function reviewStateWords(state, { positions, done, summary, toLearn }) {
  if (state === 'running') return `Reviewing the game: ${count(positions, 'position')}.`;
  if (state === 'stopped') return `Review stopped: ${done} of ${count(positions, 'position')}.`;
  if (state !== 'done' || !summary) return '';
  const figures = (/** @type {PlayerSummary} */ player) => playerFigures(player, ' ').join(', ');
  const learn = toLearn ? ` Learn from your mistakes: ${count(toLearn, 'move')} to find again.` : '';
  return `Review done. White: ${figures(summary.white)}. Black: ${figures(summary.black)}.${learn}`;
}

/**
 * @param {Pick<ReviewedMove, 'number' | 'side'>} move
 * @returns {string} its number as the review writes it, e.g. "12." or "12. …" for Black's
 */
export const moveNumber = (move) => `${move.number}.${move.side === 'black' ? ' …' : ''}`;

/**
 * What "Copy annotated record" copied, in words: the moves it marks and the better moves it
 * writes as side lines (a judged move whose better move the engine named).
 *
 * @param {Pick<ReviewedMove, 'judgement' | 'best'>[]} moves  the review's moves
 * @returns {string} e.g. "2 moves marked, 1 better move as a side line"
 */
export function annotatedWords(moves) {
  const marked = moves.filter((move) => move.judgement).length;
  if (marked === 0) return 'no move to mark';
  const better = moves.filter((move) => move.judgement && move.best).length;
  const lines = better === 0 ? '' : `, ${better} better ${better === 1 ? 'move as a side line' : 'moves as side lines'}`;
  return `${marked} ${marked === 1 ? 'move' : 'moves'} marked${lines}`;
}

/**
 * The judgement of a move and what it cost, e.g. "blunder (−32%)"; empty for a move not judged.
 *
 * @param {Pick<ReviewedMove, 'judgement' | 'lossPercent'>} move
 * @returns {string}
 */
export const judgementWords = (move) => (move.judgement ? `${move.judgement} (−${move.lossPercent}%)` : '');

/**
 * A reviewed move's evaluation as the page writes scores (evaluation.js `scoreText`): the
 * engine's text ("-1.35", "#-2", ASCII as records and the command line keep it) with a minus
 * sign, so that the review and the analysis board agree and a reader says "minus"; a result
 * ("0-1") as it is.
 *
 * @param {Pick<ReviewedMove, 'score'>} move
 * @returns {string} e.g. "−1.35", "#−2", "+0.35", "0-1"
 */
export const scoreShown = (move) => move.score.replace(/^(#?)-/, '$1−');

/**
 * The graph's readout of a position: the move that led to it with its mark, the evaluation from
 * White's view and White's expected score, e.g. "12. … Wd1-d7+?? · +1.35 · White 71%"; the start's
 * when no move is given. The move is given as itself, for the page to draw in figurines as its
 * move lists do (movelist.js `phraseContent`).
 *
 * @param {ReviewedMove | null} move
 * @param {number} start  White's expected score at the start, 0…1
 * @returns {Array<string | PlyInfo>}
 */
export function readoutPhrase(move, start) {
  if (!move) return [`Start · White ${Math.round(start * 100)}%`];
  const mark = move.judgement ? MARKS[move.judgement] : '';
  return [`${moveNumber(move)} `, move.playedPly, `${mark} · ${scoreShown(move)} · White ${Math.round(move.whiteExpected * 100)}%`];
}

/**
 * What a screen reader hears of a reviewed position as it is shown, after the move's own words
 * (the status line's): its judgement, what it lost and the better move in words, then the
 * evaluation, e.g. "Blunder: 32% lost; better black Long Leaper b1 to b8, captures white Pawn
 * on b2. Evaluation +1.35, White's expected score 71%." The graph's readout says the same in
 * figures, seen only.
 *
 * @param {ReviewedMove | null} move  null: the start
 * @param {number} start  White's expected score at the start, 0…1
 * @returns {string}
 */
export function spokenWords(move, start) {
  if (!move) return `White's expected score ${Math.round(start * 100)}%.`;
  const judged = move.judgement ? `${move.judgement[0].toUpperCase()}${move.judgement.slice(1)}: ${move.lossPercent}% lost${move.bestPly ? `; better ${plyWords(move.bestPly)}` : ''}. ` : '';
  return `${judged}Evaluation ${scoreShown(move)}, White's expected score ${Math.round(move.whiteExpected * 100)}%.`;
}

/**
 * A judged move in words, for its point's label on the graph.
 *
 * @param {ReviewedMove} move
 * @returns {string} e.g. "12. … Wd1-d7+?? blunder (−32%); better Lb1-b8 xb2"
 */
export function moveWords(move) {
  const number = moveNumber(move);
  const mark = move.judgement ? MARKS[move.judgement] : '';
  const judged = move.judgement ? ` ${judgementWords(move)}` : '';
  const better = move.best && move.judgement ? `; better ${move.best}` : '';
  return `${number} ${move.played}${mark}${judged}${better}`;
}

/**
 * A judged move's accessible name: its line in the list as shown (the moves in the display form,
 * whose letters the figurines stand for: WCAG's "label in name"), then its moves in words, e.g.
 * "12. … Wd1-d7+ blunder (−32%); better Lb1-b8 xb2 (black Withdrawer d1 to d7, check; better
 * black Long Leaper b1 to b8, captures white Pawn on b2)".
 *
 * @param {ReviewedMove} move
 * @returns {string}
 */
export function judgedLabel(move) {
  const judged = judgementWords(move);
  const better = move.judgement && move.best !== null && move.bestPly !== null ? { shown: move.best, words: plyWords(move.bestPly) } : null;
  const shown = `${moveNumber(move)} ${move.played}${judged ? ` ${judged}` : ''}${better ? `; better ${better.shown}` : ''}`;
  return `${shown} (${plyWords(move.playedPly)}${better ? `; better ${better.words}` : ''})`;
}
