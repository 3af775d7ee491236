// @ts-nocheck
import { launchDevice, DEVICES, DIST, openGame, playByRule } from './game-page.mjs';
import { serveStatic } from './server.mjs';
const server = await serveStatic({ root: DIST, base: '/sub/path/' });
const out = '/work/data/s48/';
const dev = DEVICES[1];
const b = await launchDevice(dev);
const stored = JSON.stringify({ version: 1, record: null, settings: {} });
const { page, problems } = await openGame(b.context, server.url, stored);
await playByRule(page, 30);
await page.evaluate(() => window.ultima.openAnalysis({ record: window.ultima.board.record() }));
await page.waitForFunction(() => /depth \d\d?/.test(document.body.innerText), undefined, { timeout: 30000 }).catch(() => {});
await page.waitForTimeout(3000);
await page.screenshot({ path: `${out}phone-analysis.png` });
await page.screenshot({ path: `${out}phone-analysis-full.png`, fullPage: true });
await page.keyboard.press('Escape');
await page.waitForTimeout(500);
// puzzles
await page.evaluate(() => window.ultima.openPuzzles());
await page.waitForTimeout(2000);
await page.screenshot({ path: `${out}phone-puzzles.png` });
await page.keyboard.press('Escape');
// new game dialog
await page.click('#new-game');
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}phone-newgame.png` });
console.log(problems);
await b.close(); await server.close();
