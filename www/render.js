// Paints a board on one canvas from its state alone, in layers: squares, highlights, pieces,
// overlays (marks that must stay visible over pieces), the shapes a person drew, then the dragged
// piece. Every mark differs from the others in shape, not only in colour, so the board reads
// without colour vision.

import { drawLetter } from './pieces.js';
import { isDark, screenOf, squareAt, squareIndex, squareName } from './util.js';

/** @import { Brush } from './shapes.js' */
/** @import { BoardState, LastMove, Theme } from './state.js' */

/**
 * Square colours per theme; `green` is the Chess Variant Pages' Ultima diagram, `brown` a wooden
 * board, `blue` a cool one; each light square stays light enough for the dark ink of the marks.
 *
 * @type {Readonly<Record<Theme, { light: string, dark: string }>>}
 */
export const THEMES = Object.freeze({
  green: { light: '#DDDDD0', dark: '#559933' },
  neutral: { light: '#E6E1D6', dark: '#8C8678' },
  brown: { light: '#EDD6B0', dark: '#B07F57' },
  blue: { light: '#DCE3E8', dark: '#7896AA' },
});

/**
 * Coordinate label colours per theme: a dark ink on light squares and a light one on dark squares,
 * each with more contrast than the other square's colour would give.
 */
const LABEL_INK = /** @type {Readonly<Record<Theme, { light: string, dark: string }>>} */ ({
  green: { light: '#2E5A18', dark: '#F8F8F0' },
  neutral: { light: '#4A463C', dark: '#FAF8F4' },
  brown: { light: '#6B4423', dark: '#FBF3E6' },
  blue: { light: '#2F4A5C', dark: '#F4F8FB' },
});

/**
 * The last move's tints (the square it left, fainter, and the square it reached) and the
 * selected piece's tint and frame, per theme. A yellow over the blue board's dark squares made
 * an olive and a blue over the brown board's a grey-purple, both as dull as an empty square: on
 * those the yellow is laid on thicker, and the blue is a deeper one.
 *
 * @type {Readonly<Record<Theme, { from: string, to: string, selected: string, frame: string }>>}
 */
const MARKS = Object.freeze({
  green: { from: 'rgba(240, 200, 40, 0.45)', to: 'rgba(240, 200, 40, 0.6)', selected: 'rgba(30, 90, 200, 0.45)', frame: 'rgba(20, 60, 150, 0.9)' },
  neutral: { from: 'rgba(240, 200, 40, 0.45)', to: 'rgba(240, 200, 40, 0.6)', selected: 'rgba(30, 90, 200, 0.45)', frame: 'rgba(20, 60, 150, 0.9)' },
  brown: { from: 'rgba(240, 200, 40, 0.45)', to: 'rgba(240, 200, 40, 0.6)', selected: 'rgba(20, 85, 160, 0.6)', frame: 'rgba(15, 50, 130, 0.9)' },
  blue: { from: 'rgba(245, 205, 40, 0.7)', to: 'rgba(245, 205, 40, 0.8)', selected: 'rgba(30, 90, 200, 0.45)', frame: 'rgba(20, 60, 150, 0.9)' },
});

/** The tint of a queued premove's squares, under its dashed arrow (also sampled by the tests). */
export const PREMOVE_TINT = 'rgba(110, 60, 180, 0.5)';

/** The tint of the square of the piece a hint says to move, under its ring (the hint arrow's blue). */
export const HINT_TINT = 'rgba(0, 95, 190, 0.35)';

/** The frame of a square the pointed move would capture (also sampled by the tests). */
export const PREVIEW_RED = '#D0342C';

/** @typedef {{ colour: string, width: number, dashed: boolean }} Pen  a line's colour, width (in squares) and dashes */

/** A move shown (a hint, the analysis's best move): blue and solid. */
const SHOWN_PEN = { colour: 'rgba(0, 95, 190, 0.75)', width: 0.16, dashed: false };
/** Other good moves beside it (the analysis's other lines): the same blue, fainter and thinner. */
const ALTERNATIVE_PEN = { colour: 'rgba(0, 95, 190, 0.38)', width: 0.11, dashed: false };
/** A queued premove: violet, a dashed shaft. */
const PREMOVE_PEN = { colour: 'rgba(90, 40, 160, 0.8)', width: 0.12, dashed: true };
/** The other side's threat (the analysis's): red, as lichess draws it, a little thinner than a
 * shown move so that the two stay apart where they cross. */
const THREAT_PEN = { colour: 'rgba(200, 30, 30, 0.75)', width: 0.13, dashed: false };

/** The badge of a move's assessment, by its glyph, in the review's colours for the mistakes
 * (inaccuracy yellow, mistake orange, blunder red) and lichess's for the others (also sampled
 * by the tests). */
export const GLYPH_COLOURS = /** @type {Readonly<Record<string, string>>} */ ({
  '!!': '#168226',
  '!': '#22ac38',
  '!?': '#c936b8',
  '?!': '#c9a400',
  '?': '#e08a00',
  '??': '#d03a3a',
});

/** The colours of drawn shapes, lichess's, a little translucent (also sampled by the tests). */
export const BRUSH_COLOURS = /** @type {Readonly<Record<Brush, string>>} */ ({
  green: 'rgba(21, 120, 27, 0.8)',
  red: 'rgba(136, 32, 32, 0.8)',
  blue: 'rgba(0, 48, 136, 0.8)',
  yellow: 'rgba(230, 143, 0, 0.8)',
});

/**
 * The smallest square, in CSS pixels, that has room for the coordinates: their letters are at
 * least 9 px (smaller is unreadable), which on a smaller square (a board under 192 px) would
 * cover a third of the corner pieces. There they are left out, as on a thumbnail.
 */
const MIN_LABELLED_SQUARE = 24;

/**
 * The board under a piece being dragged, by canvas: painted once when the drag starts (and again
 * when what it shows changes: the square pointed at, its captures), then copied under the piece
 * at each of the pointer's moves. Painting the whole board at every move took 8 ms a frame at
 * 1366 × 768 in Chromium (the README's "Drag frames"), 50 ms on a phone six times slower.
 *
 * @type {WeakMap<HTMLCanvasElement | OffscreenCanvas, { key: string, layer: HTMLCanvasElement | OffscreenCanvas }>}
 */
const underDrag = new WeakMap();

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 */
export function render(ctx, state) {
  const canvas = ctx.canvas;
  const unit = Math.min(canvas.width, canvas.height) / 8;
  const ratio = cssRatio(canvas);
  const drag = state.drag?.started ? state.drag : null;
  if (!drag) {
    underDrag.delete(canvas);
    paint(ctx, state, unit, ratio);
    return;
  }
  // Everything the board under the piece depends on: the state but where the piece is now.
  const key = JSON.stringify([canvas.width, canvas.height, ratio, { ...state, drag: drag.from }]);
  let under = underDrag.get(canvas);
  if (under?.key !== key) {
    const layer = under?.layer ?? blankLike(canvas);
    layer.width = canvas.width;
    layer.height = canvas.height;
    const layerCtx = /** @type {CanvasRenderingContext2D | null} */ (layer.getContext('2d'));
    if (!layerCtx) {
      paint(ctx, state, unit, ratio);
      drawDragged(ctx, state, unit);
      return;
    }
    paint(layerCtx, state, unit, ratio);
    under = { key, layer };
    underDrag.set(canvas, under);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(under.layer, 0, 0);
  drawDragged(ctx, state, unit);
  ctx.restore();
}

/**
 * A canvas off the page to paint a layer on, the kind `canvas` is.
 *
 * @param {HTMLCanvasElement | OffscreenCanvas} canvas
 * @returns {HTMLCanvasElement | OffscreenCanvas}
 */
function blankLike(canvas) {
  return typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(canvas.width, canvas.height) : document.createElement('canvas');
}

/**
 * The whole board but a dragged piece.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit  a square's side, in canvas pixels
 * @param {number} ratio  canvas pixels per CSS pixel (cssRatio)
 */
function paint(ctx, state, unit, ratio) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  drawSquares(ctx, state.theme, state.orientation, unit);
  drawHighlights(ctx, state, unit);
  drawPieces(ctx, state, unit);
  drawOverlays(ctx, state, unit, ratio);
  if (state.coordinates && unit / ratio >= MIN_LABELLED_SQUARE) drawCoordinates(ctx, state.theme, state.orientation, unit, ratio);
  drawShapes(ctx, state, unit);
  if (state.glyph) drawGlyph(ctx, state, state.glyph, unit);
  ctx.restore();
}

/**
 * A move's assessment as lichess shows it: a round badge with its glyph, over the top right
 * corner of the square the move went to.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {{ square: number, text: string }} glyph
 * @param {number} unit
 */
function drawGlyph(ctx, state, glyph, unit) {
  const [x, y] = corner(glyph.square, state, unit);
  const radius = unit * 0.2;
  const cx = x + unit - radius * 0.95;
  const cy = y + radius * 0.95;
  ctx.fillStyle = GLYPH_COLOURS[glyph.text] ?? '#666';
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.lineWidth = unit * 0.025;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#fff';
  ctx.font = `700 ${Math.round(unit * (glyph.text.length > 1 ? 0.19 : 0.24))}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(glyph.text, cx, cy + unit * 0.01);
}

/**
 * Backing-store pixels per CSS pixel of a canvas on the page (1 for one that is not displayed),
 * so text keeps a readable size in CSS pixels at every devicePixelRatio.
 *
 * @param {HTMLCanvasElement | OffscreenCanvas} canvas
 * @returns {number}
 */
function cssRatio(canvas) {
  return 'clientWidth' in canvas && canvas.clientWidth > 0 ? canvas.width / canvas.clientWidth : 1;
}

/**
 * The top-left corner of a square, in canvas pixels.
 *
 * @param {number} square
 * @param {BoardState} state
 * @param {number} unit
 * @returns {[number, number]}
 */
function corner(square, state, unit) {
  const { column, row } = screenOf(square, state.orientation);
  return [column * unit, row * unit];
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 * @param {BoardState['orientation']} orientation
 * @param {number} unit
 */
function drawSquares(ctx, theme, orientation, unit) {
  const colours = THEMES[theme];
  /** @param {number} i */
  const edge = (i) => Math.round(i * unit);
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      ctx.fillStyle = isDark(squareAt(column, row, orientation)) ? colours.dark : colours.light;
      ctx.fillRect(edge(column), edge(row), edge(column + 1) - edge(column), edge(row + 1) - edge(row));
    }
  }
}

/**
 * Marks under the pieces: the last move's squares (a tint and corner brackets), the selected piece
 * (a tint and a solid frame), the captures the pointed move would make (a tint; their frame is an
 * overlay), the King in check (a glow).
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit
 */
function drawHighlights(ctx, state, unit) {
  /** @param {number} square @param {string} colour */
  const tint = (square, colour) => {
    const [x, y] = corner(square, state, unit);
    ctx.fillStyle = colour;
    ctx.fillRect(x, y, unit, unit);
  };
  const marks = MARKS[state.theme];
  const last = state.lastMove;
  if (last) {
    tint(last.from, marks.from);
    brackets(ctx, corner(last.from, state, unit), unit);
    if (last.to !== null) {
      tint(last.to, marks.to);
      brackets(ctx, corner(last.to, state, unit), unit);
    }
  }
  if (state.selected !== null) {
    tint(state.selected, marks.selected);
    const [x, y] = corner(state.selected, state, unit);
    const w = unit * 0.05;
    ctx.strokeStyle = marks.frame;
    ctx.lineWidth = w;
    ctx.strokeRect(x + w / 2, y + w / 2, unit - w, unit - w);
  }
  for (const square of state.preview) tint(square, 'rgba(208, 52, 44, 0.35)');
  if (state.hintPiece !== null) tint(state.hintPiece, HINT_TINT);
  if (state.premove) {
    tint(state.premove.from, PREMOVE_TINT);
    if (state.premove.to !== null) tint(state.premove.to, PREMOVE_TINT);
  }
  if (state.check !== null) {
    const [x, y] = corner(state.check, state, unit);
    const glow = ctx.createRadialGradient(x + unit / 2, y + unit / 2, 0, x + unit / 2, y + unit / 2, unit * 0.7);
    glow.addColorStop(0, 'rgba(255, 0, 0, 1)');
    glow.addColorStop(0.3, 'rgba(231, 0, 0, 1)');
    glow.addColorStop(1, 'rgba(169, 0, 0, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(x, y, unit, unit);
  }
}

/**
 * Four corner brackets inside a square: the last move's mark besides its tint, so it reads
 * without colour.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {[number, number]} at the square's top-left corner
 * @param {number} unit
 */
function brackets(ctx, [x, y], unit) {
  const inset = unit * 0.07;
  const arm = unit * 0.2;
  ctx.strokeStyle = 'rgba(125, 90, 0, 0.85)';
  ctx.lineWidth = Math.max(1, unit * 0.04);
  ctx.beginPath();
  for (const [cx, cy, dx, dy] of /** @type {const} */ ([
    [x + inset, y + inset, 1, 1],
    [x + unit - inset, y + inset, -1, 1],
    [x + inset, y + unit - inset, 1, -1],
    [x + unit - inset, y + unit - inset, -1, -1],
  ])) {
    ctx.moveTo(cx + dx * arm, cy);
    ctx.lineTo(cx, cy);
    ctx.lineTo(cx, cy + dy * arm);
  }
  ctx.stroke();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit
 */
function drawPieces(ctx, state, unit) {
  const lifted = state.drag?.started ? state.drag.from : null;
  const slide = state.slide;
  state.pieces.forEach((letter, square) => {
    if (!letter || square === lifted || square === slide?.to) return;
    const [x, y] = corner(square, state, unit);
    piece(ctx, state, letter, x, y, unit);
  });
  const sliding = slide ? state.pieces[slide.to] : '';
  if (slide && sliding) {
    const [x0, y0] = corner(slide.from, state, unit);
    const [x1, y1] = corner(slide.to, state, unit);
    // Ease out: fast start, gentle landing.
    const t = 1 - (1 - Math.min(1, Math.max(0, slide.progress))) ** 3;
    piece(ctx, state, sliding, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, unit);
  }
  if (state.fade) {
    ctx.globalAlpha = Math.max(0, Math.min(1, state.fade.opacity));
    for (const { square, letter } of state.fade.pieces) {
      const [x, y] = corner(square, state, unit);
      piece(ctx, state, letter, x, y, unit);
    }
    ctx.globalAlpha = 1;
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {string} letter
 * @param {number} x
 * @param {number} y
 * @param {number} unit
 */
function piece(ctx, state, letter, x, y, unit) {
  ctx.save();
  drawLetter(ctx, state.pieceSet, letter, x, y, unit);
  ctx.restore();
}

/**
 * Marks over the pieces: legal destinations (a dot for a quiet move, four corner wedges for a
 * capturing move), the pointed destination (a ring), a shown move (a blue arrow), the other
 * side's threat (a red arrow), the captures of the pointed or shown move (a thick frame) or of
 * the threat (a thick dashed frame),
 * the last move's captured squares (a cross), frozen pieces (a snowflake), the King in check (a
 * warning triangle, besides its glow), the checkers (a dashed ring), and the keyboard focus (a
 * dashed frame).
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit
 * @param {number} ratio  canvas pixels per CSS pixel
 */
function drawOverlays(ctx, state, unit, ratio) {
  const line = Math.max(1, unit * 0.06);
  for (const move of state.dests) {
    if (move.to === null) continue;
    const square = squareIndex(move.to);
    const [x, y] = corner(square, state, unit);
    ctx.fillStyle = 'rgba(20, 30, 60, 0.55)';
    if (move.captures.length === 0) {
      ctx.beginPath();
      ctx.arc(x + unit / 2, y + unit / 2, unit * 0.14, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      const w = unit * 0.3;
      for (const [cx, cy, dx, dy] of /** @type {const} */ ([
        [x, y, 1, 1],
        [x + unit, y, -1, 1],
        [x, y + unit, 1, -1],
        [x + unit, y + unit, -1, -1],
      ])) {
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + dx * w, cy);
        ctx.lineTo(cx, cy + dy * w);
        ctx.closePath();
        ctx.fill();
      }
    }
  }
  if (state.pointed !== null) ring(ctx, state, state.pointed, unit, 'rgba(20, 30, 60, 0.8)', 0.42, line / unit);
  if (state.hintPiece !== null) ring(ctx, state, state.hintPiece, unit, 'rgba(0, 95, 190, 0.9)', 0.44, 0.08);
  if (state.threat) moveArrow(ctx, state, state.threat, unit, THREAT_PEN);
  for (const move of state.alternatives) moveArrow(ctx, state, move, unit, ALTERNATIVE_PEN);
  if (state.arrow) moveArrow(ctx, state, state.arrow, unit);
  if (state.premove) moveArrow(ctx, state, state.premove, unit, PREMOVE_PEN);
  // The threat's captures in dashes: beside a shown move's (solid), both red, they stay apart.
  const frames = [...state.preview, ...(state.arrow?.captures ?? [])].map((square) => ({ square, dashed: false }));
  for (const square of state.threat?.captures ?? []) frames.push({ square, dashed: true });
  for (const { square, dashed } of frames) {
    const [x, y] = corner(square, state, unit);
    const w = unit * 0.1;
    ctx.strokeStyle = PREVIEW_RED;
    ctx.lineWidth = w;
    ctx.setLineDash(dashed ? [unit * 0.16, unit * 0.1] : []);
    ctx.strokeRect(x + w / 2, y + w / 2, unit - w, unit - w);
  }
  ctx.setLineDash([]);
  if (state.lastMove) {
    for (const square of state.lastMove.captures) {
      if (state.pieces[square]) continue;
      const [x, y] = corner(square, state, unit);
      ctx.strokeStyle = 'rgba(110, 20, 20, 0.7)';
      ctx.lineWidth = line;
      const m = unit * 0.3;
      ctx.beginPath();
      ctx.moveTo(x + m, y + m);
      ctx.lineTo(x + unit - m, y + unit - m);
      ctx.moveTo(x + unit - m, y + m);
      ctx.lineTo(x + m, y + unit - m);
      ctx.stroke();
    }
  }
  // The snowflake in the square's corner: at least 14 CSS pixels across where the square has
  // room (a 41 px square of the rules' diagrams drew it 12 px), at most 0.44 of the square.
  const flake = Math.max(unit * 0.15, Math.min(7 * ratio, unit * 0.22));
  for (const square of state.frozen) {
    const [x, y] = corner(square, state, unit);
    snowflake(ctx, x + unit - flake * 1.33, y + flake * 1.33, flake);
  }
  // The pieces the other side could capture (when asked for) and the King in check: the same
  // warning sign, since check is the King's threat (in check, the threatened piece is the King).
  const warned = new Set(state.threatened);
  if (state.check !== null) warned.add(state.check);
  for (const square of warned) {
    const [x, y] = corner(square, state, unit);
    warning(ctx, x + unit * 0.2, y + unit * 0.78, unit * 0.16);
  }
  for (const square of state.checkers) {
    const [x, y] = corner(square, state, unit);
    ctx.strokeStyle = '#C00000';
    ctx.lineWidth = line;
    ctx.setLineDash([unit * 0.08, unit * 0.06]);
    ctx.beginPath();
    ctx.arc(x + unit / 2, y + unit / 2, unit * 0.45, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (state.showFocus) {
    const [x, y] = corner(state.focus, state, unit);
    ctx.strokeStyle = '#1040C0';
    ctx.lineWidth = line;
    ctx.setLineDash([unit * 0.1, unit * 0.07]);
    ctx.strokeRect(x + line, y + line, unit - 2 * line, unit - 2 * line);
    ctx.setLineDash([]);
  }
}

/**
 * A move drawn as an arrow (a ring around the square of a suicide), translucent so the pieces
 * beneath stay visible, with one of the pens above.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {LastMove} move
 * @param {number} unit
 * @param {Pen} [pen]
 */
function moveArrow(ctx, state, move, unit, pen = SHOWN_PEN) {
  if (move.to === null) ring(ctx, state, move.from, unit, pen.colour, 0.38, pen.width);
  else arrow(ctx, state, move.from, move.to, unit, pen);
}

/**
 * The arrows and circles a person drew (shapes.js), over everything but a dragged piece, in the
 * order drawn: lichess's colours, a circle a ring at the square's edge.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit
 */
function drawShapes(ctx, state, unit) {
  for (const shape of state.shapes) {
    const colour = BRUSH_COLOURS[shape.brush];
    if (shape.from === shape.to) ring(ctx, state, shape.from, unit, colour, 0.44, 0.08);
    else arrow(ctx, state, shape.from, shape.to, unit, { colour, width: 0.16, dashed: false });
  }
}

/**
 * @param {number} square
 * @param {BoardState} state
 * @param {number} unit
 * @returns {[number, number]} the square's centre on the canvas
 */
function centreOf(square, state, unit) {
  const [x, y] = corner(square, state, unit);
  return [x + unit / 2, y + unit / 2];
}

/**
 * A ring around a square's centre.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} square
 * @param {number} unit
 * @param {string} colour
 * @param {number} radius  in squares, e.g. 0.44
 * @param {number} width  the line's, in squares
 */
function ring(ctx, state, square, unit, colour, radius, width) {
  const [x, y] = centreOf(square, state, unit);
  ctx.strokeStyle = colour;
  ctx.lineWidth = unit * width;
  ctx.beginPath();
  ctx.arc(x, y, unit * radius, 0, 2 * Math.PI);
  ctx.stroke();
}

/**
 * An arrow from the centre of one square to the centre of another.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} from
 * @param {number} to
 * @param {number} unit
 * @param {Pen} pen
 */
function arrow(ctx, state, from, to, unit, pen) {
  const [fx, fy] = centreOf(from, state, unit);
  const [tx, ty] = centreOf(to, state, unit);
  ctx.strokeStyle = ctx.fillStyle = pen.colour;
  ctx.lineWidth = unit * pen.width;
  const angle = Math.atan2(ty - fy, tx - fx);
  const head = unit * 0.42;
  // The shaft stops where the head begins, so the translucent parts do not overlap.
  const bx = tx - Math.cos(angle) * head;
  const by = ty - Math.sin(angle) * head;
  const wing = head * 0.6;
  ctx.beginPath();
  ctx.moveTo(fx, fy);
  ctx.lineTo(bx, by);
  if (pen.dashed) ctx.setLineDash([unit * 0.16, unit * 0.1]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(tx, ty);
  ctx.lineTo(bx - Math.sin(angle) * wing, by + Math.cos(angle) * wing);
  ctx.lineTo(bx + Math.sin(angle) * wing, by - Math.cos(angle) * wing);
  ctx.closePath();
  ctx.fill();
}

/**
 * A warning triangle with an exclamation mark, drawn with lines (no font): the mark of a King in
 * check, readable without its red glow.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx centre
 * @param {number} cy
 * @param {number} r half its width
 */
function warning(ctx, cx, cy, r) {
  ctx.beginPath();
  ctx.moveTo(cx, cy - r);
  ctx.lineTo(cx + r, cy + r * 0.8);
  ctx.lineTo(cx - r, cy + r * 0.8);
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.lineWidth = r * 0.3;
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.fillStyle = '#7A0000';
  ctx.fill();
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = r * 0.2;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx, cy - r * 0.4);
  ctx.lineTo(cx, cy + r * 0.2);
  ctx.moveTo(cx, cy + r * 0.52);
  ctx.lineTo(cx, cy + r * 0.54);
  ctx.stroke();
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'miter';
}

/**
 * A six-armed snowflake with a white halo: the mark of a frozen piece.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 */
function snowflake(ctx, cx, cy, r) {
  ctx.lineCap = 'round';
  for (const [colour, width] of /** @type {const} */ ([
    ['#FFFFFF', r * 0.45],
    ['#1D5FBF', r * 0.22],
  ])) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (let i = 0; i < 3; i++) {
      const a = (i * Math.PI) / 3 + Math.PI / 2;
      ctx.moveTo(cx - r * Math.cos(a), cy - r * Math.sin(a));
      ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

/**
 * File letters in the bottom row's lower right corners, rank numbers in the left column's upper
 * left corners: an ink that contrasts with the square's colour, in a halo of that colour, so a
 * label stays legible over any mark beneath it (last-move tint, capture wedge, preview frame,
 * check glow). At least 9 CSS pixels high, however small the board.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 * @param {BoardState['orientation']} orientation
 * @param {number} unit side of a square, in pixels
 * @param {number} ratio backing-store pixels per CSS pixel
 */
function drawCoordinates(ctx, theme, orientation, unit, ratio) {
  const squares = THEMES[theme];
  const ink = LABEL_INK[theme];
  const font = Math.max(9 * ratio, unit * 0.19);
  const pad = unit * 0.05;
  ctx.font = `700 ${Math.round(font)}px sans-serif`;
  ctx.lineWidth = font * 0.28;
  ctx.lineJoin = 'round';
  /** @param {number} square @param {string} text @param {number} x @param {number} y */
  const label = (square, text, x, y) => {
    const dark = isDark(square);
    ctx.strokeStyle = dark ? squares.dark : squares.light;
    ctx.fillStyle = dark ? ink.dark : ink.light;
    ctx.strokeText(text, x, y);
    ctx.fillText(text, x, y);
  };
  for (let i = 0; i < 8; i++) {
    const file = squareAt(i, 7, orientation);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    label(file, squareName(file).charAt(0), (i + 1) * unit - pad, 8 * unit - pad * 0.6);

    const rank = squareAt(0, i, orientation);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    label(rank, squareName(rank).charAt(1), pad, i * unit + pad);
  }
  ctx.lineJoin = 'miter';
}

/**
 * The dragged piece, centred on the pointer, over everything else.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {BoardState} state
 * @param {number} unit
 */
function drawDragged(ctx, state, unit) {
  const drag = state.drag;
  if (!drag?.started) return;
  const letter = state.pieces[drag.from];
  if (letter) piece(ctx, state, letter, drag.x - unit / 2, drag.y - unit / 2, unit);
}
