// Which of two wasm builds is faster, and by how much, on a machine too noisy for separate
// runs to tell (the virtual machines here swing 2× between runs). Both builds are loaded
// into one process and take turns: each pair of turns runs perft 4 from the start and then
// the `ultima bench` searches, A then B or B then A in alternate pairs, so a slow spell of
// the machine falls on both. The figure is the median, over the pairs, of B's speed / A's
// speed, with its quartiles. Run against a copy of itself (A/A), it gives 1.00 ± 0.01.
//
// A build is a folder of wasm-bindgen's output (ultima-wasm.js, ultima-wasm_bg.wasm), e.g. a
// copy of dist/ from each checkout or build setting. By default both run in node's V8, timed
// in CPU time; with --chromium, in one page of headless Chromium, timed by its clock.
//   node bench/wasm-ab.mjs [--chromium] <folder A> <folder B> [pairs] [search depth]
//   (default 80 pairs, depth 8: about three minutes)
import { copyFile, mkdtemp, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wholeNumber } from './args.mjs';
import { BENCH_POSITIONS } from './positions.mjs';
import { medianAndQuartiles } from './stats.mjs';
import { loadInNode, openBlankPage } from './wasm-host.mjs';

const FILES = ['ultima-wasm.js', 'ultima-wasm_bg.wasm'];

const inChromium = process.argv.includes('--chromium');
const [dirA, dirB, pairsText, depthText] = process.argv
  .slice(2)
  .filter((a) => a !== '--chromium');
if (!dirA || !dirB) throw new Error('usage: node bench/wasm-ab.mjs [--chromium] <folder A> <folder B> [pairs] [depth]');
const pairs = wholeNumber(pairsText, 'pairs', 80, 2, 10_000);
const depth = wholeNumber(depthText, 'the search depth', 8, 1, 14);

const ratios = inChromium ? await inPage() : await inNode();
for (const [name, xs] of /** @type {const} */ ([
  ['perft 4', ratios.perft],
  [`searches at depth ${depth}`, ratios.search],
])) {
  console.log(`${name}: B / A speed ${medianAndQuartiles(xs)}, ${inChromium ? 'Chromium' : 'node'}`);
}

/**
 * The pairs of turns, in whatever runs the builds: `load` gives the two builds' exports and
 * `clock` the time. Kept as source text so that the page can run the same code.
 */
function pairedTurns() {
  return async (
    /** @type {{ load: (which: 'a' | 'b') => Promise<any>, clock: () => number, pairs: number, depth: number, positions: string[] }} */ o,
  ) => {
    const a = await o.load('a');
    const b = await o.load('b');
    const start = o.positions[0];
    // V8 optimises the hot functions while they run: a warm-up turn for each, which also
    // checks that the two builds do the same work (perft's count, the searches' nodes).
    const [warmA, warmB] = [a, b].map((build) => [
      build.perft(start, 4, undefined),
      o.positions.reduce((sum, fen) => sum + build.searchNodes(fen, 6), 0),
    ]);
    if (String(warmA) !== String(warmB)) {
      throw new Error(`the builds do different work: perft and nodes ${warmA} against ${warmB}`);
    }
    /** @param {() => void} work */
    const timed = (work) => {
      const t0 = o.clock();
      work();
      return o.clock() - t0;
    };
    /**
     * Times `work` on both builds, A first or B first: [A's time, B's time].
     * @param {boolean} aFirst
     * @param {(build: any) => void} work
     */
    const pairOf = (aFirst, work) => {
      const [first, second] = aFirst ? [a, b] : [b, a];
      const t1 = timed(() => work(first));
      const t2 = timed(() => work(second));
      return aFirst ? [t1, t2] : [t2, t1];
    };
    /** @type {number[]} */
    const perft = [];
    /** @type {number[]} */
    const search = [];
    for (let i = 0; i < o.pairs; i++) {
      // B's speed over A's is A's time over B's.
      const [pa, pb] = pairOf(i % 2 === 0, (build) => build.perft(start, 4, undefined));
      const [sa, sb] = pairOf(i % 2 === 0, (build) =>
        o.positions.forEach((fen) => build.searchNodes(fen, o.depth)),
      );
      perft.push(pa / pb);
      search.push(sa / sb);
    }
    return { perft, search };
  };
}

/** Both builds in this process (node's V8), timed in CPU time. */
async function inNode() {
  /** @param {'a' | 'b'} which */
  const load = (which) => loadInNode(pathToFileURL(`${resolve(which === 'a' ? dirA : dirB)}/`));
  const clock = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  return pairedTurns()({ load, clock, pairs, depth, positions: BENCH_POSITIONS });
}

/** Both builds in one page of headless Chromium, served from a copy in a temporary folder. */
async function inPage() {
  const root = await mkdtemp(join(tmpdir(), 'ultima-ab-'));
  try {
    for (const [which, dir] of [['a', dirA], ['b', dirB]]) {
      await mkdir(join(root, which));
      for (const file of FILES) await copyFile(join(dir, file), join(root, which, file));
    }
    const { page, close } = await openBlankPage(root);
    try {
      return await page.evaluate(
        async ({ source, pairs, depth, positions }) => {
          /** @param {'a' | 'b'} which */
          const load = async (which) => {
            const glue = await import(new URL(`${which}/ultima-wasm.js`, location.href).href);
            await glue.default({ module_or_path: new URL(`${which}/ultima-wasm_bg.wasm`, location.href) });
            return glue;
          };
          const run = new Function(`return (${source})()`)();
          return run({ load, clock: () => performance.now(), pairs, depth, positions });
        },
        { source: pairedTurns.toString(), pairs, depth, positions: BENCH_POSITIONS },
      );
    } finally {
      await close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
