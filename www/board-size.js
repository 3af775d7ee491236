// The board's size on wide screens, as on lichess: a grip at the board's bottom-right corner,
// dragged to make the board smaller or larger (from half the room it has to all of it), or
// moved by the keys as a slider. The size is a fraction of the room (`--board-zoom`, which the
// style sheet multiplies the board's width by) and is kept in localStorage under
// `ultima.boardZoom`, read back before the first paint by www/early.js.

import { writeStored } from './util.js';

/** The storage key, read by www/early.js. */
const ZOOM_KEY = 'ultima.boardZoom';

/** The smallest board, as a fraction of the room it has; the largest is 1. */
export const MIN_ZOOM = 0.5;

/** One key press's step. */
const STEP = 0.05;

/**
 * `zoom` within the range, rounded to hundredths (stored and announced as a percentage).
 *
 * @param {number} zoom
 * @returns {number}
 */
export function clampZoom(zoom) {
  return Math.round(Math.min(1, Math.max(MIN_ZOOM, Number.isFinite(zoom) ? zoom : 1)) * 100) / 100;
}

/**
 * The size after a key press on the grip, or null for a key it does not take.
 *
 * @param {number} zoom
 * @param {string} key  e.g. "ArrowLeft"
 * @returns {number | null}
 */
export function zoomAfterKey(zoom, key) {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampZoom(zoom - STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampZoom(zoom + STEP);
    // A slider's larger steps (ARIA's slider pattern).
    case 'PageDown':
      return clampZoom(zoom - 2 * STEP);
    case 'PageUp':
      return clampZoom(zoom + 2 * STEP);
    case 'Home':
      return MIN_ZOOM;
    case 'End':
      return 1;
    default:
      return null;
  }
}

/**
 * The size that puts the board's bottom-right corner at the pointer: the board's width grows
 * with the pointer's distance from the board's top-left corner (the larger of its two
 * directions, so a diagonal drag feels right).
 *
 * @param {{ left: number, top: number, width: number }} box  the board's box now
 * @param {number} zoom  its size now
 * @param {number} x  the pointer, in the same pixels
 * @param {number} y
 * @returns {number}
 */
export function zoomAtPointer(box, zoom, x, y) {
  const room = box.width / zoom;
  return clampZoom(Math.max(x - box.left, y - box.top) / room);
}

/**
 * Adds the grip to `board` and wires it.
 *
 * @param {HTMLElement} board  the board's box, whose width the style sheet scales
 * @param {Storage | null} storage  where the size is kept (null: for this visit only)
 * @returns {HTMLElement} the grip
 */
export function addBoardResize(board, storage) {
  const root = document.documentElement;
  const grip = document.createElement('div');
  grip.className = 'board-resize';
  grip.tabIndex = 0;
  grip.setAttribute('role', 'slider');
  grip.setAttribute('aria-label', 'Board size');
  grip.setAttribute('aria-valuemin', String(MIN_ZOOM * 100));
  grip.setAttribute('aria-valuemax', '100');
  grip.title = 'Drag to make the board smaller or larger (or the arrow keys)';
  board.append(grip);

  /** @returns {number} the size in force (the early script's, or the full size) */
  const current = () => clampZoom(Number(root.style.getPropertyValue('--board-zoom') || 1));
  /** @param {number} zoom */
  const show = (zoom) => {
    root.style.setProperty('--board-zoom', String(zoom));
    grip.setAttribute('aria-valuenow', String(Math.round(zoom * 100)));
    grip.setAttribute('aria-valuetext', `${Math.round(zoom * 100)}% of the room`);
  };
  /** @param {number} zoom */
  // Storage full or refused: the size holds for this visit.
  const keep = (zoom) => writeStored(storage, ZOOM_KEY, String(zoom));
  show(current());

  /** @type {number | null} the pointer dragging the grip */
  let dragging = null;
  grip.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragging = event.pointerId;
    grip.setPointerCapture(event.pointerId);
    grip.classList.add('dragging');
  });
  grip.addEventListener('pointermove', (event) => {
    if (event.pointerId !== dragging) return;
    show(zoomAtPointer(board.getBoundingClientRect(), current(), event.clientX, event.clientY));
  });
  /** @param {PointerEvent} event */
  const end = (event) => {
    if (event.pointerId !== dragging) return;
    dragging = null;
    grip.classList.remove('dragging');
    keep(current());
  };
  grip.addEventListener('pointerup', end);
  grip.addEventListener('pointercancel', end);
  grip.addEventListener('keydown', (event) => {
    const zoom = zoomAfterKey(current(), event.key);
    if (zoom === null) return;
    event.preventDefault();
    // Not a page shortcut (← → step through the game).
    event.stopPropagation();
    show(zoom);
    keep(zoom);
  });
  return grip;
}
