// Pointer and keyboard input on the board canvas. Mouse, pen and touch all arrive as pointer
// events; a press selects (or plays, on a destination), a drag past a few pixels carries the piece,
// a release plays it. The arrow keys move a focus square and point at it like a hovering mouse;
// Enter or Space presses it. Pointer and keys share one press (`pick`): a press plays the
// picked-up piece or picks one up, and a second press on the picked-up piece puts it down.
// The right mouse button draws arrows and circles (shapes.js) instead of opening the browser's
// menu, and a left press clears them.

import { brushFor } from './shapes.js';
import { ARROW_STEPS } from './util.js';

/** @import { Brush } from './shapes.js' */

/**
 * What the board does with input, in squares (a1=0 … h8=63).
 *
 * @typedef {object} InputActions
 * @property {(clientX: number, clientY: number) => number | null} squareAt  the square under a
 *   point of the viewport, or null off the board
 * @property {(clientX: number, clientY: number) => [number, number]} canvasPoint  a viewport point
 *   in backing-store pixels of the canvas
 * @property {(square: number, touch: boolean) => 'moved' | 'selected' | 'none'} press  a press on
 *   a square (`touch`: a finger's tap): plays the selected piece there, or selects the piece on
 *   it (or deselects), or previews the move there
 * @property {(square: number | null) => void} hover  the square under the pointer (any kind of
 *   pointer, pressed or not), or null when it leaves the board; the keyboard's focus square as
 *   an arrow key moves it
 * @property {(from: number, to: number | null) => void} drop  a drag released over `to`
 * @property {(square: number | null) => void} point  the square pointed at (hover or drag)
 * @property {(from: number | null, x: number, y: number, started: boolean) => void} dragging
 *   the drag's state, every pointer move (from null: no drag)
 * @property {() => number | null} selected  the selected square
 * @property {() => boolean} cancel  drops the selection and a queued premove; whether there was
 *   either (Escape with neither is left to the page: it closes a dialog the board is in)
 * @property {(delta: [number, number] | null, show: boolean) => number} moveFocus  moves the
 *   keyboard's focus square by (columns, rows) on screen, shows or hides it, and returns it
 * @property {(from: number | null, to: number | null, brush: Brush) => void} drawing  the shape a
 *   right-button drag is drawing, from the pressed square to the one under the pointer (the same
 *   square: a circle; null: off the board, none shown), every time that changes (from null: the
 *   drag is over)
 * @property {(from: number, to: number, brush: Brush) => void} drawn  a right-button drag
 *   released over a square: its shape is drawn, or taken away if it was there
 * @property {() => void} erase  a left press: the drawn shapes go
 */

/** Pixels the pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 4;

/**
 * Binds input to `canvas`; returns the function that unbinds it all.
 *
 * @param {HTMLCanvasElement} canvas
 * @param {InputActions} act
 * @returns {() => void}
 */
export function bindInput(canvas, act) {
  /** @type {{ id: number, from: number, x: number, y: number, started: boolean, wasSelected: boolean } | null} */
  let press = null;
  /** @type {{ id: number, from: number, to: number | null, brush: Brush } | null} a right-button drag */
  let sketch = null;

  /**
   * A press on `square`, by pointer or key — the one path for both: plays the picked-up piece
   * there, or picks up the piece on it.
   *
   * @param {number} square
   * @param {boolean} touch  a tap on a touch screen
   * @returns {{ holding: boolean, again: boolean }} whether a piece is now picked up on `square`,
   *   and whether it already was (a second press on it puts it down: at once for a key, on
   *   release for a pointer, which may still start a drag)
   */
  const pick = (square, touch) => {
    const again = act.selected() === square;
    const outcome = act.press(square, touch);
    return { holding: outcome !== 'moved' && act.selected() === square, again };
  };

  /** @param {PointerEvent} event */
  const down = (event) => {
    if (press || sketch) return;
    const square = act.squareAt(event.clientX, event.clientY);
    if (square === null) return;
    if (event.button === 2) return startSketch(event, square);
    if (event.button !== 0) return;
    event.preventDefault();
    // The focus leaves what had it, as a press anywhere else on a page takes it away
    // (preventDefault withholds that): a button that had it (New game…) kept it through the
    // game, and a stray Space or Enter pressed it again. The board does not take it: the game
    // page's arrows step through its moves (a replay board takes it, embed.js).
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) active.blur();
    act.erase();
    act.hover(square);
    act.moveFocus(null, false);
    const { holding, again } = pick(square, event.pointerType === 'touch');
    if (holding) {
      press = { id: event.pointerId, from: square, x: event.clientX, y: event.clientY, started: false, wasSelected: again };
      canvas.setPointerCapture(event.pointerId);
    }
  };

  /**
   * A right-button press on `square` starts a shape there, its colour chosen by the keys held.
   *
   * @param {PointerEvent} event
   * @param {number} square
   */
  const startSketch = (event, square) => {
    event.preventDefault();
    sketch = { id: event.pointerId, from: square, to: square, brush: brushFor(event) };
    canvas.setPointerCapture(event.pointerId);
    act.drawing(square, square, sketch.brush);
  };

  /** @param {PointerEvent} event */
  const move = (event) => {
    const square = act.squareAt(event.clientX, event.clientY);
    act.hover(square);
    if (sketch && event.pointerId === sketch.id) {
      if (square !== sketch.to) {
        sketch.to = square;
        act.drawing(sketch.from, square, sketch.brush);
      }
      return;
    }
    if (!press || event.pointerId !== press.id) {
      if (event.pointerType === 'mouse') act.point(square);
      return;
    }
    if (!press.started && Math.hypot(event.clientX - press.x, event.clientY - press.y) >= DRAG_THRESHOLD) {
      press.started = true;
    }
    if (press.started) {
      const [x, y] = act.canvasPoint(event.clientX, event.clientY);
      act.dragging(press.from, x, y, true);
      act.point(square);
    }
  };

  /** @param {PointerEvent} event */
  const up = (event) => {
    if (sketch && event.pointerId === sketch.id) {
      const { from, brush } = sketch;
      sketch = null;
      if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
      act.drawing(null, null, brush);
      const square = act.squareAt(event.clientX, event.clientY);
      if (square !== null) act.drawn(from, square, brush);
      return;
    }
    if (!press || event.pointerId !== press.id) return;
    const { from, started, wasSelected } = press;
    press = null;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    act.dragging(null, 0, 0, false);
    const square = act.squareAt(event.clientX, event.clientY);
    if (started) {
      if (square !== from) act.drop(from, square);
    } else if (wasSelected && square === from) {
      // A second click on the selected piece puts it down.
      act.cancel();
    }
  };

  /** @param {PointerEvent} event */
  const cancelPress = (event) => {
    if (sketch && event.pointerId === sketch.id) {
      act.drawing(null, null, sketch.brush);
      sketch = null;
    }
    if (!press || event.pointerId !== press.id) return;
    press = null;
    act.dragging(null, 0, 0, false);
  };

  /** @param {PointerEvent} event */
  const leave = (event) => {
    act.hover(null);
    // Only a mouse points by hovering: a finger leaves the board after every tap, and the
    // destination it previewed stays pointed at.
    if (!press && event.pointerType === 'mouse') act.point(null);
  };

  /** @param {KeyboardEvent} event */
  const key = (event) => {
    const delta = ARROW_STEPS[event.key];
    if (delta) {
      const square = act.moveFocus(delta, true);
      // The focus square is where a keyboard points, as the pointer is a mouse's: what is told
      // of the square under the pointer (the game page's piece line) follows it.
      act.hover(square);
      if (act.selected() !== null) act.point(square);
    } else if (event.key === 'Enter' || event.key === ' ') {
      const square = act.moveFocus(null, true);
      if (pick(square, false).again) act.cancel();
    } else if (event.key === 'Escape') {
      if (!act.cancel()) return;
    } else {
      return;
    }
    event.preventDefault();
  };

  const blur = () => act.moveFocus(null, false);

  /**
   * The keyboard brings the focus to the board (Tab, not a click): the focus square is shown and
   * said where it is ("d4", "e2, white Pawn"), as each arrow says it. The board's name says only
   * which keys it takes, and a listener had to press an arrow to learn where they were.
   */
  const focus = () => {
    if (canvas.matches(':focus-visible')) act.moveFocus([0, 0], true);
  };

  /** The right button draws on the board: no browser menu there. @param {MouseEvent} event */
  const menu = (event) => event.preventDefault();

  /** @type {Array<[string, (event: any) => void]>} */
  const listeners = [
    ['pointerdown', down],
    ['pointermove', move],
    ['pointerup', up],
    ['pointercancel', cancelPress],
    ['pointerleave', leave],
    ['keydown', key],
    ['focus', focus],
    ['blur', blur],
    ['contextmenu', menu],
  ];
  for (const [type, listener] of listeners) canvas.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}
