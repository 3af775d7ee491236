// The computer's eight levels in plain words, for the welcome and the new-game dialog. What each
// says follows what the levels are (crates/engine/src/level.rs, README "Levels"): level 1 looks
// one move ahead and level 2 two, both judging the position there as it stands, blind to the
// captures that follow (the way a beginner misses the answer to a move); levels 3–7 search a
// fixed number of positions a move (1,000 … 250,000) with less and less noise in their
// judgement (level 7's, ±10 centipawns, only varies its games); level 8 thinks 2 s a move, so it
// is the only one whose strength depends on the device (its ±5 centipawns up to move 5 only vary
// its openings). Each level beats the one below in at least 7 games of 10, most in 9 or more.

import { sideName } from './notation.js';

/**
 * @typedef {object} LevelInfo
 * @property {number} level  1–8
 * @property {string} name  e.g. "Beginner"
 * @property {string} description  what playing it is like, e.g. "thinks briefly and guesses a lot…"
 */

/**
 * The level offered before the player chose one, by the welcome and the new-game dialog alike:
 * most visitors are new to the game. (The dialog offered 4 while the welcome offered 1.)
 */
export const DEFAULT_LEVEL = 1;

/**
 * The level hints are searched at, whatever the opponent's: level 7 (250,000 positions, a
 * fraction of a second on a phone) finds what a player should see. At the opponent's level a
 * beginner got a beginner's hints: at level 1, after 1. b2-b5 g7-g3, the Immobilizer to g7,
 * taken at once.
 */
export const HINT_LEVEL = 7;

/** @type {readonly LevelInfo[]} */
export const LEVELS = Object.freeze([
  { level: 1, name: 'Beginner', description: 'looks only at its own move, not at your answer: it often leaves pieces to be taken' },
  { level: 2, name: 'Novice', description: 'sees your answer to its move, but not what follows, and misjudges a lot' },
  { level: 3, name: 'Casual', description: 'looks a little further, but still makes big mistakes' },
  { level: 4, name: 'Club', description: 'spots most simple captures, but plays loosely' },
  { level: 5, name: 'Intermediate', description: 'seldom gives a piece away' },
  { level: 6, name: 'Advanced', description: 'finds most short combinations' },
  { level: 7, name: 'Expert', description: 'deep and exact; only its choice between near-equal moves varies' },
  { level: 8, name: 'Strongest', description: 'thinks 2 s a move (stronger on a faster device)' },
]);

/**
 * Whether a value is one of the levels: what every reader of a level (a form, stored choices,
 * a stored game's opponent, the welcome) accepts.
 *
 * @param {unknown} value
 * @returns {value is number}
 */
export const isLevel = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LEVELS.length;

/** What the level list says about all of them. */
export const LEVELS_NOTE = 'Each level beats the one below it in at least 7 games out of 10, most in 9 or more.';

/**
 * @param {number} level 1–8
 * @returns {string} its one-line title, e.g. "1 — Beginner"
 */
export function levelTitle(level) {
  const info = LEVELS[level - 1];
  return info ? `${level} — ${info.name}` : String(level);
}

/**
 * @param {number} level 1–8
 * @returns {string} its title and description, e.g. "1 — Beginner: looks only at its own move, …"
 */
export function levelText(level) {
  const info = LEVELS[level - 1];
  return info ? `${levelTitle(level)}: ${info.description}` : String(level);
}

/**
 * The page's line under its status during a game against the computer: which side the player
 * has and the computer's level, which nothing else on the page says once the game has started
 * (the status line names only the side to move).
 *
 * @param {import('./pieces.js').Side} player  the side the player has
 * @param {number} level  the computer's, 1–8
 * @returns {string} e.g. "You play White against the computer, level 1 — Beginner" (no-break
 *   spaces in "level 1 — Beginner")
 */
export function opponentLine(player, level) {
  return `You play ${sideName(player)} against the computer, ${levelName(level)}`;
}

/**
 * Who plays whom in a game played by sending its link, as `opponentLine` says it against the
 * computer.
 *
 * @param {import('./pieces.js').Side} player  the side this browser's player has
 * @param {boolean} over  the game has ended: there is no move to send
 * @returns {string} e.g. "You play Black by link: send the link after each move"; once over,
 *   "You played Black by link"
 */
export function linkLine(player, over) {
  return over ? `You played ${sideName(player)} by link` : `You play ${sideName(player)} by link: send the link after each move`;
}

/**
 * A level named in a line of text, e.g. "level 1 — Beginner", with no-break spaces that keep
 * "level 1 —" whole where the line wraps (a phone's panel); the name may go to the next line,
 * where a narrow column (a 320 px phone's Your games) has no room for all of it.
 *
 * @param {number} level 1–8
 * @returns {string}
 */
export function levelName(level) {
  const info = LEVELS[level - 1];
  return info ? `level\u00a0${level}\u00a0— ${info.name}` : `level\u00a0${level}`;
}
