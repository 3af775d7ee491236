// The lines a player tried on the game page's analysis board, kept in this browser as lichess
// keeps a local analysis: opening the analysis of the same game again (the same record: the
// same start, rules and moves) brings back the side lines and continuations tried, in the
// order they were, after a reload too. Pure data and functions; analysis-page.js reads and
// writes them.
//
// Storage: key `ultima.analysis`, `{ version: 1, kept: [{ record, lines, notes?, at }] }`, the
// most recently changed first, at most MAX_KEPT analyses; `lines` the tree's lines as move texts
// (variations.js `branchLines`), at most MAX_PLIES plies in all for one analysis; `notes` the
// notes on their moves (assessments and comments, the record's and the player's), counted in
// those lines, each comment at most MAX_COMMENT characters. An entry without `notes` (kept
// before there were any) leaves the record's own.

import { isObject, readStored, readVersioned, writeStored } from './util.js';
import { MAX_COMMENT, isRecordNote } from './variations.js';

/** @import { RecordNote } from '../ultima-wasm.js' */

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
 * @property {RecordNote[]} [notes]  the notes on their moves, counted in `lines`
 * @property {number} at  when it last changed, in milliseconds since 1970
 */

/**
 * What an analysis holds: its lines and the notes on their moves.
 *
 * @typedef {object} Tried
 * @property {string[][]} lines
 * @property {RecordNote[]} notes
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
  return Array.isArray(kept) ? kept.filter(isKept).map(withReadableNotes).slice(0, MAX_KEPT) : [];
}

/**
 * An entry whose notes are not notes keeps its lines, without them.
 *
 * @param {KeptAnalysis} entry
 * @returns {KeptAnalysis}
 */
function withReadableNotes(entry) {
  const { notes, ...rest } = entry;
  const readable = Array.isArray(notes) && notes.every((note) => isRecordNote(note) && note.comment.length <= MAX_COMMENT);
  return readable ? entry : rest;
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
 * The notes kept for the analysis of `record`, or null when none were (the record's own stay).
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} record
 * @returns {RecordNote[] | null}
 */
export function notesOf(kept, record) {
  return kept.find((entry) => entry.record === record)?.notes ?? null;
}

/**
 * The analyses kept after the analysis of `record` has come to hold `tried`: its entry first,
 * with the lines up to MAX_PLIES plies and the notes on them; none when it holds only what it
 * opened with (`opened`: the record's own lines and notes), nothing tried.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} record
 * @param {Tried} tried
 * @param {Tried} opened
 * @param {number} now
 * @returns {KeptAnalysis[]}
 */
export function keepLines(kept, record, tried, opened, now) {
  const others = kept.filter((entry) => entry.record !== record);
  if (JSON.stringify(tried) === JSON.stringify(opened)) return others;
  /** @type {string[][]} */
  const within = [];
  let plies = 0;
  for (const line of tried.lines) {
    if (plies + line.length > MAX_PLIES) break;
    within.push(line);
    plies += line.length;
  }
  const notes = tried.notes.filter((note) => note.line < within.length).map((note) => ({ ...note, comment: note.comment.slice(0, MAX_COMMENT) }));
  return [{ record, lines: within, notes, at: now }, ...others].slice(0, MAX_KEPT);
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
