// Offline and installable, in headless Chromium against the release build: one visit installs the
// service worker, which caches every file of the build in a cache named after the build id; with
// the network off (context.setOffline), the game page reloads, a move is played and the computer
// answers; the iframe embed and the demo load offline too. Chromium finds the page installable,
// and the manifest names icons that exist. A new release installs its own cache and waits until
// a page lets it in, so that no page gets files of two releases.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { access, appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { launch, watchProblems } from './browser.mjs';
import { serveStatic } from './server.mjs';
import { DIST, ready, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist({ needs: 'sw.js', browser: { viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 } });

/**
 * @param {string} [root] a build folder
 * @returns {Promise<{ id: string, files: string[] }>} what its www/build.js says
 */
async function buildInfo(root = DIST) {
  const text = await readFile(join(root, 'www/build.js'), 'utf8');
  // Object.assign(self, { ultimaBuild: { …JSON… } });
  return JSON.parse(text.slice(text.indexOf('{', text.indexOf('ultimaBuild')), text.lastIndexOf('} })') + 1));
}

/**
 * A copy of the release build in a folder of its own, served under /app/ with `headers`, for a
 * test to turn into the next release (`makeNextRelease`); `dispose` stops the server and deletes
 * the folder.
 *
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ root: string, url: string, dispose: () => Promise<void> }>}
 */
async function servedCopy(headers = {}) {
  const root = await mkdtemp(join(tmpdir(), 'ultima-build-'));
  const removeRoot = () => rm(root, { recursive: true, force: true });
  try {
    await cp(DIST, root, { recursive: true });
    const server = await serveStatic({ root, base: '/app/', headers });
    return { root, url: server.url, dispose: () => server.close().finally(removeRoot) };
  } catch (error) {
    await removeRoot();
    throw error;
  }
}

/**
 * Turns the build copied into `root` into a next release, described again by the post-build
 * hook. A page of the release before has its modules loaded and its wasm compiled already, and
 * neither fits the new files: a module the page loads on first use ("Your games",
 * www/games-ui.js) imports an export that the release's util.js gains, and the wasm's bindings
 * change (one import renamed, in the glue and in the wasm file alike, as a change to the
 * bindings renames it), so the new glue cannot instantiate the old wasm module.
 *
 * @param {string} root
 */
async function makeNextRelease(root) {
  await appendFile(join(root, 'www/util.js'), '\n/** The next release. */\nexport const nextRelease = true;\n');
  const gamesUi = join(root, 'www/games-ui.js');
  await writeFile(gamesUi, `import { nextRelease } from './util.js';\nif (!nextRelease) throw new Error('not the next release');\n${await readFile(gamesUi, 'utf8')}`);
  const gluePath = join(root, 'ultima-wasm.js');
  const glue = await readFile(gluePath, 'utf8');
  const name = /__wbg_[A-Za-z]+_[0-9a-f]{16}\b/.exec(glue)?.[0];
  if (!name) throw new Error('no import of the bindings found in ultima-wasm.js');
  const renamed = name.replace(/[0-9a-f]{16}$/, '0'.repeat(16));
  await writeFile(gluePath, glue.replaceAll(name, renamed));
  const wasmPath = join(root, 'ultima-wasm_bg.wasm');
  const wasm = await readFile(wasmPath);
  const at = wasm.indexOf(name);
  if (at < 0) throw new Error(`no import ${name} in the wasm file`);
  wasm.write(renamed, at, 'latin1');
  await writeFile(wasmPath, wasm);
  await promisify(execFile)('cargo', ['xtask', 'build-info'], { env: { ...process.env, TRUNK_STAGING_DIR: root } });
}

/** @param {Page} page @param {string} square */
async function click(page, square) {
  const { x, y } = await page.evaluate((sq) => /** @type {any} */ (window).ultima.board.squareCenter(sq), square);
  await page.mouse.click(x, y);
}

test('after one visit the game works offline: reload, play a move, get the computer\'s answer', { timeout: 120_000 }, async () => {
  const build = await buildInfo();
  assert.ok(build.files.includes('ultima-wasm_bg.wasm'));
  assert.ok(build.files.includes('www/ai-worker.js'));
  assert.ok(build.files.includes('embed.html'));
  assert.ok(!build.files.includes('sw.js'));

  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.goto(served.url);
  // A first visit: the welcome is closed (the two-player board), and the game is saved.
  await ready(page);
  await page.waitForSelector('html[data-offline="ready"]', { timeout: 30_000 });
  // Said at the panel's foot: a traveller could not tell whether the page would open offline.
  assert.equal(await page.textContent('#offline-state'), 'Saved on this device: Ultima plays with the network off.');
  const stored = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names[0] ?? '');
    return { names, count: (await cache.keys()).length };
  });
  assert.equal(stored.names.length, 1);
  assert.ok(stored.names[0]?.endsWith(` ${build.id}`), `cache ${stored.names[0]} is not named after build ${build.id}`);
  assert.equal(stored.count, build.files.length);
  // Chromium's own verdict on installing the page as an app (manifest, icons, service worker).
  const cdp = await served.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  await cdp.detach();

  await served.context.setOffline(true);
  const requested = served.requests.length;
  try {
    await page.reload();
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    // A game against the computer (level 1, the player White), from the dialog.
    await page.click('#new-game');
    await page.check('#new-game-form input[name="mode"][value="ai"]');
    await page.selectOption('#new-game-form select[name="side"]', 'white');
    await page.selectOption('#new-game-form select[name="level"]', '1');
    await page.click('#new-game-start');
    await click(page, 'b2');
    await click(page, 'b5');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 2, undefined, { timeout: 30_000 });
    const plies = await page.evaluate(() => /** @type {any} */ (window).ultima.board.history().map((/** @type {any} */ p) => p.side));
    assert.deepEqual(plies, ['white', 'black']);

    // The iframe embed's page and the demo come from the cache too.
    const frame = await served.context.newPage();
    const frameProblems = watchProblems(frame);
    await frame.goto(`${served.url}embed.html?mode=view&position=${encodeURIComponent('4k3/8/8/p7/8/8/p7/L3K3 w')}`);
    await frame.waitForSelector('canvas[data-paints]', { timeout: 30_000 });
    await frame.goto(`${served.url}demo.html`);
    await frame.waitForFunction(() => document.querySelectorAll('ultima-board').length === 3 && [...document.querySelectorAll('ultima-board')].every((b) => b.shadowRoot?.querySelector('canvas[data-paints]')), undefined, { timeout: 30_000 });
    assert.deepEqual(frameProblems, []);
    await frame.close();
  } finally {
    await served.context.setOffline(false);
  }
  assert.equal(served.requests.length, requested, 'a request reached the server while offline');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a first visit that loses the network before the site is saved says so, and saves it when the network is back; the computer, whose worker did not load, moves then', { timeout: 120_000 }, async () => {
  const server = await serveStatic({ root: DIST, base: '/fresh/' });
  const browser = await launch({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  try {
    const { context } = browser;
    // The saving held up on one file (a slow network), and the network gone meanwhile.
    /** @type {() => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    await context.route('**/www/puzzles.json', async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}`);
    await ready(page);
    /** @param {string} state */
    const saving = (state) => page.waitForFunction((state) => document.getElementById('offline-state')?.dataset.state === state, state, { timeout: 30_000 });
    await saving('saving');
    assert.equal(await page.textContent('#offline-state'), 'Saving Ultima on this device, to play with the network off…');
    await context.setOffline(true);
    release();
    await saving('failed');
    assert.equal(await page.textContent('#offline-state'), 'Not saved for play offline yet: it is tried again when the network is back.');
    // The computer's worker cannot load either: its move fails, said on the board.
    await page.click('#new-game');
    await page.check('#new-game-form input[name="mode"][value="ai"]');
    await page.selectOption('#new-game-form select[name="side"]', 'black');
    await page.selectOption('#new-game-form select[name="level"]', '1');
    await page.click('#new-game-start');
    await page.waitForFunction(() => /the computer could not move/.test(document.body.textContent ?? ''), null, { timeout: 30_000 });
    // A part not saved yet says why it does not open, not as the browser words a failed module.
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.getElementById('notice')?.textContent?.startsWith('The puzzles could not open with the network off: this part of Ultima is not saved on this device yet.'));
    // The network back: saved, and the computer moves (it waited for a move taken back and played again).
    await context.unroute('**/www/puzzles.json');
    await context.setOffline(false);
    await saving('saved');
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.offline), 'ready');
    assert.deepEqual(problems.filter((problem) => !/worker|Failed to fetch|ERR_INTERNET_DISCONNECTED|puzzles\.json/.test(problem)), []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the manifest names the start page and icons of the build', async () => {
  const manifest = JSON.parse(await readFile(`${DIST}manifest.webmanifest`, 'utf8'));
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.display, 'standalone');
  const sizes = manifest.icons.map((/** @type {{ sizes: string }} */ icon) => icon.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'));
  for (const icon of manifest.icons) await access(`${DIST}${icon.src}`);
  const index = await readFile(`${DIST}index.html`, 'utf8');
  // The release build's index.html is minified (Trunk.toml): attributes unquoted, in any order.
  const link = [...index.matchAll(/<link\b[^>]*>/g)].map((tag) => tag[0]).find((tag) => /\brel="?manifest\b/.test(tag)) ?? '';
  assert.match(link, /\bhref="?manifest\.webmanifest\b/);
});

test('a new release waits until the page lets it in: the page never gets files of two releases', { timeout: 180_000 }, async () => {
  // A copy of the build, to be changed into a new release. Served as many hosts do, letting the
  // browser keep each file for an hour: the check for a new release must still ask for
  // www/build.js, the one file that differs.
  const copy = await servedCopy({ 'cache-control': 'max-age=3600' });
  const { root } = copy;
  try {
    const first = await buildInfo(root);
    const page = await served.context.newPage();
    const problems = watchProblems(page);
    await page.goto(copy.url);
    await ready(page);
    await page.waitForSelector('html[data-offline="ready"]', { timeout: 30_000 });
    const names = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.includes('/app/')).map((n) => n.split(' ').at(-1)));
    assert.deepEqual(await names(), [first.id]);
    const boardBox = () => page.locator('canvas#board').boundingBox();
    const boardBefore = await boardBox();
    // A second tab of the same release.
    const other = await served.context.newPage();
    const otherProblems = watchProblems(other);
    await other.goto(copy.url);
    await ready(other);

    // The page has the old util.js loaded already, so the new "Your games" must never reach it.
    await makeNextRelease(root);
    const second = await buildInfo(root);
    assert.notEqual(second.id, first.id);
    // A returning visitor's reload: the old release serves the page, whose load finds the new one.
    await page.reload();
    await ready(page);

    // It installs its cache beside the old one and waits; both tabs say it is there.
    await page.waitForSelector('html[data-update="ready"]', { state: 'attached', timeout: 60_000 });
    await other.waitForSelector('html[data-update="ready"]', { state: 'attached', timeout: 30_000 });
    assert.deepEqual((await names()).sort(), [first.id, second.id].sort());
    assert.equal(await page.textContent('#release .notice span'), 'A new version of Ultima is ready.');
    // The offer lies over the page, beside the board: the board stays where it was, uncovered.
    assert.deepEqual(await boardBox(), boardBefore);
    const offer = await page.locator('#release .notice').boundingBox();
    assert.ok(offer && boardBefore && (offer.y + offer.height <= boardBefore.y || offer.y >= boardBefore.y + boardBefore.height), 'the offer covers the board');
    // The page still runs on its own release's files: Your games opens, and the computer's
    // worker, started now, instantiates the page's wasm module with its own release's glue.
    await page.click('#open-games');
    await page.waitForSelector('#games[open]');
    await page.keyboard.press('Escape');
    const answer = await page.evaluate(() => /** @type {any} */ (window).ultima.ai.think(/** @type {any} */ (window).ultima.board.record(), 1));
    assert.match(answer, /^[a-h][1-8]-[a-h][1-8]/);

    // Reload, on the notice: the new release takes over, the page reloads into it, the old
    // cache goes.
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.click('#release .notice-action')]);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    assert.deepEqual(await names(), [second.id]);
    await page.click('#open-games');
    await page.waitForSelector('#games[open]');
    assert.equal(await page.evaluate(async () => (await import(new URL('www/util.js', location.href).href)).nextRelease), true);
    // The other tab, taken over, says that it runs the release before.
    await other.waitForSelector('html[data-update="elsewhere"]', { state: 'attached', timeout: 30_000 });
    assert.equal(await other.textContent('#release .notice span'), 'Ultima was updated in another tab: reload this one to go on.');
    await Promise.all([other.waitForEvent('load', { timeout: 30_000 }), other.click('#release .notice-action')]);
    await other.waitForSelector('body[data-ready]', { timeout: 30_000 });
    assert.equal(await other.getAttribute('html', 'data-update'), null);
    assert.deepEqual(problems, []);
    assert.deepEqual(otherProblems, []);
    await other.close();
    await page.close();
  } finally {
    await copy.dispose();
  }
});

test('a page no service worker serves, open across a release, offers the reload when a part fails to open', { timeout: 120_000 }, async () => {
  // A browser that refuses service workers gets the server's files as they are: a page open
  // across a release loads the new release's "Your games", which cannot run against its modules.
  const copy = await servedCopy();
  const own = await launch({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  try {
    const page = await own.context.newPage();
    const problems = watchProblems(page);
    await page.goto(copy.url);
    await ready(page);
    assert.equal(await page.evaluate(() => navigator.serviceWorker?.controller ?? null), null);
    await makeNextRelease(copy.root);
    // A game against the computer, which plays White: its worker starts now, on the new files.
    await page.click('#new-game');
    await page.check('#new-game-form input[name="mode"][value="ai"]');
    await page.selectOption('#new-game-form select[name="side"]', 'black');
    await page.selectOption('#new-game-form select[name="level"]', '1');
    await page.click('#new-game-start');
    await page.waitForSelector('#release .notice');
    assert.equal(await page.textContent('#release .notice span'), 'Ultima was updated since this page was loaded: reload it to go on.');
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).ultima.board.history().length), 0);
    await page.click('#open-games');
    await page.waitForSelector('#release .notice span:text-is("Your games could not open: Ultima was updated since this page was loaded.")');
    assert.equal(await page.isVisible('#games'), false);
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.click('#release .notice-action')]);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    // The new release: the computer makes its first move, and Your games opens.
    await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1, undefined, { timeout: 30_000 });
    await page.click('#open-games');
    await page.waitForSelector('#games[open]');
    // Before the reload, the board said why the computer did not move (its error line).
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('function import requires a callable')),
      [],
    );
    await page.close();
  } finally {
    await own.close();
    await copy.dispose();
  }
});
