// The rules help panel: each piece's move and capture in a sentence, the legend of the current
// piece set, and a small live diagram per capture, drawn by the same board code (`mount`).

import { renderLegend } from './legend.js';
import { make } from './util.js';
import { mount } from './board.js';

/** @import { PieceSet } from './state.js' */
/** @import { BoardHandle } from './board.js' */

/** Each piece, how it captures, and a position plus move that shows it. */
const PIECES = [
  ['King', 'Moves one square in any direction and captures by stepping onto an enemy piece.', '4k3/8/8/8/3p4/3K4/8/8 w', 'd3-d4'],
  ['Withdrawer', 'Moves like a queen; captures the enemy piece it stands next to by moving directly away from it.', '4k3/8/8/8/3pW3/8/8/3K4 w', 'e4-h4'],
  ['Coordinator', 'Moves like a queen; captures the enemies on the two other corners of the rectangle it forms with its own King.', '4k3/8/1p6/8/8/8/8/1K4C1 w', 'g1-g6'],
  ['Immobilizer', 'Moves like a queen; never captures, but freezes every enemy piece next to it.', '4k3/8/8/8/3w4/8/8/I6K w', 'a1-c3'],
  ['Long Leaper', 'Moves like a queen; leaps over enemy pieces, each followed by an empty square, and takes them all.', '4k3/8/8/p7/8/8/p7/L3K3 w', 'a1-a6'],
  ['Chameleon', 'Moves like a queen; captures each kind of enemy piece the way that piece captures.', '4k3/8/8/8/3wX3/8/8/3K4 w', 'e4-h4'],
  ['Pawn', 'Moves like a rook; captures by pinching an enemy piece between itself and a friendly piece.', '4k3/8/8/8/8/2pP4/8/1P1K4 w', 'b1-b3'],
];

/**
 * Fills the help panel; diagrams are mounted the first time the panel opens.
 *
 * @param {HTMLDetailsElement} panel
 * @param {HTMLElement} legend
 * @param {HTMLElement} text
 * @param {() => PieceSet} pieceSet
 * @returns {(set: PieceSet) => void} redraws legend and diagrams in another piece set
 */
export function setUpHelp(panel, legend, text, pieceSet) {
  renderLegend(legend, pieceSet());
  /** @type {BoardHandle[]} */
  const diagrams = [];
  /** @type {HTMLElement[]} */
  const hosts = [];
  text.append(make('p', {}, 'Pieces move like a chess queen (Pawns like a rook, the King one step). A frozen piece cannot move, but its owner may remove it. A player with no legal move loses.'));
  for (const [name, words] of PIECES) {
    const item = make('section', { class: 'help-piece' });
    const host = make('div', { class: 'help-diagram', 'aria-hidden': 'true' });
    hosts.push(host);
    item.append(make('h3', {}, name ?? ''), make('p', {}, words ?? ''), host);
    text.append(item);
  }
  panel.addEventListener('toggle', () => {
    if (!panel.open || diagrams.length) return;
    PIECES.forEach(([, , position, move], i) => {
      const host = hosts[i];
      if (!host || !position || !move) return;
      try {
        const board = mount(host, { position, movable: 'none', coordinates: false, pieceSet: pieceSet(), animation: false });
        board.play(move);
        diagrams.push(board);
      } catch (error) {
        host.textContent = `(diagram unavailable: ${error instanceof Error ? error.message : String(error)})`;
      }
    });
  });
  return (set) => {
    legend.replaceChildren();
    renderLegend(legend, set);
    for (const board of diagrams) board.set({ pieceSet: set });
  };
}
