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

/**
 * A finished game for the result banner: a headline (who won, from the player's side when one
 * side is played by the computer) and one line saying why, with the sides named.
 *
 * @param {Status} status  of a finished game
 * @param {Side | null} [player]  the side the person plays against the computer; null for two
 *   players on one device
 * @returns {{ headline: string, reason: string }} e.g. { headline: "You win", reason:
 *   "Stalemate: Black has no legal move. In Ultima that is a win for White, the side that
 *   stalemated, not a draw." }; empty strings for a game that goes on
 */
export function resultWords(status, player = null) {
  const { kind, winner } = status;
  if (kind === 'ongoing') return { headline: '', reason: '' };
  /** @type {Record<string, string>} */
  const draws = {
    repetition: 'The same position came up three times, with the same side to move.',
    move_limit: '100 plies (50 moves each) went by without a capture or a suicide.',
    bare_kings: 'Only the two Kings are left: neither side can win.',
    agreement: 'The players agreed to a draw.',
  };
  if (winner === null) return { headline: 'Draw', reason: draws[kind] ?? 'The game is drawn.' };
  const won = name(winner);
  const lost = winner === 'white' ? 'Black' : 'White';
  const headline = player === null ? `${won} wins` : player === winner ? 'You win' : 'The computer wins';
  /** @type {Record<string, string>} */
  const reasons = {
    checkmate: `Checkmate: ${lost}'s King is in check and ${lost} has no move that answers it.`,
    stalemate: `Stalemate: ${lost} has no legal move. In Ultima that is a win for ${won}, the side that stalemated, not a draw.`,
    king_captured: `${won} captured ${lost}'s King.`,
    resignation: `${lost} resigned.`,
  };
  return { headline, reason: reasons[kind] ?? `${won} wins.` };
}
