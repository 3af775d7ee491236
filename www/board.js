// The board picture: a pure function of a state object, painted on one canvas.

/** @import { Side } from '../ultima-wasm.js' */

/** Light squares. */
export const LIGHT = '#DDDDD0';
/** Dark squares (a1 is dark). */
export const DARK = '#559933';

/**
 * What the board shows.
 *
 * @typedef {object} BoardState
 * @property {readonly string[]} pieces  64 piece letters or "" for an empty square, indexed a1=0,
 *   b1=1 … h8=63, e.g. ["I", "L", "X", "K", …, "i"] (upper case White, lower case Black)
 * @property {Side} orientation  the side whose first rank is at the bottom, e.g. "white"
 */

/** @returns {BoardState} the empty board seen from White's side */
export function defaults() {
  return { pieces: Array(64).fill(''), orientation: 'white' };
}

/**
 * The square index (a1=0 … h8=63) shown at a column and row counted from the top left.
 *
 * @param {number} column 0–7, left to right
 * @param {number} row 0–7, top to bottom
 * @param {Side} orientation the side at the bottom
 * @returns {number}
 */
export function squareAt(column, row, orientation) {
  return orientation === 'white' ? (7 - row) * 8 + column : row * 8 + (7 - column);
}

/**
 * @param {number} square index, a1=0 … h8=63
 * @returns {boolean} true for a dark square (a1, c1, b2, …)
 */
export function isDark(square) {
  return ((square & 7) + (square >> 3)) % 2 === 0;
}

/**
 * @param {number} square index, a1=0 … h8=63
 * @returns {string} its name, e.g. "e4"
 */
export function squareName(square) {
  return 'abcdefgh'.charAt(square & 7) + String((square >> 3) + 1);
}

/**
 * Paints the whole board on `ctx`, filling its canvas, in the canvas's own (device) pixels:
 * squares, coordinates on the edge, then pieces.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 */
export function render(ctx, state) {
  const size = Math.min(ctx.canvas.width, ctx.canvas.height);
  const unit = size / 8;
  /** @param {number} i */
  const edge = (i) => Math.round(i * unit);

  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const square = squareAt(column, row, state.orientation);
      ctx.fillStyle = isDark(square) ? DARK : LIGHT;
      ctx.fillRect(edge(column), edge(row), edge(column + 1) - edge(column), edge(row + 1) - edge(row));
    }
  }
  drawCoordinates(ctx, state.orientation, unit);
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const letter = state.pieces[squareAt(column, row, state.orientation)];
      if (letter) drawPiece(ctx, letter, (column + 0.5) * unit, (row + 0.5) * unit, unit);
    }
  }
  ctx.restore();
}

/**
 * File letters in the bottom row's lower right corners, rank numbers in the left column's upper
 * left corners, each in the colour of the other kind of square.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {Side} orientation
 * @param {number} unit side of a square, in pixels
 */
function drawCoordinates(ctx, orientation, unit) {
  const pad = unit * 0.06;
  ctx.font = `600 ${Math.max(8, Math.round(unit * 0.2))}px sans-serif`;
  for (let i = 0; i < 8; i++) {
    const file = squareAt(i, 7, orientation);
    ctx.fillStyle = isDark(file) ? LIGHT : DARK;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(squareName(file).charAt(0), (i + 1) * unit - pad, 8 * unit - pad);

    const rank = squareAt(0, i, orientation);
    ctx.fillStyle = isDark(rank) ? LIGHT : DARK;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(squareName(rank).charAt(1), pad, i * unit + pad);
  }
}

/**
 * A piece, for now: a disc in its side's colour with a contrasting rim and its letter.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} letter piece letter, upper case White, lower case Black
 * @param {number} x centre, in pixels
 * @param {number} y centre, in pixels
 * @param {number} unit side of a square, in pixels
 */
function drawPiece(ctx, letter, x, y, unit) {
  const white = letter === letter.toUpperCase();
  const [fill, ink] = white ? ['#F7F7F2', '#1E1E1E'] : ['#1E1E1E', '#F7F7F2'];
  ctx.beginPath();
  ctx.arc(x, y, unit * 0.38, 0, 2 * Math.PI);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, unit * 0.05);
  ctx.strokeStyle = ink;
  ctx.stroke();
  ctx.fillStyle = ink;
  ctx.font = `bold ${Math.round(unit * 0.4)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter.toUpperCase(), x, y + unit * 0.02);
}
