// Arrows and circles drawn on the board, as on lichess: a right-button press on a square and its
// release on another draws an arrow between them, released where it began a circle on the square;
// Shift (or Ctrl) makes it red, Alt (or ⌘) blue, both yellow, neither green. Drawing a shape
// again takes it away, in another colour recolours it. They belong to the position they were
// drawn on: the board drops them when it shows another one, and a left click clears them.
// A host gives them as text (the `shapes` option): "Gb2b5 Re4", a colour letter (G, R, B or Y;
// green when left out) and one square for a circle or two for an arrow.

/** @typedef {'green' | 'red' | 'blue' | 'yellow'} Brush  a drawn shape's colour */

/** The colours, in the order of chessground's modifier arithmetic (Shift +1, Alt +2). */
export const BRUSHES = /** @type {readonly Brush[]} */ (['green', 'red', 'blue', 'yellow']);

/**
 * An arrow from `from` to `to`, or a circle on `from` when `to` is the same square.
 *
 * @typedef {object} Shape
 * @property {string} from  e.g. "b2"
 * @property {string} to  e.g. "b5"; "b2" for a circle on b2
 * @property {Brush} brush
 */

/** The most shapes one text may give (a board full of circles, with room for arrows). */
export const MAX_SHAPES = 100;

/** A shape's text: an optional colour letter, then one square or two (a dash between allowed). */
const SHAPE_TEXT = /^([GRBY])?([a-h][1-8])(?:-?([a-h][1-8]))?$/;

/**
 * The colour the modifier keys held at the press choose.
 *
 * @param {{ shiftKey: boolean, ctrlKey: boolean, altKey: boolean, metaKey: boolean }} keys
 * @returns {Brush}
 */
export function brushFor(keys) {
  const index = (keys.shiftKey || keys.ctrlKey ? 1 : 0) + (keys.altKey || keys.metaKey ? 2 : 0);
  return BRUSHES[index] ?? 'green';
}

/**
 * The shapes after `shape` is drawn: it is added, or, where one joins the same squares, that one
 * goes (the same colour: drawing twice takes it away) or takes the new colour.
 *
 * @param {readonly Shape[]} shapes
 * @param {Shape} shape
 * @returns {Shape[]}
 */
export function toggleShape(shapes, shape) {
  const same = shapes.find((s) => s.from === shape.from && s.to === shape.to);
  const rest = shapes.filter((s) => s !== same);
  return same?.brush === shape.brush ? rest : [...rest, shape];
}

/**
 * Reads shapes from text: "Gb2b5 Re4 c3-c7", separated by spaces or commas. A later shape on the
 * same squares replaces an earlier one.
 *
 * @param {string} text
 * @returns {Shape[]}
 * @throws {Error} naming the first word that is not a shape, or when there are too many
 */
export function parseShapes(text) {
  const words = text.split(/[\s,]+/).filter((word) => word !== '');
  if (words.length > MAX_SHAPES) throw new Error(`at most ${MAX_SHAPES} shapes, not ${words.length}`);
  /** @type {Shape[]} */
  let shapes = [];
  for (const word of words) {
    const parts = SHAPE_TEXT.exec(word);
    if (!parts) {
      throw new Error(
        `${JSON.stringify(word.slice(0, 12))} is not a shape: one square for a circle (e4) or two for an arrow (b2b5), after an optional colour letter G, R, B or Y`,
      );
    }
    const [, letter, from = '', to] = parts;
    const brush = BRUSHES.find((b) => b[0] === (letter ?? 'G').toLowerCase()) ?? 'green';
    shapes = [...shapes.filter((s) => s.from !== from || s.to !== (to ?? from)), { from, to: to ?? from, brush }];
  }
  return shapes;
}

/**
 * The text `parseShapes` reads back, e.g. "Gb2b5 Re4".
 *
 * @param {readonly Shape[]} shapes
 * @returns {string}
 */
export function shapesText(shapes) {
  return shapes.map((s) => `${s.brush[0]?.toUpperCase()}${s.from}${s.to === s.from ? '' : s.to}`).join(' ');
}
