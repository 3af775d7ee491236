// A puzzle storm on the page (storm.js): a dialog with a board, the clock, the puzzles solved and
// the combo. The first puzzle waits on the board, and the player's first move starts the clock;
// a right move is answered at once with the defender's reply, a solved or missed puzzle gives way
// to the next at once. When the time is up the board stops and the storm's figures show, with
// the player's high scores and its puzzles, each of which opens in the puzzle trainer. Only a
// storm played to its end counts for the high scores, kept in the puzzle standing (puzzles.js).
// Opened by the puzzle trainer, which hands it the puzzle set: `openStorm`.

import { phraseContent } from './movelist.js';
import { loadStanding, saveStanding } from './puzzles.js';
import { bestWords, clockText, COMBO_LEVELS, COMBO_STEP, comboProgress, newStorm, solvedCount, STORM_MS, stormAt, stormEndWords, stormHighs, stormMove, stormPass, stormPlayed, stormPuzzle, stormSummary, timeLeft, WRONG_MS } from './storm.js';
import { escapePutsDown, pause, playedNow, putPuzzle, showFeedback, suicideButton, trainerBoard, trainerDialog, taskKeysToBoard } from './trainer-board.js';
import { sideName } from './notation.js';
import { drawWhenSeen, puzzleThumbnail } from './thumbnail.js';
import { errorText, make, pageStorage, questionInPlace } from './util.js';
import { onViewClosed, showView } from './view-history.js';

/** @import { EmbedHandle, MoveDetail } from './embed.js' */
/** @import { Puzzle } from './puzzles.js' */
/** @import { Side } from '../ultima-wasm.js' */
/** @import { Storm } from './storm.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */

/**
 * @typedef {object} StormConfig
 * @property {() => PieceSet} pieceSet  the piece set to draw the board in
 * @property {() => Theme} theme  the board's colours
 * @property {(id: string) => void} openPuzzle  opens a puzzle of the set in the puzzle trainer
 *   (the storm's dialog is closed first)
 */

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/**
 * Opens the storm's dialog with a new storm over `puzzles`, its first puzzle on the board.
 *
 * @param {readonly Puzzle[]} puzzles  the whole set
 * @param {StormConfig} config
 * @returns {Promise<void>} once the first puzzle is on the board
 */
export async function openStorm(puzzles, config) {
  ui ??= build();
  await ui.open(puzzles, config);
}

/** How often the clock is drawn and read for the end, in milliseconds. */
const TICK_MS = 100;
/** How long the defender's reply waits: long enough to see the move it answers. */
const REPLY_MS = 250;

/** How it goes, in words, from storm.js's own figures. */
const HOW = `The clock starts with your first move. A wrong move costs ${WRONG_MS / 1000} seconds and passes to the next puzzle; moves right in a row add time: ${COMBO_LEVELS.map(([moves, seconds]) => `${moves} in a row +${seconds}\u00a0s`).join(', ')}, then +${COMBO_LEVELS[COMBO_LEVELS.length - 1]?.[1] ?? 0}\u00a0s every ${COMBO_STEP} more. Unrated.`;

/** Builds the dialog, once. */
function build() {
  const { dialog, head } = trainerDialog('storm', 'Puzzle storm', 'Close the storm');

  const boardHost = make('div', { class: 'storm-board trainer-board' });
  // The clock, the score and the combo above the board on a phone: the storm's own lead line.
  const clock = make('span', { class: 'storm-clock', role: 'timer', 'aria-label': 'Time left' });
  const score = make('span', { class: 'storm-score' });
  const comboWords = make('span', { class: 'storm-combo' });
  const comboBar = make('span', { class: 'storm-combo-bar', 'aria-hidden': 'true' });
  const comboFill = make('span', { class: 'storm-combo-fill' });
  comboBar.append(comboFill);
  const status = make('div', { class: 'storm-status trainer-lead' });
  status.append(clock, score, comboWords, comboBar);
  const task = make('p', { class: 'storm-task trainer-task', tabindex: '-1' });
  const feedback = make('p', { class: 'storm-feedback trainer-feedback', role: 'status', 'aria-live': 'polite' });
  // Said to a screen reader alone: each new puzzle, which the eye sees on the board.
  const said = make('p', { class: 'storm-said visually-hidden', role: 'status' });
  const about = make('p', { class: 'storm-about' });
  const suicide = suicideButton('storm-suicide', () => board, () => phase === 'ready' || phase === 'try');
  const again = make('button', { type: 'button', class: 'storm-again trainer-next' }, 'Play again');
  const actions = make('div', { class: 'storm-actions trainer-actions' });
  // Leaving a storm under way (× or Escape) asks first: a storm left before its end does not
  // count, and Escape, also the key that puts a piece down, threw a run away at a stray press.
  const {
    box: leaving,
    words: leaveWords,
    yes: leaveYes,
    no: leaveNo,
  } = questionInPlace({ id: 'storm-leave-question', kind: 'storm-confirm', words: '', yes: ['storm-leave-yes', 'End it'], no: ['storm-leave-no', 'Keep going'] });
  actions.append(suicide.button, again, leaving);
  const figures = make('dl', { class: 'storm-figures' });
  const done = make('ol', { class: 'storm-puzzles', 'aria-label': 'The storm\'s puzzles' });
  // The player's high scores, as lichess shows them, by the storm's figures.
  const highScores = make('dl', { class: 'storm-figures storm-highs', 'aria-label': 'High scores' });
  const summary = make('section', { class: 'storm-summary', 'aria-label': 'The storm\'s figures' });
  summary.append(figures, make('h3', { class: 'storm-highs-title' }, 'High scores'), highScores, done);
  const side = make('div', { class: 'storm-side trainer-side' });
  side.append(status, task, feedback, said, actions, summary, about);
  const play = make('div', { class: 'storm-play trainer-play' });
  play.append(boardHost, side);
  dialog.append(head, play);
  document.body.append(dialog);

  /** @type {StormConfig} */
  let config = { pieceSet: () => 'chess', theme: () => 'green', openPuzzle: () => {} };
  /** @type {readonly Puzzle[]} */
  let set = [];
  /** @type {Storm | null} */
  let storm = null;
  /**
   * Where the storm is: its first puzzle waiting for the first move (`ready`), the player's turn
   * (`try`), the defender's reply on its way (`busy`), over (`done`).
   *
   * @type {'loading' | 'ready' | 'try' | 'busy' | 'done'}
   */
  let phase = 'loading';
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;
  /** Bumped by each new puzzle and at the end: a reply still on its way for an old one stops. */
  let generation = 0;
  /** @type {EmbedHandle | null} */
  let board = null;

  const mounted = trainerBoard(boardHost, { pieceSet: () => config.pieceSet(), theme: () => config.theme(), moved: (detail) => moved(detail), selected: suicide.selected, name: 'the storm board' });

  /** Shows where the storm is, for tests and styles, and what goes with it. */
  const mark = () => {
    dialog.dataset.phase = phase;
    dialog.dataset.puzzle = (storm && stormPuzzle(storm)?.id) ?? '';
    dialog.dataset.index = storm ? String(storm.index) : '';
    dialog.dataset.solved = storm ? String(solvedCount(storm)) : '';
    again.hidden = phase !== 'done';
    summary.hidden = phase !== 'done';
    about.hidden = phase !== 'ready';
    if (phase !== 'ready' && phase !== 'try') suicide.hide();
    // The storm ended (its clock ran out) while asking: nothing left to ask.
    if (!underWay()) leaving.hidden = true;
  };

  /** The clock, the score and the combo. */
  const showStatus = () => {
    if (!storm) return;
    const left = timeLeft(storm, Date.now());
    clock.textContent = clockText(left);
    clock.classList.toggle('low', storm.started !== null && left < 20_000);
    score.textContent = `${solvedCount(storm)} solved`;
    const { from, to } = comboProgress(storm.combo);
    comboWords.textContent = `Combo ${storm.combo}`;
    comboFill.style.transform = `scaleX(${(storm.combo - from) / (to - from)})`;
  };

  /**
   * Puts the storm's puzzle on the board, the solver to move and at the bottom.
   *
   * @param {string} [before]  what to say before the puzzle's number, e.g. "Solved. "
   */
  const showPuzzle = async (before = '') => {
    const mine = ++generation;
    const puzzle = storm && stormPuzzle(storm);
    if (!puzzle) return;
    phase = 'busy';
    mark();
    /** @type {EmbedHandle} */
    let shown;
    try {
      shown = board = await mounted();
    } catch (error) {
      // No board at all: nothing to pass over to.
      showFeedback(feedback, errorText(error), 'wrong');
      mark();
      return;
    }
    if (mine !== generation) return;
    /** @type {Side} */
    let solver;
    try {
      const put = putPuzzle(shown, puzzle);
      // The opponent's last move slides in at once: a storm's clock is running.
      put.playLead();
      solver = put.solver;
    } catch (error) {
      passOver(puzzle, error);
      return;
    }
    shown.set({ mode: 'play', pieceSet: config.pieceSet(), theme: config.theme() });
    phase = storm?.started === null ? 'ready' : 'try';
    // One sentence whatever the phase (the words under the board say the first move starts the
    // clock): "(it starts the clock)" took a second line on a phone, which the first move took
    // away, and the board moved up under the player's finger.
    task.textContent = `${sideName(solver)} to move: find the winning move.`;
    said.textContent = `${before}Puzzle ${(storm?.at ?? 0) + 1}: ${sideName(solver)} to move.`;
    mark();
  };

  /**
   * A puzzle of a damaged set, whose position or line the board refuses: passed over, said, and
   * the next one shown (`stormPass`), so that the storm never stalls on it.
   *
   * @param {Puzzle} puzzle
   * @param {unknown} error
   */
  const passOver = (puzzle, error) => {
    if (!storm) return;
    storm = stormPass(storm, Date.now());
    showFeedback(feedback, `Puzzle ${puzzle.id} could not be played (${errorText(error)}): passed over.`, 'wrong');
    if (storm.ended !== null) finish();
    else showPuzzle();
  };

  /** The storm's end: the board stops, the figures and the puzzles show, the best is kept. */
  const finish = () => {
    if (!storm || phase === 'done') return;
    clearInterval(ticker);
    generation += 1;
    const now = Date.now();
    const figuresNow = stormSummary(storm, now);
    // Read again: another tab may have played meanwhile.
    const before = loadStanding(pageStorage());
    const after = stormPlayed(before, figuresNow.solved, now);
    saveStanding(pageStorage(), after);
    board?.set({ mode: 'view' });
    phase = 'done';
    const said = stormEndWords(timeLeft(storm, now) === 0, figuresNow.solved, stormHighs(before, now));
    showFeedback(feedback, said.text, said.record ? 'right' : null);
    task.textContent = '';
    const highs = stormHighs(after, now);
    /** @type {Array<[string, number]>} */
    const highRows = [
      ['Today', highs.today],
      ['Last 7 days', highs.week],
      ['Last 30 days', highs.month],
      ['All time', highs.all],
    ];
    highScores.replaceChildren(...highRows.flatMap(([term, value]) => [make('dt', {}, term), make('dd', {}, String(value))]));
    /** @type {Array<[string, string]>} */
    const rows = [
      ['Solved', String(figuresNow.solved)],
      ['Moves', `${figuresNow.moves} (${figuresNow.accuracy}% right)`],
      ['Best combo', String(figuresNow.bestCombo)],
      ['Time', clockText(figuresNow.seconds * 1000)],
      ['Per puzzle', figuresNow.perPuzzle === null ? '–' : `${figuresNow.perPuzzle.toFixed(1)} s`],
      ['Hardest solved', figuresNow.highest === null ? '–' : String(figuresNow.highest)],
    ];
    figures.replaceChildren(...rows.flatMap(([term, value]) => [make('dt', {}, term), make('dd', {}, value)]));
    // The page's pieces and colours for the puzzles' pictures, as the storm board has them.
    const look = { pieceSet: config.pieceSet(), theme: config.theme() };
    done.replaceChildren(
      ...storm.results.map(({ puzzle, solved }) => {
        const button = make('button', { type: 'button', class: `storm-puzzle ${solved ? 'solved' : 'missed'}`, 'data-puzzle': puzzle.id, title: 'Open this puzzle in the puzzle trainer' });
        const line = make('span', { class: 'storm-puzzle-line' });
        line.append(make('span', { class: 'storm-mark', 'aria-hidden': 'true' }, solved ? '✓' : '✗'), `${puzzle.rating}`, make('span', { class: 'visually-hidden' }, `, ${solved ? 'solved' : 'missed'}, puzzle ${puzzle.id}`));
        button.append(puzzleThumbnail(puzzle.position, look), line);
        button.addEventListener('click', () => {
          dialog.close();
          config.openPuzzle(puzzle.id);
        });
        const item = make('li', {});
        item.append(button);
        return item;
      }),
    );
    drawWhenSeen(done);
    showStatus();
    mark();
    again.focus();
  };

  const tick = () => {
    // Before the first move the clock stands: nothing to draw.
    if (!storm || storm.started === null || phase === 'done' || phase === 'loading') return;
    storm = stormAt(storm, Date.now());
    showStatus();
    if (storm.ended !== null) finish();
  };

  /** @param {MoveDetail} detail */
  function moved(detail) {
    if (!storm || !board || (phase !== 'ready' && phase !== 'try')) return;
    const shown = board;
    const step = stormMove(storm, detail.move, Date.now());
    storm = step.storm;
    // No more moves by hand until the next position is up (after the board's own handling of
    // this move, still under way).
    queueMicrotask(() => shown.set({ mode: 'view' }));
    // A no-break space: "+5" ended a line and "s" began the next.
    if (step.bonus) showFeedback(feedback, `+${step.bonus}\u00a0s: ${storm.combo} in a row!`, 'right');
    else if (step.verdict === 'wrong') showFeedback(feedback, phraseContent([playedNow(shown, detail), ` was not the move: −${WRONG_MS / 1000} s.`], config.pieceSet()), 'wrong');
    else showFeedback(feedback, '');
    showStatus();
    if (storm.ended !== null || step.verdict === 'over') return finish();
    if (step.verdict !== 'right') {
      showPuzzle(step.verdict === 'solved' ? 'Solved. ' : '');
      return;
    }
    phase = 'busy';
    mark();
    const mine = generation;
    const puzzle = stormPuzzle(storm);
    pause(REPLY_MS).then(() => {
      if (mine !== generation || !storm || !puzzle || !board) return;
      try {
        board.play(puzzle.moves[storm.index - 1] ?? '');
      } catch (error) {
        passOver(puzzle, error);
        return;
      }
      board.set({ mode: 'play' });
      phase = 'try';
      mark();
    });
  }

  /** A new storm, its first puzzle on the board and its clock at rest. */
  const start = async () => {
    clearInterval(ticker);
    storm = newStorm(set);
    const highs = stormHighs(loadStanding(pageStorage()), Date.now());
    about.textContent = `${HOW}${highs.all ? ` ${bestWords(highs)}` : ''}`;
    showFeedback(feedback, '');
    showStatus();
    ticker = setInterval(tick, TICK_MS);
    await showPuzzle();
    task.focus();
  };

  again.addEventListener('click', () => start());

  /** A storm under way: its clock started and not run out. */
  const underWay = () => storm !== null && storm.started !== null && (phase === 'try' || phase === 'busy');
  const keepGoing = () => {
    leaving.hidden = true;
    board?.canvas()?.focus();
  };
  /** Asks before a storm under way is left; answers whether it asked (the leaving waits). */
  const askFirst = () => {
    if (!underWay()) return false;
    if (!leaving.hidden) {
      keepGoing();
      return true;
    }
    const solved = storm ? solvedCount(storm) : 0;
    leaveWords.textContent = `End this storm? ${solved === 1 ? 'Its 1 puzzle solved does' : `Its ${solved} puzzles solved do`} not count: only a storm played to its end does.`;
    leaving.hidden = false;
    leaveNo.focus();
    return true;
  };
  leaveNo.addEventListener('click', keepGoing);
  leaveYes.addEventListener('click', () => {
    leaving.hidden = true;
    dialog.close();
  });
  onViewClosed(dialog, () => {
    // A storm left before its end is dropped: only a storm played out counts for the best.
    clearInterval(ticker);
    generation += 1;
    storm = null;
    phase = 'loading';
    mark();
  });
  escapePutsDown(dialog, () => board);
  taskKeysToBoard(task, () => board);
  // Escape (a piece picked up is put down first: escapePutsDown, above) and the ×.
  dialog.addEventListener('cancel', (event) => {
    if (!event.defaultPrevented && askFirst()) event.preventDefault();
  });
  head.querySelector('.trainer-close')?.addEventListener(
    'click',
    (event) => {
      if (askFirst()) event.stopImmediatePropagation();
    },
    true,
  );
  clock.textContent = clockText(STORM_MS);
  mark();

  return {
    /**
     * @param {readonly Puzzle[]} puzzles
     * @param {StormConfig} options
     */
    async open(puzzles, options) {
      set = puzzles;
      config = options;
      showView(dialog);
      await start();
    },
  };
}
