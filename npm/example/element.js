// The custom element's example (see main.js): importing 'ultima-board/element' registers
// <ultima-board>, whose attributes are the options; its events bubble out of it.

import 'ultima-board/element';

const log = /** @type {HTMLOListElement} */ (document.getElementById('log'));
/** @param {string} text */
const say = (text) => log.append(Object.assign(document.createElement('li'), { textContent: text }));

const board = document.querySelector('ultima-board');
board?.addEventListener('ready', () => say('ready'));
board?.addEventListener('move', (event) => {
  const { side, display } = /** @type {CustomEvent<import('ultima-board').MoveDetail>} */ (event).detail;
  say(`move: ${side} ${display}`);
});
board?.addEventListener('gameover', (event) => say(`game over: ${/** @type {CustomEvent<import('ultima-board').GameoverDetail>} */ (event).detail.text}`));
board?.addEventListener('error', (event) => say(`error: ${/** @type {CustomEvent<{ message: string }>} */ (event).detail.message}`));
// The attributes change the board: the check box switches the piece set.
document.getElementById('pieces')?.addEventListener('change', (event) => {
  board?.setAttribute('piece-set', /** @type {HTMLInputElement} */ (event.target).checked ? 'abstract' : 'chess');
});
