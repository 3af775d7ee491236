// The squares drill (squares-ui.js) as pure functions: the next square, a square's name given
// key by key, and the best scores kept in localStorage. A move is written with the squares' names
// ("Lb1-b8"), and every lesson and puzzle names squares, so a newcomer learns them at a glance,
// as lichess's coordinate trainer teaches, both ways: finding the square named, and naming the
// square marked; as many as they can in ROUND_MS, the board's coordinates hidden.

import { isObject, readStored, readVersioned, squareIndex, squareName, writeStored } from './util.js';

/** @import { Side } from '../ultima-wasm.js' */

/** The localStorage key of the best scores. */
export const SQUARES_KEY = 'ultima.squares';

/** How long a round lasts, in milliseconds. */
export const ROUND_MS = 30_000;

/** The most squares a round could count (one every 50 ms): a stored score above it is not one. */
const MAX_SCORE = ROUND_MS / 50;

/**
 * The drill's two ways: find the square named (a press on the board), or name the square marked
 * (its file and rank, by keys or buttons).
 *
 * @typedef {'find' | 'name'} Mode
 */

/** @type {readonly Mode[]} */
export const MODES = ['find', 'name'];

/**
 * The best round from each side (the side at the bottom of the board).
 *
 * @typedef {{ white: number, black: number }} Best
 */

/**
 * The best rounds of each way of the drill. Stored as `{ version: 1, best, named }`: `best` the
 * finding rounds (as before naming came), `named` the naming ones.
 *
 * @typedef {Record<Mode, Best>} Bests
 */

/**
 * A square's name given so far, key by key: its file letter, its rank digit, or both pending.
 *
 * @typedef {{ file: string | null, rank: string | null }} Naming
 */

/** Nothing given yet. */
export const NOTHING_NAMED = /** @type {Naming} */ ({ file: null, rank: null });

/**
 * A key pressed while naming a square: a file letter (a–h) or a rank digit (1–8) is kept, a
 * second of the same kind replacing the first; with both, the name is complete and the next one
 * starts from nothing. Any other key changes nothing.
 *
 * @param {Naming} given
 * @param {string} key  e.g. "e", "E" or "4"
 * @returns {{ given: Naming, square: string | null }}  square: the name completed by this key
 */
export function pressName(given, key) {
  const k = key.toLowerCase();
  const next = /^[a-h]$/.test(k) ? { ...given, file: k } : /^[1-8]$/.test(k) ? { ...given, rank: k } : given;
  if (next.file !== null && next.rank !== null) return { given: NOTHING_NAMED, square: `${next.file}${next.rank}` };
  return { given: next, square: null };
}

/**
 * What has been given of a name, for the page: "e_", "_4", or "" for nothing.
 *
 * @param {Naming} given
 * @returns {string}
 */
export const namingText = (given) => (given.file === null && given.rank === null ? '' : `${given.file ?? '_'}${given.rank ?? '_'}`);

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
 * @returns {Bests}
 */
export function readBest(text) {
  const data = readVersioned(text, 1);
  return { find: readSides(data?.best), name: readSides(data?.named) };
}

/**
 * @param {unknown} stored  one way's scores, `{ white, black }`
 * @returns {Best}
 */
function readSides(stored) {
  /** @type {Best} */
  const best = { white: 0, black: 0 };
  if (!isObject(stored)) return best;
  for (const side of /** @type {const} */ (['white', 'black'])) {
    const score = stored[side];
    if (typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= MAX_SCORE) best[side] = score;
  }
  return best;
}

/**
 * The best scores after a round.
 *
 * @param {Bests} bests
 * @param {Mode} mode  the round's way
 * @param {Side} side  the side at the bottom in the round
 * @param {number} score  squares found or named
 * @returns {{ bests: Bests, record: boolean }} record: the round beat the best of its way and side
 */
export function afterRound(bests, mode, side, score) {
  const record = score > bests[mode][side];
  return { bests: record ? { ...bests, [mode]: { ...bests[mode], [side]: score } } : bests, record };
}

/**
 * @param {Storage | null} storage
 * @returns {Bests}
 */
export const loadBest = (storage) => readBest(readStored(storage, SQUARES_KEY));

/**
 * Keeps the best scores; refused or full storage keeps them for the visit only.
 *
 * @param {Storage | null} storage
 * @param {Bests} bests
 */
export function saveBest(storage, bests) {
  writeStored(storage, SQUARES_KEY, JSON.stringify({ version: 1, best: bests.find, named: bests.name }));
}
