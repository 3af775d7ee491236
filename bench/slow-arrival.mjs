// A first visit on a slow phone network, in headless Chromium: each build's page loaded in a
// fresh browser (empty cache, no service worker) with the network throttled to 400 ms of latency
// and 1.6 Mbit/s down (what Chrome's tools call slow 4G, close to a poor 3G), the files sent
// uncompressed as the test server sends them. Three moments, from the start of the navigation:
// the board's position drawn (the placeholder's canvas, or the real board), the welcome open,
// and the first move possible (the page's `ultima:playable` mark). The builds alternate, round
// by round; the fastest round of each is printed with the ratio (load only ever adds time).
//
//   trunk build --release && node bench/slow-arrival.mjs [rounds] [build folder] [other build]

import { launch } from '../e2e/browser.mjs';
import { serveStatic } from '../e2e/server.mjs';
import { pageBenchArgs, printFastest } from './page-rounds.mjs';

/** Chrome's "slow 4G" preset, as bytes per second. */
const NETWORK = { offline: false, latency: 400, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const MOMENTS = /** @type {const} */ (['board drawn', 'welcome open', 'first move possible']);

const { rounds, roots } = pageBenchArgs(process.argv.slice(2), 3);
/** @type {Array<Record<string, number[]>>} */
const figures = roots.map(() => ({}));
for (let round = 0; round < rounds; round++) {
  for (const [i, root] of roots.entries()) {
    const server = await serveStatic({ root, base: '/' });
    const browser = await launch({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    try {
      const page = await browser.context.newPage();
      const session = await browser.context.newCDPSession(page);
      await session.send('Network.enable');
      await session.send('Network.emulateNetworkConditions', NETWORK);
      // Each moment as the page reaches it, on its own clock (from the navigation's start).
      await page.addInitScript(() => {
        const seen = /** @type {Record<string, number>} */ ({});
        Object.assign(window, { arrival: seen });
        const watch = () => {
          if (!seen['board drawn'] && document.querySelector('#board-host canvas')) seen['board drawn'] = performance.now();
          if (!seen['welcome open'] && document.querySelector('dialog#welcome[open]')) seen['welcome open'] = performance.now();
        };
        new MutationObserver(watch).observe(document, { subtree: true, childList: true, attributes: true });
      });
      await page.goto(server.url, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('ultima:playable').length > 0, undefined, { timeout: 120_000, polling: 50 });
      const seen = await page.evaluate(() => ({ .../** @type {any} */ (window).arrival, 'first move possible': performance.getEntriesByName('ultima:playable')[0]?.startTime ?? NaN }));
      const built = figures[i] ?? {};
      for (const moment of MOMENTS) (built[moment] ??= []).push(Number(seen[moment] ?? NaN));
      console.log(`round ${round + 1}, ${root}: ${MOMENTS.map((moment) => `${moment} ${Math.round(Number(seen[moment]))} ms`).join(', ')}`);
    } finally {
      await browser.close();
      await server.close();
    }
  }
}
for (const moment of MOMENTS) {
  console.log(`${moment}:`);
  printFastest(`ms, ${moment}`, roots, figures.map((built) => built[moment] ?? []));
}
