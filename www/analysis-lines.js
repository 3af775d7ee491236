// The lines a player tried on the game page's analysis board, kept in this browser as lichess
// keeps a local analysis: opening the analysis of the same game again (the same start, rules
// and moves: `gameKey`) brings back the side lines and continuations tried, in the order they
// were, after a reload too. Pure data and functions; analysis-page.js reads and writes them.
//
// Storage: key `ultima.analysis`, `{ version: 1, kept: [{ record, lines, notes?, seen?, at }] }`, the
// most recently changed first, at most MAX_KEPT analyses; `lines` the tree's lines as move texts
// (variations.js `branchLines`), at most MAX_PLIES plies in all for one analysis; `notes` the
// notes on their moves (assessments and comments, the record's and the player's), counted in
// those lines, each comment at most MAX_COMMENT characters, kept only when the player changed
// them, with `seen`, the moves the record's own notes were on then (`notePaths`). An entry
// without `notes` leaves the record's own; one without `seen` (kept before it was written)
// replaces them all.

import { isObject, readStored, readVersioned, writeStored } from './util.js';
import { GAME_COMMENT, MAX_COMMENT, isRecordNote } from './variations.js';

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
 * @property {string} record  what finds it again: the game's `gameKey` (before, the record the
 *   analysis opened on, which a game's headers and a review's marks made differ)
 * @property {string[][]} lines  every line tried, from the start, as move texts
 * @property {RecordNote[]} [notes]  the notes on their moves, counted in `lines`
 * @property {string[]} [seen]  with `notes`: the moves the record's own notes were on when they
 *   were kept (a note the record has gained since, a review's, comes in beside them)
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
  const { notes, seen, ...rest } = entry;
  const readable = Array.isArray(notes) && notes.every((note) => isRecordNote(note) && note.comment.length <= MAX_COMMENT);
  if (!readable) return rest;
  return Array.isArray(seen) && seen.every((path) => typeof path === 'string') ? entry : { ...rest, notes };
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
 * What finds a game's analysis: its start, rule options and main line's moves, not its headers,
 * result or notes (the same game opened from the game page, Your games or with a review's marks
 * written in is one analysis).
 *
 * @param {{ start: string, rules: string, plies: readonly { text: string }[] }} game  a snapshot
 *   of the game's main line
 * @returns {string} e.g. "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 1 1 | default | b2-b5 g7-g4"
 */
export const gameKey = ({ start, rules, plies }) => `${start} | ${rules} | ${plies.map((ply) => ply.text).join(' ')}`;

/**
 * The analysis kept for `key`, or for `former` (what found it before `gameKey`), or none.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} key
 * @param {string} [former]
 * @returns {KeptAnalysis | undefined}
 */
const entryOf = (kept, key, former) => kept.find((entry) => entry.record === key) ?? kept.find((entry) => entry.record === former);

/**
 * The lines kept for the analysis of `key` (or `former`), or none.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} key
 * @param {string} [former]
 * @returns {string[][]}
 */
export function linesOf(kept, key, former) {
  return entryOf(kept, key, former)?.lines ?? [];
}

/**
 * The notes kept for the analysis of `key` (or `former`), with the moves the record's own were
 * on then (null: kept before that was written), or null when none were (the record's own stay).
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} key
 * @param {string} [former]
 * @returns {{ notes: RecordNote[], seen: string[] | null } | null}
 */
export function notesOf(kept, key, former) {
  const entry = entryOf(kept, key, former);
  return entry?.notes ? { notes: entry.notes, seen: entry.seen ?? null } : null;
}

/**
 * The moves notes are on, each as its line of move texts from the start joined by spaces ("" for
 * the game's comment, before its first move): where a note is, whatever the lines counting it.
 *
 * @param {Tried} tried  notes and the lines they are counted in
 * @returns {string[]}
 */
export function notePaths({ lines, notes }) {
  return notes.flatMap((note) => {
    const path = note.ply === GAME_COMMENT ? '' : lines[note.line]?.slice(0, note.ply + 1).join(' ');
    return path === undefined ? [] : [path];
  });
}

/**
 * The analyses kept after the analysis of `key` has come to hold `tried`: its entry first (an
 * entry under `former`, what found it before, goes),
 * with the lines up to MAX_PLIES plies and, when the player changed them, the notes on them
 * (notes as the record opened with them are left to the record: the same game opened with a
 * review's marks written in keeps them); none when it holds only what it opened with (`opened`:
 * the record's own lines and notes), nothing tried.
 *
 * @param {KeptAnalysis[]} kept
 * @param {string} key
 * @param {Tried} tried
 * @param {Tried} opened
 * @param {number} now
 * @param {string} [former]
 * @returns {KeptAnalysis[]}
 */
export function keepLines(kept, key, tried, opened, now, former) {
  const others = kept.filter((entry) => entry.record !== key && entry.record !== former);
  if (JSON.stringify(tried) === JSON.stringify(opened)) return others;
  /** @type {string[][]} */
  const within = [];
  let plies = 0;
  for (const line of tried.lines) {
    if (plies + line.length > MAX_PLIES) break;
    within.push(line);
    plies += line.length;
  }
  const lines = { record: key, lines: within, at: now };
  if (JSON.stringify(tried.notes) === JSON.stringify(opened.notes)) return [lines, ...others].slice(0, MAX_KEPT);
  const notes = tried.notes.filter((note) => note.line < within.length).map((note) => ({ ...note, comment: note.comment.slice(0, MAX_COMMENT) }));
  return [{ ...lines, notes, seen: notePaths(opened) }, ...others].slice(0, MAX_KEPT);
}

/**
 * The notes of an analysis opened again, counted in `lines` (the tree's lines now): the kept
 * ones (the player's, counted in `kept.lines`), and those of the record's own (counted in
 * `own.lines`) on moves that had none when the notes were kept (not in `seen`) and have none
 * kept: a review's marks come in beside notes the player wrote before the review, while a
 * record's note the player took away stays away. A record's note on a move the player took away
 * comes back with the move (the game's moves always do): it was the move that went, not the
 * note (a review's marks on the game's last moves were lost after "Delete from here"). With
 * `seen` null (kept before it was written), the kept notes alone.
 *
 * @param {readonly (readonly string[])[]} lines
 * @param {Tried} kept
 * @param {Tried} own
 * @param {readonly string[] | null} seen
 * @returns {RecordNote[]}
 */
export function mergedNotes(lines, kept, own, seen) {
  const keptPaths = notePaths(kept);
  const ownPaths = notePaths(own);
  const known = new Set([...keptPaths, ...(seen ?? ownPaths)]);
  const texts = lines.map((line) => line.join(' '));
  /** @type {RecordNote[]} */
  const merged = [];
  /** @param {RecordNote} note @param {string | undefined} path */
  const place = (note, path) => {
    if (path === undefined) return;
    if (path === '') {
      merged.push({ ...note, line: 0, ply: GAME_COMMENT });
      return;
    }
    const line = texts.findIndex((text) => text === path || text.startsWith(`${path} `));
    if (line >= 0) merged.push({ ...note, line, ply: path.split(' ').length - 1 });
  };
  kept.notes.forEach((note, i) => place(note, keptPaths[i]));
  const keptTexts = kept.lines.map((line) => line.join(' '));
  /** @param {string} path */
  const moveKept = (path) => path === '' || keptTexts.some((text) => text === path || text.startsWith(`${path} `));
  own.notes.forEach((note, i) => {
    const path = ownPaths[i];
    if (path !== undefined && (!known.has(path) || (seen !== null && !moveKept(path)))) place(note, path);
  });
  return merged;
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
