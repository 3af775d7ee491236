// A newcomer who has taken every piece but the King often does not know how to finish: the King
// runs, and the game drags on. In Ultima a side that cannot move loses (RULES.md §4: stalemate
// wins), so a King frozen by an Immobilizer, or walled in, has lost as surely as one captured.
// The game page says so once a game, when one side is down to its King and the other is not.

import { otherSide, sideName } from './notation.js';

/** @import { Side } from '../ultima-wasm.js' */

/**
 * What to tell the player when the other side has only its King left.
 *
 * @param {readonly string[]} pieces  the position, 64 letters or "" (a snapshot's `pieces`)
 * @param {Side | null} player  the side the page's player plays (null: both, at one board)
 * @param {string} rules  the game's rule options (a snapshot's `rules`): whether 100 plies without
 *   a capture draw
 * @returns {string | null} the words, or null when no side is down to a lone King against more,
 *   or it is the player's own
 */
export function loneKingWords(pieces, player, rules) {
  /** @type {Record<Side, { others: number, immobilizer: boolean }>} */
  const sides = { white: { others: 0, immobilizer: false }, black: { others: 0, immobilizer: false } };
  for (const letter of pieces) {
    if (!letter) continue;
    const role = letter.toUpperCase();
    const side = sides[letter === role ? 'white' : 'black'];
    if (role !== 'K') side.others += 1;
    if (role === 'I') side.immobilizer = true;
  }
  /** @type {Side[]} */
  const both = ['white', 'black'];
  const lone = both.find((side) => sides[side].others === 0 && sides[otherSide(side)].others > 0);
  if (lone === undefined || lone === player) return null;
  const winner = sides[otherSide(lone)];
  const freeze = winner.immobilizer ? ` (${player === null ? 'an' : 'your'} Immobilizer beside it does that)` : '';
  const limit = rules.split(',').includes('no_move_limit_draw') ? '' : ' Within 50 moves of the last capture, or the game is drawn.';
  return `${sideName(lone)} has only its King left: capture it, or leave it no legal move, which wins too${freeze}.${limit}`;
}

/**
 * Says `loneKingWords` through `say` the first time they apply in a game (again in the next
 * game), and takes them back through `unsay` when the game ends (the result says the rest).
 *
 * @param {import('./embed.js').EmbedHandle} embed
 * @param {() => Side | null} player
 * @param {(text: string) => void} say
 * @param {(text: string) => void} unsay
 */
export function wireLoneKing(embed, player, say, unsay) {
  /** @type {string | null} the words said in this game */
  let said = null;
  embed.on('change', ({ snapshot, newGame }) => {
    if (newGame) said = null;
    if (snapshot.status.kind !== 'ongoing') {
      if (said !== null) unsay(said);
      return;
    }
    if (said !== null) return;
    said = loneKingWords(snapshot.pieces, player(), snapshot.rules);
    if (said !== null) say(said);
  });
}
