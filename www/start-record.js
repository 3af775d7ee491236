// The headers a new game on the page starts with: what a record exported later should say of it
// (PGN's seven-tag roster, as far as the page knows it): the date it began, the players against
// the computer, and the clock. Pure: main.js starts the game from a record with them
// (session.js's `startRecord`, written by the rules crate), so that the game, its clock and its
// headers start as one (a computer that moves first already sees the clock).

import { controlHeader } from './clock.js';
import { isLevel, levelTitle } from './levels.js';

/** @import { TimeControl } from './clock.js' */
/** @import { Opponent } from './storage.js' */
/** @import { Side } from '../ultima-wasm.js' */

/** The human player's name in a record, beside the computer's. */
export const PLAYER_NAME = 'Player';

/**
 * A day as PGN's Date header writes it: "2026.12.01", in the player's own time zone.
 *
 * @param {Date} day
 * @returns {string}
 */
export function pgnDate(day) {
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${day.getFullYear()}.${two(day.getMonth() + 1)}.${two(day.getDate())}`;
}

/**
 * The headers of a new game: its date; against the computer, who plays which side ("Computer,
 * level 3 — Casual" and "Player"; two players on one device have no names to give); and its time
 * control, if it has a clock.
 *
 * @param {{ opponent: Opponent | null, control: TimeControl | null, day: Date }} game
 * @returns {Array<[string, string]>}
 */
export function startHeaders({ opponent, control, day }) {
  /** @type {Array<[string, string]>} */
  const headers = [['Date', pgnDate(day)]];
  if (opponent) {
    /** @param {Side} side */
    const name = (side) => (side === opponent.computer ? `Computer, level ${levelTitle(opponent.level)}` : PLAYER_NAME);
    headers.push(['White', name('white')], ['Black', name('black')]);
  }
  if (control) headers.push(['TimeControl', controlHeader(control)]);
  return headers;
}

/**
 * The computer opponent a record's headers name, as `startHeaders` writes them: one player
 * "Computer, level 3 — Casual" and the other "Player". A record loaded on the page plays on
 * against that computer; any other names (two people, or names this page did not write) make
 * it a game of two players.
 *
 * @param {ReadonlyArray<readonly [string, string]>} headers  e.g. the snapshot's `headers`
 * @returns {Opponent | null}
 */
export function opponentOfHeaders(headers) {
  /** @param {string} tag */
  const named = (tag) => headers.find(([name]) => name === tag)?.[1] ?? null;
  /** @param {string | null} name @returns {number | null} */
  const computerLevel = (name) => {
    const level = Number(/^Computer, level (\d)(?: — .*)?$/.exec(name ?? '')?.[1]);
    return isLevel(level) ? level : null;
  };
  const white = named('White');
  const black = named('Black');
  const whiteLevel = computerLevel(white);
  const blackLevel = computerLevel(black);
  if (whiteLevel !== null && black === PLAYER_NAME) return { computer: 'white', level: whiteLevel };
  if (blackLevel !== null && white === PLAYER_NAME) return { computer: 'black', level: blackLevel };
  return null;
}
