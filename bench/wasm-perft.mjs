// Times the rules engine compiled to wasm (the release build in dist/) on perft, to compare
// with the native `ultima perft`. Run after `cargo xtask test` (or `trunk build --release`):
//   node bench/wasm-perft.mjs [depth]        (default: start position, depth 5)
import { performance } from "node:perf_hooks";
import { loadInNode } from "./wasm-host.mjs";

const dist = new URL("../dist/", import.meta.url);
const glue = await loadInNode(dist);

const depth = Number(process.argv[2] ?? 5);
const start = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";
// CPU time as well as wall time: on a busy machine CPU time is the fairer comparison.
let best = { wall: Infinity, cpu: Infinity };
let nodes = 0;
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  nodes = glue.perft(start, depth, undefined);
  const cpu = process.cpuUsage(c0);
  best.wall = Math.min(best.wall, performance.now() - t0);
  best.cpu = Math.min(best.cpu, (cpu.user + cpu.system) / 1000);
}
const rate = (/** @type {number} */ ms) => (nodes / (ms / 1000) / 1e6).toFixed(1);
console.log(
  `wasm perft ${depth}: ${nodes} nodes, best of 3: ${best.wall.toFixed(0)} ms wall ` +
    `(${rate(best.wall)} M nodes/s), ${best.cpu.toFixed(0)} ms CPU (${rate(best.cpu)} M nodes/s)`,
);
