// The script of embed.html, the iframe embed: reads the options from the page's query parameters
// (the custom element's attribute names: ?mode=ai&level=3&piece-set=abstract), mounts the board,
// and bridges it to the host page with postMessage.
//
// To the host (window.parent), every message is { source: "ultima", type, detail }: first
// `ready` (or `error` if the board could not start), then the board's other events as they
// happen (EVENTS), and `result` answering a call.
// From the host: { source: "ultima", type: "call", id, method, args } with method one of
// METHODS; the answer is { source: "ultima", type: "result", detail: { id, value } } or
// { …, detail: { id, error } }, once a method that answers with a promise (hint) has settled.
// With ?origin=https://host.example the bridge talks only to that origin (messages from any
// other are ignored, and its own are posted to that origin alone); without it, to any parent.
// An origin it cannot read starts no board: the frame says why, and posts only that `error`.
// ?color-scheme=dark gives the transparent frame light text for a dark host page.
// Only the parent window is heard. Messages that are not calls (not an object with source
// "ultima" and type "call": another script's traffic) are ignored; a call of the wrong shape (an
// id that is not a number or short text, args that are not a short array, an argument of the
// wrong type) is answered with an error. Nothing received is ever run as code or put in markup:
// values only reach the handle's methods, which check them (options.js).

import { boardError, mount } from './embed.js';
import { checkOption, kebab, OPTION_NAMES, OptionError, quote, repeatedParameters, unknownParameters } from './options.js';
import { errorText } from './util.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { EmbedOptions } from './options.js' */

/**
 * The handle methods a host may call, with the most arguments each takes: those whose arguments
 * and answers are plain data (not the canvas, a listener, the computer player or the analysis
 * board's controller).
 */
const METHODS = /** @type {const} */ ({
  set: 1,
  view: 0,
  snapshot: 0,
  position: 0,
  record: 0,
  rules: 0,
  history: 0,
  redoLength: 0,
  turn: 0,
  isCheck: 0,
  result: 0,
  setPosition: 1,
  newGame: 1,
  setHeader: 2,
  play: 2,
  undo: 1,
  redo: 0,
  resign: 1,
  agreeDraw: 0,
  hint: 2,
  flip: 0,
  showPly: 1,
  shownPly: 0,
  selection: 0,
  deselect: 0,
  premove: 0,
  queuePremove: 1,
  shapes: 0,
});

/** The board's events posted to the host, all of them. */
const EVENTS = /** @type {const} */ (['ready', 'move', 'gameover', 'change', 'select', 'hover', 'view', 'shapes', 'thinking', 'restart', 'error']);

/** The longest id echoed back. */
const MAX_ID_LENGTH = 100;
/** The longest move text accepted (the longest real one is about 20 characters). */
const MAX_MOVE_LENGTH = 100;

/**
 * A call's id as given, or an error when it cannot be echoed back as it is.
 *
 * @param {unknown} id
 * @returns {number | string | null}
 */
function checkId(id) {
  if (id === undefined || id === null) return null;
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  if (typeof id === 'string' && id.length <= MAX_ID_LENGTH) return id;
  throw new Error(`a call's id must be a number or text of at most ${MAX_ID_LENGTH} characters, not ${quote(typeof id === 'string' ? id : typeof id)}`);
}

/**
 * The frame's colours from ?color-scheme=: its text and controls dark, for a light host page
 * (the default), or light, for a dark one. The frame is transparent, so the host's background
 * shows through it, and a page in another origin cannot style what is in it: this is how a dark
 * page gets text it can read. A value it cannot read is said, and left out, as an unknown
 * parameter is.
 *
 * @param {URLSearchParams} params
 * @returns {{ scheme: 'light' | 'dark' } | { problem: string }}
 */
function colorScheme(params) {
  const given = params.get('color-scheme') ?? 'light';
  if (given === 'light' || given === 'dark') return { scheme: given };
  return { problem: `color-scheme must be "light" or "dark", not ${quote(given)}: it is left out` };
}

/**
 * The host's origin from ?origin=, checked: "*" when absent.
 *
 * @param {URLSearchParams} params
 * @returns {string}
 */
function hostOrigin(params) {
  const given = params.get('origin');
  if (given === null) return '*';
  let url;
  try {
    url = new URL(given);
  } catch {
    throw new OptionError(`origin must be an origin such as "https://example.org", not ${quote(given)}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null') {
    throw new OptionError(`origin must be an http or https origin, not ${quote(given)}`);
  }
  return url.origin;
}

function start() {
  const host = document.getElementById('board');
  if (!host) throw new Error('embed.html has no #board');
  const params = new URLSearchParams(location.search);
  /** @type {Record<string, string>} the options as given: mount checks them */
  const options = {};
  for (const name of OPTION_NAMES) {
    const value = params.get(kebab(name));
    if (value !== null) options[name] = value;
  }
  // A typo in a parameter is said where the page's author looks (the board starts without it).
  for (const message of [...unknownParameters(params.keys()), ...repeatedParameters(params)]) console.warn(`Ultima board: ${message}.`);
  const scheme = colorScheme(params);
  if ('problem' in scheme) console.warn(`Ultima board: ${scheme.problem}.`);
  else document.documentElement.dataset.colorScheme = scheme.scheme;
  let origin = '*';
  /** @type {string | null} */
  let badOrigin = null;
  try {
    origin = hostOrigin(params);
  } catch (error) {
    badOrigin = errorText(error);
  }
  const parent = window.parent !== window ? window.parent : null;
  /** @param {string} type @param {unknown} detail */
  const post = (type, detail) => parent?.postMessage({ source: 'ultima', type, detail }, origin);

  if (badOrigin !== null) {
    // No bridge to a host it cannot name, so no board that would never answer: the frame says
    // why in place of the board and in the console, and tells the parent (to any origin: the
    // message is only this error), as a bad option does.
    const text = `Ultima board: ${badOrigin}`;
    host.append(boardError(text));
    console.error(text);
    parent?.postMessage({ source: 'ultima', type: 'error', detail: { message: badOrigin } }, '*');
    return;
  }
  const handle = mount(host, /** @type {EmbedOptions} */ (options));
  /**
   * The frame's title and landmark take the board's `label`, as its canvas does: two frames on
   * one page are told apart (a bad label is the board's to refuse; the frame keeps its name).
   *
   * @param {unknown} label
   */
  const nameFrame = (label) => {
    if (label === undefined) return;
    let name;
    try {
      name = checkOption('label', label).trim() || 'Ultima board';
    } catch {
      return;
    }
    document.title = name;
    host.setAttribute('aria-label', name);
  };
  nameFrame(options.label);
  for (const type of EVENTS) handle.on(type, (detail) => post(type, detail));
  window.addEventListener('message', (event) => {
    if (parent === null || event.source !== parent) return;
    if (origin !== '*' && event.origin !== origin) return;
    /** @type {unknown} */
    const data = event.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const fields = /** @type {Record<string, unknown>} */ (data);
    if (fields.source !== 'ultima' || fields.type !== 'call') return;
    /** @type {number | string | null} */
    let id = null;
    /** @param {unknown} error */
    const failed = (error) => post('result', { id, error: errorText(error) });
    try {
      id = checkId(fields.id);
      const value = call(handle, fields.method, fields.args, nameFrame);
      if (value instanceof Promise) value.then((settled) => post('result', { id, value: settled ?? null }), failed);
      else post('result', { id, value: value ?? null });
    } catch (error) {
      failed(error);
    }
  });
}

/**
 * @param {EmbedHandle} handle
 * @param {unknown} method
 * @param {unknown} args
 * @param {(label: unknown) => void} nameFrame  names the frame by a `label` that options taken
 *   by the board give
 * @returns {unknown}
 */
function call(handle, method, args, nameFrame) {
  const name = typeof method === 'string' && Object.hasOwn(METHODS, method) ? /** @type {keyof typeof METHODS} */ (method) : null;
  if (!name) throw new Error(`unknown method ${quote(typeof method === 'string' ? method : typeof method)}`);
  if (args !== undefined && !Array.isArray(args)) throw new Error(`${name}: args must be an array, not ${typeof args}`);
  /** @type {unknown[]} */
  const list = args ?? [];
  if (list.length > METHODS[name]) throw new Error(`${name}: too many arguments (${list.length}; at most ${METHODS[name]})`);
  switch (name) {
    case 'set': {
      const given = options(name, list[0] ?? {});
      handle.set(given);
      return nameFrame(given.label);
    }
    case 'view':
    case 'snapshot':
    case 'position':
    case 'record':
    case 'rules':
    case 'history':
    case 'redoLength':
    case 'turn':
    case 'isCheck':
    case 'result':
    case 'redo':
    case 'agreeDraw':
    case 'flip':
    case 'shownPly':
    case 'selection':
    case 'deselect':
    case 'premove':
    case 'shapes':
      return handle[name]();
    case 'queuePremove': {
      const move = list[0];
      if (typeof move !== 'string') throw new Error(`queuePremove: the move must be text such as "b2-b5", not ${typeof move}`);
      if (move.length > MAX_MOVE_LENGTH) throw new Error(`queuePremove: the move is too long (${move.length} characters; at most ${MAX_MOVE_LENGTH})`);
      return handle.queuePremove(move);
    }
    case 'resign':
      return handle.resign(list[0] === undefined || list[0] === null ? undefined : checkOption('side', list[0]));
    case 'hint': {
      const [level, reveal] = list;
      if (reveal !== undefined && reveal !== 'move' && reveal !== 'piece') throw new Error(`hint: reveal must be "move" or "piece", not ${quote(reveal)}`);
      return handle.hint(level === undefined || level === null ? undefined : checkOption('level', level), reveal);
    }
    case 'showPly':
      // The handle says what is no ply, as it does to a page that mounts the board.
      return handle.showPly(/** @type {number | null} */ (list[0] ?? null));
    case 'setHeader': {
      const [header, value] = list;
      if (typeof header !== 'string' || typeof value !== 'string') throw new Error(`setHeader: the header's name and value must be text, not ${quote(typeof header)} and ${quote(typeof value)}`);
      return handle.setHeader(header, value);
    }
    case 'setPosition':
      return handle.setPosition(checkOption('position', list[0]));
    case 'play': {
      const move = list[0];
      if (typeof move !== 'string') throw new Error(`play: the move must be text such as "b2-b5", not ${typeof move}`);
      if (move.length > MAX_MOVE_LENGTH) throw new Error(`play: the move is too long (${move.length} characters; at most ${MAX_MOVE_LENGTH})`);
      return handle.play(move, quietness(name, list[1]));
    }
    case 'undo':
      return handle.undo(quietness(name, list[0]));
    case 'newGame': {
      const given = list[0] === undefined || list[0] === null ? {} : options(name, list[0]);
      handle.newGame(given);
      return nameFrame(given.label);
    }
  }
}

/**
 * @param {string} method
 * @param {unknown} value  `{ quiet: true }` or nothing
 * @returns {{ quiet?: boolean } | undefined}
 */
function quietness(method, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value) || !['undefined', 'boolean'].includes(typeof (/** @type {Record<string, unknown>} */ (value)).quiet)) {
    throw new Error(`${method}: the second argument must be { quiet: true } or { quiet: false }, not ${quote(JSON.stringify(value) ?? typeof value)}`);
  }
  return { quiet: /** @type {{ quiet?: boolean }} */ (value).quiet === true };
}

/**
 * @param {string} method
 * @param {unknown} value
 * @returns {EmbedOptions} `value`, if it is a plain object (the handle checks each option)
 */
function options(method, value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${method}: the options must be an object such as { "pieceSet": "abstract" }, not ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return /** @type {EmbedOptions} */ (value);
}

start();
