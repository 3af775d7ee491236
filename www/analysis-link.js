// Analyses in a link, the pure part: the page's address with an analysis board's whole tree in
// its fragment, `#analysis=1<text>`, where the text is the tree's record (its main line, every
// side line as a variation, the moves' notes and the game's comment: `Analysis.treeRecord`)
// compressed (deflate) and written in base64url; `1` is the format's version. As with a game
// link, a fragment never reaches a server: whoever opens the link sees the analysis, and no one
// else. Opening one opens the analysis view on it; the game on the board is never touched.
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

/**
 * A record as an analysis link's text.
 *
 * @param {string} record  the tree's record
 * @returns {Promise<string>}
 * @throws {Error} for a record longer than a link holds (the record option's limit)
 */
export async function encodeAnalysis(record) {
  if (record.length > MAX_RECORD_LENGTH) throw new Error(`the analysis's record is longer than a link holds (${record.length} characters; at most ${MAX_RECORD_LENGTH})`);
  const packed = await through(new TextEncoder().encode(record), new CompressionStream('deflate-raw'));
  let binary = '';
  for (const byte of packed) binary += String.fromCharCode(byte);
  return VERSION + btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The record an analysis link's text holds.
 *
 * @param {string} text
 * @returns {Promise<string>}
 * @throws {Error} saying what is wrong with the link
 */
export async function decodeAnalysis(text) {
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
