// The main thread's work for each move of a dragged piece on the game page, in headless
// Chromium at 1366 × 768: a piece dragged back and forth (six strokes of 30 pointer moves), and
// a sampling profile of the page (CDP Profiler, every 100 µs) counting the time that was not
// idle. Two drags: a Pawn of the start drawn slowly up three squares (b2-b5: ten pointer moves
// a square, a hand's drag at 60 Hz), and a Long Leaper swept fast across the board, diagonally
// (a1-h8 of a position with it: about four moves a square, what it shows changing at each).
// With two builds, their rounds alternate and the ratio of the fastest rounds is printed:
//   node bench/drag-frames.mjs [rounds] [build folder] [other build folder]
// e.g. with the build before a change copied aside first:
//   cp -r dist /tmp/dist-before && (change, trunk build --release) &&
//   node bench/drag-frames.mjs 5 /tmp/dist-before dist
// A build folder defaults to dist/.
import { alternateRounds, pageBenchArgs, printFastest } from './page-rounds.mjs';

/** @import { Page } from 'playwright-core' */

const STROKES = 6;
const STEPS = 30;
/** The two drags, in this order on one page: the position (null: the page's own start) and the squares. */
const DRAGS = {
  'a Pawn, slowly (b2-b5)': { position: null, from: 'b2', to: 'b5' },
  'a Long Leaper, swept fast (a1-h8)': { position: '4k3/8/8/p7/8/8/p7/L3K3 w', from: 'a1', to: 'h8' },
};

const { rounds, roots } = pageBenchArgs(process.argv.slice(2), 5);
const figures = await alternateRounds(rounds, roots, async (page) => {
  /** @type {Record<string, number>} */
  const round = {};
  for (const [name, drag] of Object.entries(DRAGS)) round[name] = await dragged(page, drag);
  return round;
});
for (const name of Object.keys(DRAGS)) {
  console.log(`${name}:`);
  printFastest('ms a pointer move', roots, figures.map((build) => build[name] ?? []));
}

/**
 * One drag, its moves and captures shown as it goes.
 *
 * @param {Page} page
 * @param {{ position: string | null, from: string, to: string }} drag
 * @returns {Promise<number>} ms of the main thread's work per pointer move
 */
async function dragged(page, drag) {
  if (drag.position) await page.evaluate((position) => /** @type {any} */ (window).ultima.board.newGame({ position }), drag.position);
  const centre = (/** @type {string} */ square) => page.evaluate((square) => /** @type {any} */ (window).ultima.board.squareCenter(square), square);
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
  await cdp.detach();
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  const deltas = profile.timeDeltas ?? [];
  const busy = (profile.samples ?? []).reduce((sum, id, i) => sum + (idle.has(id) ? 0 : (deltas[i] ?? 0)), 0);
  return busy / 1000 / (STROKES * STEPS);
}
