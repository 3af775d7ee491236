// demo.html: the status line of the board against the computer, from the element's events, and
// the service worker, so that the demo works offline after one visit.

import { registerServiceWorker } from './offline.js';

registerServiceWorker();

const board = document.getElementById('versus');
const status = document.getElementById('ai-status');
if (board && status) {
  board.addEventListener('thinking', (event) => {
    const thinking = event instanceof CustomEvent && event.detail?.thinking;
    status.textContent = thinking ? 'The computer is thinking…' : 'Your move.';
  });
  board.addEventListener('gameover', (event) => {
    if (event instanceof CustomEvent) status.textContent = String(event.detail?.text ?? 'Game over.');
  });
}
