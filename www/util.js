// Small helpers shared by the board modules: square arithmetic, DOM building without markup
// strings (the page never parses HTML text, so no option or move text can become markup), and
// the page's storage where the browser may refuse it, and the words of a caught error.

/** @import { Side } from '../ultima-wasm.js' */

/**
 * The square index (a1=0 … h8=63) shown at a column and row counted from the top left.
 *
 * @param {number} column 0–7, left to right
 * @param {number} row 0–7, top to bottom
 * @param {Side} orientation the side at the bottom
 * @returns {number}
 */
export function squareAt(column, row, orientation) {
  return orientation === 'white' ? (7 - row) * 8 + column : row * 8 + (7 - column);
}

/**
 * Where a square is drawn: the inverse of `squareAt`.
 *
 * @param {number} square index, a1=0 … h8=63
 * @param {Side} orientation the side at the bottom
 * @returns {{ column: number, row: number }}
 */
export function screenOf(square, orientation) {
  const file = square & 7;
  const rank = square >> 3;
  return orientation === 'white' ? { column: file, row: 7 - rank } : { column: 7 - file, row: rank };
}

/**
 * The square under a point of the page, on a board drawn in `box` (its square part, from the
 * top left).
 *
 * @param {{ left: number, top: number, width: number, height: number }} box  the board's
 *   element on the page, e.g. its `getBoundingClientRect()`
 * @param {number} x  e.g. a pointer event's `clientX`
 * @param {number} y
 * @param {Side} orientation the side at the bottom
 * @returns {number | null} null off the board
 */
export function squareAtPoint(box, x, y, orientation) {
  const size = Math.min(box.width, box.height);
  const column = Math.floor(((x - box.left) / size) * 8);
  const row = Math.floor(((y - box.top) / size) * 8);
  if (column < 0 || column > 7 || row < 0 || row > 7) return null;
  return squareAt(column, row, orientation);
}

/** The arrow keys' steps on the screen, as [columns, rows]. */
export const ARROW_STEPS = Object.freeze(
  /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }),
);

/**
 * The square one step from `square` as the board is seen, staying on the board at its edges
 * (a keyboard's focus square).
 *
 * @param {number} square index, a1=0 … h8=63
 * @param {[number, number]} step  [columns, rows] on the screen, e.g. `ARROW_STEPS.ArrowUp`
 * @param {Side} orientation the side at the bottom
 * @returns {number}
 */
export function stepOnScreen(square, step, orientation) {
  const { column, row } = screenOf(square, orientation);
  const clamp = (/** @type {number} */ n) => Math.min(7, Math.max(0, n));
  return squareAt(clamp(column + step[0]), clamp(row + step[1]), orientation);
}

/**
 * @param {number} square index, a1=0 … h8=63
 * @returns {boolean} true for a dark square (a1, c1, b2, …)
 */
export function isDark(square) {
  return ((square & 7) + (square >> 3)) % 2 === 0;
}

/**
 * @param {number} square index, a1=0 … h8=63
 * @returns {string} its name, e.g. "e4"
 */
export function squareName(square) {
  return 'abcdefgh'.charAt(square & 7) + String((square >> 3) + 1);
}

/**
 * @param {string} name e.g. "e4"
 * @returns {number} its index, a1=0 … h8=63
 */
export function squareIndex(name) {
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

/**
 * An element of the page by its id, of the type the caller needs: a page without it, or with
 * another kind of element there, is a broken build, said at once rather than later as a null.
 *
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
export function pageElement(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return found;
}

/**
 * Creates an element with attributes and text; attribute values are set as properties of the
 * DOM, never parsed as markup.
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The declarations of hidden.css's `.visually-hidden` (words for a screen reader alone), for a
 * board to set inline where that sheet may be absent: a host page's own sheets could otherwise
 * show the words or hide them from the reader. test/util.test.mjs checks the two agree.
 */
export const VISUALLY_HIDDEN = Object.freeze({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  'white-space': 'nowrap',
  border: '0',
});

/**
 * Links a style sheet into the document or shadow root a node is in, once (a link with its URL
 * already there is used): a board embedded in a shadow root sees no style sheet of the page.
 *
 * @param {Node} node
 * @param {string} href  the style sheet's absolute URL
 * @returns {Promise<void>} settles when the style sheet has loaded (or failed to)
 */
export function linkStyleSheet(node, href) {
  const root = node.getRootNode();
  const parent = root instanceof ShadowRoot ? root : document.head;
  const found = [...parent.querySelectorAll('link[rel="stylesheet"]')].find((link) => link instanceof HTMLLinkElement && link.href === href);
  const made = () => {
    const link = make('link', { rel: 'stylesheet', href });
    const settle = () => (link.dataset.settled = 'true');
    link.addEventListener('load', settle, { once: true });
    link.addEventListener('error', settle, { once: true });
    parent.append(link);
    return link;
  };
  const linked = found instanceof HTMLLinkElement ? found : made();
  if (linked.dataset.settled || linked.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    linked.addEventListener('load', () => resolve(), { once: true });
    linked.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * One of the window's storages, or null where the browser refuses it (a sandboxed frame,
 * storage blocked): reading the property itself throws there.
 *
 * @param {'localStorage' | 'sessionStorage'} name
 * @returns {Storage | null}
 */
function reachableStorage(name) {
  try {
    return window[name];
  } catch {
    return null;
  }
}

/**
 * The page's localStorage, or null where the browser refuses it: the puzzles and the lessons
 * then keep their progress for the visit only.
 *
 * @returns {Storage | null}
 */
export const pageStorage = () => reachableStorage('localStorage');

/**
 * Asks the browser to keep this page's storage when the device runs short of space: it may
 * otherwise clear a site's data, and the player's games and ratings with it, without a word.
 * Asked when there is first something to lose (a game kept in Your games), once per visit;
 * Chromium answers by its own measure of the page's use (installed, bookmarked) without a
 * prompt, Firefox may ask the player. A refusal changes nothing: storage works as before.
 */
export function askToKeepStorage() {
  if (storageAsked) return;
  storageAsked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return;
  storage
    .persisted()
    .then((kept) => kept || storage.persist())
    // A browser that cannot say keeps storage as it was: nothing to tell the player.
    .catch(() => {});
}
/** Whether this visit has asked already (`askToKeepStorage`). */
let storageAsked = false;

/**
 * The tab's sessionStorage, which lasts through reloads until the tab closes, or null where the
 * browser refuses it.
 *
 * @returns {Storage | null}
 */
export const tabStorage = () => reachableStorage('sessionStorage');

/**
 * The markup of a question asked in place (`askInPlace`): its words, a yes and a no, in a group
 * named by the words, hidden until asked.
 *
 * @param {object} parts
 * @param {string} parts.id  the words' id
 * @param {string} parts.kind  the box's own class, beside "confirm"
 * @param {string} parts.words  the question ("" when the caller writes it as it asks)
 * @param {[string, string]} parts.yes  the yes button's class and words
 * @param {[string, string]} parts.no  the no button's class and words
 * @returns {{ box: HTMLElement, words: HTMLElement, yes: HTMLButtonElement, no: HTMLButtonElement }}
 */
export function questionInPlace({ id, kind, words, yes, no }) {
  const said = make('span', { id }, words);
  const yesButton = make('button', { type: 'button', class: yes[0] }, yes[1]);
  const noButton = make('button', { type: 'button', class: no[0] }, no[1]);
  const box = make('span', { class: `confirm ${kind}`, role: 'group', 'aria-labelledby': id });
  box.append(said, yesButton, noButton);
  box.hidden = true;
  return { box, words: said, yes: yesButton, no: noButton };
}

/**
 * Wires a question asked in place (style.css .confirm), as resigning asks: `ask` shows `box`,
 * which holds the question and its `yes` and `no`, hides `hide` meanwhile (`box` at least as tall
 * as it was), and puts the focus on
 * no, so a second Enter or a double click does not say yes by accident. No and Escape put the
 * question away (the focus back on `ask`); yes puts it away (the focus back on `ask` too) and
 * calls `answer`. With `needed`,
 * only when it says so: otherwise `ask` answers at once. With `declined`, no (the button, not
 * Escape, which only puts the question away) is an answer too: called once the focus is back.
 *
 * @param {{ ask: HTMLButtonElement, box: HTMLElement, yes: HTMLButtonElement, no: HTMLButtonElement, hide?: HTMLElement[], needed?: () => boolean, declined?: () => void }} parts
 * @param {() => void} answer
 * @returns {(refocus: boolean) => void} puts the question away unanswered, the focus back on
 *   `ask` if `refocus` (and it can take it)
 */
export function askInPlace({ ask, box, yes, no, hide = [], needed = () => true, declined = () => undefined }, answer) {
  /** @param {boolean} on */
  const asking = (on) => {
    // At least as tall as what it hides (measured while it shows), so that nothing under it
    // moves as it comes and goes.
    if (on) {
      const tallest = Math.max(0, ...hide.map((node) => node.offsetHeight));
      box.style.setProperty('min-height', tallest ? `${tallest}px` : '');
    }
    box.hidden = !on;
    for (const node of hide) node.hidden = on;
  };
  /** @param {boolean} refocus */
  const close = (refocus) => {
    if (box.hidden) return;
    asking(false);
    if (refocus && !ask.disabled && !ask.hidden) ask.focus();
  };
  ask.addEventListener('click', () => {
    if (!needed()) {
      answer();
      return;
    }
    asking(true);
    no.focus();
  });
  no.addEventListener('click', () => {
    close(true);
    declined();
  });
  // Escape answers no here, and goes no further (a dialog around the question stays open).
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close(true);
  });
  // The focus back on `ask` first (yes goes with the question), where the answer may move it on
  // (a result banner, a dialog).
  yes.addEventListener('click', () => {
    close(true);
    answer();
  });
  return close;
}

/**
 * Whether `element` can hold the focus now: in the document, laid out, not disabled.
 *
 * @param {HTMLElement} element
 * @returns {boolean}
 */
const canHoldFocus = (element) =>
  element.isConnected && !(element instanceof HTMLButtonElement && element.disabled) && element.getClientRects().length > 0;

/**
 * Keeps a keyboard user's place when the control they are on is disabled or hidden under them
 * (▶ at the last move, Undo at the first, Review while it runs): the browser drops the focus to
 * the page's body, and the next Tab starts again from the top. Given what had the focus before
 * an update (`root.activeElement`, the shadow root's in an embed), and only if that can no
 * longer hold it, moves the focus to the first of `places` that can, else to the nearest button
 * of its group (the ones after it first, then the ones before, as a row of steps moves on).
 *
 * @param {Element | null} had
 * @param {ReadonlyArray<HTMLElement | null>} [places]
 */
export function keepFocus(had, places = []) {
  if (!(had instanceof HTMLElement) || canHoldFocus(had)) return;
  const root = /** @type {Document | ShadowRoot} */ (had.getRootNode());
  const active = had.ownerDocument.activeElement;
  // Still on it (the browser moves it at its next rendering), or already dropped: not moved on
  // by the player or by the code.
  if (root.activeElement !== had && active !== null && active !== had.ownerDocument.body) return;
  const group = [...(had.parentElement?.children ?? [])];
  const at = group.indexOf(had);
  const near = [...group.slice(at + 1), ...group.slice(0, at).reverse()];
  const place = [...places, ...near].find((node) => node instanceof HTMLElement && canHoldFocus(node));
  if (place instanceof HTMLElement) place.focus({ preventScroll: true });
}

/** @param {unknown} value @returns {value is Record<string, unknown>} a plain object (no array) */
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stored text read back as the object it was written as: JSON of an object whose `version` is
 * `version`; null for anything else (nothing stored, unreadable text, another version). Each
 * feature then reads its own fields from it, falling back to defaults.
 *
 * @param {string | null} text
 * @param {number} version
 * @returns {Record<string, unknown> | null}
 */
export function readVersioned(text, version) {
  if (text === null) return null;
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return isObject(data) && data.version === version ? data : null;
}

/**
 * The text stored under `key`, or null when there is none, no storage, or the browser refuses
 * it: the one way the page's features read what they keep.
 *
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @param {string} key
 * @returns {string | null}
 */
export function readStored(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Stores `text` under `key`; false when there is no storage or the browser refuses it (full,
 * blocked): the feature then goes on for this visit only.
 *
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {string} key
 * @param {string} text
 * @returns {boolean}
 */
export function writeStored(storage, key, text) {
  try {
    storage?.setItem(key, text);
    return storage !== null;
  } catch {
    return false;
  }
}

/**
 * Hands `blob` to the browser as a download named `name` (the board image, the finished games).
 *
 * @param {Blob} blob
 * @param {string} name  e.g. "ultima-move-12.png"
 */
export function saveFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = make('a', { href: url, download: name });
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the data once started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * What a caught error says, for a line the player reads: an `Error`'s message, or anything else
 * thrown as text (the bindings throw strings).
 *
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * An error's message as the end of a sentence, without its own closing full stop (the caller
 * writes one): "… cannot be put on the board: ${errorClause(error)}."
 *
 * @param {unknown} error
 * @returns {string}
 */
export const errorClause = (error) => errorText(error).replace(/\.$/, '');
