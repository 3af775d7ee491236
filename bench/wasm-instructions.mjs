// The instructions the wasm build executes against the native build's, on the same work as
// bench/wasm-ratio.mjs (perft from the start, the searches of `ultima bench`), counted by
// callgrind. Timings on a shared virtual machine swing by up to 2× from run to run; these
// counts repeat to a few parts in a thousand, so a change to the code's shape can be judged
// by them on any machine before it is timed on a quiet one. Instructions are not time (wasm's
// extra ones are mostly reloads of values V8 keeps in stack slots, which are cheap), so the
// ratios come out lower than the timed ones.
//
// Each figure is the difference of two runs that differ only in depth (depth D less depth 1),
// so process start-up, V8's compilation and the clearing of the search tables cancel: the
// wasm runs are node under callgrind, made repeatable (see `measure`), after the same
// warm-up.
//
// Run after `cargo build --release -p ultima-cli` and `trunk build --release`, with valgrind
// installed (apt-get install valgrind):
//   node bench/wasm-instructions.mjs [perft depth] [search depth]     (default 4 7; about three minutes)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_POSITIONS } from './positions.mjs';
import { wholeNumber } from './args.mjs';
import { benchWork, loadInNode } from './wasm-host.mjs';

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/ultima', root));
const dist = new URL('dist/', root);
const script = fileURLToPath(import.meta.url);
const start = BENCH_POSITIONS[0];

const args = process.argv.slice(2);
if (args[0] === '--wasm') {
  // Inside callgrind: warm up, then one measured run; prints what it computed.
  const [, work, depth] = args;
  const glue = await loadInNode(dist);
  glue.perft(start, 3, undefined);
  for (const fen of BENCH_POSITIONS) glue.searchNodes(fen, 5);
  const { value } = benchWork({
    glue,
    clock: () => 0,
    work: work === 'perft' ? 'perft' : 'search',
    depth: Number(depth),
    start,
    positions: BENCH_POSITIONS,
  });
  console.log(`value ${value}`);
} else {
  // Below perft 3 the work is smaller than V8's own variation (about 0.1 M instructions).
  const perftDepth = wholeNumber(args[0], 'the perft depth', 4, 3, 8);
  const searchDepth = wholeNumber(args[1], 'the search depth', 7, 2, 12);
  const perft = less(measure('perft', perftDepth), measure('perft', 1));
  const search = less(measure('search', searchDepth), measure('search', 1));
  /** @param {number} n */
  const millions = (n) => `${(n / 1e6).toFixed(1)} M`;
  for (const [name, depth, c] of /** @type {const} */ ([
    ['perft', perftDepth, perft],
    ['search', searchDepth, search],
  ])) {
    console.log(
      `${name} depth ${depth} less depth 1: native ${millions(c.native)} instructions, wasm ` +
        `${millions(c.wasm)}; native / wasm ${(c.native / c.wasm).toFixed(3)}`,
    );
  }
}

/**
 * The instructions both builds execute for one perft or bench search at `depth` (start-up and
 * the wasm's warm-up included: they cancel in the differences above), after checking that
 * they count the same perft leaves or search nodes.
 * @param {'perft' | 'search'} work
 * @param {number} depth
 */
function measure(work, depth) {
  const nativeRun =
    work === 'perft'
      ? callgrind(native, 'perft', 'start', String(depth))
      : callgrind(native, 'bench', '--depth', String(depth));
  const wasmRun = callgrind(
    'node',
    // V8's optimising compiler only, and no randomness or background threads: without
    // these flags the same run's count varies by 4%, with them by 0.03%.
    '--no-liftoff',
    '--predictable',
    '--hash-seed=1',
    '--random-seed=1',
    script,
    '--wasm',
    work,
    String(depth),
  );
  const nativeValue =
    work === 'perft' ? nativeRun.out.trim() : /signature (\d+)/.exec(nativeRun.out)?.[1];
  const wasmValue = /value (\d+)/.exec(wasmRun.out)?.[1];
  if (wasmValue === undefined || wasmValue !== nativeValue) {
    throw new Error(`wasm ${work} depth ${depth} gave ${wasmValue}, the native build ${nativeValue}`);
  }
  return { native: nativeRun.total, wasm: wasmRun.total };
}

/**
 * The instructions of `deeper` less those of `shallower`, build by build.
 * @param {{ native: number, wasm: number }} deeper
 * @param {{ native: number, wasm: number }} shallower
 */
function less(deeper, shallower) {
  return { native: deeper.native - shallower.native, wasm: deeper.wasm - shallower.wasm };
}

/**
 * Runs `command` under callgrind (its output file thrown away): the instructions it executed
 * and its standard output.
 * @param {string[]} command
 */
function callgrind(...command) {
  const r = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all', ...command],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.error) throw new Error(`valgrind could not be run (apt-get install valgrind): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`valgrind ${command.join(' ')} failed: ${r.stderr}`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr)?.[1];
  if (!refs) throw new Error(`no instruction count from callgrind in: ${r.stderr}`);
  return { total: Number(refs.replaceAll(',', '')), out: r.stdout };
}
