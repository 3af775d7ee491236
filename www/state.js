// The one state a board holds (chessground's state.ts): the game's last snapshot from the wasm,
// and the view around it — selection, pointed square, orientation, piece set, the ply shown, the
// computer's activity. Everything here is plain data and pure functions: the controller
// (embed.js) changes the state only through these functions, and `picture(state)` is all that
// `render` draws. No function here asks the wasm anything or knows a rule: legal moves and their
// captures are looked up in the snapshot.

import { roleName } from './pieces.js';
import { squareIndex } from './util.js';

/** @import { MoveInfo, PlyInfo, Side, Snapshot } from '../ultima-wasm.js' */
/** @import { Brush, Shape } from './shapes.js' */

/** @typedef {'chess' | 'abstract'} PieceSet */
/** @typedef {'green' | 'neutral' | 'brown' | 'blue'} Theme  a board's colours (render.js THEMES) */

/** The board's colour themes, in the order a picker lists them. */
export const THEME_NAMES = /** @type {readonly Theme[]} */ (['green', 'neutral', 'brown', 'blue']);

/**
 * A kind of mark on the board: legal destinations (`moves`), the captures of the pointed move
 * (`preview`), the last move and its captures (`last`), check and checkers (`check`), frozen
 * pieces (`frozen`), the side to move's pieces the other side could capture (`threats`).
 *
 * @typedef {'moves' | 'preview' | 'last' | 'check' | 'frozen' | 'threats'} Highlight
 */

/** Every kind of mark, in the order the options name them. */
export const HIGHLIGHTS = /** @type {const} */ (['moves', 'preview', 'last', 'check', 'frozen', 'threats']);

/** The marks a board draws unless told: all but the threats, a learning aid a player asks for. */
export const DEFAULT_HIGHLIGHTS = HIGHLIGHTS.filter((mark) => mark !== 'threats');

/** @typedef {'both' | 'white' | 'black' | 'none'} Movable */

/**
 * How the board looks and who may move: what `set` changes.
 *
 * @typedef {object} Look
 * @property {Side} orientation  the side at the bottom, e.g. "white"
 * @property {PieceSet} pieceSet  e.g. "chess"
 * @property {Theme} theme  e.g. "green" (light #DDDDD0, dark #559933)
 * @property {boolean} coordinates  files and ranks written on the edge
 * @property {Movable} movable  who may move pieces by hand
 * @property {boolean} animation  slide moved pieces and fade captured ones
 * @property {Highlight[]} highlights  the marks drawn, e.g. ["moves", "last"]
 * @property {boolean} touchPreview  on a touch screen, a tap on a capturing destination first
 *   shows the captures (the pointed move's preview), and a second tap plays it
 * @property {boolean} premove  while the computer thinks, the player may queue a move
 */

/**
 * What the computer is doing for this board.
 *
 * @typedef {object} Search
 * @property {'move' | 'hint'} purpose  its own move, or a hint for the player
 * @property {number} [depth]  the last completed iteration, e.g. 6
 * @property {string} [score]  its score for the side to move, e.g. "+0.25"
 * @property {number} [nodes]  nodes searched so far
 * @property {string[]} [pv]  the line it expects, as move text
 */

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
 * A move's squares as indices: the last move, or a move drawn as an arrow.
 *
 * @typedef {object} LastMove
 * @property {number} from  e.g. 0 (a1)
 * @property {number | null} to  e.g. 40 (a6); null for a suicide
 * @property {number[]} captures  e.g. [8, 32] (a2, a5)
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

/**
 * The one state of a board.
 *
 * @typedef {object} State
 * @property {Snapshot} snapshot  the game as the wasm last reported it
 * @property {Snapshot | null} viewed  an earlier position shown instead (`showPly`), or null
 * @property {Look} look
 * @property {string | null} selected  the picked-up piece's square, e.g. "a1"
 * @property {string | null} pointed  the destination pointed at (hover, drag or keyboard), e.g. "a6"
 * @property {string | null} arrow  a legal move drawn as an arrow with its captures framed (a
 *   hint, a help diagram), as its canonical text, until the position changes
 * @property {string[]} alternatives  other legal moves drawn as fainter arrows beside `arrow`
 *   (the analysis's other best lines), as canonical texts, until the position changes
 * @property {Threat | null} threat  the other side's move if the side to move passed (the
 *   analysis's threat), drawn as a red arrow with its captures framed, until the position changes
 * @property {number} focus  the keyboard's focus square, e.g. 27 (d4)
 * @property {boolean} showFocus  draw the focus square (keyboard in use)
 * @property {Drag | null} drag
 * @property {Fade | null} fade
 * @property {Slide | null} slide
 * @property {Search | null} search  the computer's running search, if any
 * @property {Premove | null} premove  a move queued while the computer thinks
 * @property {string | null} hintPiece  the square of the piece a hint says to move (the hint's
 *   first step), e.g. "b1", until the position changes
 * @property {string | null} glyph  an assessment of the last move of the position shown ("!",
 *   "?", "!!", "??", "!?", "?!"), drawn as a badge on the square it went to, until the position
 *   shown changes
 * @property {Shape[]} shapes  the arrows and circles drawn on the position shown (shapes.js)
 * @property {Shape | null} drawing  the shape a right-button drag is drawing now
 */

/**
 * A move of the other side, as if the side to move had passed: the engine's threat. It is not a
 * legal move of the position shown, so it is kept as its squares (a `MoveInfo`'s).
 *
 * @typedef {object} Threat
 * @property {string} from  e.g. "d8"
 * @property {string | null} to  e.g. "d5"; null for a suicide
 * @property {string[]} captures  e.g. ["d6"]
 */

/**
 * A move queued while the computer thinks (a premove): played after the computer's move if it
 * is legal then, looked up in the new snapshot by its squares.
 *
 * @typedef {object} Premove
 * @property {string} from  e.g. "b2"
 * @property {string} to  e.g. "b5"
 */

/**
 * What a press on a square means (see `pressOutcome`).
 *
 * @typedef {{ kind: 'play', move: MoveInfo } | { kind: 'preview', move: MoveInfo } | { kind: 'premove', from: string, to: string } | { kind: 'select' } | { kind: 'keep' } | { kind: 'clear' }} Press
 */

/**
 * What `render` paints: the state reduced to squares (indices a1=0 … h8=63), the marks not
 * asked for left out.
 *
 * @typedef {object} BoardState
 * @property {readonly string[]} pieces  64 piece letters or "" (upper case White, lower case Black)
 * @property {Side} orientation
 * @property {PieceSet} pieceSet
 * @property {Theme} theme
 * @property {boolean} coordinates
 * @property {number | null} selected  e.g. 0 (a1)
 * @property {MoveInfo[]} dests  the selected piece's legal moves
 * @property {number | null} pointed  e.g. 40
 * @property {number[]} preview  the squares the pointed move would capture, e.g. [8, 32]
 * @property {LastMove | null} lastMove
 * @property {LastMove | null} arrow
 * @property {LastMove[]} alternatives  other good moves, fainter arrows (the analysis's lines)
 * @property {LastMove | null} threat  the other side's threat (the analysis's red arrow)
 * @property {number[]} frozen  e.g. [27, 35]
 * @property {number | null} check  the square of the King in check, e.g. 4
 * @property {number[]} checkers  e.g. [36]
 * @property {number[]} threatened  the side to move's pieces the other side could capture, e.g. [27]
 * @property {number} focus
 * @property {boolean} showFocus
 * @property {Drag | null} drag
 * @property {Fade | null} fade
 * @property {Slide | null} slide
 * @property {LastMove | null} premove  the queued premove's squares
 * @property {number | null} hintPiece  the square of the piece a hint says to move
 * @property {{ square: number, text: string } | null} glyph  the last move's assessment and
 *   the square it went to (its start, for a suicide)
 * @property {DrawnShape[]} shapes  the shapes drawn, the one being drawn last
 */

/**
 * A drawn shape in squares: an arrow, or a circle when `to` is `from`.
 *
 * @typedef {object} DrawnShape
 * @property {number} from  e.g. 9 (b2)
 * @property {number} to  e.g. 33 (b5)
 * @property {Brush} brush
 */

/** @returns {Look} the look of a board nobody configured */
export function defaultLook() {
  return { orientation: 'white', pieceSet: 'chess', theme: 'green', coordinates: true, movable: 'both', animation: true, highlights: [...DEFAULT_HIGHLIGHTS], touchPreview: true, premove: true };
}

/**
 * @param {Snapshot} snapshot
 * @param {Partial<Look>} [look]
 * @returns {State}
 */
export function createState(snapshot, look = {}) {
  return {
    snapshot,
    viewed: null,
    look: { ...defaultLook(), ...defined(look) },
    selected: null,
    pointed: null,
    arrow: null,
    alternatives: [],
    threat: null,
    focus: 27,
    showFocus: false,
    drag: null,
    fade: null,
    slide: null,
    search: null,
    premove: null,
    hintPiece: null,
    glyph: null,
    shapes: [],
    drawing: null,
  };
}

/**
 * `look` without its undefined fields, so that merging it changes only what it gives.
 *
 * @param {Partial<Look>} look
 * @returns {Partial<Look>}
 */
function defined(look) {
  return Object.fromEntries(Object.entries(look).filter(([, value]) => value !== undefined));
}

/**
 * Merges a change of look into the state.
 *
 * @param {State} state
 * @param {Partial<Look>} change
 */
export function setLook(state, change) {
  state.look = { ...state.look, ...defined(change) };
}

/**
 * A new snapshot of the game: the selection, pointer, arrows, premove, drawn shapes and earlier
 * position shown belong to the old one and go (the controller takes a premove out before the
 * computer's move).
 *
 * @param {State} state
 * @param {Snapshot} snapshot
 */
export function setSnapshot(state, snapshot) {
  state.snapshot = snapshot;
  state.viewed = null;
  state.arrow = null;
  state.alternatives = [];
  state.threat = null;
  state.premove = null;
  state.hintPiece = null;
  state.glyph = null;
  clearShapes(state);
  clearSelection(state);
}

/**
 * Another position of the game shown (`viewed`, an earlier one, or null for the game): the
 * selection, the animation and the drawn shapes belong to the one shown before and go.
 *
 * @param {State} state
 * @param {Snapshot | null} viewed
 */
export function setViewed(state, viewed) {
  state.viewed = viewed;
  Object.assign(state, { fade: null, slide: null, glyph: null });
  clearShapes(state);
  clearSelection(state);
}

/**
 * Drops the drawn shapes and the one being drawn: they belong to a position no longer shown.
 *
 * @param {State} state
 */
function clearShapes(state) {
  state.shapes = [];
  state.drawing = null;
}

/**
 * @param {State} state
 * @returns {Snapshot} what the board shows: the earlier position viewed, or the game
 */
export const shown = (state) => state.viewed ?? state.snapshot;

/**
 * @param {State} state
 * @returns {boolean} whether the game is over
 */
export const isOver = (state) => state.snapshot.status.kind !== 'ongoing';

/**
 * Whether a person may move the side to move by hand now.
 *
 * @param {State} state
 * @returns {boolean}
 */
export function mayMove(state) {
  const { movable } = state.look;
  if (isOver(state) || state.viewed !== null || state.search?.purpose === 'move') return false;
  return movable === 'both' || movable === state.snapshot.turn;
}

/**
 * @param {Snapshot} snapshot
 * @param {string | null} square e.g. "a1"
 * @returns {MoveInfo[]} the legal moves of the piece there (none for an empty square, a piece
 *   of the side not to move, or a finished game)
 */
export const movesFrom = (snapshot, square) => (square === null ? [] : (snapshot.moves[square] ?? []));

/**
 * @param {Snapshot} snapshot
 * @param {string | null} from
 * @param {string | null} to
 * @returns {MoveInfo | undefined} the legal move of the piece on `from` to `to`
 */
export const moveBetween = (snapshot, from, to) => (to === null ? undefined : movesFrom(snapshot, from).find((m) => m.to === to));

/**
 * @param {Snapshot} snapshot
 * @param {string} text canonical move text, e.g. "a1-a6xa2xa5"
 * @returns {MoveInfo | undefined} the legal move with that text
 */
export function moveNamed(snapshot, text) {
  for (const moves of Object.values(snapshot.moves)) {
    const found = moves.find((m) => m.text === text);
    if (found) return found;
  }
  return undefined;
}

/**
 * @param {State} state
 * @returns {{ square: string | null, moves: MoveInfo[] }} the picked-up piece and its moves
 */
export const selection = (state) => ({ square: state.selected, moves: movesFrom(state.snapshot, state.selected) });

/**
 * Picks up the piece on `square`.
 *
 * @param {State} state
 * @param {string} square
 */
export function select(state, square) {
  state.selected = square;
  state.pointed = null;
}

/** @param {State} state */
export function clearSelection(state) {
  state.selected = null;
  state.pointed = null;
}

/**
 * Points at a square (hover, drag, keyboard): a destination of the picked-up piece, or nothing.
 *
 * @param {State} state
 * @param {string | null} square
 * @returns {boolean} whether the pointed destination changed
 */
export function point(state, square) {
  const pointed = moveBetween(state.snapshot, state.selected, square) ? square : null;
  if (pointed === state.pointed) return false;
  state.pointed = pointed;
  return true;
}

/**
 * What a press on a square means: play the picked-up piece's move there, pick up the piece on
 * it, keep the selection (a press on the picked-up piece), or drop the selection. A tap on a
 * touch screen (`touch`) on a capturing destination first previews the move's captures, unless
 * the look says to play at once (`touchPreview` off); a second tap there plays it. (A quiet
 * destination plays at once: its dot already says it captures nothing.) While the computer
 * thinks, presses queue a premove instead (`premoveOutcome`).
 *
 * @param {State} state
 * @param {string} square
 * @param {boolean} [touch] the press is a tap on a touch screen
 * @returns {Press}
 */
export function pressOutcome(state, square, touch = false) {
  if (premoving(state)) return premoveOutcome(state, square);
  const move = moveBetween(state.snapshot, state.selected, square);
  if (move) {
    const confirm = touch && state.look.touchPreview && move.captures.length > 0 && state.pointed !== square;
    return { kind: confirm ? 'preview' : 'play', move };
  }
  const own = movesFrom(state.snapshot, square).length > 0 || ownPiece(state.snapshot, square);
  if (own && state.selected === square) return { kind: 'keep' };
  if (own && mayMove(state)) return { kind: 'select' };
  return { kind: 'clear' };
}

/**
 * The side the board's player moves, when the board moves one side's pieces only (against the
 * computer, or a player elsewhere whose moves the host brings); null when both or none move.
 *
 * @param {State} state
 * @returns {Side | null}
 */
export function playerSide(state) {
  const { movable } = state.look;
  return movable === 'white' || movable === 'black' ? movable : null;
}

/**
 * Whether a press now queues a premove: the look allows premoves, the player plays one side
 * (against the computer) and the computer is searching for its move in the game shown.
 *
 * @param {State} state
 * @returns {boolean}
 */
export function premoving(state) {
  if (!state.look.premove || state.search?.purpose !== 'move' || state.viewed !== null || isOver(state)) return false;
  const side = playerSide(state);
  return side !== null && state.snapshot.turn !== side;
}

/**
 * A press while the computer thinks: the player's own piece is picked up (or kept), any other
 * square with a piece picked up queues the premove there; anything else drops the selection
 * (and a queued premove). No rule is known here: whether the premove is legal is learnt from the
 * snapshot after the computer's move.
 *
 * @param {State} state
 * @param {string} square
 * @returns {Press}
 */
export function premoveOutcome(state, square) {
  const own = playerPiece(state, square);
  if (own) return state.selected === square ? { kind: 'keep' } : { kind: 'select' };
  if (state.selected !== null) return { kind: 'premove', from: state.selected, to: square };
  return { kind: 'clear' };
}

/**
 * Why a typed move (its squares and piece letter as the wasm reads them: `moveSquares`) cannot
 * be queued as the premove, or null when it can: premoves allowed and the computer searching
 * for its move (`premoving`), and a piece of the player's on its start, of the kind it names.
 * Like a premove by presses, nothing else is checked here: whether it is legal is learnt after
 * the computer's move.
 *
 * @param {State} state
 * @param {{ from: string, role: string | null }} squares
 * @returns {string | null} e.g. "no piece of yours stands on c4"
 */
export function premoveRefusal(state, { from, role }) {
  if (!premoving(state)) return 'a move can be queued only while the computer thinks of its move, with premoves on';
  if (!playerPiece(state, from)) return `no piece of yours stands on ${from}`;
  const letter = (state.snapshot.pieces[squareIndex(from)] ?? '').toUpperCase();
  if (role !== null && role !== letter) return `the piece on ${from} is a ${roleName(letter)}, not a ${roleName(role)}`;
  return null;
}

/**
 * @param {State} state
 * @param {string} square
 * @returns {boolean} whether a piece of the side the player moves stands there
 */
function playerPiece(state, square) {
  const side = playerSide(state);
  const letter = state.snapshot.pieces[squareIndex(square)] ?? '';
  if (letter === '' || side === null) return false;
  return (letter === letter.toUpperCase()) === (side === 'white');
}

/**
 * The mouse cursor over a square: a pointing hand over a piece the player may pick up now (or
 * for a premove) and over the picked-up piece's destinations, a closed hand while a piece is
 * dragged, the arrow elsewhere.
 *
 * @param {State} state
 * @param {string | null} square  the square under the pointer, or null off the board
 * @returns {'pointer' | 'grabbing' | 'default'}
 */
export function cursorAt(state, square) {
  if (state.drag?.started) return 'grabbing';
  if (square === null) return 'default';
  if (premoving(state)) return playerPiece(state, square) ? 'pointer' : 'default';
  if (!mayMove(state)) return 'default';
  if (movesFrom(state.snapshot, square).length > 0) return 'pointer';
  return moveBetween(state.snapshot, state.selected, square) ? 'pointer' : 'default';
}

/**
 * @param {Snapshot} snapshot
 * @param {string} square
 * @returns {boolean} whether a piece of the side to move stands there (it may have no move)
 */
function ownPiece(snapshot, square) {
  const letter = snapshot.pieces[squareIndex(square)] ?? '';
  return letter !== '' && (letter === letter.toUpperCase()) === (snapshot.turn === 'white');
}

/**
 * A move's squares as indices, for the marks.
 *
 * @param {{ from: string, to: string | null, captures: string[] }} move
 * @returns {LastMove}
 */
export function marked(move) {
  return { from: squareIndex(move.from), to: move.to === null ? null : squareIndex(move.to), captures: move.captures.map(squareIndex) };
}

/**
 * @param {Snapshot} snapshot
 * @returns {PlyInfo | undefined} the move that led to the position described
 */
export const lastPly = (snapshot) => snapshot.plies[snapshot.ply - 1];

/**
 * Whether the threatened pieces of the side to move are marked: always, but when one side alone
 * moves by hand (against the computer), only on that side's turn; on the computer's, the marks
 * would show the player's own chances, a hint nobody asked for.
 *
 * @param {Movable} movable
 * @param {Side} turn
 * @returns {boolean}
 */
const threatsShown = (movable, turn) => (movable !== 'white' && movable !== 'black') || movable === turn;

/**
 * The state reduced to what `render` paints, the marks not asked for left out.
 *
 * @param {State} state
 * @param {boolean} [every] every mark, whatever the highlights asked for (the accessible mirror
 *   says everything)
 * @returns {BoardState}
 */
export function picture(state, every = false) {
  const view = shown(state);
  const on = new Set(every ? HIGHLIGHTS : state.look.highlights);
  const last = lastPly(view);
  const arrow = state.arrow === null ? undefined : moveNamed(state.snapshot, state.arrow);
  const pointedMove = moveBetween(state.snapshot, state.selected, state.pointed);
  return {
    pieces: view.pieces,
    orientation: state.look.orientation,
    pieceSet: state.look.pieceSet,
    theme: state.look.theme,
    coordinates: state.look.coordinates,
    selected: state.selected === null ? null : squareIndex(state.selected),
    dests: on.has('moves') ? movesFrom(state.snapshot, state.selected) : [],
    pointed: on.has('moves') && state.pointed !== null ? squareIndex(state.pointed) : null,
    preview: on.has('preview') && pointedMove ? pointedMove.captures.map(squareIndex) : [],
    lastMove: on.has('last') && last ? marked(last) : null,
    arrow: arrow && state.viewed === null ? marked(arrow) : null,
    alternatives:
      state.viewed === null
        ? state.alternatives.flatMap((text) => {
            const move = moveNamed(state.snapshot, text);
            return move ? [marked(move)] : [];
          })
        : [],
    threat: state.threat && state.viewed === null ? marked(state.threat) : null,
    check: on.has('check') && view.check !== null ? squareIndex(view.check) : null,
    checkers: on.has('check') ? view.checkers.map(squareIndex) : [],
    frozen: on.has('frozen') ? view.frozen.map(squareIndex) : [],
    // Only when asked for, the mirror included (which hears every other mark): a learning aid,
    // spoken only to whoever asked for it.
    threatened: state.look.highlights.includes('threats') && threatsShown(state.look.movable, view.turn) ? view.threatened.map(squareIndex) : [],
    focus: state.focus,
    showFocus: state.showFocus,
    drag: state.drag,
    fade: state.fade,
    slide: state.slide,
    premove: state.premove && state.viewed === null ? marked({ ...state.premove, captures: [] }) : null,
    hintPiece: state.hintPiece !== null && state.viewed === null ? squareIndex(state.hintPiece) : null,
    glyph: state.glyph !== null && last ? { square: squareIndex(last.to ?? last.from), text: state.glyph } : null,
    shapes: [...state.shapes, ...(state.drawing ? [state.drawing] : [])].map((s) => ({ from: squareIndex(s.from), to: squareIndex(s.to), brush: s.brush })),
  };
}
