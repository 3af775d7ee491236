// The optional view of the computer's thinking: after each completed iteration of a search (the
// computer's move or a hint), the depth reached, the score, the nodes searched and the principal
// variation, the line of play the engine expects. It keeps the last search's figures until the
// next search or a new game, so the player can read what the computer thought of its move. The
// score is White's view and the line is numbered and drawn in the piece set's figurines, as the
// analysis board writes its engine lines: the same figures read the same way on both.

import { scoreText, scoreWords } from './evaluation.js';
import { figuredMove } from './movelist.js';
import { make } from './util.js';
import { numberLabel } from './variations.js';

/** @import { PlyInfo, Score } from '../ultima-wasm.js' */
/** @import { PieceSet } from './state.js' */

/**
 * What the view shows of one completed iteration.
 *
 * @typedef {object} ThinkingFigures
 * @property {number} depth  in plies
 * @property {Score} white  the score from White's point of view
 * @property {number} nodes  searched so far
 * @property {PlyInfo[]} plies  the expected line's first moves
 */

/**
 * @typedef {object} ThinkingView
 * @property {(title: string) => void} start  a search begins, e.g. "Computer, playing Black" or
 *   "Hint for White"
 * @property {(figures: ThinkingFigures) => void} show  an iteration completed
 * @property {() => void} done  the search ended (its figures stay)
 * @property {() => void} clear  nothing to show (a new game)
 * @property {() => void} redraw  the piece set changed
 */

/**
 * @param {number} nodes
 * @returns {string} e.g. "12,345"
 */
const count = (nodes) => Math.round(nodes).toLocaleString('en');

/**
 * Fills `element` with the figures of the current or last search.
 *
 * @param {HTMLElement} element
 * @param {() => PieceSet} pieceSet  the set the line's figurines are drawn in
 * @returns {ThinkingView}
 */
export function createThinking(element, pieceSet) {
  let title = '';
  let running = false;
  /** @type {ThinkingFigures | null} */
  let last = null;

  // Always the same three lines, the expected line two of them at most (style.css): the box
  // stays one height through a search, and the game's buttons under it stay where they are (it
  // grew a line each time the expected line wrapped once more, several times a search).
  const draw = () => {
    const head = title ? make('p', { class: 'thinking-head' }, running ? `${title} — thinking…` : title) : make('p', {}, 'No search yet in this game.');
    const figures = make('p', { class: 'thinking-figures' });
    const line = make('p', { class: 'thinking-line' });
    element.replaceChildren(head, figures, line);
    if (!title || !last) return;
    const words = scoreWords(last.white);
    figures.append(
      make('span', { 'data-depth': String(last.depth) }, `depth ${last.depth}`),
      ' · ',
      make('span', { class: 'thinking-score', 'data-score': scoreText(last.white), title: words }, scoreText(last.white)),
      make('span', { class: 'visually-hidden' }, ` (${words})`),
      ' · ',
      make('span', {}, `${count(last.nodes)} nodes`),
    );
    const moves = make('span', { class: 'thinking-pv' });
    const set = pieceSet();
    last.plies.forEach((ply, i) => {
      // A move keeps its number ("12…", "13.") on its line; the line wraps between moves.
      const move = make('span', { class: 'thinking-move' });
      const label = numberLabel(ply, i === 0);
      if (label) move.append(make('span', { class: 'thinking-number' }, label), ' ');
      move.append(figuredMove(ply, set));
      moves.append(...(i > 0 ? [' ', move] : [move]));
    });
    line.append('Expected line: ', moves);
  };
  draw();

  return {
    start(name) {
      title = name;
      running = true;
      last = null;
      draw();
    },
    show(figures) {
      last = figures;
      draw();
    },
    done() {
      running = false;
      draw();
    },
    clear() {
      title = '';
      running = false;
      last = null;
      draw();
    },
    redraw: draw,
  };
}
