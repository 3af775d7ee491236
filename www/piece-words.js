// The game page's piece line, under the status: the piece last pointed at or picked up, named,
// with how it moves and captures. A newcomer cannot tell Ultima's pieces apart (the chess set's
// Knight is the Long Leaper, its upturned Rook the Immobilizer), and a piece picked up that
// cannot move showed nothing at all. The line keeps the last piece until another comes, so that
// it neither flickers as the pointer crosses empty squares nor empties after a tap; until the
// first, it says how to get one. It follows its piece when that piece moves, and gives way to
// the hint when the piece is taken or the position shown changes under it. A finger's first tap
// on a capture (which shows what it takes) says that a second tap plays it. Screen readers hear
// the board's own words instead (the line is hidden from them).

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
  /** @type {{ square: string, piece: string } | null} the piece the line names */
  let named = null;
  /** @type {{ square: string | null, piece: string, frozen: boolean }} the square pointed at last */
  let pointed = { square: null, piece: '', frozen: false };

  /**
   * @param {string | null} square
   * @param {string} piece
   * @param {{ frozen?: boolean, moves?: import('../ultima-wasm.js').MoveInfo[] | null }} [how]
   */
  const show = (square, piece, how) => {
    named = square === null || piece === '' ? null : { square, piece };
    if (!named) line.replaceChildren(make('span', { class: 'piece-words-hint' }, PIECE_WORDS_HINT));
    else {
      const said = pieceLine(piece, named.square, how);
      line.replaceChildren(make('strong', {}, said.name), ` ${said.words}`);
    }
  };
  show(null, '');

  embed.on('hover', (detail) => {
    pointed = detail;
    // A piece picked up keeps the line (its moves, or why it has none) until it is put down.
    if (detail.square !== null && detail.piece !== '' && embed.selection().square === null) show(detail.square, detail.piece, { frozen: detail.frozen });
  });
  embed.on('select', ({ square, moves, previewing }) => {
    if (previewing !== undefined && square !== null) {
      // A first tap on a capture shows what it takes, and nothing said that a second tap plays
      // it. The piece stays the one named: the line follows it when it moves.
      named = { square, piece: embed.snapshot().pieces[squareIndex(square)] ?? '' };
      line.replaceChildren(make('strong', {}, `Tap ${previewing} again`), ' to play the move whose captures are marked, or tap another square.');
      return;
    }
    if (square === null) {
      // Put down by a press on another piece (a finger's tap on the other side's, which has no
      // hover to be named by first): that piece; else the piece named, its words again in place
      // of a tap's.
      if (pointed.square !== null && pointed.piece !== '' && pointed.square !== named?.square) show(pointed.square, pointed.piece, { frozen: pointed.frozen });
      else if (named) show(named.square, named.piece, { frozen: embed.snapshot().frozen.includes(named.square) });
      return;
    }
    const snapshot = embed.snapshot();
    const piece = snapshot.pieces[squareIndex(square)] ?? '';
    // Picked up on the other side's turn (a premove): it has no moves now, which says nothing.
    const itsTurn = (piece === piece.toUpperCase()) === (snapshot.turn === 'white');
    show(square, piece, { frozen: snapshot.frozen.includes(square), moves: itsTurn ? moves : null });
  });
  // The piece named moved: the line goes with it. Taken, or another game: the hint again.
  embed.on('move', ({ from, to }) => {
    if (!named) return;
    const snapshot = embed.snapshot();
    const square = named.square === from ? to : named.square;
    const piece = square === null ? '' : (snapshot.pieces[squareIndex(square)] ?? '');
    show(piece === named.piece ? square : null, piece, { frozen: square !== null && snapshot.frozen.includes(square) });
  });
  // Any other change (a takeback, another game): the piece named, if it is still there.
  embed.on('change', ({ snapshot, newGame }) => {
    if (named && (newGame || snapshot.pieces[squareIndex(named.square)] !== named.piece)) show(null, '');
  });
  // Another position shown (stepping through the game): what stood on the square may not.
  embed.on('view', () => show(null, ''));
}
