// What the page set aside so that nothing was lost (storage.js writes it under `BACKUP_PREFIX`
// plus the time): a game in progress replaced by a game from a link, a game another tab changed
// at the same time, saved data this version of the page could not use, a list of finished
// games that could not be read whole (games.js). "Your games"
// (games-ui.js) lists them, so that a player can resume, analyse, copy or remove one without
// knowing what browser storage is. Pure data and functions: reading the entries, removing one,
// an entry in words.

import { levelName } from './levels.js';
import { otherSide, sideName } from './notation.js';
import { BACKUP_PREFIX, parse } from './storage.js';
import { UNREADABLE_KEY } from './games.js';

/** @import { Side } from '../ultima-wasm.js' */
/** @import { Opponent } from './storage.js' */

/**
 * @typedef {object} SetAside
 * @property {string} key  its storage key, e.g. "ultima.page.backup.2026-11-22T01:02:03.456Z"
 * @property {number | null} time  when it was set aside, in milliseconds since 1970 (from the
 *   key); null when the key's time does not read
 * @property {string} text  what is stored, exactly (copied out as it is when it cannot be used)
 * @property {string | null} record  its game's record; null when it holds none or cannot be used
 * @property {Opponent | null} opponent  the computer's side and level in that game; null for
 *   two players
 * @property {Side | null} linkSide  the side this browser's player had in a game played by link
 *   (storage.js); null otherwise
 * @property {Side} orientation  the side the board showed at the bottom
 * @property {string | null} problem  why this version of the page cannot use it, e.g. "could
 *   not be read"; null when it can
 */

/**
 * Everything set aside, the newest first. Never throws: a storage the browser refuses lists
 * nothing.
 *
 * @param {Pick<Storage, 'length' | 'key' | 'getItem'> | null} storage
 * @returns {SetAside[]}
 */
export function setAsideEntries(storage) {
  /** @type {SetAside[]} */
  const entries = [];
  try {
    if (!storage) return entries;
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      const text = key?.startsWith(BACKUP_PREFIX) || key?.startsWith(UNREADABLE_KEY) ? storage.getItem(key) : null;
      if (key && text !== null) entries.push(entry(key, text));
    }
  } catch {
    return entries;
  }
  // ISO times sort as text; a key whose time does not read goes last.
  return entries.sort((a, b) => (b.time ?? -Infinity) - (a.time ?? -Infinity) || b.key.localeCompare(a.key));
}

/**
 * @param {string} key
 * @param {string} text
 * @returns {SetAside}
 */
function entry(key, text) {
  const games = key.startsWith(UNREADABLE_KEY);
  const ms = Date.parse(key.slice(games ? UNREADABLE_KEY.length + 1 : BACKUP_PREFIX.length));
  const time = Number.isFinite(ms) ? ms : null;
  if (games) return { key, time, text, record: null, opponent: null, linkSide: null, orientation: 'white', problem: 'is a list of finished games that could not be read whole' };
  const read = parse(text);
  if ('unusable' in read) return { key, time, text, record: null, opponent: null, linkSide: null, orientation: 'white', problem: read.unusable };
  const { opponent, linkSide, orientation } = read.settings;
  return { key, time, text, record: read.record, opponent, linkSide, orientation: opponent ? otherSide(opponent.computer) : (linkSide ?? orientation), problem: null };
}

/**
 * Removes an entry.
 *
 * @param {Pick<Storage, 'removeItem'> | null} storage
 * @param {string} key
 * @returns {string | null} why it could not be removed, e.g. "the browser refused it"; null
 *   when it was
 */
export function removeSetAside(storage, key) {
  if (!storage) return 'this browser does not allow this page to store data';
  try {
    storage.removeItem(key);
    return null;
  } catch {
    return 'the browser refused it';
  }
}

/**
 * An entry in words, for its row in the list.
 *
 * @param {SetAside} entry
 * @param {(ms: number) => string} date  e.g. a `Intl.DateTimeFormat`'s `format`
 * @param {string} [state]  its game in a few words when it has one, e.g. "Unfinished · 12
 *   moves" (the page reads them from the record with the rules)
 * @returns {{ title: string, detail: string }} e.g. { title: "Against level 3 — Casual",
 *   detail: "As White · Unfinished · 12 moves · set aside 29 Nov 2026, 14:30" }
 */
export function setAsideWords(entry, date, state = '') {
  const when = entry.time === null ? 'set aside at an unknown time' : `set aside ${date(entry.time)}`;
  if (entry.problem !== null) return { title: 'Saved data this page cannot use', detail: `It ${entry.problem} · ${when}` };
  if (entry.record === null) return { title: 'Saved settings without a game', detail: when };
  const parts = [state, when].filter(Boolean);
  const { opponent, linkSide } = entry;
  if (linkSide) return { title: 'By link', detail: [`As ${sideName(linkSide)}`, ...parts].join(' · ') };
  if (!opponent) return { title: 'Two players on this device', detail: parts.join(' · ') };
  return { title: `Against ${levelName(opponent.level)}`, detail: [`As ${sideName(otherSide(opponent.computer))}`, ...parts].join(' · ') };
}
