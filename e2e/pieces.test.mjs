// The piece art (www/pieces.js) and legend (www/legend.js), drawn by a test-only page
// (e2e/pieces-preview.html) in headless Chromium: every piece of both sets, both sides, on light
// and dark squares of every board theme, at 30 and 80 pixels per square. Saves the sheets as
// test-artifacts/pieces-<set>.png for people to look at, and checks that every piece drew
// something, that White and Black differ clearly, and that the Chameleon's holes show the square.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { watchProblems } from './browser.mjs';
import { ARTIFACTS, useServedDist } from './game-page.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Centres of the abstract Chameleon's holes, in the 100-unit square (see www/pieces.js). */
const CHAMELEON_HOLES = [
  [33.5, 25.5],
  [22, 50],
  [33.5, 74.5],
];

/**
 * @typedef {object} Cell
 * @property {number} x @property {number} y @property {number} size
 * @property {string} theme @property {string} shade @property {string} side @property {string} role
 * @property {number[]} square  the square's [r, g, b]
 * @property {number} ink  share of the cell's pixels that are not the square's colour
 * @property {number} inkLuminance  mean luminance of those pixels, 0–255
 * @property {number} luminance  mean luminance of the whole cell, 0–255
 * @property {number[][]} holes  [r, g, b] at each Chameleon hole centre
 */

const served = useServedDist({ root: ROOT, base: '/pieces/', needs: 'e2e/pieces-preview.html', browser: { viewport: { width: 1200, height: 1000 }, deviceScaleFactor: 1 } });

for (const set of ['chess', 'abstract']) {
  test(`the ${set} pieces draw clearly on every square`, async () => {
    const page = await served.context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${served.url}e2e/pieces-preview.html?set=${set}`);
    await page.waitForFunction(() => 'sheet' in window);
    await page.locator('#sheet').screenshot({ path: `${ARTIFACTS}pieces-${set}.png` });
    await page.locator('#legend').screenshot({ path: `${ARTIFACTS}pieces-legend-${set}.png` });

    const { cells, unchanged, legendItems } = /** @type {{cells: Cell[], unchanged: boolean, legendItems: number}} */ (
      await page.evaluate((holes) => {
        const sheet = /** @type {any} */ (window).sheet;
        const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('sheet'));
        const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
        const all = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        /** @param {number} x @param {number} y */
        const at = (x, y) => {
          const i = 4 * (y * canvas.width + x);
          return [all[i], all[i + 1], all[i + 2]];
        };
        const cells = sheet.cells.map((/** @type {any} */ cell) => {
          let ink = 0;
          let luminance = 0;
          let total = 0;
          for (let y = cell.y; y < cell.y + cell.size; y++) {
            for (let x = cell.x; x < cell.x + cell.size; x++) {
              const [r, g, b] = at(x, y);
              const [sr, sg, sb] = cell.square;
              total += 0.2126 * r + 0.7152 * g + 0.0722 * b;
              if (Math.max(Math.abs(r - sr), Math.abs(g - sg), Math.abs(b - sb)) > 10) {
                ink++;
                luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
              }
            }
          }
          const centres = holes.map(([hx, hy]) =>
            at(Math.floor(cell.x + (hx * cell.size) / 100), Math.floor(cell.y + (hy * cell.size) / 100)),
          );
          return {
            ...cell,
            ink: ink / (cell.size * cell.size),
            inkLuminance: ink ? luminance / ink : 0,
            luminance: total / (cell.size * cell.size),
            holes: centres,
          };
        });
        return { cells, unchanged: sheet.unchanged, legendItems: sheet.legendItems };
      }, CHAMELEON_HOLES)
    );

    // Each theme at two sizes, two rows (White, Black) of seven roles on a light and a dark square.
    assert.equal(cells.length, 4 * 2 * 2 * 2 * 7, 'every board theme at both sizes');
    assert.ok(unchanged, 'drawPiece left the context changed');
    assert.equal(legendItems, 7, 'the legend lists each role once, replacing the earlier legend');
    for (const cell of cells) {
      const name = `${cell.side} ${cell.role} on ${cell.theme} ${cell.shade} at ${cell.size}px`;
      assert.ok(cell.ink > 0.12, `${name}: drew only ${(cell.ink * 100).toFixed(1)}% of the square`);
      if (cell.side === 'white') {
        const black = cells.find(
          (other) =>
            other.side === 'black' &&
            other.role === cell.role &&
            other.size === cell.size &&
            other.theme === cell.theme &&
            other.shade === cell.shade,
        );
        assert.ok(black);
        // Over the whole square (the White piece's light body may be close to a light square)
        // and over the pieces' own pixels.
        const contrast = cell.luminance - black.luminance;
        const inkContrast = cell.inkLuminance - black.inkLuminance;
        if (process.env.PIECES_DEBUG) console.log(name, contrast.toFixed(0), inkContrast.toFixed(0), (cell.ink * 100).toFixed(0), (black.ink * 100).toFixed(0));
        assert.ok(contrast > 15, `${name}: White and Black differ by only ${contrast.toFixed(0)} in mean luminance`);
        assert.ok(inkContrast > 40, `${name}: White and Black pixels differ by only ${inkContrast.toFixed(0)} in luminance`);
      }
      if (set === 'abstract' && cell.role === 'X') {
        for (const colour of cell.holes) {
          const off = Math.max(...colour.map((v, i) => Math.abs(v - cell.square[i])));
          assert.ok(off <= 6, `${name}: a hole shows ${colour}, not the square's ${cell.square}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
