// How long a step back through a long game takes on the game page, in headless Chromium at
// 1366 × 768: a game of 200 plies (or to its end) of the level 1 computer against itself, then
// 40 steps back from its end (`showPly`, what ← does), each timed from the step to the next
// frame's end (so a step never counts less than a frame, about 16.7 ms). With two builds, their
// rounds alternate and the ratio of the medians' fastest is printed:
//   node bench/step-back.mjs [rounds] [build folder] [other build folder]
// e.g. with the build before a change copied aside first:
//   cp -r dist /tmp/dist-before && (change, trunk build --release) &&
//   node bench/step-back.mjs 3 /tmp/dist-before dist
// A build folder defaults to dist/.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/browser.mjs';
import { serveStatic } from '../e2e/server.mjs';

/** @import { Page } from 'playwright-core' */

const [roundsArg, ...folders] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number from 1, not ${roundsArg}`);
const roots = (folders.length ? folders : ['dist']).map((folder) => `${pathToFileURL(resolve(folder)).pathname}/`);
const STEPS = 40;

const browser = await launch({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
/** @type {number[][]} each build's rounds: the median ms of a step */
const figures = roots.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, root] of roots.entries()) {
      const server = await serveStatic({ root, base: '/' });
      try {
        figures[i]?.push(await stepRound(await browser.context.newPage(), server.url));
      } finally {
        await server.close();
      }
    }
  }
} finally {
  await browser.close();
}
const fastest = figures.map((list) => Math.min(...list));
for (const [i, root] of roots.entries()) {
  console.log(`${root}: ${(fastest[i] ?? 0).toFixed(1)} ms a step back (the fastest round's median of ${STEPS}; all: ${figures[i]?.map((n) => n.toFixed(1)).join(', ')})`);
}
if (fastest.length === 2) console.log(`ratio, second to first: ${((fastest[1] ?? 0) / (fastest[0] ?? 1)).toFixed(2)}`);

/**
 * One round on a fresh page.
 *
 * @param {Page} page
 * @param {string} url
 * @returns {Promise<number>} the median ms of a step back
 */
async function stepRound(page, url) {
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-ready]');
    if (await page.evaluate(() => document.querySelector('dialog#welcome')?.hasAttribute('open') ?? false)) {
      await page.keyboard.press('Escape');
      await page.waitForSelector('body[data-welcomed]');
    }
    return await page.evaluate(async (steps) => {
      const { board, ai } = /** @type {any} */ (window).ultima;
      board.newGame({});
      while (!board.result() && board.history().length < 200) board.play(await ai.think(board.record(), 1));
      const plies = board.history().length;
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < steps; i++) {
        const started = performance.now();
        board.showPly(plies - 2 - i);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)] ?? 0;
    }, STEPS);
  } finally {
    await page.close();
  }
}
