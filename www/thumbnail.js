// Small boards in lists, as lichess shows a miniature beside each game and puzzle: the final
// position of a finished game ("Your games", games-ui.js) and each puzzle of a storm
// (storm-ui.js). Drawn once by the board's own renderer (board-image.js) at the screen's pixel
// density, without coordinates (unreadable at this size). A thumbnail is decorative, hidden from
// screen readers: the words beside it say what it shows. A record or position the wasm refuses
// (damaged stored data, a damaged puzzle set) gets an empty square of the same size instead, so
// that the list stays aligned and its words still show.

import { drawBoardImage } from './board-image.js';
import { errorText, make } from './util.js';
import { withGame, withPosition } from './wasm.js';

/** @import { Snapshot } from '../ultima-wasm.js' */
/** @import { Look } from './state.js' */

/** The largest side a list shows a thumbnail at, in CSS pixels (style.css `.board-thumbnail`). */
export const THUMBNAIL_PX = 96;

/** @typedef {Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} ThumbnailLook */

/**
 * The thumbnail of the position a game record ends at.
 *
 * @param {string} record
 * @param {ThumbnailLook} look
 * @returns {HTMLElement}
 */
export const recordThumbnail = (record, look) => thumbnail(() => withGame(record, (game) => game.snapshot()), () => look);

/**
 * The thumbnail of a puzzle's position, seen from the side to move (the solver), as the
 * trainers show it.
 *
 * @param {string} position  the position string
 * @param {Omit<ThumbnailLook, 'orientation'>} look
 * @returns {HTMLElement}
 */
export const puzzleThumbnail = (position, look) => thumbnail(() => withPosition(position, (game) => game.snapshot()), (shown) => ({ ...look, orientation: shown.turn }));

/**
 * @param {() => Snapshot} snapshot  reads the position (throws for one the wasm refuses)
 * @param {(shown: Snapshot) => ThumbnailLook} look
 * @returns {HTMLElement}
 */
function thumbnail(snapshot, look) {
  // Sharp on a high-density screen, within reason: 3× is as sharp as a phone shows.
  const density = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
  /** @type {Snapshot} */
  let shown;
  try {
    shown = snapshot();
  } catch (error) {
    return make('span', { class: 'board-thumbnail unreadable', 'aria-hidden': 'true', title: `No picture: ${errorText(error)}` });
  }
  const canvas = drawBoardImage(shown, look(shown), { size: Math.round(THUMBNAIL_PX * density), coordinates: false });
  canvas.className = 'board-thumbnail';
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}
