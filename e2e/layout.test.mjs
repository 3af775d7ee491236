// Nothing sticks out: on the screens the other tests do not take (a small phone, a tablet held
// upright, a phone held sideways), the game page and each of its dialogs keep every element
// within the page's width and the dialog's edges. A fieldset widened by a select's longest
// choice, say, shows as an element past the dialog's right edge, cut off or scrolled to. And
// under a finger every control is 40 px high.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch } from './browser.mjs';
import { ARTIFACTS, NO_GAME, openGame, useServedDist } from './game-page.mjs';

/** @import { Page } from 'playwright-core' */

const served = useServedDist();

/** The screens, in CSS pixels. */
const SCREENS = /** @type {const} */ ([
  ['a small phone', { width: 320, height: 640 }],
  ['a tablet held upright', { width: 820, height: 1180 }],
  ['a phone held sideways', { width: 844, height: 390 }],
]);

/** A game against the computer with a 3+2 clock, a move each played: the clocks shown. */
const CLOCKED = JSON.stringify({ version: 1, record: '[TimeControl "180+2"]\n[Clocks "180.0 178.0"]\n\n1. b2-b5 g7-g4 *', settings: { opponent: { computer: 'black', level: 2 } } });

/**
 * The page's dialogs: the button that opens each, and when it is ready to be measured.
 *
 * @type {Array<[string, () => boolean]>}
 */
const DIALOGS = [
  ['#new-game', () => document.querySelector('dialog[open]') !== null],
  // Measured once a line of the engine's is long (eight moves), so that its clipping counts.
  ['#analyse', () => [...document.querySelectorAll('.analysis-dialog[open] .analysis-lines li')].some((li) => li.querySelectorAll('.analysis-move').length >= 8)],
  // Once the lessons are loaded and listed.
  ['#open-lessons', () => document.getElementById('lessons')?.dataset.phase === 'menu' && document.querySelector('#lessons .lesson-list button') !== null],
  ['#open-puzzles', () => document.getElementById('puzzles')?.dataset.phase === 'try'],
  ['#open-storm', () => document.getElementById('storm')?.dataset.phase === 'ready'],
  // Once its board is mounted and painted.
  ['#open-squares', () => document.querySelector('dialog#squares[open] .squares-board canvas[data-paints]') !== null],
  ['#open-games', () => document.querySelector('dialog[open] .games-item') !== null],
  ['#open-editor', () => document.querySelector('dialog[open] canvas') !== null],
];

/**
 * What sticks out: each element of an open dialog past the dialog's left or right edge, and
 * the page if it scrolls sideways. Folded parts (details) are opened first, so that they count.
 * What a part of the dialog cuts off by design (`overflow-x: hidden` or `clip`, as the engine's
 * lines fade out at their right edge) is not sticking out: that part itself is measured. What
 * a part lets scroll sideways still counts.
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const stickingOut = (page) =>
  page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    const found = [];
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      const edge = dialog.getBoundingClientRect();
      /** @param {Element} element */
      const cutOff = (element) => {
        for (let up = element.parentElement; up && up !== dialog; up = up.parentElement) {
          const overflow = getComputedStyle(up).overflowX;
          if (overflow === 'hidden' || overflow === 'clip') return true;
        }
        return false;
      };
      for (const element of dialog.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || cutOff(element)) continue;
        if (box.right > edge.right + 0.5 || box.left < edge.left - 0.5) found.push(`${dialog.id || dialog.className}: ${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')} spans ${Math.round(box.left)}–${Math.round(box.right)}, the dialog ${Math.round(edge.left)}–${Math.round(edge.right)}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth + 0.5) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${innerWidth}`);
    return found;
  });

/**
 * The controls under a finger smaller than a finger needs: every button, list, text field,
 * summary and check box or radio button with its words, on the page or in the open dialog,
 * below 40 px high (a button or a list also below 40 px wide); the
 * moves of a move list below 36 px on the analysis board (the page's keep their density, as do
 * the puzzles' session row and the engine's lines, each also reached another way).
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const tooLowForAFinger = (page) =>
  page.evaluate(() => {
    const scope = document.querySelector('dialog[open]') ?? document.body;
    const controls = scope.querySelectorAll('button, select, input:not([type="checkbox"], [type="radio"]), summary, label:has(> input[type="checkbox"]), label:has(> input[type="radio"])');
    /** @param {Element} control  a button or a list, which is as wide as high at least, but for
     *  the board editor's pieces and the squares' keys, eight to a row of a small phone's width */
    const square = (control) => (control instanceof HTMLButtonElement || control instanceof HTMLSelectElement) && !control.closest('.editor-palette, .squares-keys');
    return [...controls]
      .filter((control) => control.checkVisibility() && !control.closest('.moves, .puzzles-session, .analysis-lines'))
      .filter((control) => {
        const { width, height } = control.getBoundingClientRect();
        return height < (control.closest('.analysis-moves') ? 36 : 40) - 0.5 || (square(control) && width < 39.5);
      })
      .map((control) => {
        const { width, height } = control.getBoundingClientRect();
        return `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''}${[...control.classList].map((c) => `.${c}`).join('')} "${control.textContent?.trim().slice(0, 30)}" ${Math.round(width)} × ${Math.round(height)} px`;
      });
  });

/**
 * The controls a quick second tap would zoom the page at (Safari on an iPad zooms on a double
 * tap unless a control says `touch-action: manipulation`): each button, list, summary, label and
 * field on the page or in the open dialog, the analysis board's included, whose touch action is
 * still the browser's default.
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const zoomedByADoubleTap = (page) =>
  page.evaluate(() => {
    const scope = document.querySelector('dialog[open]') ?? document.body;
    return [...scope.querySelectorAll('button, select, summary, label, input')]
      .filter((control) => control.checkVisibility() && getComputedStyle(control).touchAction === 'auto')
      .map((control) => `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''}${[...control.classList].map((c) => `.${c}`).join('')} "${control.textContent?.trim().slice(0, 30)}"`);
  });

for (const [screen, viewport] of SCREENS) {
  test(`${screen}: the welcome, the page and its dialogs keep within their edges`, { timeout: 120_000 }, async () => {
    const browser = await launch({ viewport, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    try {
      // A first visit: the welcome.
      const first = await browser.context.newPage();
      await first.goto(served.url);
      await first.waitForSelector('dialog#welcome[open]');
      assert.deepEqual(await stickingOut(first), [], 'the welcome');
      assert.deepEqual(await tooLowForAFinger(first), [], 'the welcome');
      await first.click('#welcome button:has-text("Play the computer")');
      await first.waitForSelector('#welcome-play:visible');
      assert.deepEqual(await stickingOut(first), [], 'the welcome\'s Play the computer');
      assert.deepEqual(await tooLowForAFinger(first), [], 'the welcome\'s Play the computer');
      // Tab through it: no control the focus comes to is under its sticky Back and Play; also on
      // a phone's screen and a short desktop window, where the browser scrolls a control to the
      // dialog's foot rather than its middle.
      for (const size of [viewport, { width: 390, height: 844 }, { width: 1440, height: 560 }]) {
        await first.setViewportSize(size);
        await first.focus('#welcome-level-1');
        for (let i = 0; i < 20 && !(await first.evaluate(() => document.activeElement?.id === 'welcome-play')); i++) {
          await first.keyboard.press('Tab');
          const hidden = await first.evaluate(() => {
            const focused = document.activeElement;
            const foot = document.querySelector('.welcome-actions');
            if (!(focused instanceof HTMLElement) || !foot || foot.contains(focused)) return null;
            const [box, under] = [focused.getBoundingClientRect(), foot.getBoundingClientRect()];
            return box.bottom > under.top + 0.5 ? `${focused.tagName} ${focused.getAttribute('value') ?? focused.id} ends at ${box.bottom}, the foot starts at ${under.top}` : null;
          });
          assert.equal(hidden, null, `a control under the welcome's foot at ${size.width} × ${size.height}`);
        }
      }
      await first.setViewportSize(viewport);
      await first.close();

      const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
      assert.deepEqual(await stickingOut(page), [], 'the page');
      // Under a finger the page's controls are 40 px high, not the 29 px of a button's text.
      assert.deepEqual(await tooLowForAFinger(page), [], 'the page');
      assert.deepEqual(await zoomedByADoubleTap(page), [], 'the page');
      // A game in Your games, its row's words as long as they come.
      await page.evaluate(() => {
        const game = { id: 'a', ended: Date.UTC(2026, 11, 1, 7, 28), record: '1. b2-b5 g7-g4 0-1', result: '0-1', kind: 'resignation', winner: 'black', opponent: { computer: 'black', level: 1 }, plies: 2 };
        localStorage.setItem('ultima.games', JSON.stringify({ version: 1, games: [game] }));
      });
      for (const [button, ready] of DIALOGS) {
        await page.click(button);
        await page.waitForFunction(ready);
        assert.deepEqual(await stickingOut(page), [], button);
        assert.deepEqual(await tooLowForAFinger(page), [], button);
        assert.deepEqual(await zoomedByADoubleTap(page), [], button);
        if (button === '#open-squares') {
          // Naming's keys: a row of eight.
          await page.selectOption('#squares-mode', 'name');
          await page.waitForSelector('.squares-keys:visible');
          assert.deepEqual(await stickingOut(page), [], 'the squares named');
        }
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
}

test('a tablet held upright: the game\'s buttons and its moves in view under the board, side by side, clocks and all; a lesson\'s task over its board and its words under it, whole; the editor\'s pieces a finger\'s size', { timeout: 60_000 }, async () => {
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 820, height: 1180 },
  ]) {
    const browser = await launch({ viewport, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    try {
      const stored = JSON.stringify({ version: 1, record: '[TimeControl "180+2"]\n\n1. b2-b5 g7-g4 *', settings: { opponent: { computer: 'black', level: 2 } } });
      const { page, problems } = await openGame(browser.context, served.url, stored);
      const boxes = await page.evaluate(() => {
        /** @param {string} selector */
        const box = (selector) => {
          const { left, right, top, bottom } = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
          return { left, right, top, bottom };
        };
        return { resign: box('#resign'), moves: box('#moves'), clock: box('.clock-bottom'), board: box('#board-host'), height: innerHeight };
      });
      const where = `${viewport.width} × ${viewport.height}: ${JSON.stringify(boxes)}`;
      // Resign, the last of the game's buttons, within the screen (on an iPad mini it was cut off).
      assert.ok(boxes.resign.bottom <= boxes.height, where);
      // The moves beside the buttons, their first rows in view (they were a screen down the page).
      assert.ok(boxes.moves.left >= boxes.resign.right && boxes.moves.top < boxes.resign.bottom && boxes.moves.top + 40 <= boxes.height, where);
      // The clocks as wide as the board.
      assert.ok(Math.abs(boxes.clock.right - boxes.clock.left - (boxes.board.right - boxes.board.left)) < 1, where);
      // A lesson: its words whole, its task over the board and its explanation under it (beside
      // it, in a column 15rem wide, they scrolled and were cut mid-sentence), and the board and
      // its first action in the screen.
      // The game's clock runs: the lessons are asked for, and gone to.
      await page.click('#open-lessons');
      await page.click('#leave-clock .leave-go');
      await page.click('#lessons .lesson-list button');
      await page.waitForSelector('#lessons .trainer-board canvas[data-paints]');
      const lesson = await page.evaluate(() => {
        const side = /** @type {HTMLElement} */ (document.querySelector('#lessons .trainer-side'));
        const board = /** @type {Element} */ (document.querySelector('#lessons .trainer-board')).getBoundingClientRect();
        const action = /** @type {Element} */ (document.querySelector('#lessons .trainer-actions button')).getBoundingClientRect();
        return { scrolls: getComputedStyle(side).display !== 'contents', board: board.bottom, action: action.bottom, height: innerHeight };
      });
      assert.ok(!lesson.scrolls && lesson.board <= lesson.height && lesson.action <= lesson.height, `${where}; lesson ${JSON.stringify(lesson)}`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
      // The board editor's pieces: a finger's size (they were 26 px).
      await page.click('#open-editor');
      await page.click('#leave-clock .leave-go');
      await page.waitForSelector('dialog[open] .editor-tool');
      const piece = await page.locator('dialog[open] .editor-tool').first().boundingBox();
      assert.ok(piece && piece.width >= 48 && piece.height >= 48, `${where}; a piece ${JSON.stringify(piece)}`);
      await page.keyboard.press('Escape');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('a laptop zoomed to 150 % or 200 % and a phone on its side: the board and both clocks side by side in the window, the game\'s buttons beside them', { timeout: 90_000 }, async () => {
  for (const [viewport, deviceScaleFactor] of /** @type {const} */ ([
    [{ width: 853, height: 480 }, 1.5],
    [{ width: 844, height: 390 }, 3],
    // A 1280 × 800 laptop at 200 %, and a small phone turned: the panel went under the board.
    [{ width: 640, height: 400 }, 2],
    [{ width: 667, height: 375 }, 2.5],
  ])) {
    const browser = await launch({ viewport, deviceScaleFactor, hasTouch: deviceScaleFactor > 2, isMobile: deviceScaleFactor > 2 });
    try {
      const { page, problems } = await openGame(browser.context, served.url, CLOCKED);
      await page.waitForSelector('.clock-bottom:visible');
      const boxes = await page.evaluate(() => {
        /** @param {string} selector */
        const box = (selector) => {
          const { left, right, top, bottom } = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
          return { left, right, top, bottom };
        };
        return { board: box('#board-host'), top: box('.clock-top'), bottom: box('.clock-bottom'), status: box('#status'), resign: box('#resign'), height: innerHeight, width: innerWidth };
      });
      const where = `${viewport.width} × ${viewport.height}: ${JSON.stringify(boxes)}`;
      // Both clocks right of the board, the computer's at its top and the player's at its foot,
      // all in the window (laid out as a phone's, the computer's clock stood beside the board
      // and the player's under the fold).
      for (const clock of [boxes.top, boxes.bottom]) assert.ok(clock.left >= boxes.board.right && clock.bottom <= boxes.height && clock.right <= boxes.width, where);
      assert.ok(Math.abs(boxes.top.top - boxes.board.top) < 1 && Math.abs(boxes.bottom.bottom - boxes.board.bottom) < 1, where);
      // The status, the panel's head, beside them at the top, and Resign in the window.
      assert.ok(boxes.status.left >= boxes.top.right && boxes.status.top < boxes.board.top + 10, where);
      assert.ok(boxes.resign.bottom <= boxes.height && boxes.resign.right <= boxes.width, where);
      await page.screenshot({ path: `${ARTIFACTS}clocks-${viewport.width}x${viewport.height}.png` });
      // Without a clock too, the panel beside the board.
      const { page: unclocked, problems: unclockedProblems } = await openGame(browser.context, served.url, NO_GAME);
      const status = await unclocked.locator('#status').boundingBox();
      const board = await unclocked.locator('#board-host').boundingBox();
      assert.ok(status && board && status.x >= board.x + board.width && status.y < board.y + 10, `without clocks: ${JSON.stringify({ status, board })}`);
      assert.deepEqual(unclockedProblems, []);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('the ways to the lessons, the puzzles and Your games at the top: one row with the title from a 360 px phone up, each opening its view, the focus back on it after', { timeout: 90_000 }, async () => {
  for (const [viewport, deviceScaleFactor] of /** @type {const} */ ([
    [{ width: 360, height: 640 }, 2],
    [{ width: 1366, height: 768 }, 1],
  ])) {
    const phone = viewport.width < 500;
    const browser = await launch({ viewport, deviceScaleFactor, hasTouch: phone, isMobile: phone });
    try {
      const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
      const { head, title } = await page.evaluate(() => ({
        head: document.querySelector('.site-head')?.getBoundingClientRect().height ?? 0,
        title: document.querySelector('.site-head h1')?.getBoundingClientRect().height ?? 0,
      }));
      // One row: no taller than its buttons (a second row pushed the board down).
      assert.ok(head <= Math.max(title, phone ? 40 : 32) + 1, `${viewport.width} px: the head ${head} px high`);
      for (const [name, view] of /** @type {const} */ ([
        ['Puzzles', '#puzzles'],
        ['Lessons', '#lessons'],
        ['Your games', '#games'],
      ])) {
        const button = page.locator('.site-nav button', { hasText: name });
        if (phone) await button.tap();
        else await button.click();
        await page.waitForSelector(`${view}[open]`);
        await page.keyboard.press('Escape');
        await page.waitForSelector(`${view}[open]`, { state: 'detached' });
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), name);
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('a laptop zoomed to 300 %: the panel under the board and its clocks, which stay above it as it scrolls, never over it; the shortcuts\' × in sight as they scroll', { timeout: 60_000 }, async () => {
  const browser = await launch({ viewport: { width: 427, height: 267 }, deviceScaleFactor: 3 });
  try {
    const { page, problems } = await openGame(browser.context, served.url, CLOCKED);
    await page.waitForSelector('.clock-bottom:visible');
    // The board as large as without a clock (16rem), not 179 px.
    assert.equal((await page.locator('#board-host').boundingBox())?.width, 256);
    // Resign scrolled into view is Resign under the pointer: the clocks, sticky, covered it.
    await page.locator('#resign').scrollIntoViewIfNeeded();
    const hit = await page.evaluate(() => {
      const { left, top, width, height } = /** @type {Element} */ (document.querySelector('#resign')).getBoundingClientRect();
      return document.elementFromPoint(left + width - 4, top + height / 2)?.id;
    });
    assert.equal(hit, 'resign');
    const clocks = await page.locator('.clocks').boundingBox();
    const panel = await page.locator('#panel').boundingBox();
    assert.ok(clocks && panel && clocks.y + clocks.height <= panel.y, `the clocks ${JSON.stringify(clocks)} over the panel ${JSON.stringify(panel)}`);
    // The shortcuts, taller than the screen, scrolled to their end: the × stays in sight, over
    // the list (it scrolled away with the first rows).
    await page.keyboard.press('Shift+Slash');
    await page.waitForSelector('dialog#shortcuts[open]');
    const close = await page.evaluate(() => {
      const dialog = /** @type {HTMLElement} */ (document.querySelector('#shortcuts'));
      dialog.scrollTop = dialog.scrollHeight;
      const { left, top, width, height } = /** @type {Element} */ (document.querySelector('#shortcuts-close')).getBoundingClientRect();
      return { scrolled: dialog.scrollTop > 0, hit: document.elementFromPoint(left + width / 2, top + height / 2)?.id, top };
    });
    assert.ok(close.scrolled && close.hit === 'shortcuts-close' && close.top >= 0, JSON.stringify(close));
    await page.click('#shortcuts-close');
    await page.waitForSelector('dialog#shortcuts', { state: 'hidden' });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('on a 1920 × 1080 screen the clocks grow with the board: digits of 38 px, a column of 10rem', { timeout: 60_000 }, async () => {
  const browser = await launch({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  try {
    const { page, problems } = await openGame(browser.context, served.url, CLOCKED);
    await page.waitForSelector('.clock-bottom:visible');
    const { digits, column, board } = await page.evaluate(() => ({
      digits: parseFloat(getComputedStyle(/** @type {Element} */ (document.querySelector('.clock-bottom .clock-time'))).fontSize),
      column: document.querySelector('.clocks')?.getBoundingClientRect().width ?? 0,
      board: document.querySelector('#board-host')?.getBoundingClientRect().width ?? 0,
    }));
    // They were 27 px digits in a column of 128 px beside a board of 960.
    assert.ok(digits >= 38 && column >= 160 && board >= 900, JSON.stringify({ digits, column, board }));
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('on a 2560 × 1440 screen the board takes the window\'s height and the moves the height beside it, on the analysis board too', { timeout: 60_000 }, async () => {
  const browser = await launch({ viewport: { width: 2560, height: 1440 }, deviceScaleFactor: 1 });
  try {
    const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
    const { board, moves } = await page.evaluate(() => ({
      board: document.querySelector('#board-host')?.getBoundingClientRect().width ?? 0,
      moves: parseFloat(getComputedStyle(/** @type {Element} */ (document.querySelector('#moves'))).maxHeight),
    }));
    // They were 960 px, two fifths of the screen empty, and 256 px: nine rows of a long game.
    assert.ok(board >= 1300 && moves >= 900, JSON.stringify({ board, moves }));
    // The analysis board's list too: it stopped at 26em, 370 px.
    await page.click('#analyse');
    await page.waitForSelector('.analysis-dialog[open] .analysis-moves');
    const tree = await page.$eval('.analysis-dialog .analysis-moves', (list) => parseFloat(getComputedStyle(list).maxHeight));
    assert.ok(tree >= 800, `the analysis list at most ${tree} px`);
    assert.deepEqual(problems, []);
    // A game with clocks: the same height, their column beside it (it stopped at 960 px).
    const clocked = await openGame(browser.context, served.url, CLOCKED);
    await clocked.page.waitForSelector('.clocks:not([hidden])');
    const withClocks = await clocked.page.evaluate(() => document.querySelector('#board-host')?.getBoundingClientRect().width ?? 0);
    assert.ok(withClocks >= 1300, `the board with clocks: ${withClocks} px`);
    assert.deepEqual(clocked.problems, []);
  } finally {
    await browser.close();
  }
});

test('the new game\'s Start and Cancel stay in sight at its foot on a short screen, the choices scrolling under them', { timeout: 60_000 }, async () => {
  for (const viewport of [
    { width: 1180, height: 820 },
    { width: 1366, height: 657 },
  ]) {
    const browser = await launch({ viewport, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    try {
      const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
      await page.click('#new-game');
      await page.check('input[name="mode"][value="ai"]');
      await page.selectOption('select[name="time"]', 'custom');
      const inSight = () =>
        page.evaluate(() => {
          const dialog = /** @type {Element} */ (document.querySelector('#new-game-dialog')).getBoundingClientRect();
          return ['#new-game-start', '#new-game-dialog button[value="cancel"]'].every((selector) => {
            const box = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
            return box.top >= dialog.top && box.bottom <= Math.min(dialog.bottom, innerHeight);
          });
        });
      assert.equal(await page.evaluate(() => (document.querySelector('#new-game-dialog')?.scrollHeight ?? 0) > innerHeight), true, 'the choices are taller than the screen');
      assert.equal(await inSight(), true, `${viewport.width} × ${viewport.height}: at the top`);
      // Tabbed to the last choice, the position field: still in sight, and so is the field.
      await page.focus('#new-game-position');
      assert.equal(await inSight(), true, `${viewport.width} × ${viewport.height}: at the position field`);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('a zoom of 400 % (1366 × 768 seen as 342 × 192 CSS px, WCAG\'s reflow): the welcome opens at its title and ×, and the trainers open at their top, their boards playable', { timeout: 90_000 }, async () => {
  const browser = await launch({ viewport: { width: 342, height: 192 }, deviceScaleFactor: 4 });
  try {
    const first = await browser.context.newPage();
    await first.goto(served.url);
    await first.waitForSelector('dialog#welcome[open]');
    // The dialog is far taller than the window: it scrolls, from its top, the focus inside.
    const top = () =>
      first.evaluate(() => {
        const dialog = /** @type {HTMLDialogElement} */ (document.querySelector('dialog#welcome'));
        const close = document.querySelector('#welcome-close')?.getBoundingClientRect();
        return { scrolled: dialog.scrollTop, closeTop: close?.top ?? -1, focusIn: dialog.contains(document.activeElement) };
      });
    const opened = await top();
    assert.ok(opened.scrolled === 0 && opened.closeTop >= 0 && opened.focusIn, `the dialog at its top, its × in sight, the focus inside: ${JSON.stringify(opened)}`);
    await first.click('#welcome button:has-text("Play the computer")');
    await first.waitForSelector('#welcome-play:visible');
    assert.equal((await top()).scrolled, 0, 'Play the computer\'s step, from its top too');
    await first.close();
    // The trainers' boards: as wide as the dialog allows, never a sliver of the window's height
    // (they were 48 px, the window's 192 less the room kept for the dialog's head).
    const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
    for (const [opener, board] of [
      ['#open-puzzles', '.puzzles-board'],
      ['#open-squares', '.squares-board'],
    ]) {
      await page.click(opener);
      await page.waitForSelector(`${board} canvas[data-paints]`);
      const width = await page.$eval(board, (node) => node.getBoundingClientRect().width);
      assert.ok(width >= 250, `${board} is ${width} px wide`);
      // Opened at its top, title and task in sight, the focus inside (the squares' Start, under
      // the board, had scrolled them away).
      const opened = await page.evaluate(() => {
        const dialog = /** @type {HTMLDialogElement} */ (document.querySelector('dialog[open]'));
        return { scrolled: dialog.scrollTop, focusIn: dialog.contains(document.activeElement) };
      });
      assert.ok(opened.scrolled === 0 && opened.focusIn, `${opener}: ${JSON.stringify(opened)}`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a lesson\'s board fits its dialog on a laptop (it ran past the foot, under its row of steps)', { timeout: 60_000 }, async () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1280, height: 720 },
  ]) {
    const browser = await launch({ viewport, deviceScaleFactor: 1 });
    try {
      const { page, problems } = await openGame(browser.context, served.url, NO_GAME);
      await page.click('#open-lessons');
      await page.click('[data-lesson="pawn"]');
      await page.waitForSelector('#lessons .lesson-board canvas[data-paints]');
      const fit = await page.evaluate(() => {
        const dialog = /** @type {HTMLElement} */ (document.querySelector('#lessons'));
        const board = /** @type {Element} */ (document.querySelector('#lessons .lesson-board canvas')).getBoundingClientRect();
        return { scrolls: dialog.scrollHeight > dialog.clientHeight, boardBottom: board.bottom, dialogBottom: dialog.getBoundingClientRect().bottom, board: board.width };
      });
      assert.ok(!fit.scrolls && fit.boardBottom <= fit.dialogBottom && fit.board >= 500, `${viewport.width} × ${viewport.height}: ${JSON.stringify(fit)}`);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test('check boxes and radio buttons grow with a large default font (13 px at the default 16 px)', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url, NO_GAME);
  const width = () => page.$eval('#sound', (box) => box.getBoundingClientRect().width);
  assert.equal(await width(), 13);
  // The browser's default font size set to 32 px (what a reader's setting does to this page's
  // rem and em).
  await page.evaluate(() => document.documentElement.style.setProperty('font-size', '32px'));
  assert.ok((await width()) >= 24, `a check box ${await width()} px wide beside 32 px text`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a laptop\'s 1366 × 768: the board and its clocks stay in the window while the panel scrolls under a review', { timeout: 90_000 }, async () => {
  const browser = await launch({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 });
  try {
    const record = '[TimeControl "300+3"]\n[Clocks "303.0 300.0 299.0 298.0"]\n\n1. b2-b5 g7-g4 2. c2-c4 h7-h5 *';
    const { page, problems } = await openGame(browser.context, served.url, JSON.stringify({ version: 1, record, settings: { opponent: { computer: 'black', level: 1 } } }));
    await page.click('#review-game');
    await page.waitForSelector('#review:not([hidden])');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const shown = await page.evaluate(() => {
      const rect = (/** @type {string} */ selector) => /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
      return { scrolled: scrollY > 0, board: rect('#board-host').top >= 0 && rect('#board-host').bottom <= innerHeight, clock: rect('.clock-top').top >= 0 };
    });
    assert.deepEqual(shown, { scrolled: true, board: true, clock: true });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
