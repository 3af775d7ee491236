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
// wasm runs are node under callgrind, made repeatable (see `wasmCount`), after the same
// warm-up.
//
// Run after `cargo build --release -p ultima-cli` and `trunk build --release`, with valgrind
// installed (apt-get install valgrind):
//   node bench/wasm-instructions.mjs [perft depth] [search depth]     (default 4 7; about three minutes)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BENCH_POSITIONS } from './positions.mjs';

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/ultima', root));
const dist = new URL('dist/', root);
const script = fileURLToPath(import.meta.url);
const start = BENCH_POSITIONS[0];

const args = process.argv.slice(2);
if (args[0] === '--wasm') {
  // Inside callgrind: warm up, then one measured run; prints what it computed.
  const [, work, depth] = args;
  const glue = await import(new URL('ultima-wasm.js', dist).href);
  glue.initSync({ module: await readFile(new URL('ultima-wasm_bg.wasm', dist)) });
  glue.perft(start, 3, undefined);
  for (const fen of BENCH_POSITIONS) glue.searchNodes(fen, 5);
  const value =
    work === 'perft'
      ? glue.perft(start, Number(depth), undefined)
      : BENCH_POSITIONS.reduce((sum, fen) => sum + glue.searchNodes(fen, Number(depth)), 0);
  console.log(`value ${value}`);
} else {
  const [perftDepth, searchDepth] = [4, 7].map((fallback, i) => depthArg(args[i], fallback));
  const perft = {
    wasm: wasmCount('perft', perftDepth) - wasmCount('perft', 1),
    native: count(native, 'perft', 'start', String(perftDepth)) - count(native, 'perft', 'start', '1'),
  };
  const search = {
    wasm: wasmCount('search', searchDepth) - wasmCount('search', 1),
    native:
      count(native, 'bench', '--depth', String(searchDepth)) - count(native, 'bench', '--depth', '1'),
  };
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
 * A depth from the command line, or `fallback` when none is given.
 * @param {string | undefined} text
 * @param {number} fallback
 */
function depthArg(text, fallback) {
  if (text === undefined) return fallback;
  const depth = Number(text);
  if (!Number.isInteger(depth) || depth < 2 || depth > 12) {
    throw new Error(`a depth is a whole number from 2 to 12, not "${text}"`);
  }
  return depth;
}

/**
 * The instructions the wasm build executes for one perft or bench search at `depth`, warm-up
 * included (it cancels in the differences above). The node counts are checked against the
 * native build's, so both count the same work.
 * @param {'perft' | 'search'} work
 * @param {number} depth
 */
function wasmCount(work, depth) {
  const { total, out } = callgrind(
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
  const value = /value (\d+)/.exec(out)?.[1];
  const expected =
    work === 'perft'
      ? run(native, 'perft', 'start', String(depth)).trim()
      : /signature (\d+)/.exec(run(native, 'bench', '--depth', String(depth)))?.[1];
  if (value === undefined || value !== expected) {
    throw new Error(`wasm ${work} depth ${depth} gave ${value}, the native build ${expected}`);
  }
  return total;
}

/**
 * The instructions a native command executes.
 * @param {string[]} command
 */
function count(...command) {
  return callgrind(...command).total;
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

/**
 * A native command's standard output.
 * @param {string[]} command
 */
function run(...command) {
  const [program, ...rest] = command;
  const r = spawnSync(program, rest, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${command.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}
