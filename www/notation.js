// Words for what the snapshot reports: a move as a screen reader hears it, and how a game
// stands. The snapshot carries the facts (which piece moved, what it captured, the status as a
// tag); this module only puts them into English, so no page ever reads Rust's text to learn a
// result.

import { ROLE_NAMES } from './pieces.js';

/** @import { PlyInfo, Side, Status } from '../ultima-wasm.js' */

/**
 * @param {string} letter e.g. "L" or "p"
 * @returns {string} e.g. "white Long Leaper" or "black Pawn"
 */
export function pieceName(letter) {
  const upper = letter.toUpperCase();
  const side = letter === upper ? 'white' : 'black';
  return `${side} ${ROLE_NAMES[/** @type {keyof typeof ROLE_NAMES} */ (upper)] ?? upper}`;
}

/**
 * A move in words, for the live region: "white Long Leaper a1 to a6, captures black Pawn on a2
 * and black Pawn on a5. La1-a6 xa2 xa5".
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export function describeMove(ply) {
  const mover = pieceName(ply.piece);
  const what = ply.to === null ? `${mover} on ${ply.from} removed (suicide)` : `${mover} ${ply.from} to ${ply.to}`;
  const taken = ply.captures.map((square, i) => `${pieceName(ply.captured[i] ?? '?')} on ${square}`);
  const text = taken.length ? `${what}, captures ${taken.join(' and ')}` : what;
  return `${text}. ${ply.display}`;
}

/** @param {Side} side */
const name = (side) => (side === 'white' ? 'White' : 'Black');

/**
 * How a finished game ended, in words.
 *
 * @param {Status} status
 * @returns {string} e.g. "Black wins by checkmate", "Draw: only the two Kings are left"; "" for
 *   a game that goes on
 */
export function statusText(status) {
  const { kind, winner } = status;
  if (kind === 'ongoing') return '';
  if (winner === null) {
    /** @type {Record<string, string>} */
    const draws = {
      repetition: 'Draw by threefold repetition',
      move_limit: 'Draw: 100 plies without a capture',
      bare_kings: 'Draw: only the two Kings are left',
      agreement: 'Draw by agreement',
    };
    return draws[kind] ?? 'Draw';
  }
  const loser = winner === 'white' ? 'Black' : 'White';
  /** @type {Record<string, string>} */
  const wins = {
    checkmate: 'by checkmate',
    stalemate: `by stalemate (${loser} has no legal move)`,
    king_captured: 'by capturing the King',
    resignation: 'by resignation',
  };
  return `${name(winner)} wins ${wins[kind] ?? ''}`.trim();
}
