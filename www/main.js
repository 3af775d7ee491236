// The game page: waits for trunk's loader to start the wasm module, then shows the position.

import { Game } from '../ultima-wasm.js';
import { defaults, render } from './board.js';
import { watchCanvas } from './canvas.js';

/**
 * Resolves once trunk's loader has instantiated the wasm module (it sets `window.wasmBindings`,
 * then fires `TrunkApplicationStarted`).
 *
 * @returns {Promise<void>}
 */
function wasmStarted() {
  if ('wasmBindings' in window) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('TrunkApplicationStarted', () => resolve(), { once: true });
  });
}

/**
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return found;
}

async function main() {
  const status = element('status', HTMLElement);
  try {
    await wasmStarted();
    const canvas = element('board', HTMLCanvasElement);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser cannot draw on a canvas');

    const game = new Game();
    const state = { ...defaults(), pieces: game.board() };
    let paints = 0;
    watchCanvas(canvas, () => {
      render(ctx, state);
      // Tests wait for this: how many times the board was painted.
      canvas.dataset.paints = String(++paints);
    });
    status.textContent = game.turn() === 'white' ? 'White to move' : 'Black to move';
  } catch (error) {
    status.textContent = `The game could not start: ${error instanceof Error ? error.message : String(error)}`;
    throw error;
  }
}

main();
