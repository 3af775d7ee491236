// The game page's piece line, under the status: the piece last pointed at or picked up, named,
// with how it moves and captures. A newcomer cannot tell Ultima's pieces apart (the chess set's
// Knight is the Long Leaper, its upturned Rook the Immobilizer), and a piece picked up that
// cannot move showed nothing at all. The line keeps the last piece until another comes, so that
// it neither flickers as the pointer crosses empty squares nor empties after a tap; until the
// first, it says how to get one. Screen readers hear the board's own words instead (hidden).

import { make, squareIndex } from './util.js';
import { pieceLine } from './notation.js';

/** @import { EmbedHandle } from './embed.js' */

/** What the line says before a piece has been pointed at or picked up. */
export const PIECE_WORDS_HINT = 'Point at a piece, or pick one up, for how it moves and captures.';

/**
 * Fills `line` from the board's pointing and picking up.
 *
 * @param {EmbedHandle} embed
 * @param {HTMLElement} line
 */
export function wirePieceWords(embed, line) {
  /** @param {{ name: string, words: string } | null} said */
  const show = (said) => {
    if (!said) line.replaceChildren(make('span', { class: 'piece-words-hint' }, PIECE_WORDS_HINT));
    else line.replaceChildren(make('strong', {}, said.name), ` ${said.words}`);
  };
  show(null);
  embed.on('hover', ({ square, piece, frozen }) => {
    if (square !== null && piece !== '' && embed.selection().square === null) show(pieceLine(piece, square, { frozen }));
  });
  embed.on('select', ({ square, moves }) => {
    if (square === null) return;
    const snapshot = embed.snapshot();
    const piece = snapshot.pieces[squareIndex(square)] ?? '';
    if (piece) show(pieceLine(piece, square, { frozen: snapshot.frozen.includes(square), moves }));
  });
  // Another game: the pieces said may be gone.
  embed.on('change', ({ newGame }) => {
    if (newGame) show(null);
  });
}
