// How fast the engine runs as wasm (the release build in dist/) against the native build
// (target/release/ultima), on the same work: perft from the start and the fixed-depth searches
// of `ultima bench` (their node signature is checked to be the same). Native and wasm runs
// alternate, round after round, so both meet the same load. Prints each round and the median
// ratio, wasm speed / native speed (1.0: as fast).
//
// The wasm runs in node's V8 by default, timed in CPU seconds (process.cpuUsage) against the
// native run's CPU seconds (/usr/bin/time). With --chromium it runs in the page of headless
// Chromium instead, the V8 the game's players meet, whose compiler is years newer than node
// 20's; a page can only read the clock, so both sides are then timed by the wall clock.
//
// Run after `cargo build --release -p ultima-cli` and `trunk build --release`:
//   node bench/wasm-ratio.mjs [--chromium] [rounds] [perft depth] [search depth]
//   (default 5 5 11: the searches take about 0.8 s natively, long enough for the ratio to
//   settle; at depth 8 they took under 0.3 s and rounds ranged from 0.56 to 0.88)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_POSITIONS } from './positions.mjs';
import { loadInNode, openBlankPage } from './wasm-host.mjs';

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/ultima', root));
const dist = new URL('dist/', root);

const inChromium = process.argv.includes('--chromium');
const numbers = process.argv.slice(2).filter((a) => a !== '--chromium');
const [rounds, perftDepth, searchDepth] = [5, 5, 11].map((fallback, i) =>
  Number(numbers[i] ?? fallback),
);
const start = BENCH_POSITIONS[0];

/**
 * The native build's seconds for `args` (CPU, or the wall clock's with --chromium), read from
 * GNU time's line on stderr.
 * @param {string[]} args
 */
function nativeRun(args) {
  const r = spawnSync('/usr/bin/time', ['-f', 'times %U %S %e', native, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`${native} ${args.join(' ')} failed: ${r.stderr}`);
  const m = /times ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!m) throw new Error(`no times in: ${r.stderr}`);
  const seconds = inChromium ? Number(m[3]) : Number(m[1]) + Number(m[2]);
  return { out: r.stdout, seconds };
}

/**
 * One timed run of the wasm build: what the export returned and the seconds it took.
 * @typedef {{ value: number, seconds: number }} Timed
 */

/**
 * Where the wasm build runs: perft from a position, and the sum of the bench searches'
 * nodes, each timed where it runs.
 * @typedef {object} WasmRunner
 * @property {(fen: string, depth: number) => Promise<Timed>} perft
 * @property {(depth: number) => Promise<Timed>} search
 * @property {() => Promise<void>} close
 */

/**
 * The wasm build in this process (node's V8), timed in CPU seconds.
 * @returns {Promise<WasmRunner>}
 */
async function inNode() {
  const glue = await loadInNode(dist);
  /**
   * @param {() => number} work
   * @returns {Promise<Timed>}
   */
  const cpu = async (work) => {
    const c0 = process.cpuUsage();
    const value = work();
    const used = process.cpuUsage(c0);
    return { value, seconds: (used.user + used.system) / 1e6 };
  };
  return {
    perft: (fen, depth) => cpu(() => glue.perft(fen, depth, undefined)),
    search: (depth) =>
      cpu(() =>
        BENCH_POSITIONS.reduce((sum, fen) => sum + glue.searchNodes(fen, depth), 0),
      ),
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
    await page.evaluate(async () => {
      const glue = await import(new URL('ultima-wasm.js', location.href).href);
      await glue.default({ module_or_path: new URL('ultima-wasm_bg.wasm', location.href) });
      /** @type {any} */ (globalThis).glue = glue;
    });
  } catch (error) {
    await close();
    throw error;
  }
  // The page's clock, read around the call: a page has no CPU time to read.
  return {
    perft: (fen, depth) =>
      page.evaluate(
        ({ fen, depth }) => {
          const t0 = performance.now();
          const value = /** @type {any} */ (globalThis).glue.perft(fen, depth, undefined);
          return { value, seconds: (performance.now() - t0) / 1000 };
        },
        { fen, depth },
      ),
    search: (depth) =>
      page.evaluate(
        ({ positions, depth }) => {
          const glue = /** @type {any} */ (globalThis).glue;
          const t0 = performance.now();
          let value = 0;
          for (const fen of positions) value += glue.searchNodes(fen, depth);
          return { value, seconds: (performance.now() - t0) / 1000 };
        },
        { positions: BENCH_POSITIONS, depth },
      ),
    close,
  };
}

const wasm = inChromium ? await inChromiumPage() : await inNode();

/** @type {{ perft: number[], search: number[] }} */
const ratios = { perft: [], search: [] };
try {
  // V8 compiles wasm in a baseline tier first and optimises the hot functions while they run:
  // a warm-up pass, so the rounds time the optimised code.
  await wasm.perft(start, Math.min(perftDepth, 4));
  await wasm.search(Math.min(searchDepth, 5));

  for (let round = 1; round <= rounds; round++) {
    const nPerft = nativeRun(['perft', 'start', String(perftDepth)]);
    const wPerft = await wasm.perft(start, perftDepth);
    if (Number(nPerft.out.trim()) !== wPerft.value) {
      throw new Error(`perft differs: native ${nPerft.out.trim()}, wasm ${wPerft.value}`);
    }
    const nSearch = nativeRun(['bench', '--depth', String(searchDepth)]);
    const wSearch = await wasm.search(searchDepth);
    const signature = /signature (\d+)/.exec(nSearch.out)?.[1];
    if (Number(signature) !== wSearch.value) {
      throw new Error(`search signature differs: native ${signature}, wasm ${wSearch.value}`);
    }
    ratios.perft.push(nPerft.seconds / wPerft.seconds);
    ratios.search.push(nSearch.seconds / wSearch.seconds);
    console.log(
      `round ${round}: perft ${perftDepth} native ${nPerft.seconds.toFixed(2)} s, wasm ` +
        `${wPerft.seconds.toFixed(2)} s (${ratios.perft.at(-1)?.toFixed(3)}); search depth ` +
        `${searchDepth} native ${nSearch.seconds.toFixed(2)} s, wasm ${wSearch.seconds.toFixed(2)} s ` +
        `(${ratios.search.at(-1)?.toFixed(3)}), signature ${wSearch.value}`,
    );
  }
} finally {
  await wasm.close();
}
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `wasm (${inChromium ? 'Chromium' : 'node'}) / native speed, median of ${rounds} alternating rounds: perft ` +
    `${median(ratios.perft).toFixed(3)}, search ${median(ratios.search).toFixed(3)}`,
);
