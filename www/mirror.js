// The board for screen readers: a visually hidden grid mirroring the canvas, each cell labelled
// with its square, piece and "frozen", plus a live region that announces each move. The canvas
// alone says nothing to assistive technology.

import { ROLE_NAMES } from './pieces.js';
import { make, squareAt, squareIndex, squareName } from './util.js';

/** @import { BoardState } from './state.js' */

/**
 * @typedef {object} Mirror
 * @property {HTMLElement} grid  role=grid; data-selected, data-dests and data-preview hold square
 *   names (space separated), data-arrow the move drawn as an arrow ("c2-c5"), so tests and tools
 *   can read what the canvas shows
 * @property {(state: BoardState) => void} update  relabels the cells from the state
 * @property {(text: string) => void} announce  says `text` through the live region
 * @property {() => void} remove
 */

/**
 * @param {HTMLElement} parent
 * @param {(square: number) => void} activate called when a cell is clicked (screen reader users
 *   "click" a cell to pick up or drop a piece)
 * @returns {Mirror}
 */
export function createMirror(parent, activate) {
  const grid = make('div', { role: 'grid', 'aria-label': 'Board', class: 'visually-hidden ultima-mirror' });
  const live = make('div', { role: 'log', 'aria-live': 'polite', class: 'visually-hidden ultima-live' });
  /** @type {HTMLElement[]} */
  const cells = [];
  for (let row = 0; row < 8; row++) {
    const line = make('div', { role: 'row' });
    for (let column = 0; column < 8; column++) {
      const cell = make('div', { role: 'gridcell', tabindex: '-1' });
      cell.addEventListener('click', () => {
        const square = cell.dataset.square;
        if (square) activate(squareIndex(square));
      });
      cells.push(cell);
      line.append(cell);
    }
    grid.append(line);
  }
  parent.append(grid, live);
  return {
    grid,
    update(state) {
      cells.forEach((cell, i) => {
        const square = squareAt(i & 7, i >> 3, state.orientation);
        const name = squareName(square);
        const letter = state.pieces[square] ?? '';
        const parts = [name];
        if (letter) parts.push(pieceName(letter));
        if (state.frozen.includes(square)) parts.push('frozen');
        if (state.check === square) parts.push('in check');
        if (state.preview.includes(square)) parts.push('would be captured');
        cell.dataset.square = name;
        cell.setAttribute('aria-label', parts.join(', '));
        cell.setAttribute('aria-selected', String(state.selected === square));
      });
      const names = (/** @type {number[]} */ list) => list.map(squareName).join(' ');
      grid.dataset.selected = state.selected === null ? '' : squareName(state.selected);
      grid.dataset.dests = state.dests.map((m) => m.to ?? '').filter(Boolean).join(' ');
      grid.dataset.preview = names(state.preview);
      grid.dataset.frozen = names(state.frozen);
      grid.dataset.focus = squareName(state.focus);
      grid.dataset.arrow = state.arrow ? `${squareName(state.arrow.from)}-${state.arrow.to === null ? '' : squareName(state.arrow.to)}` : '';
    },
    announce(text) {
      // A fresh node per message, so that repeating a message is announced again.
      live.replaceChildren(make('p', {}, text));
    },
    remove() {
      grid.remove();
      live.remove();
    },
  };
}

/**
 * @param {string} letter e.g. "L" or "p"
 * @returns {string} e.g. "white Long Leaper" or "black Pawn"
 */
export function pieceName(letter) {
  const upper = letter.toUpperCase();
  const side = letter === upper ? 'white' : 'black';
  return `${side} ${ROLE_NAMES[/** @type {keyof typeof ROLE_NAMES} */ (upper)] ?? upper}`;
}
