// The board canvas compared with golden images (e2e/golden/*.png): the start position in each
// piece set, and a position with every highlight (last move, a frozen piece, a picked-up piece
// with quiet and capturing destinations, a pointed destination and the preview of its captures)
// in both themes, seen from both sides.
// The pictures are made deterministic: a 480-pixel board at devicePixelRatio 1, animations off
// (reduced motion), fixed positions, the pointer parked on the pointed square.
//
// The comparison runs in the page: the golden PNG is decoded by the browser (an <img> drawn on a
// canvas) and compared with the board's pixels. A pixel differs when one of its channels is off
// by more than TOLERANCE; the test fails when more than MAX_DIFFERING of the pixels differ. So
// anti-aliasing and font hinting on another machine pass, but a real change of the picture (a
// colour, a mark, a piece) fails. On failure the actual picture and a diff (differing pixels red
// over a faded copy) are written to test-artifacts/golden-<name>-actual.png and -diff.png.
//
// The coordinates are text in Chromium's sans-serif, which on Debian is Liberation Sans (package
// fonts-liberation, which `cargo xtask test` installs with Chromium); the test first checks that
// this is the font in use, since another font changes about 0.3% of the pixels, more than a real
// change of the labels' colour does (about 0.1%).
//
// To accept a deliberate change of the picture: UPDATE_GOLDEN=1 node --test e2e/golden.test.mjs
// rewrites the golden images; look at them before committing.

import assert from 'node:assert/strict';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, centre, click, onBoard, openGame, painted, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** The board's side in CSS pixels (and, at ratio 1, in canvas pixels). */
const SIZE = 480;
/** The largest channel difference (0–255) that still counts as the same pixel. */
const TOLERANCE = 24;
/** The largest share of differing pixels that still counts as the same picture. */
const MAX_DIFFERING = 0.001;
/** The font file behind Chromium's sans-serif on Debian. */
const LIBERATION_SANS = '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf';

const served = useServedDist({ browser: { viewport: { width: 1100, height: 850 }, deviceScaleFactor: 1, reducedMotion: 'reduce' } });

before(async () => {
  await access(LIBERATION_SANS).catch(() => {
    throw new Error(`${LIBERATION_SANS} is missing: install Debian's fonts-liberation (cargo xtask test does)`);
  });
  if (UPDATE) await mkdir(GOLDEN, { recursive: true });
});

/**
 * The page with its board at SIZE pixels, in the green theme, seen from White.
 *
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
async function openFixed() {
  const opened = await openGame(served.context, served.url);
  await opened.page.addStyleTag({ content: `.board { width: ${SIZE}px !important; }` });
  await opened.page.waitForFunction((size) => document.querySelector('canvas#board')?.getAttribute('width') === String(size), SIZE);
  await onBoard(opened.page, (board) => board.set({ theme: 'green', orientation: 'white', coordinates: true }));
  const labelFont = await opened.page.evaluate(() => {
    const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    const width = (/** @type {string} */ font) => {
      ctx.font = font;
      return ctx.measureText('a1b2c3d4e5f6g7h8').width;
    };
    return width('700 40px sans-serif') === width("700 40px 'Liberation Sans'");
  });
  assert.ok(labelFont, "Chromium's sans-serif is not Liberation Sans: the golden images need it");
  return opened;
}

/**
 * @typedef {object} Comparison
 * @property {number} width
 * @property {number} height
 * @property {string} actual  the board's picture, a PNG data URL
 * @property {number | null} differing  share of differing pixels, null without a golden
 * @property {string | null} sizeProblem  when the golden image has another size
 * @property {string | null} diff  a PNG data URL: differing pixels red over a faded actual picture
 */

/**
 * Compares the board canvas with a golden PNG, in the page.
 *
 * @param {Page} page
 * @param {string | null} golden the golden PNG as a data URL, or null to only read the canvas
 * @returns {Promise<Comparison>}
 */
function compare(page, golden) {
  return page.evaluate(
    async ({ golden, tolerance }) => {
      const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('canvas#board'));
      const { width, height } = canvas;
      const context = (/** @type {HTMLCanvasElement} */ c) => /** @type {CanvasRenderingContext2D} */ (c.getContext('2d', { willReadFrequently: true }));
      const actual = context(canvas).getImageData(0, 0, width, height);
      const result = { width, height, actual: canvas.toDataURL('image/png'), differing: /** @type {number | null} */ (null), sizeProblem: /** @type {string | null} */ (null), diff: /** @type {string | null} */ (null) };
      if (golden === null) return result;
      const image = new Image();
      image.src = golden;
      await image.decode();
      if (image.naturalWidth !== width || image.naturalHeight !== height) {
        result.sizeProblem = `golden ${image.naturalWidth}×${image.naturalHeight}, board ${width}×${height}`;
        return result;
      }
      const scratch = document.createElement('canvas');
      scratch.width = width;
      scratch.height = height;
      const ctx = context(scratch);
      ctx.drawImage(image, 0, 0);
      const expected = ctx.getImageData(0, 0, width, height);
      const marked = ctx.createImageData(width, height);
      let count = 0;
      for (let i = 0; i < actual.data.length; i += 4) {
        let worst = 0;
        for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs((actual.data[i + c] ?? 0) - (expected.data[i + c] ?? 0)));
        const grey = 155 + ((actual.data[i] ?? 0) + (actual.data[i + 1] ?? 0) + (actual.data[i + 2] ?? 0)) / 8;
        const differs = worst > tolerance;
        if (differs) count += 1;
        marked.data.set(differs ? [255, 0, 0, 255] : [grey, grey, grey, 255], i);
      }
      result.differing = count / (width * height);
      ctx.putImageData(marked, 0, 0);
      result.diff = scratch.toDataURL('image/png');
      return result;
    },
    { golden, tolerance: TOLERANCE },
  );
}

/** @param {string} url a PNG data URL @returns {Buffer} */
const pngBytes = (url) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/**
 * Checks the board against e2e/golden/<name>.png (or rewrites it with UPDATE_GOLDEN=1).
 *
 * @param {Page} page
 * @param {string} name
 * @param {import('node:test').TestContext} t
 */
async function assertGolden(page, name, t) {
  await painted(page);
  const file = `${GOLDEN}${name}.png`;
  if (UPDATE) {
    const { actual } = await compare(page, null);
    await writeFile(file, pngBytes(actual));
    return;
  }
  const stored = await readFile(file).catch(() => null);
  assert.ok(stored, `no golden image ${file}: run UPDATE_GOLDEN=1 node --test e2e/golden.test.mjs`);
  const result = await compare(page, `data:image/png;base64,${stored.toString('base64')}`);
  t.diagnostic(`${name}: ${((result.differing ?? 1) * 100).toFixed(3)}% of the pixels differ`);
  const ok = result.sizeProblem === null && result.differing !== null && result.differing <= MAX_DIFFERING;
  if (!ok) {
    await writeFile(`${ARTIFACTS}golden-${name}-actual.png`, pngBytes(result.actual));
    if (result.diff) await writeFile(`${ARTIFACTS}golden-${name}-diff.png`, pngBytes(result.diff));
  }
  assert.equal(result.sizeProblem, null, `${name}: ${result.sizeProblem}`);
  assert.ok(
    ok,
    `${name}: ${((result.differing ?? 1) * 100).toFixed(2)}% of the pixels differ from ${file} (at most ` +
      `${MAX_DIFFERING * 100}% may); see test-artifacts/golden-${name}-actual.png and -diff.png`,
  );
}

for (const pieceSet of /** @type {const} */ (['chess', 'abstract'])) {
  test(`the start position in the ${pieceSet} set matches its golden image`, { timeout: 60_000 }, async (t) => {
    const { page, problems } = await openFixed();
    await page.selectOption('#piece-set', pieceSet);
    await assertGolden(page, `start-${pieceSet}`, t);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

/** The highlights in both themes and both orientations (the coordinates move with them). */
const HIGHLIGHTS = /** @type {const} */ ([
  { name: 'highlights-chess', pieceSet: 'chess', theme: 'green', orientation: 'white' },
  { name: 'highlights-abstract-neutral-black', pieceSet: 'abstract', theme: 'neutral', orientation: 'black' },
]);

for (const { name, pieceSet, theme, orientation } of HIGHLIGHTS) {
  test(`a position with every highlight matches its golden image (${pieceSet}, ${theme}, ${orientation} below)`, { timeout: 60_000 }, async (t) => {
    const { page, problems } = await openFixed();
    await onBoard(page, (board, view) => board.set(view), { pieceSet, theme, orientation });
    // Black's Pawn a4-a5 (the last move); Black's Immobilizer on h3 freezes White's Pawn on h2.
    await onBoard(page, (board) => {
      board.newGame({ position: '4k3/8/8/8/p7/7i/p6P/L3K3 b' });
      board.play('a4-a5');
    });
    // White's Long Leaper picked up, the pointer on a6: both Pawns framed for capture.
    await click(page, 'a1');
    const a6 = await centre(page, 'a6');
    await page.mouse.move(a6.x, a6.y);
    assert.equal(await page.getAttribute('.ultima-mirror', 'data-preview'), 'a2 a5');
    assert.equal(await page.getAttribute('.ultima-mirror', 'data-frozen'), 'h2');
    await assertGolden(page, name, t);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
