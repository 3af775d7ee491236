// How long a step back through a long game takes on the game page, in headless Chromium at
// 1366 × 768: a game of 200 plies (or to its end) of the level 1 computer against itself, then
// 40 steps back from its end (`showPly`, what ← does), each timed from the step to the next
// frame's end (so a step never counts less than a frame, about 16.7 ms), their median. With two
// builds, their rounds alternate and the ratio of the fastest rounds is printed:
//   node bench/step-back.mjs [rounds] [build folder] [other build folder]
// e.g. with the build before a change copied aside first:
//   cp -r dist /tmp/dist-before && (change, trunk build --release) &&
//   node bench/step-back.mjs 3 /tmp/dist-before dist
// A build folder defaults to dist/.
import { alternateRounds, pageBenchArgs, printFastest } from './page-rounds.mjs';

const STEPS = 40;

const { rounds, roots } = pageBenchArgs(process.argv.slice(2), 3);
const figures = await alternateRounds(rounds, roots, async (page) => ({
  step: await page.evaluate(async (steps) => {
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
  }, STEPS),
}));
console.log('a step back:');
printFastest(`ms (the round's median of ${STEPS})`, roots, figures.map((build) => build.step ?? []));
