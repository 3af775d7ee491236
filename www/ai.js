// The seam to the computer player. The page asks `think(record, level)` for a move and may
// `stop()` at any time (new game, undo). The search runs in a dedicated module Web Worker
// (ai-worker.js) that runs the same wasm as the page, so the page never blocks. The worker starts
// at the first request, not before, and is handed the module the page compiled (wasm.js), so it
// downloads and compiles nothing. Stopping terminates the worker at once and starts a fresh one:
// a search in wasm cannot be interrupted from outside (one thread, no shared memory).

import { compiledWasm } from './wasm.js';

/** @import { AiProgress, Evaluation, Report } from '../ultima-wasm.js' */

/**
 * @typedef {object} Ai
 * @property {boolean} available  true: the computer player can be chosen
 * @property {(record: string, level: number, onProgress?: (progress: AiProgress) => void, timeMs?: number, seed?: number) => Promise<string>} think
 *   the move text the engine chooses in the game given by its record, at level 1–8; rejects
 *   when stopped (an `AbortError`), on a bad request, or when the worker fails. `seed` (a whole
 *   number from 0 to 2³²−1, one per game) chooses the noise in the judgement of levels 1–7 and
 *   of level 8's first moves, so that each game meets its own player; without it the same moves
 *   meet the same answers
 * @property {(record: string, options: { multipv?: number, timeMs?: number, threat?: boolean }, onReport?: (report: Report) => void) => Promise<Report>} analyse
 *   analyses the position the game given by its record has reached: `onReport` hears each
 *   completed depth with the best `multipv` lines (1 by default), and the promise the last,
 *   after `timeMs` — without it the analysis deepens until `stop()`, which rejects the promise
 *   (an `AbortError`) while the reports heard so far stand. With `threat`, the analysis is of
 *   the threat: the other side's best line if the side to move passed (rejected in check)
 * @property {(record: string, ply: number, nodes?: number) => Promise<Evaluation>} evaluate
 *   evaluates one position of a game for a review (after `ply` plies; 0: the start) at a fixed
 *   budget of nodes (the review's default if absent), from a cleared engine: the same answer on
 *   any machine; rejects when stopped (an `AbortError`)
 * @property {() => void} stop  abandons the current search, at once
 * @property {() => void} dispose  ends the worker for good (a search running is rejected)
 */

/**
 * A request waiting for its answer.
 *
 * @typedef {object} Pending
 * @property {number} id
 * @property {(answer: any) => void} resolve  with the move's text, the last report, or an evaluation
 * @property {(error: Error) => void} reject
 * @property {((progress: AiProgress) => void) | undefined} onProgress
 * @property {((report: Report) => void) | undefined} onReport
 * @property {object} request  what was posted, to post again to a fresh worker after a trap
 * @property {boolean} retried  whether it was
 */

/**
 * The least time from the start of the computer's search for its move to the move on the board.
 * The lower levels find theirs in a few milliseconds, and a move played that soon landed while
 * the player's was still sliding (250 ms, board.js) and looked part of it; a puzzle's scripted
 * answer waits as long (puzzles-ui.js).
 */
export const ANSWER_MS = 450;

/**
 * How long the computer's move waits once its search has found it: until `ANSWER_MS` have passed
 * since the search began or, on a clock, only until its thinking time for the move has (so that
 * the pause costs a bullet game's computer no more than thinking would have).
 *
 * @param {number} elapsedMs  since the search began
 * @param {number} [budgetMs]  its thinking time for this move on its clock, if it has one
 * @returns {number} ms, 0 when the move may be played at once
 */
export function answerPause(elapsedMs, budgetMs) {
  return Math.max(0, Math.min(ANSWER_MS, budgetMs ?? ANSWER_MS) - elapsedMs);
}

/** @param {string} text */
const stopped = (text) => {
  const error = new Error(text);
  error.name = 'AbortError';
  return error;
};

/**
 * Starts the module worker next to this file, ai-worker.js. The call is written out in full,
 * `new Worker(new URL('<literal path>', import.meta.url), { type: 'module' })`, because that is
 * the form bundlers (vite, webpack, parcel) recognise: an app that bundles the npm package gets
 * the worker bundled with its imports and its URL rewritten, with no set-up.
 *
 * @returns {Worker}
 */
function startOwnWorker() {
  if (ownWorkerUrl().origin === location.origin) return new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
  return startWorker(ownWorkerUrl());
}

/** This module's URL, apart: `new URL(…, import.meta.url)` would make a bundler copy the file. */
const HERE = import.meta.url;

/** @returns {URL} where ai-worker.js is next to this file, unbundled */
const ownWorkerUrl = () => new URL('ai-worker.js', HERE);

/**
 * Starts a module worker from `url`. A browser starts workers only from the page's own origin;
 * for a script on another origin (an embed whose files are elsewhere) a same-origin blob module
 * that imports it stands in, which needs the file server's CORS headers and a Content-Security-
 * Policy that allows blob: workers (the iframe embed needs neither).
 *
 * @param {URL} url
 * @returns {Worker}
 */
function startWorker(url) {
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
  const worker = new Worker(shim, { type: 'module' });
  // The worker has fetched its blob once it says anything.
  worker.addEventListener('message', () => URL.revokeObjectURL(shim), { once: true });
  return worker;
}

/**
 * @param {URL} [workerUrl] where ai-worker.js is; next to this file unless told
 * @returns {Ai}
 */
export function createAi(workerUrl) {
  /** @type {Worker | null} null until the first request */
  let worker = null;
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
    if (ready) worker?.postMessage(request);
    else queued = request;
  };

  /** @param {Error} error */
  const fail = (error) => {
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };

  const start = () => {
    const own = workerUrl ? startWorker(workerUrl) : startOwnWorker();
    worker = own;
    ready = false;
    dead = false;
    // The page's compiled module, when it has one (null: the worker downloads the file itself).
    own.postMessage({ type: 'init', module: compiledWasm() });
    own.onmessage = (event) => {
      if (own !== worker) return;
      const data = event.data;
      if (data?.type === 'ready') {
        ready = true;
        if (queued) own.postMessage(queued);
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
        pending.onProgress?.({ depth: data.depth, score: data.score, white: data.white, nodes: data.nodes, pv: data.pv, plies: data.plies });
      } else if (data.type === 'report') {
        pending.onReport?.(data.report);
      } else if (data.type === 'move' || data.type === 'analysis' || data.type === 'evaluation') {
        const { resolve } = pending;
        pending = null;
        resolve(data.type === 'move' ? String(data.move) : data.type === 'analysis' ? data.report : data.evaluation);
      } else if (data.type === 'error' && data.trapped === true && !pending.retried) {
        // The worker's wasm trapped (a bug) and the worker closed itself: the same request once
        // more, in a fresh worker.
        pending.retried = true;
        own.terminate();
        start();
        send(pending.request);
      } else if (data.type === 'error') {
        const trapped = data.trapped === true;
        if (trapped) {
          // Trapped again: the worker closed itself, and the next request starts another.
          own.terminate();
          queued = null;
          dead = true;
        }
        fail(new Error(`${String(data.message)}${trapped ? ' (an internal error, twice)' : ''}`));
      }
    };
    own.onerror = (event) => {
      if (own !== worker) return;
      event.preventDefault();
      // A blob worker (files on another origin) that did not load was most likely refused by
      // the page's Content-Security-Policy.
      const hint = (workerUrl ?? ownWorkerUrl()).origin === location.origin ? '' : ` (the board's files are on another origin: the page's Content-Security-Policy must allow blob: workers, or embed the board with embed.html)`;
      fail(new Error(`the computer player failed: ${event.message || 'the worker did not load'}${hint}`));
      // A fresh worker for the next request (not now: a worker that cannot load would fail
      // again and again).
      own.terminate();
      queued = null;
      dead = true;
    };
  };

  /**
   * Posts a request, after stopping any search under way; resolves with its answer.
   *
   * @param {object} fields  the request but its id
   * @param {Pick<Pending, 'onProgress' | 'onReport'>} listeners
   * @returns {Promise<any>}
   */
  const ask = (fields, listeners) => {
    if (pending) api.stop();
    if (broken) return Promise.reject(new Error(broken));
    if (dead || !worker) start();
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const request = { ...fields, id };
      pending = { id, resolve, reject, ...listeners, request, retried: false };
      send(request);
    });
  };

  /** @type {Ai} */
  const api = {
    available: true,
    think: (record, level, onProgress, timeMs, seed) => ask({ type: 'think', record, level, timeMs, seed }, { onProgress, onReport: undefined }),
    analyse: (record, { multipv = 1, timeMs, threat = false } = {}, onReport) => ask({ type: 'analyse', record, multipv, timeMs, threat }, { onProgress: undefined, onReport }),
    evaluate: (record, ply, nodes) => ask({ type: 'review', record, ply, nodes }, { onProgress: undefined, onReport: undefined }),
    stop() {
      if (!pending || dead || !worker) return;
      worker.terminate();
      queued = null;
      // The next request starts a fresh worker (not now: a board closed right after would end it
      // while its script still loads).
      dead = true;
      fail(stopped('the search was stopped'));
    },
    dispose() {
      worker?.terminate();
      queued = null;
      dead = true;
      broken = 'the computer player was closed';
      fail(stopped(broken));
    },
  };
  return api;
}
