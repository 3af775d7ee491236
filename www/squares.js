// The squares drill (squares-ui.js) as pure functions: the next square to find, and the best
// scores kept in localStorage. A move is written with the squares' names ("Lb1-b8"), and every
// lesson and puzzle names squares, so a newcomer learns to find them at a glance, as lichess's
// coordinate trainer teaches: as many as they can in ROUND_MS, the board's coordinates hidden.

import { readStored, squareIndex, squareName, writeStored } from './util.js';

/** @import { Side } from '../ultima-wasm.js' */

/** The localStorage key of the best scores. */
export const SQUARES_KEY = 'ultima.squares';

/** How long a round lasts, in milliseconds. */
export const ROUND_MS = 30_000;

/** The most squares a round could count (one every 50 ms): a stored score above it is not one. */
const MAX_SCORE = ROUND_MS / 50;

/**
 * The best round from each side (the side at the bottom of the board).
 *
 * @typedef {{ white: number, black: number }} Best
 */

/**
 * The square to find next: any but the one just found, each as likely.
 *
 * @param {() => number} random  e.g. Math.random: a number from 0 up to 1
 * @param {string | null} previous  the square found last (a square's name), if any
 * @returns {string} e.g. "e4"
 */
export function nextSquare(random, previous) {
  const skip = previous === null ? -1 : squareIndex(previous);
  const count = skip < 0 ? 64 : 63;
  const pick = Math.min(count - 1, Math.floor(random() * count));
  return squareName(skip >= 0 && pick >= skip ? pick + 1 : pick);
}

/**
 * Reads stored best scores; anything unreadable counts as none, a bad side's score as 0.
 *
 * @param {string | null} text
 * @returns {Best}
 */
export function readBest(text) {
  /** @type {Best} */
  const best = { white: 0, black: 0 };
  if (text === null) return best;
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return best;
  }
  if (typeof data !== 'object' || data === null || /** @type {{ version?: unknown }} */ (data).version !== 1) return best;
  const stored = /** @type {{ best?: unknown }} */ (data).best;
  if (typeof stored !== 'object' || stored === null) return best;
  for (const side of /** @type {const} */ (['white', 'black'])) {
    const score = /** @type {Record<string, unknown>} */ (stored)[side];
    if (typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= MAX_SCORE) best[side] = score;
  }
  return best;
}

/**
 * The best scores after a round.
 *
 * @param {Best} best
 * @param {Side} side  the side at the bottom in the round
 * @param {number} score  squares found
 * @returns {{ best: Best, record: boolean }} record: the round beat the side's best
 */
export function afterRound(best, side, score) {
  const record = score > best[side];
  return { best: record ? { ...best, [side]: score } : best, record };
}

/**
 * @param {Storage | null} storage
 * @returns {Best}
 */
export const loadBest = (storage) => readBest(readStored(storage, SQUARES_KEY));

/**
 * Keeps the best scores; refused or full storage keeps them for the visit only.
 *
 * @param {Storage | null} storage
 * @param {Best} best
 */
export function saveBest(storage, best) {
  writeStored(storage, SQUARES_KEY, JSON.stringify({ version: 1, best }));
}
