// The embed options: their types, their checks, and how they are read from text (the custom
// element's attributes and embed.html's query parameters use the same kebab-case names). Every
// value is checked before use, and a message about a bad value quotes it only as text, shortened:
// options come from pages we do not control.

import { BRUSHES, MAX_SHAPES, parseShapes, shapesText } from './shapes.js';
import { HIGHLIGHTS, THEME_NAMES } from './state.js';
import { errorText } from './util.js';

/** @import { Side } from '../ultima-wasm.js' */
/** @import { Shape } from './shapes.js' */
/** @import { Highlight, PieceSet, Theme } from './state.js' */

/**
 * What an embedded board does: `play` (two players on one device), `ai` (against the computer),
 * `view` (a static diagram), `replay` (stepping through a game record, its comments and marks
 * shown with the move shown) or `analysis` (the
 * analysis board: both sides move, variations, the engine's evaluation live; analysis.js).
 *
 * @typedef {'play' | 'ai' | 'view' | 'replay' | 'analysis'} Mode
 */

/**
 * @typedef {object} EmbedOptions
 * @property {string} [position]  a position string, e.g. "4k3/8/8/p7/8/8/p7/L3K3 w"
 * @property {string} [record]  a game record to replay or continue, e.g. "1. b2-b5 g7-g4"; in
 *   `analysis` mode its variations in parentheses become side lines
 * @property {string} [setup]  "rotated", "mirrored" or "custom:da/eh"
 * @property {string} [rules]  rule options, e.g. "king_capture,distance_1968"
 * @property {Side} [orientation]  the side at the bottom; in `ai` mode the player's side
 * @property {PieceSet} [pieceSet]  "chess" or "abstract"
 * @property {Theme} [theme]  "green", "neutral", "brown" or "blue"
 * @property {boolean} [coordinates]  files and ranks on the edge
 * @property {boolean} [animation]  slide and fade moves (off anyway with reduced motion)
 * @property {Highlight[]} [highlights]  the marks drawn, e.g. ["last", "check"]
 * @property {Shape[]} [shapes]  arrows and circles drawn on the position, as objects or as text:
 *   "Gb2b5 Re4", a colour letter (G, R, B, Y) and one square (a circle) or two (an arrow)
 * @property {Mode} [mode]
 * @property {Side} [side]  in `ai` mode, the side the player takes; the computer plays the other
 * @property {'both' | Side} [movable]  in `play` mode, whose pieces are moved on this board: `both`
 *   (two players at one device), or one side, whose player is here while the other side's moves
 *   come from elsewhere (a server, a link) through the handle's `play`
 * @property {number} [level]  in `ai` mode, the computer's level, 1–8
 * @property {boolean} [touchPreview]  on a touch screen, a tap on a capturing destination first
 *   shows what the move would capture, and a second tap plays it (false: one tap plays)
 * @property {boolean} [premove]  in `ai` mode, the player may queue a move while the computer
 *   thinks, played after the computer's move if it is legal then
 * @property {boolean} [engine]  in `analysis` mode, whether the engine runs from the start (unless
 *   false): off, the position is shown without its evaluation or lines until the player ticks
 *   Engine (a study or a puzzle that must not give its answer away)
 * @property {boolean} [statusLine]  a line under the board says whose turn it is, that the
 *   computer is thinking, and the result: in `ai` mode unless false, in `play` mode if true
 * @property {'fill' | number} [size]  fill the container's width, or a square of this many CSS
 *   pixels (120–2000)
 * @property {string} [label]  the board's name for screen readers, e.g. "Diagram 2: the Long
 *   Leaper's double capture", so that boards on one page are told apart (by default "Ultima
 *   board", its grid "Board")
 * @property {string} [base]  the URL of the build's root folder (where ultima-wasm_bg.wasm is);
 *   by default the folder above the module's own
 */

/**
 * How many levels the computer has (crates/engine/src/level.rs): the `level` option's top. Here,
 * not in levels.js, so that the embed checks it without the levels' descriptions; levels.js
 * describes as many (its unit test checks).
 */
export const LEVEL_COUNT = 8;

/** The option names, camelCase, in the order the documentation lists them. */
export const OPTION_NAMES = /** @type {const} */ ([
  'position',
  'record',
  'setup',
  'rules',
  'orientation',
  'pieceSet',
  'theme',
  'coordinates',
  'animation',
  'highlights',
  'shapes',
  'mode',
  'side',
  'movable',
  'level',
  'touchPreview',
  'premove',
  'engine',
  'statusLine',
  'size',
  'label',
  'base',
]);

/** @typedef {typeof OPTION_NAMES[number]} OptionName */

/** Options that choose the game, as opposed to how it is shown or played. */
export const GAME_OPTIONS = /** @type {const} */ (['position', 'record', 'setup', 'rules']);

/** The longest record the `record` option takes (an analysis link holds no longer one). */
export const MAX_RECORD_LENGTH = 20_000;

/** Longest accepted text per free-text option (a record of a long game fits; a novel does not).
 * The other options are checked against their few allowed values. */
const MAX_LENGTH = /** @type {Partial<Record<OptionName, number>>} */ ({
  position: 200,
  record: MAX_RECORD_LENGTH,
  setup: 40,
  rules: 200,
  highlights: 100,
  shapes: 1_000,
  label: 200,
  base: 2_000,
});

/** A bad option: its message is shown in the board area and sent with the `error` event. */
export class OptionError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'OptionError';
  }
}

/**
 * @param {OptionName} name
 * @returns {string} its attribute and query-parameter name, e.g. "piece-set"
 */
export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * A name as names are matched when one is misspelled: lower case, without "-" and "_".
 *
 * @param {string} text  e.g. "piece-set", "pieceSet", "PIECE_SET"
 * @returns {string} e.g. "pieceset"
 */
const loosely = (text) => text.toLowerCase().replace(/[-_]/g, '');

/**
 * Whether two names are one slip apart: a letter added, dropped, changed, or two letters swapped.
 *
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
function oneSlip(a, b) {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const rest = (/** @type {number} */ skipA, /** @type {number} */ skipB) => a.slice(i + skipA) === b.slice(i + skipB);
  const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return rest(1, 1) || rest(1, 0) || rest(0, 1) || swapped;
}

/**
 * The name among `names` that `text` may have meant: the same but for case, "-" and "_"
 * ("pieceSet", "PIECE_SET" for "piece-set"), or one slip from one of them ("piecesett",
 * "lvel"); names of three letters or fewer are not guessed at.
 *
 * @template {string} T
 * @param {string} text
 * @param {readonly T[]} names
 * @returns {T | undefined}
 */
export function meantName(text, names) {
  const given = loosely(text);
  return names.find((name) => loosely(name) === given) ?? (given.length > 3 ? names.find((name) => oneSlip(loosely(name), given)) : undefined);
}

/** The query parameters of embed.html that are the frame's own, not the board's options (frame.js). */
export const FRAME_PARAMETERS = /** @type {const} */ (['origin', 'color-scheme']);

/**
 * What to say of the query parameters of embed.html that are no option (nor the frame's own): a typo
 * would otherwise be dropped without a word. Each is named, with the option meant when it is one
 * spelled another way ("pieceSet" or "PIECE-SET" for piece-set).
 *
 * @param {Iterable<string>} names  the parameters given
 * @returns {string[]}  one message a parameter, none when all are known
 */
export function unknownParameters(names) {
  const known = new Set([...OPTION_NAMES.map(kebab), ...FRAME_PARAMETERS]);
  return [...new Set(names)]
    .filter((name) => !known.has(name))
    .map((name) => {
      const meant = meantName(name, [...known]);
      return `unknown parameter ${quote(name)}${meant ? ` (did you mean ${quote(meant)}?)` : ''}: it is left out`;
    });
}

/**
 * What to say of the query parameters of embed.html given more than once with different values:
 * the frame reads the first, as `URLSearchParams.get` does, and a link pasted onto another
 * (`?theme=blue&…&theme=green`) would otherwise show the first without a word. The same value
 * twice says nothing.
 *
 * @param {Iterable<[string, string]>} entries  the parameters given, in order
 * @returns {string[]}  one message a parameter repeated, none when none is
 */
export function repeatedParameters(entries) {
  /** @type {Map<string, string[]>} */
  const values = new Map();
  for (const [name, value] of entries) values.set(name, [...(values.get(name) ?? []), value]);
  return [...values]
    .filter(([, given]) => new Set(given).size > 1)
    .map(([name, given]) => `parameter ${quote(name)} is given ${given.length} times (${given.map(quote).join(', ')}): the first is used`);
}

/**
 * A value for a message: text quoted, control characters shown as escapes, at most 40
 * characters; a number, a boolean, null or undefined as it is (`size: 50` is "not 50", not
 * "not \"50\"", which would read as text given).
 *
 * @param {unknown} value
 * @returns {string}
 */
export function quote(value) {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  const text = typeof value === 'string' ? value : String(value);
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(short);
}

/**
 * @template {string} T
 * @param {OptionName} name
 * @param {unknown} value
 * @param {readonly T[]} allowed
 * @returns {T}
 */
function oneOf(name, value, allowed) {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new OptionError(`${kebab(name)} must be ${allowed.map((a) => `"${a}"`).join(' or ')}, not ${quote(value)}`);
  return found;
}

/**
 * @param {OptionName} name
 * @param {unknown} value
 * @returns {boolean}
 */
function flag(name, value) {
  if (typeof value === 'boolean') return value;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new OptionError(`${kebab(name)} must be "true" or "false", not ${quote(value)}`);
}

/**
 * @param {OptionName} name
 * @param {unknown} value
 * @param {number} low
 * @param {number} high
 * @returns {number}
 */
function integer(name, value, low, high) {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < low || number > high) {
    throw new OptionError(`${kebab(name)} must be a whole number from ${low} to ${high}, not ${quote(value)}`);
  }
  return number;
}

/**
 * @param {unknown} value
 * @returns {Highlight[]}
 */
function highlights(value) {
  if (Array.isArray(value)) return value.map((v) => oneOf('highlights', v, HIGHLIGHTS));
  if (typeof value !== 'string') throw new OptionError(`highlights must be a list, not ${quote(value)}`);
  const text = value.trim();
  if (text === 'all' || text === '') return [...HIGHLIGHTS];
  if (text === 'none') return [];
  return text.split(/[\s,]+/).map((v) => {
    const found = HIGHLIGHTS.find((h) => h === v);
    if (found === undefined) throw new OptionError(`highlights must be "all", "none" or a list of ${HIGHLIGHTS.join(', ')}, not ${quote(value)}`);
    return found;
  });
}

/**
 * Shapes from their text ("Gb2b5 Re4") or from objects ({ from: "b2", to: "b5", brush: "green" };
 * `to` left out for a circle, `brush` for green), read the one way: objects are written as text.
 *
 * @param {unknown} value
 * @returns {Shape[]}
 */
function shapes(value) {
  let text = value;
  if (Array.isArray(value)) {
    if (value.length > MAX_SHAPES) throw new OptionError(`shapes: at most ${MAX_SHAPES}, not ${value.length}`);
    text = shapesText(
      value.map((shape) => {
        const { from, to = from, brush = 'green' } = typeof shape === 'object' && shape !== null ? shape : {};
        const colour = BRUSHES.find((b) => b === brush);
        const square = (/** @type {unknown} */ name) => typeof name === 'string' && /^[a-h][1-8]$/.test(name);
        if (!square(from) || !square(to) || colour === undefined) {
          throw new OptionError(`shapes must be { from, to?, brush? } with squares and a brush of ${BRUSHES.join(', ')}, not ${quote(JSON.stringify(shape))}`);
        }
        return { from, to, brush: colour };
      }),
    );
  }
  if (typeof text !== 'string') throw new OptionError(`shapes must be text or a list, not ${quote(value)}`);
  try {
    return parseShapes(text);
  } catch (error) {
    throw new OptionError(`shapes: ${errorText(error)}`);
  }
}

/**
 * @param {unknown} value
 * @returns {string} an absolute http(s) URL ending in "/"
 */
function baseUrl(value) {
  if (typeof value !== 'string') throw new OptionError(`base must be a URL, not ${quote(value)}`);
  let url;
  try {
    url = new URL(value, document.baseURI);
  } catch {
    throw new OptionError(`base must be a URL, not ${quote(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OptionError(`base must be an http or https URL, not ${quote(value)}`);
  }
  const href = url.href.split(/[?#]/)[0] ?? url.href;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * Checks one option's value and returns it in its type.
 *
 * @template {OptionName} K
 * @param {K} name
 * @param {unknown} value
 * @returns {NonNullable<EmbedOptions[K]>}
 */
export function checkOption(name, value) {
  const longest = MAX_LENGTH[name];
  if (typeof value === 'string' && longest !== undefined && value.length > longest) {
    throw new OptionError(`${kebab(name)} is too long (${value.length} characters; at most ${longest}): ${quote(value)}`);
  }
  /** @type {unknown} */
  let checked;
  switch (name) {
    case 'position':
    case 'record':
    case 'setup':
    case 'rules':
    case 'label':
      if (typeof value !== 'string') throw new OptionError(`${name} must be text, not ${quote(value)}`);
      checked = value;
      break;
    case 'orientation':
    case 'side':
      checked = oneOf(name, value, /** @type {const} */ (['white', 'black']));
      break;
    case 'pieceSet':
      checked = oneOf(name, value, /** @type {const} */ (['chess', 'abstract']));
      break;
    case 'theme':
      checked = oneOf(name, value, THEME_NAMES);
      break;
    case 'mode':
      checked = oneOf(name, value, /** @type {const} */ (['play', 'ai', 'view', 'replay', 'analysis']));
      break;
    case 'movable':
      checked = oneOf(name, value, /** @type {const} */ (['both', 'white', 'black']));
      break;
    case 'coordinates':
    case 'animation':
    case 'touchPreview':
    case 'premove':
    case 'engine':
    case 'statusLine':
      checked = flag(name, value);
      break;
    case 'highlights':
      checked = highlights(value);
      break;
    case 'shapes':
      checked = shapes(value);
      break;
    case 'level':
      checked = integer(name, value, 1, LEVEL_COUNT);
      break;
    case 'size':
      checked = value === 'fill' ? 'fill' : integer(name, value, 120, 2000);
      break;
    case 'base':
      checked = baseUrl(value);
      break;
    default:
      throw new OptionError(`unknown option ${quote(name)}`);
  }
  return /** @type {NonNullable<EmbedOptions[K]>} */ (checked);
}

/**
 * Checks every option given (undefined ones are left out); unknown names are errors, so a typo
 * does not pass silently.
 *
 * @param {Record<string, unknown>} options
 * @returns {EmbedOptions}
 */
export function checkOptions(options) {
  if (typeof options !== 'object' || options === null) throw new OptionError('the options must be an object');
  /** @type {Record<string, unknown>} */
  const checked = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const known = OPTION_NAMES.find((n) => n === name);
    if (!known) {
      const meant = meantName(name, OPTION_NAMES);
      throw new OptionError(`unknown option ${quote(name)}${meant ? ` (did you mean ${quote(meant)}?)` : ''}`);
    }
    checked[known] = checkOption(known, value);
  }
  return /** @type {EmbedOptions} */ (checked);
}

/**
 * @param {string} text a kebab-case name, e.g. "piece-set"
 * @returns {OptionName | undefined} the option it names, e.g. "pieceSet"
 */
export function optionNamed(text) {
  return OPTION_NAMES.find((name) => kebab(name) === text);
}
