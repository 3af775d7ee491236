// The computer player's Web Worker (a module worker): runs the same wasm as the page and runs
// `Ai.think`, which blocks until it has a move, so the page never does. To stop a search the
// page terminates this worker and starts a fresh one (one thread: no shared memory to poll).
//
// Messages in:  { type: 'init', module } first: the page's compiled WebAssembly.Module, which
//               this worker instantiates (no download), or null, and it loads the file itself;
//               { type: 'think', id, record, level, timeMs, seed }
//               { type: 'analyse', id, record, multipv, timeMs, threat } (timeMs absent: until
//               ended; threat: the other side's best line after a pass, `Ai.analyseThreat`)
//               { type: 'review', id, record, ply, nodes } (one position of a game review)
// Messages out: { type: 'ready' } once the wasm is loaded;
//               { type: 'progress', id, depth, score, white, nodes, pv, plies } after each iteration of a
//               search for a move; { type: 'report', id, report } after each iteration of an
//               analysis (a `Report`: depth, seldepth, nodes, timeMs, nps, lines, the shape
//               `ultima analyse --json` prints);
//               { type: 'move', id, move, score, depth, nodes, pv }, { type: 'analysis', id,
//               report } (the last report), { type: 'evaluation', id, evaluation } (an
//               `Evaluation`, for a review) or { type: 'error', id, message }
//               with `trapped: true` when the wasm trapped (a bug), after which this worker closes:
//               its instance cannot be trusted, and the page starts another.

import { bindings, loadWasm } from './wasm.js';
import { errorText } from './util.js';

/** @import { Ai, Report, Reviewer } from '../ultima-wasm.js' */

/**
 * @typedef {object} ThinkRequest
 * @property {'think'} type
 * @property {number} id  the page's number for this request, echoed in the answers
 * @property {string} record  the game record, e.g. "[Setup \"rotated\"]\n\n1. b2-b5 *"
 * @property {number} level  1–8
 * @property {number} [timeMs]  level 8's thinking time, or a deadline at any level
 * @property {number} [seed]  the game's seed for the low levels' noise (`Ai.think`)
 */

/**
 * @typedef {object} AnalyseRequest
 * @property {'analyse'} type
 * @property {number} id
 * @property {string} record  the game record whose last position is analysed
 * @property {number} multipv  how many lines, 1–32
 * @property {number} [timeMs]  how long; without it, until the worker is ended
 * @property {boolean} [threat]  the threat instead: what the other side would play if the side
 *   to move passed (one line; `multipv` is not read)
 */

/**
 * @typedef {object} ReviewRequest
 * @property {'review'} type
 * @property {number} id
 * @property {string} record  the game reviewed
 * @property {number} ply  the position evaluated: after this many plies (0: the start)
 * @property {number} [nodes]  the budget; the review's default if absent
 */

/** @typedef {ThinkRequest | AnalyseRequest | ReviewRequest} Request */

/** @type {Request[]} requests that came before the wasm was ready */
const waiting = [];
/** @type {Ai | null} */
let ai = null;
/** @type {Reviewer | null} made at the first review request */
let reviewer = null;

/** @param {unknown} message */
const post = (message) => self.postMessage(message);

/** @param {Request} request */
function answer(request) {
  const { id } = request;
  try {
    if (!ai) ai = new (bindings().Ai)();
    if (request.type === 'review') {
      reviewer ??= new (bindings().Reviewer)();
      post({ type: 'evaluation', id, evaluation: reviewer.evaluate(request.record, request.ply, request.nodes) });
      return;
    }
    if (request.type === 'analyse') {
      /** @param {Report} report */
      const onReport = (report) => post({ type: 'report', id, report });
      const report = request.threat ? ai.analyseThreat(request.record, request.timeMs, onReport) : ai.analyse(request.record, request.multipv, request.timeMs, onReport);
      post({ type: 'analysis', id, report });
      return;
    }
    const found = ai.think(
      request.record,
      request.level,
      request.timeMs,
      (progress) => {
        post({ type: 'progress', id, ...progress });
      },
      request.seed,
    );
    post({ type: 'move', id, ...found });
  } catch (error) {
    const trapped = error instanceof WebAssembly.RuntimeError;
    post({ type: 'error', id, message: errorText(error), trapped });
    if (trapped) self.close();
  }
}

/**
 * Loads the wasm: the page's module, or the file from the build's root next to www/ (wasm.js's
 * default), so the page works from any folder and sub-path.
 *
 * @param {unknown} module
 */
async function start(module) {
  try {
    await loadWasm(undefined, module instanceof WebAssembly.Module ? { module } : {});
    ai = new (bindings().Ai)();
    post({ type: 'ready' });
    for (const request of waiting.splice(0)) answer(request);
  } catch (error) {
    post({ type: 'error', id: null, message: `the computer player could not start: ${errorText(error)}` });
  }
}

let started = false;
// Requests that come before the wasm is ready wait for it.
self.onmessage = (/** @type {MessageEvent<Request | { type: 'init', module: unknown }>} */ event) => {
  const message = event.data;
  if (message?.type === 'init') {
    if (!started) start(message.module);
    started = true;
  } else if (message?.type === 'think' || message?.type === 'analyse' || message?.type === 'review') {
    if (ai) answer(message);
    else waiting.push(message);
  }
};
