// The squares drill on the page, as lichess's coordinate trainer: a dialog with a board whose
// coordinates are hidden, a square's name to find, and 30 seconds to find as many as possible by
// clicking (or tapping) them. A right square is circled green and the next name comes; a wrong
// one is circled red and the name stays. The side at the bottom is the player's choice; the best
// round from each side is kept in localStorage (squares.js). Loaded on first use:
// `openSquares()`; the page tells it its piece set with `configureSquares({ pieceSet })`.

import { afterRound, loadBest, nextSquare, ROUND_MS, saveBest } from './squares.js';
import { showFeedback, trainerBoard, trainerDialog } from './trainer-board.js';
import { errorText, make, pageStorage, squareAtPoint, squareName } from './util.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Side } from '../ultima-wasm.js' */

/** @type {{ pieceSet: () => PieceSet }} */
let config = { pieceSet: () => 'chess' };

/**
 * Tells the drill the page's piece set.
 *
 * @param {Partial<typeof config>} options
 */
export function configureSquares(options) {
  config = { ...config, ...options };
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/** Opens the drill, ready to start a round. */
export async function openSquares() {
  ui ??= build();
  await ui.open();
}

/** How often the time left is drawn, in milliseconds. */
const TICK_MS = 100;

/** Builds the dialog, once. */
function build() {
  const { dialog, head } = trainerDialog('squares', 'Squares', 'Close the squares drill');
  const lead = make('p', { class: 'squares-lead trainer-lead' }, 'Moves and lessons name squares: "Lb1-b8", "the Pawn on c3". Find each square named here on the board, as many as you can in 30 seconds. The board shows no coordinates.');
  const target = make('p', { class: 'squares-target trainer-task', 'aria-live': 'polite' });
  const time = make('p', { class: 'squares-time' });
  const bar = make('div', { class: 'squares-bar', 'aria-hidden': 'true' });
  const barFill = make('div', { class: 'squares-bar-fill' });
  bar.append(barFill);
  const score = make('p', { class: 'squares-score' });
  const feedback = make('p', { class: 'squares-feedback trainer-feedback', role: 'status' });
  const sideLabel = make('label', { class: 'squares-side' }, 'At the bottom ');
  const side = make('select', { id: 'squares-side' });
  side.append(make('option', { value: 'white' }, 'White'), make('option', { value: 'black' }, 'Black'));
  sideLabel.append(side);
  const start = make('button', { type: 'button', class: 'squares-start trainer-next' }, 'Start');
  const actions = make('div', { class: 'squares-actions trainer-actions' });
  actions.append(start, sideLabel);
  const best = make('p', { class: 'squares-best' });
  const boardHost = make('div', { class: 'squares-board trainer-board' });
  const panel = make('div', { class: 'squares-side-panel trainer-side' });
  panel.append(lead, target, time, bar, score, feedback, actions, best);
  const play = make('div', { class: 'squares-play trainer-play' });
  play.append(boardHost, panel);
  dialog.append(head, play);
  document.body.append(dialog);

  const mounted = trainerBoard(boardHost, {
    pieceSet: () => config.pieceSet(),
    moved: () => {},
    selected: () => {},
    name: 'the squares board',
    options: { coordinates: false, orientation: 'white' },
  });
  /** @type {EmbedHandle | null} */
  let board = null;

  /** The round under way: the square asked for, the squares found and missed, when it ends. */
  let round = /** @type {{ wanted: string, found: number, missed: number, ends: number } | null} */ (null);
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;
  let bests = loadBest(pageStorage());

  const chosenSide = () => /** @type {Side} */ (side.value === 'black' ? 'black' : 'white');
  const showBest = () => {
    best.textContent = `Best: ${bests.white} with White at the bottom, ${bests.black} with Black.`;
  };
  /** @param {number} left  milliseconds */
  const showTime = (left) => {
    time.textContent = `${Math.ceil(left / 1000)} s left`;
    barFill.style.transform = `scaleX(${left / ROUND_MS})`;
  };
  const showScore = () => {
    score.textContent = round ? `Found ${round.found}${round.missed ? `, missed ${round.missed}` : ''}` : '';
  };
  const mark = () => {
    dialog.dataset.phase = round ? 'running' : 'ready';
    dialog.dataset.wanted = round?.wanted ?? '';
  };

  /** The round's end: its score, and the side's best. */
  const finish = () => {
    clearInterval(ticker);
    if (!round) return;
    const { found, missed } = round;
    round = null;
    const after = afterRound(bests, chosenSide(), found);
    bests = after.best;
    saveBest(pageStorage(), bests);
    target.textContent = '';
    showTime(0);
    showFeedback(feedback, `Time! ${found} ${found === 1 ? 'square' : 'squares'} found${missed ? `, ${missed} missed` : ''}.${after.record ? ' Your best yet.' : ''}`, after.record ? 'right' : null);
    start.textContent = 'Again';
    start.disabled = false;
    side.disabled = false;
    showBest();
    mark();
    start.focus();
  };

  const tick = () => {
    if (!round) return;
    const left = round.ends - Date.now();
    if (left <= 0) finish();
    else showTime(left);
  };

  start.addEventListener('click', async () => {
    try {
      board = await mounted();
    } catch (error) {
      showFeedback(feedback, errorText(error), 'wrong');
      return;
    }
    board.set({ orientation: chosenSide(), shapes: [] });
    round = { wanted: nextSquare(Math.random, null), found: 0, missed: 0, ends: Date.now() + ROUND_MS };
    target.textContent = round.wanted;
    showFeedback(feedback, '');
    showScore();
    showTime(ROUND_MS);
    start.disabled = true;
    side.disabled = true;
    mark();
    clearInterval(ticker);
    ticker = setInterval(tick, TICK_MS);
  });

  /**
   * A square pressed during a round: right or wrong.
   *
   * @param {string} pressed
   */
  const answer = (pressed) => {
    if (!round || !board) return;
    if (pressed === round.wanted) {
      round.found += 1;
      round.wanted = nextSquare(Math.random, pressed);
      target.textContent = round.wanted;
      board.set({ shapes: [{ from: pressed, to: pressed, brush: 'green' }] });
    } else {
      round.missed += 1;
      board.set({ shapes: [{ from: pressed, to: pressed, brush: 'red' }] });
    }
    showScore();
    mark();
  };

  // A press on the board answers: the square under the pointer, from the board's own geometry.
  boardHost.addEventListener(
    'pointerdown',
    (event) => {
      if (!round || !board || event.button !== 0) return;
      const { left, top, size, orientation } = board.geometry();
      const index = squareAtPoint({ left, top, width: size, height: size }, event.clientX, event.clientY, orientation);
      if (index === null) return;
      // The drill's press, not the board's: nothing is picked up.
      event.preventDefault();
      event.stopPropagation();
      answer(squareName(index));
    },
    true,
  );
  // And from the keyboard, as on the game's board: the arrow keys move the board's focus square
  // (its accessible mirror says which), Enter or Space answers with it.
  boardHost.addEventListener(
    'keydown',
    (event) => {
      if (!round || (event.key !== 'Enter' && event.key !== ' ')) return;
      const focus = boardHost.querySelector('.ultima-mirror');
      const square = focus instanceof HTMLElement ? focus.dataset.focus : undefined;
      if (!square) return;
      event.preventDefault();
      event.stopPropagation();
      answer(square);
    },
    true,
  );

  dialog.addEventListener('close', () => {
    clearInterval(ticker);
    round = null;
    start.textContent = 'Start';
    start.disabled = false;
    side.disabled = false;
    target.textContent = '';
    mark();
  });

  return {
    async open() {
      // Another tab may have played a round meanwhile.
      bests = loadBest(pageStorage());
      showBest();
      showTime(ROUND_MS);
      showScore();
      mark();
      if (!dialog.open) dialog.showModal();
      start.focus();
      try {
        board = await mounted();
        board.set({ orientation: chosenSide(), pieceSet: config.pieceSet() });
      } catch (error) {
        showFeedback(feedback, errorText(error), 'wrong');
      }
    },
  };
}
