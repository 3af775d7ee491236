// The board on the page: one canvas painted from the state, the accessible mirror beside it,
// pointer and keyboard input, and the move animation. It knows no rule and calls no wasm: it draws
// the state it is given (`draw`) and hands what the player does to the controller (embed.js),
// which owns the state and the game.

import { watchCanvas } from './canvas.js';
import { bindInput } from './input.js';
import { createMirror } from './mirror.js';
import { render } from './render.js';
import { createSpinner } from './spinner.js';
import { cursorAt, picture } from './state.js';
import { make, screenOf, squareAtPoint, squareIndex, squareName } from './util.js';

/** @import { PlyInfo, Side } from '../ultima-wasm.js' */
/** @import { InputActions } from './input.js' */
/** @import { State } from './state.js' */

/**
 * What the player does on the board, in squares (a1=0 … h8=63): the input actions without the
 * geometry, which the board knows itself. `hover` is told after the board has set its cursor.
 *
 * @typedef {Omit<InputActions, 'squareAt' | 'canvasPoint'>} Intents
 */

/**
 * @typedef {object} BoardView
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} root  the board's element: the canvas and the mirror
 * @property {(state: State) => void} draw  shows `state` (painted on the next frame)
 * @property {(state: State, ply: PlyInfo, slide: boolean) => void} animate  slides the moved
 *   piece (unless `slide` is false: a dragged piece is there already) and fades the captured ones
 * @property {(text: string) => void} announce  says `text` through the live region
 * @property {(label: string | null, keys?: string) => void} name  names the board for screen
 *   readers (the canvas and the mirror's grid), so that boards on one page are told apart; null:
 *   "Board"; `keys`: what the keys do on it, said after the canvas's name (by default, moving
 *   pieces: `MOVE_KEYS`; "" for a board that takes no keys)
 * @property {() => { left: number, top: number, size: number, orientation: Side }} geometry  the
 *   board's square in viewport CSS pixels
 * @property {(name: string) => { x: number, y: number }} squareCenter  a square's centre in
 *   viewport CSS pixels, e.g. for "e4"
 * @property {() => void} destroy  removes the board and its listeners
 */

/** What the keys do on a board whose pieces move, said in the canvas's name. */
export const MOVE_KEYS = 'arrow keys move the focus square, Enter or Space picks up and drops a piece, Escape cancels';

/** How long a move's animation lasts, in milliseconds. */
const ANIMATION_MS = 250;

/**
 * Creates a board in `element`.
 *
 * @param {HTMLElement} element
 * @param {State} initial  the state drawn first
 * @param {Intents} intents
 * @returns {BoardView}
 */
export function createBoard(element, initial, intents) {
  let state = initial;
  const root = make('div', { class: 'ultima-board' });
  const canvas = make('canvas', { tabindex: '0' });
  root.append(canvas);
  element.append(root);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  const mirror = createMirror(root, (square) => intents.press(square, false));
  /** @param {string | null} label @param {string} [keys] */
  const name = (label, keys = MOVE_KEYS) => {
    canvas.setAttribute('aria-label', `${label ?? 'Ultima board'}${keys && `: ${keys}`}`);
    mirror.grid.setAttribute('aria-label', label ?? 'Board');
  };
  name(null);
  const spinner = createSpinner(root);
  /** @type {number | null} the square under the pointer, for the cursor */
  let hovered = null;
  // The cursor says what a press would do: a hand over what can be picked up or played to, a
  // closed hand while dragging. Set through the CSSOM (no style attribute in markup).
  const updateCursor = () => {
    canvas.style.setProperty('cursor', cursorAt(state, hovered === null ? null : squareName(hovered)));
  };

  let paints = 0;
  const view = watchCanvas(canvas, () => {
    render(ctx, picture(state));
    // Tests wait for this: how many times the board was painted.
    canvas.dataset.paints = String(++paints);
  });

  /** The board's square on the page. */
  const geometry = () => {
    const box = canvas.getBoundingClientRect();
    return { left: box.left, top: box.top, size: Math.min(box.width, box.height), orientation: state.look.orientation };
  };

  const unbind = bindInput(canvas, {
    ...intents,
    hover(square) {
      hovered = square;
      updateCursor();
      intents.hover(square);
    },
    squareAt: (x, y) => squareAtPoint(canvas.getBoundingClientRect(), x, y, state.look.orientation),
    canvasPoint(x, y) {
      const g = geometry();
      const scale = Math.min(canvas.width, canvas.height) / g.size;
      return [(x - g.left) * scale, (y - g.top) * scale];
    },
  });

  /** @type {BoardView['animate']} */
  const animate = (current, ply, slide) => {
    current.fade = null;
    current.slide = null;
    if (!current.look.animation || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const fade = ply.captures.length
      ? { pieces: ply.captures.map((square, i) => ({ square: squareIndex(square), letter: ply.captured[i] ?? '' })), opacity: 1 }
      : null;
    const path = slide && ply.to !== null ? { from: squareIndex(ply.from), to: squareIndex(ply.to), progress: 0 } : null;
    if (!fade && !path) return;
    current.fade = fade;
    current.slide = path;
    // Tests and hosts can tell an animation is running; `animationend` says when it is over.
    canvas.dataset.animating = 'true';
    const start = performance.now();
    const step = (/** @type {number} */ now) => {
      if (current.fade !== fade || current.slide !== path) return finish();
      const t = (now - start) / ANIMATION_MS;
      if (fade) fade.opacity = 1 - t;
      if (path) path.progress = t;
      if (t >= 1) {
        current.fade = null;
        current.slide = null;
        finish();
      } else requestAnimationFrame(step);
      view.redraw();
    };
    const finish = () => {
      if (current.fade || current.slide) return;
      delete canvas.dataset.animating;
      canvas.dispatchEvent(new Event('animationend'));
    };
    requestAnimationFrame(step);
  };

  return {
    canvas,
    root,
    draw(next) {
      state = next;
      mirror.update(picture(next, true));
      spinner.show(next.search !== null);
      updateCursor();
      view.redraw();
    },
    animate,
    announce: (text) => mirror.announce(text),
    name,
    geometry,
    squareCenter(name) {
      const g = geometry();
      const { column, row } = screenOf(squareIndex(name), g.orientation);
      return { x: g.left + ((column + 0.5) * g.size) / 8, y: g.top + ((row + 0.5) * g.size) / 8 };
    },
    destroy() {
      unbind();
      view.stop();
      spinner.remove();
      mirror.remove();
      root.remove();
    },
  };
}
