// Keeps a timing script on one CPU. The two virtual CPUs of the machines here often differ in
// speed, and a process moved from one to the other between two timed runs compares the CPUs,
// not the builds: native against wasm in node, pairs of runs gave ratios from 0.67 to 1.15
// (16 pairs) across both CPUs and 0.753-0.762 (quartiles) on one.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Runs this script again under `taskset -c 0`, with the same arguments, and exits with its
 * status; returns at once if the process may run on only one CPU already (it then is the
 * script run again). What the script starts, a cli or Chromium, inherits the CPU.
 */
export function stayOnOneCpu() {
  if (availableParallelism() <= 1) return;
  const again = spawnSync('taskset', ['-c', '0', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  if (again.error) throw new Error(`could not run on one CPU with taskset: ${again.error.message}`);
  process.exit(again.status ?? 1);
}
