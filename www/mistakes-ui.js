// "Learn from your mistakes" on the game page, after a review: a dialog with a board drawn by the
// same `mount` as the game, on the position before each of the learner's mistakes and blunders in
// turn. The learner looks for a better move; the move played again, or the engine's own best move,
// is answered at once; any other try is evaluated at the review's fixed budget in a worker of the
// trainer's own and judged by the engine exactly as the review judged the move played (the wasm
// `reviewSummary`, from the review's evaluations and the try's), so "good" means no inaccuracy.
// A try that is not better is taken back and the learner tries again, asks for the better move,
// or skips the mistake. The words are mistakes.js's. Loaded on first use (main.js).

import { createAi } from './ai.js';
import { bestFound, judgedTry, roundWords, samePlayedAgain, taskParts } from './mistakes.js';
import { figuredMove, phraseContent } from './movelist.js';
import { captureWords } from './notation.js';
import { openSession } from './session.js';
import { backToTrainer, escapePutsDown, pause, playedNow, showFeedback, suicideButton, trainerBoard, trainerDialog, taskKeysToBoard } from './trainer-board.js';
import { errorText, make } from './util.js';
import { bindings } from './wasm.js';
import { onViewClosed, showView } from './view-history.js';

/** @import { Ai } from './ai.js' */
/** @import { EmbedHandle, MoveDetail } from './embed.js' */
/** @import { TryVerdict } from './mistakes.js' */
/** @import { PieceSet, Side } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { Back } from './analysis-page.js' */
/** @import { Evaluation, ReviewedMove } from '../ultima-wasm.js' */

/**
 * A round of the trainer: the reviewed game and the moves to try again.
 *
 * @typedef {object} MistakesRound
 * @property {string} record  the game reviewed
 * @property {string} annotated  the game with the review written in (the record itself when
 *   that could not be written): what Analyse opens, as the game page's Analyse does
 * @property {Evaluation[]} evaluations  the review's, one per position (the start, then after
 *   each ply)
 * @property {ReviewedMove[]} mistakes  the moves tried again (mistakes.js `mistakesToLearn`)
 */

/**
 * @typedef {object} MistakesConfig
 * @property {() => PieceSet} pieceSet  the piece set to draw the board in
 * @property {() => Theme} theme  the board's colours
 * @property {((game: { record: string, ply: number, orientation: Side, lines: string[][], back: Back }) => void) | null} analyse
 *   opens a record in the analysis board at a ply, with lines added, and closing it goes `back`
 *   (the dialog is closed first); none: no "Analyse" button
 */

/** @type {MistakesConfig} */
let config = { pieceSet: () => 'chess', theme: () => 'green', analyse: null };

/**
 * Tells the trainer the page's piece set and how to analyse a position.
 *
 * @param {Partial<MistakesConfig>} options
 */
export function configureMistakes(options) {
  config = { ...config, ...options };
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/**
 * Opens the trainer on the first mistake of `round`.
 *
 * @param {MistakesRound} round
 * @returns {Promise<void>} once its position is on the board
 */
export async function openMistakes(round) {
  ui ??= build();
  await ui.open(round);
}

/** How long a try that is not better stays on the board before it is taken back. */
const TAKE_BACK_MS = 900;

/**
 * The record of `record`'s game before its ply `ply` (its first `ply` plies), and the move played
 * there, by a game of its own (the trainer's board then starts from that record, so that a try's
 * record is the game up to it: what the engine evaluates).
 *
 * @param {string} record
 * @param {number} ply
 * @returns {{ before: string, played: string }}
 */
function gameBefore(record, ply) {
  const scratch = openSession({ record }, () => undefined);
  try {
    const played = scratch.snapshot().plies[ply]?.text;
    if (played === undefined) throw new Error(`the game has no move ${ply + 1}`);
    return { before: scratch.rewind(ply).record, played };
  } finally {
    scratch.close();
  }
}

/** Builds the dialog, once. */
function build() {
  const { dialog, head } = trainerDialog('mistakes', 'Learn from your mistakes', 'Close: back to the review');

  const boardHost = make('div', { class: 'mistakes-board trainer-board' });
  const lead = make('p', { class: 'mistakes-lead trainer-lead' });
  const task = make('p', { class: 'mistakes-task trainer-task', tabindex: '-1' });
  const feedback = make('p', { class: 'mistakes-feedback trainer-feedback', role: 'status', 'aria-live': 'polite' });
  const suicide = suicideButton('mistakes-suicide', () => board, () => phase === 'try');
  const showBest = make('button', { type: 'button', class: 'mistakes-best' }, 'Show the better move');
  const skip = make('button', { type: 'button', class: 'mistakes-skip' }, 'Skip');
  const next = make('button', { type: 'button', class: 'mistakes-next trainer-next' }, 'Next mistake');
  const again = make('button', { type: 'button', class: 'mistakes-again' }, 'Start again');
  const analyse = make('button', { type: 'button', class: 'mistakes-analyse' }, 'Analyse');
  const actions = make('div', { class: 'mistakes-actions trainer-actions' });
  actions.append(suicide.button, showBest, skip, next, again, analyse);
  const side = make('div', { class: 'mistakes-side trainer-side' });
  side.append(lead, task, feedback, actions);
  const play = make('div', { class: 'mistakes-play trainer-play' });
  play.append(boardHost, side);
  dialog.append(head, play);
  document.body.append(dialog);

  /** @type {MistakesRound | null} */
  let round = null;
  let index = 0;
  let found = 0;
  /**
   * Where the trainer is: the learner's turn (`try`), a try being judged or taken back, or the
   * better move being shown (`busy`), a better move found or shown, the round over.
   *
   * @type {'loading' | 'try' | 'busy' | 'found' | 'shown' | 'done'}
   */
  let phase = 'loading';
  /** The move played in the game at the mistake, as canonical text. */
  let played = '';
  /** Bumped by each new position: a judgement or take-back still under way for an old one stops. */
  let generation = 0;
  /** @type {EmbedHandle | null} */
  let board = null;
  /** @type {Ai | null} the trainer's engine, started at the first try it must judge */
  let ai = null;

  /** The mistake on the board. */
  const mistake = () => round?.mistakes[index] ?? null;

  /** Shows where the trainer is, for tests and styles, and the buttons for it. */
  const mark = () => {
    dialog.dataset.phase = phase;
    dialog.dataset.index = String(index);
    const over = phase === 'found' || phase === 'shown';
    showBest.hidden = phase !== 'try';
    skip.hidden = phase !== 'try';
    next.hidden = !over;
    next.textContent = round && index + 1 < round.mistakes.length ? 'Next mistake' : 'Finish';
    again.hidden = phase !== 'done';
    analyse.hidden = !over || config.analyse === null;
    if (phase !== 'try') suicide.hide();
  };

  /** The trainer's board, mounted the first time a mistake shows. */
  const mounted = trainerBoard(boardHost, { pieceSet: () => config.pieceSet(), theme: () => config.theme(), moved: (detail) => moved(detail), selected: suicide.selected, name: 'the mistakes board' });
  const readyBoard = async () => (board = await mounted());

  /** @param {number} at  the index of the mistake to show */
  const show = async (at) => {
    const mine = ++generation;
    const current = round?.mistakes[at];
    if (!round || !current) return;
    index = at;
    phase = 'busy';
    lead.textContent = `Mistake ${at + 1} of ${round.mistakes.length}`;
    // The move played in the piece set's figurines, as the move list and the review write it.
    const { before, after } = taskParts(current);
    task.replaceChildren(before, figuredMove(current.playedPly, config.pieceSet(), 'mistakes-ply'), after);
    showFeedback(feedback, '');
    mark();
    try {
      const game = gameBefore(round.record, current.ply);
      const shown = await readyBoard();
      if (mine !== generation) return;
      played = game.played;
      shown.newGame({ record: game.before, mode: 'play', orientation: current.side });
      phase = 'try';
    } catch (error) {
      showFeedback(feedback, `This mistake cannot be shown: ${errorText(error)}.`, 'wrong');
    }
    mark();
    task.focus();
  };

  /**
   * A try that finds a better move, or one that does not (taken back after a pause).
   *
   * @param {TryVerdict} verdict
   * @param {number} mine  the generation the try belongs to
   */
  const answer = async (verdict, mine) => {
    if (mine !== generation || !board) return;
    showFeedback(feedback, phraseContent(verdict.words, config.pieceSet()), verdict.right ? 'right' : 'wrong');
    if (verdict.right) {
      found += 1;
      phase = 'found';
      mark();
      next.focus();
      return;
    }
    mark();
    await pause(TAKE_BACK_MS);
    if (mine !== generation || !board) return;
    board.undo();
    board.set({ mode: 'play' });
    phase = 'try';
    mark();
  };

  /** @param {MoveDetail} detail */
  function moved(detail) {
    const current = mistake();
    if (phase !== 'try' || !board || !round || !current || detail.side !== current.side) return;
    const mine = generation;
    const shown = board;
    phase = 'busy';
    mark();
    // No more moves by hand until the try is judged (after the board's own handling of this
    // move, still under way).
    queueMicrotask(() => shown.set({ mode: 'view' }));
    const tried = playedNow(shown, detail);
    if (detail.move === played) return void answer(samePlayedAgain(current), mine);
    if (detail.move === round.evaluations[current.ply]?.best) return void answer(bestFound(tried), mine);
    showFeedback(feedback, phraseContent(['Checking ', tried, '…'], config.pieceSet()));
    const record = shown.record();
    const evaluations = round.evaluations.slice(0, current.ply + 1);
    (ai ??= createAi())
      .evaluate(record, current.ply + 1)
      .then((evaluation) => {
        const tried = bindings().reviewSummary(record, [...evaluations, evaluation]).moves[current.ply];
        if (!tried) throw new Error('the try was not judged');
        return answer(judgedTry(tried), mine);
      })
      .catch((error) => {
        // Stopped (the dialog closed, another mistake shown): nothing to say.
        if (mine !== generation || (error instanceof Error && error.name === 'AbortError')) return;
        return answer({ right: false, words: [`The move could not be judged: ${errorText(error)}.`] }, mine);
      });
  }

  showBest.addEventListener('click', () => {
    const current = mistake();
    const best = current && round?.evaluations[current.ply]?.best;
    if (phase !== 'try' || !board || !current || !best) return;
    // Not a try: the board's move event finds the trainer busy.
    phase = 'busy';
    board.set({ mode: 'view' });
    const text = board.play(best);
    const played = board.history().at(-1);
    const how = played ? captureWords(played) : '';
    phase = 'shown';
    showFeedback(feedback, played ? phraseContent(['The better move: ', played, `.${how ? ` ${how}` : ''}`], config.pieceSet()) : `The better move: ${text}.`);
    mark();
    next.focus();
  });
  /** The next mistake, or the round's end after the last. */
  const goOn = () => {
    if (!round) return;
    if (index + 1 < round.mistakes.length) {
      show(index + 1);
      return;
    }
    generation += 1;
    phase = 'done';
    lead.textContent = '';
    task.textContent = roundWords(found, round.mistakes.length);
    showFeedback(feedback, '');
    mark();
    task.focus();
  };
  next.addEventListener('click', goOn);
  // Skipped: not found, and not shown either (it can be tried again with Start again).
  skip.addEventListener('click', () => {
    if (phase === 'try') goOn();
  });
  again.addEventListener('click', () => {
    found = 0;
    show(0);
  });
  analyse.addEventListener('click', () => {
    const current = mistake();
    if (!board || !round || !current || !config.analyse) return;
    // The better move on the board, as a side line of the game (the game's own analysis).
    const better = board.history().map((ply) => ply.text);
    dialog.close();
    // Opened on the position before the mistake, the move played and the better one after it,
    // with the review written in (its marks and comments), as the game page's Analyse opens it;
    // back to the trainer as it was left, the better move found or shown, Next at hand.
    config.analyse({ record: round.annotated, ply: current.ply, orientation: current.side, lines: [better], back: { label: 'Back to the mistakes', go: backToTrainer(dialog, next), view: dialog.id } });
  });
  onViewClosed(dialog, () => {
    generation += 1;
    ai?.dispose();
    ai = null;
  });
  escapePutsDown(dialog, () => board);
  taskKeysToBoard(task, () => board);

  return {
    /** @param {MistakesRound} next */
    async open(next) {
      round = next;
      found = 0;
      showView(dialog);
      await show(0);
    },
  };
}
