// Helpers the end-to-end tests share: serve the build and launch Chromium for a test file
// (`useServedDist`), open the game page with chosen saved data, run code on its board handle,
// click and drag at the centres of squares the board itself reports
// (`window.ultima.board.squareCenter`), read the moves played, wait for the board to settle, and
// read canvas pixels.

import { access, mkdir } from 'node:fs/promises';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, watchProblems } from './browser.mjs';
import { serveStatic } from './server.mjs';

/** @import { BrowserContext, BrowserContextOptions, Page } from 'playwright-core' */
/** @import { Browser } from './browser.mjs' */
/** @import { Page as HostPage, StaticServer } from './server.mjs' */
/** @import { EmbedHandle } from '../www/embed.js' */
/** @import { Ai } from '../www/ai.js' */

/** The release build the tests serve. */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Where tests leave screenshots (and failed golden images) for people to look at. */
export const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

/**
 * What `useServedDist` serves, for the tests of a file, once its `before` hook has run.
 *
 * @typedef {object} Served
 * @property {string} url  the served folder's URL, e.g. "http://127.0.0.1:41234/sub/path/"
 * @property {BrowserContext} context  the browser's one context
 * @property {string[]} requests  every path requested from the server so far
 * @property {Promise<void>} started  settles when the server listens and the browser runs: a
 *   file's own `before` hook that needs them awaits it (top-level hooks start at once, together)
 */

/**
 * The hooks most test files share: before the file's tests, check that the build is there,
 * serve it from a sub-path (which proves it works from any folder of a web server) and launch
 * Chromium; after them, close both. Call it at the top of a test file.
 *
 * @param {object} [options]
 * @param {BrowserContextOptions} [options.browser]  viewport, device scale…; 1100 × 850 CSS px
 *   at 1× unless told
 * @param {string} [options.root]  the folder served: the release build, dist/, unless told
 * @param {string} [options.base]  the URL path it is served under: "/sub/path/" unless told
 * @param {string} [options.needs]  a file under `root` the tests need: index.html unless told
 * @param {Record<string, string>} [options.headers]  sent with every file, e.g. a CSP
 * @param {(url: string) => Record<string, HostPage>} [options.pages]  pages served from memory
 *   (host pages), made from the server's URL once it listens
 * @returns {Served}
 */
export function useServedDist(options = {}) {
  const { root = DIST, base = '/sub/path/', needs = 'index.html', headers } = options;
  /** @type {StaticServer | undefined} */
  let server;
  /** @type {Browser | undefined} */
  let browser;
  /** @type {Promise<void> | null} */
  let serving = null;
  /** Serves and launches, once: the hook and a file's own hooks share it. */
  const start = () => (serving ??= serve());
  const serve = async () => {
    await access(`${root}${needs}`).catch(() => {
      throw new Error(`no ${needs} in ${root}${root === DIST ? ': run `trunk build --release` (cargo xtask test does)' : ''}`);
    });
    await mkdir(ARTIFACTS, { recursive: true });
    /** @type {Record<string, HostPage>} */
    const pages = {};
    server = await serveStatic({ root, base, pages, headers });
    Object.assign(pages, options.pages?.(server.url));
    browser = await launch(options.browser ?? { viewport: { width: 1100, height: 850 }, deviceScaleFactor: 1 });
  };
  before(start);
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  /** @template T @param {T | undefined} value @returns {T} */
  const started = (value) => {
    if (value === undefined) throw new Error('the served build is used before its before() hook ran');
    return value;
  };
  return {
    get url() {
      return started(server).url;
    },
    get context() {
      return started(browser).context;
    },
    get requests() {
      return started(server).requests;
    },
    get started() {
      return start();
    },
  };
}

/**
 * A fresh page with the game loaded and its problems watched; localStorage starts empty unless
 * `stored` is given. With storage empty this is a first visit: the welcome is closed with Escape,
 * as a visitor who wants the two-player board does (see `ready`).
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
 * Waits for the page's start: the wasm loaded and the board painted. On a first visit the page
 * opens its welcome (a modal dialog) over the board; unless `keepWelcome`, it is closed with
 * Escape, which leaves the two-player board the page showed before the welcome existed, so tests
 * of the board start from there. (The welcome opens before the board is ready, so it is open by
 * now if it opens at all.)
 *
 * @param {Page} page
 * @param {{ keepWelcome?: boolean }} [options]
 */
export async function ready(page, { keepWelcome = false } = {}) {
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('canvas#board[data-paints]');
  if (!keepWelcome) await closeWelcome(page);
}

/**
 * Closes the welcome with Escape, as a visitor does, if it is open; waits until the page has
 * taken the two-player board (and saved it): `body[data-welcomed]`.
 *
 * @param {Page} page
 */
export async function closeWelcome(page) {
  if (!(await page.evaluate(() => document.querySelector('dialog#welcome')?.hasAttribute('open') ?? false))) return;
  await page.keyboard.press('Escape');
  await page.waitForSelector('body[data-welcomed="dismissed"]', { state: 'attached' });
}

/**
 * Closes the analysis view by its close button and waits until it is closed: the dialog gone
 * and the address without `?analysis`. The address changes a moment later (the view goes back
 * in the history, which the browser does in a task of its own): a reload or a new view before
 * then would find the view still asked for.
 *
 * @param {Page} page
 */
export async function closeAnalysisView(page) {
  await page.click('.analysis-close');
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('analysis'));
}

/**
 * Runs `fn` in the page on its board handle and AI (`window.ultima`).
 *
 * @template T
 * @param {Page} page
 * @param {(board: EmbedHandle, arg: any, ai: Ai) => T} fn
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

/** The two devices the README's pictures are taken on: a desktop, and a phone with touch. */
export const DEVICES = /** @type {const} */ ([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]);

/**
 * Launches Chromium as one of the `DEVICES` (a phone: twice the pixels, touch, mobile).
 *
 * @param {(typeof DEVICES)[number]} device
 * @returns {Promise<Browser>}
 */
export function launchDevice([name, viewport]) {
  const phone = name === 'phone';
  return launch({ viewport, deviceScaleFactor: phone ? 2 : 1, hasTouch: phone, isMobile: phone });
}

/**
 * The release build served to a desktop browser and a phone one (the `DEVICES`), for a file
 * whose tests run on both: `served` as `useServedDist` gives it (the desktop browser, 1280 × 900
 * unless told), and `devices` to loop over, each with its context and whether it is pressed by
 * taps. `setUp` runs on both contexts once they are up (a test clock, say).
 *
 * @param {object} [options]
 * @param {{ width: number, height: number }} [options.desktop]
 * @param {(context: BrowserContext) => Promise<void>} [options.setUp]
 */
export function useDesktopAndPhone({ desktop = DEVICES[0][1], setUp } = {}) {
  const served = useServedDist({ browser: { viewport: desktop, deviceScaleFactor: 1 } });
  /** @type {Browser | undefined} */
  let phone;
  before(async () => {
    await served.started;
    phone = await launchDevice(DEVICES[1]);
    await setUp?.(served.context);
    await setUp?.(phone.context);
  });
  after(() => phone?.close());
  const phoneContext = () => {
    if (!phone) throw new Error('no phone browser: it is used before its before() hook ran');
    return phone.context;
  };
  /** @type {Array<{ device: 'desktop' | 'phone', context: () => BrowserContext, touch: boolean }>} */
  const devices = [
    { device: 'desktop', context: () => served.context, touch: false },
    { device: 'phone', context: phoneContext, touch: true },
  ];
  return { served, phone: phoneContext, devices };
}

/** Stored page data of a returning visitor with no game and default settings (no welcome). */
export const NO_GAME = JSON.stringify({ version: 1, record: null, settings: {} });

/**
 * Plays up to `count` plies on the page's board by a fixed rule: a capture when there is one,
 * else a quiet move (never a suicide), chosen by the ply's number.
 *
 * @param {Page} page
 * @param {number} count
 */
export function playByRule(page, count) {
  return onBoard(
    page,
    (board, count) => {
      for (let i = 0; i < count && board.result() === null; i++) {
        const moves = Object.values(board.snapshot().moves).flat().filter((m) => !m.suicide);
        const captures = moves.filter((m) => m.captures.length > 0);
        const pick = captures.length ? captures[(i * 5) % captures.length] : moves[(i * 7 + 3) % moves.length];
        if (pick) board.play(pick.text);
      }
    },
    count,
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

/**
 * Unfolds the page's "More settings" (the preferences: coordinates, legal moves, animation, touch,
 * premoves, typed moves), as a player does, if it is folded.
 *
 * @param {Page} page
 */
export async function openPreferences(page) {
  if (!(await page.evaluate(() => /** @type {HTMLDetailsElement} */ (document.getElementById('preferences')).open))) await page.click('#preferences > summary');
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

/**
 * The link text of a game record, made by the page's own wasm.
 *
 * @param {Page} page
 * @param {string} record
 * @returns {Promise<string>}
 */
export function linkOf(page, record) {
  return page.evaluate(async (record) => {
    // The page's module (the same instance as the board's), resolved against the page.
    const wasm = './www/wasm.js';
    const { bindings } = await import(wasm);
    const game = bindings().Game.fromRecord(record);
    const text = game.link();
    game.free();
    return text;
  }, record);
}

/** @param {Page} page @returns {Promise<string[]>} canonical text of each ply */
export function plies(page) {
  return onBoard(page, (board) => board.history().map((p) => p.text));
}

/**
 * Waits until the board has settled: its move animation over (the canvas's `animationend`) and
 * painted again (redraws happen on the next animation frame).
 *
 * @param {Page} page
 */
export async function painted(page) {
  await settled(page.locator('canvas#board'));
}

/**
 * Waits until a board's canvas has settled: no animation running (it fires `animationend` when
 * one ends) and two animation frames later, so the last redraw is painted.
 *
 * @param {import('playwright-core').Locator} canvas
 */
export async function settled(canvas) {
  await canvas.evaluate(async (node) => {
    if (!(node instanceof HTMLCanvasElement)) return;
    if (node.dataset.animating) await new Promise((resolve) => node.addEventListener('animationend', resolve, { once: true }));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Resolves once the page has at most `count` workers, on their `close` events.
 *
 * @param {Page} page
 * @param {number} count
 */
export async function workersDown(page, count) {
  const workers = page.workers();
  if (workers.length <= count) return;
  const closed = workers.map((worker) => new Promise((resolve) => worker.once('close', resolve)));
  let done = 0;
  await new Promise((resolve) => {
    for (const close of closed) close.then(() => page.workers().length <= count || ++done === closed.length ? resolve(undefined) : undefined);
  });
}

/**
 * Canvas colours at points given as square plus offset from its centre (in squares), with the
 * board seen from White.
 *
 * @param {Page} page
 * @param {Array<[square: string, dx: number, dy: number]>} points
 * @param {string} [canvas]  the board's canvas: the game page's unless told
 * @returns {Promise<number[][]>} [r, g, b, a] for each point
 */
export function pixels(page, points, canvas = 'canvas#board') {
  return page.evaluate(([points, selector]) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector(selector));
    // Read from a copy: the board's own canvas read again and again makes Chromium warn that
    // its context should be made for reading (a console warning, which the tests count).
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (copy.getContext('2d'));
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const unit = canvas.width / 8;
    return points.map(([square, dx, dy]) => {
      const column = square.charCodeAt(0) - 97 + 0.5 + dx;
      const row = 8 - Number(square.slice(1)) + 0.5 + dy;
      const i = (Math.floor(row * unit) * canvas.width + Math.floor(column * unit)) * 4;
      return Array.from(data.subarray(i, i + 4));
    });
  }, /** @type {const} */ ([points, canvas]));
}

/**
 * A GIF as the browser's own decoder (WebCodecs' `ImageDecoder`, not this project's code) reads
 * it: its loop count and, for each frame, its duration (µs), size and what `read` finds in its
 * RGBA pixels. `read` runs in the page, so it must use nothing but its arguments.
 *
 * @template T
 * @param {Page} page  any page of the build (the decoder is the browser's)
 * @param {Uint8Array} bytes  the file
 * @param {(pixels: Uint8ClampedArray, width: number, height: number) => T} read
 * @param {number} [count]  how many frames to read from the first; all unless told
 * @returns {Promise<{ repetition: number, frames: Array<{ duration: number, width: number, height: number, read: T }> }>}
 */
export function decodeGif(page, bytes, read, count = Infinity) {
  return page.evaluate(
    async ([base64, source, count]) => {
      const read = new Function(`return (${source})`)();
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const decoder = new ImageDecoder({ data, type: 'image/gif' });
      await decoder.tracks.ready;
      const track = decoder.tracks.selectedTrack;
      if (!track) throw new Error('no image track');
      const frames = [];
      for (let i = 0; i < Math.min(track.frameCount, count); i++) {
        const { image } = await decoder.decode({ frameIndex: i });
        const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
        ctx.drawImage(image, 0, 0);
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        frames.push({ duration: image.duration ?? 0, width: canvas.width, height: canvas.height, read: read(pixels, canvas.width, canvas.height) });
        image.close();
      }
      return { repetition: track.repetitionCount, frames };
    },
    /** @type {const} */ ([Buffer.from(bytes).toString('base64'), read.toString(), count]),
  );
}

/**
 * Whether a board shows the warning sign on a square (a King in check, a threatened piece): a
 * point of its dark red triangle, in the square's bottom-left part (render.js `warning`, centred
 * at 0.2 and 0.78 of the square), with the board seen from White.
 *
 * @param {Page} page
 * @param {string} square
 * @param {string} [canvas]  the board's canvas: the game page's unless told
 */
export async function warningOn(page, square, canvas) {
  const [[r = 0, g = 0, b = 0] = []] = await pixels(page, [[square, -0.364, 0.344]], canvas);
  return r > 90 && g < 40 && b < 40;
}
