// The script of embed.html, the iframe embed: reads the options from the page's query parameters
// (the custom element's attribute names: ?mode=ai&level=3&piece-set=abstract), mounts the board,
// and bridges it to the host page with postMessage.
//
// To the host (window.parent), every message is { source: "ultima", type, detail }: first
// `ready` (or `error` if the board could not start), then `move`, `gameover`, `thinking` and
// `error` as they happen, and `result` answering a call.
// From the host: { source: "ultima", type: "call", id, method, args } with method one of set,
// position, setPosition, play, undo, flip, newGame; the answer is
// { source: "ultima", type: "result", id, value } or { …, id, error }.
// With ?origin=https://host.example the bridge talks only to that origin (messages from any
// other are ignored, and its own are posted to that origin alone); without it, to any parent.

import { mount } from './embed.js';
import { checkOption, kebab, OPTION_NAMES, OptionError, quote } from './options.js';

/** @import { EmbedHandle, EmbedEvents } from './embed.js' */
/** @import { EmbedOptions } from './options.js' */

/** The handle methods a host may call. */
const METHODS = /** @type {const} */ (['set', 'position', 'setPosition', 'play', 'undo', 'flip', 'newGame']);

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

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
  let origin = '*';
  /** @type {string | null} */
  let badOrigin = null;
  try {
    origin = hostOrigin(params);
  } catch (error) {
    badOrigin = message(error);
  }
  const parent = window.parent !== window ? window.parent : null;
  /** @param {string} type @param {unknown} detail */
  const post = (type, detail) => parent?.postMessage({ source: 'ultima', type, detail }, origin);

  if (badOrigin !== null) {
    // No bridge to a host we cannot name; the board shows why.
    options.mode = 'view';
  }
  const handle = mount(host, /** @type {EmbedOptions} */ (options));
  if (badOrigin !== null) {
    const reason = badOrigin;
    handle.ready.then(() => handle.report(new OptionError(reason)));
    return;
  }
  for (const type of /** @type {(keyof EmbedEvents)[]} */ (['ready', 'move', 'gameover', 'thinking', 'error'])) {
    handle.on(type, (detail) => post(type, detail));
  }
  window.addEventListener('message', (event) => {
    if (parent === null || event.source !== parent) return;
    if (origin !== '*' && event.origin !== origin) return;
    const data = event.data;
    if (data?.source !== 'ultima' || data.type !== 'call') return;
    const { id } = data;
    try {
      const value = call(handle, data.method, data.args);
      post('result', { id, value: value ?? null });
    } catch (error) {
      post('result', { id, error: message(error) });
    }
  });
}

/**
 * @param {EmbedHandle} handle
 * @param {unknown} method
 * @param {unknown} args
 * @returns {unknown}
 */
function call(handle, method, args) {
  const name = METHODS.find((m) => m === method);
  if (!name) throw new Error(`unknown method ${quote(method)}`);
  const list = Array.isArray(args) ? args : [];
  switch (name) {
    case 'set':
      return handle.set(list[0] ?? {});
    case 'position':
      return handle.position();
    case 'setPosition':
      return handle.setPosition(checkOption('position', list[0]));
    case 'play':
      return handle.play(String(list[0]));
    case 'undo':
      return handle.undo();
    case 'flip':
      return handle.flip();
    case 'newGame':
      return handle.newGame(list[0] ?? undefined);
  }
}

start();
