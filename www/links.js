// Games in a link: the pure part. A game link is the page's address with the whole game in its
// fragment, `#game=<text>`, where the text is what the wasm's `Game.link()` writes (a versioned,
// checked base64url packing of the start, rules and moves; crates/rules/src/link.rs). A fragment
// never reaches a server, so a game sent this way is seen only by whoever opens the link.
//
// This module reads and writes such addresses and compares the game of a link with the game on
// the board, so that opening a link never replaces a game in progress unseen. It also reads and
// writes a puzzle's address (`?puzzle=<id>`), which the puzzle trainer shares. It knows no rule:
// it compares the snapshots' start, rules and move texts, which the wasm wrote.

import { sideName, statusText } from './notation.js';

/** @import { Side, Status } from '../ultima-wasm.js' */

/**
 * What this module reads of a game (a snapshot has it all): its start, rules and moves, and for
 * some functions how it stands.
 *
 * @typedef {object} GameOutline
 * @property {string} start  the position string it started from
 * @property {string} rules  e.g. "default"
 * @property {ReadonlyArray<{ text: string }>} plies  the moves played, as canonical text
 */

/** The fragment's key: `#game=<text>`. */
export const LINK_KEY = 'game';

/**
 * The text of a link of one kind in an address's fragment: `#<key>=<text>`.
 *
 * @param {string} hash  `location.hash`, e.g. "#game=AQAMAAAAq9o"
 * @param {string} key  e.g. "game"
 * @returns {string | null} the text after `#<key>=`; null for another fragment or none
 */
export function fragmentText(hash, key) {
  const prefix = `#${key}=`;
  return hash.startsWith(prefix) ? hash.slice(prefix.length) : null;
}

/**
 * The address of a link: `page` without its fragment, then `#<key>=<text>`.
 *
 * @param {string} page  the page's address, e.g. "https://example.org/ultima/?x=1#old"
 * @param {string} key  e.g. "game"
 * @param {string} text
 * @returns {string} e.g. "https://example.org/ultima/?x=1#game=AQAM…"
 */
export function fragmentUrl(page, key, text) {
  const url = new URL(page);
  url.hash = '';
  return `${url.href.replace(/#$/, '')}#${key}=${text}`;
}

/**
 * The link text in an address's fragment, if it is a game link.
 *
 * @param {string} hash  `location.hash`, e.g. "#game=AQAMAAAAq9o"
 * @returns {string | null} the text after `#game=`, e.g. "AQAMAAAAq9o"; null for another
 *   fragment or none
 */
export const linkText = (hash) => fragmentText(hash, LINK_KEY);

/**
 * The address of a game link: `page` without its fragment, then `#game=<text>`.
 *
 * @param {string} page  the page's address
 * @param {string} text  `Game.link()`'s text
 * @returns {string}
 */
export const gameUrl = (page, text) => fragmentUrl(page, LINK_KEY, text);

/**
 * How the game of a link stands to the game on the board:
 * - `same`: the same game (start, rules, moves);
 * - `ahead`: the link's game continues the board's (the opponent's answer to a game sent);
 * - `behind`: the board's game continues the link's (an older link of this game);
 * - `other`: another game.
 *
 * @typedef {'same' | 'ahead' | 'behind' | 'other'} Relation
 */

/**
 * @param {GameOutline} board  the game on the board
 * @param {GameOutline} link  the game of the link
 * @returns {Relation}
 */
export function relation(board, link) {
  if (board.start !== link.start || board.rules !== link.rules) return 'other';
  const shorter = Math.min(board.plies.length, link.plies.length);
  for (let i = 0; i < shorter; i++) if (board.plies[i]?.text !== link.plies[i]?.text) return 'other';
  if (board.plies.length === link.plies.length) return 'same';
  return link.plies.length > board.plies.length ? 'ahead' : 'behind';
}

/**
 * Whether two games part after moves in common: the same start, rules and first moves, then
 * each a move of its own — what one game becomes when two tabs move at once. (A game begun
 * anew, or taken back, is not: it shares no move, or is part of the other.)
 *
 * @param {GameOutline} mine
 * @param {GameOutline} theirs
 * @returns {boolean}
 */
export function forked(mine, theirs) {
  if (mine.start !== theirs.start || mine.rules !== theirs.rules) return false;
  let common = 0;
  while (common < Math.min(mine.plies.length, theirs.plies.length) && mine.plies[common]?.text === theirs.plies[common]?.text) common += 1;
  return common > 0 && mine.plies.length > common && theirs.plies.length > common;
}

/**
 * Whether taking the link's game onto the board would lose anything of the board's game: it has
 * moves, or has ended, and the link's game neither is it nor continues it; and it is not kept
 * elsewhere already (a game that ended by play on the page is in Your games).
 *
 * @param {GameOutline & { status: Pick<Status, 'kind'> }} board
 * @param {GameOutline} link
 * @param {boolean} [kept]  the board's game is kept in Your games already
 * @returns {boolean}
 */
export function wouldLose(board, link, kept = false) {
  if (kept) return false;
  const r = relation(board, link);
  return r !== 'same' && r !== 'ahead' && (board.plies.length > 0 || board.status.kind !== 'ongoing');
}

/**
 * A game in a few words: its length in moves (a move is White's and Black's, as "Your games"
 * counts them) and who is to move, or how it ended, e.g. "12 moves, White to move" or
 * "31 moves, Black wins by checkmate".
 *
 * @param {{ plies: ReadonlyArray<unknown>, turn: Side, status: Status }} snapshot
 * @returns {string}
 */
export function gameSize(snapshot) {
  const n = Math.ceil(snapshot.plies.length / 2);
  const moves = n === 0 ? 'no moves yet' : n === 1 ? '1 move' : `${n} moves`;
  if (snapshot.status.kind !== 'ongoing') return `${moves}, ${statusText(snapshot.status)}`;
  return `${moves}, ${sideName(snapshot.turn)} to move`;
}

/**
 * The header a draw offer travels in, in the record and so in the link: the number of plies the
 * game had when the offer was made, with the offerer's move. It stands until the other side
 * moves; an empty value, or a number the game has moved past, is no offer.
 */
export const DRAW_OFFER = 'DrawOffer';

/**
 * What this module reads of a game for a draw offer.
 *
 * @typedef {object} OfferOutline
 * @property {ReadonlyArray<readonly [string, string]>} headers
 * @property {ReadonlyArray<{ side: Side }>} plies
 * @property {Pick<Status, 'kind'>} status
 */

/**
 * The side that offers a draw in a game, if an offer stands: the side that made the last move,
 * with it, in a game still going on.
 *
 * @param {OfferOutline} game
 * @returns {Side | null}
 */
export function drawOffer(game) {
  const value = offerHeader(game);
  const last = game.plies.at(-1);
  if (!last || game.status.kind !== 'ongoing' || value !== String(game.plies.length)) return null;
  return last.side;
}

/**
 * Whether a game's draw offer went with a move taken back: its header names more plies than the
 * game has. Left, it would stand again once the game is back at that length, with another move.
 *
 * @param {Pick<OfferOutline, 'headers' | 'plies'>} game
 * @returns {boolean}
 */
export function offerTakenBack(game) {
  const value = offerHeader(game) ?? '';
  return value !== '' && Number(value) > game.plies.length;
}

/**
 * @param {Pick<OfferOutline, 'headers'>} game
 * @returns {string | undefined} its `DrawOffer` header's value, if it has one
 */
const offerHeader = (game) => game.headers.find(([name]) => name === DRAW_OFFER)?.[1];

/**
 * The `DrawOffer` header's value that makes the last mover offer a draw, or withdraws it.
 *
 * @param {Pick<OfferOutline, 'plies'>} game
 * @param {boolean} offered
 * @returns {string}
 */
export const drawOfferValue = (game, offered) => (offered ? String(game.plies.length) : '');

/** The address's query parameter that opens the trainer at a puzzle: `?puzzle=<id>`. */
export const PUZZLE_PARAM = 'puzzle';

/** Longer than any puzzle id (they are like "12-3-45"); a longer value names none. */
const MAX_ID = 40;

/**
 * The puzzle an address asks for, if any.
 *
 * @param {string} search  `location.search`, e.g. "?puzzle=1-1-102"
 * @returns {string | null} e.g. "1-1-102"; "" for the puzzles with none named (`?puzzle`,
 *   `?puzzle=`); null when the address asks for no puzzle
 */
export function puzzleAsked(search) {
  const id = new URLSearchParams(search).get(PUZZLE_PARAM);
  return id === null ? null : id.trim().slice(0, MAX_ID);
}

/**
 * The address of a puzzle: `page` without its fragment and any other puzzle, then `puzzle=<id>`
 * among its other parameters.
 *
 * @param {string} page  e.g. "https://example.org/ultima/?x=1#game=…"
 * @param {string} id
 * @returns {string} e.g. "https://example.org/ultima/?x=1&puzzle=1-1-102"
 */
export function puzzleUrl(page, id) {
  const url = new URL(page);
  url.hash = '';
  url.searchParams.set(PUZZLE_PARAM, id);
  return url.href;
}

/** The address's query parameter that opens a puzzle storm: `?storm`. */
export const STORM_PARAM = 'storm';

/**
 * Whether an address asks for a puzzle storm (`?storm`, with any value or none).
 *
 * @param {string} search  `location.search`
 * @returns {boolean}
 */
export const stormAsked = (search) => new URLSearchParams(search).has(STORM_PARAM);

/**
 * The address without a parameter (the others and the fragment kept), once what it asked for
 * was shown (a puzzle, a storm): a reload then shows the game.
 *
 * @param {string} page
 * @param {string} name  e.g. `PUZZLE_PARAM`
 * @returns {string}
 */
export function withoutParam(page, name) {
  const url = new URL(page);
  url.searchParams.delete(name);
  return url.href;
}
