// Helpers the game page's end-to-end tests share: open the page with chosen saved data, run code
// on its board handle, click and drag at the centres of squares the board itself reports
// (`window.ultima.board.squareCenter`), read the moves played, wait for the board to settle, and
// read canvas pixels.

import { fileURLToPath } from 'node:url';
import { watchProblems } from './browser.mjs';

/** @import { BrowserContext, Page } from 'playwright-core' */
/** @import { BoardHandle } from '../www/board.js' */
/** @import { Ai } from '../www/ai.js' */

/** The release build the tests serve. */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Where tests leave screenshots (and failed golden images) for people to look at. */
export const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

/**
 * A fresh page with the game loaded and its problems watched; localStorage starts empty unless
 * `stored` is given.
 *
 * @param {BrowserContext} context
 * @param {string} url the served build
 * @param {string | null} [stored] raw text to put under the page's storage key first
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
export async function openGame(context, url, stored = null) {
  const page = await context.newPage();
  const problems = watchProblems(page);
  // Seeds localStorage before the page's scripts run, on the first load only (a later reload
  // must find what the page saved).
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', 'yes');
    localStorage.clear();
    if (stored !== null) localStorage.setItem('ultima.page', stored);
  }, stored);
  await page.goto(url);
  await ready(page);
  return { page, problems };
}

/**
 * Waits for the page's start: the wasm loaded and the board painted.
 *
 * @param {Page} page
 */
export async function ready(page) {
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('canvas#board[data-paints]');
}

/**
 * Runs `fn` in the page on its board handle and AI (`window.ultima`).
 *
 * @template T
 * @param {Page} page
 * @param {(board: BoardHandle, arg: any, ai: Ai) => T} fn
 * @param {unknown} [arg]
 * @returns {Promise<Awaited<T>>}
 */
export function onBoard(page, fn, arg) {
  return page.evaluate(
    ([source, arg]) => {
      const { board, ai } = /** @type {any} */ (window).ultima;
      return new Function('board', 'arg', 'ai', `return (${source})(board, arg, ai)`)(board, arg, ai);
    },
    [fn.toString(), arg],
  );
}

/**
 * @param {Page} page
 * @param {string} square
 * @returns {Promise<{ x: number, y: number }>} the square's centre in viewport pixels
 */
export function centre(page, square) {
  return onBoard(page, (board, sq) => board.squareCenter(sq), square);
}

/** @param {Page} page @param {string} square */
export async function click(page, square) {
  const { x, y } = await centre(page, square);
  await page.mouse.click(x, y);
}

/** @param {Page} page @param {string} from @param {string} to */
export async function drag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** @param {Page} page @returns {Promise<string[]>} canonical text of each ply */
export function plies(page) {
  return onBoard(page, (board) => board.history().map((p) => p.text));
}

/**
 * Waits until the board has settled: past a move's animation (250 ms) and painted again (redraws
 * happen on the next animation frame).
 *
 * @param {Page} page
 */
export async function painted(page) {
  await page.waitForTimeout(300);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Canvas colours at points given as square plus offset from its centre (in squares), with the
 * board seen from White.
 *
 * @param {Page} page
 * @param {Array<[square: string, dx: number, dy: number]>} points
 * @returns {Promise<number[][]>} [r, g, b, a] for each point
 */
export function pixels(page, points) {
  return page.evaluate((points) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('canvas#board'));
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const unit = canvas.width / 8;
    return points.map(([square, dx, dy]) => {
      const column = square.charCodeAt(0) - 97 + 0.5 + dx;
      const row = 8 - Number(square.slice(1)) + 0.5 + dy;
      const i = (Math.floor(row * unit) * canvas.width + Math.floor(column * unit)) * 4;
      return Array.from(data.subarray(i, i + 4));
    });
  }, points);
}
