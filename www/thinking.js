// The optional view of the computer's thinking: after each completed iteration of a search (the
// computer's move or a hint), the depth reached, the score, the nodes searched and the principal
// variation, the line of play the engine expects. It keeps the last search's figures until the
// next search or a new game, so the player can read what the computer thought of its move.

import { sideName } from './notation.js';
import { make } from './util.js';

/** @import { AiProgress, Side } from '../ultima-wasm.js' */

/**
 * @typedef {object} ThinkingView
 * @property {(title: string, side: Side) => void} start  a search for `side` begins, e.g.
 *   ("Computer, playing Black", "black") or ("Hint for White", "white")
 * @property {(progress: AiProgress) => void} show  an iteration completed
 * @property {() => void} done  the search ended (its figures stay)
 * @property {() => void} clear  nothing to show (a new game)
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
 * @returns {ThinkingView}
 */
export function createThinking(element) {
  let title = '';
  /** @type {Side} */
  let side = 'white';
  let running = false;
  /** @type {AiProgress | null} */
  let last = null;

  const draw = () => {
    const name = sideName(side);
    if (!title) {
      element.replaceChildren(make('p', {}, 'The computer has not searched in this game yet.'));
      return;
    }
    const heading = running ? `${title} — thinking…` : title;
    if (!last) {
      element.replaceChildren(make('p', { class: 'thinking-head' }, heading));
      return;
    }
    const figures = make('p', { class: 'thinking-figures' });
    figures.append(
      make('span', { 'data-depth': String(last.depth) }, `depth ${last.depth}`),
      ' · ',
      make('span', { 'data-score': last.score }, `score ${last.score} for ${name}`),
      ' · ',
      make('span', {}, `${count(last.nodes)} nodes`),
    );
    const line = make('p', { class: 'thinking-line' });
    line.append('Expected line: ', make('span', { class: 'thinking-pv' }, last.pv.join(' ')));
    element.replaceChildren(make('p', { class: 'thinking-head' }, heading), figures, line);
  };
  draw();

  return {
    start(name, mover) {
      title = name;
      side = mover;
      running = true;
      last = null;
      draw();
    },
    show(progress) {
      last = progress;
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
  };
}
