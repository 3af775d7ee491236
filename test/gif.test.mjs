import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changedRect, countColours, createGif, indexImage, lzw, MAX_COLOURS, TABLE_SIZE, TRANSPARENT } from '../www/gif.js';

/** @import { Frame, Palette } from '../www/gif.js' */

/**
 * A GIF of the frames, written one by one.
 *
 * @param {number} width @param {number} height @param {Palette} palette @param {Frame[]} frames
 */
function encodeGif(width, height, palette, frames) {
  const gif = createGif(width, height, palette);
  for (const frame of frames) gif.add(frame);
  return gif.finish();
}

/**
 * GIF's LZW decoding, written here from the format's description to check the encoder.
 *
 * @param {Uint8Array} data  the codes' bytes
 * @param {number} minimum  the initial code size less one (8 here)
 * @returns {number[]}
 */
function unlzw(data, minimum) {
  const clear = 1 << minimum;
  const end = clear + 1;
  /** @type {number[][]} */
  let table = [];
  let size = minimum + 1;
  const reset = () => {
    table = Array.from({ length: clear }, (_, i) => [i]);
    table.push([], []);
    size = minimum + 1;
  };
  reset();
  /** @type {number[]} */
  const out = [];
  let bit = 0;
  /** @type {number[] | null} */
  let previous = null;
  for (;;) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= (((data[bit >> 3] ?? 0) >> (bit & 7)) & 1) << i;
    if (code === clear) {
      reset();
      previous = null;
      continue;
    }
    if (code === end) return out;
    /** @type {number[]} */
    let entry;
    if (code < table.length) entry = /** @type {number[]} */ (table[code]);
    else if (code === table.length && previous) entry = [...previous, previous[0] ?? 0];
    else throw new Error(`bad code ${code} at bit ${bit}`);
    out.push(...entry);
    if (previous) table.push([...previous, entry[0] ?? 0]);
    if (table.length === 1 << size && size < 12) size++;
    previous = entry;
  }
}

/**
 * The frames of a GIF file, as the decoder here reads it: the screen, the global table, the loop
 * count, each frame's rectangle, delay, disposal and transparent index, and the screen after each
 * frame (a transparent pixel leaves the one beneath).
 *
 * @param {Uint8Array} file
 */
function readGif(file) {
  const word = (/** @type {number} */ at) => (file[at] ?? 0) | ((file[at + 1] ?? 0) << 8);
  assert.equal(String.fromCharCode(...file.subarray(0, 6)), 'GIF89a');
  const width = word(6);
  const height = word(8);
  const packed = file[10] ?? 0;
  assert.equal(packed & 0x80, 0x80, 'a global colour table');
  const colours = 2 << (packed & 7);
  let at = 13 + colours * 3;
  const screen = new Uint8Array(width * height);
  /** @type {Array<{ x: number, y: number, width: number, height: number, delay: number, disposal: number, transparent: number | null, screen: Uint8Array }>} */
  const frames = [];
  let loop = null;
  let delay = 0;
  let disposal = 0;
  /** @type {number | null} */
  let transparent = null;
  for (;;) {
    const kind = file[at++];
    if (kind === 0x3b) break;
    if (kind === 0x21) {
      const label = file[at++];
      if (label === 0xf9) {
        disposal = ((file[at + 1] ?? 0) >> 2) & 7;
        delay = word(at + 2);
        transparent = (file[at + 1] ?? 0) & 1 ? (file[at + 4] ?? 0) : null;
      } else if (label === 0xff && String.fromCharCode(...file.subarray(at + 1, at + 12)) === 'NETSCAPE2.0') {
        loop = word(at + 14);
      }
      // Skip the extension's sub-blocks.
      while ((file[at] ?? 0) !== 0) at += (file[at] ?? 0) + 1;
      at++;
      continue;
    }
    assert.equal(kind, 0x2c, `an image descriptor at byte ${at - 1}`);
    const rect = { x: word(at), y: word(at + 2), width: word(at + 4), height: word(at + 6) };
    assert.equal(file[at + 8], 0, 'no local table, not interlaced');
    at += 9;
    const minimum = file[at++] ?? 0;
    /** @type {number[]} */
    const data = [];
    while ((file[at] ?? 0) !== 0) {
      const length = file[at] ?? 0;
      data.push(...file.subarray(at + 1, at + 1 + length));
      at += length + 1;
    }
    at++;
    const pixels = unlzw(Uint8Array.from(data), minimum);
    assert.equal(pixels.length, rect.width * rect.height, 'the rectangle is filled exactly');
    for (let y = 0; y < rect.height; y++) {
      for (let x = 0; x < rect.width; x++) {
        const pixel = pixels[y * rect.width + x] ?? 0;
        if (pixel !== transparent) screen[(rect.y + y) * width + rect.x + x] = pixel;
      }
    }
    frames.push({ ...rect, delay, disposal, transparent, screen: screen.slice() });
  }
  assert.equal(at, file.length, 'the trailer ends the file');
  return { width, height, colours: file.subarray(13, 13 + colours * 3), loop, frames };
}

test('LZW: what the encoder writes, a decoder reads back, across dictionary resets', () => {
  /** @type {Array<[string, Uint8Array]>} */
  const cases = [
    ['empty', new Uint8Array(0)],
    ['one index', Uint8Array.of(7)],
    ['a run', new Uint8Array(5000).fill(3)],
    ['all 256 values twice', Uint8Array.from({ length: 512 }, (_, i) => i % 256)],
    // Noise fills the 4096-code dictionary many times over: the clear codes and the code sizes
    // from 9 to 12 bits are all used.
    ['noise', Uint8Array.from({ length: 200_000 }, (_, i) => (Math.imul(i, 2654435761) >>> 13) & 255)],
    ['a picture-like mix', Uint8Array.from({ length: 100_000 }, (_, i) => ((i % 317) < 150 ? 4 : (i >> 5) % 9))],
  ];
  for (const [name, indices] of cases) {
    assert.deepEqual(unlzw(lzw(indices), 8), [...indices], name);
  }
  // A run compresses: codes grow with the run they stand for.
  assert.ok(lzw(new Uint8Array(5000).fill(3)).length < 200);
});

/** @param {Uint8ClampedArray[]} images */
function paletteOf(...images) {
  const colours = countColours();
  for (const image of images) colours.add(image);
  return colours.palette();
}

test('the palette keeps every flat colour exactly and maps the rest to the nearest', () => {
  const rgba = (/** @type {number[][]} */ pixels) => Uint8ClampedArray.from(pixels.flatMap(([r = 0, g = 0, b = 0]) => [r, g, b, 255]));
  const flat = [
    [0xdd, 0xdd, 0xd0],
    [0x55, 0x99, 0x33],
    [0, 0, 0],
    [255, 255, 255],
  ];
  const image = rgba([...Array(50).fill(flat[0]), ...Array(40).fill(flat[1]), ...Array(5).fill(flat[2]), flat[3] ?? [], [0x57, 0x9a, 0x35]]);
  const palette = paletteOf(image);
  const indices = indexImage(image, palette);
  /** @param {number} p */
  const colourOf = (p) => [...palette.colours.subarray((indices[p] ?? 0) * 3, (indices[p] ?? 0) * 3 + 3)];
  // 0x57,0x9a,0x35 shares the dark green's 5-bit bin: the bin's colour is their mean, within a
  // level of the dark green.
  assert.deepEqual(colourOf(0), flat[0]);
  assert.deepEqual(colourOf(95), flat[3]);
  assert.deepEqual(colourOf(90), flat[2]);
  const green = colourOf(50);
  green.forEach((c, i) => assert.ok(Math.abs(c - (flat[1]?.[i] ?? 0)) <= 1, `${green} ≈ ${flat[1]}`));

  // More colours than a table holds: the most frequent are kept, the rare ones go to the nearest.
  const many = [];
  for (let i = 0; i < 300; i++) many.push(...Array(i < 250 ? 10 : 1).fill([(i % 16) * 16, Math.floor(i / 16) * 12, 40]));
  const big = paletteOf(rgba(many));
  const mapped = indexImage(rgba(many), big);
  assert.ok(Math.max(...mapped) < MAX_COLOURS);
  // A rare colour left out of the table is drawn in the table colour nearest to it (the eye's
  // weights: green most, blue least).
  const distance = (/** @type {number[]} */ a, /** @type {number[]} */ b) => 2 * ((a[0] ?? 0) - (b[0] ?? 0)) ** 2 + 4 * ((a[1] ?? 0) - (b[1] ?? 0)) ** 2 + ((a[2] ?? 0) - (b[2] ?? 0)) ** 2;
  const table = Array.from({ length: MAX_COLOURS }, (_, i) => [...big.colours.subarray(i * 3, i * 3 + 3)]);
  assert.equal(MAX_COLOURS, TRANSPARENT, 'the transparent index is never a colour');
  const inTable = (/** @type {number[]} */ colour) => table.some((entry) => distance(entry, colour) === 0);
  const leftOut = many.findIndex((colour) => !inTable(colour));
  assert.ok(leftOut >= 0, 'some colour was left out of the table');
  const wanted = many[leftOut] ?? [];
  const drawn = table[mapped[leftOut] ?? 0] ?? [];
  assert.equal(distance(drawn, wanted), Math.min(...table.map((entry) => distance(entry, wanted))), `${drawn} is the nearest to ${wanted}`);
  assert.ok(distance(drawn, wanted) > 0);
});

test('the changed rectangle bounds exactly the pixels that differ', () => {
  const before = new Uint8Array(6 * 4);
  assert.equal(changedRect(before, before.slice(), 6), null);
  const after = before.slice();
  after[1 * 6 + 2] = 1;
  after[3 * 6 + 4] = 2;
  assert.deepEqual(changedRect(before, after, 6), { x: 2, y: 1, width: 3, height: 3 });
});

test('a GIF: every frame decodes to its picture, changed parts only after the first, looping', () => {
  const width = 40;
  const height = 30;
  const colours = new Uint8Array(TABLE_SIZE * 3);
  colours.set([10, 20, 30, 200, 100, 50, 0, 255, 0]);
  const palette = { colours, lookup: new Uint8Array(1 << 15) };
  const first = new Uint8Array(width * height).map((_, i) => (i % 7 === 0 ? 1 : 0));
  // A filled box, and two pixels of another colour at its corners: inside the rectangle that
  // changed, most pixels did not.
  const second = first.slice();
  for (let y = 10; y < 14; y++) for (let x = 20; x < 25; x++) second[y * width + x] = 2;
  second[5 * width + 3] = 2;
  second[20 * width + 35] = 2;
  const frames = [
    { indices: first, delay: 150 },
    { indices: second, delay: 100 },
    // Nothing changes: its time goes to the frame before.
    { indices: second.slice(), delay: 300 },
    { indices: first.slice(), delay: 100 },
  ];
  const gif = readGif(encodeGif(width, height, palette, frames));
  assert.equal(gif.width, width);
  assert.equal(gif.height, height);
  assert.equal(gif.loop, 0, 'loops forever');
  assert.deepEqual([...gif.colours.subarray(0, 9)], [10, 20, 30, 200, 100, 50, 0, 255, 0]);
  assert.deepEqual(
    gif.frames.map(({ x, y, width, height, delay, disposal, transparent }) => ({ x, y, width, height, delay, disposal, transparent })),
    [
      { x: 0, y: 0, width, height, delay: 150, disposal: 1, transparent: null },
      { x: 3, y: 5, width: 33, height: 16, delay: 400, disposal: 1, transparent: TRANSPARENT },
      { x: 3, y: 5, width: 33, height: 16, delay: 100, disposal: 1, transparent: TRANSPARENT },
    ],
  );
  assert.deepEqual([...(gif.frames[0]?.screen ?? [])], [...first]);
  assert.deepEqual([...(gif.frames[1]?.screen ?? [])], [...second]);
  assert.deepEqual([...(gif.frames[2]?.screen ?? [])], [...first]);
});

test('a GIF refuses what it cannot hold', () => {
  const palette = { colours: new Uint8Array(TABLE_SIZE * 3), lookup: new Uint8Array(1 << 15) };
  assert.throws(() => encodeGif(2, 2, palette, []), /at least one frame/);
  assert.throws(() => encodeGif(2, 2, palette, [{ indices: new Uint8Array(3), delay: 10 }]), /a frame of 3 pixels in a 2 × 2 GIF/);
  assert.throws(() => encodeGif(70_000, 1, palette, [{ indices: new Uint8Array(70_000), delay: 10 }]), /cannot be 70000 × 1/);
});
