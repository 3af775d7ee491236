// The page's colours (www/page-theme.js, www/early.js, the colours of www/style.css): dark by
// default, light when chosen and from the first paint of the next visit, the device's when asked
// and as it changes, and a stored value that is not a choice ignored; in forced colours (Windows
// high contrast), what is current or chosen still marked.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, DEVICES, launchDevice, onBoard, openGame, openPreferences, ready, settled, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist({ browser: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } });

const DARK = 'rgb(43, 43, 40)';
const LIGHT = 'rgb(243, 242, 236)';

/** @param {Page} page @param {string} selector @param {string} property */
const colour = (page, selector, property) => page.$eval(selector, (node, property) => getComputedStyle(node).getPropertyValue(property), property);

/**
 * The contrast of the Undo button's edge with the page's background (WCAG's ratio).
 *
 * @param {Page} page
 * @returns {Promise<number>}
 */
const edgeContrast = (page) =>
  page.evaluate(() => {
    /** @param {string} css e.g. "rgb(133, 132, 120)" */
    const luminance = (css) => {
      const [r, g, b] = (css.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const edge = luminance(getComputedStyle(/** @type {Element} */ (document.getElementById('undo'))).borderTopColor);
    const page = luminance(getComputedStyle(document.body).backgroundColor);
    return (Math.max(edge, page) + 0.05) / (Math.min(edge, page) + 0.05);
  });

test('Page colours: dark by default, light when chosen and from the first paint, the device\'s when asked', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  assert.equal(await colour(page, 'body', 'background-color'), DARK);
  assert.equal(await page.inputValue('#page-theme'), 'dark');
  assert.ok((await edgeContrast(page)) >= 3, `${await edgeContrast(page)}`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.pageTheme), undefined);

  await openPreferences(page);
  await page.selectOption('#page-theme', 'light');
  assert.equal(await colour(page, 'body', 'background-color'), LIGHT);
  assert.equal(await colour(page, 'body', 'color'), 'rgb(38, 38, 31)');
  // Form controls follow, and the coloured buttons keep their light text.
  assert.equal(await colour(page, ':root', 'color-scheme'), 'light');
  assert.equal(await colour(page, '#open-lessons', 'color'), 'rgb(244, 244, 236)');
  assert.equal(await page.evaluate(() => localStorage.getItem('ultima.pageTheme')), 'light');
  // A button's edge stands out from the page at 3:1 at least (WCAG 1.4.11; it was 2.62:1).
  assert.ok((await edgeContrast(page)) >= 3, `${await edgeContrast(page)}`);
  await page.screenshot({ path: `${ARTIFACTS}page-light-desktop.png`, fullPage: true });

  // The next visit is light from its first paint: the body's colour as soon as the style sheet
  // gives it one (www/early.js ran before).
  await page.reload({ waitUntil: 'commit' });
  const first = await page.waitForFunction(() => {
    const body = document.body;
    const background = body && getComputedStyle(body).backgroundColor;
    return background && background !== 'rgba(0, 0, 0, 0)' ? background : null;
  });
  assert.equal(await first.jsonValue(), LIGHT);
  await ready(page);
  assert.equal(await page.inputValue('#page-theme'), 'light');

  // As the device: its colour scheme, followed as it changes.
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPreferences(page);
  await page.selectOption('#page-theme', 'system');
  assert.equal(await colour(page, 'body', 'background-color'), DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await colour(page, 'body', 'background-color'), LIGHT);
  assert.equal(await page.evaluate(() => localStorage.getItem('ultima.pageTheme')), 'system');

  // Another tab of the page chooses light: this one follows.
  await page.emulateMedia({ colorScheme: 'dark' });
  const other = await served.context.newPage();
  await other.goto(served.url);
  await ready(other);
  await openPreferences(other);
  await other.selectOption('#page-theme', 'light');
  await page.waitForFunction((light) => getComputedStyle(document.body).backgroundColor === light, LIGHT);
  assert.equal(await page.inputValue('#page-theme'), 'light');
  await other.close();

  // Dark again.
  await page.selectOption('#page-theme', 'dark');
  assert.equal(await colour(page, 'body', 'background-color'), DARK);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.pageTheme), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a stored page colour that is not a choice is ignored: the dark page', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  for (const stored of ['purple', 'LIGHT', '', '<b>', 'dark']) {
    await page.evaluate((stored) => localStorage.setItem('ultima.pageTheme', stored), stored);
    await page.reload();
    await ready(page);
    assert.equal(await colour(page, 'body', 'background-color'), DARK, `stored ${JSON.stringify(stored)}`);
    assert.equal(await page.inputValue('#page-theme'), 'dark');
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the light page on a phone', { timeout: 60_000 }, async () => {
  const phone = await launchDevice(DEVICES[1]);
  try {
    const { page, problems } = await openGame(phone.context, served.url);
    await page.evaluate(() => localStorage.setItem('ultima.pageTheme', 'light'));
    await page.reload();
    await ready(page);
    assert.equal(await colour(page, 'body', 'background-color'), LIGHT);
    await page.screenshot({ path: `${ARTIFACTS}page-light-phone.png`, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await phone.close();
  }
});

test('Forced colours (Windows high contrast): the running clock, the move shown and the editor\'s chosen tool stay marked', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  await page.emulateMedia({ forcedColors: 'active' });
  const background = (/** @type {string} */ selector) => colour(page, selector, 'background-color');
  // Two players on a 3+2 clock, two moves played, the first shown.
  await page.click('#new-game');
  await page.selectOption('select[name="time"]', '3+2');
  await page.click('#new-game-start');
  await page.waitForSelector('.clock-top', { state: 'visible' });
  await onBoard(page, (board) => {
    board.play('b2-b5');
    board.play('g7-g4');
    board.showPly(0);
  });
  await page.waitForSelector('.clock.running');
  // Each told by a background alone in the page's colours, which forced colours paint over.
  assert.notEqual(await background('.clock.running'), await background('.clock:not(.running)'), 'the running clock');
  // The system's highlight: the move shown's, the running clock's, the chosen tool's alike.
  const highlight = await background('.moves button[aria-current]');
  assert.notEqual(highlight, await background('.moves button:not([aria-current])'), 'the move shown');
  assert.equal(await background('.clock.running'), highlight);
  // Each side's dot told apart, running or not: Black's filled (in a colour not its clock's),
  // White's hollow (its clock's colour). Both were painted hollow.
  const dots = () =>
    page.$$eval('.clock', (clocks) =>
      clocks.map((clock) => {
        const name = /** @type {Element} */ (clock.querySelector('.clock-name'));
        return `${clock.getAttribute('data-side')} ${getComputedStyle(name, '::before').backgroundColor === getComputedStyle(clock).backgroundColor ? 'hollow' : 'filled'}`;
      }),
    );
  assert.deepEqual((await dots()).sort(), ['black filled', 'white hollow']);
  await onBoard(page, (board) => board.showPly(null));
  await onBoard(page, (board) => board.play('c2-c4'));
  await page.waitForSelector('.clock.running[data-side="black"]');
  assert.deepEqual((await dots()).sort(), ['black filled', 'white hollow']);
  await page.screenshot({ path: `${ARTIFACTS}forced-colours.png` });
  // The clock runs: the editor is asked for first (leave-guard.js), and gone to.
  await page.click('#open-editor');
  await page.click('#leave-clock .leave-go');
  await page.click('.editor-tool[data-tool="L"]');
  assert.equal(await page.getAttribute('.editor-tool[data-tool="L"]', 'aria-checked'), 'true');
  assert.equal(await background('.editor-tool[aria-checked="true"]'), highlight, 'the chosen tool');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the full rules take the board\'s colours: the legend and the diagrams, also when the colours change', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.getElementById('help')).open = true;
  });
  await page.waitForSelector('#rules-help .help-diagram canvas[data-paints]');
  /** The legend's first light square and the first diagram's a8 corner, as [r, g, b]. */
  const squares = () =>
    page.evaluate(() => {
      // Read from a copy, as game-page.mjs's `pixels` does: a canvas read again makes Chromium warn.
      /** @param {HTMLCanvasElement} canvas @param {number} x @param {number} y */
      const at = (canvas, x, y) => {
        const copy = /** @type {OffscreenCanvasRenderingContext2D} */ (new OffscreenCanvas(1, 1).getContext('2d'));
        copy.drawImage(canvas, -x, -y);
        return [...copy.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const legend = /** @type {HTMLCanvasElement} */ (document.querySelector('#legend canvas'));
      const diagram = /** @type {HTMLCanvasElement} */ (document.querySelector('#rules-help .help-diagram canvas'));
      return { legend: at(legend, 1, 1), diagram: at(diagram, Math.round(diagram.width / 16), Math.round(diagram.height / 16)) };
    });
  // Green at first (a8 is a light square).
  assert.deepEqual(await squares(), { legend: [0xdd, 0xdd, 0xd0], diagram: [0xdd, 0xdd, 0xd0] });
  await page.selectOption('#theme', 'brown');
  await settled(page.locator('#rules-help .help-diagram canvas').first());
  // Brown's light square (THEMES.brown.light, #EDD6B0): they were green whatever the board.
  assert.deepEqual(await squares(), { legend: [0xed, 0xd6, 0xb0], diagram: [0xed, 0xd6, 0xb0] });
  assert.deepEqual(problems, []);
  await page.close();
});
