// Piece art, drawn as vector shapes made here in code: two sets, "chess" (Staunton-like
// silhouettes, the way Ultima is played with a chess set) and "abstract" (flat geometric emblems,
// each saying how its piece captures). Every shape is designed in a 100 × 100 unit square and scaled to the
// square it is drawn in; Path2D objects are built once per set and role and cached.
//
// A piece is a list of groups drawn back to front. A group is drawn as one silhouette: first all
// its parts' outlines (twice the line width), then all its fills over them, so parts inside one
// group merge and only the group's outer edge shows. Then come detail lines (light on Black,
// dark on White) and dots. Black's dark fill would hide the edges between groups, so Black also
// gets light seams there. Holes (the Chameleon's) are cut out with the even-odd rule, so the
// square shows through them. Drawn with a globalAlpha below 1, the outlines under the fills would
// show through: draw a translucent piece (a drag ghost) through an offscreen canvas instead.

/** @typedef {'chess' | 'abstract'} PieceSet */
/** @typedef {'K' | 'W' | 'C' | 'I' | 'L' | 'X' | 'P'} Role  King, Withdrawer, Coordinator, Immobilizer, Long Leaper, Chameleon, Pawn */
/** @typedef {'white' | 'black'} Side */

/**
 * One filled shape, with holes or without.
 *
 * @typedef {object} Part
 * @property {Path2D} path
 * @property {Path2D} [holes]  sub-paths cut out of the fill (even-odd rule), outlined on their edge
 * @property {Path2D} [cut]  `path` and `holes` together, filled with the even-odd rule
 */

/**
 * @typedef {object} Art
 * @property {Part[][]} groups  silhouettes, back to front
 * @property {Path2D[]} lines  detail lines, stroked in the detail colour
 * @property {Path2D[]} dots  detail dots, filled in the detail colour
 * @property {Path2D} [seams]  lines between parts, drawn on Black only (White's outlines show them)
 * @property {boolean} [flip]  drawn rotated by 180°
 */

/** The piece sets, in the order a picker lists them. */
export const PIECE_SETS = /** @type {const} */ (['chess', 'abstract']);

/** Each role's name, for legends and messages. */
export const ROLE_NAMES = Object.freeze(
  /** @type {const} */ ({
    K: 'King',
    W: 'Withdrawer',
    C: 'Coordinator',
    I: 'Immobilizer',
    L: 'Long Leaper',
    X: 'Chameleon',
    P: 'Pawn',
  }),
);

/**
 * A piece's role without its side, for messages (a letter that names no role: itself).
 *
 * @param {string} letter e.g. "L" or "p"
 * @returns {string} its role's name, e.g. "Long Leaper", "Pawn"
 */
export const roleName = (letter) => ROLE_NAMES[/** @type {keyof typeof ROLE_NAMES} */ (letter.toUpperCase())] ?? letter;

/**
 * How each role moves and captures, in a few words: the game page's line under the status names
 * the piece pointed at or picked up with them (the chess set's pictures stand for other pieces).
 * The rules panel (help.js) says each in full.
 */
export const ROLE_WAYS = Object.freeze(
  /** @type {const} */ ({
    K: 'steps one square any way; captures by stepping onto an enemy',
    W: 'moves like a queen; captures an enemy beside it by moving straight away from it',
    C: 'moves like a queen; captures at the corners of its rectangle with its King',
    I: 'moves like a queen; never captures, but freezes the enemies beside it',
    L: 'moves like a queen; captures by leaping over enemies, each into an empty square',
    X: 'moves like a queen; captures each enemy as that enemy captures',
    P: 'moves like a rook; captures by pinching an enemy against a friendly piece, along a rank or file',
  }),
);

/**
 * The role of a piece letter, of either side.
 *
 * @param {string} letter e.g. "k"
 * @returns {Role} e.g. "K"
 */
export const roleOf = (letter) => /** @type {Role} */ (letter.toUpperCase());

/**
 * Colours per side: body gradient (top-left light to bottom-right dark), outline, detail lines,
 * and seams (Black's lines between parts, a little quieter than its details).
 */
const PALETTES = {
  white: { light: '#FFFDF6', shade: '#EDE4CF', outline: '#1B1916', detail: '#1B1916', seam: '#1B1916' },
  black: { light: '#4A4744', shade: '#1A1918', outline: '#050505', detail: '#E6E0D0', seam: '#ABA599' },
};

/**
 * Outline width in pixels for a square of `size` pixels: grows with the square, but relatively
 * thicker on small squares so that a 30-pixel piece keeps a clear edge.
 *
 * @param {number} size
 */
function outlinePixels(size) {
  return 0.9 + size * 0.02;
}

/** @type {Map<string, Art>} */
const cache = new Map();

/**
 * Draws one piece centred in the square whose top-left corner is (x, y) and side `size`, in the
 * canvas's current pixel units. Leaves the context's state as it found it.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {PieceSet} set
 * @param {Role} role
 * @param {Side} side
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function drawPiece(ctx, set, role, side, x, y, size) {
  const key = `${set}:${role}`;
  let art = cache.get(key);
  if (!art) {
    art = (set === 'abstract' ? ABSTRACT : CHESS)[role]();
    cache.set(key, art);
  }
  const palette = PALETTES[side];
  const scale = size / 100;
  const line = outlinePixels(size) / scale;

  ctx.save();
  ctx.translate(x, y);
  ctx.scale(scale, scale);
  if (art.flip) {
    ctx.translate(100, 100);
    ctx.rotate(Math.PI);
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash([]);
  // Lit from the top left of the square, also when the shape is drawn upside down.
  const body = art.flip ? ctx.createLinearGradient(80, 90, 20, 10) : ctx.createLinearGradient(20, 10, 80, 90);
  body.addColorStop(0, palette.light);
  body.addColorStop(1, palette.shade);

  for (const group of art.groups) {
    ctx.strokeStyle = palette.outline;
    ctx.lineWidth = 2 * line;
    for (const part of group) ctx.stroke(part.path);
    ctx.fillStyle = body;
    for (const part of group) {
      if (part.holes && part.cut) {
        ctx.fill(part.cut, 'evenodd');
        // Outlined on their edge, not from outside, so that they stay as open as they can.
        ctx.strokeStyle = palette.outline;
        ctx.lineWidth = line;
        ctx.stroke(part.holes);
      } else {
        ctx.fill(part.path);
      }
    }
  }
  ctx.strokeStyle = palette.detail;
  ctx.fillStyle = palette.detail;
  ctx.lineWidth = line * 0.8;
  for (const path of art.lines) ctx.stroke(path);
  for (const path of art.dots) ctx.fill(path);
  if (art.seams && side === 'black') {
    ctx.strokeStyle = palette.seam;
    ctx.lineWidth = line * 0.6;
    ctx.stroke(art.seams);
  }
  ctx.restore();
}

/**
 * Draws the piece a letter names ("L" White's Long Leaper, "p" Black's Pawn), as `drawPiece`
 * does: the one place a letter's case is read as its side for drawing.
 *
 * @param {CanvasRenderingContext2D} ctx
 * @param {PieceSet} set
 * @param {string} letter
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function drawLetter(ctx, set, letter, x, y, size) {
  drawPiece(ctx, set, roleOf(letter), letter === letter.toUpperCase() ? 'white' : 'black', x, y, size);
}

// ---------------------------------------------------------------------------------------------
// Building blocks

/**
 * A filled part from SVG path commands.
 *
 * @param {string} d
 * @returns {Part}
 */
function shape(d) {
  return { path: new Path2D(d) };
}



/**
 * @param {number[]} points x0, y0, x1, y1, …
 * @param {boolean} [closed]
 */
function polyline(points, closed = false) {
  const path = new Path2D();
  path.moveTo(points[0], points[1]);
  for (let i = 2; i < points.length; i += 2) path.lineTo(points[i], points[i + 1]);
  if (closed) path.closePath();
  return path;
}

/** @param {number} cx @param {number} cy @param {number} r */
function circle(cx, cy, r) {
  const path = new Path2D();
  path.arc(cx, cy, r, 0, 2 * Math.PI);
  return path;
}

/**
 * @param {Part[][]} groups
 * @param {Path2D[]} [lines]
 * @param {Path2D[]} [dots]
 * @param {Array<[y: number, half: number]>} [seams] horizontal seams, centred, for Black
 * @returns {Art}
 */
function art(groups, lines = [], dots = [], seams = []) {
  /** @type {Art} */
  const result = { groups, lines, dots };
  if (seams.length) {
    const path = new Path2D();
    for (const [y, half] of seams) {
      path.moveTo(50 - half, y);
      path.lineTo(50 + half, y);
    }
    result.seams = path;
  }
  return result;
}

/**
 * The seams of the plinth and of a collar, for Black.
 *
 * @param {number} half the plinth's half width
 * @param {number} stemHalf the stem's half width at its foot
 * @returns {Array<[number, number]>}
 */
function plinthSeams(half, stemHalf) {
  return [
    [82, half - 9],
    [77, stemHalf - 2.5],
  ];
}

/** @param {number} y @param {number} half @param {number} [thick] @returns {Array<[number, number]>} */
function collarSeams(y, half, thick = 5) {
  return [
    [y - thick / 2, half - 1.5],
    [y + thick / 2, half - 1.5],
  ];
}



// ---------------------------------------------------------------------------------------------
// The chess set: Staunton-like pieces on a common plinth.

/** The two-step plinth every chess piece stands on, `half` units either side of the centre. */
function plinth(half = 30) {
  const a = 50 - half;
  const b = 50 + half;
  return [
    shape(`M${a} 91 L${b} 91 Q${b + 2} 91 ${b + 1} 88 Q${b - 1} 83 ${b - 6} 82 L${a + 6} 82 Q${a + 1} 83 ${a - 1} 88 Q${a - 2} 91 ${a} 91 Z`),
    shape(`M${a + 6} 82 L${b - 6} 82 Q${b - 4} 78 ${b - 9} 76.5 L${a + 9} 76.5 Q${a + 4} 78 ${a + 6} 82 Z`),
  ];
}

/**
 * A flared stem from a width at the bottom (y = 77) to a width at the top.
 *
 * @param {number} bottom half width at the bottom
 * @param {number} top half width at the top
 * @param {number} topY
 */
function stem(bottom, top, topY) {
  const mid = (77 + topY) / 2;
  return shape(
    `M${50 - bottom} 77 C${50 - top - 1} ${mid + 6} ${50 - top} ${mid - 4} ${50 - top} ${topY} ` +
      `L${50 + top} ${topY} C${50 + top} ${mid - 4} ${50 + top + 1} ${mid + 6} ${50 + bottom} 77 Z`,
  );
}

/**
 * A collar: a flat rounded band `half` units either side of the centre, centred on `y`.
 *
 * @param {number} y
 * @param {number} half
 * @param {number} [thick]
 */
function collar(y, half, thick = 5) {
  const t = thick / 2;
  return shape(
    `M${50 - half} ${y - t} L${50 + half} ${y - t} Q${50 + half + t} ${y} ${50 + half} ${y + t} ` +
      `L${50 - half} ${y + t} Q${50 - half - t} ${y} ${50 - half} ${y - t} Z`,
  );
}

/** @type {Record<Role, () => Art>} */
const CHESS = {
  P: () =>
    art(
      [[plinth(26)[0]], [plinth(26)[1]], [stem(17, 8, 50)], [collar(50, 13, 5)], [{ path: circle(50, 36, 13) }]],
      [],
      [],
      [...plinthSeams(26, 17), ...collarSeams(50, 13)],
    ),
  K: () =>
    art(
      [
        [plinth(30)[0]],
        [plinth(30)[1]],
        [stem(20, 9, 38)],
        [collar(58, 13, 4)],
        [shape('M41 39 L34 26 Q50 20 66 26 L59 39 Z')],
        [collar(39, 13, 5)],
        [shape('M46.5 23 L46.5 17 L41 17 L41 11 L46.5 11 L46.5 5 L53.5 5 L53.5 11 L59 11 L59 17 L53.5 17 L53.5 23 Z')],
      ],
      [],
      [],
      [...plinthSeams(30, 20), ...collarSeams(58, 13, 4), ...collarSeams(39, 13), [24, 12]],
    ),
  W: () => {
    const tips = [
      [27, 21],
      [38, 16],
      [50, 13],
      [62, 16],
      [73, 21],
    ];
    return art(
      [
        [plinth(30)[0]],
        [plinth(30)[1]],
        [stem(20, 9, 40)],
        [collar(58, 13, 4)],
        [shape('M40 41 L27 22 L38 31 L38 17 L46 30 L50 14 L54 30 L62 17 L62 31 L73 22 L60 41 Z')],
        tips.map(([x, y]) => ({ path: circle(x, y, 4) })),
        [collar(41, 13, 5)],
      ],
      [],
      [],
      [...plinthSeams(30, 20), ...collarSeams(58, 13, 4), ...collarSeams(41, 13)],
    );
  },
  C: rook,
  I: () => ({ ...rook(), flip: true }),
  L: () =>
    art(
      [
        [plinth(29)[0]],
        [plinth(29)[1]],
        [
          shape(
            'M29 77 C30 66 36 60 44 54 C46 52 46 49 43 49 C38 51 34 55 28 58 C24 60 20 60 17 57 ' +
              'C14 54 14 51 16 48 C21 41 26 34 31 26 C34 20 39 17 44 16 L47 7 L53 15 ' +
              'C64 16 74 26 77 40 C80 54 78 66 74 77 Z',
          ),
        ],
      ],
      [
        // The mane's edge and tufts, the mouth.
        new Path2D('M56 19 C66 25 72 37 72 49 C72 60 71 68 69 75'),
        new Path2D('M61 21.5 L65.5 20.5 M66.5 29.5 L71 28.5 M70 39.5 L74.5 39 M71.5 51 L75.5 51'),
        new Path2D('M16.5 55.5 L27 54'),
      ],
      [circle(36, 30, 3.2), circle(20, 50, 1.8)],
      plinthSeams(29, 23),
    ),
  X: () =>
    art(
      [
        [plinth(28)[0]],
        [plinth(28)[1]],
        [stem(19, 8, 52)],
        [collar(54, 13, 5)],
        [{ path: circle(50, 12, 5) }],
        [shape('M50 15 C37 24 33 38 38 51.5 L62 51.5 C67 38 63 24 50 15 Z')],
      ],
      [new Path2D('M58 26 L48 37')],
      [],
      [...plinthSeams(28, 19), ...collarSeams(54, 13)],
    ),
};

/** The rook: a tower with three merlons; the Immobilizer is this tower upside down. */
function rook() {
  return art(
    [
      [plinth(30)[0]],
      [plinth(30)[1]],
      [shape('M33 77 L36 40 L64 40 L67 77 Z')],
      [shape('M30 42 L70 42 L66 36 L34 36 Z')],
      [shape('M29 36 L29 15 L37 15 L37 22 L45 22 L45 15 L55 15 L55 22 L63 22 L63 15 L71 15 L71 36 Z')],
    ],
    [new Path2D('M36 60 L64 60')],
    [],
    [[82, 21], [77, 14], [42, 18.5], [36, 18.5]],
  );
}

// ---------------------------------------------------------------------------------------------
// The abstract set: flat geometric emblems in one visual language. Every piece is a solid
// silhouette made of straight edges (at 0°, 45° and 90°), circles and arcs, with the same
// outline; its gaps and cut-outs are all about 16 units wide (so they stay open at 30 pixels a
// square) and no piece has inner detail lines. Each emblem says how its piece captures:
//
//   King         a crown
//   Withdrawer   an arrow leaving a bar: it takes the piece it moves away from
//   Coordinator  the four corners of a rectangle round a dot: it takes at the corners
//   Immobilizer  an octagonal stop sign with a bar: it freezes its neighbours
//   Long Leaper  an arched arrow leaping over a square: it takes what it leaps
//   Chameleon    a C whose holes show the square beneath: it takes on its victims' ways
//   Pawn         a pincer, smaller than the others: it pinches

/** Where the Chameleon's holes are, in units: [x, y, radius]. The tests sample inside them. */
const CHAMELEON_HOLES = [
  [33.5, 25.5, 7.5],
  [22, 50, 7.5],
  [33.5, 74.5, 7.5],
];

/**
 * A filled part with holes cut out of it (even-odd rule): the square shows through them.
 *
 * @param {Path2D} path
 * @param {Path2D} holes
 * @returns {Part}
 */
function pierced(path, holes) {
  const cut = new Path2D(path);
  cut.addPath(holes);
  return { path, holes, cut };
}

/**
 * A stadium (a bar with round ends) from x0 to x1, centred on y, `thick` units high, as SVG path
 * commands.
 *
 * @param {number} x0 @param {number} x1 @param {number} y @param {number} thick
 */
function bar(x0, x1, y, thick) {
  const r = thick / 2;
  return `M${x0 + r} ${y - r} L${x1 - r} ${y - r} A${r} ${r} 0 0 1 ${x1 - r} ${y + r} L${x0 + r} ${y + r} A${r} ${r} 0 0 1 ${x0 + r} ${y - r} Z`;
}

/** @type {Record<Role, () => Art>} */
const ABSTRACT = {
  K: () =>
    art([
      [
        shape('M19 84 L14 36 L33 54 L50 25 L67 54 L86 36 L81 84 Z'),
        { path: circle(14, 32, 6.5) },
        { path: circle(50, 21, 7) },
        { path: circle(86, 32, 6.5) },
      ],
    ]),
  W: () =>
    art([[shape('M50 8 L82 40 L63 40 L63 62 L37 62 L37 40 L18 40 Z'), shape(bar(16, 84, 85, 14))]]),
  C: () => {
    /** A corner bracket at (x, y), its arms pointing along dx and dy. @param {number} x @param {number} y @param {number} dx @param {number} dy */
    const corner = (x, y, dx, dy) =>
      shape(`M${x} ${y} L${x + 30 * dx} ${y} L${x + 30 * dx} ${y + 14 * dy} L${x + 14 * dx} ${y + 14 * dy} L${x + 14 * dx} ${y + 30 * dy} L${x} ${y + 30 * dy} Z`);
    return art([[corner(12, 12, 1, 1), corner(88, 12, -1, 1), corner(12, 88, 1, -1), corner(88, 88, -1, -1), { path: circle(50, 50, 11) }]]);
  },
  I: () => {
    /** @type {number[]} */
    const points = [];
    for (let i = 0; i < 8; i++) {
      const a = ((i + 0.5) * Math.PI) / 4;
      points.push(50 + 44 * Math.cos(a), 50 + 44 * Math.sin(a));
    }
    return art([[pierced(polyline(points, true), new Path2D(bar(25, 75, 50, 16)))]]);
  },
  L: () => {
    // An arch from the left, over the top, down to an arrowhead on the right.
    const cx = 50;
    const cy = 70;
    const outer = 40;
    const inner = 24;
    const end = 2 * Math.PI - 0.62;
    /** @param {number} r @param {number} a */
    const at = (r, a) => `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
    const mid = (outer + inner) / 2;
    // The head: wider than the band, its tip ahead along the arch.
    const tip = end + 0.62;
    const path = new Path2D(
      `M${at(inner, Math.PI)} L${at(outer, Math.PI)} A${outer} ${outer} 0 0 1 ${at(outer, end)} L${at(outer + 9, end)} ` +
        `L${at(mid + 2, tip)} L${at(inner - 9, end)} L${at(inner, end)} A${inner} ${inner} 0 0 0 ${at(inner, Math.PI)} Z`,
    );
    return art([[{ path }, shape('M42 64 L58 64 L58 80 L42 80 Z')]]);
  },
  X: () => {
    const path = new Path2D();
    const cx = 54;
    const outer = 44;
    const inner = 20;
    const open = 1.0;
    path.arc(cx, 50, outer, open, 2 * Math.PI - open);
    const endX = cx + ((outer + inner) / 2) * Math.cos(open);
    path.arc(endX, 50 - ((outer + inner) / 2) * Math.sin(open), (outer - inner) / 2, 2 * Math.PI - open, Math.PI - open, false);
    path.arc(cx, 50, inner, 2 * Math.PI - open, open, true);
    path.arc(endX, 50 + ((outer + inner) / 2) * Math.sin(open), (outer - inner) / 2, Math.PI + open, open, false);
    path.closePath();
    const holes = new Path2D();
    for (const [x, y, r] of CHAMELEON_HOLES) {
      holes.moveTo(x + r, y);
      holes.arc(x, y, r, 0, 2 * Math.PI);
    }
    return art([[pierced(path, holes)]]);
  },
  P: () =>
    art([
      [shape('M27 43 A8 8 0 0 1 43 43 L43 64 A7 7 0 0 0 57 64 L57 43 A8 8 0 0 1 73 43 L73 64 A23 23 0 0 1 27 64 Z')],
    ]),
};
