// The squares drill on the page, as lichess's coordinate trainer: a dialog with a board whose
// coordinates are hidden and 30 seconds to get as many squares right as possible, one of two
// ways. Find: a square's name is shown, and a click (or tap) answers; a right square is circled
// green and the next name comes, a wrong one is circled red and the name stays. Name: a square is
// circled yellow, and its file and rank, typed or pressed on the buttons under the board, answer;
// a wrong name circles the square it names in red and the yellow one stays. The side at the bottom
// is the player's choice; the best round of each way from each side is kept in localStorage
// (squares.js). Loaded on first use: `openSquares()`; the page tells it its piece set with
// `configureSquares({ pieceSet })`.

import { afterRound, loadBest, namingText, nextSquare, NOTHING_NAMED, pressName, ROUND_MS, saveBest } from './squares.js';
import { showFeedback, trainerBoard, trainerDialog } from './trainer-board.js';
import { errorText, make, pageStorage, squareAtPoint, squareName } from './util.js';
import { onViewClosed, showView } from './view-history.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { Side } from '../ultima-wasm.js' */
/** @import { Mode, Naming } from './squares.js' */

/** @type {{ pieceSet: () => PieceSet, theme: () => Theme }} */
let config = { pieceSet: () => 'chess', theme: () => 'green' };

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

/** What each way asks, under the dialog's title. */
const LEADS = /** @type {Readonly<Record<Mode, string>>} */ ({
  find: 'Moves and lessons name squares: "Lb1-b8", "the Pawn on c3". Find each square named here on the board, as many as you can in 30 seconds. The board shows no coordinates.',
  name: 'Name each square circled in yellow: its file, a to h, and its rank, 1 to 8, typed or pressed below, as many as you can in 30 seconds. The board shows no coordinates.',
});

/** Builds the dialog, once. */
function build() {
  const { dialog, title, head } = trainerDialog('squares', 'Squares', 'Close the squares drill');
  const lead = make('p', { class: 'squares-lead trainer-lead' }, LEADS.find);
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
  const modeLabel = make('label', { class: 'squares-mode' }, 'Way ');
  const mode = make('select', { id: 'squares-mode' });
  mode.append(make('option', { value: 'find' }, 'Find the square'), make('option', { value: 'name' }, 'Name the square'));
  modeLabel.append(mode);
  const start = make('button', { type: 'button', class: 'squares-start trainer-next' }, 'Start');
  const actions = make('div', { class: 'squares-actions trainer-actions' });
  actions.append(start, modeLabel, sideLabel);
  // Naming's keys, for a phone (a keyboard's own keys answer too): the files, then the ranks.
  const keys = make('div', { class: 'squares-keys', role: 'group', tabindex: '-1', 'aria-label': 'File and rank' });
  for (const key of [...'abcdefgh', ...'12345678']) {
    const button = make('button', { type: 'button', class: 'squares-key', 'data-key': key }, key);
    button.addEventListener('click', () => typed(key));
    keys.append(button);
  }
  keys.hidden = true;
  const best = make('p', { class: 'squares-best' });
  const boardHost = make('div', { class: 'squares-board trainer-board' });
  const panel = make('div', { class: 'squares-side-panel trainer-side' });
  panel.append(lead, target, keys, time, bar, score, feedback, actions, best);
  const play = make('div', { class: 'squares-play trainer-play' });
  play.append(boardHost, panel);
  dialog.append(head, play);
  document.body.append(dialog);

  const mounted = trainerBoard(boardHost, {
    pieceSet: () => config.pieceSet(),
    theme: () => config.theme(),
    moved: () => {},
    selected: () => {},
    name: 'the squares board',
    options: { coordinates: false, orientation: 'white' },
  });
  /** @type {EmbedHandle | null} */
  let board = null;

  /** The round under way: its way, the square asked for, the squares found (or named) and
   * missed, when it ends, and the name given so far (naming). */
  let round = /** @type {{ mode: Mode, wanted: string, found: number, missed: number, ends: number, given: Naming } | null} */ (null);
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;
  let bests = loadBest(pageStorage());

  const chosenSide = () => /** @type {Side} */ (side.value === 'black' ? 'black' : 'white');
  const chosenMode = () => /** @type {Mode} */ (mode.value === 'name' ? 'name' : 'find');
  const showBest = () => {
    const { white, black } = bests[chosenMode()];
    best.textContent = `Best: ${white} with White at the bottom, ${black} with Black.`;
  };
  /** The way chosen: what it asks, its keys, its bests. */
  const showMode = () => {
    lead.textContent = LEADS[chosenMode()];
    keys.hidden = chosenMode() !== 'name';
    dialog.dataset.mode = chosenMode();
    showBest();
  };
  /** The task: the name to find, or what has been given of the name (a "?" for nothing yet). */
  const showTarget = () => {
    if (!round) target.textContent = '';
    else if (round.mode === 'find') target.textContent = round.wanted;
    else target.textContent = namingText(round.given) || '?';
  };
  /** @param {number} left  milliseconds */
  const showTime = (left) => {
    time.textContent = `${Math.ceil(left / 1000)} s left`;
    barFill.style.transform = `scaleX(${left / ROUND_MS})`;
  };
  const showScore = () => {
    score.textContent = round ? `${round.mode === 'name' ? 'Named' : 'Found'} ${round.found}${round.missed ? `, missed ${round.missed}` : ''}` : '';
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
    const after = afterRound(bests, chosenMode(), chosenSide(), found);
    bests = after.bests;
    saveBest(pageStorage(), bests);
    target.textContent = '';
    showTime(0);
    const done = chosenMode() === 'name' ? 'named' : 'found';
    showFeedback(feedback, `Time! ${found} ${found === 1 ? 'square' : 'squares'} ${done}${missed ? `, ${missed} missed` : ''}.${after.record ? ' Your best yet.' : ''}`, after.record ? 'right' : null);
    start.textContent = 'Again';
    start.disabled = false;
    side.disabled = false;
    mode.disabled = false;
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
    const wanted = nextSquare(Math.random, null);
    round = { mode: chosenMode(), wanted, found: 0, missed: 0, ends: Date.now() + ROUND_MS, given: NOTHING_NAMED };
    board.set({ orientation: chosenSide(), shapes: round.mode === 'name' ? [{ from: wanted, to: wanted, brush: 'yellow' }] : [] });
    showTarget();
    showFeedback(feedback, '');
    showScore();
    showTime(ROUND_MS);
    start.disabled = true;
    side.disabled = true;
    mode.disabled = true;
    mark();
    // Naming's keys want the focus (a keyboard's letters and digits answer from anywhere in the
    // dialog); finding's answers are on the board.
    if (round.mode === 'name') keys.focus();
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
      // Finding: the square found circled green. Naming: the next square to name circled yellow.
      board.set({ shapes: [round.mode === 'name' ? { from: round.wanted, to: round.wanted, brush: 'yellow' } : { from: pressed, to: pressed, brush: 'green' }] });
      if (round.mode === 'name') showFeedback(feedback, `${pressed}: right`, 'right');
    } else {
      round.missed += 1;
      // Naming: the square the wrong name names is circled red beside the yellow one.
      const stays = round.mode === 'name' ? [{ from: round.wanted, to: round.wanted, brush: /** @type {const} */ ('yellow') }] : [];
      board.set({ shapes: [...stays, { from: pressed, to: pressed, brush: 'red' }] });
      if (round.mode === 'name') showFeedback(feedback, `Not ${pressed}: that is the red one`, 'wrong');
    }
    showTarget();
    showScore();
    mark();
  };

  /**
   * A key of a name (a file letter or a rank digit) given while naming: a complete name answers.
   *
   * @param {string} key
   */
  function typed(key) {
    if (!round || round.mode !== 'name') return;
    const step = pressName(round.given, key);
    round.given = step.given;
    if (step.square !== null) answer(step.square);
    else showTarget();
  }

  // A press on the board answers: the square under the pointer, from the board's own geometry.
  boardHost.addEventListener(
    'pointerdown',
    (event) => {
      if (!round || !board || event.button !== 0) return;
      if (round.mode === 'name') {
        // Naming answers by keys: a press on the board does nothing (and picks nothing up).
        event.preventDefault();
        event.stopPropagation();
        return;
      }
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
      if (!round || round.mode !== 'find' || (event.key !== 'Enter' && event.key !== ' ')) return;
      const focus = boardHost.querySelector('.ultima-mirror');
      const square = focus instanceof HTMLElement ? focus.dataset.focus : undefined;
      if (!square) return;
      event.preventDefault();
      event.stopPropagation();
      answer(square);
    },
    true,
  );

  // Naming by a keyboard: its letters and digits, wherever the focus is in the dialog.
  dialog.addEventListener('keydown', (event) => {
    if (!round || round.mode !== 'name' || event.ctrlKey || event.metaKey || event.altKey || !/^[a-h1-8]$/i.test(event.key)) return;
    event.preventDefault();
    typed(event.key);
  });
  mode.addEventListener('change', showMode);
  side.addEventListener('change', showBest);

  onViewClosed(dialog, () => {
    clearInterval(ticker);
    round = null;
    start.textContent = 'Start';
    start.disabled = false;
    side.disabled = false;
    mode.disabled = false;
    target.textContent = '';
    mark();
  });

  return {
    async open() {
      // Another tab may have played a round meanwhile.
      bests = loadBest(pageStorage());
      showMode();
      showTime(ROUND_MS);
      showScore();
      mark();
      showView(dialog);
      // Start, under the board on a narrow screen: where the dialog is taller than the screen
      // (a page zoomed to 300 %), focusing it scrolled the title and what the drill asks out
      // of sight, so the title takes the focus instead (as the ARIA guide advises for a long
      // dialog), and Start is a Tab or two away.
      if (dialog.scrollHeight > dialog.clientHeight) {
        title.tabIndex = -1;
        title.focus();
      } else start.focus();
      try {
        board = await mounted();
        board.set({ orientation: chosenSide(), pieceSet: config.pieceSet(), theme: config.theme() });
      } catch (error) {
        showFeedback(feedback, errorText(error), 'wrong');
      }
    },
  };
}
