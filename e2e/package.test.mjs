// The npm package as its users get it. A fresh app in a temporary folder outside the repository
// installs the tarball `cargo xtask package` made (target/npm/) and vite from the registry,
// builds the package's two examples (npm/example/: `mount`, and <ultima-board>) in production
// mode, and Chromium plays a move against the computer on each bundled board, and again under
// vite's development server. The same app is type-checked against the installed package's
// declarations, and the installed package's folder, served as it is, runs its iframe page. The
// tarball's file list is the README's.

import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launch, watchProblems } from './browser.mjs';
import { ARTIFACTS } from './game-page.mjs';
import { serveStatic } from './server.mjs';

/** @import { Browser } from './browser.mjs' */
/** @import { StaticServer } from './server.mjs' */
/** @import { Page } from 'playwright-core' */

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where `cargo xtask package` leaves the tarball. */
const PACKED = join(ROOT, 'target/npm');
/** The bundler, pinned: the app installs it from the registry. */
const VITE = '8.3.8';
/** Installing and building may take a while on a busy machine with a cold npm cache. */
const SETUP_MS = 10 * 60_000;
/** What the computer may take for its answer at level 1 on a busy machine. */
const ANSWER_MS = 60_000;

/** The app's manifest: the package from its tarball, vite from the registry. */
const manifest = (/** @type {string} */ tarball) => ({
  name: 'ultima-board-app',
  private: true,
  type: 'module',
  dependencies: { 'ultima-board': `file:${tarball}` },
  devDependencies: { vite: VITE },
});

/** A multi-page app: the two examples, each its own page. */
const VITE_CONFIG = `import { defineConfig } from 'vite';
export default defineConfig({ build: { rollupOptions: { input: ['index.html', 'element.html'] } } });
`;

/** What an author of a TypeScript-checked app writes, strict, resolving as bundlers do. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable', 'ESNext.Disposable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: true,
    skipLibCheck: false,
    types: [],
  },
  include: ['*.js'],
  exclude: ['vite.config.js'],
};

/** Misuses the declarations must refuse: were they `any`, the expected errors would be missing. */
const MISUSE = `import { mount } from 'ultima-board';
import { UltimaBoard } from 'ultima-board/element';

const board = mount(document.body, { mode: 'ai', level: 3 });
// @ts-expect-error: no such mode
mount(document.body, { mode: 'chess' });
// @ts-expect-error: play takes move text
board.play(42);
// @ts-expect-error: no such event
board.on('moved', () => {});
board.on('move', ({ captures }) => captures.join(' '));
/** @type {string | null} */
const square = board.selection().square;
export const element = document.createElement('ultima-board');
export const handle = element instanceof UltimaBoard ? element.handle : null;
export { square };
`;

/** @type {string} the app's folder */
let app;
/** @type {string} the tarball */
let tarball;
/** @type {StaticServer} the built app */
let built;
/** @type {Browser} */
let browser;

/**
 * Runs a command in the app's folder; its output goes into the error if it fails.
 *
 * @param {string} command
 * @param {string[]} args
 */
async function inApp(command, args) {
  try {
    return await run(command, args, { cwd: app, env: { ...process.env, CI: 'true' }, maxBuffer: 16 << 20 });
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    throw new Error(`\`${command} ${args.join(' ')}\` failed in ${app}:\n${stdout}\n${stderr}`);
  }
}

before(
  async () => {
    const packed = (await readdir(PACKED).catch(() => [])).filter((name) => name.endsWith('.tgz'));
    if (packed.length !== 1) throw new Error(`expected one tarball in ${PACKED}, found ${packed.length}: run \`cargo xtask package\` (cargo xtask test does)`);
    tarball = join(PACKED, packed[0] ?? '');
    app = await mkdtemp(join(tmpdir(), 'ultima-board-app-'));
    await cp(join(ROOT, 'npm/example'), app, { recursive: true });
    await writeFile(join(app, 'package.json'), JSON.stringify(manifest(tarball), null, 2));
    await writeFile(join(app, 'vite.config.js'), VITE_CONFIG);
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    await writeFile(join(app, 'misuse.js'), MISUSE);
    // The npm cache makes a second run quick; the registry is asked when it lacks something.
    await inApp('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
    await inApp(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--logLevel', 'warn']);
    built = await serveStatic({ root: join(app, 'dist'), base: '/' });
    browser = await launch({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1 });
  },
  { timeout: SETUP_MS },
);

after(async () => {
  await browser?.close();
  await built?.close();
  if (app) await rm(app, { recursive: true, force: true });
});

/**
 * The lines of the page's event log.
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const logLines = (page) => page.locator('#log li').allTextContents();

/**
 * Waits until a line of the event log starts with `start`.
 *
 * @param {Page} page
 * @param {string} start
 * @param {number} [timeout]
 */
async function logged(page, start, timeout = 30_000) {
  await page.waitForFunction((start) => [...document.querySelectorAll('#log li')].some((li) => li.textContent?.startsWith(start)), start, { timeout });
}

/**
 * Clicks a square of a board seen from White's side, by its canvas's place on the page.
 *
 * @param {Page} page
 * @param {string} square e.g. "b2"
 */
async function clickSquare(page, square) {
  const canvas = page.locator('canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  assert.ok(box, 'the board is on the page');
  const size = Math.min(box.width, box.height);
  const file = square.charCodeAt(0) - 'a'.charCodeAt(0);
  const rank = Number(square.slice(1)) - 1;
  await page.mouse.click(box.x + ((file + 0.5) * size) / 8, box.y + ((7 - rank + 0.5) * size) / 8);
}

/**
 * Opens one of the examples, plays b2-b5 by clicks and waits for the computer's answer.
 *
 * @param {string} url the page
 * @returns {Promise<Page>} the page, open
 */
async function playAgainstTheComputer(url) {
  const page = await browser.context.newPage();
  const problems = watchProblems(page);
  try {
    await page.goto(url);
    await logged(page, 'ready');
    await clickSquare(page, 'b2');
    await clickSquare(page, 'b5');
    await logged(page, 'move: white');
    await logged(page, 'move: black', ANSWER_MS);
    const lines = await logLines(page);
    assert.ok(lines.some((line) => /^move: white Pb2-b5\b/.test(line)), lines.join('\n'));
    assert.deepEqual(problems, []);
    return page;
  } catch (error) {
    await page.close();
    throw error;
  }
}

/**
 * Plays against the computer on a page of the production bundle, checks where the wasm, its
 * bindings and the worker came from, and takes screenshots on a desktop and a phone viewport.
 *
 * @param {string} file e.g. "index.html"
 * @param {string} name for the screenshots
 */
async function playOnTheBundle(file, name) {
  const requests = built.requests.length;
  const page = await playAgainstTheComputer(`${built.url}${file}`);
  try {
    // The wasm, its bindings and the worker came from the bundle's assets, copied by vite.
    const fetched = built.requests.slice(requests);
    for (const asset of [/^\/assets\/ultima-wasm_bg-[\w-]+\.wasm$/, /^\/assets\/ultima-wasm-[\w-]+\.js$/, /^\/assets\/ai-worker-[\w-]+\.js$/]) {
      assert.ok(fetched.some((path) => asset.test(path)), `${asset} in ${fetched.join(' ')}`);
    }
    await page.screenshot({ path: join(ARTIFACTS, `package-${name}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('canvas').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `package-${name}-phone.png`) });
  } finally {
    await page.close();
  }
}

test('mount in a vite production bundle: a move against the computer', { timeout: 2 * ANSWER_MS }, async () => {
  await playOnTheBundle('index.html', 'mount');
});

test('<ultima-board> in a vite production bundle: a move against the computer', { timeout: 2 * ANSWER_MS }, async () => {
  await playOnTheBundle('element.html', 'element');
});

test('a trap in the bundled board: the wasm restarts from the bundle’s own bindings and the move is played', { timeout: 2 * ANSWER_MS }, async () => {
  const page = await browser.context.newPage();
  const problems = watchProblems(page);
  const requests = built.requests.length;
  try {
    await page.goto(`${built.url}index.html`);
    await logged(page, 'ready');
    const glue = built.requests.slice(requests).find((path) => /^\/assets\/ultima-wasm-[\w-]+\.js$/.test(path));
    assert.ok(glue, 'the bindings were fetched');
    // A bug, forced from outside as e2e/recovery.test.mjs does: the live instance's memory
    // zeroed, so the next call into it traps.
    await page.evaluate(async (url) => {
      const bindings = await import(url);
      new Uint8Array((await bindings.default()).memory.buffer).fill(0);
    }, new URL(glue, built.url).href);
    await clickSquare(page, 'b2');
    await clickSquare(page, 'b5');
    await logged(page, 'move: white');
    await logged(page, 'move: black', ANSWER_MS);
    assert.match((await page.locator('#board [role="alert"]').textContent()) ?? '', /internal error .* was restarted; the game goes on/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('both under vite’s development server: a move against the computer', { timeout: 4 * ANSWER_MS }, async () => {
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', '0', '--clearScreen', 'false'], {
    cwd: app,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let said = '';
      /** @param {Buffer} chunk */
      const hear = (chunk) => {
        said += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(said);
        if (found) resolve(found[0]);
      };
      server.stdout.on('data', hear);
      server.stderr.on('data', hear);
      server.on('exit', (code) => reject(new Error(`vite's development server ended (${code}) before it listened:\n${said}`)));
    });
    for (const file of ['index.html', 'element.html']) await (await playAgainstTheComputer(`${url}${file}`)).close();
  } finally {
    server.kill();
  }
});

test('the bundle holds the package whole: the three files found by URL, and imports that all resolve', async () => {
  const assets = await readdir(join(app, 'dist/assets'));
  const unhashed = assets.map((name) => name.replace(/-[\w-]{8}\./, '.'));
  for (const file of ['ultima-wasm_bg.wasm', 'ultima-wasm.js', 'ai-worker.js']) assert.ok(unhashed.includes(file), unhashed.join(' '));
  // No module of the package copied as it is, importing files that are not there.
  for (const name of assets.filter((name) => name.endsWith('.js'))) {
    const code = await readFile(join(app, 'dist/assets', name), 'utf8');
    for (const [, target] of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+)["'`]/g)) {
      assert.ok(assets.includes(target ?? ''), `${name} imports ./${target}, which the bundle lacks`);
    }
  }
});

test('the app type-checks against the installed package’s declarations, which refuse misuse', { timeout: SETUP_MS }, async () => {
  await inApp(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--project', 'tsconfig.json']);
});

test('the installed package served as a static folder: its iframe page plays against the computer', { timeout: 2 * ANSWER_MS }, async () => {
  const folder = join(app, 'node_modules/ultima-board');
  const host = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
<script type="module" src="host.js"></script></head><body><iframe src="embed.html?mode=ai&amp;level=1" width="480" height="520" title="Ultima"></iframe></body></html>`;
  const script = `window.events = [];
window.addEventListener('message', (event) => { if (event.data?.source === 'ultima') window.events.push(event.data); });`;
  const served = await serveStatic({
    root: folder,
    base: '/cdn/ultima-board@0.1.0/',
    pages: { 'host.html': { body: host }, 'host.js': { body: script, headers: { 'content-type': 'text/javascript; charset=utf-8' } } },
  });
  const page = await browser.context.newPage();
  const problems = watchProblems(page);
  try {
    await page.goto(`${served.url}host.html`);
    /** @param {string} type @param {number} count */
    const posted = (type, count = 1) =>
      page.waitForFunction(([type, count]) => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.type === type).length >= count, /** @type {const} */ ([type, count]), { timeout: ANSWER_MS });
    await posted('ready');
    const frame = page.frameLocator('iframe');
    const box = await frame.locator('canvas').boundingBox();
    assert.ok(box);
    const size = Math.min(box.width, box.height);
    await page.mouse.click(box.x + (1.5 * size) / 8, box.y + (6.5 * size) / 8);
    await page.mouse.click(box.x + (1.5 * size) / 8, box.y + (3.5 * size) / 8);
    await posted('move', 2);
    const moves = await page.evaluate(() => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.type === 'move').map((/** @type {any} */ e) => `${e.detail.side} ${e.detail.move}`));
    assert.equal(moves[0], 'white b2-b5');
    assert.match(moves[1] ?? '', /^black /);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    await served.close();
  }
});

test('the tarball holds the files the README lists', async () => {
  const { stdout } = await run('tar', ['-tzf', tarball]);
  const packed = stdout.split('\n').filter(Boolean).map((line) => line.replace(/^package\//, '')).sort();
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('<!-- package files -->')[1] ?? '';
  const listed = [...section.matchAll(/^\s*(\S+)\s+\d/gm)].map((m) => m[1] ?? '').sort();
  assert.deepEqual(listed, packed, 'README.md lists the tarball\u2019s files (between the <!-- package files --> marks), with their sizes');
});
