// The board editor on the page: a dialog with a board to set up any position, piece by piece, a
// palette (each piece of each side, and an eraser), the side to move, and the position string,
// checked as it changes. From it, the position goes to the analysis board, to a new game (the
// new-game dialog, with the position filled in) or to the clipboard. A press on a square puts
// the palette's piece there (a second press takes it away); a piece dragged goes where it is
// dropped (off the board: taken away), and a palette's piece dragged onto the board is put
// there. On the board, the arrow keys move a focus square and Enter or Space does the same as
// a press, Delete empties the square.
//
// Every check is the wasm's: `positionFromPieces` gives the position string or the rules'
// reason it is not a position; a pasted string is read by a `Game`, whose snapshot gives the
// pieces back. `openEditor()` opens it from anywhere; the page tells it the look and what its
// actions do with `configureEditor`. The dialog is built the first time it opens.

import { watchCanvas } from './canvas.js';
import { COPY_REFUSED, copyText } from './clipboard.js';
import { dragged, EMPTY, ERASER, lettersOf, placed, tools } from './editor.js';
import { otherSide, pieceName, sideName } from './notation.js';
import { figureUrl } from './movelist.js';
import { drawLetter } from './pieces.js';
import { START_PIECES, stillPicture } from './placeholder.js';
import { trainerDialog } from './trainer-board.js';
import { render } from './render.js';
import { ARROW_STEPS, errorClause, make, squareAtPoint, squareName, stepOnScreen } from './util.js';
import { bindings } from './wasm.js';
import { onViewClosed, showView } from './view-history.js';

/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { Side } from '../ultima-wasm.js' */

/**
 * @typedef {object} EditorConfig
 * @property {() => PieceSet} pieceSet
 * @property {() => Theme} theme
 * @property {((position: string, orientation: Side) => void) | null} analyse  opens a position
 *   on the analysis board (the editor is closed first)
 * @property {((position: string) => void) | null} play  starts a game from a position (the
 *   editor is closed first)
 */

/** How far, in CSS pixels, a press must move to drag a piece rather than click its square. */
const DRAG_THRESHOLD = 4;
/** The same for a finger, which moves a little in a tap. */
const TOUCH_DRAG_THRESHOLD = 10;

/** @type {EditorConfig} */
let config = { pieceSet: () => 'chess', theme: () => 'green', analyse: null, play: null };

/**
 * Tells the editor the page's look and what its actions do.
 *
 * @param {Partial<EditorConfig>} options
 */
export function configureEditor(options) {
  config = { ...config, ...options };
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/**
 * Opens the editor on a position: the one given (e.g. the board's), or the start.
 *
 * @param {{ pieces?: readonly string[], turn?: Side }} [from]  a snapshot's pieces and turn
 */
export function openEditor(from = {}) {
  ui ??= build();
  ui.open(from.pieces ? lettersOf(from.pieces) : START_PIECES, from.turn ?? 'white');
}

function build() {
  const { dialog, head } = trainerDialog('editor', 'Board editor', 'Close the board editor');

  const canvas = make('canvas', {
    class: 'editor-board',
    tabindex: '0',
    'aria-label': 'Board: a press puts the chosen piece on a square; arrow keys move the focus square, Enter or Space puts the piece there, Delete empties it',
  });
  const said = make('p', { class: 'editor-said visually-hidden', role: 'status', 'aria-live': 'polite' });

  // One choice among fifteen, as radio buttons are: one Tab stop, the arrow keys to the others
  // (fifteen buttons in the Tab order put the board's other controls fifteen presses away).
  const palette = make('div', { class: 'editor-palette', role: 'radiogroup', 'aria-label': 'The piece to put on the board' });
  const toolButtons = tools().map((tool) => {
    const button = make('button', { type: 'button', class: 'editor-tool', role: 'radio', 'aria-checked': 'false', tabindex: '-1', 'aria-label': tool === ERASER ? 'Eraser: empty a square' : pieceName(tool), title: tool === ERASER ? 'Eraser' : pieceName(tool), 'data-tool': tool });
    // A piece is its figurine, as in the move list (drawn when the editor opens, in the piece
    // set of the moment); the eraser a cross.
    button.append(tool === ERASER ? make('span', { class: 'editor-eraser', 'aria-hidden': 'true' }, '✕') : make('img', { alt: '', draggable: 'false' }));
    palette.append(button);
    return button;
  });

  const sides = make('fieldset', { class: 'editor-turn' });
  sides.append(make('legend', {}, 'Side to move'));
  /** @type {Record<Side, HTMLInputElement>} */
  const turnInputs = { white: make('input', { type: 'radio', name: 'editor-turn', value: 'white' }), black: make('input', { type: 'radio', name: 'editor-turn', value: 'black' }) };
  for (const side of /** @type {Side[]} */ (['white', 'black'])) {
    const label = make('label');
    label.append(turnInputs[side], ` ${sideName(side)}`);
    sides.append(label);
  }

  const startButton = make('button', { type: 'button', class: 'editor-start' }, 'Start position');
  const clearButton = make('button', { type: 'button', class: 'editor-clear' }, 'Empty board');
  const flipButton = make('button', { type: 'button', class: 'editor-flip' }, 'Flip');
  const boardButtons = make('div', { class: 'buttons' });
  boardButtons.append(startButton, clearButton, flipButton);

  const field = make('input', { type: 'text', id: 'editor-position', class: 'editor-position', spellcheck: 'false', autocomplete: 'off', placeholder: 'none: the board is not a position to play', 'aria-describedby': 'editor-check' });
  const fieldLabel = make('label', { for: 'editor-position' }, 'Position string (type or paste one, then Enter)');
  const check = make('p', { id: 'editor-check', class: 'editor-check', role: 'status' });

  const analyseButton = make('button', { type: 'button', class: 'editor-analyse primary' }, 'Analyse');
  const playButton = make('button', { type: 'button', class: 'editor-play' }, 'Play from here…');
  const copyButton = make('button', { type: 'button', class: 'editor-copy' }, 'Copy position');
  const actions = make('div', { class: 'buttons editor-actions' });
  actions.append(analyseButton, playButton, copyButton);
  const copyField = make('textarea', { class: 'editor-copied', rows: '2', readonly: '', 'aria-label': 'The position string' });
  copyField.hidden = true;

  const side = make('div', { class: 'trainer-side' });
  side.append(palette, sides, boardButtons, fieldLabel, field, check, actions, copyField);
  const play = make('div', { class: 'trainer-play' });
  const boardBox = make('div', { class: 'trainer-board' });
  boardBox.append(canvas);
  play.append(boardBox, side);
  dialog.append(head, play, said);
  document.body.append(dialog);

  let letters = START_PIECES;
  /** @type {Side} */
  let turn = 'white';
  /** @type {Side} */
  let orientation = 'white';
  let tool = 'K';
  let focus = 27;
  let showFocus = false;
  /** @type {string | null} the position string of the board, when it is a position */
  let position = null;

  /**
   * A press under way, on the board or on the palette: a click if it ends without moving far
   * (on the board, or on its own square), else a drag carrying `piece` under the pointer, from
   * the board's square `from` (shown empty meanwhile) or from the palette (`from` null).
   *
   * @type {{ id: number, from: number | null, piece: string, startX: number, startY: number, started: boolean } | null}
   */
  let held = null;
  /** The piece carried, under the pointer wherever it goes, over the page (not a part of it). */
  const carried = make('canvas', { class: 'editor-carried', 'aria-hidden': 'true' });
  carried.hidden = true;
  dialog.append(carried);

  const ctx = canvas.getContext('2d');
  const paint = () => {
    if (!ctx) return;
    const lifted = held?.started && held.from !== null ? dragged(letters, held.from, null) : letters;
    render(ctx, { ...stillPicture(lifted, { orientation, pieceSet: config.pieceSet(), theme: config.theme() }), focus, showFocus });
  };

  /**
   * Draws the carried piece at the pointer, a square's size of the board.
   *
   * @param {string} piece
   * @param {PointerEvent} event
   */
  const carry = (piece, event) => {
    const unit = canvas.getBoundingClientRect().width / 8;
    const pixels = Math.max(1, Math.round(unit * (window.devicePixelRatio || 1)));
    const look = `${piece} ${config.pieceSet()} ${pixels}`;
    if (carried.dataset.look !== look) {
      carried.width = carried.height = pixels;
      Object.assign(carried.style, { width: `${unit}px`, height: `${unit}px` });
      const drawing = carried.getContext('2d');
      drawing?.clearRect(0, 0, pixels, pixels);
      if (drawing) drawLetter(drawing, config.pieceSet(), piece, 0, 0, pixels);
      carried.dataset.look = look;
    }
    carried.style.transform = `translate(${event.clientX - unit / 2}px, ${event.clientY - unit / 2}px)`;
    carried.hidden = false;
  };
  /** @type {import('./canvas.js').CanvasView | null} sizes the canvas while the dialog is open */
  let view = null;

  /** Checks the board with the wasm, and shows the result everywhere it shows. */
  const update = () => {
    try {
      position = bindings().positionFromPieces(letters, turn, null);
      field.value = position;
      check.textContent = 'A legal position.';
      check.classList.remove('error');
    } catch (error) {
      // The board has no position string (the rules write none for it): an old one would
      // mislead.
      position = null;
      field.value = '';
      check.textContent = `Not a position to play: ${errorClause(error)}.`;
      check.classList.add('error');
    }
    for (const button of [analyseButton, playButton, copyButton]) button.disabled = position === null;
    turnInputs[turn].checked = true;
    canvas.dataset.pieces = letters;
    paint();
  };

  /** @param {string} chosen */
  const choose = (chosen) => {
    tool = chosen;
    for (const button of toolButtons) {
      const chosen = button.dataset.tool === tool;
      button.setAttribute('aria-checked', String(chosen));
      button.tabIndex = chosen ? 0 : -1;
    }
  };

  /**
   * A press on `square` with the tool in hand.
   *
   * @param {number} square
   * @param {string} [using]
   */
  const press = (square, using = tool) => {
    letters = placed(letters, square, using);
    const now = letters.charAt(square);
    said.textContent = `${squareName(square)}: ${now === ERASER ? 'empty' : pieceName(now)}`;
    update();
  };

  /** @param {PointerEvent} event @returns {number | null} the square under the pointer */
  const squareOf = (event) => squareAtPoint(canvas.getBoundingClientRect(), event.clientX, event.clientY, orientation);
  // A click puts the tool's piece (when the press ends); a piece dragged goes where it is
  // dropped, or off the board, as in lichess's editor; a drag from an empty square puts the
  // tool's piece where it ends (nothing off the board), and one that ends on its own square is
  // a click (a finger slips).
  canvas.addEventListener('pointerdown', (event) => {
    const square = squareOf(event);
    if (square === null || event.button !== 0 || held) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(event.pointerId);
    showFocus = false;
    focus = square;
    held = { id: event.pointerId, from: square, piece: letters.charAt(square), startX: event.clientX, startY: event.clientY, started: false };
  });
  /** @param {PointerEvent} event  a move of the press under way: a drag once it is far enough */
  const follow = (event) => {
    if (held?.id !== event.pointerId) return;
    const threshold = event.pointerType === 'touch' ? TOUCH_DRAG_THRESHOLD : DRAG_THRESHOLD;
    if (!held.started && (held.piece === ERASER || Math.hypot(event.clientX - held.startX, event.clientY - held.startY) < threshold)) return;
    if (!held.started) {
      held.started = true;
      paint();
    }
    carry(held.piece, event);
  };
  /** The press is over: nothing carried any more. */
  const letGo = () => {
    held = null;
    carried.hidden = true;
  };
  canvas.addEventListener('pointermove', follow);
  canvas.addEventListener('pointerup', (event) => {
    if (held?.id !== event.pointerId || held.from === null) return;
    const { from, piece, started } = held;
    letGo();
    const to = squareOf(event);
    if (!started || to === from) {
      const target = piece === ERASER ? to : from;
      if (target === null) return;
      focus = target;
      press(target);
      return;
    }
    letters = dragged(letters, from, to);
    if (to !== null) focus = to;
    said.textContent = to === null ? `${pieceName(piece)} taken off ${squareName(from)}` : `${pieceName(piece)} from ${squareName(from)} to ${squareName(to)}`;
    update();
  });
  canvas.addEventListener('pointercancel', (event) => {
    if (held?.id !== event.pointerId) return;
    letGo();
    paint();
  });
  // A palette's piece dragged onto the board is put where it is dropped (nothing elsewhere), as
  // lichess's spare pieces are; a click chooses it, as before. By a mouse or a pen: a finger on
  // the palette scrolls the page, and taps the piece to choose it.
  for (const button of toolButtons) {
    const piece = button.dataset.tool ?? ERASER;
    if (piece === ERASER) continue;
    button.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'touch' || event.button !== 0 || held) return;
      button.setPointerCapture(event.pointerId);
      held = { id: event.pointerId, from: null, piece, startX: event.clientX, startY: event.clientY, started: false };
    });
    button.addEventListener('pointermove', follow);
    button.addEventListener('pointerup', (event) => {
      if (held?.id !== event.pointerId) return;
      const { started } = held;
      letGo();
      const to = started ? squareOf(event) : null;
      if (to === null || letters.charAt(to) === piece) return;
      focus = to;
      press(to, piece);
    });
    button.addEventListener('pointercancel', (event) => {
      if (held?.id === event.pointerId) letGo();
    });
  }
  // Escape during a drag puts the piece back, as on the other boards, and leaves the editor open.
  dialog.addEventListener('cancel', (event) => {
    if (!held?.started) return;
    event.preventDefault();
    letGo();
    paint();
  });
  canvas.addEventListener('keydown', (event) => {
    const step = ARROW_STEPS[event.key];
    if (step) {
      focus = stepOnScreen(focus, step, orientation);
      const now = letters.charAt(focus);
      said.textContent = `${squareName(focus)}: ${now === ERASER ? 'empty' : pieceName(now)}`;
    } else if (event.key === 'Enter' || event.key === ' ') {
      press(focus);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      if (letters.charAt(focus) !== ERASER) press(focus, ERASER);
    } else {
      return;
    }
    event.preventDefault();
    showFocus = true;
    paint();
  });
  canvas.addEventListener('blur', () => {
    showFocus = false;
    paint();
  });

  for (const button of toolButtons) button.addEventListener('click', () => choose(button.dataset.tool ?? ERASER));
  palette.addEventListener('keydown', (event) => {
    const at = toolButtons.findIndex((button) => button.dataset.tool === tool);
    const last = toolButtons.length - 1;
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: last })[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const button = toolButtons[(to + toolButtons.length) % toolButtons.length];
    choose(button.dataset.tool ?? ERASER);
    button.focus();
  });
  for (const input of Object.values(turnInputs)) {
    input.addEventListener('change', () => {
      turn = input.value === 'black' ? 'black' : 'white';
      update();
    });
  }
  startButton.addEventListener('click', () => {
    letters = START_PIECES;
    turn = 'white';
    update();
  });
  clearButton.addEventListener('click', () => {
    letters = EMPTY;
    update();
  });
  flipButton.addEventListener('click', () => {
    orientation = otherSide(orientation);
    paint();
  });

  /** Reads the typed position string with a `Game`; on a bad one, says why and changes nothing. */
  const readField = () => {
    const text = field.value.trim();
    // Nothing typed, or the board's own string: the board's check again (it clears an error
    // left by a bad string typed before, and the actions come back).
    if (text === '' || text === position) {
      update();
      return;
    }
    try {
      const game = new (bindings().Game)(text, null);
      try {
        const snapshot = game.snapshot();
        letters = lettersOf(snapshot.pieces);
        turn = snapshot.turn;
      } finally {
        game.free();
      }
      update();
    } catch (error) {
      check.textContent = `That position string cannot be read: ${errorClause(error)}.`;
      check.classList.add('error');
      // The actions would take the board's position, not the one typed: off until the string
      // is put right or the board changes.
      for (const button of [analyseButton, playButton, copyButton]) button.disabled = true;
    }
  };
  field.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    readField();
  });
  field.addEventListener('change', readField);

  analyseButton.addEventListener('click', () => {
    if (!position || !config.analyse) return;
    dialog.close();
    config.analyse(position, orientation);
  });
  playButton.addEventListener('click', () => {
    if (!position || !config.play) return;
    dialog.close();
    config.play(position);
  });
  copyButton.addEventListener('click', async () => {
    if (!position) return;
    const ok = await copyText(position, copyField);
    copyField.hidden = ok;
    check.textContent = ok ? 'The position string was copied.' : COPY_REFUSED;
    check.classList.remove('error');
  });
  /** @type {{ from: string, letters: string, turn: Side } | null} the board as the editor was
   * closed, and the position it had been opened on */
  let draft = null;
  /** The position the editor was opened on, as its letters and side. */
  let openedOn = '';
  onViewClosed(dialog, () => {
    view?.stop();
    view = null;
    draft = { from: openedOn, letters, turn };
  });

  return {
    /**
     * Opens on a position; on the same one as last time, the board comes back as it was left
     * (closed by mistake, or a new game from it cancelled, the work is not lost).
     *
     * @param {string} from  64 letters
     * @param {Side} side
     */
    open(from, side) {
      openedOn = `${from} ${side}`;
      const resumed = draft?.from === openedOn ? draft : null;
      letters = resumed ? resumed.letters : from;
      turn = resumed ? resumed.turn : side;
      showFocus = false;
      copyField.hidden = true;
      analyseButton.hidden = config.analyse === null;
      playButton.hidden = config.play === null;
      for (const button of toolButtons) {
        const picture = button.firstElementChild;
        if (picture instanceof HTMLImageElement) picture.src = figureUrl(config.pieceSet(), button.dataset.tool ?? ERASER);
      }
      choose(tool);
      showView(dialog);
      view ??= watchCanvas(canvas, paint);
      update();
      canvas.focus();
    },
  };
}
