// The board as a picture for forums and chat: the position shown, drawn by the board's own
// renderer (render.js) into a canvas of its own at a fixed, generous size — the chosen piece set
// and board colours, the coordinates, the last move and its captures, check and frozen pieces
// marked as on the board, and the arrows and circles drawn on it — saved as a PNG file and, where
// the browser allows it, copied to the clipboard as an image.

import { START_PIECES } from './placeholder.js';
import { render } from './render.js';
import { createState, picture } from './state.js';
import { saveFile } from './util.js';

/** @import { Side, Snapshot } from '../ultima-wasm.js' */
/** @import { Shape } from './shapes.js' */
/** @import { Look } from './state.js' */

/** The picture's side in pixels: 120 a square, sharp in a forum post, about 100 KB. */
export const IMAGE_SIZE = 960;

/** The marks a still picture keeps: what the position is, not what a pointer was doing. */
const MARKS = /** @type {const} */ (['last', 'check', 'frozen']);

/**
 * Draws the position `snapshot` describes on a canvas, with the look of the board.
 *
 * @param {Snapshot} snapshot  the game seen at the position to draw (`Game.at` for an earlier one)
 * @param {Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} look
 * @param {object} [options]
 * @param {Shape[]} [options.shapes]  the arrows and circles drawn on that position
 * @param {number} [options.size]  the side in pixels
 * @param {boolean} [options.coordinates]  files and ranks on the edge: yes unless told (a
 *   thumbnail leaves them out, too small to read)
 * @param {HTMLCanvasElement} [options.canvas]  the canvas to draw on (a thumbnail's, in its list
 *   already): a new one unless given
 * @returns {HTMLCanvasElement}  the canvas drawn on
 */
export function drawBoardImage(snapshot, look, { shapes = [], size = IMAGE_SIZE, coordinates = true, canvas = document.createElement('canvas') } = {}) {
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw the picture (no 2D canvas)');
  const state = createState(snapshot, { ...look, coordinates, highlights: [...MARKS], animation: false });
  state.shapes = shapes;
  render(ctx, picture(state));
  return canvas;
}

/**
 * The file name of the picture of the position after a move, named as the move list numbers it
 * (a move is White's and Black's, as the game's GIF counts them), e.g. "ultima-move-6-black.png"
 * after Black's sixth move; before any, "ultima-start.png" for the standard start, and for
 * another position (a diagram set up in the editor) a name of its own, "ultima-position-
 * 3f9a0c.png", six hex digits of a digest of its pieces and turn: a teacher saving diagram after
 * diagram got "ultima-start.png" each time.
 *
 * @param {{ number: number, side: Side } | undefined} last  the last move played, if any
 * @param {{ pieces: readonly string[], turn: Side }} position  the position shown
 * @returns {string}
 */
export function imageName(last, position) {
  if (last) return `ultima-move-${last.number}-${last.side}.png`;
  const pieces = position.pieces.map((letter) => letter || '.').join('');
  if (pieces === START_PIECES && position.turn === 'white') return 'ultima-start.png';
  return `ultima-position-${digest(`${pieces} ${position.turn}`)}.png`;
}

/**
 * Six hex digits of text's FNV-1a digest: a name, not a check (two positions may share one).
 *
 * @param {string} text
 * @returns {string}
 */
function digest(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) & 0xffffff).toString(16).padStart(6, '0');
}

/**
 * Saves the canvas as a PNG file (the browser's download) and copies it to the clipboard when the
 * browser allows images there.
 *
 * @param {HTMLCanvasElement} canvas
 * @param {string} name  the file name, e.g. "ultima-move-12.png"
 * @returns {Promise<{ copied: boolean }>} whether the clipboard took the picture too; rejects
 *   when no PNG could be made
 */
export async function exportBoardImage(canvas, name) {
  const blob = await new Promise((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('the browser could not make the PNG'))), 'image/png'),
  );
  saveFile(blob, name);
  let copied = false;
  try {
    if (typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
      copied = true;
    }
  } catch {
    // Refused (no permission, an insecure page): the file is there all the same.
  }
  return { copied };
}
