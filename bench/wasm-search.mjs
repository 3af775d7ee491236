// Times the engine compiled to wasm (the release build in dist/) on the positions of
// `ultima bench`, each searched to a fixed depth by a fresh engine with a 16 MB table: the
// node counts (and their total, the signature) equal the native ones, so CPU times compare
// the same work. Run after `trunk build --release`:
//   node bench/wasm-search.mjs [depth]       (default 6)
// against: /usr/bin/time -f %U target/release/ultima bench --depth 6
import { readFile } from 'node:fs/promises';
import { BENCH_POSITIONS } from './positions.mjs';

const dist = new URL('../dist/', import.meta.url);
const glue = await import(new URL('ultima-wasm.js', dist).href);
glue.initSync({ module: await readFile(new URL('ultima-wasm_bg.wasm', dist)) });

const depth = Number(process.argv[2] ?? 6);
let totalNodes = 0;
let totalCpu = 0;
for (const fen of BENCH_POSITIONS) {
  const c0 = process.cpuUsage();
  const nodes = glue.searchNodes(fen, depth);
  const cpu = process.cpuUsage(c0);
  const ms = (cpu.user + cpu.system) / 1000;
  totalNodes += nodes;
  totalCpu += ms;
  console.log(`${fen.padEnd(68)} ${String(nodes).padStart(9)} nodes ${ms.toFixed(0).padStart(6)} ms CPU`);
}
console.log(
  `wasm search depth ${depth}: ${totalNodes} nodes in ${totalCpu.toFixed(0)} ms CPU, ` +
    `${(totalNodes / (totalCpu / 1000)).toFixed(0)} nodes per second (signature ${totalNodes})`,
);
