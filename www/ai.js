// The seam to the computer player. The page asks `think(record, level)` for a move and may
// `stop()` at any time (new game, undo). The search runs in a dedicated module Web Worker
// (ai-worker.js) that loads the same wasm as the page, so the page never blocks. Stopping
// terminates the worker at once and starts a fresh one: a search in wasm cannot be interrupted
// from outside (one thread, no shared memory).

/** @import { AiProgress } from '../ultima-wasm.js' */

/**
 * @typedef {object} Ai
 * @property {boolean} available  true: the computer player can be chosen
 * @property {(record: string, level: number, onProgress?: (progress: AiProgress) => void, timeMs?: number) => Promise<string>} think
 *   the move text the engine chooses in the game given by its record, at level 1–8; rejects
 *   when stopped (an `AbortError`), on a bad request, or when the worker fails
 * @property {() => void} stop  abandons the current search, at once
 */

/**
 * A request waiting for its answer.
 *
 * @typedef {object} Pending
 * @property {number} id
 * @property {(move: string) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {((progress: AiProgress) => void) | undefined} onProgress
 */

/** @param {string} text */
const stopped = (text) => {
  const error = new Error(text);
  error.name = 'AbortError';
  return error;
};

/** @returns {Ai} */
export function createAi() {
  /** @type {Worker} */
  let worker;
  /** @type {Pending | null} */
  let pending = null;
  let nextId = 1;
  /** The current worker has posted "ready". */
  let ready = false;
  /** @type {object | null} the request to post once the worker is ready */
  let queued = null;
  /** @type {string | null} why the wasm would not load in the worker, if it did not */
  let broken = null;
  /** The worker failed and was ended: the next request starts another. */
  let dead = false;

  /** @param {object} request */
  const send = (request) => {
    if (ready) worker.postMessage(request);
    else queued = request;
  };

  /** @param {Error} error */
  const fail = (error) => {
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };

  const start = () => {
    worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
    ready = false;
    dead = false;
    const own = worker;
    worker.onmessage = (event) => {
      if (own !== worker) return;
      const data = event.data;
      if (data?.type === 'ready') {
        ready = true;
        if (queued) worker.postMessage(queued);
        queued = null;
        return;
      }
      if (!pending || data?.id !== pending.id) {
        // A worker that could not load its wasm says so without an id.
        if (data?.type === 'error' && data.id === null) {
          broken = String(data.message);
          queued = null;
          fail(new Error(broken));
        }
        return;
      }
      if (data.type === 'progress') {
        pending.onProgress?.({ depth: data.depth, score: data.score, nodes: data.nodes, pv: data.pv });
      } else if (data.type === 'move') {
        const { resolve } = pending;
        pending = null;
        resolve(String(data.move));
      } else if (data.type === 'error') {
        fail(new Error(String(data.message)));
      }
    };
    worker.onerror = (event) => {
      if (own !== worker) return;
      event.preventDefault();
      fail(new Error(`the computer player failed: ${event.message || 'the worker did not load'}`));
      // A fresh worker for the next request (not now: a worker that cannot load would fail
      // again and again).
      worker.terminate();
      queued = null;
      dead = true;
    };
  };
  start();

  return {
    available: true,
    think(record, level, onProgress, timeMs) {
      if (pending) this.stop();
      if (broken) return Promise.reject(new Error(broken));
      if (dead) start();
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending = { id, resolve, reject, onProgress };
        send({ type: 'think', id, record, level, timeMs });
      });
    },
    stop() {
      if (!pending || dead) return;
      worker.terminate();
      queued = null;
      fail(stopped('the search was stopped'));
      start();
    },
  };
}
