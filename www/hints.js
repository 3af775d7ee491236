// Hints used, kept in the game's record: one header per side, `[WhiteHints "2"]` and
// `[BlackHints "1"]`, written through the wasm `Game.setHeader` (so the record carries them
// wherever it is copied, and a reload, undo or redo keeps them). A hint counts once per position
// the player asks about: the first press marks the piece to move, the second shows the move,
// and that is one hint. Pure functions only; searching.js presses the button.

/** @import { Side } from '../ultima-wasm.js' */

/**
 * @param {Side} side
 * @returns {string} the header that counts `side`'s hints, e.g. "WhiteHints"
 */
export const hintHeader = (side) => (side === 'white' ? 'WhiteHints' : 'BlackHints');

/**
 * The hints `side` used, from the record's headers (the snapshot's `headers`); 0 when the header
 * is missing or is not a whole number (a record edited by hand).
 *
 * @param {ReadonlyArray<readonly [string, string]>} headers
 * @param {Side} side
 * @returns {number}
 */
export function hintsUsed(headers, side) {
  const value = headers.find(([name]) => name === hintHeader(side))?.[1] ?? '';
  return /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : 0;
}

/**
 * The hints in words for the result banner, or "" when none were used.
 *
 * @param {ReadonlyArray<readonly [string, string]>} headers
 * @param {Side | null} player  the side played against the computer, or null for two players
 * @returns {string} e.g. "Hints used: 2", or "Hints used: White 1, Black 0"
 */
export function hintWords(headers, player) {
  const white = hintsUsed(headers, 'white');
  const black = hintsUsed(headers, 'black');
  if (player !== null) {
    const mine = hintsUsed(headers, player);
    return mine > 0 ? `Hints used: ${mine}` : '';
  }
  return white + black > 0 ? `Hints used: White ${white}, Black ${black}` : '';
}
