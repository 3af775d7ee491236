// The depth the top level completes in Chromium: serves the release build in dist/, opens the
// page in headless Chromium and, for each middlegame of `ultima bench`, asks a fresh copy of the
// page's own AI worker (www/ai-worker.js) for a level-8 move with 1 s to think. Run after
// `trunk build --release`:
//   node bench/chromium-depth.mjs [timeMs]     (default 1000)
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/browser.mjs';
import { serveStatic } from '../e2e/server.mjs';
import { MIDDLEGAMES } from './positions.mjs';

const timeMs = Number(process.argv[2] ?? 1000);
const server = await serveStatic({ root: fileURLToPath(new URL('../dist/', import.meta.url)) });
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  /** @type {number[]} */
  const depths = [];
  for (const fen of MIDDLEGAMES) {
    const found = await page.evaluate(
      ({ fen, timeMs }) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL('www/ai-worker.js', location.href), { type: 'module' });
          // No module from the page: the worker loads the wasm file itself.
          worker.postMessage({ type: 'init', module: null });
          let start = 0;
          worker.onmessage = (event) => {
            const message = event.data;
            if (message.type === 'ready') {
              start = performance.now();
              const record = `[Setup "${fen}"]\n\n*`;
              worker.postMessage({ type: 'think', id: 1, record, level: 8, timeMs });
            } else if (message.type === 'move') {
              worker.terminate();
              resolve({ depth: message.depth, nodes: message.nodes, ms: performance.now() - start });
            } else if (message.type === 'error') {
              worker.terminate();
              reject(new Error(message.message));
            }
          };
        }),
      { fen, timeMs },
    );
    const { depth, nodes, ms } = /** @type {{ depth: number, nodes: number, ms: number }} */ (found);
    depths.push(depth);
    console.log(`${fen.padEnd(68)} depth ${String(depth).padStart(2)} ${String(nodes).padStart(9)} nodes ${ms.toFixed(0).padStart(5)} ms`);
  }
  const sorted = [...depths].sort((a, b) => a - b);
  console.log(
    `Chromium, level 8, ${timeMs} ms: depths ${depths.join(' ')}, median ${sorted[Math.floor(sorted.length / 2)]}, ` +
      `${depths.filter((d) => d >= 8).length} of ${depths.length} at 8 or more`,
  );
} finally {
  await browser.close();
  await server.close();
}
