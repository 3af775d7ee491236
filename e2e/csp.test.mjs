// The game page and embed.html under the strict Content-Security-Policy of issue 7 (scripts from
// the page's own origin and wasm compilation only: no inline script, no eval), sent with every
// file, so that it also governs the computer player's worker and the service worker: the page
// loads, the computer answers a move from its worker, the service worker installs and takes
// over, and nothing is refused — no `securitypolicyviolation` event in the page, no "Refused to …"
// or other error in the console of the page or of the worker (where a violation in the worker is
// reported).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchProblems } from './browser.mjs';
import { ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'";

const served = useServedDist({ base: '/strict/', headers: { 'content-security-policy': CSP } });

/**
 * A page whose problems include its workers' console errors and warnings, with CSP violations
 * of the document collected in `window.violations`.
 *
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
async function strictPage() {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`worker console ${message.type()}: ${message.text()}`);
    });
  });
  await page.addInitScript(() => {
    /** @type {any} */ (window).violations = [];
    document.addEventListener('securitypolicyviolation', (e) => /** @type {any} */ (window).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { page, problems };
}

test('the game page under the strict CSP: the computer moves from its worker, the service worker takes over, nothing is refused', { timeout: 90_000 }, async () => {
  const { page, problems } = await strictPage();
  const response = await page.goto(served.url);
  assert.equal(response?.headers()['content-security-policy'], CSP);
  await ready(page);
  // The computer plays White: its worker loads the wasm and searches.
  await page.evaluate(() => /** @type {any} */ (window).ultima.embed.newGame({ mode: 'ai', side: 'black', level: 1 }));
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, undefined, { timeout: 30_000 });
  assert.equal(page.workers().length, 1);
  await page.waitForFunction(() => document.documentElement.dataset.offline !== undefined, undefined, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.offline), 'ready');
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).violations), []);
  assert.deepEqual(problems.filter((p) => /refused|content security policy/i.test(p)), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed.html against the computer under the strict CSP: nothing is refused', { timeout: 90_000 }, async () => {
  const { page, problems } = await strictPage();
  await page.goto(`${served.url}embed.html?mode=ai&side=black&level=1`);
  await page.waitForSelector('canvas[data-paints]', { timeout: 30_000 });
  // The computer's first move is drawn: the board repaints after it.
  await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.paints) > 1, undefined, { timeout: 30_000 });
  assert.equal(page.workers().length, 1);
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).violations), []);
  assert.deepEqual(problems, []);
  await page.close();
});
