// The game page's analysis view: a dialog over the page with a board mounted in `analysis` mode
// (analysis.js), opened on the game (any position of it), on a pasted position or record, and by
// whatever else wants one — a puzzle solved, a shared link — through `openAnalysis`. The board
// is its own: the game it came from is never changed. While it is open the address has
// `?analysis` (the browser's Back closes it; a reload opens it again on what it analysed, which
// the history entry holds: analysedBefore), and the page's own shortcuts are off (they do
// nothing while a dialog is open). The lines tried are kept in this browser
// (analysis-lines.js): opening the analysis of the same record again, after a reload too,
// brings them back.

import { mount } from './embed.js';
import { isLines, linkStyles } from './analysis.js';
import { isTyping } from './keys.js';
import { escapePutsDown } from './trainer-board.js';
import { errorText, make, pageStorage } from './util.js';
import { gameKey, keepLines, linesOf, loadKept, mergedNotes, notesOf, saveKept } from './analysis-lines.js';
import { analysisUrl, encodeAnalysis, MAX_CHOICES } from './analysis-link.js';
import { withoutParam } from './links.js';
import { choicesTo, nodeAlong, nodeByChoices } from './variations.js';
import { nameLinkButton, shareLink } from './clipboard.js';
import { afterStepBack, focusIfLost, onHistoryStep, pushEntry, stepBack } from './view-history.js';

/** @import { Side } from '../ultima-wasm.js' */
/** @import { EmbedHandle } from './embed.js' */
/** @import { EngineChoice } from './analysis.js' */
/** @import { PieceSet, Theme } from './state.js' */

/**
 * What to analyse. `record` wins over `position`; with neither, the start position.
 *
 * @typedef {object} AnalysisRequest
 * @property {string} [record]  a game record: its moves become the main line
 * @property {string} [position]  a position string
 * @property {number} [ply]  the position of the record's main line to show first, as plies
 *   played (0: the start); by default its end
 * @property {Side} [orientation]  the side at the bottom (by default White)
 * @property {Back} [back]  where closing the view goes back to, when not the game (a puzzle,
 *   the list of games); over a reload or Forward, kept when it names its view (`backBefore`)
 * @property {string[][]} [lines]  lines of move texts from the start to add to the record's, as
 *   side lines after those it has (a better move a trainer found): tried lines, kept as such
 * @property {number[]} [at]  the position to show first, in a side line too: the move chosen at
 *   each step from the start, as the tree lists them (an analysis link's, `choicesTo`); wins
 *   over `ply`
 * @property {string} [remark]  words for the view's note as it opens, for a few seconds (what
 *   of a link could not be read)
 */

/**
 * What the view was opened from: its close button's words, and what reopens it once the player
 * closes the view (the button, Escape or the browser's Back; not another view taking its place,
 * nor Edit position or Play from here, which go elsewhere).
 *
 * @typedef {object} Back
 * @property {string} label  e.g. "Back to the puzzle"
 * @property {() => void} go
 * @property {string} [view]  the view's dialog id, e.g. "games": kept with the entry (with the
 *   label), so that the view opened again by a reload or Forward still goes back there
 */

/** The query parameter that says the analysis view is open. */
export const ANALYSIS_PARAM = 'analysis';

/**
 * What the page tells the analysis view: its look, asked at each opening, how to open the board
 * editor on the position shown (none: no "Edit position" button), and how to start a game from
 * it (none: no "Play from here…" button).
 *
 * @typedef {object} AnalysisConfig
 * @property {() => PieceSet} pieceSet
 * @property {() => Theme} theme
 * @property {((from: { pieces: string[], turn: Side }) => void) | null} [edit]
 * @property {((position: string) => void) | null} [play]
 * @property {{ get: () => EngineChoice, set: (choice: EngineChoice) => void }} [engine]  the
 *   engine as the player left it last (the panel's Engine box and Lines), kept by the page
 */

/** @type {AnalysisConfig} */
let look = { pieceSet: () => 'chess', theme: () => 'green' };

/**
 * Tells the analysis view the page's piece set, board theme, board editor and engine choice.
 *
 * @param {AnalysisConfig} given
 */
export function configureAnalysis(given) {
  look = given;
}

/** How long "Copied a link…" stays, in milliseconds. */
const SHARE_NOTE_MS = 6000;

/** How long after an edit the lines are written, in milliseconds: a comment typed (an edit per
 * key) writes once or twice a second. */
const KEEP_DELAY_MS = 400;

/** @type {{ dialog: HTMLDialogElement, board: EmbedHandle, pushed: boolean, stopKeys: () => void, keep: () => void, back: Back | null } | null} */
let shown = null;

/** @type {number} counts the openings of the view: one opened while another loads replaces it */
let openings = 0;

/** @returns {boolean} whether the address asks for the analysis view */
export const analysisAsked = () => new URLSearchParams(location.search).has(ANALYSIS_PARAM);

/** @returns {boolean} whether the analysis view is open */
export const analysisShown = () => shown !== null;

/**
 * What the view open when the page was left analysed (kept in the history entry: a reload, or
 * the browser's session restored), so that it opens again on that and not on the page's game;
 * null when the entry holds none, or nothing readable (an entry of an older page, say).
 *
 * @returns {AnalysisRequest | null}
 */
export function analysedBefore() {
  const state = history.state;
  if (typeof state !== 'object' || state === null || !('analysed' in state)) return null;
  try {
    return checkRequest(state.analysed);
  } catch {
    return null;
  }
}

/**
 * A history entry's state without what a view analysed (the view has closed).
 *
 * @param {unknown} state
 * @returns {unknown}
 */
function withoutAnalysed(state) {
  if (typeof state !== 'object' || state === null || !('analysed' in state)) return state;
  const { analysed: _, shownLine: __, ...rest } = /** @type {Record<string, unknown>} */ (state);
  return rest;
}

/**
 * The line of the position the view showed, kept in the history entry beside what it analysed
 * (`shownLine`, the moves from the start), so that a reload opens it there and not at the ply it
 * opened on; null when the entry holds none, or none that reads.
 *
 * @returns {string[] | null}
 */
function shownBefore() {
  const state = history.state;
  if (typeof state !== 'object' || state === null || !('shownLine' in state)) return null;
  const line = state.shownLine;
  return Array.isArray(line) && line.length <= MAX_SHOWN_LINE && line.every((text) => typeof text === 'string' && text.length <= 40) ? line : null;
}

/** The longest line kept in the history entry: more plies than any game allows. */
const MAX_SHOWN_LINE = 5000;

/** How long the view waits after a move shown before writing it in the history entry: a held
 * arrow key steps many times a second, and browsers throttle history writes. */
const SHOWN_WRITE_MS = 300;

/** The address without `?analysis` (other parameters and the fragment kept). */
function addressWithout() {
  const params = new URLSearchParams(location.search);
  params.delete(ANALYSIS_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/** The address with `?analysis`. */
function addressWith() {
  const params = new URLSearchParams(location.search);
  params.delete(ANALYSIS_PARAM);
  const query = params.toString();
  return `${location.pathname}?${ANALYSIS_PARAM}${query ? `&${query}` : ''}${location.hash}`;
}

/**
 * @param {unknown} value
 * @returns {value is Back}
 */
function isBack(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { go, view } = /** @type {Record<string, unknown>} */ (value);
  return isBackTo(value) && typeof go === 'function' && (view === undefined || typeof view === 'string');
}

/**
 * Whether `value` reads as where a view goes back to, as its entry keeps it: its words and the
 * view's id.
 *
 * @param {unknown} value
 * @returns {value is { label: string, view?: string }}
 */
function isBackTo(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { label } = /** @type {Record<string, unknown>} */ (value);
  return typeof label === 'string' && label.length > 0 && label.length <= 40;
}

/**
 * Where the view whose entry is on show went back to, if it was a view of the page (e.g. {
 * view: "games", label: "Back to your games" }): the page opens that view again with it after a
 * reload or Forward (the way back itself, a function, is not kept in the history).
 *
 * @returns {{ view: string, label: string } | null}
 */
export function backBefore() {
  const backTo = /** @type {any} */ (history.state)?.analysed?.backTo;
  return isBackTo(backTo) && typeof backTo.view === 'string' ? { view: backTo.view, label: backTo.label } : null;
}

/**
 * Checks a request from anywhere: every field of the right type, or a clear error.
 *
 * @param {unknown} request
 * @returns {AnalysisRequest}
 */
function checkRequest(request) {
  if (typeof request !== 'object' || request === null) throw new TypeError('openAnalysis needs an object, e.g. { record }');
  const { record, position, ply, orientation, back, lines, at, remark } = /** @type {Record<string, unknown>} */ (request);
  if (record !== undefined && typeof record !== 'string') throw new TypeError('the record to analyse must be text');
  if (position !== undefined && typeof position !== 'string') throw new TypeError('the position to analyse must be text');
  if (ply !== undefined && !(typeof ply === 'number' && Number.isInteger(ply) && ply >= 0)) throw new TypeError('the ply to show must be a whole number from 0');
  if (orientation !== undefined && orientation !== 'white' && orientation !== 'black') throw new TypeError('the orientation must be "white" or "black"');
  if (back !== undefined && !isBack(back)) throw new TypeError('back must be { label, go }: a short text and a function');
  if (lines !== undefined && !isLines(lines)) throw new TypeError('the lines to add must be lists of move texts');
  if (at !== undefined && !(Array.isArray(at) && at.length <= MAX_CHOICES && at.every((n) => Number.isInteger(n) && n >= 0))) throw new TypeError('the position to show must be a list of whole numbers from 0');
  if (remark !== undefined && typeof remark !== 'string') throw new TypeError('the remark must be text');
  return { record, position, ply, orientation, back, lines, at: /** @type {number[] | undefined} */ (at), remark };
}

/**
 * Opens the analysis view (closing one already open). Resolves with its board's handle once it
 * is ready (`handle.analysis()` is its controller); rejects, opening nothing, when the request
 * does not make a game (the message says why).
 *
 * @param {AnalysisRequest} [request]
 * @returns {Promise<EmbedHandle>}
 */
export async function openAnalysis(request = {}) {
  const { record, position, ply, orientation, back, lines, at, remark } = checkRequest(request);
  // A view open already gives its place to this one, and its entry in the history: going Back
  // in between would close the new view.
  const replaced = shown;
  // Opened where the address already asks for the view, none shown (a reload, the browser's
  // Forward): the position it showed, read before this view writes its own.
  const lineBefore = replaced === null && analysisAsked() ? shownBefore() : null;
  closeAnalysis(replaced !== null);
  // A view closed just before (its step back over its entry still coming) is waited for. Then
  // the view's entry goes into the history at once, before the loads below (80 ms or more), so
  // that Back pressed meanwhile steps back over it instead of leaving the site: the view then
  // does not open.
  await afterStepBack();
  // Whether the entry is the view's own, to step back over when it closes: pushed now, or
  // pushed before a reload (or Forward) onto it; not an address typed or linked with
  // `?analysis`, the page's first entry, before which is another site.
  const pushed = replaced ? replaced.pushed : !analysisAsked() || history.state?.ultimaAnalysis === true;
  // The history entry holds what is analysed, so that a reload opens this analysis again.
  const analysed = { record, position, ply, orientation, ...(back?.view ? { backTo: { view: back.view, label: back.label } } : {}) };
  // Opened from a view it goes back to (`back`): over that view's entry, which Back then shows.
  if (!analysisAsked()) pushEntry({ ultimaAnalysis: true, analysed }, addressWith(), back !== undefined);
  else history.replaceState({ ...history.state, analysed }, '');
  const opening = ++openings;
  /** Back was pressed, or another analysis opened, while this one loaded. */
  const left = () => opening !== openings || !analysisAsked();
  // The style sheet first, so that the view never shows unstyled (the page does not load it
  // before it is needed: it would hold up the page's first paint).
  await linkStyles(document.body);
  const dialog = make('dialog', { class: 'analysis-dialog', 'aria-labelledby': 'analysis-title' });
  const title = make('h2', { id: 'analysis-title' }, 'Analysis board');
  const close = make('button', { type: 'button', class: 'analysis-close', title: `Close the analysis (Escape): ${back ? back.label.toLowerCase() : 'back to the game, unchanged'}` }, back?.label ?? 'Back to the game');
  const buttons = make('div', { class: 'buttons' });
  const edit = look.edit;
  if (edit) {
    // The position shown, on the board editor; the analysis closes (its lines are not kept).
    const button = make('button', { type: 'button', class: 'analysis-edit', title: 'Set up a position from the one shown (the analysis closes)' }, 'Edit position');
    button.addEventListener('click', () => {
      const { pieces, turn } = board.snapshot();
      closeAnalysis();
      edit({ pieces, turn });
    });
    buttons.append(button);
  }
  const play = look.play;
  if (play) {
    // A new game from the position shown (the new-game dialog, which chooses the players).
    const button = make('button', { type: 'button', class: 'analysis-play', title: 'A new game from the position shown, against the computer or a friend (the analysis closes)' }, 'Play from here…');
    button.addEventListener('click', () => {
      const { position } = board.snapshot();
      closeAnalysis();
      play(position);
    });
    buttons.append(button);
  }
  // The whole analysis in a link (its lines, marks and comments travel in the link itself).
  const share = make('button', { type: 'button', class: 'analysis-share', title: 'Copy a link to this analysis: its lines, marks and comments travel in the link itself' }, 'Copy link');
  nameLinkButton(share);
  buttons.append(share, close);
  const head = make('div', { class: 'analysis-dialog-head' });
  // What Copy link did, for a few seconds under the head, over the board rather than pushing
  // it down (analysis.css); the link field, when the clipboard refused, stays in the flow.
  const shareNote = make('p', { class: 'analysis-share-note', role: 'status' });
  head.append(title, buttons, shareNote);
  /** @type {ReturnType<typeof setTimeout> | null} */
  let noteTimer = null;
  /** @param {string} text @param {boolean} ok  whether it can go by itself (not an error) */
  const note = (text, ok) => {
    if (noteTimer !== null) clearTimeout(noteTimer);
    noteTimer = null;
    shareNote.textContent = text;
    if (ok && text) noteTimer = setTimeout(() => (shareNote.textContent = ''), SHARE_NOTE_MS);
  };
  const shareField = make('textarea', { class: 'analysis-share-field', rows: '2', readonly: '', spellcheck: 'false', 'aria-label': 'The link to this analysis' });
  shareField.hidden = true;
  const host = make('div', { class: 'analysis-host' });
  dialog.append(head, shareField, host);
  share.addEventListener('click', async () => {
    note('', true);
    shareField.hidden = true;
    const analysis = board.analysis();
    if (!analysis) return;
    try {
      // The page's address without `?analysis`: the link's own fragment opens the view.
      // At the position shown: whoever opens it sees what the sender looked at.
      const url = analysisUrl(withoutParam(location.href, ANALYSIS_PARAM), await encodeAnalysis(analysis.treeRecord(), choicesTo(analysis.tree(), analysis.current())));
      const { said, ok } = await shareLink(url, 'Ultima analysis', shareField, {
        shared: 'Shared a link to this analysis: whoever opens it sees these lines, marks and comments.',
        copied: 'Copied a link to this analysis: whoever opens it sees these lines, marks and comments.',
      });
      note(said, ok);
    } catch (error) {
      note(`No link: ${errorText(error)}.`, false);
    }
  });
  document.body.append(dialog);
  const board = mount(host, {
    label: 'Analysis board',
    mode: 'analysis',
    record: record?.trim() ? record : undefined,
    position: record?.trim() ? undefined : position?.trim() || undefined,
    pieceSet: look.pieceSet(),
    theme: look.theme(),
    orientation,
  });
  let failure = 'the analysis board did not start';
  const off = board.on('error', ({ message }) => (failure = message));
  const ok = await board.ready;
  off();
  if (!ok || left()) {
    board.destroy();
    dialog.remove();
    if (left()) throw new DOMException('the analysis board was left before it opened', 'AbortError');
    leaveEntry(pushed);
    throw new Error(failure);
  }
  const analysis = board.analysis();
  // What finds the lines kept: the whole game opened, read before a ply is shown (the board's
  // game is then the line to it), so that the game's analysis is one whatever move it is
  // opened on; and the record, which found them before.
  const game = { key: gameKey(board.snapshot()), former: board.record() };
  // The ply is the record's own main line's: found before the lines kept come back (one of
  // them may have been made the main line).
  if (ply !== undefined) analysis?.goToPly(ply);
  const keep = keepTried(board, game);
  // After the lines the tree has, so that its main line stays.
  if (analysis && lines) analysis.addLines([...analysis.lines(), ...lines]);
  // The position a link showed, in the record's lines.
  if (analysis && at) analysis.goTo(nodeByChoices(analysis.tree(), at));
  // Once the lines kept are back, the position the view showed before the reload (maybe in one
  // of them).
  if (analysis && lineBefore) analysis.goTo(nodeAlong(analysis.tree(), lineBefore));
  // The engine as the player left it last (on or off, its lines), and each change kept.
  const engine = look.engine;
  if (analysis && engine) {
    const { on, lines } = engine.get();
    try {
      analysis.engineLines(lines);
    } catch {
      // Not a count it takes: its own default stays.
    }
    analysis.engine(on);
    analysis.onEngine(engine.set);
  }
  /** @returns {string[]} the moves from the start to the position shown */
  const shownLine = () => board.history().map((played) => played.text);
  history.replaceState({ ...history.state, shownLine: shownLine() }, '');
  // And the position shown as it changes, a moment after (see SHOWN_WRITE_MS), while this view
  // is the one shown.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let shownTimer;
  board.on('change', () => {
    clearTimeout(shownTimer);
    shownTimer = setTimeout(() => {
      if (shown?.board === board && analysisAsked()) history.replaceState({ ...history.state, shownLine: shownLine() }, '');
    }, SHOWN_WRITE_MS);
  });
  // Keys with the focus outside the board's own box, which handles its own: on the dialog's
  // head, or nowhere (a button pressed and gone), do what they do there.
  /** @param {KeyboardEvent} event */
  const key = (event) => analysis?.handleKey(event);
  document.addEventListener('keydown', key);
  shown = { dialog, board, pushed, stopKeys: () => document.removeEventListener('keydown', key), keep, back: back ?? null };
  close.addEventListener('click', () => dialog.close());
  // The close event comes a task later: by then another view may have taken this one's place.
  dialog.addEventListener('close', () => {
    if (shown?.dialog === dialog) closeAndGoBack();
  });
  // Escape closes the view, also from the board (whose own Escape puts down a picked-up piece,
  // which it still does first); a piece picked up and the focus elsewhere (a press on the board
  // leaves it nowhere), Escape puts the piece down first too: it closed the view.
  escapePutsDown(dialog, () => board);
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || board.selection().square !== null) return;
      event.stopPropagation();
      event.preventDefault();
      // In a field being typed in (a comment), Escape leaves the field, as on lichess: the view
      // stays, and the keys go back to the moves, on the move shown (on Back to the game, a
      // reflex Enter closed the view).
      if (isTyping(event.target) && event.target instanceof HTMLElement) {
        event.target.blur();
        const shownMove = dialog.querySelector('.analysis-moves [aria-current]') ?? dialog.querySelector('.analysis-moves');
        (shownMove instanceof HTMLElement ? shownMove : close).focus();
        return;
      }
      dialog.close();
    },
    true,
  );
  dialog.showModal();
  if (remark) note(remark, true);
  // The focus on the close button, so that the arrow keys step through the moves at once (on
  // the board they move its focus square); where the board stands, heard after it.
  close.focus();
  analysis?.sayShown();
  return board;
}

/**
 * Closes the analysis view, if open: its board and engine end; the address loses `?analysis`
 * (unless `keepAddress`: another view takes its place).
 *
 * @param {boolean} [keepAddress]
 */
export function closeAnalysis(keepAddress = false) {
  const open = shown;
  if (!open) return;
  shown = null;
  open.stopKeys();
  open.keep();
  open.board.destroy();
  if (open.dialog.open) open.dialog.close();
  open.dialog.remove();
  // Opened by a reload, the view had no control to give the focus back to.
  setTimeout(() => focusIfLost(open.dialog));
  if (keepAddress || !analysisAsked()) return;
  leaveEntry(open.pushed);
}

/**
 * The address loses `?analysis` at once, so that a reload from now on shows the game; then the
 * entry the view pushed, if it is the one shown, is stepped back over, leaving the history as
 * it was before the view opened.
 *
 * @param {boolean} pushed  the entry on show is the view's own
 */
function leaveEntry(pushed) {
  const ownEntry = pushed && history.state?.ultimaAnalysis === true;
  history.replaceState(ownEntry ? null : withoutAnalysed(history.state), '', addressWithout());
  if (ownEntry) stepBack();
}

/** Closes the view as the player asked, and goes back to where it was opened from, if not the game. */
function closeAndGoBack() {
  const back = shown?.back;
  closeAnalysis();
  back?.go();
}

/**
 * Brings back the lines and notes kept for the analysis of the game, and keeps them as they
 * change: soon after each edit (a move added, a line promoted or removed, a mark, a comment
 * typed), and at once when the view closes or the page is hidden (a reload, a closed tab).
 *
 * @param {EmbedHandle} board  an analysis board, ready
 * @param {{ key: string, former: string }} game  the game it opened on: its `gameKey`, and its
 *   record (what found its lines before), as the board gave them at its end
 * @returns {() => void}  keeps the lines now (the view is closing)
 */
function keepTried(board, { key, former }) {
  const analysis = board.analysis();
  if (!analysis) return () => undefined;
  const opened = { lines: analysis.lines(), notes: analysis.notes() };
  const kept = loadKept(pageStorage());
  const keptLines = linesOf(kept, key, former);
  const refused = analysis.addLines(keptLines);
  if (refused > 0) console.info(`analysis: ${refused} kept moves are not legal here and were left out`);
  // Notes kept with the lines (the player changed them) go on their moves, and the record's own
  // that came since on the others (a review's marks).
  const keptNotes = notesOf(kept, key, former);
  if (keptNotes) {
    const lines = analysis.lines();
    analysis.setNotes(lines, mergedNotes(lines, { lines: keptLines, notes: keptNotes.notes }, opened, keptNotes.seen));
  }
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  const keep = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const storage = pageStorage();
    saveKept(storage, keepLines(loadKept(storage), key, { lines: analysis.lines(), notes: analysis.notes() }, opened, Date.now(), former));
  };
  const stopEdits = analysis.onEdit(() => {
    if (timer === null) timer = setTimeout(keep, KEEP_DELAY_MS);
  });
  const hidden = () => {
    if (document.visibilityState === 'hidden') keep();
  };
  document.addEventListener('visibilitychange', hidden);
  return () => {
    stopEdits();
    document.removeEventListener('visibilitychange', hidden);
    keep();
  };
}

// The browser's Back closes the view.
onHistoryStep(() => {
  if (shown && !analysisAsked()) closeAndGoBack();
});
