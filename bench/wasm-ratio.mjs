// How fast the engine runs as wasm (the release build in dist/) against the native build
// (target/release/ultima), on the same work: perft from the start and the fixed-depth searches
// of `ultima bench` (their counts are checked to be the same). Prints the median over many
// short pairs of the ratio wasm speed / native speed (1.0: as fast), with its quartiles.
//
// The virtual machines here swing up to 2× in speed within seconds, so a run of each
// build several seconds long, however many rounds, reads the ratio no closer than a tenth.
// Here each pair times native and wasm on one piece of work right after each other (native
// first in every other pair), so that a slow spell most often falls on both, and everything
// runs on one CPU (bench/one-cpu.mjs).
//
// The machine still has slow spells, and in one run wasm lost more than native in them (in
// Chromium, perft 0.70-0.74 in a slow spell against 0.79-0.85 in a fast one): so besides the
// median over all pairs, the script prints the median over the quarter of the pairs where
// native ran fastest, the fast spell's pairs when the run meets both kinds. Across repeated
// runs that figure agreed at least as well as the median over all pairs.
//
// Both sides time only the work: natively the cli's own clock (it times the perft, and each
// bench search after its engine's tables are made); the wasm around the calls, by the clock of
// its process or page. A wasm search's time includes making its engine (16 MB of tables
// cleared), so each search figure, on both sides, is the bench at the given depth less the
// bench at depth 1, which has the same tables made and next to no search.
//
// The wasm runs in node's V8 by default; with --chromium, in a page of headless Chromium, the
// V8 the game's players meet.
//
// Run after `cargo build --release -p ultima-cli` and `trunk build --release`:
//   node bench/wasm-ratio.mjs [--chromium] [pairs] [perft depth] [search depth]
//   (default 40 4 9: about a minute on a machine where perft 4 takes 20 ms natively and
//   the depth-9 searches 0.4 s)
import { fileURLToPath } from 'node:url';
import { nativePerft, nativeSearches } from './native-cli.mjs';
import { stayOnOneCpu } from './one-cpu.mjs';
import { BENCH_POSITIONS } from './positions.mjs';
import { medianAndQuartiles } from './stats.mjs';
import { wholeNumber } from './args.mjs';
import { benchWork, loadInNode, openBlankPage } from './wasm-host.mjs';

stayOnOneCpu();

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/ultima', root));
const dist = new URL('dist/', root);

const inChromium = process.argv.includes('--chromium');
const numbers = process.argv.slice(2).filter((a) => a !== '--chromium');
const pairs = wholeNumber(numbers[0], 'pairs', 40, 2, 10_000);
const perftDepth = wholeNumber(numbers[1], 'the perft depth', 4, 2, 8);
const searchDepth = wholeNumber(numbers[2], 'the search depth', 9, 2, 14);
const start = BENCH_POSITIONS[0];

/** @typedef {import('./native-cli.mjs').Timed} Timed */

/**
 * Where the wasm build runs: perft from the start, and the sum of the bench searches' nodes,
 * each timed where it runs.
 * @typedef {object} WasmRunner
 * @property {(depth: number) => Promise<Timed>} perft
 * @property {(depth: number) => Promise<Timed>} search
 * @property {() => Promise<void>} close
 */

/**
 * The wasm build in this process (node's V8), timed by the wall clock as the native side is.
 * @returns {Promise<WasmRunner>}
 */
async function inNode() {
  const glue = await loadInNode(dist);
  /** @param {'perft' | 'search'} work @param {number} depth */
  const timed = async (work, depth) =>
    benchWork({ glue, clock: () => performance.now(), work, depth, start, positions: BENCH_POSITIONS });
  return {
    perft: (depth) => timed('perft', depth),
    search: (depth) => timed('search', depth),
    close: async () => {},
  };
}

/**
 * The wasm build in a blank page of headless Chromium, served from dist/ as the game is, timed
 * by the page's clock.
 * @returns {Promise<WasmRunner>}
 */
async function inChromiumPage() {
  const { page, close } = await openBlankPage(fileURLToPath(dist));
  try {
    // The build and the work are set up once; each timed call then only runs the work.
    await page.evaluate(async (source) => {
      const glue = await import(new URL('ultima-wasm.js', location.href).href);
      await glue.default({ module_or_path: new URL('ultima-wasm_bg.wasm', location.href) });
      /** @type {any} */ (globalThis).glue = glue;
      /** @type {any} */ (globalThis).benchWork = new Function(`return ${source}`)();
    }, benchWork.toString());
  } catch (error) {
    await close();
    throw error;
  }
  /** @param {'perft' | 'search'} work @param {number} depth */
  const timed = (work, depth) =>
    page.evaluate(
      ({ work, depth, start, positions }) => {
        const { glue, benchWork } = /** @type {any} */ (globalThis);
        return benchWork({ glue, clock: () => performance.now(), work, depth, start, positions });
      },
      { work, depth, start, positions: BENCH_POSITIONS },
    );
  return {
    perft: (depth) => timed('perft', depth),
    search: (depth) => timed('search', depth),
    close,
  };
}

/**
 * Runs the native and the wasm side of one piece of work one after the other, native first
 * if `nativeFirst`, and checks that they counted the same: [native's run, wasm's run].
 * @param {boolean} nativeFirst
 * @param {() => Timed} onNative
 * @param {() => Promise<Timed>} onWasm
 * @param {string} what
 * @returns {Promise<[Timed, Timed]>}
 */
async function pairOf(nativeFirst, onNative, onWasm, what) {
  /** @type {[Timed, Timed]} */
  let pair;
  if (nativeFirst) {
    const n = onNative();
    pair = [n, await onWasm()];
  } else {
    const w = await onWasm();
    pair = [onNative(), w];
  }
  if (pair[0].value !== pair[1].value) {
    throw new Error(`${what} differs: native ${pair[0].value}, wasm ${pair[1].value}`);
  }
  return pair;
}

const wasm = inChromium ? await inChromiumPage() : await inNode();

/**
 * One pair's seconds for a piece of work.
 * @typedef {{ native: number, wasm: number }} Pair
 */
/** @type {{ perft: Pair[], search: Pair[] }} */
const times = { perft: [], search: [] };
/** @param {number} seconds */
const ms = (seconds) => `${(seconds * 1000).toFixed(1)} ms`;
try {
  // V8 compiles wasm in a baseline tier first and optimises the hot functions while they run:
  // a warm-up pass, so the pairs time the optimised code.
  await wasm.perft(Math.min(perftDepth, 4));
  await wasm.search(Math.min(searchDepth, 5));

  for (let i = 0; i < pairs; i++) {
    const nativeFirst = i % 2 === 0;
    const [nPerft, wPerft] = await pairOf(
      nativeFirst,
      () => nativePerft(native, perftDepth),
      () => wasm.perft(perftDepth),
      `perft ${perftDepth}`,
    );
    const [nDeep, wDeep] = await pairOf(
      nativeFirst,
      () => nativeSearches(native, searchDepth),
      () => wasm.search(searchDepth),
      `the nodes of the searches at depth ${searchDepth}`,
    );
    const [nShallow, wShallow] = await pairOf(
      nativeFirst,
      () => nativeSearches(native, 1),
      () => wasm.search(1),
      'the nodes of the searches at depth 1',
    );
    const perft = { native: nPerft.seconds, wasm: wPerft.seconds };
    const search = {
      native: nDeep.seconds - nShallow.seconds,
      wasm: wDeep.seconds - wShallow.seconds,
    };
    times.perft.push(perft);
    times.search.push(search);
    console.log(
      `pair ${i + 1}: perft native ${ms(perft.native)}, wasm ${ms(perft.wasm)} ` +
        `(${(perft.native / perft.wasm).toFixed(3)}); searches native ${ms(search.native)}, ` +
        `wasm ${ms(search.wasm)} (${(search.native / search.wasm).toFixed(3)})`,
    );
  }
} finally {
  await wasm.close();
}

for (const [name, pairs] of /** @type {const} */ ([
  [`perft ${perftDepth}`, times.perft],
  [`searches at depth ${searchDepth} less depth 1`, times.search],
])) {
  const ratio = (/** @type {Pair} */ p) => p.native / p.wasm;
  const fastest = [...pairs].sort((a, b) => a.native - b.native).slice(0, Math.ceil(pairs.length / 4));
  console.log(
    `${name}: wasm (${inChromium ? 'Chromium' : 'node'}) / native speed ` +
      `${medianAndQuartiles(pairs.map(ratio))}; in the quarter where native ran fastest ` +
      `${medianAndQuartiles(fastest.map(ratio))}`,
  );
}
