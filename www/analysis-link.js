// Analyses in a link, the pure part: the page's address with an analysis board's whole tree in
// its fragment, `#analysis=1<text>`, where the text is the tree's record (its main line, every
// side line as a variation, the moves' notes and the game's comment: `Analysis.treeRecord`)
// compressed (deflate) and written in base64url; `1` is the format's version. As with a game
// link, a fragment never reaches a server: whoever opens the link sees the analysis, and no one
// else. Opening one opens the analysis view on it; the game on the board is never touched.
//
// After the text, `~` and the position the analysis showed: the move chosen
// at each step from the start, as the tree lists a position's moves (0 the first: the main
// line), written as counts of first moves between the other choices, "12.1.5" for twelve main
// moves, the second move there, five first moves ("0" the start). A teacher's "look at move 2"
// opened at the end of the game. A link without it opens at the end, as before.
//
// Every link is read as untrusted input: text that is not base64url, data that does not inflate,
// a record longer than the record option takes, or bytes that are not UTF-8 are refused with a
// message that says which.

import { fragmentText, fragmentUrl } from './links.js';
import { MAX_RECORD_LENGTH } from './options.js';

/** The fragment's key: `#analysis=…`. */
export const ANALYSIS_LINK_KEY = 'analysis';

/** The format written; a link of another is refused (a later page may read more). */
const VERSION = '1';

/**
 * The text of an analysis link in an address's fragment, if it is one.
 *
 * @param {string} hash  `location.hash`, e.g. "#analysis=1q1YqLs7…"
 * @returns {string | null} the text after `#analysis=`; null for another fragment or none
 */
export const analysisLinkText = (hash) => fragmentText(hash, ANALYSIS_LINK_KEY);

/**
 * The address of an analysis: `page` without its fragment, then `#analysis=<text>`.
 *
 * @param {string} page  the page's address
 * @param {string} text  `encodeAnalysis`'s text
 * @returns {string}
 */
export const analysisUrl = (page, text) => fragmentUrl(page, ANALYSIS_LINK_KEY, text);

/** What comes between the record's text and the position shown: not a base64url letter. */
const AT = '~';

/** The longest path to the position shown that a link holds: more plies than any game has. */
export const MAX_CHOICES = 5000;

/**
 * The position shown, as a link writes it: counts of first moves between the other choices.
 *
 * @param {readonly number[]} choices  the move chosen at each step from the start (0: the first)
 * @returns {string} e.g. "12.1.5"; "" for the start
 */
export function choicesText(choices) {
  /** @type {number[]} */
  const parts = [];
  let firsts = 0;
  for (const choice of choices) {
    if (choice === 0) firsts += 1;
    else {
      parts.push(firsts, choice);
      firsts = 0;
    }
  }
  if (firsts > 0 || parts.length > 0) parts.push(firsts);
  return parts.join('.');
}

/**
 * The position shown, read back from a link.
 *
 * @param {string} text  e.g. "12.1.5"
 * @returns {number[] | null} the move chosen at each step; null for text that is not a path
 */
export function readChoices(text) {
  if (!/^\d{1,4}(\.\d{1,4}\.\d{1,4})*$/.test(text)) return null;
  const parts = text.split('.').map(Number);
  /** @type {number[]} */
  const choices = [];
  parts.forEach((n, i) => {
    if (i % 2 === 0) for (let k = 0; k < n && choices.length <= MAX_CHOICES; k++) choices.push(0);
    else choices.push(n);
  });
  // A choice of 0 between counts is written by no page (it is one more first move).
  if (choices.length > MAX_CHOICES || parts.some((n, i) => i % 2 === 1 && n === 0)) return null;
  return choices;
}

/**
 * A record, and the position shown, as an analysis link's text.
 *
 * @param {string} record  the tree's record
 * @param {readonly number[]} [choices]  the position shown (`choicesText`; [] the start); none:
 *   the link opens at the end
 * @returns {Promise<string>}
 * @throws {Error} for a record longer than a link holds (the record option's limit)
 */
export async function encodeAnalysis(record, choices) {
  if (record.length > MAX_RECORD_LENGTH) throw new Error(`the analysis's record is longer than a link holds (${record.length} characters; at most ${MAX_RECORD_LENGTH})`);
  const packed = await through(new TextEncoder().encode(record), new CompressionStream('deflate-raw'));
  let binary = '';
  for (const byte of packed) binary += String.fromCharCode(byte);
  const at = choices && choices.length <= MAX_CHOICES ? `${AT}${choicesText(choices) || '0'}` : '';
  return VERSION + btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '') + at;
}

/**
 * The record an analysis link's text holds, and the position it showed.
 *
 * @param {string} whole
 * @returns {Promise<{ record: string, choices: number[] | null | undefined }>} `choices`: the
 *   move chosen at each step to the position shown ([] the start); undefined for a link that
 *   names none (it opens at the end); null when the link names one that does not read (the
 *   analysis is whole: it opens at the end)
 * @throws {Error} saying what is wrong with the link's record
 */
export async function decodeAnalysis(whole) {
  const at = whole.indexOf(AT);
  const text = at < 0 ? whole : whole.slice(0, at);
  const record = await decodeRecord(text);
  return { record, choices: at < 0 ? undefined : readChoices(whole.slice(at + AT.length)) };
}

/**
 * The record of an analysis link's text (without the position shown).
 *
 * @param {string} text
 * @returns {Promise<string>}
 * @throws {Error} saying what is wrong with the link
 */
async function decodeRecord(text) {
  const letters = /^[A-Za-z0-9_-]+$/;
  if (text === '') throw new Error('this analysis link holds no analysis');
  // A later version's link starts with another letter; anything else was never a link.
  if (!letters.test(text)) throw new Error('this analysis link is damaged (it is not the text a link holds)');
  if (!text.startsWith(VERSION)) throw new Error('this analysis link is of another format (made by a later version of this page?)');
  const body = text.slice(VERSION.length);
  // Each base64 letter is 6 bits: a record that deflates at all takes far fewer than this.
  if (!letters.test(body) || body.length > MAX_RECORD_LENGTH * 2) throw new Error('this analysis link is damaged (it is not the text a link holds)');
  let binary;
  try {
    binary = atob(body.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    throw new Error('this analysis link is damaged (it was cut short)');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let inflated;
  try {
    inflated = await through(bytes, new DecompressionStream('deflate-raw'), MAX_RECORD_LENGTH * 4);
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`this analysis link holds more than a record of ${MAX_RECORD_LENGTH} characters`);
    throw new Error('this analysis link is damaged (its data does not unpack)');
  }
  let record;
  try {
    record = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw new Error('this analysis link is damaged (its record is not text)');
  }
  if (record.length > MAX_RECORD_LENGTH) throw new Error(`this analysis link holds more than a record of ${MAX_RECORD_LENGTH} characters`);
  return record;
}

/**
 * Bytes through a compression or decompression stream, stopping with a RangeError past `limit`
 * bytes out (so that a small link cannot unpack into gigabytes).
 *
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {CompressionStream | DecompressionStream} stream
 * @param {number} [limit]
 * @returns {Promise<Uint8Array>}
 */
async function through(bytes, stream, limit = Infinity) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError('too long');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
