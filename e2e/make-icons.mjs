// Renders the app icons' PNG versions (www/icons/icon-192.png, icon-512.png and
// icon-maskable-512.png, for the web app manifest) from their SVG sources in headless Chromium.
// Run by hand after changing an SVG: `node e2e/make-icons.mjs`.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';

const ICONS = fileURLToPath(new URL('../www/icons/', import.meta.url));

const browser = await launch({ viewport: { width: 512, height: 512 }, deviceScaleFactor: 1 });
try {
  const page = await browser.context.newPage();
  for (const [source, size, target] of /** @type {const} */ ([
    ['icon.svg', 192, 'icon-192.png'],
    ['icon.svg', 512, 'icon-512.png'],
    ['icon-maskable.svg', 512, 'icon-maskable-512.png'],
  ])) {
    const svg = await readFile(`${ICONS}${source}`);
    await page.setViewportSize({ width: size, height: size });
    await page.goto(`data:image/svg+xml;base64,${svg.toString('base64')}`);
    await page.screenshot({ path: `${ICONS}${target}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }
} finally {
  await browser.close();
}
