// The three ways to embed a board (ES module `mount`, the <ultima-board> element, embed.html in
// an iframe) on host pages in headless Chromium, against the release build: a move by clicks with
// its `move` event and captures, a new piece set, destroy leaving nothing behind; two boards on
// one page, one thinking while the other is played; arrows and circles given as an option; host
// pages on another origin than the board's files; a host page under a strict
// Content-Security-Policy; hostile option values.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, watchProblems } from './browser.mjs';
import { ARTIFACTS, DIST, settled, useServedDist, workersDown } from './game-page.mjs';
import { hostPages } from './hosts.mjs';
import { serveStatic } from './server.mjs';

/** @import { Locator, Page } from 'playwright-core' */
/** @import { StaticServer, Page as HostPage } from './server.mjs' */


/** The Long Leaper on a1 takes both Pawns with a1-a6. */
const LEAPER = '4k3/8/8/p7/8/8/p7/L3K3 w';
/** The CSP of the strict host: scripts only from the page's origin, plus wasm compilation. */
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:";

// The board's files are served with CORS, as a CDN would, so pages elsewhere may import them.
/** The build, with the same-origin host pages and CORS for other origins. */
const files = useServedDist({
  needs: 'embed.html',
  headers: { 'access-control-allow-origin': '*' },
  pages: hostPages,
  browser: { viewport: { width: 900, height: 1000 }, deviceScaleFactor: 1 },
});
/** @type {StaticServer} the host pages on a second port: another origin */
let elsewhere;
/** @type {StaticServer} the build and host pages, all under the strict CSP */
let strict;

before(async () => {
  await files.started;
  // The host pages name the server's own URL, known once it listens: filled in then.
  elsewhere = await serveStatic({ root: `${DIST}www/`, base: '/host/', pages: hostPages(files.url) });
  /** @type {Record<string, HostPage>} */
  const csp = {};
  strict = await serveStatic({ root: DIST, base: '/csp/', pages: csp, headers: { 'content-security-policy': CSP } });
  Object.assign(csp, hostPages(strict.url, { 'content-security-policy': CSP }));
});

after(async () => {
  await elsewhere?.close();
  await strict?.close();
});

/**
 * Opens a host page with boards made from `options` (one entry per board).
 *
 * @param {{ url: string }} server  where the host pages are
 * @param {'module' | 'element' | 'frame'} way
 * @param {object[]} options
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
async function openHost(server, way, options) {
  const page = await files.context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${server.url}host-${way}.html?options=${encodeURIComponent(JSON.stringify(options))}`);
  return { page, problems };
}

/**
 * Waits until board `index` has fired `count` events of `type`; returns their details.
 *
 * @param {Page} page
 * @param {number} index
 * @param {string} type
 * @param {number} [count]
 * @param {number} [timeout]
 * @returns {Promise<any[]>}
 */
async function eventsOf(page, index, type, count = 1, timeout = 30_000) {
  await page.waitForFunction(
    ([index, type, count]) => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.board === index && e.type === type).length >= count,
    /** @type {const} */ ([index, type, count]),
    { timeout },
  );
  return page.evaluate(
    ([index, type]) => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.board === index && e.type === type).map((/** @type {any} */ e) => e.detail),
    /** @type {const} */ ([index, type]),
  );
}

/**
 * The board canvas of board `index`, wherever it is (light DOM, shadow DOM or an iframe).
 *
 * @param {Page} page
 * @param {'module' | 'element' | 'frame'} way
 * @param {number} index
 * @returns {Locator}
 */
function canvasOf(page, way, index) {
  if (way === 'frame') return page.frameLocator(`iframe >> nth=${index}`).locator('canvas');
  // Playwright's CSS selectors pierce open shadow roots.
  return page.locator('#hosts canvas').nth(index);
}

/**
 * Clicks a square's centre, from the canvas's box on the page (White at the bottom).
 *
 * @param {Page} page
 * @param {Locator} canvas
 * @param {string} square e.g. "a1"
 */
async function clickSquare(page, canvas, square) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the board canvas is not visible');
  const unit = Math.min(box.width, box.height) / 8;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  await page.mouse.click(box.x + (file + 0.5) * unit, box.y + (7 - rank + 0.5) * unit);
}

/**
 * A picture of the canvas's pixels, to tell one drawing from another.
 *
 * @param {Locator} canvas
 * @returns {Promise<string>}
 */
async function picture(canvas) {
  return (await canvas.screenshot()).toString('base64');
}

for (const way of /** @type {const} */ (['module', 'element'])) {
  test(`${way}: while the wasm loads, the board's square is kept, its empty squares showing, so that the host's text under it does not jump`, { timeout: 60_000 }, async () => {
    const page = await files.context.newPage();
    const problems = watchProblems(page);
    /** @type {() => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    await page.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${files.url}host-${way}.html?options=${encodeURIComponent(JSON.stringify([{ size: 300 }]))}`);
    // (Playwright's CSS selectors pierce open shadow roots.)
    const host = page.locator(`${way === 'module' ? '.host' : 'ultima-board'} [part="board"]`);
    const box = async () => {
      const found = await host.boundingBox();
      assert.ok(found);
      return { width: Math.round(found.width), height: Math.round(found.height) };
    };
    await page.waitForFunction((way) => {
      const stage = (way === 'module' ? document.querySelector('.host') : document.querySelector('ultima-board')?.shadowRoot)?.querySelector('[part="board"]');
      return stage instanceof HTMLElement && stage.getBoundingClientRect().height > 0;
    }, way);
    assert.deepEqual(await box(), { width: 300, height: 300 });
    release();
    await eventsOf(page, 0, 'ready');
    assert.deepEqual(await box(), { width: 300, height: 300 });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const way of /** @type {const} */ (['module', 'element', 'frame'])) {
  test(`${way}: a move by clicks fires move with its captures; set() changes the piece set; destroy leaves nothing`, { timeout: 60_000 }, async () => {
    const options = way === 'module' ? { position: LEAPER } : { position: LEAPER };
    const { page, problems } = await openHost(files, way, [options]);
    const [ready] = await eventsOf(page, 0, 'ready');
    assert.equal(ready.position.split(' ')[0], LEAPER.split(' ')[0]);
    const canvas = canvasOf(page, way, 0);
    await clickSquare(page, canvas, 'a1');
    await clickSquare(page, canvas, 'a6');
    const [move] = await eventsOf(page, 0, 'move');
    assert.equal(move.move, 'a1-a6xa2xa5');
    assert.deepEqual(move.captures, ['a2', 'a5']);
    assert.equal(move.from, 'a1');
    assert.equal(move.to, 'a6');
    assert.equal(move.side, 'white');
    assert.match(move.position, /^4k3\/8\/L7\/8\/8\/8\/8\/4K3 b/);
    await settled(canvas);
    await canvas.screenshot({ path: `${ARTIFACTS}embed-${way}-chess.png` });
    const chess = await picture(canvas);

    if (way === 'module') await page.evaluate(() => /** @type {any} */ (window).handles[0].set({ pieceSet: 'abstract' }));
    else if (way === 'element') await page.evaluate(() => document.querySelector('ultima-board')?.setAttribute('piece-set', 'abstract'));
    else {
      await page.evaluate(() => /** @type {any} */ (window).call(0, 1, 'set', { pieceSet: 'abstract' }));
      await page.waitForFunction(() => /** @type {any} */ (window).results.some((/** @type {any} */ r) => r.id === 1));
      const result = await page.evaluate(() => /** @type {any} */ (window).results.find((/** @type {any} */ r) => r.id === 1));
      assert.equal(result.error, undefined);
    }
    await settled(canvas);
    await canvas.screenshot({ path: `${ARTIFACTS}embed-${way}-abstract.png` });
    assert.notEqual(await picture(canvas), chess, 'the piece set did not change the drawing');

    const outside = await page.evaluate(() => [document.body.children.length, document.head.children.length, document.getElementById('before')?.textContent, document.getElementById('after')?.textContent]);
    if (way === 'module') {
      await page.evaluate(() => /** @type {any} */ (window).handles[0].destroy());
      assert.equal(await page.evaluate(() => document.querySelector('.host')?.childNodes.length), 0);
    } else if (way === 'element') {
      const shadow = await page.evaluate(async () => {
        const board = document.querySelector('ultima-board');
        const root = board?.shadowRoot;
        board?.remove();
        // Taken down once the script that removed it is done (one moved at once is kept).
        await new Promise((resolve) => setTimeout(resolve));
        return root?.childNodes.length;
      });
      assert.equal(shadow, 0);
    } else {
      await page.evaluate(() => document.querySelector('iframe')?.remove());
    }
    assert.deepEqual(
      await page.evaluate(() => [document.body.children.length, document.head.children.length, document.getElementById('before')?.textContent, document.getElementById('after')?.textContent]),
      outside,
      'the embed changed the page outside its element',
    );
    assert.equal(page.workers().length, 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const way of /** @type {const} */ (['module', 'element', 'frame'])) {
  test(`${way}: movable=white moves White's pieces by hand; Black's move comes through play(), back from an earlier position; a Black piece pressed says why it stays; resign() resigns White`, { timeout: 60_000 }, async () => {
    const statusLine = way === 'module' ? { statusLine: true } : { 'status-line': 'true' };
    const { page, problems } = await openHost(files, way, [{ position: LEAPER, movable: 'white', ...statusLine }]);
    await eventsOf(page, 0, 'ready');
    const canvas = canvasOf(page, way, 0);
    const status = (way === 'frame' ? page.frameLocator('iframe') : page).locator('.ultima-status');
    assert.equal(await status.textContent(), 'Your turn (White)');
    await clickSquare(page, canvas, 'a1');
    await clickSquare(page, canvas, 'a6');
    await eventsOf(page, 0, 'move');
    assert.equal(await status.textContent(), 'Black to move (the other player)');
    // Black to move: not on this board.
    await clickSquare(page, canvas, 'e8');
    const live = (way === 'frame' ? page.frameLocator('iframe') : page).locator('.ultima-live p').last();
    assert.equal(await live.textContent(), "black King on e8: Black to move, and this board moves White's pieces only");
    let id = 0;
    /** Calls a method of the board's handle, the way the host page has it. @param {string} method @param {unknown[]} args */
    const call = async (method, ...args) => {
      if (way === 'frame') {
        const mine = ++id;
        await page.evaluate(([mine, method, args]) => /** @type {any} */ (window).call(0, mine, method, ...args), /** @type {const} */ ([mine, method, args]));
        await page.waitForFunction((mine) => /** @type {any} */ (window).results.some((/** @type {any} */ r) => r.id === mine), mine);
      } else {
        await page.evaluate(([method, args]) => {
          const handle = /** @type {any} */ (document.querySelector('ultima-board'))?.handle ?? /** @type {any} */ (window).handles[0];
          handle[method](...args);
        }, /** @type {const} */ ([method, args]));
      }
    };
    // Black's move comes while White's player looks at the start: the board goes back to the
    // game, and says so.
    await call('showPly', -1);
    await call('play', 'e8-e7');
    const moves = await eventsOf(page, 0, 'move', 2);
    assert.deepEqual(moves.map((m) => m.move), ['a1-a6xa2xa5', 'e8-e7']);
    assert.deepEqual((await eventsOf(page, 0, 'view', 2)).map((v) => v.ply), [-1, null]);
    // White's turn again: White's pieces move by hand.
    await clickSquare(page, canvas, 'e1');
    await clickSquare(page, canvas, 'e2');
    assert.deepEqual((await eventsOf(page, 0, 'move', 3)).map((m) => m.move).at(-1), 'e1-e2');
    // Resign, on Black's turn, is White's: the board's player.
    await call('resign');
    const [over] = await eventsOf(page, 0, 'gameover');
    assert.deepEqual([over.reason, over.winner], ['resignation', 'black']);
    assert.equal(await status.textContent(), 'Black wins by resignation');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('element: moved to another parent at once it keeps its board and game; a misspelt attribute is named', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'element', [{ position: LEAPER }]);
  await eventsOf(page, 0, 'ready');
  const kept = await page.evaluate(async () => {
    const board = /** @type {any} */ (document.querySelector('ultima-board'));
    const handle = board.handle;
    handle.play('a1-a6');
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(board);
    await new Promise((resolve) => setTimeout(resolve));
    return { same: board.handle === handle, plies: board.handle.history().length, canvases: board.shadowRoot.querySelectorAll('canvas').length };
  });
  assert.deepEqual(kept, { same: true, plies: 1, canvases: 1 });
  assert.equal((await page.evaluate(() => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.type === 'ready'))).length, 1, 'no second board started');
  // Out of the page for longer, it is taken down; put back, a fresh board starts from its attributes.
  const fresh = await page.evaluate(async () => {
    const board = /** @type {any} */ (document.querySelector('ultima-board'));
    board.remove();
    await new Promise((resolve) => setTimeout(resolve));
    const gone = board.handle === null && board.shadowRoot.childNodes.length === 0;
    document.body.append(board);
    await board.handle.ready;
    return { gone, plies: board.handle.history().length };
  });
  assert.deepEqual(fresh, { gone: true, plies: 0 });
  assert.deepEqual(problems, []);
  await page.close();

  // A misspelt attribute is said in the console, with the option meant; the board starts without it.
  const misspelt = await openHost(files, 'element', [{ position: LEAPER, piecesett: 'abstract', class: 'mine' }]);
  await eventsOf(misspelt.page, 0, 'ready');
  assert.deepEqual(misspelt.problems, ['console warning: <ultima-board>: unknown attribute "piecesett" (did you mean "piece-set"?): it is left out']);
  await misspelt.page.close();
});

test('module: undo or redo with nothing to take back or replay changes nothing and fires nothing; showPly refuses what is no ply', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'module', [{ position: LEAPER, shapes: 'Ga1a6' }]);
  await eventsOf(page, 0, 'ready');
  const after = await page.evaluate(() => {
    const handle = /** @type {any} */ (window).handles[0];
    const before = /** @type {any} */ (window).events.length;
    const answers = [handle.undo(), handle.redo()];
    return { answers, events: /** @type {any} */ (window).events.slice(before).map((/** @type {any} */ e) => e.type), shapes: handle.shapes().length };
  });
  assert.deepEqual(after, { answers: [undefined, undefined], events: [], shapes: 1 });
  const refused = await page.evaluate(() => {
    const handle = /** @type {any} */ (window).handles[0];
    handle.play('a1-a6');
    return [1.5, 'x', NaN].map((ply) => {
      try {
        handle.showPly(ply);
        return 'shown';
      } catch (error) {
        return /** @type {Error} */ (error).message;
      }
    });
  });
  assert.deepEqual(refused, [
    'showPly takes a whole number (-1 for the start, 0 for the first move) or null, not 1.5',
    'showPly takes a whole number (-1 for the start, 0 for the first move) or null, not "x"',
    'showPly takes a whole number (-1 for the start, 0 for the first move) or null, not NaN',
  ]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('frame: the host reads the game, steps through it, asks a hint and resigns by postMessage; change and view come out', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'frame', [{ position: LEAPER }]);
  await eventsOf(page, 0, 'ready');
  let id = 100;
  /** @param {string} method @param {unknown[]} args @returns {Promise<{ value?: any, error?: string }>} */
  const ask = async (method, ...args) => {
    const mine = ++id;
    await page.evaluate(([mine, method, args]) => /** @type {any} */ (window).call(0, mine, method, ...args), /** @type {const} */ ([mine, method, args]));
    await page.waitForFunction((mine) => /** @type {any} */ (window).results.some((/** @type {any} */ r) => r.id === mine), mine);
    const { value, error } = await page.evaluate((mine) => /** @type {any} */ (window).results.find((/** @type {any} */ r) => r.id === mine), mine);
    return error === undefined ? { value } : { error };
  };
  assert.deepEqual(await ask('play', 'a1-a6'), { value: 'a1-a6xa2xa5' });
  const [change] = await eventsOf(page, 0, 'change');
  assert.equal(change.snapshot.plies.length, 1);
  assert.deepEqual((await ask('history')).value.map((/** @type {any} */ ply) => ply.text), ['a1-a6xa2xa5']);
  assert.match((await ask('record')).value, /a1-a6xa2xa5/);
  assert.deepEqual(await ask('turn'), { value: 'black' });
  assert.deepEqual(await ask('showPly', -1), { value: null });
  assert.deepEqual((await eventsOf(page, 0, 'view')).at(-1), { ply: -1 });
  assert.deepEqual(await ask('shownPly'), { value: -1 });
  assert.deepEqual(await ask('showPly', 0.5), { error: 'showPly takes a whole number (-1 for the start, 0 for the first move) or null, not 0.5' });
  assert.deepEqual(await ask('showPly', null), { value: null });
  assert.deepEqual(await ask('undo'), { value: 'a1-a6xa2xa5' });
  assert.deepEqual(await ask('redoLength'), { value: 1 });
  assert.deepEqual(await ask('redo'), { value: 'a1-a6xa2xa5' });
  // No premove in a game of two players; a bad one is refused in words.
  assert.deepEqual(await ask('premove'), { value: null });
  assert.match(String((await ask('queuePremove', 'e8-e7')).error), /only while the computer thinks of its move/);
  assert.deepEqual(await ask('queuePremove', 5), { error: 'queuePremove: the move must be text such as "b2-b5", not number' });
  // The pointer over the board comes out as hover, with the square and its piece.
  const board = await page.frameLocator('iframe').locator('canvas').boundingBox();
  assert.ok(board);
  await page.mouse.move(board.x + board.width / 16, board.y + (board.height * 15) / 16);
  assert.deepEqual((await eventsOf(page, 0, 'hover')).at(-1), { square: 'a1', piece: '', frozen: false });
  // A hint answers once its search is done (a promise in the frame).
  const hint = await ask('hint', 1);
  assert.match(String(hint.value), /^e8-/);
  assert.deepEqual(await ask('hint', 1, 'arrow'), { error: 'hint: reveal must be "move" or "piece", not "arrow"' });
  assert.deepEqual(await ask('resign', 'purple'), { error: 'side must be "white" or "black", not "purple"' });
  assert.deepEqual(await ask('resign', 'black'), { value: null });
  const [over] = await eventsOf(page, 0, 'gameover');
  assert.equal(over.result, '1-0');
  assert.equal((await ask('result')).value.kind, 'resignation');
  assert.match(String((await ask('agreeDraw')).error), /over/);
  assert.deepEqual(await ask('turn', 'extra'), { error: 'turn: too many arguments (1; at most 0)' });
  assert.deepEqual(await ask('setHeader', 'White', 'Ann'), { value: null });
  assert.match((await ask('record')).value, /\[White "Ann"\]/);
  assert.deepEqual(await ask('undo', { quiet: true }), { value: null });
  assert.deepEqual(await ask('result'), { value: null });
  // A label names the frame's title and landmark, as the board's canvas.
  assert.deepEqual(await ask('set', { label: 'Game 7' }), { value: null });
  const frame = page.frameLocator('iframe');
  assert.equal(await frame.locator('main').getAttribute('aria-label'), 'Game 7');
  assert.equal(await page.frames()[1]?.title(), 'Game 7');
  assert.deepEqual(problems, []);
  await page.close();
});

test('module: a board under 192 px leaves the coordinates out (they would cover the pieces); one of 240 px has them', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'module', [{ size: 160 }, { size: 160, coordinates: false }, { size: 240 }, { size: 240, coordinates: false }]);
  await eventsOf(page, 3, 'ready');
  const pictures = [];
  for (const index of [0, 1, 2, 3]) {
    const canvas = canvasOf(page, 'module', index);
    await settled(canvas);
    // The canvas's own pixels: screenshots of boards at other places on the page differ at
    // their edges.
    pictures.push(await canvas.evaluate((node) => /** @type {HTMLCanvasElement} */ (node).toDataURL()));
  }
  assert.ok(pictures[0] === pictures[1], 'coordinates drawn on a 160 px board');
  assert.ok(pictures[2] !== pictures[3], 'no coordinates on a 240 px board');
  assert.deepEqual(problems, []);
  await page.close();
});

test('element: the label attribute names the board for screen readers, and a new label renames it', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'element', [{ position: LEAPER, label: 'Diagram 2: the double capture' }, { position: LEAPER }]);
  await eventsOf(page, 1, 'ready');
  const names = () => page.evaluate(() => [...document.querySelectorAll('ultima-board')].map((board) => [board.shadowRoot?.querySelector('canvas')?.getAttribute('aria-label'), board.shadowRoot?.querySelector('[role="grid"]')?.getAttribute('aria-label')]));
  const keys = 'arrow keys move the focus square, Enter or Space picks up and drops a piece, Escape cancels';
  assert.deepEqual(await names(), [
    [`Diagram 2: the double capture: ${keys}`, 'Diagram 2: the double capture'],
    [`Ultima board: ${keys}`, 'Board'],
  ]);
  await page.evaluate(() => document.querySelector('ultima-board')?.setAttribute('label', 'Diagram 3'));
  assert.deepEqual((await names())[0], [`Diagram 3: ${keys}`, 'Diagram 3']);
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * The colour of a canvas pixel: a square (White at the bottom) and an offset from its centre in
 * squares, read from a copy of the canvas (reading a canvas again and again makes Chromium warn).
 *
 * @param {Locator} canvas
 * @param {string} square
 * @param {number} dx
 * @param {number} dy
 * @returns {Promise<number[]>} [r, g, b]
 */
function pixelAt(canvas, square, dx, dy) {
  return canvas.evaluate(
    (node, [square, dx, dy]) => {
      const board = /** @type {HTMLCanvasElement} */ (node);
      const copy = new OffscreenCanvas(board.width, board.height);
      const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (copy.getContext('2d'));
      ctx.drawImage(board, 0, 0);
      const unit = board.width / 8;
      const x = Math.floor((square.charCodeAt(0) - 97 + 0.5 + dx) * unit);
      const y = Math.floor((8 - Number(square.slice(1)) + 0.5 + dy) * unit);
      return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    /** @type {const} */ ([square, dx, dy]),
  );
}

for (const way of /** @type {const} */ (['module', 'element', 'frame'])) {
  test(`${way}: the shapes option draws arrows and circles on the position; a move takes them away`, { timeout: 60_000 }, async () => {
    const { page, problems } = await openHost(files, way, [{ position: LEAPER, shapes: 'Rc3 Bh1-h8' }]);
    await eventsOf(page, 0, 'ready');
    const canvas = canvasOf(page, way, 0);
    await settled(canvas);
    // The red ring at c3's edge, the blue shaft over h4 (both dark squares of the green board).
    const [r, g, b] = await pixelAt(canvas, 'c3', 0.44, 0);
    assert.ok((r ?? 0) > (g ?? 0) + 60 && (r ?? 0) > (b ?? 0) + 60, `a red ring on c3: ${[r, g, b]}`);
    const [br, bg, bb] = await pixelAt(canvas, 'h4', 0, 0);
    assert.ok((bb ?? 0) > (br ?? 0) + 60 && (bb ?? 0) > (bg ?? 0) + 30, `a blue arrow over h4: ${[br, bg, bb]}`);
    const given = [
      { from: 'c3', to: 'c3', brush: 'red' },
      { from: 'h1', to: 'h8', brush: 'blue' },
    ];
    if (way === 'module') assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).handles[0].shapes()), given);
    else if (way === 'element') assert.deepEqual(await page.evaluate(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shapes()), given);
    else {
      await page.evaluate(() => /** @type {any} */ (window).call(0, 7, 'shapes'));
      await page.waitForFunction(() => /** @type {any} */ (window).results.some((/** @type {any} */ r) => r.id === 7));
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).results.find((/** @type {any} */ r) => r.id === 7).value), given);
    }
    await canvas.screenshot({ path: `${ARTIFACTS}embed-${way}-shapes.png` });
    // A left click (a reader's, on a diagram) leaves the host's shapes; the move takes them away.
    await clickSquare(page, canvas, 'a1');
    await clickSquare(page, canvas, 'a6');
    await eventsOf(page, 0, 'move');
    assert.deepEqual(await eventsOf(page, 0, 'shapes', 2), [
      { shapes: given, by: 'option' },
      { shapes: [], by: 'position' },
    ]);
    await settled(canvas);
    assert.deepEqual(await pixelAt(canvas, 'c3', 0.44, 0), [0x55, 0x99, 0x33]);
    if (way === 'element') {
      // The element's attributes describe the board: a new position from them gets the shapes
      // attribute drawn on it again, whichever attribute was changed first.
      await page.evaluate(() => {
        const board = /** @type {HTMLElement} */ (document.querySelector('ultima-board'));
        board.setAttribute('shapes', 'Rd4');
        board.setAttribute('position', '4k3/8/8/8/8/8/8/L3K3 w');
      });
      await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.position().startsWith('4k3/8/8/8/8/8/8/L3K3'));
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shapes()), [{ from: 'd4', to: 'd4', brush: 'red' }]);
      // And a mode that turns the board to the player's side keeps the orientation attribute's.
      const orientation = () => page.evaluate(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.view().orientation);
      await page.evaluate(() => document.querySelector('ultima-board')?.setAttribute('orientation', 'black'));
      await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.view().orientation === 'black');
      await page.evaluate(() => document.querySelector('ultima-board')?.setAttribute('mode', 'ai'));
      await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.view().mode === 'ai');
      assert.equal(await orientation(), 'black');
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('two boards on one page: one is played while the other thinks', { timeout: 90_000 }, async () => {
  // Board 0: the computer plays White at level 8 (about 2 s a move) and starts at once.
  const { page, problems } = await openHost(files, 'module', [{ mode: 'ai', side: 'black', level: 8, size: 300 }, { position: LEAPER, size: 300 }]);
  await eventsOf(page, 0, 'ready');
  await eventsOf(page, 1, 'ready');
  const [thinking] = await eventsOf(page, 0, 'thinking');
  assert.equal(thinking.thinking, true);
  const canvas = canvasOf(page, 'module', 1);
  await clickSquare(page, canvas, 'a1');
  await clickSquare(page, canvas, 'a6');
  const [move] = await eventsOf(page, 1, 'move');
  assert.deepEqual(move.captures, ['a2', 'a5']);
  // Board 1's move came while board 0 was still thinking, and did not touch board 0.
  const still = await page.evaluate(() => {
    const events = /** @type {any[]} */ (/** @type {any} */ (window).events).filter((e) => e.board === 0);
    return { moves: events.filter((e) => e.type === 'move').length, thinking: events.filter((e) => e.type === 'thinking').at(-1)?.detail.thinking };
  });
  assert.deepEqual(still, { moves: 0, thinking: true });
  assert.equal(page.workers().length, 1);
  const [answer] = await eventsOf(page, 0, 'move', 1, 60_000);
  assert.equal(answer.side, 'white');
  const [position0, position1] = await page.evaluate(() => /** @type {any} */ (window).handles.map((/** @type {any} */ h) => h.position()));
  assert.equal(position0, answer.position);
  assert.equal(position1, move.position);
  await page.screenshot({ path: `${ARTIFACTS}embed-two-boards.png`, fullPage: true });
  // The computer's worker ends with its board.
  const down = workersDown(page, 0);
  await page.evaluate(() => /** @type {any} */ (window).handles.forEach((/** @type {any} */ h) => h.destroy()));
  await page.waitForFunction(() => document.querySelectorAll('#hosts canvas, #hosts .ultima-embed').length === 0);
  await down;
  assert.equal(page.workers().length, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const way of /** @type {const} */ (['module', 'element', 'frame'])) {
  for (const [where, server] of /** @type {const} */ ([
    ['another origin than the files', () => elsewhere],
    ['a strict Content-Security-Policy', () => strict],
  ])) {
    test(`${way} on a host page with ${where}: play a move and get the computer's answer`, { timeout: 60_000 }, async () => {
      const host = server();
      const { page, problems } = await openHost(host, way, [{ mode: 'ai', side: 'white', level: 1, position: LEAPER }]);
      await eventsOf(page, 0, 'ready');
      const canvas = canvasOf(page, way, 0);
      await clickSquare(page, canvas, 'a1');
      await clickSquare(page, canvas, 'a6');
      const [mine, answer] = await eventsOf(page, 0, 'move', 2);
      assert.deepEqual(mine.captures, ['a2', 'a5']);
      assert.equal(answer.side, 'black');
      const origin = await page.evaluate(() => location.origin);
      if (host === elsewhere) assert.notEqual(origin, new URL(files.url).origin);
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).violations), []);
      assert.deepEqual(await eventsOf(page, 0, 'error', 0), []);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}

test('module in ai mode: a position that does not load, given while the computer thinks, changes nothing: the computer still answers', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'module', [{ mode: 'ai', side: 'white', level: 8, position: LEAPER }]);
  await eventsOf(page, 0, 'ready');
  const canvas = canvasOf(page, 'module', 0);
  await clickSquare(page, canvas, 'a1');
  await clickSquare(page, canvas, 'a6');
  await eventsOf(page, 0, 'move');
  const [thinking] = await eventsOf(page, 0, 'thinking');
  assert.equal(thinking.thinking, true);
  const refused = await page.evaluate(() => {
    try {
      /** @type {any} */ (window).handles[0].setPosition('zzz');
      return null;
    } catch (error) {
      return String(error);
    }
  });
  assert.match(refused ?? 'nothing thrown', /position/);
  const [, answer] = await eventsOf(page, 0, 'move', 2);
  assert.equal(answer.side, 'black');
  assert.deepEqual(problems, []);
  await page.close();
});

/** Option values a hostile or careless page might give: markup, script URLs, huge numbers. */
const HOSTILE = [
  { name: 'position', value: '<img src=x onerror="window.pwned=1">', shows: 'position' },
  { name: 'piece-set', value: '<script>window.pwned=1</script>', shows: '<script>window.pwned=1</script>' },
  { name: 'base', value: 'javascript:window.pwned=1//', shows: 'javascript:window.pwned=1//' },
  { name: 'level', value: '1e400', shows: '1e400' },
  { name: 'size', value: '99999999999999999999', shows: '99999999999999999999' },
  { name: 'record', value: '1. <b onmouseover=alert(1)>x</b>', shows: 'record' },
  { name: 'shapes', value: 'Gb2b5 <b>e4</b>', shows: '"<b>e4</b>" is not a shape' },
];

for (const way of /** @type {const} */ (['module', 'element', 'frame'])) {
  test(`${way}: hostile option values give a visible, escaped error and an error event`, { timeout: 60_000 }, async () => {
    const camel = (/** @type {string} */ name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const options = HOSTILE.map(({ name, value }) => ({ [way === 'module' ? camel(name) : name]: value }));
    const { page, problems } = await openHost(files, way, options);
    for (const [index, { shows }] of HOSTILE.entries()) {
      const [error] = await eventsOf(page, index, 'error');
      assert.ok(error.message.includes(shows), `board ${index}: ${error.message} does not mention ${shows}`);
      const scope = way === 'frame' ? page.frameLocator(`iframe >> nth=${index}`) : page.locator('#hosts > *').nth(index);
      const box = scope.locator('[part="error"]');
      assert.equal(await box.isVisible(), true, `board ${index}: no visible error`);
      const text = await box.textContent();
      assert.equal(text, `Ultima board: ${error.message}`);
    }
    await page.screenshot({ path: `${ARTIFACTS}embed-${way}-hostile.png`, fullPage: true });
    // Nothing ran, and no markup was made from the values.
    const frames = way === 'frame' ? page.frames().slice(1) : [page.mainFrame()];
    for (const frame of frames) {
      assert.equal(await frame.evaluate(() => /** @type {any} */ (window).pwned), undefined);
      const made = await frame.evaluate(() => {
        /** @param {Document | ShadowRoot} root @returns {number} */
        const count = (root) => root.querySelectorAll('#hosts img, #hosts b, #board img, #board b, div img, div b').length
          + [...root.querySelectorAll('*')].reduce((n, el) => n + (el.shadowRoot ? count(el.shadowRoot) : 0), 0);
        return count(document);
      });
      assert.equal(made, 0);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the game page itself runs under the strict Content-Security-Policy', { timeout: 60_000 }, async () => {
  const page = await files.context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript(() => {
    /** @type {any} */ (window).violations = [];
    document.addEventListener('securitypolicyviolation', (e) => /** @type {any} */ (window).violations.push(e.violatedDirective));
  });
  await page.goto(strict.url);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('canvas#board[data-paints]');
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).violations), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('frame: a query parameter that is no option is named in a console warning, with the option it may mean; the board starts without it; one given twice says which is used', { timeout: 60_000 }, async () => {
  const page = await files.context.newPage();
  /** @type {string[]} */
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${files.url}embed.html?mode=view&pieceSet=abstract&theme=blue&position=${encodeURIComponent(LEAPER)}&theme=green`);
  await page.waitForSelector('canvas[data-paints]');
  assert.deepEqual(warnings, [
    'Ultima board: unknown parameter "pieceSet" (did you mean "piece-set"?): it is left out.',
    'Ultima board: parameter "theme" is given 2 times ("blue", "green"): the first is used.',
  ]);
  await page.close();
});

test('frame: given origin=, the bridge talks to that origin only', { timeout: 60_000 }, async () => {
  // Board 0 expects another host; board 1 this one.
  const { page, problems } = await openHost(files, 'frame', [{ position: LEAPER, origin: 'https://example.org' }, { position: LEAPER }]);
  await eventsOf(page, 1, 'ready');
  await page.frameLocator('iframe >> nth=0').locator('canvas[data-paints]').waitFor();
  // Board 0's frame hears the call (after its bridge, which listened first, has refused it).
  const frame0 = await (await page.locator('iframe >> nth=0').elementHandle())?.contentFrame();
  assert.ok(frame0, 'board 0 is a frame');
  await frame0.evaluate(() => {
    /** @type {any} */ (window).heard = new Promise((resolve) => addEventListener('message', () => resolve(true), { once: true }));
  });
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.call(0, 1, 'position');
    w.call(1, 2, 'position');
    w.call(1, 3, 'launchMissiles');
  });
  await frame0.evaluate(() => /** @type {any} */ (window).heard);
  await page.waitForFunction(() => /** @type {any} */ (window).results.length >= 2);
  const results = await page.evaluate(() => /** @type {any} */ (window).results);
  assert.deepEqual(results, [
    { board: 1, id: 2, value: `${LEAPER.replace(' w', ' w 0 1')}` },
    { board: 1, id: 3, error: 'unknown method "launchMissiles"' },
  ]);
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.board === 0)), []);
  // Chromium says so when board 0 posts its `ready` to https://example.org, which this is not.
  const refused = problems.filter((p) => p.includes("target origin provided ('https://example.org') does not match"));
  assert.ok(refused.length >= 1, 'board 0 did not post to its given origin');
  assert.deepEqual(problems.filter((p) => !refused.includes(p)), []);
  await page.close();
});

test("frame under a finger: an annotated replay's 40 px buttons keep to one row, and its comment is inside the frame", { timeout: 60_000 }, async () => {
  const phone = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  try {
    const page = await phone.context.newPage();
    const problems = watchProblems(page);
    const options = [{ mode: 'replay', record: '{Six captures in six moves each.} 1. h2-h6 e7-e5 2. h1-h4 e5-h5xh6 {Pinched.}' }];
    await page.goto(`${files.url}host-frame.html?options=${encodeURIComponent(JSON.stringify(options))}`);
    const frame = page.frameLocator('iframe');
    await frame.locator('canvas[data-paints]').waitFor();
    const fit = await frame.locator('[part="controls"]').evaluate((/** @type {HTMLElement} */ controls) => ({
      rows: new Set([...controls.querySelectorAll('button')].map((button) => Math.round(button.getBoundingClientRect().top))).size,
      height: Math.round(/** @type {HTMLElement} */ (controls.querySelector('button')).getBoundingClientRect().height),
      over: document.documentElement.scrollHeight - innerHeight,
      comment: /** @type {HTMLElement} */ (document.querySelector('[part="caption"]')).getBoundingClientRect().bottom - innerHeight,
    }));
    assert.deepEqual({ rows: fit.rows, height: fit.height }, { rows: 1, height: 40 });
    assert.ok(fit.over <= 0 && fit.comment <= 0, `the frame's content runs ${fit.over} px past its foot, the comment ${fit.comment} px`);
    assert.deepEqual(problems, []);
  } finally {
    await phone.close();
  }
});

test('frame: a replay leaves its buttons room in the frame; a bad origin= is said in place of the board, in the console and to the host', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'frame', [{ mode: 'replay', record: '1. h2-h6 e7-e5 2. h1-h4' }, { position: LEAPER, origin: 'javascript:1' }]);
  await eventsOf(page, 0, 'ready');
  // The frames are 400 px square: the buttons under the board are inside, the board as large as
  // the room left allows.
  const frame0 = page.frameLocator('iframe >> nth=0');
  await frame0.locator('canvas[data-paints]').waitFor();
  const bottom = await frame0.locator('[part="controls"]').evaluate((controls) => controls.getBoundingClientRect().bottom);
  assert.ok(bottom <= 400, `the replay's buttons end at ${bottom} px`);
  const side = await frame0.locator('canvas').evaluate((canvas) => canvas.getBoundingClientRect().width);
  assert.ok(side > 340, `the board is ${side} px`);
  // No board that would never answer: why, where the board would be.
  const [error] = await eventsOf(page, 1, 'error');
  assert.match(error.message, /^origin must be an http or https origin, not "javascript:1"/);
  const frame1 = page.frameLocator('iframe >> nth=1');
  assert.match((await frame1.locator('[part="error"]').textContent()) ?? '', /^Ultima board: origin must be/);
  assert.equal(await frame1.locator('canvas').count(), 0);
  const said = problems.filter((p) => p.includes('origin must be'));
  assert.equal(said.length, 1, 'said once in the console');
  assert.deepEqual(problems.filter((p) => !said.includes(p)), []);
  await page.close();
});

test('element: replay steps through a record, view mode is a still diagram, ::part and custom properties style it', { timeout: 60_000 }, async () => {
  const record = '1. h2-h6 e7-e5 2. h1-h4 e5-h5xh6';
  const { page, problems } = await openHost(files, 'element', [
    { mode: 'replay', record, size: 240 },
    { mode: 'view', position: LEAPER, size: 240 },
    { 'piece-set': 'nonsense' },
  ]);
  await eventsOf(page, 0, 'ready');
  await eventsOf(page, 1, 'ready');
  await eventsOf(page, 2, 'error');
  const boards = page.locator('ultima-board');
  const replay = boards.nth(0);
  const shown = () => page.evaluate(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shownPly());
  assert.equal(await shown(), -1, 'a replay starts at the start');
  const label = replay.locator('[part="controls"] span');
  assert.equal(await label.textContent(), '0 / 4');
  // Each position stepped to is heard, in words, once a control is pressed, not as the board
  // opens.
  const heard = replay.locator('.ultima-live p');
  assert.equal(await heard.count(), 0);
  await replay.locator('button[aria-label="Next move"]').click();
  assert.equal(await heard.last().textContent(), '1. white Pawn h2 to h6 (1 of 4).');
  await replay.locator('button[aria-label="Next move"]').click();
  assert.equal(await shown(), 1);
  assert.equal(await label.textContent(), '2 / 4');
  assert.equal(await heard.last().textContent(), '1... black Pawn e7 to e5 (2 of 4).');
  await replay.locator('button[aria-label="Last move"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await shown(), null);
  assert.equal(await label.textContent(), '4 / 4');
  assert.equal(await replay.locator('button[aria-label="Next move"]').isDisabled(), true);
  // Last move turned itself off: the focus went to its neighbour, not to the page.
  assert.equal(await replay.evaluate((element) => element.shadowRoot?.activeElement?.textContent), 'Play');
  await replay.screenshot({ path: `${ARTIFACTS}embed-replay.png` });
  // Play, at the end: from the start again, a move a second, by itself, to the last move.
  const play = replay.locator('[part="controls"] button[aria-pressed]');
  await play.click();
  assert.equal(await play.getAttribute('aria-pressed'), 'true');
  assert.equal(await play.textContent(), 'Pause');
  assert.equal(await label.textContent(), '0 / 4');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shownPly() === 0);
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shownPly() === 1);
  // Any other control stops it: Previous, pressed in the page between two of Play's steps, goes
  // back one move from where Play had got to.
  const [before, after] = await page.evaluate(() => {
    const board = /** @type {any} */ (document.querySelector('ultima-board'));
    const ply = board.handle.shownPly();
    board.shadowRoot.querySelector('button[aria-label="Previous move"]').click();
    return [ply, board.handle.shownPly()];
  });
  // (null: Play had got to the game itself, whose last ply is 3.)
  assert.equal(after, (before ?? 3) - 1);
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  await play.click();
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.shownPly() === null, undefined, { timeout: 10_000 });
  await replay.locator('[part="controls"] button[aria-pressed="false"]').waitFor();
  assert.equal(await label.textContent(), '4 / 4');
  assert.equal(await play.textContent(), 'Play');

  // A diagram: clicking the Long Leaper selects nothing and plays nothing.
  const view = canvasOf(page, 'element', 1);
  assert.equal(Math.round((await view.boundingBox())?.width ?? 0), 240);
  await clickSquare(page, view, 'a1');
  await clickSquare(page, view, 'a6');
  assert.deepEqual(await eventsOf(page, 1, 'move', 0), []);

  // The host page styles the parts and custom properties from outside the shadow root.
  const styled = await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('ultima-board::part(frame) { outline: 3px solid rgb(0, 0, 200); } ultima-board { --ultima-error-color: rgb(200, 0, 0); }');
    document.adoptedStyleSheets = [sheet];
    const [first, , third] = [...document.querySelectorAll('ultima-board')];
    const frame = first?.shadowRoot?.querySelector('[part="frame"]');
    const error = third?.shadowRoot?.querySelector('[part="error"]');
    return [frame && getComputedStyle(frame).outlineColor, error && getComputedStyle(error).color];
  });
  assert.deepEqual(styled, ['rgb(0, 0, 200)', 'rgb(200, 0, 0)']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('element in markup, listened to by a script after it (the README\'s example): a bad attribute\'s error reaches the listener; a replay tells ready before its view, shows an annotated record\'s comments, steps by the arrow keys and lets a finger scroll the page', { timeout: 60_000 }, async () => {
  const page = await files.context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${files.url}host-markup.html`);
  const [bad] = await eventsOf(page, 0, 'error');
  assert.match(bad.message, /mode/);
  await eventsOf(page, 1, 'ready');
  await eventsOf(page, 1, 'view');
  // ready first: a host waiting for it hears the replay's opening view too.
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).events.filter((/** @type {any} */ e) => e.board === 1).map((/** @type {any} */ e) => e.type)), ['ready', 'view']);
  const replay = page.locator('ultima-board').nth(1);
  const caption = replay.locator('[part="caption"]');
  const shown = () => page.evaluate(() => /** @type {any} */ (document.querySelectorAll('ultima-board')[1]).handle.shownPly());
  // The game's comment at the start, then each move shown with its mark and comment.
  assert.equal(await caption.textContent(), 'A short game');
  const canvas = replay.locator('canvas');
  assert.match((await canvas.getAttribute('aria-label')) ?? '', /: left and right arrow keys step through the moves, Home and End go to the start and the end$/);
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await shown(), 0);
  assert.equal(await caption.textContent(), '1. Ph2-h6 The Pawn runs ahead.');
  // Heard in one message: the move in words, where it stands, its comment.
  assert.equal(await replay.locator('.ultima-live p').last().textContent(), '1. white Pawn h2 to h6 (1 of 4). The Pawn runs ahead.');
  await page.keyboard.press('ArrowRight');
  assert.equal(await caption.textContent(), '1… Pe7-e5?!');
  assert.equal(await replay.locator('.ultima-live p').last().textContent(), '1... black Pawn e7 to e5, dubious move (2 of 4).');
  const height = (await caption.boundingBox())?.height;
  await page.keyboard.press('End');
  assert.equal(await shown(), null);
  assert.match((await caption.textContent()) ?? '', /^2… Pe5-h5 ?xh6!! Pinched\.$/);
  assert.equal((await caption.boundingBox())?.height, height, 'the box keeps its height: the board does not move');
  await replay.screenshot({ path: `${ARTIFACTS}embed-replay-annotated.png` });
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shown(), 2);
  await page.keyboard.press('Home');
  assert.equal(await shown(), -1);
  assert.equal(await caption.textContent(), 'A short game');
  // A click on the board gives it the keys (a press on it is cancelled, which kept the focus off).
  await canvas.evaluate((element) => element.blur());
  await canvas.click();
  await page.keyboard.press('End');
  assert.equal(await shown(), null);
  // Under a small board, with a host's large font, the buttons wrap rather than overflow it.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('ultima-board::part(controls) { font-size: 22px; }');
    document.adoptedStyleSheets = [sheet];
    document.querySelectorAll('ultima-board')[1]?.setAttribute('size', '160');
  });
  await page.waitForFunction(() => Math.round(/** @type {any} */ (document.querySelectorAll('ultima-board')[1]).shadowRoot.querySelector('canvas').getBoundingClientRect().width) === 160);
  const spill = await replay.evaluate((element) => {
    const frame = /** @type {Element} */ (element.shadowRoot?.querySelector('[part="frame"]')).getBoundingClientRect();
    return [...(element.shadowRoot?.querySelectorAll('[part="controls"] > *') ?? [])].map((child) => child.getBoundingClientRect()).filter((box) => box.left < frame.left - 0.5 || box.right > frame.right + 0.5).length;
  });
  assert.equal(spill, 0, 'no button past the board');
  // A finger on a board whose pieces do not move scrolls the page; one that plays keeps it.
  assert.equal(await canvas.evaluate((element) => getComputedStyle(element).touchAction), 'manipulation');
  await page.evaluate(() => /** @type {any} */ (document.querySelectorAll('ultima-board')[1]).setAttribute('mode', 'play'));
  await page.waitForFunction(() => getComputedStyle(/** @type {any} */ (document.querySelectorAll('ultima-board')[1]).shadowRoot.querySelector('canvas')).touchAction === 'none');
  assert.equal(await caption.isVisible(), false, 'comments are the replay\'s');
  assert.deepEqual(problems, []);
  await page.close();
});

test('ai mode: a status line under the board says whose turn, the thinking and the result; ::part(status) styles it', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'element', [
    { mode: 'ai', side: 'white', level: 1, size: 320 },
    { mode: 'ai', side: 'white', level: 1, size: 240, 'status-line': 'false' },
    { mode: 'play', size: 240 },
  ]);
  for (const index of [0, 1, 2]) await eventsOf(page, index, 'ready');
  const boards = page.locator('ultima-board');
  const status = boards.nth(0).locator('[part="status"]');
  assert.equal(await status.textContent(), 'Your turn (White)');
  assert.equal(await boards.nth(1).locator('[part="status"]').isVisible(), false, 'turned off');
  assert.equal(await boards.nth(2).locator('[part="status"]').isVisible(), false, 'only against the computer');
  // Every text the line shows, as it changes.
  await status.evaluate((node) => {
    const seen = [node.textContent];
    Object.assign(window, { seen });
    new MutationObserver(() => seen.push(node.textContent)).observe(node, { childList: true, characterData: true, subtree: true });
  });
  const canvas = canvasOf(page, 'element', 0);
  await clickSquare(page, canvas, 'b2');
  await clickSquare(page, canvas, 'b5');
  await eventsOf(page, 0, 'move', 2);
  await page.waitForFunction(() => /** @type {any} */ (window).seen.at(-1) === 'Your turn (White)');
  const seen = await page.evaluate(() => /** @type {any} */ (window).seen);
  assert.ok(seen.includes('The computer is thinking…'), `the line while the computer thought: ${seen.join(' | ')}`);
  await settled(canvas);
  await boards.nth(0).screenshot({ path: `${ARTIFACTS}embed-ai-status.png` });
  // The result.
  await page.evaluate(() => /** @type {any} */ (document.querySelector('ultima-board')).handle.setPosition('4k3/8/8/8/8/8/1i6/K7 w'));
  assert.equal(await status.textContent(), 'Black wins by stalemate (White has no legal move)');
  // The host styles it from outside the shadow root; the styles the board sets itself are in
  // its CSSOM, not in markup.
  const color = await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('ultima-board::part(status) { color: rgb(1, 2, 3); }');
    document.adoptedStyleSheets = [sheet];
    const node = document.querySelector('ultima-board')?.shadowRoot?.querySelector('[part="status"]');
    return node && getComputedStyle(node).color;
  });
  assert.equal(color, 'rgb(1, 2, 3)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('frame: color-scheme=dark gives light text for a dark host page; a value it cannot read is said and left out', { timeout: 60_000 }, async () => {
  /** @param {Record<string, string>} options @returns {Promise<{ text: number[], warnings: string[] }>} */
  const statusColour = async (options) => {
    const { page, problems } = await openHost(files, 'frame', [{ mode: 'ai', side: 'white', level: 1, ...options }]);
    await eventsOf(page, 0, 'ready');
    const status = page.frameLocator('iframe').locator('[part="status"]');
    await status.filter({ hasText: 'Your turn (White)' }).waitFor();
    const colour = await status.evaluate((element) => getComputedStyle(element).color);
    if (options['color-scheme'] === 'dark') await page.locator('iframe').screenshot({ path: `${ARTIFACTS}embed-frame-dark.png` });
    await page.close();
    // The frame's console warnings are all the page hears of a bad value.
    return { text: (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number), warnings: problems };
  };
  const light = await statusColour({});
  assert.ok(Math.max(...light.text) < 80, `dark text by default: ${light.text}`);
  assert.deepEqual(light.warnings, []);
  const dark = await statusColour({ 'color-scheme': 'dark' });
  assert.ok(Math.min(...dark.text) > 180, `light text: ${dark.text}`);
  assert.deepEqual(dark.warnings, []);
  const odd = await statusColour({ 'color-scheme': 'purple' });
  assert.deepEqual(odd.text, light.text, 'left out: the default');
  assert.deepEqual(odd.warnings, ['console warning: Ultima board: color-scheme must be "light" or "dark", not "purple": it is left out.']);
});

test('frame in ai mode: the status line fits in the frame under the board', { timeout: 60_000 }, async () => {
  const { page, problems } = await openHost(files, 'frame', [{ mode: 'ai', side: 'black', level: 2 }]);
  await eventsOf(page, 0, 'ready');
  const frame = page.frameLocator('iframe');
  // Black: the computer (White) moves first.
  await eventsOf(page, 0, 'move', 1);
  const status = frame.locator('[part="status"]');
  await status.filter({ hasText: 'Your turn (Black)' }).waitFor();
  const fits = await frame.locator('html').evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth);
  assert.equal(fits, true, 'no scrolling inside the frame');
  await page.locator('iframe').screenshot({ path: `${ARTIFACTS}embed-frame-ai.png` });
  assert.deepEqual(problems, []);
  await page.close();
});
