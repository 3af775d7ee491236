// Keeps the current game (as its game record) and the settings in localStorage, under one key
// with a schema version, so a reload resumes. Anything unreadable is reported, never trusted.

/** @import { PieceSet, Theme } from './state.js' */
/** @import { Side } from '../ultima-wasm.js' */

export const STORAGE_KEY = 'ultima.page';
export const SCHEMA_VERSION = 1;

/**
 * @typedef {object} Settings
 * @property {PieceSet} pieceSet  e.g. "chess"
 * @property {Theme} theme  e.g. "green"
 * @property {Side} orientation  e.g. "white"
 * @property {Opponent | null} opponent  the computer player of the current game, or null when
 *   two people play, e.g. { computer: "black", level: 4 }
 * @property {boolean} showThinking  show the depth, score and expected line of each search
 */

/**
 * The computer player of a game.
 *
 * @typedef {object} Opponent
 * @property {Side} computer  the side the computer plays, e.g. "black"
 * @property {number} level  1–8, e.g. 4
 */

/**
 * @typedef {object} Saved
 * @property {string | null} record  the game record, e.g. "[Setup \"rotated\"]\n\n1. b2-b5 *"
 * @property {Settings} settings
 * @property {string | null} problem  why stored data was ignored, if it was
 */

/** @returns {Settings} */
export function defaultSettings() {
  return { pieceSet: 'chess', theme: 'green', orientation: 'white', opponent: null, showThinking: false };
}

/**
 * Reads what was saved. Never throws: unreadable data gives the defaults and a `problem`.
 *
 * @returns {Saved}
 */
export function load() {
  const settings = defaultSettings();
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { record: null, settings, problem: 'This browser does not allow saving the game.' };
  }
  if (text === null) return { record: null, settings, problem: null };
  const bad = { record: null, settings, problem: 'The saved game could not be read, so a new game was started.' };
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return bad;
  }
  if (typeof data !== 'object' || data === null || !('version' in data) || data.version !== SCHEMA_VERSION) return bad;
  const record = 'record' in data && typeof data.record === 'string' ? data.record : null;
  if ('settings' in data && typeof data.settings === 'object' && data.settings !== null) {
    const s = /** @type {Record<string, unknown>} */ (data.settings);
    if (s.pieceSet === 'chess' || s.pieceSet === 'abstract') settings.pieceSet = s.pieceSet;
    if (s.theme === 'green' || s.theme === 'neutral') settings.theme = s.theme;
    if (s.orientation === 'white' || s.orientation === 'black') settings.orientation = s.orientation;
    settings.opponent = readOpponent(s.opponent);
    if (typeof s.showThinking === 'boolean') settings.showThinking = s.showThinking;
  }
  return { record, settings, problem: null };
}

/**
 * @param {string} record
 * @param {Settings} settings
 */
export function save(record, settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: SCHEMA_VERSION, record, settings }));
  } catch {
    // Storage full or forbidden: the game goes on unsaved.
  }
}

/**
 * A stored opponent, or null unless it is well formed.
 *
 * @param {unknown} value
 * @returns {Opponent | null}
 */
export function readOpponent(value) {
  if (typeof value !== 'object' || value === null) return null;
  const o = /** @type {Record<string, unknown>} */ (value);
  const computer = o.computer;
  const level = o.level;
  if (computer !== 'white' && computer !== 'black') return null;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 8) return null;
  return { computer, level };
}
