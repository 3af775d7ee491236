// The board drawn at once, before the wasm has loaded: a still picture of a position given as 64
// letters (the standard start, a constant here, or the saved game's position, stored with it),
// painted by the same renderer as the real board, in the place and at the size the real board
// will take. It takes no input; the real board replaces it when it is ready.

import { watchCanvas } from './canvas.js';
import { render } from './render.js';
import { make } from './util.js';

/** @import { BoardState, PieceSet, Theme } from './state.js' */
/** @import { Side } from '../ultima-wasm.js' */

/**
 * The standard start (the "rotated" setup, clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC) as 64
 * letters, a1 first, "." for an empty square: data to draw, not a rule (e2e/arrival.test.mjs
 * checks it against the wasm's start, pixel for pixel).
 */
export const START_PIECES = `ILXKWXLCPPPPPPPP${'.'.repeat(32)}ppppppppclxwkxli`;

/**
 * What the placeholder looks like.
 *
 * @typedef {object} StillLook
 * @property {Side} orientation
 * @property {PieceSet} pieceSet
 * @property {Theme} theme
 * @property {boolean} [coordinates]  the files and ranks on the edge (by default, as a board)
 */

/**
 * The picture of a position with no marks: what a board shows of it before anything happens.
 *
 * @param {string} pieces 64 letters or ".", a1 first
 * @param {StillLook} look
 * @returns {BoardState}
 */
export function stillPicture(pieces, look) {
  return {
    pieces: [...pieces.padEnd(64, '.').slice(0, 64)].map((letter) => (letter === '.' ? '' : letter)),
    orientation: look.orientation,
    pieceSet: look.pieceSet,
    theme: look.theme,
    coordinates: look.coordinates ?? true,
    selected: null,
    dests: [],
    pointed: null,
    preview: [],
    lastMove: null,
    arrow: null,
    alternatives: [],
    threat: null,
    frozen: [],
    check: null,
    checkers: [],
    threatened: [],
    focus: 27,
    showFocus: false,
    drag: null,
    fade: null,
    slide: null,
    premove: null,
    hintPiece: null,
    glyph: null,
    shapes: [],
  };
}

/**
 * The position drawn until the board is up.
 *
 * @typedef {object} Placeholder
 * @property {() => void} remove  takes it away (the board has come)
 * @property {(orientation: Side) => void} turn  draws it from `orientation`'s side
 */

/**
 * Draws `pieces` over `host` (the element the real board will fill) until `remove` is called.
 * Marks `ultima:board-drawn` in the Performance timeline when first painted, or, when the real
 * board came before the placeholder's first frame, in the frame the real board is painted.
 *
 * @param {HTMLElement} host
 * @param {string} pieces 64 letters or ".", a1 first; "" for the empty board
 * @param {StillLook} look
 * @returns {Placeholder}
 */
export function showPlaceholder(host, pieces, look) {
  const canvas = make('canvas', { class: 'board-placeholder', 'aria-hidden': 'true' });
  host.prepend(canvas);
  const ctx = canvas.getContext('2d');
  if (!ctx) return { remove: () => canvas.remove(), turn: () => undefined };
  let picture = stillPicture(pieces, look);
  let painted = false;
  const view = watchCanvas(canvas, () => {
    render(ctx, picture);
    if (painted) return;
    painted = true;
    canvas.dataset.painted = 'true';
    performance.mark('ultima:board-drawn');
  });
  return {
    // The side chosen in the welcome before the board is up: the real board comes that way.
    turn(orientation) {
      picture = stillPicture(pieces, { ...look, orientation });
      view.redraw();
    },
    remove() {
      view.stop();
      canvas.remove();
      // The real board's canvas paints in the next frame.
      if (!painted) requestAnimationFrame(() => performance.mark('ultima:board-drawn'));
      painted = true;
    },
  };
}
