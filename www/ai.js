// The seam to the computer player. The page asks `think(record, level)` for a move and may
// `stop()` at any time (new game, undo). The search will run in a dedicated Web Worker that loads
// the same wasm as the page, so the page never blocks; until the engine's binding lands,
// `available` is false and the new-game dialog keeps "against the computer" disabled.

/**
 * @typedef {object} Ai
 * @property {boolean} available  false until the engine's wasm binding exists
 * @property {(record: string, level: number) => Promise<string>} think  the move text the
 *   engine chooses in the game given by its record; rejects when stopped or unavailable
 * @property {() => void} stop  abandons the current search, at once
 */

/** @returns {Ai} */
export function createAi() {
  return {
    available: false,
    think: () => Promise.reject(new Error('the computer player is coming soon')),
    stop() {},
  };
}
