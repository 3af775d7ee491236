// What the benches of the game page in headless Chromium share (drag-frames.mjs, step-back.mjs):
// their command line (rounds, then one or two build folders), the builds served and measured in
// alternating rounds in one browser, and the fastest round of each printed with their ratio
// (load on a shared machine only ever adds time).

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/browser.mjs';
import { serveStatic } from '../e2e/server.mjs';
import { wholeNumber } from './args.mjs';

/** @import { Page } from 'playwright-core' */

/**
 * The command line: `[rounds] [build folder] [other build folder]`, a folder dist/ unless given.
 *
 * @param {string[]} args
 * @param {number} rounds  the rounds unless given
 * @returns {{ rounds: number, roots: string[] }}  the folders as paths ending in "/"
 */
export function pageBenchArgs(args, rounds) {
  const [roundsArg, ...folders] = args;
  return {
    rounds: wholeNumber(roundsArg, 'the rounds', rounds, 1, 1000),
    roots: (folders.length ? folders : ['dist']).map((folder) => `${pathToFileURL(resolve(folder)).pathname}/`),
  };
}

/**
 * Measures each build `rounds` times, the builds alternating, each time on a fresh page of the
 * build served at the root of a server, its welcome (on the first visit) put away.
 *
 * @template {string} K
 * @param {number} rounds
 * @param {string[]} roots
 * @param {(page: Page) => Promise<Record<K, number>>} measure  one round's figures, by name
 * @returns {Promise<Array<Record<K, number[]>>>}  by build, each figure's rounds
 */
export async function alternateRounds(rounds, roots, measure) {
  const browser = await launch({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  /** @type {Array<Record<string, number[]>>} */
  const figures = roots.map(() => ({}));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, root] of roots.entries()) {
        const server = await serveStatic({ root, base: '/' });
        const page = await browser.context.newPage();
        try {
          await page.goto(server.url);
          await page.waitForSelector('body[data-ready]');
          await page.waitForSelector('canvas#board[data-paints]');
          if (await page.evaluate(() => document.querySelector('dialog#welcome')?.hasAttribute('open') ?? false)) {
            await page.keyboard.press('Escape');
            await page.waitForSelector('body[data-welcomed]');
          }
          const built = figures[i] ?? {};
          for (const [name, value] of Object.entries(await measure(page))) (built[name] ??= []).push(Number(value));
        } finally {
          await page.close();
          await server.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return /** @type {Array<Record<K, number[]>>} */ (figures);
}

/**
 * Prints each build's fastest round of a figure, all its rounds, and the second build's ratio
 * to the first's.
 *
 * @param {string} what  the figure, e.g. "ms a pointer move"
 * @param {string[]} roots
 * @param {number[][]} rounds  by build
 */
export function printFastest(what, roots, rounds) {
  const fastest = rounds.map((list) => Math.min(...list));
  for (const [i, root] of roots.entries()) {
    console.log(`  ${root}: ${(fastest[i] ?? 0).toFixed(2)} ${what} (fastest of ${rounds[i]?.length}; all: ${rounds[i]?.map((n) => n.toFixed(2)).join(', ')})`);
  }
  if (fastest.length === 2) console.log(`  ratio, second to first: ${((fastest[1] ?? 0) / (fastest[0] ?? 1)).toFixed(2)}`);
}
