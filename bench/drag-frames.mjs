// The main thread's work for each move of a dragged piece on the game page, in headless
// Chromium at 1366 × 768: a piece dragged back and forth (six strokes of 30 pointer moves), and
// a sampling profile of the page (CDP Profiler, every 100 µs) counting the time that was not
// idle. Two drags: a Pawn of the start drawn slowly up three squares (b2-b5: ten pointer moves
// a square, a hand's drag at 60 Hz), and a Long Leaper swept fast across the board, diagonally
// (a1-h8 of a position with it: about four moves a square, what it shows changing at each). With two builds, their rounds alternate and the ratio of the fastest rounds is printed
// (load on a shared machine only ever adds time):
//   node bench/drag-frames.mjs [rounds] [build folder] [other build folder]
// e.g. with the build before a change copied aside first:
//   cp -r dist /tmp/dist-before && (change, trunk build --release) &&
//   node bench/drag-frames.mjs 5 /tmp/dist-before dist
// A build folder defaults to dist/.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/browser.mjs';
import { serveStatic } from '../e2e/server.mjs';

/** @import { Page } from 'playwright-core' */

const [roundsArg, ...folders] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number from 1, not ${roundsArg}`);
const roots = (folders.length ? folders : ['dist']).map((folder) => `${pathToFileURL(resolve(folder)).pathname}/`);
const STROKES = 6;
const STEPS = 30;

const browser = await launch({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 });
/** The two drags: the position (null: the start) and the squares. */
const DRAGS = [
  { name: 'a Pawn, slowly (b2-b5)', position: null, from: 'b2', to: 'b5' },
  { name: 'a Long Leaper, swept fast (a1-h8)', position: '4k3/8/8/p7/8/8/p7/L3K3 w', from: 'a1', to: 'h8' },
];
/** @type {number[][][]} by drag, by build: the rounds' ms of work per pointer move */
const figures = DRAGS.map(() => roots.map(() => []));
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, root] of roots.entries()) {
      const server = await serveStatic({ root, base: '/' });
      try {
        for (const [d, drag] of DRAGS.entries()) figures[d]?.[i]?.push(await dragRound(await browser.context.newPage(), server.url, drag));
      } finally {
        await server.close();
      }
    }
  }
} finally {
  await browser.close();
}
for (const [d, drag] of DRAGS.entries()) {
  console.log(`${drag.name}:`);
  const fastest = (figures[d] ?? []).map((list) => Math.min(...list));
  for (const [i, root] of roots.entries()) {
    console.log(`  ${root}: ${(fastest[i] ?? 0).toFixed(2)} ms a pointer move (fastest of ${rounds}; all: ${figures[d]?.[i]?.map((n) => n.toFixed(2)).join(', ')})`);
  }
  if (fastest.length === 2) console.log(`  ratio, second to first: ${((fastest[1] ?? 0) / (fastest[0] ?? 1)).toFixed(2)}`);
}

/**
 * One round of a drag on a fresh page, its moves and captures shown as it goes.
 *
 * @param {Page} page
 * @param {string} url
 * @param {{ position: string | null, from: string, to: string }} drag
 * @returns {Promise<number>} ms of the main thread's work per pointer move
 */
async function dragRound(page, url, drag) {
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-ready]');
    await page.waitForSelector('canvas#board[data-paints]');
    // The welcome, on the first visit, put away.
    if (await page.evaluate(() => document.querySelector('dialog#welcome')?.hasAttribute('open') ?? false)) {
      await page.keyboard.press('Escape');
      await page.waitForSelector('body[data-welcomed]');
    }
    const centre = (/** @type {string} */ square) => page.evaluate((square) => /** @type {any} */ (window).ultima.board.squareCenter(square), square);
    if (drag.position) await page.evaluate((position) => /** @type {any} */ (window).ultima.board.newGame({ position }), drag.position);
    const from = await centre(drag.from);
    const to = await centre(drag.to);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await cdp.send('Profiler.start');
    for (let stroke = 0; stroke < STROKES; stroke++) {
      const end = stroke % 2 ? from : to;
      await page.mouse.move(end.x, end.y, { steps: STEPS });
    }
    const { profile } = await cdp.send('Profiler.stop');
    await page.mouse.up();
    const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
    const deltas = profile.timeDeltas ?? [];
    const busy = (profile.samples ?? []).reduce((sum, id, i) => sum + (idle.has(id) ? 0 : (deltas[i] ?? 0)), 0);
    return busy / 1000 / (STROKES * STEPS);
  } finally {
    await page.close();
  }
}
