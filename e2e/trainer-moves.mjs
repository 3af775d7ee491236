// Moves played by clicks (taps on a phone) on a trainer's small board (the puzzles', the storm's,
// the lessons', the mistakes trainer's): a square's centre from the board's box and which side
// is at the bottom.

/** @import { Page } from 'playwright-core' */
/** @import { Puzzle } from '../www/puzzles.js' */

/** @param {Pick<Puzzle, 'position'>} puzzle @returns {'white' | 'black'} the side to find the moves */
export const solverOf = (puzzle) => (puzzle.position.split(' ')[1] === 'b' ? 'black' : 'white');

/**
 * Where a square of the board in `host` is on the page.
 *
 * @param {Page} page
 * @param {string} host  the board's host, e.g. ".puzzles-board"
 * @param {string} square
 * @param {'white' | 'black'} bottom
 * @returns {Promise<{ x: number, y: number, width: number, height: number }>}
 */
export async function squareBox(page, host, square, bottom) {
  const box = await page.locator(`${host} canvas`).boundingBox();
  if (!box) throw new Error(`no board in ${host}`);
  let file = square.charCodeAt(0) - 97;
  let rank = 8 - Number(square.slice(1));
  if (bottom === 'black') {
    file = 7 - file;
    rank = 7 - rank;
  }
  const width = box.width / 8;
  const height = box.height / 8;
  return { x: box.x + file * width, y: box.y + rank * height, width, height };
}

/**
 * Clicks (or taps) the centre of a square of the board in `host`.
 *
 * @param {Page} page
 * @param {string} host  the board's host, e.g. ".puzzles-board"
 * @param {string} square
 * @param {'white' | 'black'} bottom
 * @param {boolean} touch
 */
export async function pressSquare(page, host, square, bottom, touch) {
  const box = await squareBox(page, host, square, bottom);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * Plays a move on the board in `host` by two clicks (not a suicide).
 *
 * @param {Page} page
 * @param {string} host
 * @param {string} move canonical text, e.g. "b1-b3xc3"
 * @param {'white' | 'black'} bottom
 * @param {boolean} touch
 */
export async function playMove(page, host, move, bottom, touch) {
  const [from = '', rest = ''] = move.split('-');
  await pressSquare(page, host, from, bottom, touch);
  await pressSquare(page, host, rest.slice(0, 2), bottom, touch);
}

/** The solver's moves of a puzzle: suicides need the button, the others two clicks. */
export const byClicks = (/** @type {Pick<Puzzle, 'moves'>} */ p) => p.moves.every((m, i) => i % 2 === 1 || !m.endsWith('-'));
