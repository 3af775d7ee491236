// Times the engine compiled to wasm (the release build in dist/) on the positions of
// `ultima bench`, each searched to a fixed depth by a fresh engine with a 16 MB table: the
// node counts (and their total, the signature) equal the native ones, so the two compare the
// same work. Run after `trunk build --release`:
//   node bench/wasm-search.mjs [depth] [passes]      (default depth 7, 3 passes)
// against: /usr/bin/time -f %U target/release/ultima bench --depth 7
// With --file F, the positions of F instead (one position string a line, `#` lines skipped,
// as `ultima bench --file F` reads it), e.g. bench/positions.txt's 207.
//
// A warm-up pass at depth 5 comes first: V8 runs new wasm code in its baseline compiler and
// recompiles the hot functions with its optimising one while they run, and what the
// comparison is about is the optimised code. Each timed pass prints its CPU time; the
// fastest is the figure (load on a shared machine only ever adds time).
//
// For a count that does not depend on the load, run the passes under callgrind with V8's
// optimising compiler only and on one thread, once with 0 passes and once with 1; the
// difference is one pass's instructions:
//   valgrind --tool=callgrind --smc-check=all node --no-liftoff --single-threaded \
//     bench/wasm-search.mjs 5 1
import { readFile } from 'node:fs/promises';
import { BENCH_POSITIONS } from './positions.mjs';
import { loadInNode } from './wasm-host.mjs';

const dist = new URL('../dist/', import.meta.url);
const glue = await loadInNode(dist);

const args = process.argv.slice(2);
const fileAt = args.indexOf('--file');
const file = fileAt < 0 ? undefined : args.splice(fileAt, 2)[1];
if (fileAt >= 0 && !file) throw new Error('--file needs a file of positions');
const positions = file ? readPositions(await readFile(file, 'utf8')) : BENCH_POSITIONS;
if (positions.length === 0) throw new Error(`${file} holds no position`);
const depth = Number(args[0] ?? 7);
const passes = Number(args[1] ?? 3);
for (const fen of positions.slice(0, 20)) glue.searchNodes(fen, 5);

let best = Infinity;
let signature = 0;
for (let pass = 1; pass <= passes; pass++) {
  const c0 = process.cpuUsage();
  signature = 0;
  for (const fen of positions) signature += glue.searchNodes(fen, depth);
  const cpu = process.cpuUsage(c0);
  const ms = (cpu.user + cpu.system) / 1000;
  best = Math.min(best, ms);
  console.log(`pass ${pass}: ${signature} nodes in ${ms.toFixed(0)} ms CPU`);
}
if (passes > 0) {
  console.log(
    `wasm search depth ${depth}: fastest pass ${best.toFixed(0)} ms CPU, ` +
      `${(signature / (best / 1000)).toFixed(0)} nodes per second (signature ${signature})`,
  );
}

/**
 * The position strings of a file, one a line; blank lines and `#` comments skipped.
 * @param {string} text
 */
function readPositions(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}
