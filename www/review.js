// The game review on the game page: "Review" evaluates every position of the game (the start, then
// after each ply) in its own Web Worker at a fixed budget, one position at a time, with a
// progress bar and a Stop button; a stopped review keeps what it has and Resume goes on from the
// first position missing. When all are in, the engine judges the moves (the wasm
// `reviewSummary`: expected score, inaccuracy / mistake / blunder, better move, accuracy) and this
// module draws the evaluation graph (SVG, one point per ply, from White's view: up is good for
// White; a click shows the position), each player's figures, and the judged moves (each a button
// that shows its position), with "Learn from your mistakes" (mistakes-ui.js) when the learner
// made a mistake or a blunder, and "Copy annotated record" (the wasm `annotatedRecord`: the
// record with the marks, comments and better moves written in). The review is kept with the
// saved game (`stored`), whole or half done, and a change of the game drops it.

import { createAi } from './ai.js';
import { COPY_REFUSED, copyText } from './clipboard.js';
import { annotatedWords, evaluatedCount, firstMissing, graphPoints, graphY, judgedLabel, judgementWords, MARKS, moveNumber, moveWords, nearestPly, playerWords, readoutPhrase, reviewStateWords, scoreShown, spokenWords } from './review-model.js';
import { figuredMove, phraseContent } from './movelist.js';
import { mistakesToLearn } from './mistakes.js';
import { sideName } from './notation.js';
import { errorText, keepFocus, make } from './util.js';
import { bindings } from './wasm.js';

/** @import { Ai } from './ai.js' */
/** @import { EmbedHandle } from './embed.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { MistakesRound } from './mistakes-ui.js' */
/** @import { Judgement, StoredReview } from './review-model.js' */
/** @import { Evaluation, PlyInfo, ReviewSummary, Side } from '../ultima-wasm.js' */

/**
 * @typedef {object} Review
 * @property {() => void} start  reviews the game as it stands (or resumes a stopped review of it)
 * @property {() => void} stop  stops a review under way, keeping the positions evaluated
 * @property {() => void} focus  puts the focus in the review: on Stop while it runs, else on its
 *   first judged move (or Learn from your mistakes, or Review); how a review started from the
 *   result's card takes the focus the card had
 * @property {() => StoredReview | null} stored  what to keep with the saved game
 * @property {() => 'idle' | 'running' | 'stopped' | 'done' | 'failed'} state
 * @property {() => Judgement[]} judgements  each ply's judgement once the review is done (the
 *   move list marks them), else none
 * @property {(ply: number) => string} spokenAt  what a screen reader hears of the position after
 *   ply `ply` (-1: the start) once the review is done, after the move's own words: its judgement
 *   and the evaluation; '' before
 * @property {() => void} redraw  draws the review again (the piece set changed)
 * @property {() => string | null} annotated  the game's record with the review written in (each
 *   judged move marked, with what it lost and its better move as a side line: the wasm
 *   `annotatedRecord`) once the review is done, else null (also when it cannot be written);
 *   what the analysis board opens, as lichess's analysis shows the computer's judgements
 * @property {() => boolean} learn  opens "Learn from your mistakes" on the review done (its
 *   button's action; also a reload or Forward on the trainer's history entry); false when
 *   there is nothing to learn from (no review done, or no mistake of the learner's)
 */

/** The graph's drawing box, in SVG units (it scales to the panel's width). */
const WIDTH = 600;
const HEIGHT = 240;

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An SVG element with attributes.
 *
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @returns {SVGElement}
 */
function svg(tag, attributes) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/**
 * Builds the review section in `box` and wires it to the board.
 *
 * @param {object} parts
 * @param {HTMLElement} parts.box  the (hidden) section the review fills
 * @param {HTMLButtonElement} parts.button  the page's Review button (enabled once there is a move)
 * @param {EmbedHandle} parts.embed  the page's board
 * @param {StoredReview | null} parts.saved  a review kept with the saved game
 * @param {() => void} parts.persist  saves the game (and `stored()` with it)
 * @param {() => readonly Side[]} parts.learner  whose mistakes "Learn from your mistakes" takes:
 *   the player's side against the computer, both sides for two players
 * @param {(round: MistakesRound) => void} parts.learn  opens the trainer on them
 * @param {() => void} parts.judged  the judgements changed (the review concluded, or went with
 *   the game it was of): the move list shows them
 * @param {() => PieceSet} parts.pieceSet  the page's piece set, for the judged moves' figurines
 * @param {() => Ai} [parts.worker]  the computer player that evaluates (a fresh one unless told)
 * @param {(place: string, open: () => void) => () => void} [parts.guard]  makes the "Learn from
 *   your mistakes" button's handler, which may ask first (the page's asks while a clock runs,
 *   leave-guard.js); unless told, it opens at once
 * @returns {Review}
 */
export function createReview({ box, button, embed, saved, persist, learner, learn, judged, pieceSet, worker = () => createAi(), guard = (_place, open) => open }) {
  const title = make('h2', { id: 'review-title' }, 'Game review');
  const progress = make('progress', { id: 'review-progress', max: '1', value: '0', 'aria-labelledby': 'review-status' });
  // The count as it goes, seen (and the bar's name); what a screen reader hears is `said`, once
  // at each change of state: thirty "Reviewing… n of 31" would be read out one after another.
  const status = make('span', { id: 'review-status' });
  const said = make('p', { class: 'visually-hidden', role: 'status' });
  /** Whether the review kept from before a reload is being shown: it is not said again. */
  let restoring = true;
  const stopButton = make('button', { type: 'button', id: 'review-stop' }, 'Stop');
  const resume = make('button', { type: 'button', id: 'review-resume' }, 'Resume');
  const bar = make('div', { class: 'review-bar' });
  // (`said` beside the bar, not in it: the bar is hidden as the review ends, and a live region
  // hidden with its words is not read.)
  bar.append(progress, status, stopButton, resume);
  const failure = make('p', { class: 'error', role: 'alert' });
  const graph = svg('svg', { id: 'review-graph', class: 'review-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-labelledby': 'review-graph-title' });
  // The position under the pointer on the graph, else the one shown: its move, evaluation and
  // White's expected score, in figures (the points' own tooltips come late and are hard to hit).
  // Seen only: a screen reader has each point's title and the board's own words.
  const readout = make('p', { class: 'review-readout', 'aria-hidden': 'true' });
  const players = make('dl', { class: 'review-players' });
  const list = make('ol', { id: 'review-moves', class: 'review-moves', 'aria-label': 'Inaccuracies, mistakes and blunders: choose one to view its position' });
  const learnButton = make('button', { type: 'button', id: 'review-learn', class: 'review-learn' });
  /**
   * Shows a position of the game, and the board with it when the page has scrolled it away (a
   * phone's page, the review under the board): a click on a judgement or the graph shows
   * something.
   *
   * @param {number} ply
   */
  const showOnBoard = (ply) => {
    embed.showPly(ply);
    const canvas = embed.canvas();
    if (!canvas) return;
    const { top, bottom } = canvas.getBoundingClientRect();
    // At once, not smoothly: a smooth scroll is cut short by the next scroll the player makes.
    if (top < 0 || bottom > innerHeight) canvas.scrollIntoView({ block: 'nearest' });
  };
  // The record with the review written in, to share or to open on the analysis board.
  const copyButton = make(
    'button',
    { type: 'button', id: 'review-copy', title: 'Copy the game record with the review written in: each inaccuracy, mistake and blunder marked (?!, ?, ??) with what it lost, and its better move as a side line, which the analysis board opens' },
    'Copy annotated record',
  );
  const tools = make('div', { class: 'buttons review-tools' });
  tools.append(copyButton);
  const copyField = make('textarea', { class: 'review-copy', rows: '4', readonly: '', spellcheck: 'false', 'aria-label': 'The annotated record' });
  copyField.hidden = true;
  const copyNote = make('p', { class: 'review-copy-note', role: 'status' });
  const explain = make('p', { class: 'review-explain' }, 'Each position searched at the same fixed budget. A move that loses 5% of its side\'s expected score is an inaccuracy, 10% a mistake, 15% a blunder.');
  box.setAttribute('aria-labelledby', 'review-title');
  box.replaceChildren(title, bar, said, failure, graph, readout, players, learnButton, list, tools, copyField, copyNote, explain);

  /** @type {StoredReview | null} */
  let review = saved && saved.record === embed.record() ? saved : null;
  /** @type {ReviewSummary | null} */
  let summary = null;
  /** @type {'idle' | 'running' | 'stopped' | 'done' | 'failed'} */
  let state = 'idle';
  /** Counts runs: an answer for an earlier one is dropped. */
  let run = 0;
  /** @type {Ai | null} the worker of a review under way (ended when it stops) */
  let ai = null;
  /** Ends the worker: a stopped review needs none until it resumes. */
  const endWorker = () => {
    ai?.dispose();
    ai = null;
  };

  /** The ply of the position shown (-1: the start). */
  const shownPly = () => embed.shownPly() ?? embed.history().length - 1;
  /** @param {number} ply  the position after it read out under the graph (-1: the start) */
  const readOut = (ply) => {
    if (summary) readout.replaceChildren(...phraseContent(readoutPhrase(summary.moves[ply] ?? null, summary.start), pieceSet()));
  };

  /** The graph's cursor: at the position shown. */
  const cursor = svg('line', { class: 'review-cursor', x1: 0, y1: 0, x2: 0, y2: HEIGHT });
  /** The cursor's place for each position drawn, the start's first. */
  let cursorXs = [0];
  /**
   * The position shown marked on the graph, in its readout and in the list of judged moves. At
   * each step through the game, without drawing the list anew: a screen reader reading the
   * list would lose its place in it.
   */
  const markShown = () => {
    const shown = shownPly();
    readOut(shown);
    const x = String(cursorXs[Math.min(shown + 1, cursorXs.length - 1)] ?? 0);
    cursor.setAttribute('x1', x);
    cursor.setAttribute('x2', x);
    for (const button of list.querySelectorAll('.review-move')) {
      if (button instanceof HTMLElement && button.dataset.ply === String(shown)) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  };

  /**
   * The record with the review written in (the wasm `annotatedRecord`); throws what the wasm
   * says when it cannot be written.
   *
   * @param {StoredReview} done  a review with every position evaluated
   */
  const writeAnnotated = (done) => bindings().annotatedRecord(done.record, /** @type {Evaluation[]} */ (done.evaluations));

  const draw = () => {
    const focused = document.activeElement;
    // A judged move had the focus and the list is drawn anew (the piece set changed, the review
    // ended): the focus stays on it, drawn anew, not on the Review button far above.
    const chosenPly = focused instanceof HTMLElement && focused.classList.contains('review-move') ? focused.dataset.ply : undefined;
    button.disabled = embed.history().length === 0 || state === 'running';
    box.hidden = review === null && state !== 'failed';
    box.dataset.state = state;
    const positions = review?.evaluations.length ?? 0;
    const done = review ? evaluatedCount(review.evaluations) : 0;
    bar.hidden = state === 'done' || state === 'failed';
    progress.max = Math.max(1, positions);
    progress.value = done;
    status.textContent =
      state === 'running' ? `Reviewing… ${done} of ${positions} positions` : state === 'stopped' ? `Review stopped: ${done} of ${positions} positions` : '';
    stopButton.hidden = state !== 'running';
    resume.hidden = state !== 'stopped';
    graph.replaceChildren();
    players.replaceChildren();
    list.replaceChildren();
    // Drawn once the review is done: until then no empty frame (review.css).
    graph.toggleAttribute('data-empty', !summary);
    explain.hidden = summary === null;
    tools.hidden = summary === null;
    readout.hidden = summary === null;
    if (!summary) {
      // What was copied was of a review now gone.
      copyField.hidden = true;
      copyNote.textContent = '';
    }
    const mistakes = summary ? mistakesToLearn(summary.moves, learner()) : [];
    learnButton.hidden = mistakes.length === 0;
    learnButton.textContent = `Learn from your mistakes (${mistakes.length})`;
    const words = reviewStateWords(state, { positions, done, summary, toLearn: mistakes.length });
    if (said.textContent !== words && !restoring) said.textContent = words;
    if (summary) drawSummary(summary);
    // Review disabled while it runs, Stop gone when it ends: the focus to what works now.
    const chosen = chosenPly === undefined ? null : list.querySelector(`.review-move[data-ply="${chosenPly}"]`);
    const first = list.querySelector('button');
    keepFocus(focused, [chosen instanceof HTMLElement ? chosen : null, stopButton, resume, first instanceof HTMLElement ? first : null, learnButton, button]);
  };

  /** @param {ReviewSummary} result */
  const drawSummary = (result) => {
    const n = result.moves.length;
    const points = graphPoints(result.moves, WIDTH, HEIGHT);
    const titleNode = svg('title', { id: 'review-graph-title' });
    titleNode.textContent = `Evaluation graph: White's expected score after each of the ${n} plies, from ${Math.round(result.start * 100)}% at the start to ${Math.round((result.moves[n - 1]?.whiteExpected ?? result.start) * 100)}%`;
    graph.append(titleNode);
    // White's share below the line (light), Black's above it (dark): the even game is the middle.
    const line = `M0 ${graphY(result.start, HEIGHT).toFixed(1)} ${points.map((p) => `L${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ')}`;
    graph.append(svg('path', { class: 'review-white', d: `${line} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z` }));
    graph.append(svg('line', { class: 'review-middle', x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }));
    graph.append(svg('path', { class: 'review-line', d: line }));
    cursorXs = [0, ...points.map((point) => point.x)];
    graph.append(cursor);
    result.moves.forEach((move, i) => {
      const point = svg('circle', { class: `review-point${move.judgement ? ` ${move.judgement}` : ''}`, cx: points[i].x, cy: points[i].y, r: move.judgement ? 7 : 3.5, 'data-ply': i });
      const tip = svg('title', {});
      tip.textContent = `${moveWords(move)} — ${scoreShown(move)}`;
      point.append(tip);
      graph.append(point);
    });
    for (const side of /** @type {const} */ (['white', 'black'])) {
      players.append(make('dt', {}, sideName(side)), make('dd', { 'data-side': side }, playerWords(result[side])));
    }
    const set = pieceSet();
    /** @param {PlyInfo} played */
    const ply = (played) => figuredMove(played, set, 'review-ply');
    for (const move of result.moves) {
      if (!move.judgement) continue;
      // The moves in figurines, as the move list has them; the line as shown, then its words, as
      // its name.
      const button = make('button', { type: 'button', class: `review-move ${move.judgement}`, 'data-ply': String(move.ply), 'aria-label': judgedLabel(move) });
      button.append(make('span', { class: 'review-mark', 'aria-hidden': 'true' }, MARKS[move.judgement]), `${moveNumber(move)} `, ply(move.playedPly), ` ${judgementWords(move)}`);
      // A suicide's display form ("Pa2-") says little by itself: the words say what it does.
      if (move.bestPly) button.append('; better ', ply(move.bestPly), move.bestPly.suicide ? ' (removing that frozen piece)' : '');
      button.addEventListener('click', () => showOnBoard(move.ply));
      const item = make('li', {});
      item.append(button);
      list.append(item);
    }
    if (!list.firstChild) list.append(make('li', {}, 'No inaccuracy, mistake or blunder.'));
    markShown();
  };


  /** Judges the moves once every position is evaluated; bad stored data starts the review over. */
  const conclude = () => {
    if (!review) return;
    try {
      // Called once none is missing (the engine checks each).
      summary = bindings().reviewSummary(review.record, /** @type {Evaluation[]} */ (review.evaluations));
      state = 'done';
    } catch (error) {
      // Stored evaluations that do not fit (another version's, say): evaluated again.
      review = null;
      summary = null;
      state = 'failed';
      failure.textContent = `The review could not be read (${errorText(error)}); press Review to make it again.`;
    }
    draw();
    judged();
  };

  const go = async () => {
    if (!review) return;
    const id = ++run;
    const { record, evaluations } = review;
    state = 'running';
    failure.textContent = '';
    draw();
    ai ??= worker();
    for (let ply = firstMissing(evaluations); ply >= 0; ply = firstMissing(evaluations)) {
      try {
        const evaluation = await ai.evaluate(record, ply);
        if (id !== run) return;
        evaluations[ply] = evaluation;
        persist();
        draw();
      } catch (error) {
        if (id !== run) return;
        const aborted = error instanceof Error && error.name === 'AbortError';
        state = aborted ? 'stopped' : 'failed';
        if (!aborted) failure.textContent = `The review stopped: ${errorText(error)}`;
        draw();
        return;
      }
    }
    endWorker();
    conclude();
    persist();
    revealGrown();
  };

  /**
   * Brings a review just made into sight, its head kept in sight: it grew from a line of progress
   * to the graph, the accuracies and the judged moves, below the window's foot, where a player who
   * had its head in sight did not see it. A player who looked elsewhere meanwhile is left there.
   */
  const revealGrown = () => {
    const { top, bottom } = box.getBoundingClientRect();
    if (top < 0 || top > innerHeight || bottom <= innerHeight) return;
    scrollBy({ top: Math.min(bottom - innerHeight, top) });
  };

  const api = {
    start() {
      if (state === 'running') return;
      const record = embed.record();
      if (review?.record !== record) {
        review = { record, evaluations: Array.from({ length: embed.history().length + 1 }, () => null) };
        summary = null;
      }
      if (firstMissing(review.evaluations) < 0) conclude();
      else go();
      box.scrollIntoView({ block: 'nearest' });
    },
    focus() {
      const judged = list.querySelector('button');
      const target = state === 'running' ? stopButton : judged instanceof HTMLButtonElement ? judged : learnButton.hidden ? button : learnButton;
      target.focus({ preventScroll: true });
    },
    stop() {
      if (state !== 'running') return;
      run++;
      endWorker();
      state = 'stopped';
      draw();
      persist();
    },
    stored: () => review,
    state: () => state,
    annotated() {
      if (!review || !summary) return null;
      try {
        return writeAnnotated(review);
      } catch {
        return null;
      }
    },
    judgements: () => summary?.moves.map((move) => move.judgement) ?? [],
    /** @param {number} ply */
    spokenAt: (ply) => (summary ? spokenWords(summary.moves[ply] ?? null, summary.start) : ''),
    redraw: draw,
    learn() {
      if (!review || !summary) return false;
      const mistakes = mistakesToLearn(summary.moves, learner());
      if (!mistakes.length) return false;
      learn({ record: review.record, annotated: api.annotated() ?? review.record, evaluations: /** @type {Evaluation[]} */ (review.evaluations), mistakes });
      return true;
    },
  };

  button.addEventListener('click', () => api.start());
  learnButton.addEventListener('click', guard('the mistakes trainer', () => api.learn()));
  copyButton.addEventListener('click', async () => {
    if (!review || !summary) return;
    let text;
    try {
      text = writeAnnotated(review);
    } catch (error) {
      copyNote.textContent = `The annotated record could not be written: ${errorText(error)}`;
      return;
    }
    const ok = await copyText(text, copyField);
    copyField.hidden = ok;
    copyNote.textContent = ok ? `Copied the record with the review: ${annotatedWords(summary.moves)}.` : COPY_REFUSED;
  });
  stopButton.addEventListener('click', () => api.stop());
  resume.addEventListener('click', () => api.start());
  /** @param {MouseEvent} event @returns {number | null} the ply whose point is nearest the pointer */
  const plyAt = (event) => {
    if (!summary) return null;
    const box = graph.getBoundingClientRect();
    return nearestPly(((event.clientX - box.left) / box.width) * WIDTH, summary.moves.length, WIDTH);
  };
  graph.addEventListener('click', (event) => {
    const ply = plyAt(event);
    if (ply !== null) showOnBoard(ply);
  });
  graph.addEventListener('pointermove', (event) => {
    const ply = plyAt(event);
    if (ply !== null) readOut(ply);
  });
  // Back to the position shown.
  graph.addEventListener('pointerleave', () => readOut(shownPly()));
  embed.on('view', () => {
    if (summary) markShown();
  });
  embed.on('change', () => {
    if (!review || review.record === embed.record()) {
      button.disabled = embed.history().length === 0 || state === 'running';
      return;
    }
    // Another game, or the same one changed: its review no longer fits.
    endWorker();
    run++;
    const had = summary !== null;
    review = null;
    summary = null;
    state = 'idle';
    failure.textContent = '';
    draw();
    if (had) judged();
  });

  if (review) {
    if (firstMissing(review.evaluations) < 0) conclude();
    else state = 'stopped';
  }
  draw();
  restoring = false;
  return api;
}
