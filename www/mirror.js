// The board for screen readers: a visually hidden grid mirroring the canvas, each cell labelled
// with its square, piece and "frozen", plus a live region that announces each move. The canvas
// alone says nothing to assistive technology.

import { listWords, pieceName } from './notation.js';
import { make, squareAt, squareIndex, squareName } from './util.js';

/** @import { BoardState, LastMove } from './state.js' */

/**
 * @typedef {object} Mirror
 * @property {HTMLElement} grid  role=grid; data-selected, data-dests and data-preview hold square
 *   names (space separated), data-arrow the move drawn as an arrow ("c2-c5"), data-alternatives
 *   the fainter arrows beside it ("a2-a4 d2-d5"), data-premove the
 *   queued premove ("b2-b5"), data-hint-piece the square of the piece a hint says to move,
 *   data-glyph the last move's assessment and its square ("g4 ??"), so tests and tools
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
      // Written only where they change: the board updates at every move of a dragged piece, and
      // each attribute written is work for the accessibility tree (a screen reader's too).
      cells.forEach((cell, i) => {
        const square = squareAt(i & 7, i >> 3, state.orientation);
        setChanged(cell, 'data-square', squareName(square));
        setChanged(cell, 'aria-label', cellLabel(state, square));
        setChanged(cell, 'aria-selected', String(state.selected === square));
      });
      for (const [name, value] of Object.entries(gridData(state))) if (grid.dataset[name] !== value) grid.dataset[name] = value;
    },
    announce(text) {
      // A fresh node per message, so that repeating a message is announced again; the last few
      // stay, so that messages in quick succession (the computer's move, then a premove played
      // in answer) are all read.
      live.append(make('p', {}, text));
      while (live.childElementCount > 3) live.firstElementChild?.remove();
    },
    remove() {
      grid.remove();
      live.remove();
    },
  };
}

/**
 * @param {Element} element
 * @param {string} name
 * @param {string} value
 */
function setChanged(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * What a screen reader hears of a square, e.g. "d4, black Immobilizer, frozen" (and
 * "threatened" when the threatened pieces are marked).
 *
 * @param {BoardState} state
 * @param {number} square index, a1=0 … h8=63
 * @returns {string}
 */
export function cellLabel(state, square) {
  const letter = state.pieces[square] ?? '';
  const name = squareName(square);
  const parts = [name];
  if (letter) parts.push(pieceName(letter));
  if (state.frozen.includes(square)) parts.push('frozen');
  if (state.check === square) parts.push('in check');
  else if (state.threatened.includes(square)) parts.push('threatened');
  if (state.preview.includes(square)) parts.push('would be captured');
  // Where the piece picked up may go, with what a move there takes (several moves may end
  // there, taking differently: all they take is said).
  const there = state.dests.filter((move) => move.to === name);
  if (there.length > 0) {
    const taken = [...new Set(there.flatMap((move) => move.captures))];
    parts.push(taken.length ? `legal move, capturing ${listWords(taken)}` : 'legal move');
  }
  return parts.join(', ');
}

/**
 * The grid's data attributes: what the canvas shows, as square names, for tests and tools.
 *
 * @param {BoardState} state
 * @returns {{ selected: string, dests: string, preview: string, frozen: string, threatened: string, focus: string, arrow: string, alternatives: string, threat: string, premove: string, hintPiece: string, glyph: string }}
 */
export function gridData(state) {
  const names = (/** @type {readonly number[]} */ list) => list.map(squareName).join(' ');
  return {
    selected: state.selected === null ? '' : squareName(state.selected),
    dests: state.dests.map((m) => m.to ?? '').filter(Boolean).join(' '),
    preview: names(state.preview),
    frozen: names(state.frozen),
    threatened: names(state.threatened),
    focus: squareName(state.focus),
    arrow: moveName(state.arrow),
    alternatives: state.alternatives.map(moveName).join(' '),
    threat: moveName(state.threat),
    premove: state.premove && state.premove.to !== null ? `${squareName(state.premove.from)}-${squareName(state.premove.to)}` : '',
    hintPiece: state.hintPiece === null ? '' : squareName(state.hintPiece),
    glyph: state.glyph === null ? '' : `${squareName(state.glyph.square)} ${state.glyph.text}`,
  };
}

/**
 * An arrow's squares, e.g. "b2-b5" ("e4-" for a suicide's ring), or "" for none.
 *
 * @param {LastMove | null} move
 * @returns {string}
 */
function moveName(move) {
  return move ? `${squareName(move.from)}-${move.to === null ? '' : squareName(move.to)}` : '';
}
