// The one state object a board is painted from (chessground's state.ts): everything the picture
// shows, as plain data, so `render` is a pure function of it.

/** @import { MoveInfo, Side } from '../ultima-wasm.js' */

/** @typedef {'chess' | 'abstract'} PieceSet */
/** @typedef {'green' | 'neutral'} Theme */

/**
 * A piece being dragged: where it came from and where the pointer is.
 *
 * @typedef {object} Drag
 * @property {number} from  square index the piece left, e.g. 0 for a1
 * @property {number} x  pointer position in backing-store pixels of the canvas, e.g. 240
 * @property {number} y  e.g. 610
 * @property {number} startX  where the press began, in CSS pixels, e.g. 120
 * @property {number} startY  e.g. 305
 * @property {boolean} started  true once the pointer moved far enough to be a drag, not a click
 */

/**
 * The last move played, with what it took, marked until the next move.
 *
 * @typedef {object} LastMove
 * @property {number} from  e.g. 0 (a1)
 * @property {number | null} to  e.g. 40 (a6); null for a suicide
 * @property {number[]} captures  e.g. [8, 32] (a2, a5)
 */

/**
 * @typedef {object} BoardState
 * @property {readonly string[]} pieces  64 piece letters or "" for an empty square, indexed a1=0,
 *   b1=1 … h8=63, e.g. ["I", "L", "X", "K", …, "i"] (upper case White, lower case Black)
 * @property {Side} orientation  the side whose first rank is at the bottom, e.g. "white"
 * @property {PieceSet} pieceSet  e.g. "chess"
 * @property {Theme} theme  e.g. "green" (light #DDDDD0, dark #559933)
 * @property {boolean} coordinates  files and ranks written on the edge, e.g. true
 * @property {number | null} selected  the picked-up piece's square, e.g. 0 (a1)
 * @property {MoveInfo[]} dests  the selected piece's legal moves as the bindings report them
 * @property {number | null} pointed  the destination pointed at (hover, drag or keyboard), e.g. 40
 * @property {number[]} preview  the squares the pointed move would capture, e.g. [8, 32]
 * @property {LastMove | null} lastMove  e.g. { from: 0, to: 40, captures: [8, 32] }
 * @property {LastMove | null} arrow  a move shown with an arrow and its captures framed (a hint,
 *   a help diagram), until the position changes, e.g. { from: 0, to: 40, captures: [8, 32] }
 * @property {number[]} frozen  squares of frozen pieces, both sides, e.g. [27, 35]
 * @property {number | null} check  the square of the King in check, e.g. 4
 * @property {number[]} checkers  squares of the pieces giving check, e.g. [36]
 * @property {number} focus  the keyboard's focus square, e.g. 27 (d4)
 * @property {boolean} showFocus  draw the focus square (keyboard in use), e.g. false
 * @property {Drag | null} drag  the piece being dragged, if any
 * @property {Fade | null} fade  captured pieces fading out after a move, if animating
 * @property {Slide | null} slide  the moved piece sliding to its square, if animating
 */

/**
 * The moved piece on its way: drawn between its squares instead of on its new square.
 *
 * @typedef {object} Slide
 * @property {number} from  e.g. 0 (a1)
 * @property {number} to  e.g. 40 (a6)
 * @property {number} progress  0 at the start, 1 on arrival
 */

/**
 * Captured pieces fading out: drawn over their squares with decreasing opacity.
 *
 * @typedef {object} Fade
 * @property {Array<{ square: number, letter: string }>} pieces  e.g. [{ square: 8, letter: "p" }]
 * @property {number} opacity  1 at the start, 0 when done
 */

/** @returns {BoardState} the empty board seen from White's side, nothing marked */
export function defaults() {
  return {
    pieces: Array(64).fill(''),
    orientation: 'white',
    pieceSet: 'chess',
    theme: 'green',
    coordinates: true,
    selected: null,
    dests: [],
    pointed: null,
    preview: [],
    lastMove: null,
    arrow: null,
    frozen: [],
    check: null,
    checkers: [],
    focus: 27,
    showFocus: false,
    drag: null,
    fade: null,
    slide: null,
  };
}
