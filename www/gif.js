// Animated GIF files, written from scratch for the game's animation (game-gif.js): a palette of
// at most 255 colours chosen from the frames themselves, each pixel mapped to its nearest colour,
// and the GIF89a format — a looping animation whose frames after the first hold only the
// rectangle that changed, its unchanged pixels transparent (the 256th index), so that they
// compress to almost nothing under GIF's variable-length LZW. Pure functions on pixel arrays: no
// canvas, no DOM.
//
// The board's pictures are mostly flat colours with smooth edges, so a palette made of the most
// frequent colours (counted at 5 bits a channel) keeps every flat colour exact and the edges close.

/** The entries of a GIF's colour table. */
export const TABLE_SIZE = 256;

/** The table's last entry stands for "as in the frame before"; the others are colours. */
export const TRANSPARENT = TABLE_SIZE - 1;

/** The most colours a palette holds. */
export const MAX_COLOURS = TRANSPARENT;

/** LZW codes are at most 12 bits: a dictionary of 4096 entries, then a clear code. */
const MAX_CODES = 4096;

/**
 * A colour table and the way to it from any colour.
 *
 * @typedef {object} Palette
 * @property {Uint8Array} colours  256 × RGB (unused entries black, the last never used)
 * @property {Uint8Array} lookup  for each colour at 5 bits a channel (r << 10 | g << 5 | b),
 *   the index of the nearest table colour
 */

/**
 * Bytes appended to a buffer that grows as needed (a file of megabytes as a plain array of
 * numbers would take eight times the memory).
 */
class Bytes {
  constructor() {
    /** @type {Uint8Array<ArrayBuffer>} */
    this.buffer = new Uint8Array(1 << 16);
    this.length = 0;
  }

  /** @param {number} more */
  room(more) {
    if (this.length + more <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + more));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  /** @param {...number} values */
  push(...values) {
    this.room(values.length);
    for (const value of values) this.buffer[this.length++] = value;
  }

  /** @param {Uint8Array} values */
  append(values) {
    this.room(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  /** @returns {Uint8Array<ArrayBuffer>} the bytes written */
  done() {
    return this.buffer.slice(0, this.length);
  }
}

/** @param {number} r @param {number} g @param {number} b @returns {number} the colour's 15-bit bin */
const bin = (r, g, b) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);

/**
 * A count of the colours of RGBA images (`add` each), then their palette: the 255 most frequent
 * colour bins, each as the mean of the pixels that fell in it, and every other bin mapped to the
 * one nearest its own mean (a colour never seen is never asked for).
 *
 * @returns {{ add: (rgba: Uint8ClampedArray) => void, palette: () => Palette }}
 */
export function countColours() {
  const count = new Uint32Array(1 << 15);
  const sums = new Float64Array(3 << 15);
  return {
    add(rgba) {
      for (let i = 0; i < rgba.length; i += 4) {
        const r = rgba[i] ?? 0;
        const g = rgba[i + 1] ?? 0;
        const b = rgba[i + 2] ?? 0;
        const key = bin(r, g, b);
        count[key] = (count[key] ?? 0) + 1;
        sums[key * 3] = (sums[key * 3] ?? 0) + r;
        sums[key * 3 + 1] = (sums[key * 3 + 1] ?? 0) + g;
        sums[key * 3 + 2] = (sums[key * 3 + 2] ?? 0) + b;
      }
    },
    palette() {
      const used = [];
      for (let key = 0; key < count.length; key++) if (count[key]) used.push(key);
      used.sort((a, b) => (count[b] ?? 0) - (count[a] ?? 0) || a - b);
      const chosen = used.slice(0, MAX_COLOURS);
      /** @param {number} key @param {number} c @returns {number} the mean of a bin's pixels in channel c */
      const mean = (key, c) => Math.round((sums[key * 3 + c] ?? 0) / (count[key] ?? 1));
      const colours = new Uint8Array(TABLE_SIZE * 3);
      const lookup = new Uint8Array(1 << 15);
      chosen.forEach((key, index) => {
        for (let c = 0; c < 3; c++) colours[index * 3 + c] = mean(key, c);
        lookup[key] = index;
      });
      for (const key of used.slice(MAX_COLOURS)) lookup[key] = nearest(colours, chosen.length, mean(key, 0), mean(key, 1), mean(key, 2));
      return { colours, lookup };
    },
  };
}

/**
 * @param {Uint8Array} colours
 * @param {number} size  the entries in use
 * @param {number} r @param {number} g @param {number} b
 * @returns {number} the index of the entry nearest (r, g, b)
 */
function nearest(colours, size, r, g, b) {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < size; i++) {
    const dr = (colours[i * 3] ?? 0) - r;
    const dg = (colours[i * 3 + 1] ?? 0) - g;
    const db = (colours[i * 3 + 2] ?? 0) - b;
    // Weighted as the eye weighs them, roughly: green most, blue least.
    const distance = 2 * dr * dr + 4 * dg * dg + db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

/**
 * An RGBA image as palette indices.
 *
 * @param {Uint8ClampedArray} rgba
 * @param {Palette} palette
 * @returns {Uint8Array}
 */
export function indexImage(rgba, palette) {
  const indices = new Uint8Array(rgba.length / 4);
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    indices[p] = palette.lookup[bin(rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0)] ?? 0;
  }
  return indices;
}

/**
 * The smallest rectangle holding every pixel that differs between two frames, or null when none
 * does.
 *
 * @param {Uint8Array} before
 * @param {Uint8Array} after
 * @param {number} width
 * @returns {{ x: number, y: number, width: number, height: number } | null}
 */
export function changedRect(before, after, width) {
  let left = width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  const height = after.length / width;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (before[row + x] !== after[row + x]) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  return top < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * GIF's LZW compression of palette indices with 8-bit codes to start: the codes as bytes, least
 * significant bit first.
 *
 * @param {Uint8Array} indices
 * @returns {Uint8Array}
 */
export function lzw(indices) {
  const clear = 256;
  const end = 257;
  const out = new Bytes();
  let buffer = 0;
  let bits = 0;
  let size = 9;
  /** @param {number} code */
  const emit = (code) => {
    buffer |= code << bits;
    bits += size;
    while (bits >= 8) {
      out.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  };
  // The dictionary: the code for (prefix code, next index), -1 where there is none yet.
  const table = new Int16Array(MAX_CODES * 256).fill(-1);
  let next = end + 1;
  emit(clear);
  if (indices.length > 0) {
    let prefix = indices[0] ?? 0;
    for (let i = 1; i < indices.length; i++) {
      const index = indices[i] ?? 0;
      const key = prefix * 256 + index;
      const code = table[key] ?? -1;
      if (code >= 0) {
        prefix = code;
        continue;
      }
      emit(prefix);
      if (next === MAX_CODES) {
        emit(clear);
        table.fill(-1);
        next = end + 1;
        size = 9;
      } else {
        if (next >= 1 << size) size++;
        table[key] = next++;
      }
      prefix = index;
    }
    emit(prefix);
  }
  emit(end);
  if (bits > 0) out.push(buffer & 0xff);
  return out.done();
}

/**
 * A frame of the animation: the whole picture as palette indices, and how long it shows.
 *
 * @typedef {object} Frame
 * @property {Uint8Array} indices  width × height palette indices, rows top to bottom (never
 *   `TRANSPARENT`: `indexImage` gives none)
 * @property {number} delay  in hundredths of a second
 */

/**
 * A looping GIF89a animation, written frame by frame (`add`, then `finish` for the file), all on
 * one palette, so that only the last frame is kept however long the animation. After the first,
 * each frame stores only the rectangle that changed since the one before, with the pixels in it
 * that did not change transparent, and leaves the rest as it was; a frame that changes nothing
 * adds its time to the one before.
 *
 * @param {number} width
 * @param {number} height
 * @param {Palette} palette
 * @returns {{ add: (frame: Frame) => void, finish: () => Uint8Array<ArrayBuffer> }} `finish`
 *   throws when no frame was added
 */
export function createGif(width, height, palette) {
  if (width < 1 || height < 1 || width > 0xffff || height > 0xffff) throw new Error(`a GIF cannot be ${width} × ${height}`);
  const bytes = new Bytes();
  const text = (/** @type {string} */ s) => bytes.push(...[...s].map((c) => c.charCodeAt(0)));
  const word = (/** @type {number} */ n) => bytes.push(n & 0xff, (n >> 8) & 0xff);
  text('GIF89a');
  word(width);
  word(height);
  // A global table of 2^(7+1) colours, 8 bits a primary; background 0, square pixels.
  bytes.push(0xf7, 0, 0);
  bytes.append(palette.colours);
  // The Netscape extension: loop forever.
  bytes.push(0x21, 0xff, 11);
  text('NETSCAPE2.0');
  bytes.push(3, 1, 0, 0, 0);

  /** @type {Uint8Array | null} the last frame added */
  let previous = null;
  /**
   * The last frame stored, compressed, written once its time is known (the next frame may add
   * to it).
   *
   * @type {{ rect: { x: number, y: number, width: number, height: number }, data: Uint8Array, transparent: boolean, delay: number } | null}
   */
  let pending = null;
  const write = () => {
    if (!pending) return;
    const { rect, data, transparent, delay } = pending;
    // Graphic control: leave the frame in place (disposal 1), its delay, and after the first
    // frame the transparent index.
    bytes.push(0x21, 0xf9, 4, (1 << 2) | (transparent ? 1 : 0));
    word(Math.min(0xffff, Math.max(0, Math.round(delay))));
    bytes.push(transparent ? TRANSPARENT : 0, 0);
    bytes.push(0x2c);
    word(rect.x);
    word(rect.y);
    word(rect.width);
    word(rect.height);
    bytes.push(0);
    bytes.push(8);
    // The data in sub-blocks of at most 255 bytes, then an empty one.
    for (let i = 0; i < data.length; i += 255) {
      const block = data.subarray(i, i + 255);
      bytes.push(block.length);
      bytes.append(block);
    }
    bytes.push(0);
  };
  return {
    add(frame) {
      if (frame.indices.length !== width * height) throw new Error(`a frame of ${frame.indices.length} pixels in a ${width} × ${height} GIF`);
      const before = previous;
      const rect = before === null ? { x: 0, y: 0, width, height } : changedRect(before, frame.indices, width);
      previous = frame.indices;
      if (rect === null) {
        if (pending) pending.delay += frame.delay;
        return;
      }
      write();
      const part = new Uint8Array(rect.width * rect.height);
      for (let y = 0; y < rect.height; y++) {
        const from = (rect.y + y) * width + rect.x;
        for (let x = 0; x < rect.width; x++) {
          const index = frame.indices[from + x] ?? 0;
          part[y * rect.width + x] = before && before[from + x] === index ? TRANSPARENT : index;
        }
      }
      pending = { rect, data: lzw(part), transparent: before !== null, delay: frame.delay };
    },
    finish() {
      if (!pending) throw new Error('a GIF needs at least one frame');
      write();
      pending = null;
      bytes.push(0x3b);
      return bytes.done();
    },
  };
}
