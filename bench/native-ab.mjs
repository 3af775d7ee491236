// Which of two native builds of the cli is faster, and by how much, on a machine too noisy for
// separate runs to tell: the native counterpart of bench/wasm-ab.mjs. The builds take turns on
// one CPU (bench/one-cpu.mjs), perft from the start and then the `ultima bench` searches, A
// first in every other pair, each timed by the cli's own clock; the figure is the median, over
// the pairs, of B's speed / A's speed, with its quartiles. Both builds must count the same
// perft leaves and search nodes. Against itself (A/A), 40 pairs: perft 1.003 (quartiles
// 0.994-1.010), the searches 1.003 (0.995-1.017).
//
// With --rate, the figure is B's nodes per second over A's and the counts may differ: for two
// builds whose searches differ (the nodes-per-second target against an older cli).
//   node bench/native-ab.mjs [--rate] <cli A> <cli B> [pairs] [perft depth] [search depth]
//   (default 40 4 9: about a minute where perft 4 takes 20 ms and the searches 0.4 s)
import { resolve } from 'node:path';
import { wholeNumber } from './args.mjs';
import { nativePerft, nativeSearches } from './native-cli.mjs';
import { stayOnOneCpu } from './one-cpu.mjs';
import { medianAndQuartiles } from './stats.mjs';

stayOnOneCpu();

const byRate = process.argv.includes('--rate');
const [cliA, cliB, ...numbers] = process.argv.slice(2).filter((a) => a !== '--rate');
if (!cliA || !cliB) {
  throw new Error(
    'usage: node bench/native-ab.mjs [--rate] <cli A> <cli B> [pairs] [perft depth] [search depth]',
  );
}
const pairs = wholeNumber(numbers[0], 'pairs', 40, 2, 10_000);
const perftDepth = wholeNumber(numbers[1], 'the perft depth', 4, 2, 8);
const searchDepth = wholeNumber(numbers[2], 'the search depth', 9, 2, 30);
// The same file given twice is still two builds: an A/A run times the one cli against itself.
const [a, b] = [resolve(cliA), resolve(cliB)];

/**
 * Times `work` on both builds, A first or B first: B's speed over A's, A's seconds over B's
 * for the same count, or with --rate B's count per second over A's.
 * @param {boolean} aFirst
 * @param {(cli: string) => import('./native-cli.mjs').Timed} work
 * @param {string} what
 */
function pairOf(aFirst, work, what) {
  const [first, second] = aFirst ? [a, b] : [b, a];
  const t1 = work(first);
  const t2 = work(second);
  const [ta, tb] = aFirst ? [t1, t2] : [t2, t1];
  if (byRate) return tb.value / tb.seconds / (ta.value / ta.seconds);
  if (ta.value !== tb.value) throw new Error(`${what} differs: A ${ta.value}, B ${tb.value}`);
  return ta.seconds / tb.seconds;
}

/** @type {{ perft: number[], search: number[] }} */
const ratios = { perft: [], search: [] };
for (let i = 0; i < pairs; i++) {
  ratios.perft.push(
    pairOf(i % 2 === 0, (cli) => nativePerft(cli, perftDepth), `perft ${perftDepth}`),
  );
  ratios.search.push(
    pairOf(i % 2 === 0, (cli) => nativeSearches(cli, searchDepth), `the nodes at depth ${searchDepth}`),
  );
}
for (const [name, xs] of /** @type {const} */ ([
  [`perft ${perftDepth}`, ratios.perft],
  [`searches at depth ${searchDepth}`, ratios.search],
])) {
  console.log(`${name}: B / A ${byRate ? 'nodes per second' : 'speed'} ${medianAndQuartiles(xs)}`);
}
