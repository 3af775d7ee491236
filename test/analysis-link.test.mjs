import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANALYSIS_LINK_KEY, analysisLinkText, analysisUrl, choicesText, decodeAnalysis, encodeAnalysis, readChoices } from '../www/analysis-link.js';
import { MAX_RECORD_LENGTH } from '../www/options.js';

/** A tree's record: variations, marks, comments (one not ASCII) and the game's comment. */
const RECORD = '[Setup "rotated"]\n\n{A game, naïve — ✓} 1. b2-b5! {the usual} (1. a2-a4 g7-g5) 1... g7-g4?? 2. c2-c4 *\n';

test('an analysis goes into a link and comes back as it was', async () => {
  const text = await encodeAnalysis(RECORD);
  assert.match(text, /^1[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeAnalysis(text), { record: RECORD, choices: undefined });
  // The address: the page's, its fragment replaced.
  const url = analysisUrl('https://example.org/ultima/?x=1#game=AQ', text);
  assert.equal(url, `https://example.org/ultima/?x=1#${ANALYSIS_LINK_KEY}=${text}`);
  assert.equal(analysisLinkText(new URL(url).hash), text);
  assert.equal(analysisLinkText('#game=AQ'), null);
  assert.equal(analysisLinkText(''), null);
  // Compressed: a long record's link is much shorter than the record.
  const long = `${Array.from({ length: 200 }, (_, i) => `${i + 1}. b2-b5 g7-g4`).join(' ')} *`;
  assert.ok((await encodeAnalysis(long)).length < long.length / 4);
});

test('a link that is not one is refused, saying why', async () => {
  const refused = async (/** @type {string} */ text) => {
    try {
      await decodeAnalysis(text);
      return 'read';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  assert.match(await refused(''), /^this analysis link holds no analysis$/);
  assert.match(await refused('%%%%'), /not the text a link holds/);
  assert.match(await refused(`2${(await encodeAnalysis(RECORD)).slice(1)}`), /another format/);
  assert.match(await refused('1not base64!'), /not the text a link holds/);
  assert.match(await refused('1AAAAA'), /cut short|does not unpack/);
  assert.match(await refused('1QUJD'), /does not unpack/);
  // Cut in the middle, as a chat might cut a long link.
  const whole = await encodeAnalysis(RECORD.repeat(5));
  assert.match(await refused(whole.slice(0, whole.length / 2)), /cut short|does not unpack/);
  // Bytes that are not UTF-8 text.
  assert.match(await refused(await packed(new Uint8Array([0xff, 0xfe, 0x80]))), /not text/);
  // More than a record (which no page writes): refused, whether it would unpack to a little more
  // or to a great deal.
  const long = (/** @type {number} */ n) => packed(new TextEncoder().encode('x'.repeat(n)));
  assert.match(await refused(await long(MAX_RECORD_LENGTH + 1)), /more than a record of 20000 characters/);
  assert.match(await refused(await long(10_000_000)), /more than a record/);
  // The page writes none either: too long a record is refused before it is packed.
  await assert.rejects(encodeAnalysis('x'.repeat(MAX_RECORD_LENGTH + 1)), /longer than a link holds \(20001 characters; at most 20000\)/);
});

/**
 * A link's text made by hand, of any bytes, as the page's own would be (a version, deflated
 * bytes in base64url): for links the page never writes.
 *
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<string>}
 */
async function packed(bytes) {
  const out = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  let binary = '';
  for (const byte of out) binary += String.fromCharCode(byte);
  return `1${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
}

test('a link names the position shown: the move chosen at each step, as counts of first moves between the others', async () => {
  /** @type {Array<[number[], string]>} */
  const cases = [
    [[], ''],
    [[0, 0, 0], '3'],
    [[0, 1], '1.1.0'],
    [[1, 0, 0, 0, 0, 0], '0.1.5'],
    [[...Array(12).fill(0), 2, ...Array(5).fill(0)], '12.2.5'],
    [[0, 3, 1, 0], '1.3.0.1.1'],
  ];
  for (const [choices, text] of cases) {
    assert.equal(choicesText(choices), text, JSON.stringify(choices));
    if (text) assert.deepEqual(readChoices(text), choices, text);
  }
  // In a link, after the record; the start is "0"; a link without one opens at the end.
  for (const choices of [[0, 1, 0], [], [...Array(40).fill(0)]]) {
    const text = await encodeAnalysis(RECORD, choices);
    assert.match(text, /^1[A-Za-z0-9_-]+~[0-9.]+$/);
    assert.deepEqual(await decodeAnalysis(text), { record: RECORD, choices });
  }
  // One that does not read: the analysis still opens (at its end), the position said unread.
  const whole = await encodeAnalysis(RECORD);
  for (const bad of ['', 'x', '1.', '1.0.2', '1.2', '-1', '99999', '1.1.1.', `${'1.1.'.repeat(3000)}1`]) {
    assert.equal(readChoices(bad), null, bad);
    assert.deepEqual(await decodeAnalysis(`${whole}~${bad}`), { record: RECORD, choices: null }, bad);
  }
  // A damaged record is refused whatever follows it.
  await assert.rejects(decodeAnalysis('1QUJD~3'), /does not unpack/);
});
