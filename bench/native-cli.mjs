// Runs a native build of the cli on the timing scripts' work and reads back what it counted
// and how long that took by its own clock: perft from the start, and the searches of `ultima
// bench`, each timed after its engine's tables are made.
import { spawnSync } from 'node:child_process';

/**
 * What one run of some work counted, and the seconds it took by the clock of whoever ran it.
 * @typedef {{ value: number, seconds: number }} Timed
 */

/**
 * The run of `cli` with `args`: its output's line `pattern`, whose groups are the node count
 * and the nodes per second (in units of `scale`); the seconds are their quotient, finer than
 * the time printed (milliseconds).
 * @param {string} cli
 * @param {string[]} args
 * @param {RegExp} pattern
 * @param {number} scale
 * @returns {Timed}
 */
function run(cli, args, pattern, scale) {
  const r = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.error || r.status !== 0) {
    throw new Error(`${cli} ${args.join(' ')} failed: ${r.error?.message ?? r.stderr}`);
  }
  const m = pattern.exec(r.stdout + r.stderr);
  if (!m) throw new Error(`no count and speed in the output of ${cli} ${args.join(' ')}`);
  const value = Number(m[1]);
  return { value, seconds: value / (Number(m[2]) * scale) };
}

/**
 * Perft from the start to `depth`: the leaves counted.
 * @param {string} cli
 * @param {number} depth
 */
export const nativePerft = (cli, depth) =>
  run(cli, ['perft', 'start', String(depth)], /(\d+) nodes in \S+ s: ([\d.]+) million/, 1e6);

/**
 * The bench searches to `depth`: their nodes (the signature).
 * @param {string} cli
 * @param {number} depth
 */
export const nativeSearches = (cli, depth) =>
  run(
    cli,
    ['bench', '--depth', String(depth)],
    /total (\d+) nodes in \S+ s: (\d+) nodes per second/,
    1,
  );
