// Small boards in lists, as lichess shows a miniature beside each game and puzzle: the final
// position of a finished game ("Your games", games-ui.js) and each puzzle of a storm
// (storm-ui.js). Drawn by the board's own renderer (board-image.js) at the screen's pixel
// density, without coordinates (unreadable at this size). A thumbnail is decorative, hidden from
// screen readers: the words beside it say what it shows.
//
// A thumbnail is drawn when it first comes near the screen, not when its list is made: reading a
// record replays its game and lists the legal moves, and with fifty long games that took 0.6 s
// on a phone-speed CPU (4× slower than this machine's) before the list could open. The canvas is
// there from the start, its size set by the style sheet, so the list does not move when it is
// drawn; `data-drawn` marks it drawn. The list, once filled, hands itself to `drawWhenSeen`, whose
// watch over it ends when it is filled again, so the pictures of a list made anew are let go.
// A record or position the wasm refuses (damaged stored data, a damaged puzzle set) leaves it an
// empty square, marked `unreadable`, which says why when pointed at; the list stays aligned and
// its words still show.

import { drawBoardImage } from './board-image.js';
import { errorText } from './util.js';
import { withGame, withPosition } from './wasm.js';

/** @import { Snapshot } from '../ultima-wasm.js' */
/** @import { Look } from './state.js' */

/** The largest side a list shows a thumbnail at, in CSS pixels (style.css `.board-thumbnail`). */
export const THUMBNAIL_PX = 96;

/** How far beyond the screen a thumbnail is drawn ahead of being seen. */
const AHEAD = '300px';

/** @typedef {Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} ThumbnailLook */

/**
 * The thumbnail of the position a game record ends at.
 *
 * @param {string} record
 * @param {ThumbnailLook} look
 * @returns {HTMLCanvasElement}
 */
export const recordThumbnail = (record, look) => thumbnail(() => withGame(record, (game) => game.snapshot()), () => look);

/**
 * The thumbnail of a puzzle's position, seen from the side to move (the solver), as the
 * trainers show it.
 *
 * @param {string} position  the position string
 * @param {Omit<ThumbnailLook, 'orientation'>} look
 * @returns {HTMLCanvasElement}
 */
export const puzzleThumbnail = (position, look) => thumbnail(() => withPosition(position, (game) => game.snapshot()), (shown) => ({ ...look, orientation: shown.turn }));

/** @type {WeakMap<Element, () => void>} how to draw each thumbnail not drawn yet */
const pending = new WeakMap();

/** @type {WeakMap<Element, IntersectionObserver>} the watch over each list's thumbnails */
const watches = new WeakMap();

/**
 * Draws the thumbnails in `list` not drawn yet as each comes near the screen (all at once where
 * the browser cannot tell). Called again after the list is filled anew, it ends the watch over
 * the old thumbnails.
 *
 * @param {Element} list
 */
export function drawWhenSeen(list) {
  watches.get(list)?.disconnect();
  const waiting = [...list.querySelectorAll('canvas.board-thumbnail')].filter((canvas) => pending.has(canvas));
  /** @param {Element} canvas */
  const draw = (canvas) => {
    pending.get(canvas)?.();
    pending.delete(canvas);
  };
  if (typeof IntersectionObserver !== 'function') {
    waiting.forEach(draw);
    return;
  }
  const watch = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting) continue;
        watch.unobserve(target);
        draw(target);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const canvas of waiting) watch.observe(canvas);
  watches.set(list, watch);
}

/**
 * A thumbnail's canvas, drawn once its list hands itself to `drawWhenSeen` and it comes near
 * the screen.
 *
 * @param {() => Snapshot} snapshot  reads the position (throws for one the wasm refuses)
 * @param {(shown: Snapshot) => ThumbnailLook} look
 * @returns {HTMLCanvasElement}
 */
function thumbnail(snapshot, look) {
  const canvas = document.createElement('canvas');
  canvas.className = 'board-thumbnail';
  canvas.setAttribute('aria-hidden', 'true');
  const draw = () => {
    /** @type {Snapshot} */
    let shown;
    try {
      shown = snapshot();
    } catch (error) {
      canvas.classList.add('unreadable');
      canvas.title = `No picture: ${errorText(error)}`;
      return;
    }
    // Sharp on a high-density screen, within reason: 3× is as sharp as a phone shows.
    const density = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
    drawBoardImage(shown, look(shown), { size: Math.round(THUMBNAIL_PX * density), coordinates: false, canvas });
    canvas.dataset.drawn = '';
  };
  pending.set(canvas, draw);
  return canvas;
}
