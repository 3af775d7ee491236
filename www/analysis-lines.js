// The lines a player tried on the game page's analysis board, kept in this browser as lichess
// keeps a local analysis: opening the analysis of the same game again (the same record: the
// same start, rules and moves) brings back the side lines and continuations tried, in the
// order they were, after a reload too. Pure data and functions; analysis-page.js reads and
// writes them.
//
// Storage: key `ultima.analysis`, `{ version: 1, kept: [{ record, lines, at }] }`, the most
// recently changed first, at most MAX_KEPT analyses; `lines` the tree's lines as move texts
// (variations.js `branchLines`), at most MAX_PLIES plies in all for one analysis.

import { isObject, readStored, readVersioned, writeStored } from './util.js';

/** The localStorage key. */
export const ANALYSIS_KEY = 'ultima.analysis';
/** How many analyses are kept: the one changed longest ago goes first. */
export const MAX_KEPT = 20;
/** The most plies kept for one analysis (the lines after the limit are left out). */
export const MAX_PLIES = 2_000;
const VERSION = 1;

/**
 * One analysis kept.
 *
 * @typedef {object} KeptAnalysis
 * @property {string} record  the record the analysis opened on: what finds it again
 * @property {string[][]} lines  every line tried, from the start, as move texts
 * @property {number} at  when it last changed, in milliseconds since 1970
 */

/**
 * The analyses kept in stored text; anything unreadable counts as none, and an entry that is
 * not one is left out.
 *
 * @param {string | null} text
 * @returns {KeptAnalysis[]}
 */
export function readKept(text) {
  const kept = readVersioned(text, VERSION)?.kept;
  return Array.isArray(kept) ? kept.filter(isKept).slice(0, MAX_KEPT) : [];
}

/**
 * @param {unknown} entry
 * @returns {entry is KeptAnalysis}
 */
function isKept(entry) {
  if (!isObject(entry)) return false;
  const { record, lines, at } = entry;
  return (
    typeof record === 'string' &&
    typeof at === 'number' &&
    Number.isFinite(at) &&
    Array.isArray(lines) &&
    lines.every((line) => Array.isArray(line) && line.every((move) => typeof move === 'string' && move.length <= 40))
  );
}

/**
 * The lines kept for the analysis of `record`, or none.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} record
 * @returns {string[][]}
 */
export function linesOf(kept, record) {
  return kept.find((entry) => entry.record === record)?.lines ?? [];
}

/**
 * The analyses kept after the analysis of `record` has come to hold `lines`: its entry first,
 * with the lines up to MAX_PLIES plies; none when the lines are only those it opened with
 * (`opened`), nothing tried.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} record
 * @param {string[][]} lines
 * @param {string[][]} opened  the lines the analysis had when it opened: the record's own
 * @param {number} now
 * @returns {KeptAnalysis[]}
 */
export function keepLines(kept, record, lines, opened, now) {
  const others = kept.filter((entry) => entry.record !== record);
  if (JSON.stringify(lines) === JSON.stringify(opened)) return others;
  /** @type {string[][]} */
  const within = [];
  let plies = 0;
  for (const line of lines) {
    if (plies + line.length > MAX_PLIES) break;
    within.push(line);
    plies += line.length;
  }
  return [{ record, lines: within, at: now }, ...others].slice(0, MAX_KEPT);
}

/**
 * Reads the kept analyses from storage.
 *
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {KeptAnalysis[]}
 */
export const loadKept = (storage) => readKept(readStored(storage, ANALYSIS_KEY));

/**
 * Writes the kept analyses; false when the browser refuses (they are then kept for this visit
 * only, on the board).
 *
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {KeptAnalysis[]} kept
 * @returns {boolean}
 */
export const saveKept = (storage, kept) => writeStored(storage, ANALYSIS_KEY, JSON.stringify({ version: VERSION, kept }));
