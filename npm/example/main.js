// The API page's runnable example, and the app the package's end-to-end test bundles with vite
// (e2e/package.test.mjs): a board against the computer made with `mount`, its events written
// into a list, and a few of the handle's methods on buttons. In a bundled app 'ultima-board'
// resolves to the installed package; on the API page, to the site's own copy (an import map).

import { mount } from 'ultima-board';

const host = /** @type {HTMLElement} */ (document.getElementById('board'));
const log = /** @type {HTMLOListElement} */ (document.getElementById('log'));
/** @param {string} text */
const say = (text) => log.append(Object.assign(document.createElement('li'), { textContent: text }));

// You play White; the computer answers at level 1. The board fills its container's width.
const board = mount(host, { mode: 'ai', side: 'white', level: 1, pieceSet: 'chess' });

board.on('ready', ({ position }) => say(`ready: ${position}`));
board.on('move', ({ side, display, captures }) => say(`move: ${side} ${display}${captures.length ? ` (takes ${captures.join(', ')})` : ''}`));
board.on('thinking', ({ thinking, depth, score }) => {
  if (!thinking) return;
  say(depth === undefined ? 'thinking…' : `thinking: depth ${depth}, score ${score}`);
});
board.on('gameover', ({ text }) => say(`game over: ${text}`));
board.on('error', ({ message }) => say(`error: ${message}`));

/**
 * @param {string} id
 * @param {() => unknown} action
 */
const button = (id, action) =>
  document.getElementById(id)?.addEventListener('click', () => {
    try {
      action();
    } catch (error) {
      say(`error: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
button('undo', () => board.undo());
button('flip', () => board.flip());
button('hint', () => board.hint().then((move) => move && say(`hint: ${move}`), (error) => say(`no hint: ${error.message}`)));
button('new-game', () => board.newGame());
document.getElementById('pieces')?.addEventListener('change', (event) => {
  const abstract = /** @type {HTMLInputElement} */ (event.target).checked;
  board.set({ pieceSet: abstract ? 'abstract' : 'chess' });
});
