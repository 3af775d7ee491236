// How fast the engine runs as wasm (the release build in dist/, in node's V8) against the
// native build (target/release/ultima), on the same work: perft from the start and the
// fixed-depth searches of `ultima bench` (their node signature is checked to be the same).
// Native and wasm runs alternate, round after round, so both meet the same load; each is
// timed in CPU seconds (the native run by /usr/bin/time, the wasm one by process.cpuUsage).
// Prints each round and the median ratio, wasm speed / native speed (1.0: as fast).
//
// Run after `cargo build --release -p ultima-cli` and `trunk build --release`:
//   node bench/wasm-ratio.mjs [rounds] [perft depth] [search depth]   (default 5 5 7)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BENCH_POSITIONS } from './positions.mjs';

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/ultima', root));
const dist = new URL('dist/', root);
const glue = await import(new URL('ultima-wasm.js', dist).href);
glue.initSync({ module: await readFile(new URL('ultima-wasm_bg.wasm', dist)) });

const rounds = Number(process.argv[2] ?? 5);
const perftDepth = Number(process.argv[3] ?? 5);
const searchDepth = Number(process.argv[4] ?? 7);
const start = BENCH_POSITIONS[0];

/**
 * The native build's CPU seconds for `args`, read from GNU time's line on stderr.
 * @param {string[]} args
 */
function nativeCpu(args) {
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', native, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`${native} ${args.join(' ')} failed: ${r.stderr}`);
  const m = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!m) throw new Error(`no CPU time in: ${r.stderr}`);
  return { out: r.stdout, seconds: Number(m[1]) + Number(m[2]) };
}

/**
 * CPU seconds of `work` in this process.
 * @template T
 * @param {() => T} work
 */
function wasmCpu(work) {
  const c0 = process.cpuUsage();
  const value = work();
  const cpu = process.cpuUsage(c0);
  return { value, seconds: (cpu.user + cpu.system) / 1e6 };
}

// V8 compiles wasm in a baseline tier first and optimises the hot functions while they run:
// a warm-up pass, so the rounds time the optimised code.
glue.perft(start, Math.min(perftDepth, 4), undefined);
for (const fen of BENCH_POSITIONS) glue.searchNodes(fen, Math.min(searchDepth, 5));

/** @type {{ perft: number[], search: number[] }} */
const ratios = { perft: [], search: [] };
for (let round = 1; round <= rounds; round++) {
  const nPerft = nativeCpu(['perft', 'start', String(perftDepth)]);
  const wPerft = wasmCpu(() => glue.perft(start, perftDepth, undefined));
  if (Number(nPerft.out.trim()) !== wPerft.value) {
    throw new Error(`perft differs: native ${nPerft.out.trim()}, wasm ${wPerft.value}`);
  }
  const nSearch = nativeCpu(['bench', '--depth', String(searchDepth)]);
  const wSearch = wasmCpu(() =>
    BENCH_POSITIONS.reduce((sum, fen) => sum + glue.searchNodes(fen, searchDepth), 0),
  );
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
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `wasm / native speed, median of ${rounds} alternating rounds: perft ` +
    `${median(ratios.perft).toFixed(3)}, search ${median(ratios.search).toFixed(3)}`,
);
