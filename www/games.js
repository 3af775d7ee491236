// The player's finished games, kept in this browser: each game the page sees end (by a move, a
// resignation or a clock) is added with its record, so that it can be analysed or copied after
// a new game has replaced it on the board. Pure data and functions: reading and writing the
// list, adding a game, and a game in words. The dialog is games-ui.js.
//
// Storage: key `ultima.games`, `{ version: 1, games: [...] }`, the newest first, at most
// `MAX_GAMES`. Two tabs share it: each change reads the list again before it writes, and a game
// whose record is already kept (the other tab saw it end too) is not added twice.

import { movesWords, otherSide, sideName, statusText } from './notation.js';
import { levelName } from './levels.js';
import { isSide, readOpponent, refusal } from './storage.js';
import { readVersioned } from './util.js';
import { isControl } from './clock.js';

/** @import { Side, Status } from '../ultima-wasm.js' */
/** @import { Opponent } from './storage.js' */

export const GAMES_KEY = 'ultima.games';
/**
 * Where a list this page cannot read whole is copied before a new one is written, so nothing is
 * lost: this prefix, a dot and the time (an older page wrote it without them). Each list once;
 * "Your games" shows the copies under Set aside (set-aside.js).
 */
export const UNREADABLE_KEY = 'ultima.games.unreadable';
const VERSION = 1;
/** How many finished games are kept: the oldest goes when one more ends. */
export const MAX_GAMES = 50;

/**
 * @typedef {object} FinishedGame
 * @property {string} id  the game's own id: a game that ends again after a takeback replaces
 *   its entry instead of adding one
 * @property {number} ended  when it ended, in milliseconds since 1970
 * @property {string} record  the game's record, as `Copy record` gives it
 * @property {'1-0' | '0-1' | '1/2-1/2'} result
 * @property {Status['kind']} kind  how it ended, e.g. "checkmate", "resignation"
 * @property {Side | null} winner
 * @property {Opponent | null} opponent  the computer's side and level, as the page keeps them
 *   (storage.js); null for two players
 * @property {Side | null} link  the side the person played in a game played by sending its link
 *   (storage.js's `linkSide`); null against the computer and between two players at one device
 * @property {number} plies
 * @property {string | null} control  the game's time control as the page writes it, e.g. "5+3";
 *   null without a clock (or kept before it was written)
 */

const RESULTS = ['1-0', '0-1', '1/2-1/2'];
/** The status tags of a finished game (`Status['kind']` but "ongoing"). */
const ENDINGS = ['checkmate', 'stalemate', 'king_captured', 'resignation', 'repetition', 'move_limit', 'bare_kings', 'agreement', 'timeout', 'timeout_draw'];

/**
 * One stored game, checked field by field.
 *
 * @param {unknown} value
 * @returns {FinishedGame | null} null when any field is missing or wrong
 */
function readGame(value) {
  if (typeof value !== 'object' || value === null) return null;
  const { id, ended, record, result, kind, winner, plies, link: linked, control: timed } = /** @type {Record<string, unknown>} */ (value);
  const stored = /** @type {Record<string, unknown>} */ (value).opponent;
  const opponent = stored === null ? null : readOpponent(stored);
  // Added later: a game kept without it was not played by link, as far as this page knew.
  const link = isSide(linked) && opponent === null ? linked : null;
  // Added later too, and only words: one that does not read is left out, not the game.
  const control = typeof timed === 'string' && isControl(timed) ? timed : null;
  if (typeof id !== 'string' || !id) return null;
  if (typeof ended !== 'number' || !Number.isFinite(ended)) return null;
  if (typeof record !== 'string' || !record) return null;
  if (typeof result !== 'string' || !RESULTS.includes(result)) return null;
  if (typeof kind !== 'string' || !ENDINGS.includes(kind)) return null;
  if (winner !== null && !isSide(winner)) return null;
  if (stored !== null && opponent === null) return null;
  if (!(Number.isInteger(plies) && /** @type {number} */ (plies) >= 0)) return null;
  return /** @type {FinishedGame} */ ({ id, ended, record, result, kind, winner, opponent, link, plies, control });
}

/**
 * The stored list, read from its text.
 *
 * @param {string | null} text  what storage holds under `GAMES_KEY`; null: nothing yet
 * @returns {{ games: FinishedGame[], whole: boolean }} the games it could read, the newest
 *   first; `whole` is false when any part of the text could not be read
 */
export function readGames(text) {
  if (text === null) return { games: [], whole: true };
  const stored = readVersioned(text, VERSION)?.games;
  if (!Array.isArray(stored)) return { games: [], whole: false };
  const games = stored.map(readGame).filter((game) => game !== null);
  return { games: games.slice(0, MAX_GAMES), whole: games.length === stored.length };
}

/**
 * The kept games. A list that cannot be read whole is first copied aside under `UNREADABLE_KEY`
 * (unless a copy of it is there already), then stored as what could be read.
 *
 * @param {Pick<Storage, 'getItem' | 'setItem' | 'length' | 'key'> | null} storage
 * @returns {FinishedGame[]}
 */
export function loadGames(storage) {
  try {
    const text = storage?.getItem(GAMES_KEY) ?? null;
    const { games, whole } = readGames(text);
    if (!whole && text !== null && storage) {
      keepUnreadable(storage, text);
      // Then the list is what could be read: it is not copied aside again at each reading (a
      // copy removed from Set aside stays removed).
      storage.setItem(GAMES_KEY, JSON.stringify({ version: VERSION, games }));
    }
    return games;
  } catch {
    return [];
  }
}

/**
 * Copies a list that could not be read whole aside, unless a copy of the same text is there.
 *
 * @param {Pick<Storage, 'getItem' | 'setItem' | 'length' | 'key'>} storage
 * @param {string} text
 */
function keepUnreadable(storage, text) {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(UNREADABLE_KEY) && storage.getItem(key) === text) return;
  }
  // A moment of its own: two lists copied in one millisecond do not share a key.
  let ms = Date.now();
  while (storage.getItem(`${UNREADABLE_KEY}.${new Date(ms).toISOString()}`) !== null) ms += 1;
  storage.setItem(`${UNREADABLE_KEY}.${new Date(ms).toISOString()}`, text);
}

/**
 * Stores the list.
 *
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {FinishedGame[]} games
 * @returns {string | null} null when stored; otherwise why not, in words
 */
export function saveGames(storage, games) {
  if (!storage) return 'the browser keeps no data for this page';
  try {
    storage.setItem(GAMES_KEY, JSON.stringify({ version: VERSION, games }));
    return null;
  } catch (error) {
    return refusal(error);
  }
}

/**
 * How close two ends of one record must be to be one end told twice (two tabs that both saw it):
 * further apart, they are two games that went the same way, both kept (two resignations at the
 * first move on one day have the same record, and the second was dropped, missing from the
 * score).
 */
const SAME_END_MS = 60_000;

/**
 * Whether `kept` is `game`: its entry (the same id), or the same record ended within `SAME_END_MS`.
 *
 * @param {FinishedGame} kept
 * @param {FinishedGame} game
 */
const sameGame = (kept, game) => kept.id === game.id || (kept.record === game.record && Math.abs(kept.ended - game.ended) < SAME_END_MS);

/**
 * The list with `game` added first: in place of the entry with its id (the same game, ended
 * again after a takeback), unchanged if the same end is kept already (`sameGame`), the oldest
 * dropped past `MAX_GAMES`.
 *
 * @param {FinishedGame[]} games
 * @param {FinishedGame} game
 * @returns {FinishedGame[]}
 */
export function withGame(games, game) {
  if (games.some((kept) => kept.id !== game.id && sameGame(kept, game))) return games;
  return [game, ...games.filter((kept) => kept.id !== game.id)].slice(0, MAX_GAMES);
}

/**
 * What to tell the player when keeping a game pushed the oldest out of a full list, or null:
 * the list's limit is said in its dialog only, and someone who plays for weeks lost games
 * without a word. `Download all` keeps every record.
 *
 * @param {FinishedGame[]} before  the list before the game was added
 * @param {FinishedGame[]} after  the list after it (`withGame`)
 * @param {(ms: number) => string} day  a date in words, e.g. "3 Nov 2026"
 * @returns {string | null}
 */
export function droppedWords(before, after, day) {
  const gone = before.filter((kept) => !after.some((game) => game.id === kept.id));
  const oldest = gone.at(-1);
  if (!oldest) return null;
  return `Your games keeps the last ${MAX_GAMES} games: the oldest, ended ${day(oldest.ended)}, made way for this one. “Download all” in Your games saves every record as a text file.`;
}

/**
 * The list without the game `id`.
 *
 * @param {FinishedGame[]} games
 * @param {string} id
 * @returns {FinishedGame[]}
 */
export const withoutGame = (games, id) => games.filter((game) => game.id !== id);

/**
 * The list with a removed game put back where it was, by when it ended (the newest first),
 * unless it is there again already (`sameGame`) or is older than every game of a full
 * list: a removal taken back.
 *
 * @param {FinishedGame[]} games
 * @param {FinishedGame} game
 * @returns {FinishedGame[]}
 */
export function withGameBack(games, game) {
  if (games.some((kept) => sameGame(kept, game))) return games;
  const at = games.findIndex((kept) => kept.ended < game.ended);
  const back = at < 0 ? [...games, game] : [...games.slice(0, at), game, ...games.slice(at)];
  return back.slice(0, MAX_GAMES);
}

/** The games the list can show alone, by the name the page's choice has. */
export const GAME_FILTERS = /** @type {const} */ ({
  all: 'All games',
  won: 'Won',
  lost: 'Lost',
  drawn: 'Drawn',
  computer: 'Against the computer',
  link: 'By link',
  here: 'Two players on this device',
});

/** @typedef {keyof typeof GAME_FILTERS} GameFilter */

/**
 * Whether the list shows `game` under `filter`.
 *
 * @param {FinishedGame} game
 * @param {GameFilter} filter
 * @returns {boolean}
 */
export function shownUnder(game, filter) {
  switch (filter) {
    case 'won':
    case 'lost':
    case 'drawn':
      return outcome(game) === filter;
    case 'computer':
      return game.opponent !== null;
    case 'link':
      return game.opponent === null && game.link !== null;
    case 'here':
      return playerOf(game) === null;
    default:
      return true;
  }
}

/**
 * The side the person played: the computer's other side, or theirs in a game played by link;
 * null for two players at one device.
 *
 * @param {FinishedGame} game
 * @returns {Side | null}
 */
export const playerOf = (game) => (game.opponent ? otherSide(game.opponent.computer) : game.link);

/**
 * How a kept game ended for the person: won, lost or drawn against the computer or by link;
 * between two players at one device drawn or decided.
 *
 * @param {FinishedGame} game
 * @returns {'won' | 'lost' | 'drawn' | 'decided'}
 */
export function outcome(game) {
  if (game.winner === null) return 'drawn';
  const player = playerOf(game);
  if (player === null) return 'decided';
  return game.winner === player ? 'won' : 'lost';
}

/** An outcome for the person as a row's title begins. */
const OUTCOME_WORDS = { won: 'Won', lost: 'Lost', drawn: 'Drawn', decided: '' };

/**
 * A kept game in words, for its row in the list.
 *
 * @param {FinishedGame} game
 * @param {(ms: number) => string} date  e.g. a `Intl.DateTimeFormat`'s `format`
 * @returns {{ title: string, detail: string }} e.g. { title: "Won against level 3 — Casual",
 *   detail: "As White · 5+3 · White wins by checkmate · 24 moves · 29 Nov 2026, 14:30" }; by link
 *   "Won by link"; for two players at one device "Two players on this device"
 */
export function gameWords(game, date) {
  const how = statusText({ kind: game.kind, winner: game.winner, result: game.result });
  const parts = [...(game.control ? [game.control] : []), how, movesWords(game.plies), date(game.ended)];
  const player = playerOf(game);
  if (player === null) return { title: 'Two players on this device', detail: parts.join(' · ') };
  const against = game.opponent ? `against ${levelName(game.opponent.level)}` : 'by link';
  return { title: `${OUTCOME_WORDS[outcome(game)]} ${against}`, detail: [`As ${sideName(player)}`, ...parts].join(' · ') };
}

/**
 * The player's score against the computer over the kept games, in words.
 *
 * @param {FinishedGame[]} games
 * @returns {string} e.g. "Against the computer: 3 won, 5 lost, 1 drawn"; "" when none of the
 *   games was against the computer
 */
export function tallyWords(games) {
  const against = games.filter((game) => game.opponent !== null).map(outcome);
  if (!against.length) return '';
  const count = (/** @type {string} */ end) => against.filter((o) => o === end).length;
  return `Against the computer: ${count('won')} won, ${count('lost')} lost, ${count('drawn')} drawn`;
}

/**
 * The kept games as one text file: their records, the oldest first, a blank line between two.
 *
 * @param {FinishedGame[]} games  the newest first, as kept
 * @returns {string}
 */
export const gamesFile = (games) => games.map((game) => `${game.record.trim()}\n`).reverse().join('\n');

/**
 * A new game's id: unique enough for one browser's list.
 *
 * @param {() => number} [random]
 * @param {() => number} [now]
 * @returns {string} e.g. "m3x9k2-4fz1q"
 */
export const newGameId = (random = Math.random, now = Date.now) => `${now().toString(36)}-${Math.floor(random() * 36 ** 6).toString(36)}`;
