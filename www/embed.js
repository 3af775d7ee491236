// `mount(element, options)`: an Ultima board for any web page, and the one API every board of
// this project is built on — the game page, the help diagrams, the custom element (element.js)
// and the iframe page (embed.html, frame.js) all call it.
//
// It is the controller of one board: it holds the board's one state (state.js: the game's
// snapshot plus the view), changes the game only through the session (session.js: one call into
// the wasm per action, answered by a snapshot), asks the computer player (ai.js) when it is the
// computer's turn or for a hint, draws through the board view (board.js), and tells the host
// what happened through events. Every action is one transition: act on the session, take its
// snapshot into the state, draw once, emit once — so nothing here re-enters itself.
//
// Everything it creates lives in one <div> appended to `element`, and `destroy()` removes it, with
// its listeners and its computer player (a Web Worker). Option text only ever reaches the page as
// text (textContent), never as markup.

import { answerPause, createAi } from './ai.js';
import { attachAnalysis } from './analysis.js';
import { createBoard, MOVE_KEYS } from './board.js';
import { boardStatus, describeMove, describeSelection, freezeWords, listWords, otherSide, pieceName, plyLabel, sideName, statusText } from './notation.js';
import { checkOption, checkOptions, GAME_OPTIONS, OptionError, OPTION_NAMES, quote } from './options.js';
import { moveSquares, openSession, recordNotes, recordSideLines, RESTARTING } from './session.js';
import { cellLabel } from './mirror.js';
import { THEMES } from './render.js';
import { toggleShape } from './shapes.js';
import { assessedWords } from './movelist.js';
import { GLYPH_WORDS } from './variations.js';
import {
  clearSelection,
  createState,
  defaultLook,
  isOver,
  lastPly,
  mayMove,
  moveBetween,
  moveNamed,
  picture,
  playerSide,
  point,
  premoveRefusal,
  premoving,
  pressOutcome,
  select,
  selection,
  setLook,
  setSnapshot,
  setViewed,
} from './state.js';
import { errorText, keepFocus, make, squareIndex, squareName, stepOnScreen, VISUALLY_HIDDEN } from './util.js';
import { loadWasm } from './wasm.js';

/** @import { MoveInfo, PlyInfo, RecordNote, Score, Side, Snapshot, Status } from '../ultima-wasm.js' */
/** @import { Ai } from './ai.js' */
/** @import { Analysis } from './analysis.js' */
/** @import { BoardView } from './board.js' */
/** @import { EmbedOptions, Mode } from './options.js' */
/** @import { Restart, Session, GameSpec } from './session.js' */
/** @import { Shape } from './shapes.js' */
/** @import { Look, Movable, Premove, State, Threat } from './state.js' */

export { OptionError, OPTION_NAMES };

/**
 * @typedef {object} MoveDetail
 * @property {string} move  canonical move text, e.g. "a1-a6xa2xa5"
 * @property {string} display  display notation, e.g. "La1-a6 xa2 xa5"
 * @property {string} from  e.g. "a1"
 * @property {string | null} to  e.g. "a6"; null for a suicide
 * @property {string[]} captures  the captured squares, e.g. ["a2", "a5"]
 * @property {Side} side  who moved
 * @property {string} position  the position string after the move
 */

/**
 * @typedef {object} GameoverDetail
 * @property {'1-0' | '0-1' | '1/2-1/2'} result
 * @property {Side | null} winner
 * @property {Exclude<Status['kind'], 'ongoing'>} reason  e.g. "checkmate", "repetition"
 * @property {string} text  e.g. "White wins by checkmate"
 */

/**
 * What a search is for: the computer's move, or a hint for the player (`hint()`).
 *
 * @typedef {'move' | 'hint'} Purpose
 */

/**
 * @typedef {object} ThinkingDetail
 * @property {boolean} thinking  true while the search runs
 * @property {Purpose} purpose
 * @property {number} [depth]  the plies of the iteration just completed
 * @property {string} [score]  its score for the side to move, e.g. "+0.25" or "#3"
 * @property {Score} [white]  the same score from White's point of view, `{ cp }` or `{ mate }`
 * @property {number} [nodes]  the nodes searched so far
 * @property {string[]} [pv]  the line of play the engine expects, as move text
 * @property {PlyInfo[]} [plies]  its first moves (at most 12) as plies, as a snapshot has them
 */

/**
 * The events of a mounted board: passed to `on` listeners, and dispatched as bubbling, composed
 * `CustomEvent`s (with this `detail`) on the board's outer <div>.
 *
 * @typedef {object} EmbedEvents
 * @property {{ position: string }} ready  the board is drawn and playable
 * @property {MoveDetail} move  a move was played, by hand, by `play` or by the computer
 * @property {GameoverDetail} gameover  the game ended
 * @property {ThinkingDetail} thinking  the computer started thinking (for its move or for a
 *   hint), finished an iteration of its search, or stopped
 * @property {{ message: string }} error  a bad option, a wasm file that did not load, …
 * @property {{ ok: boolean, message: string }} restart  the wasm trapped (a bug) and the board
 *   was restarted with its game rebuilt from the record (`ok`), or could not be (the board
 *   stays stopped); `message` says which, also shown in the board area
 * @property {{ snapshot: Snapshot, newGame: boolean }} change  the game changed (a move, undo,
 *   redo, resignation, new game, a restart); `newGame`: another game was put on the board
 *   (`newGame`, `set` with game options, `setPosition`), not the same one changed or rebuilt
 * @property {{ square: string | null, moves: MoveInfo[], previewing?: string }} select  a piece
 *   was picked up (its legal moves) or put down; `previewing`: a first tap on a capturing
 *   destination (`touchPreview`) shows that move's captures, and a second tap there plays it
 * @property {HoverDetail} hover  the pointer came over another square of the board, or left it;
 *   or the arrow keys moved the keyboard's focus square to another
 * @property {{ ply: number | null }} view  an earlier position is shown (`showPly`), or the
 *   game again (null)
 * @property {ShapesDetail} shapes  the arrows and circles on the board changed
 */

/**
 * @typedef {object} HoverDetail
 * @property {string | null} square  the square under the pointer (or the keyboard's focus
 *   square), e.g. "b1"; null: off the board
 * @property {string} piece  the piece on it in the position shown, e.g. "L", or "" for none
 * @property {boolean} frozen  whether that piece is frozen
 */

/**
 * @typedef {object} ShapesDetail
 * @property {Shape[]} shapes  those on the board now, in the order drawn
 * @property {'hand' | 'option' | 'position'} by  a person drew or erased one (the right button,
 *   a left click), the `shapes` option gave them, or the position shown changed and took them
 *   away (sent before that change's own events)
 */

/**
 * @typedef {object} EmbedHandle
 * @property {Promise<boolean>} ready  true once the board is ready, false if it failed (never
 *   rejects)
 * @property {(options: EmbedOptions) => void} set  changes any options; game options start a new
 *   game; throws an `OptionError` for a bad value (nothing is changed then)
 * @property {() => Look & { mode: Mode, side: Side, level: number }} view  the board's look and mode
 * @property {() => Snapshot} snapshot  the game as it stands (plain data; no call into the wasm)
 * @property {() => string} position  the position string
 * @property {() => string} record  the game record (it answers after an internal error too)
 * @property {() => string} rules  the rule options in force
 * @property {() => PlyInfo[]} history  the moves played
 * @property {() => number} redoLength  how many undone moves `redo` can replay
 * @property {() => Side} turn  the side to move
 * @property {() => boolean} isCheck  whether the side to move is in check
 * @property {() => Status | null} result  how the game ended, or null while it goes on
 * @property {(position: string) => void} setPosition  a new game from a position string
 * @property {(move: string, how?: { quiet?: boolean }) => string} play  plays move text, e.g.
 *   "b2-b5"; returns the canonical text; throws with the rules' message. It is announced (the
 *   move in words) unless `quiet`: for a caller that plays several moves to show a position and
 *   says only the last (the analysis board going to the end of a line)
 * @property {(how?: { quiet?: boolean }) => string | undefined} undo  takes back the last move
 *   (against the computer, also its answer), or only a resignation, agreed draw or flag; returns
 *   the first move taken back. It is announced ("Took back b2-b5") unless `quiet`: for a caller
 *   that goes back to show a position rather than to take a move back (the analysis board
 *   opening at an earlier ply)
 * @property {() => string | undefined} redo  replays the last move taken back (against the
 *   computer, also its answer)
 * @property {(side?: Side) => void} resign  `side` resigns: by default the board's player (the
 *   player's side in `ai` mode, the movable side in `play` mode with one), else the side to move
 * @property {() => void} agreeDraw  the players agree to a draw: the game ends (status
 *   "agreement"); throws when it is over already
 * @property {(side: Side) => void} flag  `side`'s time ran out on its clock: the game ends
 *   (status "timeout", or "timeout_draw" against a lone King)
 * @property {(time: (() => number | undefined) | null) => void} clockTime  how long the computer may think
 *   for each of its moves, asked when it starts (its clock's share); null: its level's own time
 * @property {() => void} flip  turns the board round
 * @property {(level?: number, reveal?: 'move' | 'piece') => Promise<string | null>} hint  searches
 *   for the best move of the player to move (at `level`, by default the board's) and draws it as
 *   an arrow, or with `reveal` "piece" only marks the piece to move (a ring on its tinted square,
 *   until the position changes: `showMove` can reveal the move later); resolves to its
 *   canonical text, or null when the game changed meanwhile; rejects when no hint can be given
 *   now (the game is over, an earlier position is shown, the computer is to move) or the search
 *   fails
 * @property {(name: string, value: string) => void} setHeader  writes a header into the game's
 *   record (e.g. "WhiteHints", "2", or the clocks'), read back in `snapshot().headers`; the board
 *   is unchanged; throws for one of the record's own headers (Setup, Rules, Result,
 *   Termination), a name that is not letters, digits and "_", or a line break in the value
 * @property {(text: string | null, alternatives?: readonly string[]) => MoveInfo | null} showMove
 *   draws a legal move of the position (its canonical text) as an arrow with its captures
 *   framed, and `alternatives` (other legal moves, e.g. the analysis's other best lines) as
 *   fainter arrows, until the position changes; null removes them all; throws for a move that
 *   is not legal (nothing is drawn then)
 * @property {(glyph: string | null) => void} showGlyph  draws an assessment of the last move of
 *   the position shown ("!", "?", "!!", "??", "!?", "?!") as a badge on the square it went to, as
 *   lichess does, until the position shown changes; null removes it; nothing at the start, where
 *   there is no last move. Throws for a glyph that is none of these
 * @property {(move: Threat | null) => void} showThreat  draws a move of the other side (what it
 *   would play if the side to move passed: the analysis's threat) as a red arrow with its
 *   captures framed, until the position changes; null removes it. Its squares are checked (a
 *   square name each), not the move: it is not a move of the position shown. Throws for a
 *   square that is not one
 * @property {(ply: number | null) => void} showPly  shows the position after ply `ply` (0 = the
 *   first move; -1 = the start) without changing the game, input off; null, or the last ply or
 *   one beyond, returns to the game, and one before -1 shows the start; throws for anything but a
 *   whole number or null
 * @property {() => number | null} shownPly  the ply shown, or null when showing the game
 * @property {() => { square: string | null, moves: MoveInfo[] }} selection  the picked-up piece
 * @property {() => void} deselect  puts down the picked-up piece and cancels a queued premove
 * @property {() => { from: string, to: string } | null} premove  the move queued while the
 *   computer thinks, if any
 * @property {(text: string) => void} queuePremove  queues a move written as text (e.g.
 *   "Lb1-b8") as the premove while the computer thinks of its move, as pressing its squares
 *   does, in place of any other; throws, queuing nothing, when premoves are off or the computer
 *   is not thinking of its move, on text that is not a move's (or is a suicide), and when no
 *   piece of the player's (of the kind the text names) stands on its start
 * @property {() => string[]} preview  the squares the pointed move would capture
 * @property {() => Shape[]} shapes  the arrows and circles drawn on the position shown (a
 *   person's right-button drags, or the `shapes` option), in the order drawn
 * @property {() => { left: number, top: number, size: number, orientation: Side }} geometry
 *   the board's square in viewport CSS pixels, for tests and hosts
 * @property {(name: string) => { x: number, y: number }} squareCenter  a square's centre in
 *   viewport CSS pixels
 * @property {() => HTMLCanvasElement | null} canvas  the board's canvas, once ready
 * @property {(options?: EmbedOptions) => void} newGame  a new game (by default, the one the
 *   options describe); throws, leaving the game as it was, when the options do not make one
 * @property {<K extends keyof EmbedEvents>(type: K, listener: (detail: EmbedEvents[K]) => void) => () => void} on
 *   adds a listener; returns the function that removes it
 * @property {() => Ai} ai  the computer player of this board (started on first use)
 * @property {() => Analysis | null} analysis  in `analysis` mode, the analysis board's
 *   controller (its variation tree, navigation, engine); null in the other modes
 * @property {(error: unknown) => void} report  shows an error in the board area and fires
 *   `error` (for the layers over mount: a bad attribute or parameter after the start)
 * @property {() => void} destroy  removes everything mount added
 */

/**
 * The options mount always knows, with what it assumes when they are not given.
 *
 * @typedef {{ mode: Mode, side: Side, movable: 'both' | Side, level: number, size: 'fill' | number }} Settled
 */

/** How long each move shows when a replay plays by itself (the Play control). */
const REPLAY_MS = 1000;

/** @type {Readonly<Settled>} */
const DEFAULTS = { mode: 'play', side: 'white', movable: 'both', level: 2, size: 'fill' };

/**
 * Sets inline styles through the CSSOM, which a Content-Security-Policy without
 * 'unsafe-inline' still allows (a style attribute in markup it would block).
 *
 * @param {HTMLElement} node
 * @param {Record<string, string>} styles  CSS property names and values
 */
function style(node, styles) {
  for (const [name, value] of Object.entries(styles)) node.style.setProperty(name, value);
}

/**
 * The box that says why a board cannot do what it was asked, where the board is: styled inline,
 * since the host's style sheet is all there may be (the custom properties let a host restyle
 * it). `mount`'s own, and the iframe's when it cannot start a board at all.
 *
 * @param {string} text
 * @returns {HTMLParagraphElement}
 */
export function boardError(text) {
  const box = make('p', { role: 'alert', part: 'error' }, text);
  style(box, {
    margin: '0',
    padding: '0.75em',
    border: '2px solid var(--ultima-error-color, #a01818)',
    color: 'var(--ultima-error-color, #a01818)',
    background: 'var(--ultima-error-background, #fff4f2)',
    font: 'var(--ultima-font, 14px sans-serif)',
    'overflow-wrap': 'anywhere',
  });
  return box;
}

/** The styles a board needs wherever it is (the page's own style sheet may be absent). */
function styleBoard(/** @type {HTMLElement} */ root, /** @type {HTMLCanvasElement} */ canvas) {
  style(root, { position: 'relative', width: '100%' });
  style(canvas, { display: 'block', width: '100%', height: 'auto', 'aspect-ratio': '1', 'touch-action': 'none', 'user-select': 'none' });
  for (const hidden of root.querySelectorAll('.visually-hidden')) {
    if (hidden instanceof HTMLElement) {
      style(hidden, VISUALLY_HIDDEN);
    }
  }
}

/**
 * The game options of a set of options.
 *
 * @param {EmbedOptions} options
 * @returns {GameSpec}
 */
const specOf = (options) => ({ position: options.position, record: options.record, setup: options.setup, rules: options.rules });

/**
 * The look a set of options asks for: in `ai` mode the player's side comes to the bottom.
 *
 * @param {EmbedOptions} options
 * @returns {Partial<Look>}
 */
const lookOf = (options) => ({
  orientation: options.orientation ?? (options.mode === 'ai' ? options.side : undefined),
  pieceSet: options.pieceSet,
  theme: options.theme,
  coordinates: options.coordinates,
  animation: options.animation,
  highlights: options.highlights,
  touchPreview: options.touchPreview,
  premove: options.premove,
});

/**
 * @param {PlyInfo} ply
 * @param {string} position
 * @returns {MoveDetail}
 */
const moveDetail = (ply, position) => ({ move: ply.text, display: ply.display, from: ply.from, to: ply.to, captures: [...ply.captures], side: ply.side, position });

/** @returns {number} a seed for a game's computer player, a whole number from 0 to 2³²−1 */
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;

/**
 * Mounts a board in `element` and returns its handle at once; the board appears when the wasm is
 * loaded (the `ready` event). Bad options show an error in the board area and fire `error`.
 *
 * @param {HTMLElement} element
 * @param {EmbedOptions} [options]
 * @returns {EmbedHandle}
 */
export function mount(element, options = {}) {
  if (!(element instanceof HTMLElement)) throw new TypeError('mount needs an element to put the board in');
  const outer = make('div', { class: 'ultima-embed', part: 'frame' });
  const stage = make('div', { part: 'board' });
  const errorBox = boardError('');
  errorBox.hidden = true;
  // In `ai` mode: whose turn it is, the computer thinking, the result (the board's live region
  // announces the moves and the end, so this line is not a live region itself).
  const statusLine = make('p', { part: 'status', class: 'ultima-status' });
  style(statusLine, { display: 'none', margin: '0', padding: '0.35em 0.2em', font: 'var(--ultima-font, 14px sans-serif)', 'text-align': 'center' });
  // In `replay` mode, an annotated record's comment on the move shown (the replay's `update`).
  const caption = make('p', { part: 'caption', class: 'ultima-caption' });
  style(caption, { display: 'none', margin: '0', padding: '0 0.4em', font: 'var(--ultima-font, 14px sans-serif)', 'line-height': '1.4', height: '4.2em', 'overflow-y': 'auto', 'overflow-wrap': 'anywhere', 'text-align': 'center' });
  const controls = make('div', { part: 'controls', role: 'group', 'aria-label': 'Replay' });
  // Wrapped onto a second row rather than past the board's edges (a small board, a host's
  // large font on its buttons).
  style(controls, { display: 'none', 'flex-wrap': 'wrap', gap: '0.4em', 'align-items': 'center', 'justify-content': 'center', padding: '0.4em 0', font: 'var(--ultima-font, 14px sans-serif)' });
  outer.append(stage, statusLine, controls, caption, errorBox);
  element.append(outer);
  // Before the board's own keys (captured on the way down to its canvas).
  stage.addEventListener(
    'keydown',
    (event) => {
      if (current.mode === 'replay') replay.key(event);
    },
    true,
  );
  // A replay board clicked or tapped takes the focus, so that its keys step it (a press on the
  // board is cancelled, to keep the browser from selecting or scrolling, which kept the focus
  // off it). Not a board that plays: the game page's arrows step through its moves.
  stage.addEventListener('pointerdown', () => {
    if (current.mode === 'replay') live?.view.canvas.focus({ preventScroll: true });
  });

  /** @type {{ [K in keyof EmbedEvents]?: Set<(detail: any) => void> }} */
  const listeners = {};
  /**
   * @template {keyof EmbedEvents} K
   * @param {K} type
   * @param {EmbedEvents[K]} detail
   */
  const emit = (type, detail) => {
    for (const listener of [...(listeners[type] ?? [])]) listener(detail);
    outer.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  };
  /**
   * Tells the host that the shapes went with the position they were drawn on, if there were any
   * (the state drops them when the position shown changes: `setSnapshot`, `setViewed`).
   *
   * @param {boolean} hadShapes
   */
  const shapesGone = (hadShapes) => {
    if (hadShapes) emit('shapes', { shapes: [], by: 'position' });
  };

  /**
   * The parts of a board that is up: its session (the game), its one state, and its view.
   *
   * @typedef {{ session: Session, state: State, view: BoardView }} Live
   */
  /** @type {Live | null} */
  let live = null;
  /** @type {Ai | null} */
  let ai = null;
  /** @type {Analysis | null} in `analysis` mode */
  let analysis = null;
  /** @type {string | null} why the board could not start */
  let failure = null;
  let destroyed = false;
  /** Whether `ready` was told: no `view` comes before it. */
  let readyTold = false;
  /** @type {EmbedOptions & Settled} */
  let current = { ...DEFAULTS };
  /** The number of the running search; 0 when the computer is not thinking. */
  let searching = 0;
  let searches = 0;
  /** @type {string | null} a move by hand that met an internal error, played once the game is rebuilt */
  let retry = null;
  /** @type {(() => number | undefined) | null} the computer's thinking time on its clock, if it has one */
  let moveTime = null;
  /**
   * The game's seed for the computer's noise (`Ai.think`: levels 1–7, and level 8's first
   * moves): drawn for each new game, so that each game meets its own player, kept through the
   * game, so that a position taken back is answered as before.
   */
  let gameSeed = newSeed();

  /** @param {string} text */
  const showError = (text) => {
    errorBox.textContent = `Ultima board: ${text}`;
    errorBox.hidden = false;
    emit('error', { message: text });
  };

  const applySize = () => {
    const size = current.size;
    style(outer, size === 'fill' ? { width: '100%', 'max-width': '100%' } : { width: `${size}px`, 'max-width': '100%' });
  };

  /** @returns {Live} */
  const up = () => {
    if (destroyed) throw new Error('this board was destroyed');
    if (live) return live;
    throw new Error(failure ? `the board could not start: ${failure}` : 'the board is not ready yet (wait for the ready event)');
  };

  /** The side the computer plays, in `ai` mode. */
  const computer = () => (current.mode === 'ai' ? otherSide(current.side) : null);
  /** @param {Snapshot} snapshot */
  const computerToMove = (snapshot) => snapshot.status.kind === 'ongoing' && snapshot.turn === computer();

  /** Draws the state and brings the replay controls and the status line up to date. */
  const draw = () => {
    if (!live) return;
    live.view.draw(live.state);
    replay.update();
    updateStatus();
  };

  /** What the keys do on the board in each mode, said in its name: a diagram takes none. */
  const KEYS = /** @type {const} */ ({ play: MOVE_KEYS, ai: MOVE_KEYS, analysis: MOVE_KEYS, view: '', replay: 'left and right arrow keys step through the moves, Home and End go to the start and the end' });
  /** Names the board for screen readers by the `label` option (its own name when there is none)
   * and what its keys do. */
  const nameBoard = () => up().view.name(current.label?.trim() || null, KEYS[current.mode]);

  /** The status line: shown in `ai` mode unless the options turn it off, in `play` mode if they turn it on. */
  const updateStatus = () => {
    if (!live) return;
    const on = (current.mode === 'ai' && current.statusLine !== false) || (current.mode === 'play' && current.statusLine === true);
    style(statusLine, { display: on ? 'block' : 'none' });
    // For the iframe page's style sheet, which leaves the line room under the board.
    if (on) outer.dataset.status = 'shown';
    else delete outer.dataset.status;
    if (!on) return;
    const { state } = live;
    statusLine.textContent = boardStatus(state.snapshot, {
      player: playerSide(state),
      search: state.search?.purpose ?? null,
      viewed: state.viewed === null ? null : state.viewed.ply - 1,
      opponent: current.mode === 'ai' ? 'the computer' : 'the other player',
    });
  };

  const stopThinking = () => {
    if (!searching || !live) return;
    const { purpose } = live.state.search ?? { purpose: /** @type {Purpose} */ ('move') };
    searching = 0;
    live.state.search = null;
    live.state.premove = null;
    ai?.stop();
    emit('thinking', { thinking: false, purpose });
  };

  /**
   * Takes the game's new snapshot into the state after an action, draws it, and tells the host:
   * the move it added (slid unless `slide` is false, and announced unless `quiet`), the change
   * (`newGame`: another game put on the board), the end.
   *
   * @param {Snapshot} snapshot
   * @param {{ slide?: boolean, newGame?: boolean, quiet?: boolean }} [how]
   */
  const transition = (snapshot, how = {}) => {
    const { state, view } = up();
    const before = state.snapshot;
    const hadShapes = state.shapes.length > 0;
    const wasViewing = state.viewed !== null;
    setSnapshot(state, snapshot);
    // A move played on the game: one ply more than the game before and its moves before it, also
    // when it comes as another game (a link's answer, another tab's move); not another game one
    // ply longer (a game resumed was announced as its last move, and fired \`move\`).
    const continued = () => snapshot.start === before.start && before.plies.every((ply, i) => snapshot.plies[i]?.text === ply.text);
    const added = snapshot.plies.length === before.plies.length + 1 && continued() ? lastPly(snapshot) : undefined;
    if (added) view.animate(state, added, how.slide ?? true);
    else Object.assign(state, { fade: null, slide: null });
    draw();
    // First, so that a listener of the events below may draw on the new position.
    shapesGone(hadShapes);
    // A change of the game ends the viewing of an earlier position (a move that came by
    // `play()`, an undo): told as `showPly(null)` tells it.
    if (wasViewing && state.viewed === null) emit('view', { ply: null });
    if (added) {
      // The move, then what it froze or freed, which the board shows only square by square
      // (worked out only for a move heard: the analysis's Home plays many quietly).
      if (!how.quiet) {
        const froze = freezeWords(before.frozen, snapshot, added);
        view.announce(froze ? `${describeMove(added)} ${froze}` : describeMove(added));
      }
      emit('move', moveDetail(added, snapshot.position));
    }
    emit('change', { snapshot, newGame: how.newGame ?? false });
    const { status } = snapshot;
    if (status.kind !== 'ongoing' && before.status.kind === 'ongoing') {
      view.announce(statusText(status));
      emit('gameover', { result: /** @type {GameoverDetail['result']} */ (status.result), winner: status.winner, reason: status.kind, text: statusText(status) });
    }
  };

  /**
   * Searches for the side to move in the computer player's worker: the computer's move, played
   * when found, or a hint, drawn as an arrow. Any change of the game meanwhile abandons it.
   *
   * @param {Purpose} purpose
   * @param {number} level
   * @param {'move' | 'piece'} [reveal]  what a hint shows: the move (an arrow) or the piece
   * @returns {Promise<string | null>} the move's text, or null when abandoned
   */
  const search = (purpose, level, reveal = 'move') => {
    const board = up();
    const id = ++searches;
    searching = id;
    board.state.search = { purpose };
    const record = board.session.record();
    emit('thinking', { thinking: true, purpose });
    draw();
    const started = performance.now();
    const budget = purpose === 'move' ? moveTime?.() : undefined;
    return computerPlayer()
      .think(
        record,
        level,
        (progress) => {
          if (searching !== id) return;
          board.state.search = { purpose, ...progress };
          emit('thinking', { thinking: true, purpose, ...progress });
        },
        budget,
        gameSeed,
      )
      .then(
        async (move) => {
          // The computer's move waits out its pause as part of its search ("thinking…", and
          // abandoned by any change meanwhile), so that it never lands on the player's own.
          const wait = purpose === 'move' ? answerPause(performance.now() - started, budget) : 0;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (searching !== id || live !== board) return null;
          searching = 0;
          board.state.search = null;
          emit('thinking', { thinking: false, purpose });
          if (board.session.record() !== record) return null;
          if (purpose === 'hint' && reveal === 'piece') return markPiece(move);
          if (purpose === 'hint') return showMove(move)?.text ?? move;
          // A premove belongs to the position before the computer's move: take it out first.
          const queued = board.state.premove;
          const played = playText(move);
          playPremove(queued);
          return played;
        },
        (error) => {
          if (searching !== id) return null;
          searching = 0;
          board.state.search = null;
          board.state.premove = null;
          emit('thinking', { thinking: false, purpose });
          draw();
          const text = `the computer could not ${purpose === 'hint' ? 'find a hint' : 'move'}: ${errorText(error)}`;
          if (purpose === 'hint') throw new Error(text);
          showError(text);
          // Its worker may not have loaded with the network off (a page not saved on the device
          // yet): it tries again when the network is back, rather than wait for a move taken
          // back and played again.
          addEventListener(
            'online',
            () => {
              if (destroyed || live !== board || searching) return;
              errorBox.hidden = true;
              think();
            },
            { once: true },
          );
          return null;
        },
      );
  };

  /** Asks the computer for its move when it is its turn, then plays it. */
  const think = () => {
    if (searching || !live || live.state.viewed !== null || !computerToMove(live.state.snapshot)) return;
    search('move', current.level);
  };

  /**
   * Plays move text: one call into the wasm, one transition, then the computer's turn if it is.
   *
   * @param {string} text
   * @param {{ slide?: boolean, listed?: boolean, quiet?: boolean }} [how] `slide`: animate the
   *   piece's way (not after a drag: it is already there); `listed`: the move is one of the
   *   snapshot's legal moves; `quiet`: not announced
   * @returns {string} the canonical text
   */
  const playText = (text, how = {}) => {
    const { session } = up();
    const snapshot = how.listed ? session.playListed(text) : session.play(text);
    if (searching && live?.state.search?.purpose === 'hint') stopThinking();
    transition(snapshot, { slide: how.slide ?? true, quiet: how.quiet ?? false });
    think();
    return lastPly(snapshot)?.text ?? text;
  };

  /**
   * A move made on the board by hand. A move met by an internal error is played again once the
   * game is rebuilt, so that no move is lost.
   *
   * @param {MoveInfo} move
   * @param {boolean} slide
   */
  const playByHand = (move, slide) => {
    try {
      playText(move.text, { slide, listed: true });
    } catch (error) {
      if (error instanceof Error && error.name === RESTARTING) retry = move.text;
      else showError(errorText(error));
      draw();
    }
  };

  /**
   * Plays a premove queued during the computer's search, now that it has moved, if the player's
   * piece may still make it (looked up in the new snapshot by its squares); else drops it and
   * says so.
   *
   * @param {Premove | null} queued
   */
  const playPremove = (queued) => {
    if (!queued || !live) return;
    const { state, view } = live;
    const move = mayMove(state) ? moveBetween(state.snapshot, queued.from, queued.to) : undefined;
    if (move) {
      playByHand(move, true);
      return;
    }
    view.announce(`Premove ${queued.from} to ${queued.to} cancelled: it is not a legal move now`);
    draw();
  };

  /**
   * Queues the move from `from` to `to` as the board's premove, in place of any other: played
   * after the computer's move if it is legal then.
   *
   * @param {Live} board
   * @param {string} from
   * @param {string} to
   */
  const queuePremove = ({ state, view }, from, to) => {
    state.premove = { from, to };
    clearSelection(state);
    emit('select', selection(state));
    draw();
    view.announce(`Premove ${from} to ${to}: played after the computer's move if it is legal then. Escape cancels it.`);
  };

  /** @param {Restart} restart */
  const restarted = (restart) => {
    if (!live) return;
    stopThinking();
    errorBox.textContent = `Ultima board: ${restart.message}`;
    errorBox.hidden = false;
    emit('restart', { ok: restart.ok, message: restart.message });
    if (!restart.ok) return;
    transition(restart.snapshot);
    const again = retry;
    retry = null;
    if (again !== null && moveNamed(restart.snapshot, again)) playText(again, { listed: true });
    else think();
  };

  /**
   * What the player does on the board.
   *
   * @param {Live} board
   * @returns {import('./board.js').Intents}
   */
  const intentsOf = (board) => {
    const { state } = board;
    // The view is made with these intents, so it is looked up when needed.
    /** @param {string} text */
    const say = (text) => board.view.announce(text);
    const emitSelection = () => emit('select', selection(state));
    /** Puts down the picked-up piece and drops a queued premove; whether there was either. */
    const putDown = () => {
      const had = state.selected;
      const queued = state.premove !== null;
      clearSelection(state);
      if (queued) say('Premove cancelled');
      else if (had !== null) say(`Put down the ${pieceName(state.snapshot.pieces[squareIndex(had)] ?? '')} on ${had}`);
      state.premove = null;
      if (had !== null) emitSelection();
      draw();
      return had !== null || queued;
    };
    /**
     * Why a press picked nothing up, for a screen reader, which would hear nothing happen.
     *
     * @param {string} name  the square pressed
     * @returns {string}
     */
    const nothingPicked = (name) => {
      const letter = state.snapshot.pieces[squareIndex(name)] ?? '';
      if (!letter) return `${name}: empty`;
      const piece = `${pieceName(letter)} on ${name}`;
      if (isOver(state)) return `${piece}: the game is over`;
      const { turn } = state.snapshot;
      if (mayMove(state)) return `${piece}: ${sideName(turn)} to move`;
      // A board that moves one side's pieces, the other side to move: by the computer, or (in
      // `play` mode) by a player elsewhere, whose move the host brings.
      const side = playerSide(state);
      if (state.viewed === null && side !== null && side !== turn) {
        return current.mode === 'ai' ? `${piece}: the computer is to move` : `${piece}: ${sideName(turn)} to move, and this board moves ${sideName(side)}'s pieces only`;
      }
      if (state.viewed !== null) return `${piece}: an earlier position is shown; go back to the game to move`;
      return `${piece}: it cannot be moved now`;
    };
    /** @param {string} from @param {string} to */
    const queue = (from, to) => queuePremove(board, from, to);
    /** @type {string | null} the square the pointer is over, told once per square */
    let hovered = null;
    return {
      hover(square) {
        const name = square === null ? null : squareName(square);
        if (name === hovered) return;
        hovered = name;
        const shown = state.viewed ?? state.snapshot;
        emit('hover', { square: name, piece: name === null ? '' : (shown.pieces[squareIndex(name)] ?? ''), frozen: name !== null && shown.frozen.includes(name) });
      },
      press(square, touch) {
        const name = squareName(square);
        const outcome = pressOutcome(state, name, touch);
        if (outcome.kind === 'play') {
          playByHand(outcome.move, true);
          return 'moved';
        }
        if (outcome.kind === 'preview') {
          // A first tap on a capturing destination: its captures are shown; a second tap plays.
          // Said, as nothing on the board says that a second tap is awaited.
          point(state, name);
          draw();
          emit('select', { ...selection(state), previewing: name });
          say(`${name} captures on ${listWords(outcome.move.captures)}: tap it again to play the move`);
          return 'selected';
        }
        if (outcome.kind === 'premove') {
          queue(outcome.from, outcome.to);
          return 'moved';
        }
        if (outcome.kind === 'select') {
          const premove = premoving(state);
          select(state, name);
          if (premove) state.premove = null;
          emitSelection();
          draw();
          const letter = state.snapshot.pieces[squareIndex(name)] ?? '';
          say(
            premove
              ? `${pieceName(letter)} on ${name} picked up for a premove: choose the square to move it to after the computer's move`
              : describeSelection(name, letter, selection(state).moves, state.snapshot),
          );
          return 'selected';
        }
        if (outcome.kind === 'keep') return 'selected';
        if (!putDown()) say(nothingPicked(name));
        return 'none';
      },
      drop(from, to) {
        const start = squareName(from);
        const end = to === null ? null : squareName(to);
        if (end !== null && state.selected === start && premoving(state)) {
          const outcome = pressOutcome(state, end);
          if (outcome.kind === 'premove') return queue(outcome.from, outcome.to);
        }
        // The piece's move looked up from where it was dragged from: the computer may have
        // moved during the drag, which drops the selection but not the player's piece.
        const move = end === null || !mayMove(state) ? undefined : moveBetween(state.snapshot, start, end);
        if (move) return playByHand(move, false);
        putDown();
      },
      point(square) {
        if (point(state, square === null ? null : squareName(square))) draw();
      },
      dragging(from, x, y, started) {
        state.drag = from === null ? null : { from, x, y, startX: 0, startY: 0, started };
        draw();
      },
      selected: () => (state.selected === null ? null : squareIndex(state.selected)),
      cancel: putDown,
      drawing(from, to, brush) {
        state.drawing = from === null || to === null ? null : { from: squareName(from), to: squareName(to), brush };
        draw();
      },
      drawn(from, to, brush) {
        setShapes(toggleShape(state.shapes, { from: squareName(from), to: squareName(to), brush }), 'hand');
      },
      erase() {
        // Those the host gave stay, as an author's arrows on a diagram would (a reader's click
        // took them away for good); a right-button drag over one still takes it away.
        const kept = state.shapes.filter((shape) => given.has(shape));
        if (kept.length < state.shapes.length) setShapes(kept, 'hand');
      },
      moveFocus(delta, show) {
        state.showFocus = show;
        if (delta) {
          state.focus = stepOnScreen(state.focus, delta, state.look.orientation);
          // Heard as it is seen: the square the focus came to, its piece and marks.
          say(cellLabel(picture(state, true), state.focus));
        }
        draw();
        return state.focus;
      },
    };
  };

  /** The shapes the `shapes` option put on the board, which a left press leaves (see `erase`). */
  const given = new WeakSet();

  /**
   * Puts `shapes` on the position shown in place of those drawn, and tells the host.
   *
   * @param {Shape[]} shapes
   * @param {ShapesDetail['by']} by
   */
  const setShapes = (shapes, by) => {
    const { state } = up();
    state.shapes = shapes;
    state.drawing = null;
    draw();
    emit('shapes', { shapes: shapes.map((shape) => ({ ...shape })), by });
  };

  /**
   * Shows the position after ply `ply` (-1: the start), or the game again (null).
   *
   * @param {number | null} ply
   */
  const showPly = (ply) => {
    if (ply !== null && !Number.isInteger(ply)) throw new Error(`showPly takes a whole number (-1 for the start, 0 for the first move) or null, not ${quote(ply)}`);
    const { session, state } = up();
    const played = state.snapshot.plies.length;
    const wanted = ply === null || ply >= played - 1 ? null : Math.max(-1, ply);
    if (wanted === null && state.viewed === null) return;
    // A hint belongs to the game's position, which viewing another one hides.
    if (state.search?.purpose === 'hint') stopThinking();
    const hadShapes = state.shapes.length > 0;
    setViewed(state, wanted === null ? null : session.at(wanted + 1));
    draw();
    shapesGone(hadShapes);
    // Not before `ready`: a replay opening at its start is told after it (`start`).
    if (readyTold) emit('view', { ply: wanted });
  };

  /**
   * @param {string | null} text
   * @param {readonly string[]} [alternatives]
   * @returns {MoveInfo | null}
   */
  const showMove = (text, alternatives = []) => {
    const { state } = up();
    /** @param {unknown} name @returns {MoveInfo} */
    const legal = (name) => {
      const move = typeof name === 'string' ? moveNamed(state.snapshot, name) : undefined;
      if (!move) throw new Error(`${String(name).slice(0, 20)} is not a legal move here`);
      return move;
    };
    const move = text === null ? null : legal(text);
    if (!Array.isArray(alternatives)) throw new Error('the alternatives are a list of moves');
    const others = move === null ? [] : alternatives.map((name) => legal(name).text);
    state.arrow = move?.text ?? null;
    state.alternatives = others;
    // The arrow starts on the piece a hint marked: it says it all.
    state.hintPiece = null;
    draw();
    return move;
  };

  /** @param {string | null} glyph */
  const showGlyph = (glyph) => {
    const { state } = up();
    if (glyph !== null && !(typeof glyph === 'string' && Object.hasOwn(GLYPH_WORDS, glyph))) throw new Error(`${JSON.stringify(String(glyph)).slice(0, 12)} is none of ! ? !! ?? !? ?!`);
    // The game page asks at every refresh: the board is drawn again only for a change.
    if (state.glyph === glyph) return;
    state.glyph = glyph;
    draw();
  };

  /** @param {Threat | null} move */
  const showThreat = (move) => {
    const { state } = up();
    if (move !== null) {
      if (!Array.isArray(move?.captures)) throw new Error('a threat is { from, to, captures }: its squares, its captures a list');
      const squares = [move.from, ...(move.to === null ? [] : [move.to]), ...move.captures];
      const bad = squares.find((square) => !/^[a-h][1-8]$/.test(String(square)));
      if (bad !== undefined) throw new Error(`${JSON.stringify(String(bad)).slice(0, 12)} is not a square`);
    }
    state.threat = move === null ? null : { from: move.from, to: move.to, captures: [...move.captures] };
    draw();
  };

  /**
   * Marks the piece a hint moves (the hint's first step).
   *
   * @param {string} text  a legal move of the position, canonical text
   * @returns {string} its canonical text
   */
  const markPiece = (text) => {
    const { state } = up();
    const move = moveNamed(state.snapshot, text);
    if (!move) throw new Error(`${text} is not a legal move here`);
    state.hintPiece = move.from;
    draw();
    return move.text;
  };

  /**
   * Replay controls: first, previous, next, last, where the replay is, and Play, which steps
   * through the moves by itself, one every REPLAY_MS, from the start again when at the end, until
   * the last move or a press of any control.
   */
  const replay = (() => {
    // "3 / 12" kept on one line (a phone's narrow dialog broke it after the slash).
    const label = make('span', {});
    style(label, { 'white-space': 'nowrap' });
    // Each position stepped to is heard through the board's live region, in one message (the
    // move in words, where it stands, its mark and comment), once a control or key has been
    // pressed: not as the board opens (a dialog's replay set at its last move would be read
    // over the dialog itself).
    let speaking = false;
    /** The position last heard, so that a redraw of the same one says nothing. */
    let saidAt = /** @type {number | null} */ (null);
    const heard = () => {
      speaking = true;
    };
    /**
     * @param {number} shown  the ply shown, -1 the start
     * @param {number} n  the plies
     * @param {RecordNote | undefined} note
     * @returns {string} e.g. "2. white Coordinator h1 to h4 (3 of 12). The Coordinator comes out."
     */
    const spoken = (shown, n, note) => {
      const ply = up().state.snapshot.plies[shown];
      const where = `(${shown + 1} of ${n})`;
      const comment = note?.comment ? ` ${note.comment}` : '';
      return ply ? `${assessedWords(ply, note?.glyph ?? null, true)} ${where}.${comment}` : `The start ${where}.${comment}`;
    };
    /** The record's notes on its main line by ply (-1: the game's comment), read once per record. */
    let notes = { record: /** @type {string | undefined} */ (undefined), byPly: /** @type {Map<number, RecordNote>} */ (new Map()) };
    const notesNow = () => {
      if (notes.record !== current.record) {
        let read = /** @type {RecordNote[]} */ ([]);
        try {
          read = current.record?.trim() ? recordNotes(current.record) : [];
        } catch (error) {
          // Too many to take (the game itself was read): the moves alone.
          console.info(`replay: the record's comments were left out: ${errorText(error)}`);
        }
        notes = { record: current.record, byPly: new Map(read.filter((note) => note.line === 0).map((note) => [note.ply, note])) };
      }
      return notes.byPly;
    };
    /** @type {ReturnType<typeof setInterval> | null} */
    let playing = null;
    const play = make('button', { type: 'button', 'aria-pressed': 'false', title: 'Play the moves, one a second' }, 'Play');
    const stop = () => {
      if (playing !== null) clearInterval(playing);
      playing = null;
      play.setAttribute('aria-pressed', 'false');
      play.textContent = 'Play';
    };
    /** @param {string} text @param {string} name @param {() => number | null} target */
    const button = (text, name, target) => {
      const b = make('button', { type: 'button', 'aria-label': name, title: name }, text);
      b.addEventListener('click', () => {
        heard();
        stop();
        showPly(target());
        // At the start or the end the button turns itself off: the focus to its neighbour.
        keepFocus(b);
      });
      return b;
    };
    const last = () => (live ? live.state.snapshot.plies.length - 1 : -1);
    const at = () => (live?.state.viewed ? live.state.viewed.ply - 1 : last());
    const first = button('◀◀', 'Start', () => -1);
    const prev = button('◀', 'Previous move', () => at() - 1);
    const forward = () => (at() + 1 >= last() ? null : at() + 1);
    const next = button('▶', 'Next move', forward);
    const end = button('▶▶', 'Last move', () => null);
    play.addEventListener('click', () => {
      heard();
      if (playing !== null) return stop();
      if (at() >= last()) showPly(-1);
      playing = setInterval(() => {
        if (!live || at() >= last()) return stop();
        showPly(forward());
        if (at() >= last()) stop();
      }, REPLAY_MS);
      play.setAttribute('aria-pressed', 'true');
      play.textContent = 'Pause';
    });
    controls.append(first, prev, label, next, end, play);
    /** The keys of a replay board with the focus, as the buttons they stand for. */
    const keyed = /** @type {Record<string, HTMLButtonElement>} */ ({ ArrowLeft: prev, ArrowRight: next, Home: first, End: end });
    return {
      /** @param {KeyboardEvent} event  a key on the board: a step through the moves */
      key(event) {
        const pressed = keyed[event.key];
        if (!pressed || event.altKey || event.ctrlKey || event.metaKey) return;
        // The board's own arrows would move its focus square, which picks up nothing here.
        event.preventDefault();
        event.stopPropagation();
        if (!pressed.disabled) pressed.click();
      },
      update() {
        if (!live) return;
        const n = last() + 1;
        const shownAt = at() + 1;
        label.textContent = `${shownAt} / ${n}`;
        // A record with notes (an annotated game): the move shown, its mark and its comment
        // under the buttons, in a box of three lines whatever the comment (the board does not
        // move as the moves are stepped); the game's comment at the start.
        const byPly = current.mode === 'replay' ? notesNow() : new Map();
        const annotated = byPly.size > 0;
        style(caption, { display: annotated ? 'block' : 'none' });
        if (annotated) outer.dataset.caption = 'shown';
        else delete outer.dataset.caption;
        const note = byPly.get(at());
        if (annotated) {
          const ply = live.state.snapshot.plies[at()];
          const head = ply ? [make('strong', {}, `${plyLabel(ply)}${note?.glyph ?? ''}`), note?.comment ? ' ' : ''] : [];
          caption.replaceChildren(...head, note?.comment ?? '');
        }
        if (current.mode === 'replay' && speaking && saidAt !== at()) live.view.announce(spoken(at(), n, note));
        saidAt = at();
        first.disabled = prev.disabled = shownAt === 0;
        next.disabled = end.disabled = shownAt === n;
        play.disabled = n === 0;
      },
      stop,
    };
  })();

  /**
   * Adds a record's variations to the analysis as side lines (the game is its main line), and
   * its notes (comments and assessments) to their moves.
   *
   * @param {Analysis} analysis
   * @param {string} record
   */
  const addRecordLines = (analysis, record) => {
    let lines;
    let notes;
    try {
      lines = recordSideLines(record);
      notes = recordNotes(record);
    } catch (error) {
      // Too many to take (the game itself was read): the main line alone.
      console.info(`analysis: the record's variations were left out: ${errorText(error)}`);
      return;
    }
    // The main line first: the lines given order the tree's branches, and the notes count in
    // them so.
    const refused = analysis.addLines([handle.history().map((ply) => ply.text), ...lines], notes);
    if (refused > 0) console.info(`analysis: ${refused} moves of the record's variations are not legal there and were left out`);
  };

  /**
   * Applies the mode: who may move, the replay controls, the position shown. In `analysis` mode,
   * a record's variations become side lines when the analysis starts or the game is new.
   *
   * @param {boolean} [newGame]  the game was just (re)opened from the options
   */
  const applyMode = (newGame = false) => {
    const { state } = up();
    const mode = current.mode;
    /** @type {Record<Mode, Movable>} who moves pieces by hand in each mode */
    const movable = { play: current.movable, analysis: 'both', ai: current.side, view: 'none', replay: 'none' };
    setLook(state, { movable: movable[mode] });
    // A finger on a board whose pieces do not move scrolls the page (a diagram in a blog post
    // on a phone would hold the page still), and zooms it.
    style(up().view.canvas, { 'touch-action': movable[mode] === 'none' ? 'manipulation' : 'none' });
    nameBoard();
    // display, not the hidden attribute: the flex display set above would override it.
    style(controls, { display: mode === 'replay' ? 'flex' : 'none' });
    // For the iframe page's style sheet, which leaves the controls room under the board.
    if (mode === 'replay') outer.dataset.controls = 'shown';
    else delete outer.dataset.controls;
    replay.stop();
    stopThinking();
    showPly(mode === 'replay' ? -1 : null);
    draw();
    if (mode === 'analysis') {
      const attached = analysis === null;
      analysis ??= attachAnalysis(handle, { outer, stage, makeAi: startAi, drawShapes: (shapes) => setShapes(shapes.map((shape) => ({ ...shape })), 'option'), engine: current.engine !== false });
      if ((attached || newGame) && current.record?.trim()) addRecordLines(analysis, current.record);
    } else {
      analysis?.detach();
      analysis = null;
    }
  };

  const start = async () => {
    current = { ...DEFAULTS, ...checkOptions(/** @type {Record<string, unknown>} */ (options)) };
    // Until the wasm is in, the board's square is kept, its empty squares showing: a host's text
    // under the board stood a board's height higher, and jumped down when it came.
    applySize();
    const { light, dark } = THEMES[current.theme ?? defaultLook().theme];
    style(stage, { 'aspect-ratio': '1', background: `repeating-conic-gradient(${dark} 0 25%, ${light} 0 50%) 0 0 / 25% 25%` });
    await loadWasm(current.base);
    if (destroyed) return false;
    const session = openSession(specOf(current), restarted);
    const state = createState(session.snapshot(), lookOf(current));
    /** @type {Live} */
    const board = { session, state, view: /** @type {BoardView} */ (/** @type {unknown} */ (null)) };
    try {
      board.view = createBoard(stage, state, intentsOf(board));
    } catch (error) {
      session.close();
      throw error;
    }
    live = board;
    unkeep();
    styleBoard(board.view.root, board.view.canvas);
    applySize();
    applyMode(true);
    const optionShapes = current.shapes;
    if (optionShapes) {
      state.shapes = optionShapes.map((shape) => ({ ...shape }));
      for (const shape of state.shapes) given.add(shape);
      draw();
    }
    // Drawn once: like a person's, they go with the position (see `change`).
    delete current.shapes;
    // `ready` comes first, before the computer's first `thinking` and a replay's `view` of its
    // start, so that a host may wait for it before it listens to the board.
    readyTold = true;
    emit('ready', { position: session.snapshot().position });
    if (state.viewed) emit('view', { ply: state.viewed.ply - 1 });
    // The option's shapes are told as `set({ shapes })`'s are, once the host can hear them.
    if (optionShapes) emit('shapes', { shapes: optionShapes.map((shape) => ({ ...shape })), by: 'option' });
    think();
    return true;
  };

  /** The board is up, or will not be: its square is no longer kept for it. */
  const unkeep = () => style(stage, { 'aspect-ratio': '', background: '' });

  const ready = Promise.resolve()
    .then(start)
    .catch(async (error) => {
      failure = errorText(error);
      unkeep();
      live?.view.destroy();
      live?.session.close();
      live = null;
      // A task later: options refused at once, before any wasm is fetched, would otherwise be
      // told before the page's scripts after the board (the custom element's example in the
      // README) have added their listeners.
      await new Promise((resolve) => setTimeout(resolve));
      if (!destroyed) showError(failure);
      return false;
    });

  /**
   * The game options after a change: a record wins over a position, which wins over a setup, so
   * giving one drops those that would win over it.
   *
   * @param {EmbedOptions} changed
   * @returns {GameSpec}
   */
  const changeGame = (changed) => {
    const game = specOf(current);
    if (changed.setup !== undefined) Object.assign(game, { record: undefined, position: undefined });
    if (changed.position !== undefined) game.record = undefined;
    for (const name of GAME_OPTIONS) if (changed[name] !== undefined) game[name] = changed[name];
    return game;
  };

  /**
   * Applies options: a new game when `fresh` or when game options are among them, then the look,
   * the size and the mode. Nothing changes when an option is bad or the game does not load.
   *
   * @param {EmbedOptions} next
   * @param {boolean} fresh
   */
  const change = (next, fresh) => {
    const { session, state } = up();
    const checked = checkOptions(/** @type {Record<string, unknown>} */ (next));
    if ('base' in checked) throw new OptionError('base can only be given to mount');
    const restart = fresh || GAME_OPTIONS.some((name) => name in checked);
    const game = changeGame(checked);
    if (restart) {
      // Opened before the computer's search is stopped: a game that does not load throws here,
      // and the computer, still thinking about the game as it was, plays on.
      const opened = session.open(game);
      stopThinking();
      gameSeed = newSeed();
      transition(opened, { newGame: true });
    }
    current = { ...current, ...checked, ...game };
    // Shapes are drawn when given, on the position then shown, and not kept as an option: a
    // new game or another position does not bring them back.
    delete current.shapes;
    // In `ai` mode the player's side comes to the bottom when the mode or side is chosen.
    const turnsWithSide = current.mode === 'ai' && ('mode' in checked || 'side' in checked);
    setLook(state, lookOf({ ...checked, mode: current.mode, side: turnsWithSide ? current.side : undefined }));
    applySize();
    if ('label' in checked) nameBoard();
    errorBox.hidden = true;
    if (restart || 'mode' in checked || 'side' in checked || 'movable' in checked || 'level' in checked) applyMode(restart);
    if (checked.engine !== undefined) analysis?.engine(checked.engine);
    if (checked.shapes) {
      const shapes = checked.shapes.map((shape) => ({ ...shape }));
      for (const shape of shapes) given.add(shape);
      setShapes(shapes, 'option');
    }
    draw();
    think();
  };

  /** @param {EmbedOptions} [next] */
  const newGame = (next = {}) => change(next, true);

  /**
   * Takes back (`undo`) or replays (`redo`) a move; against the computer, its answer too, so
   * that it is the player's turn again. One transition either way; none, and no event, when
   * there is nothing to take back or replay (the shapes drawn and a search under way stay).
   *
   * @param {'undo' | 'redo'} way
   * @param {boolean} [quiet]  not announced
   * @returns {string | undefined} the first move taken back or replayed
   */
  const step = (way, quiet = false) => {
    const { session, state } = up();
    const before = state.snapshot;
    if (way === 'undo' ? !before.canUndo : before.redo === 0) return undefined;
    stopThinking();
    let snapshot = session[way]();
    const more = way === 'undo' ? snapshot.plies.length > 0 : snapshot.redo > 0;
    const undidMove = snapshot.plies.length !== before.plies.length;
    if (undidMove && computerToMove(snapshot) && more) snapshot = session[way]();
    transition(snapshot);
    // Heard as well as seen: the moves taken back, or replayed (one move replayed is announced
    // as played), or the end taken back.
    const changed = way === 'undo' ? before.plies.slice(snapshot.plies.length).reverse() : snapshot.plies.slice(before.plies.length);
    const texts = changed.map((ply) => ply.text).join(' and ');
    const reopened = before.status.kind !== 'ongoing' && snapshot.status.kind === 'ongoing';
    const said = way === 'undo' ? (changed.length > 0 ? `Took back ${texts}` : reopened ? 'The end of the game was taken back: it goes on' : '') : changed.length > 1 ? `Replayed ${texts}` : '';
    if (said && !quiet) up().view.announce(said);
    think();
    const plies = way === 'undo' ? before.plies : snapshot.plies;
    return undidMove ? plies[before.plies.length - (way === 'undo' ? 1 : 0)]?.text : undefined;
  };

  /**
   * @param {number} [level]
   * @returns {Promise<string | null>}
   */
  const hint = async (level = current.level, reveal = /** @type {'move' | 'piece'} */ ('move')) => {
    const { state } = up();
    const why = isOver(state)
      ? 'the game is over'
      : state.viewed !== null
        ? 'an earlier position is shown'
        : computerToMove(state.snapshot)
          ? 'the computer is to move'
          : searching
            ? 'a search is running'
            : null;
    if (why) throw new Error(`no hint now: ${why}`);
    return search('hint', checkOption('level', level), reveal === 'piece' ? 'piece' : 'move');
  };

  /** The computer player, started when first needed. */
  /** A computer player of its own, its worker found where the board's files are. */
  const startAi = () => createAi(current.base === undefined ? undefined : new URL('www/ai-worker.js', current.base));
  const computerPlayer = () => (ai ??= startAi());

  /** @type {EmbedHandle} */
  const handle = {
    ready,
    set: (next) => change(next, false),
    view: () => ({ ...up().state.look, mode: current.mode, side: current.side, level: current.level }),
    snapshot: () => up().state.snapshot,
    position: () => up().state.snapshot.position,
    record: () => up().session.record(),
    rules: () => up().state.snapshot.rules,
    history: () => up().state.snapshot.plies,
    redoLength: () => up().state.snapshot.redo,
    turn: () => up().state.snapshot.turn,
    isCheck: () => up().state.snapshot.check !== null,
    result: () => {
      const { status } = up().state.snapshot;
      return status.kind === 'ongoing' ? null : status;
    },
    setPosition(position) {
      const text = checkOption('position', position);
      newGame({ position: text, rules: up().state.snapshot.rules });
    },
    play: (move, how = {}) => playText(move, { quiet: how?.quiet === true }),
    undo: (how = {}) => step('undo', how?.quiet === true),
    redo: () => step('redo'),
    resign(side) {
      const { session, state } = up();
      stopThinking();
      // By default the board's own player: the one its pieces move for (in `ai` mode, or `play`
      // with one side movable), who may resign on the other side's turn; else the side to move.
      transition(session.resign(side ?? playerSide(state) ?? state.snapshot.turn));
    },
    flag(side) {
      const { session } = up();
      stopThinking();
      transition(session.flag(side));
    },
    agreeDraw() {
      const { session } = up();
      stopThinking();
      transition(session.agreeDraw());
    },
    clockTime(time) {
      moveTime = time;
    },
    flip() {
      const { state } = up();
      setLook(state, { orientation: otherSide(state.look.orientation) });
      draw();
    },
    hint,
    setHeader(name, value) {
      const { session, state } = up();
      // The position is the same: the marks on it stay.
      state.snapshot = session.setHeader(name, value);
      emit('change', { snapshot: state.snapshot, newGame: false });
    },
    showMove,
    showGlyph,
    showThreat,
    showPly,
    shownPly: () => {
      const { viewed } = up().state;
      return viewed === null ? null : viewed.ply - 1;
    },
    selection: () => selection(up().state),
    deselect() {
      const { state, view } = up();
      clearSelection(state);
      if (state.premove) view.announce('Premove cancelled');
      state.premove = null;
      emit('select', selection(state));
      draw();
    },
    premove: () => {
      const { premove } = up().state;
      return premove && { ...premove };
    },
    queuePremove(text) {
      const board = up();
      const squares = moveSquares(text);
      const refused = premoveRefusal(board.state, squares);
      if (refused) throw new Error(refused);
      queuePremove(board, squares.from, squares.to);
    },
    preview() {
      const { state } = up();
      return moveBetween(state.snapshot, state.selected, state.pointed)?.captures ?? [];
    },
    shapes: () => up().state.shapes.map((shape) => ({ ...shape })),
    geometry: () => up().view.geometry(),
    squareCenter: (name) => up().view.squareCenter(name),
    canvas: () => live?.view.canvas ?? null,
    newGame,
    on(type, listener) {
      const set = (listeners[type] ??= new Set());
      set.add(listener);
      return () => set.delete(listener);
    },
    ai: computerPlayer,
    analysis: () => analysis,
    report: (error) => showError(errorText(error)),
    destroy() {
      if (destroyed) return;
      analysis?.detach();
      analysis = null;
      destroyed = true;
      replay.stop();
      searching = 0;
      ai?.dispose();
      ai = null;
      live?.view.destroy();
      live?.session.close();
      live = null;
      outer.remove();
      for (const set of Object.values(listeners)) set.clear();
    },
  };
  return handle;
}

