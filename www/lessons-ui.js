// The lessons on the page: a dialog with the lessons menu (each lesson with its piece, what it
// teaches and whether it is done) and a lesson player. A lesson is a few small positions on a
// board drawn by the same `mount` as the game; the learner finds the capture or the mate. A try
// is judged by lessons.js from the board's snapshot: a right one is animated by the board and
// praised, then Next; a wrong one is explained, and the position comes back after a moment.
// Progress goes to localStorage (lessons.js), so the menu shows what is done and a lesson
// resumes where it was left.
//
// `openLessons()` opens it from anywhere (the page's Lessons button, a welcome screen); the page
// tells it the piece set and how to show the full rules with `configureLessons`. The dialog is
// built and the lesson file fetched the first time it opens.

import { figureUrl } from './movelist.js';
import { doneCount, judge, loadProgress, noProgress, readLessons, saveProgress, solved, startStep } from './lessons.js';
import { escapePutsDown, showFeedback, suicideButton, trainerBoard, trainerDialog, taskKeysToBoard } from './trainer-board.js';
import { askInPlace, errorText, make, pageStorage } from './util.js';
import { enterPlace, leavePlace, onEntryOf, onHistoryStep, onViewClosed, placeIn, pushEntry, showView } from './view-history.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { Lesson, Progress } from './lessons.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { EmbedOptions } from './options.js' */
/** @import { Snapshot } from '../ultima-wasm.js' */

/**
 * @typedef {object} LessonsConfig
 * @property {() => PieceSet} pieceSet  the piece set to draw the lessons in
 * @property {() => Theme} theme  the board's colours
 * @property {(() => void) | null} openRules  shows the full rules (the lessons dialog is closed
 *   first); none: no "Full rules" button
 * @property {(() => void) | null} openSquares  opens the squares drill (the lessons dialog is
 *   closed first); none: no button for it
 */

/** @type {LessonsConfig} */
let config = { pieceSet: () => 'chess', theme: () => 'green', openRules: null, openSquares: null };

/**
 * Tells the lessons the page's piece set, how to show the full rules and the squares drill.
 *
 * @param {Partial<LessonsConfig>} options
 */
export function configureLessons(options) {
  config = { ...config, ...options };
  if (ui) ui.configured();
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/**
 * Opens the lessons: the menu, or the lesson `id` at the step where it was left.
 *
 * @param {string} [id]  e.g. "pawn"
 * @returns {Promise<void>} once the menu or the lesson shows
 */
export async function openLessons(id) {
  ui ??= build();
  await ui.open(id);
}

/**
 * How long a wrong try stays on the board before the position comes back, in milliseconds; with
 * the opponent's reply drawn on it, long enough to follow the arrow.
 */
const WRONG_MS = 1400;
const WRONG_REDUCED_MS = 700;
const WRONG_REPLY_MS = 2600;

/** @returns {Promise<Lesson[]>} */
async function fetchLessons() {
  const response = await fetch(new URL('./lessons.json', import.meta.url));
  if (!response.ok) throw new Error(`the lessons could not be loaded (HTTP ${response.status})`);
  const lessons = readLessons(await response.json());
  if (!lessons.length) throw new Error('the lesson file holds no lesson this page can read');
  return lessons;
}

/** Builds the dialog, once. */
function build() {
  const { dialog, title, head } = trainerDialog('lessons', 'Lessons', 'Close the lessons');

  // The menu.
  const menu = make('div', { class: 'lessons-menu' });
  const about = make('p', {}, 'Learn Ultima by playing it: each lesson is a few small positions where you find the capture, the defence or the mate. Start with the Pawn, or with any piece you like.');
  const count = make('p', { class: 'lessons-count' });
  const list = make('ol', { class: 'lesson-list' });
  const rulesLink = make('button', { type: 'button', class: 'lessons-rules' }, 'Full rules');
  const squaresLink = make('button', { type: 'button', class: 'lessons-squares' }, 'Squares: learn their names');
  const menuStatus = make('p', { class: 'error', role: 'alert' });
  const links = make('div', { class: 'buttons lessons-links' });
  links.append(rulesLink, squaresLink);
  // Forgetting the progress, after the page's in-place question (style.css .confirm).
  const resetAsk = make('button', { type: 'button', class: 'lessons-reset' }, 'Start again…');
  const resetYes = make('button', { type: 'button', class: 'lessons-reset-yes' }, 'Yes, start again');
  const resetNo = make('button', { type: 'button', class: 'lessons-reset-no' }, 'No');
  const resetConfirm = make('span', { class: 'confirm lessons-reset-confirm', role: 'group', 'aria-labelledby': 'lessons-reset-question' });
  resetConfirm.append(make('span', { id: 'lessons-reset-question' }, 'Forget what you solved in every lesson?'), resetYes, resetNo);
  resetConfirm.hidden = true;
  links.append(resetAsk, resetConfirm);
  menu.append(about, count, list, menuStatus, links);

  // The lesson player.
  const player = make('div', { class: 'lesson' });
  player.hidden = true;
  const back = make('button', { type: 'button', class: 'lesson-back' }, '← All lessons');
  const stepLabel = make('span', { class: 'lesson-step' });
  const dots = make('span', { class: 'lesson-dots', 'aria-hidden': 'true' });
  const top = make('div', { class: 'lesson-top' });
  top.append(back, stepLabel, dots);
  const intro = make('p', { class: 'lesson-intro trainer-lead' });
  const task = make('p', { class: 'lesson-task trainer-task', tabindex: '-1' });
  const boardHost = make('div', { class: 'lesson-board trainer-board' });
  // Not atomic: "The position is back: try again", added after a wrong try's explanation, is
  // read alone, not with the explanation again.
  const feedback = make('p', { class: 'lesson-feedback trainer-feedback', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'false' });
  const suicide = suicideButton('lesson-suicide', () => board, () => current?.phase === 'try');
  const next = make('button', { type: 'button', class: 'lesson-next trainer-next' }, 'Next');
  next.hidden = true;
  const retry = make('button', { type: 'button', class: 'lesson-retry' }, 'Start the position again');
  const actions = make('div', { class: 'lesson-actions trainer-actions' });
  actions.append(suicide.button, next, retry);
  const rulesFromLesson = make('button', { type: 'button', class: 'lessons-rules' }, 'Full rules');
  const side = make('div', { class: 'lesson-side trainer-side' });
  side.append(intro, task, feedback, actions, rulesFromLesson);
  const play = make('div', { class: 'lesson-play trainer-play' });
  play.append(boardHost, side);
  player.append(top, play);

  dialog.append(head, menu, player);
  document.body.append(dialog);

  /** @type {Lesson[]} */
  let lessons = [];
  /** @type {Promise<boolean> | null} */
  let loading = null;
  /** @type {Progress} */
  let progress = loadProgress(pageStorage());
  /** @type {EmbedHandle | null} */
  let board = null;
  /** The lesson and step on the board, and where the learner is in it. */
  let current = /** @type {{ lesson: Lesson, index: number, phase: 'try' | 'wrong' | 'right', before: Snapshot | null } | null} */ (null);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resetTimer;

  const load = () =>
    (loading ??= fetchLessons().then(
      (read) => {
        lessons = read;
        return true;
      },
      (error) => {
        loading = null;
        menuStatus.textContent = `${errorText(error)}. Try again later; the full rules are below.`;
        return false;
      },
    ));

  /** Shows where the dialog is, for tests and styles. */
  const mark = () => {
    dialog.dataset.lesson = current && !player.hidden ? current.lesson.id : '';
    dialog.dataset.step = current ? String(current.index) : '';
    dialog.dataset.phase = current && !player.hidden ? current.phase : 'menu';
  };

  const showMenu = () => {
    clearTimeout(resetTimer);
    // Something to forget: a step solved somewhere.
    if (resetConfirm.hidden) resetAsk.hidden = Object.keys(progress.lessons).length === 0;
    player.hidden = true;
    menu.hidden = false;
    title.textContent = 'Lessons';
    const done = doneCount(progress, lessons);
    count.textContent = lessons.length ? `${done} of ${lessons.length} lessons done` : '';
    list.replaceChildren(
      ...lessons.map((lesson) => {
        const entry = progress.lessons[lesson.id];
        const state = entry?.done ? 'Done' : entry?.solved ? `${entry.solved} of ${lesson.steps.length} steps` : `${lesson.steps.length} steps`;
        const button = make('button', { type: 'button', 'data-lesson': lesson.id, 'aria-label': `${lesson.title}: ${lesson.summary}. ${state}.` });
        // The lesson's piece, White's, as the move list draws it.
        const icon = make('img', { src: figureUrl(config.pieceSet(), lesson.piece), alt: '', 'aria-hidden': 'true', width: '40', height: '40' });
        const words = make('span', { class: 'lesson-words' });
        // The spaces between the parts lay out as nothing (grid items) but keep the words apart
        // for whatever reads the button's text (a voice user's "click Pawn The pinch").
        words.append(make('span', { class: 'lesson-name' }, lesson.title), ' ', make('span', { class: 'lesson-summary' }, lesson.summary));
        // Its tick is drawn by the style sheet: the text is the name's own word, "Done".
        const badge = make('span', { class: `lesson-state${entry?.done ? ' done' : ''}` }, state);
        button.append(icon, words, ' ', badge);
        button.addEventListener('click', () => startLesson(lesson));
        const item = make('li', {});
        item.append(button);
        return item;
      }),
    );
    mark();
  };

  /** The board of the lessons, mounted the first time a lesson starts. */
  const mounted = trainerBoard(boardHost, { pieceSet: () => config.pieceSet(), theme: () => config.theme(), moved: (detail) => moved(detail), selected: suicide.selected, name: 'the lesson board', options: { orientation: 'white' } });
  const lessonBoard = async () => (board = await mounted());

  /**
   * Keeps the task as high as the lesson's longest, so that the board under it (a phone's
   * layout) stays where it is from step to step: each of its tasks is measured in the task's
   * own line whenever a step is shown, at the dialog's width of the moment (a few steps, a few
   * lines: no cost worth keeping a measure for).
   *
   * @param {Lesson} lesson
   */
  const keepTaskRoom = (lesson) => {
    task.style.removeProperty('min-height');
    const heights = lesson.steps.map((step) => {
      task.textContent = step.task;
      return task.getBoundingClientRect().height;
    });
    task.style.setProperty('min-height', `${Math.max(...heights)}px`);
  };

  /**
   * Puts step `index` of `lesson` on the board, ready for a try.
   *
   * @param {Lesson} lesson
   * @param {number} index
   * @param {boolean} [focusTask]
   */
  const showStep = async (lesson, index, focusTask = true) => {
    clearTimeout(resetTimer);
    const step = lesson.steps[index];
    if (!step) return;
    current = { lesson, index, phase: 'try', before: null };
    // The lesson has an entry of its own over the lessons' (Back goes to the menu).
    enterPlace(dialog, lesson.id);
    menu.hidden = true;
    player.hidden = false;
    title.textContent = `Lesson: ${lesson.title}`;
    stepLabel.textContent = `Step ${index + 1} of ${lesson.steps.length}`;
    dots.replaceChildren(...lesson.steps.map((_, i) => make('span', { class: i < index ? 'dot solved' : i === index ? 'dot current' : 'dot' })));
    intro.textContent = lesson.intro;
    keepTaskRoom(lesson);
    task.textContent = step.task;
    showFeedback(feedback, '');
    next.hidden = true;
    suicide.hide();
    mark();
    try {
      const shown = await lessonBoard();
      if (current?.lesson !== lesson || current.index !== index) return;
      shown.newGame({ position: step.position, mode: 'play' });
      current.before = shown.snapshot();
    } catch (error) {
      showFeedback(feedback, errorText(error));
    }
    mark();
    if (focusTask) task.focus();
  };

  /** @param {Lesson} lesson */
  const startLesson = (lesson) => showStep(lesson, startStep(progress, lesson));

  /** The position of the step again, after a wrong try or on request. */
  const reset = () => {
    clearTimeout(resetTimer);
    if (!current || !board) return;
    const step = current.lesson.steps[current.index];
    if (!step) return;
    suicide.hide();
    board.newGame({ position: step.position, mode: 'play' });
    current.before = board.snapshot();
    // The explanation of a wrong try stays to be read; that the board is the step's again is
    // said (the wrong move went without a word, and a learner went on playing from it).
    if (current.phase === 'wrong') feedback.append(' The position is back: try again.');
    current.phase = 'try';
    mark();
  };

  /** @param {import('./embed.js').MoveDetail} detail */
  function moved(detail) {
    if (!current || current.phase !== 'try' || !board || !current.before) return;
    const { lesson, index } = current;
    const step = lesson.steps[index];
    if (!step) return;
    suicide.hide();
    const verdict = judge(step, { text: detail.move, from: detail.from, to: detail.to, captures: detail.captures }, current.before, board.snapshot());
    // No more moves on this position (the other side is to move now); after the board's own
    // handling of the move, which is still under way. A wrong try's reply, the capture it
    // allows or the way out of a check, is drawn as a red arrow until the position comes back.
    const shown = board;
    const reply = verdict.right ? null : verdict.reply;
    /** @type {EmbedOptions} */
    const options = reply ? { mode: 'view', shapes: [{ from: reply.from, to: reply.to ?? reply.from, brush: 'red' }] } : { mode: 'view' };
    queueMicrotask(() => shown.set(options));
    if (verdict.right) {
      current.phase = 'right';
      const doneBefore = doneCount(progress, lessons);
      progress = solved(progress, lesson.id, index, lesson.steps.length);
      saveProgress(pageStorage(), progress);
      const last = index + 1 >= lesson.steps.length;
      const following = lessons[lessons.indexOf(lesson) + 1];
      // The last step of the last lesson still to do: the whole course is done, and said so
      // (once: not when a lesson is taken again).
      const course = doneBefore < lessons.length && doneCount(progress, lessons) === lessons.length ? ` That was the last of the ${lessons.length} lessons: you know every piece's way now. Puzzles are the next step.` : '';
      showFeedback(feedback, `Right! ${verdict.message}${last ? ` You have finished the ${lesson.title} lesson.` : ''}${course}`, 'right');
      next.textContent = !last ? 'Next' : following ? `Next lesson: ${following.title}` : 'All lessons';
      next.hidden = false;
      dots.children[index]?.classList.add('solved');
      mark();
      next.focus();
      return;
    }
    current.phase = 'wrong';
    showFeedback(feedback, `Not quite. ${verdict.message}`, 'wrong');
    mark();
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // On a phone a long lesson's explanation may fall below the screen: brought into view (a
    // right move's is, by the focus going to Next).
    feedback.scrollIntoView({ block: 'nearest' });
    resetTimer = setTimeout(reset, reply ? WRONG_REPLY_MS : reduced ? WRONG_REDUCED_MS : WRONG_MS);
  }

  next.addEventListener('click', () => {
    if (!current) return;
    const { lesson, index } = current;
    const following = lessons[lessons.indexOf(lesson) + 1];
    if (index + 1 < lesson.steps.length) showStep(lesson, index + 1);
    else if (following) showStep(following, startStep(progress, following));
    else {
      showMenu();
      leavePlace(dialog);
      list.querySelector('button')?.focus();
    }
  });
  retry.addEventListener('click', () => {
    reset();
    task.focus();
  });
  back.addEventListener('click', () => {
    showMenu();
    leavePlace(dialog);
    const item = current && list.querySelector(`[data-lesson="${current.lesson.id}"]`);
    if (item instanceof HTMLElement) item.focus();
  });
  escapePutsDown(dialog, () => (player.hidden ? null : board));
  taskKeysToBoard(task, () => (player.hidden ? null : board));
  onViewClosed(dialog, () => clearTimeout(resetTimer));
  for (const button of [rulesLink, rulesFromLesson]) {
    button.addEventListener('click', () => {
      // The rules on an entry of their own over the lessons' (not instead of it, as the dialog's
      // closing would step back over it): the browser's Back comes back to the lesson, as from
      // a page of rules on lichess. It left the site.
      pushEntry({ ultimaRules: true });
      dialog.close();
      config.openRules?.();
    });
  }

  askInPlace({ ask: resetAsk, box: resetConfirm, yes: resetYes, no: resetNo, hide: [resetAsk] }, () => {
    progress = noProgress();
    saveProgress(pageStorage(), progress);
    showMenu();
    list.querySelector('button')?.focus();
  });
  squaresLink.addEventListener('click', () => {
    dialog.close();
    config.openSquares?.();
  });

  // Back and Forward between the menu and a lesson, the dialog open (its own closing by Back is
  // the history's, view-history.js).
  onHistoryStep(() => {
    if (!dialog.open || !onEntryOf(dialog)) return;
    const place = placeIn(dialog);
    if (place === null) {
      if (player.hidden) return;
      const left = current?.lesson.id;
      showMenu();
      const item = left && list.querySelector(`[data-lesson="${left}"]`);
      if (item instanceof HTMLElement) item.focus();
      return;
    }
    const lesson = lessons.find((l) => l.id === place);
    if (lesson && (player.hidden || current?.lesson !== lesson)) startLesson(lesson);
  });

  const configured = () => {
    rulesLink.hidden = rulesFromLesson.hidden = config.openRules === null;
    squaresLink.hidden = config.openSquares === null;
  };
  configured();

  return {
    configured,
    /** @param {string} [id] */
    async open(id) {
      // A reload (or Forward) onto a lesson's entry opens that lesson.
      const wanted = id ?? placeIn(dialog) ?? undefined;
      // Another tab may have made progress meanwhile.
      progress = loadProgress(pageStorage());
      showView(dialog);
      if (!(await load())) {
        showMenu();
        return;
      }
      const lesson = wanted === undefined ? undefined : lessons.find((l) => l.id === wanted);
      if (lesson) await startLesson(lesson);
      else {
        showMenu();
        list.querySelector('button')?.focus();
      }
      board?.set({ pieceSet: config.pieceSet(), theme: config.theme() });
    },
  };
}
