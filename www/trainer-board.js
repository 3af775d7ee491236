// What the lessons, the puzzle trainer, "Learn from your mistakes" and the board editor share:
// their dialog's head (title and ×); and about their small boards: the board itself, mounted on
// first use; the button that removes a frozen piece picked up (its suicide); Escape putting a
// picked-up piece down rather than closing the dialog; the line that says whether a move was
// right; the pause before the board moves by itself; and how a puzzle is put on the board.

import { mount } from './embed.js';
import { otherSide, pieceName } from './notation.js';
import { make, squareIndex } from './util.js';
import { showView } from './view-history.js';

/** @import { EmbedHandle, MoveDetail } from './embed.js' */
/** @import { EmbedOptions } from './options.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { MoveInfo, PlyInfo, Side } from '../ultima-wasm.js' */
/** @import { Lead } from './puzzles.js' */

/**
 * Where a trainer's Analyse comes back to: its dialog shown again as it was left (a puzzle solved
 * or missed, a better move found or shown), the focus on its Next button when that is shown.
 *
 * @param {HTMLDialogElement} dialog
 * @param {HTMLButtonElement} next
 * @returns {() => void}  the analysis's `back.go`
 */
export function backToTrainer(dialog, next) {
  return () => {
    if (dialog.open) return;
    showView(dialog);
    if (!next.hidden) next.focus();
  };
}

/**
 * A trainer's dialog and its head: the title and the × that closes it, each named after the
 * trainer (`<name>`, `<name>-title`, `<name>-close`, `<name>-head`) beside the classes all
 * trainers share (trainer.css). The caller fills the dialog and puts it in the page.
 *
 * @param {string} name  e.g. "puzzles"
 * @param {string} heading  e.g. "Puzzles"
 * @param {string} closeLabel  the ×'s accessible name, e.g. "Close the puzzles"
 * @returns {{ dialog: HTMLDialogElement, title: HTMLElement, head: HTMLElement }}
 */
export function trainerDialog(name, heading, closeLabel) {
  const dialog = /** @type {HTMLDialogElement} */ (make('dialog', { id: name, class: `${name} trainer`, 'aria-labelledby': `${name}-title` }));
  const title = make('h2', { id: `${name}-title` }, heading);
  const close = make('button', { type: 'button', class: `${name}-close trainer-close`, 'aria-label': closeLabel }, '×');
  close.addEventListener('click', () => dialog.close());
  const head = make('header', { class: `${name}-head trainer-head` });
  head.append(title, close);
  return { dialog, title, head };
}

/**
 * A trainer's board, mounted in `host` the first time it is asked for, in view mode (the trainer
 * lets a move be played when it wants one). One tap plays, also a capture: a trainer answers a
 * wrong try and puts the position back, so the game's two-tap preview would only slow the learner
 * down. Each time it is asked for, it is drawn in the page's piece set and board colours of the
 * moment, as the page's own board is.
 *
 * @param {HTMLElement} host
 * @param {object} how
 * @param {() => PieceSet} how.pieceSet
 * @param {() => Theme} how.theme  the board's colours
 * @param {(detail: MoveDetail) => void} how.moved  the board's `move` listener
 * @param {(detail: { square: string | null, moves: MoveInfo[] }) => void} how.selected  its
 *   `select` listener
 * @param {string} how.name  e.g. "the puzzle board": for the error when it cannot start, and
 *   (as "Puzzle board") the board's name for screen readers
 * @param {EmbedOptions} [how.options]  more options for `mount`
 * @returns {() => Promise<EmbedHandle>} the board, ready; throws when it cannot start
 */
export function trainerBoard(host, { pieceSet, theme, moved, selected, name, options = {} }) {
  /** @type {EmbedHandle | null} */
  let board = null;
  return async () => {
    if (!board) {
      const label = name.replace(/^the (.)/, (_, first) => first.toUpperCase());
      board = mount(host, { label, ...options, mode: 'view', pieceSet: pieceSet(), theme: theme(), touchPreview: false });
      board.on('move', moved);
      board.on('select', selected);
    }
    if (!(await board.ready)) throw new Error(`${name} could not start`);
    board.set({ pieceSet: pieceSet(), theme: theme() });
    return board;
  };
}

/**
 * Waits before the board moves by itself (a reply, a solution, a try taken back): a third as
 * long for a player who asks for reduced motion.
 *
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? ms / 3 : ms));

/**
 * Puts a puzzle on a trainer's board as lichess does: the position before the opponent's last
 * move, turned to the solver; `playLead` then plays that move (slid), so that the solver sees
 * what just happened (the caller chooses when: a moment later, or at once). A puzzle without
 * one (a set mined before they were kept) is put as it is, and `playLead` does nothing. The
 * board is left in view mode, the caller lets the solver play. Both throw when the board
 * refuses the position or the move, or the move leads elsewhere (a damaged set).
 *
 * @param {EmbedHandle} board
 * @param {{ position: string, lead: Lead | null }} puzzle
 * @returns {{ solver: Side, playLead: () => void }}
 */
export function putPuzzle(board, puzzle) {
  const { lead } = puzzle;
  board.newGame({ position: lead?.before ?? puzzle.position, mode: 'view' });
  const solver = lead ? otherSide(board.turn()) : board.turn();
  board.set({ orientation: solver });
  const playLead = () => {
    if (!lead) return;
    board.play(lead.move);
    // The page cannot tell a damaged set's last move from a good one; the position it leads to can.
    if (board.position() !== puzzle.position) throw new Error(`its last move ${lead.move} does not lead to its position`);
  };
  return { solver, playLead };
}

/**
 * How many plies a board that `putPuzzle` set up holds before the puzzle's own position: the
 * opponent's last move, if the puzzle has one. Taking the board back to the puzzle, or opening
 * it elsewhere at the puzzle's position, starts there.
 *
 * @param {{ lead: Lead | null }} puzzle
 * @returns {number}
 */
export const leadPlies = (puzzle) => (puzzle.lead ? 1 : 0);

/**
 * The "Remove it" button: a frozen piece may remove itself (its suicide), which no drag or tap
 * on the board can say, so the button offers it while such a piece is picked up and the trainer
 * takes a move.
 *
 * @param {string} className  the button's class
 * @param {() => EmbedHandle | null} board  the trainer's board, once mounted
 * @param {() => boolean} trying  whether the trainer takes a move now
 */
export function suicideButton(className, board, trying) {
  const button = make('button', { type: 'button', class: className }, 'Remove it');
  button.hidden = true;
  /** @type {MoveInfo | null} */
  let pending = null;
  button.addEventListener('click', () => {
    const handle = board();
    if (pending && handle) handle.play(pending.text);
  });
  return {
    button,
    /** Hides the button: a new position, a move played, or no more moves to take. */
    hide() {
      pending = null;
      button.hidden = true;
    },
    /**
     * The board's `select` listener.
     *
     * @param {{ square: string | null, moves: MoveInfo[] }} detail
     */
    selected({ square, moves }) {
      pending = (trying() && square && moves.find((m) => m.suicide)) || null;
      button.hidden = pending === null;
      const handle = board();
      if (pending && square && handle) {
        const letter = handle.snapshot().pieces[squareIndex(square)] ?? '';
        button.setAttribute('aria-label', `Remove the frozen ${letter ? pieceName(letter) : 'piece'} on ${square} (suicide)`);
      }
    },
  };
}

/**
 * Escape with a piece picked up on the trainer's board puts it down, as on the game's board,
 * rather than closing the dialog: the key is taken before the dialog sees it (a cancelled keydown
 * makes no close request), and a close request of another kind (a phone's back gesture) is
 * refused the same way where the browser lets it be.
 *
 * @param {HTMLDialogElement} dialog
 * @param {() => EmbedHandle | null} board  the board on show, if any
 */
export function escapePutsDown(dialog, board) {
  const putDown = () => {
    const handle = board();
    if (!handle || handle.selection().square === null) return false;
    handle.deselect();
    return true;
  };
  dialog.addEventListener(
    'keydown',
    (event) => {
      // On the board itself its own Escape puts the piece down and says so ("Put down the white
      // Pawn on a2"), cancelling the key in turn; elsewhere in the dialog it is done here.
      if (event.key === 'Escape' && event.target === board()?.canvas()) return;
      if (event.key === 'Escape' && putDown()) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );
  dialog.addEventListener('cancel', (event) => {
    if (putDown()) event.preventDefault();
  });
}

/** The keys that play on a board (input.js): its focus square's arrows, and picking up and dropping. */
const BOARD_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ']);

/**
 * The keys that play, pressed with the focus on a trainer's task, go to its board: a trainer
 * puts the focus on the task as a position opens (a screen reader hears it), where an arrow or
 * Enter did nothing, and the board was a Shift+Tab away with nothing to say so.
 *
 * @param {HTMLElement} task
 * @param {() => EmbedHandle | null} board
 */
export function taskKeysToBoard(task, board) {
  task.addEventListener('keydown', (event) => {
    const canvas = board()?.canvas();
    if (!canvas || !BOARD_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    canvas.focus();
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, shiftKey: event.shiftKey, bubbles: true, cancelable: true }));
  });
}

/**
 * The move a trainer's board has just played, for the words about it: the ply its history ends
 * on (a board's move event comes after its history has it), drawn in figurines in a phrase; its
 * display form should the history not have it.
 *
 * @param {EmbedHandle} board
 * @param {MoveDetail} detail  the move event's
 * @returns {PlyInfo | string}
 */
export const playedNow = (board, detail) => board.history().at(-1) ?? detail.display;

/**
 * Writes the trainer's feedback line: its text (or its content, where moves are drawn in
 * figurines: `phraseContent`), and whether it says a move was right or wrong (`trainer.css`
 * colours `.right` and `.wrong`), or neither for a plain message. The line keeps its other
 * classes, which its own trainer's tests and rules use.
 *
 * @param {HTMLElement} feedback
 * @param {string | ReadonlyArray<string | Node>} content
 * @param {'right' | 'wrong' | null} [verdict]
 */
export function showFeedback(feedback, content, verdict = null) {
  feedback.replaceChildren(...(typeof content === 'string' ? [content] : content));
  feedback.classList.toggle('right', verdict === 'right');
  feedback.classList.toggle('wrong', verdict === 'wrong');
}
