// Launches Debian's Chromium (/usr/bin/chromium) headless through playwright-core, with a fresh
// profile in a temporary folder and the flags this machine's closed network needs.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** @import { BrowserContext, BrowserContextOptions, Page } from 'playwright-core' */

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Flags for running as root with no network but the loopback: no sandbox (root), no GPU, and no
 * background connections (updates, sync, QUIC), which a closed network would refuse.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * @typedef {object} Browser
 * @property {BrowserContext} context  the browser's one context (its profile is fresh)
 * @property {() => Promise<void>} close  closes the browser and deletes its profile
 */

/**
 * @param {BrowserContextOptions} [options] viewport, deviceScaleFactor, …
 * @returns {Promise<Browser>}
 */
export async function launch(options = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'ultima-e2e-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      ...options,
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Records everything that went wrong on a page: console errors and warnings (but Playwright's
 * own about service workers blocked), uncaught exceptions, failed requests and HTTP error
 * responses.
 *
 * @param {Page} page
 * @returns {string[]} filled as problems happen
 */
export function watchProblems(page) {
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    // Playwright's own word, in a browser launched with `serviceWorkers: 'block'`: the test
    // chose it, the page did nothing wrong.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown';
    // The browser fetches the favicon itself, a little after the load event: a test that
    // reloads or closes the page as soon as it is ready may cut that fetch off, which says
    // nothing about the page.
    if (error === 'net::ERR_ABORTED' && request.resourceType() === 'other' && /\/icon\.svg$/.test(request.url())) return;
    problems.push(`request failed: ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/**
 * Reloads `page`, once the step back over a closed view's history entry (www/view-history.js)
 * has come: a reload asked for before it, in the same few milliseconds as the close, is cut off
 * by it (as no person could). A request the reload itself cuts off — a Web Worker's script still
 * loading when the page goes — says nothing about the page, so it is taken out of `problems` (a
 * `watchProblems` list); everything else stays.
 *
 * @param {Page} page
 * @param {string[]} problems
 */
export async function reloadPage(page, problems) {
  const before = problems.length;
  await page.waitForFunction(() => {
    const view = history.state?.ultimaView;
    return typeof view !== 'string' || document.getElementById(view)?.hasAttribute('open') === true;
  });
  await page.reload();
  for (let i = problems.length - 1; i >= before; i--) {
    if (problems[i].endsWith('(net::ERR_ABORTED)')) problems.splice(i, 1);
  }
}
