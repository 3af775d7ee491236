// The analysis board: what `mount`'s `analysis` mode adds to a board (the game page's analysis
// view, the custom element and the iframe all get it from there). Both sides move by hand; every
// move tried goes into a variation tree (variations.js) shown as a move list with side lines,
// navigable by keys and clicks; the engine analyses the position shown in the board's worker
// (ai.js `analyse`), deepening, and its reports are drawn live: an evaluation bar beside the
// board (White's view), the best move as an arrow with its captures framed, the top lines with
// their scores, depth and speed.
//
// It is a layer over the board's public handle: the board's game always holds the line from the
// start to the node shown, and moving about the tree is `undo` and `play` (legality and notation
// stay the wasm's). The engine's lines come written out as plies from the worker; a line copied
// as a record is played out in a second wasm game of its own (a session, session.js).
//
// With the Threats box on, the pieces the other side could capture are marked (the board's
// `threats` mark, from the rules), and a second worker searches what the other side would play if
// the side to move passed (ai.js `analyse` with `threat`), for THREAT_MS: its move is drawn as a
// red arrow (the handle's `showThreat`) and its line written under the headline, as lichess's
// "show threat" does. In check there is no pass: the check is the threat.
//
// Arrows and circles drawn on a position (the right button, shapes.js) stay with its node: the
// board takes them away when it leaves the position, and they come back when it returns.
//
// The engine runs until the position changes (a new analysis starts at once: the old search is
// stopped by ending its worker), until the player turns it off or leaves, while the page is in
// sight (hidden, it pauses, and starts again when seen), or at most ANALYSIS_MS; a search that
// ends by itself (a forced mate found) says it is complete.
// Reports come at every completed depth, many a second at first: the panel is redrawn at most
// every RENDER_MS, so the page never blocks.

import { drawBoardImage } from './board-image.js';
import { copyText, COPY_REFUSED } from './clipboard.js';
import { ENGINE_LINES, MAX_ENGINE_LINES, isEngineLines, progressText, scoreText, scoreWords, whiteShare } from './evaluation.js';
import { isTyping } from './keys.js';
import { assessedWords, moveContent, moveLabel, moveTitle, renderStrip, showCurrent, STRIP_CSS } from './movelist.js';
import { captureWords, moveWords, sideName, statusText } from './notation.js';
import { openSession } from './session.js';
import { MATERIAL_CSS, materialLead, renderMaterial } from './material.js';
import { errorText, keepFocus, linkStyleSheet, make } from './util.js';
import {
  GLYPH_WORDS,
  MAX_COMMENT,
  ROOT,
  attachNotes,
  branchLines,
  branchNodes,
  clearNotes,
  createTree,
  followLine,
  growLines,
  isRecordNote,
  keyStep,
  lineNodes,
  lineThrough,
  listItems,
  makeMainLine,
  nodeOf,
  notesOnLines,
  numberLabel,
  onMainLine,
  removeNode,
  setNote,
  stepFrom,
  steps,
} from './variations.js';

/** @import { PlyInfo, RecordNote, Report, Snapshot } from '../ultima-wasm.js' */
/** @import { EmbedHandle } from './embed.js' */
/** @import { Ai } from './ai.js' */
/** @import { Shape } from './shapes.js' */
/** @import { MoveNote, NavStep, ListItem, Tree } from './variations.js' */

/** The longest one analysis of a position runs, in milliseconds: then it pauses ("Go deeper"). */
export const ANALYSIS_MS = 180_000;
/** How long the threat is searched, in milliseconds: deep enough for what a player must answer,
 * short enough to leave the core to the main analysis soon. */
export const THREAT_MS = 4_000;
/** The side of the miniature a line's move shows while the mouse is over it, in CSS pixels. */
const PREVIEW_PX = 176;
/** The threat's plies written out after "Threat:". */
const THREAT_PLIES = 3;
/** The panel is redrawn at most this often while reports stream in. */
const RENDER_MS = 250;

/**
 * The analysis board's controller, the handle's `analysis()`.
 *
 * @typedef {object} Analysis
 * @property {() => Tree} tree  the variation tree (read it, do not change it)
 * @property {() => number} current  the node shown
 * @property {(id: number) => void} goTo  shows a node of the tree
 * @property {(ply: number) => void} goToPly  shows the main line after `ply` plies (0: the
 *   start; past its end: its end)
 * @property {(step: NavStep) => void} step  back, forward, start, end, or to an alternative
 * @property {() => void} sayShown  says where the board stands (a view opening: its focus on a
 *   button says nothing of the position), e.g. "The analysis board, after 12... black
 *   Withdrawer e5 to e3."
 * @property {(on?: boolean) => boolean} engine  turns the engine on or off; answers whether it is on
 * @property {(count?: number) => number} engineLines  sets how many of its best lines the engine
 *   shows (1 to `MAX_ENGINE_LINES`; a TypeError for any other value), as the panel's Lines
 *   choice does; answers how many it shows
 * @property {() => Report | null} report  the latest report for the position shown
 * @property {() => string} lineRecord  the record of the line through the node shown, from the
 *   start to the end of its main continuation, with its moves' notes
 * @property {() => string} treeRecord  the record of the whole tree: the main line, with every
 *   side line written in as a variation in parentheses (as PGN writes them; opening it again
 *   brings them back), and the moves' notes
 * @property {() => string[][]} lines  every line of the tree as move texts, from the start to
 *   the end of each branch, the main line first (what the game page keeps of an analysis)
 * @property {(lines: readonly (readonly string[])[], notes?: readonly RecordNote[]) => number} addLines
 *   grows the tree along lines of move texts from the start, ordered as given (`lines()` of an
 *   earlier analysis of the same game brings it back); a line stops at its first move that is
 *   not legal. `notes` (a record's, `Game.recordNotes`) go on the moves they follow, counted in
 *   these lines. The position shown stays. Returns how many plies were not legal
 * @property {() => RecordNote[]} notes  the notes on the tree's moves (a record's, and those the
 *   player wrote), counted in `lines()`
 * @property {(lines: readonly (readonly string[])[], notes: readonly RecordNote[]) => void} setNotes
 *   replaces every note of the tree by `notes`, counted in `lines` (as `lines()` and `notes()`
 *   gave them: how the page brings back an analysis's notes)
 * @property {(listener: () => void) => () => void} onEdit  calls `listener` whenever the tree's
 *   lines or notes change (a move added, a line promoted or removed, a mark or a comment written,
 *   `addLines`, `setNotes`), not when the board only moves through the tree; returns the call
 *   that stops it (how the page keeps an analysis as it is written)
 * @property {(listener: (choice: EngineChoice) => void) => () => void} onEngine  calls
 *   `listener` whenever the engine is turned on or off or its lines' count changes (the panel's
 *   Engine box or L, its Lines choice, `engine`, `engineLines`), with the new choice; returns the
 *   call that stops it (how the page keeps the player's choice for the next analysis)
 * @property {(event: KeyboardEvent) => void} handleKey  acts on a key pressed outside the
 *   board's own box as on one pressed in it (the arrows, Home, End, X for the threats, L for the
 *   engine), unless a field is being typed in or the event was handled: how the page's view
 *   takes keys while the focus is on its head
 * @property {() => void} detach  removes the analysis (stops the engine); the board stays
 */

/**
 * The engine's settings on an analysis board.
 *
 * @typedef {object} EngineChoice
 * @property {boolean} on  the engine runs
 * @property {number} lines  its best lines shown
 */

/**
 * Whether a caller's `value` is lines of move texts (what `addLines` and `setNotes` take).
 *
 * @param {unknown} value
 * @returns {value is string[][]}
 */
export const isLines = (value) => Array.isArray(value) && value.every((line) => Array.isArray(line) && line.every((text) => typeof text === 'string'));

/**
 * Links analysis.css, material.css for its material line, strip.css for a phone's strip of moves and hidden.css for the words read to a
 * screen reader alone, into the document or shadow root a node is in (once): embedded boards
 * have no page style sheet of ours, and the game page loads analysis.css only when the analysis
 * is opened.
 *
 * @param {Node} node
 * @returns {Promise<void>} settles when the style sheets have loaded (or failed to)
 */
export function linkStyles(node) {
  const sheets = [new URL('./analysis.css', import.meta.url).href, MATERIAL_CSS, STRIP_CSS, new URL('./hidden.css', import.meta.url).href];
  return Promise.all(sheets.map((href) => linkStyleSheet(node, href))).then(() => undefined);
}

/**
 * Adds the analysis to a mounted, ready board.
 *
 * @param {EmbedHandle} handle
 * @param {{ outer: HTMLElement, stage: HTMLElement, makeAi: () => Ai, drawShapes: (shapes: Shape[]) => void, engine?: boolean }} parts
 *   the board's outer box and the box of the board itself (the bar goes beside it, the panel
 *   under it), how to start a computer player of its own (the threat's, beside the board's), how
 *   to put a position's shapes back (as the person's own, which a left click erases, unlike a
 *   host's `shapes` option), and whether the engine runs from the start (unless false)
 * @returns {Analysis}
 */
export function attachAnalysis(handle, { outer, stage, makeAi, drawShapes, engine = true }) {
  linkStyles(outer);
  outer.dataset.analysis = '';
  const row = make('div', { class: 'analysis-board' });
  const bar = make('div', { class: 'analysis-bar', role: 'img', part: 'eval-bar' });
  const barWhite = make('div', { class: 'analysis-bar-white' });
  const barLabel = make('span', { class: 'analysis-bar-label', 'aria-hidden': 'true' });
  bar.append(barWhite, barLabel);
  outer.insertBefore(row, stage);
  row.append(bar, stage);
  // On a phone the move list is under the engine's lines, at the screen's foot or below it: the
  // line shown, in a row under the board that scrolls sideways to the move shown, as lichess's
  // phone board has (analysis.css shows it only there). For the pointer: the list has the same
  // moves, with the side lines and the words a screen reader hears, and the arrow keys step.
  const strip = make('div', { class: 'analysis-strip move-strip', 'aria-hidden': 'true' });
  row.after(strip);
  strip.addEventListener('click', (event) => {
    const move = event.target instanceof Element ? event.target.closest('[data-key]') : null;
    if (move instanceof HTMLElement) goTo(Number(move.dataset.key));
  });

  const panel = make('section', { class: 'analysis-panel', part: 'analysis', 'aria-label': 'Analysis' });
  const engineBox = make('input', { type: 'checkbox', class: 'analysis-engine-on' });
  engineBox.checked = engine;
  const engineLabel = make('label', { class: 'analysis-engine', title: 'Run the engine on the position shown (L)' });
  engineLabel.append(engineBox, document.createTextNode(' Engine'));
  // The threatened pieces (the board's `threats` mark), as lichess's analysis shows the threat.
  const threatsBox = make('input', { type: 'checkbox', class: 'analysis-threats-on' });
  threatsBox.checked = handle.view().highlights.includes('threats');
  const threatsLabel = make('label', { class: 'analysis-threats', title: "Mark the pieces of the side to move that the other side could capture, and show the other side's best move if it were its turn (X)" });
  threatsLabel.append(threatsBox, document.createTextNode(' Threats'));
  // How many best lines (multi-PV): fewer go deeper in the same time.
  const linesChoice = make('select', { class: 'analysis-lines-count', 'aria-label': "Engine lines: how many of the engine's best moves are shown" });
  for (let count = 1; count <= MAX_ENGINE_LINES; count++) linesChoice.append(make('option', { value: String(count) }, String(count)));
  linesChoice.value = String(ENGINE_LINES);
  const linesLabel = make('label', { class: 'analysis-lines-choice', title: "How many of the engine's best moves to show, each with its line (fewer search deeper)" });
  linesLabel.append(document.createTextNode('Lines '), linesChoice);
  const headline = make('strong', { class: 'analysis-eval' });
  const progress = make('span', { class: 'analysis-progress' });
  const deeper = make('button', { type: 'button', class: 'analysis-deeper' }, 'Go deeper');
  deeper.hidden = true;
  const head = make('div', { class: 'analysis-head' });
  head.append(engineLabel, threatsLabel, linesLabel, headline, progress, deeper);
  const threatLine = make('p', { class: 'analysis-threat', 'aria-live': 'polite' });
  threatLine.hidden = true;
  const material = make('p', { class: 'material analysis-material' });
  const lines = make('ol', { class: 'analysis-lines', 'aria-label': "The engine's best lines: choose a move to play the line up to it" });
  const moves = make('div', { class: 'analysis-moves', role: 'group', tabindex: '-1', 'aria-label': 'Moves and variations: choose one to show its position' });
  /** @param {string} text @param {string} label @param {NavStep} to */
  const navButton = (text, label, to) => {
    const button = make('button', { type: 'button', 'aria-label': label, title: label, 'data-step': to }, text);
    button.addEventListener('click', () => step(to));
    return button;
  };
  const nav = make('div', { class: 'analysis-nav', role: 'group', 'aria-label': 'Navigate the moves' });
  nav.append(
    navButton('◀◀', 'Start (Home)', 'first'),
    navButton('◀', 'Back (←)', 'prev'),
    navButton('▶', 'Forward (→)', 'next'),
    navButton('▶▶', 'End of the line (End)', 'last'),
  );
  const flip = make('button', { type: 'button', title: 'Turn the board round (F)', 'aria-keyshortcuts': 'F' }, 'Flip');
  const copy = make('button', { type: 'button', title: 'Copy the line shown, from the start to its end, as a game record' }, 'Copy line');
  const copyAll = make('button', { type: 'button', title: 'Copy the main line with every side line, as one game record with the side lines in parentheses (as PGN writes them)' }, 'Copy all lines');
  const promote = make('button', { type: 'button', title: 'Make the line shown the main line' }, 'Make main line');
  const remove = make('button', { type: 'button', title: 'Delete the move shown and everything after it' }, 'Delete from here');
  const tools = make('div', { class: 'analysis-tools' });
  tools.append(flip, copy, copyAll, promote, remove);
  // The move shown annotated as a record writes it: an assessment and a comment, which the
  // copies write and the page keeps with the lines; at the start, the game's comment.
  // Named after what it annotates (renderAnnotate).
  const annotate = make('div', { class: 'analysis-annotate', role: 'group', 'aria-label': 'Annotate the move shown' });
  const glyphButtons = Object.entries(GLYPH_WORDS).map(([glyph, words]) => {
    const button = make('button', { type: 'button', class: 'analysis-glyph-choice', 'data-glyph': glyph, 'aria-pressed': 'false', title: `Mark the move shown: ${words} (again: no mark)`, 'aria-label': words }, glyph);
    // Pressed again, the mark goes (read from the tree: the button is redrawn a task later).
    button.addEventListener('click', () => annotateShown({ glyph: nodeOf(tree, current).note?.glyph === glyph ? null : glyph }));
    return button;
  });
  const commentField = make('textarea', { class: 'analysis-comment-field', rows: '2', maxlength: String(MAX_COMMENT), spellcheck: 'true', placeholder: 'A comment on the move shown', 'aria-label': 'Comment on the move shown' });
  // A record's comment ends at "}", so the rules crate writes one typed in it as ")" (game.rs,
  // `write_comment`): said while it is in the field, rather than found changed in a copy.
  const braceNote = make('p', { class: 'analysis-comment-note', id: 'analysis-comment-note', role: 'status' });
  commentField.setAttribute('aria-describedby', braceNote.id);
  // Written only when it changes: the same words written again at each key may be read again.
  const sayBrace = () => {
    const words = commentField.value.includes('}') ? 'A record ends a comment at “}”: copies of the record write it as “)”.' : '';
    if (braceNote.textContent !== words) braceNote.textContent = words;
  };
  commentField.addEventListener('input', () => {
    sayBrace();
    annotateShown({ comment: commentField.value });
  });
  annotate.append(...glyphButtons, commentField, braceNote);
  const copyField = make('textarea', { class: 'analysis-copy', rows: '4', readonly: '', spellcheck: 'false', 'aria-label': 'The line as a game record' });
  copyField.hidden = true;
  const note = make('p', { class: 'analysis-note', role: 'status' });
  // The move shown by a step through the tree, heard (goTo): the board's own words would be
  // those of its undo ("Took back …", the move gone rather than the one shown).
  const heard = make('p', { class: 'analysis-heard visually-hidden', role: 'status' });
  // The position a line's move leads to, in miniature beside it while the mouse is over it (as
  // lichess shows one): decorative, the move's own name says what it is. A picture, drawn on a
  // canvas kept out of the page: the board stays the layer's only canvas.
  const preview = make('img', { class: 'analysis-preview', alt: '' });
  preview.hidden = true;
  const previewCanvas = document.createElement('canvas');
  panel.append(head, threatLine, material, lines, moves, nav, annotate, tools, copyField, note, heard, preview);
  outer.append(panel);

  /** A second game, for the start's record and lines copied (its errors are thrown to the caller). */
  const scratch = openSession({ record: handle.record() }, () => undefined);
  // A resignation, an agreed draw or a flag ends a game, not its last position: that is analysed
  // (the verdict set aside quietly: the player took nothing back).
  const { kind } = handle.snapshot().status;
  if (kind === 'resignation' || kind === 'agreement' || kind === 'timeout' || kind === 'timeout_draw') handle.undo({ quiet: true });

  /** @type {Tree} */
  let tree = createTree('');
  let rules = '';
  /** The record of the start position (headers, setup, rules; no moves). */
  let startRecord = '';
  /** The board's game when the tree was made: its moves, and the items of its Clocks header
   * (clock.js: the time left after each ply, e.g. "302.1 298.4"), which belong to those moves. */
  let game = { moves: /** @type {string[]} */ ([]), clocks: /** @type {string[]} */ ([]) };
  let current = ROOT;
  let engineOn = engine;
  /** Analyses started; a report of an earlier one is dropped. */
  let runs = 0;
  /** @type {Report | null} */
  let report = null;
  /** @type {'complete' | 'paused' | null} how the last analysis ended, if it has */
  let ended = null;
  /** Whether the search was stopped because the page went out of sight (and so comes back with it). */
  let hiddenPause = false;
  /** @type {string | null} */
  let failure = null;
  /** The move drawn as the arrow, and for which position. */
  let arrowKey = '';
  /** @type {Ai | null} the threat's computer player, started when first needed */
  let threatAi = null;
  /** Threat searches started; a report of an earlier one is dropped. */
  let threatRuns = 0;
  /** @type {Report | null} the latest report of the threat's search, for the position shown */
  let threatReport = null;
  /** @type {string | null} why there is no threat to show, e.g. in check */
  let threatNote = null;
  /** The threat drawn as the red arrow, and for which position. */
  let threatKey = '';
  let treeChanged = true;
  /** The tree's size when the move list was last drawn. */
  let nodesDrawn = 0;
  let lastRender = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let renderTimer = null;
  /** @type {ReturnType<typeof setTimeout> | null} the analysis to start (see `analyseSoon`) */
  let analyseTimer = null;
  /** @type {Map<string, HTMLLIElement>} the lines drawn, by what they show: a line that has
   * not changed since the last report is not drawn again */
  let linesDrawn = new Map();
  /** @type {Map<number, Shape[]>} the shapes drawn on each node, by its id */
  const drawn = new Map();
  /** @type {Set<() => void>} who wants to know of the tree's edits (`onEdit`) */
  const editListeners = new Set();
  /** @type {Set<(choice: EngineChoice) => void>} who wants to know of the engine's settings (`onEngine`) */
  const engineListeners = new Set();
  /** The engine's settings changed: the listeners told. */
  const engineChanged = () => {
    const choice = { on: engineOn, lines: Number(linesChoice.value) };
    for (const listener of [...engineListeners]) listener(choice);
  };
  /** The tree's lines or notes changed: the move list is drawn again, and the listeners told. */
  const edited = () => {
    treeChanged = true;
    schedule(true);
    for (const listener of [...editListeners]) listener();
  };

  /** A new tree from the board's game (a new game, or at the start). */
  const reset = () => {
    const snapshot = handle.snapshot();
    scratch.open({ record: snapshot.record });
    startRecord = scratch.rewind().record;
    const clocks = snapshot.headers.find(([name]) => name === 'Clocks')?.[1].trim() ?? '';
    game = { moves: snapshot.plies.map((ply) => ply.text), clocks: clocks ? clocks.split(/\s+/) : [] };
    tree = createTree(snapshot.start);
    drawn.clear();
    rules = snapshot.rules;
    current = followLine(tree, snapshot.plies);
    treeChanged = true;
  };

  /** @param {Snapshot} snapshot */
  const follow = (snapshot) => {
    const size = tree.nodes.size;
    if (snapshot.start !== tree.start || snapshot.rules !== rules) {
      reset();
      edited();
    } else {
      const at = followLine(tree, snapshot.plies);
      treeChanged ||= at !== current || tree.nodes.size !== nodesDrawn;
      current = at;
      if (tree.nodes.size !== size) edited();
    }
    const shapes = drawn.get(current);
    if (shapes) drawShapes(shapes);
    arrowKey = '';
    threatKey = '';
    threatReport = null;
    note.textContent = '';
    analyseSoon();
    schedule(true);
  };

  /**
   * Runs an analysis of the position shown on `ai` and hands on what it says while it is still
   * wanted (`wanted`: no later analysis started): each report, the last one, or why it failed
   * (a stop is no failure).
   *
   * @param {Ai} ai
   * @param {{ multipv?: number, timeMs?: number, threat?: boolean }} options
   * @param {() => boolean} wanted
   * @param {{ report: (report: Report) => void, last: (report: Report) => void, failed: (error: unknown) => void }} hear
   */
  const run = (ai, options, wanted, hear) => {
    ai.analyse(handle.snapshot().record, options, (next) => {
      if (wanted()) hear.report(next);
    }).then(
      (last) => {
        if (wanted()) hear.last(last);
      },
      (error) => {
        if (wanted() && !(error instanceof Error && error.name === 'AbortError')) hear.failed(error);
      },
    );
  };

  /**
   * Starts the threat's search on the position shown, when the engine and the Threats box are on
   * and the game goes on (or stops it).
   */
  const analyseThreat = () => {
    const id = ++threatRuns;
    threatReport = null;
    threatNote = null;
    const snapshot = handle.snapshot();
    const wanted = engineOn && threatsBox.checked && snapshot.status.kind === 'ongoing';
    if (!wanted || snapshot.check !== null) {
      threatAi?.stop();
      if (wanted) threatNote = 'In check: the check is the threat.';
      return;
    }
    threatAi ??= makeAi();
    run(threatAi, { threat: true, timeMs: THREAT_MS }, () => id === threatRuns, {
      report(next) {
        threatReport = next;
        schedule();
      },
      last(last) {
        threatReport = last;
        schedule(true);
      },
      failed(error) {
        threatNote = `No threat: ${errorText(error)}`;
        schedule(true);
      },
    });
  };

  /** Starts the engine on the position shown (or stops it: engine off, game over). */
  const analyse = () => {
    hiddenPause = false;
    analyseThreat();
    const id = ++runs;
    report = null;
    ended = null;
    failure = null;
    if (!engineOn || handle.snapshot().status.kind !== 'ongoing') {
      handle.ai().stop();
      schedule(true);
      return;
    }
    run(handle.ai(), { multipv: Number(linesChoice.value), timeMs: ANALYSIS_MS }, () => id === runs, {
      report(next) {
        report = next;
        schedule();
      },
      last(last) {
        report = last;
        // The clock stops starting new depths at half the time: a search that ended sooner
        // ended by itself.
        ended = last.timeMs >= ANALYSIS_MS / 2 ? 'paused' : 'complete';
        schedule(true);
      },
      failed(error) {
        failure = errorText(error);
        schedule(true);
      },
    });
  };

  /**
   * Redraws the panel soon: at once for a change of position, else at most every RENDER_MS.
   *
   * @param {boolean} [urgent]
   */
  const schedule = (urgent = false) => {
    if (renderTimer !== null) {
      if (!urgent) return;
      clearTimeout(renderTimer);
    }
    const wait = urgent ? 0 : Math.max(0, lastRender + RENDER_MS - performance.now());
    renderTimer = setTimeout(render, wait);
  };

  /**
   * Plays the first `count` moves of an engine line on the board (into the tree).
   *
   * @param {string[]} pv
   * @param {number} count
   */
  const playLine = (pv, count) => {
    try {
      for (const text of pv.slice(0, count)) handle.play(text);
    } catch (error) {
      note.textContent = errorText(error);
    }
  };

  /** The line whose miniature is shown (its key in `linesDrawn`), or null. */
  let previewOf = /** @type {string | null} */ (null);
  const hidePreview = () => {
    preview.hidden = true;
    previewOf = null;
  };

  /**
   * Shows the miniature of the position after the first `count` moves of `pv`, from the position
   * shown, beside `button` (below it, or above where the window ends).
   *
   * @param {HTMLElement} button
   * @param {readonly string[]} pv
   * @param {number} count
   * @param {string} line  the line's key in `linesDrawn`
   */
  const showPreview = (button, pv, count, line) => {
    const look = handle.view();
    try {
      let after = scratch.open({ record: handle.snapshot().record });
      for (const text of pv.slice(0, count)) after = scratch.play(text);
      drawBoardImage(after, look, { size: Math.round(PREVIEW_PX * (globalThis.devicePixelRatio || 1)), coordinates: false, canvas: previewCanvas });
      preview.src = previewCanvas.toDataURL();
      preview.dataset.position = after.position;
    } catch {
      // A line of another position, on its way out: no miniature.
      hidePreview();
      return;
    }
    const box = button.getBoundingClientRect();
    const below = box.bottom + PREVIEW_PX + 8 <= innerHeight;
    preview.style.left = `${Math.max(4, Math.min(box.left, innerWidth - PREVIEW_PX - 4))}px`;
    preview.style.top = `${below ? box.bottom + 4 : Math.max(4, box.top - PREVIEW_PX - 4)}px`;
    previewOf = line;
    preview.hidden = false;
  };

  /**
   * A move's button: its figurines, its words as its name, numbered as the game's move list
   * names its moves (whether or not a number is written before it).
   *
   * @param {PlyInfo} ply
   * @param {string | null} [glyph]  a record's assessment of the move, e.g. "??"
   * @returns {HTMLButtonElement}
   */
  const moveButton = (ply, glyph = null) => {
    const button = make('button', { type: 'button', class: 'analysis-move', 'data-move': ply.text, title: moveTitle(ply), 'aria-label': moveLabel(ply, assessedWords(ply, glyph)) });
    button.append(...moveContent(ply, handle.view().pieceSet));
    if (glyph) button.append(make('span', { class: 'analysis-glyph', 'data-glyph': glyph, 'aria-hidden': 'true' }, glyph));
    return button;
  };

  /** The engine's lines: each one's score and first moves (written out by the worker). */
  const renderLines = () => {
    const shown = engineOn ? (report?.lines ?? []) : [];
    const set = handle.view().pieceSet;
    /** @type {Map<string, HTMLLIElement>} */
    const drawn = new Map();
    const items = shown.map((line, k) => {
      const key = JSON.stringify([set, line]);
      const known = linesDrawn.get(key);
      if (known) {
        drawn.set(key, known);
        return known;
      }
      const item = make('li', { 'data-multipv': String(line.multipv) });
      item.append(make('span', { class: 'analysis-score', title: scoreWords(line.white) }, scoreText(line.white)));
      // Numbered as the move list is: "25…" before a line that starts with Black's move.
      (report?.plies[k] ?? []).forEach((ply, i) => {
        const label = numberLabel(ply, i === 0);
        const button = moveButton(ply);
        // One Tab stop a line, its first move (the one to play now): a line's later moves, a
        // dozen each, would stand between the Lines choice and the move list.
        if (i > 0) button.tabIndex = -1;
        button.addEventListener('click', () => playLine(line.pv, i + 1));
        button.addEventListener('pointerenter', (event) => {
          if (event.pointerType === 'mouse') showPreview(button, line.pv, i + 1, key);
        });
        button.addEventListener('pointerleave', hidePreview);
        if (label) item.append(make('span', { class: 'analysis-number' }, label));
        item.append(button);
      });
      drawn.set(key, item);
      return item;
    });
    linesDrawn = drawn;
    // A line redrawn under the mouse takes its miniature with it (no pointerleave comes).
    if (previewOf && !drawn.has(previewOf)) hidePreview();
    // A line's move with the focus (a keyboard user on it) keeps it when its line is redrawn,
    // a deeper search's report replacing it, or moved: the new line's first move takes it, not
    // the page.
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && lines.contains(active) ? [...lines.children].findIndex((line) => line.contains(active)) : -1;
    // Only the lines that changed are replaced: the others stay, as they were drawn.
    items.forEach((item, k) => {
      const there = lines.children[k];
      if (!there) lines.append(item);
      else if (there !== item) there.replaceWith(item);
    });
    while (lines.children.length > items.length) lines.lastElementChild?.remove();
    if (focused >= 0 && active instanceof HTMLElement && document.activeElement !== active) {
      const line = lines.children[Math.min(focused, lines.children.length - 1)];
      const target = active.isConnected ? active : line?.querySelector('button');
      target?.focus({ preventScroll: true });
    }
  };

  /** The threat's line under the headline, and its red arrow on the board. */
  const renderThreat = () => {
    const plies = threatsBox.checked && engineOn ? (threatReport?.plies[0] ?? []) : [];
    const line = threatReport?.lines[0];
    const first = plies[0];
    const key = first && line ? `${handle.snapshot().record} ${first.text}` : '';
    panel.dataset.threat = first?.text ?? '';
    if (key !== threatKey) {
      threatKey = key;
      handle.showThreat(first ?? null);
    }
    // The Threats box on with the engine off: its marks stay (they are the rules'), and the line
    // says why no threat is searched (it went blank, a band where the engine's lines had been).
    const note = engineOn ? threatNote : 'Threat: the engine is off (tick Engine to search the threat).';
    threatLine.hidden = !(threatsBox.checked && (first || note));
    if (threatLine.hidden) return;
    if (!engineOn || !first || !line) {
      threatLine.title = '';
      threatLine.replaceChildren(make('span', { class: 'analysis-threat-label' }, note ?? ''));
      return;
    }
    const set = handle.view().pieceSet;
    const side = sideName(first.side);
    const moves = plies.slice(0, THREAT_PLIES).map((ply) => {
      // Not a control: its figurines are pictures, its words are read (a name on a plain span
      // is not).
      const move = make('span', { class: 'analysis-threat-move', title: ply.display });
      const figured = make('span', { 'aria-hidden': 'true' });
      figured.append(...moveContent(ply, set));
      move.append(figured, make('span', { class: 'visually-hidden' }, moveWords(ply)));
      return move;
    });
    // How the threat would take its pieces, in words, for whoever asks (the pointer, a reader).
    threatLine.title = captureWords(first, 'would take');
    threatLine.replaceChildren(
      make('span', { class: 'analysis-threat-label', title: `What ${side} would play if it were ${side}'s turn` }, 'Threat'),
      make('span', { class: 'analysis-score', title: scoreWords(line.white) }, scoreText(line.white)),
      ...moves,
      ...(plies.length > THREAT_PLIES ? [make('span', { class: 'analysis-threat-more', 'aria-hidden': 'true' }, '…')] : []),
    );
  };

  /** @param {ListItem[]} items @returns {HTMLElement[]} */
  const listNodes = (items) =>
    items.flatMap((item) => {
      if (item.kind === 'variation') {
        const box = make('div', { class: 'analysis-variation' });
        box.append(...listNodes(item.items));
        return [box];
      }
      const { ply, note } = nodeOf(tree, item.id);
      const button = moveButton(/** @type {PlyInfo} */ (ply), note?.glyph ?? null);
      button.dataset.node = String(item.id);
      if (item.id === current) button.setAttribute('aria-current', 'step');
      button.addEventListener('click', () => goTo(item.id));
      // A record's comment on the move, after it, as a record writes it; heard with the move
      // when it has the focus.
      const comment = note?.comment ? [make('span', { class: 'analysis-comment', id: `analysis-comment-${item.id}` }, note.comment)] : [];
      if (comment.length) button.setAttribute('aria-describedby', `analysis-comment-${item.id}`);
      if (!item.label) return [button, ...comment];
      const span = make('span', { class: 'analysis-numbered' });
      span.append(make('span', { class: 'analysis-number' }, item.label), button);
      return [span, ...comment];
    });

  /** The phone's strip: the line through the move shown, that move in the strip's middle. */
  const drawStrip = () => {
    const line = lineNodes(tree, current);
    const moves = line.map((id) => {
      const { ply, note } = nodeOf(tree, id);
      return { ply: /** @type {PlyInfo} */ (ply), key: String(id), glyph: note?.glyph ?? null };
    });
    renderStrip(strip, moves, line.indexOf(current), handle.view().pieceSet);
  };

  /** @param {boolean} refocus  a move of the list or of the engine's lines had the focus: it
   *   goes to the move shown, so that the keys go on working */
  const renderTree = (refocus) => {
    // The game's comment, before its first move, as a record writes it.
    const gameComment = nodeOf(tree, ROOT).note?.comment;
    moves.replaceChildren(...(gameComment ? [make('p', { class: 'analysis-comment analysis-game-comment' }, gameComment)] : []), ...listNodes(listItems(tree)));
    nodesDrawn = tree.nodes.size;
    treeChanged = false;
    showCurrent(moves, refocus, moves);
    drawStrip();
    for (const button of nav.querySelectorAll('button')) {
      button.disabled = stepFrom(tree, current, /** @type {NavStep} */ (button.dataset.step)) === undefined;
    }
    promote.hidden = onMainLine(tree, current);
    remove.disabled = current === ROOT;
  };

  const render = () => {
    renderTimer = null;
    lastRender = performance.now();
    const focused = /** @type {Document | ShadowRoot} */ (outer.getRootNode()).activeElement;
    const refocus = focused instanceof Node && (moves.contains(focused) || lines.contains(focused));
    const snapshot = handle.snapshot();
    const { status } = snapshot;
    const best = report?.lines[0];
    let share = 0.5;
    if (status.kind !== 'ongoing') {
      share = status.winner === 'white' ? 1 : status.winner === 'black' ? 0 : 0.5;
      headline.textContent = statusText(status);
      barLabel.textContent = status.result;
    } else if (best) {
      share = whiteShare(best.white);
      headline.textContent = scoreWords(best.white);
      barLabel.textContent = scoreText(best.white);
    } else {
      headline.textContent = failure ? 'The engine failed' : engineOn ? 'Analysing…' : 'Engine off';
      barLabel.textContent = '';
    }
    bar.dataset.share = share.toFixed(3);
    bar.dataset.flipped = String(handle.view().orientation === 'black');
    bar.setAttribute('aria-label', `Evaluation: ${headline.textContent}`);
    // A transform, not a height: the bar's glide then costs the page no layout.
    barWhite.style.setProperty('transform', `scaleY(${share.toFixed(3)})`);
    bar.classList.toggle('analysis-bar-off', !engineOn && status.kind === 'ongoing');
    progress.textContent = failure ?? (report && engineOn ? `${progressText(report)}${ended === 'complete' ? ' · complete' : ended === 'paused' ? ' · paused' : ''}` : '');
    deeper.hidden = ended !== 'paused';
    const move = engineOn && status.kind === 'ongoing' ? (best?.pv[0] ?? null) : null;
    panel.dataset.best = move ?? '';
    panel.dataset.depth = String(report?.depth ?? 0);
    // The other lines' first moves as fainter arrows, as lichess draws them.
    const others = move === null ? [] : [...new Set((report?.lines ?? []).slice(1).flatMap((line) => line.pv.slice(0, 1)))].filter((other) => other !== move);
    // The move shown's mark on the board, as lichess shows it (the board draws only a change).
    handle.showGlyph(current === ROOT ? null : (nodeOf(tree, current).note?.glyph ?? null));
    const key = move === null ? '' : `${snapshot.record} ${move} ${others.join(' ')}`;
    if (key !== arrowKey) {
      arrowKey = key;
      try {
        handle.showMove(move, others);
      } catch {
        // A report of another position (it cannot be, with `runs`); the arrow is left off.
      }
    }
    renderMaterial(material, materialLead(snapshot.pieces, snapshot.plies), handle.view().pieceSet);
    renderThreat();
    renderLines();
    if (treeChanged || tree.nodes.size !== nodesDrawn) renderTree(refocus);
    renderAnnotate();
    // Start or Back at the start, End at the line's end: the focus to the next step that works.
    keepFocus(focused);
  };

  /** The move whose comment the comment field holds. */
  let commentOf = ROOT;
  /** The annotation of the move shown, its mark pressed and its comment; at the start, the
   * game's comment (no mark). */
  const renderAnnotate = () => {
    const start = current === ROOT;
    const shown = nodeOf(tree, current).note;
    for (const button of glyphButtons) {
      button.hidden = start;
      button.setAttribute('aria-pressed', String(button.dataset.glyph === shown?.glyph));
    }
    const what = start ? 'the game, before its first move' : 'the move shown';
    if (commentField.getAttribute('aria-label') !== `Comment on ${what}`) {
      commentField.setAttribute('aria-label', `Comment on ${what}`);
      commentField.placeholder = `A comment on ${what}`;
      annotate.setAttribute('aria-label', start ? 'Annotate the game' : 'Annotate the move shown');
    }
    // Another move's, or not being typed in: the field shows the comment (while the player
    // types in it, it is the comment).
    if (commentOf !== current || !commentField.matches(':focus')) commentField.value = shown?.comment ?? '';
    commentOf = current;
    sayBrace();
  };

  /**
   * Changes the note of the move shown: its mark, its comment, or both; at the start, the game's
   * comment (the start has no mark).
   *
   * @param {Partial<MoveNote>} change
   */
  const annotateShown = (change) => {
    const had = nodeOf(tree, current).note;
    const note = { glyph: had?.glyph ?? null, comment: had?.comment ?? '', ...change };
    setNote(tree, current, current === ROOT ? { ...note, glyph: null } : note);
    edited();
  };

  /**
   * What is heard when a step through the tree shows node `id`: the move that led to it in
   * words, as a move played is announced, with its mark and comment; at the start, the
   * game's comment.
   *
   * @param {number} id
   * @returns {string} e.g. "12... black Withdrawer e5 to e3, captures white Pawn on d6 by
   *   withdrawing from it, blunder. Comment: the Pawn was bait"
   */
  const shownWords = (id) => {
    const { ply, note } = nodeOf(tree, id);
    const comment = note?.comment ? ` Comment: ${note.comment}` : '';
    return `${ply ? assessedWords(ply, note?.glyph ?? null, true) : 'The start'}.${comment}`;
  };

  /**
   * Shows the position of node `id`, taking moves back and playing them on the way, quietly:
   * what is heard is the move now shown (`shownWords`), once, not each ply of the way (Home in
   * a long game would say every move) nor the last move taken back.
   *
   * @param {number} id
   * @param {boolean} [quiet]  nothing announced (the view opening at an earlier ply of its
   *   record has taken nothing back)
   */
  const goTo = (id, quiet = false) => {
    if (!tree.nodes.has(id) || id === current) return;
    const plan = steps(tree, current, id);
    try {
      for (let i = 0; i < plan.back; i++) handle.undo({ quiet: true });
      for (const text of plan.play) handle.play(text, { quiet: true });
    } catch (error) {
      note.textContent = errorText(error);
      return;
    }
    // A fresh node: the same words again (back to a move heard before) are heard again.
    if (!quiet) heard.replaceChildren(make('span', {}, shownWords(id)));
  };

  /** @param {NavStep} to */
  const step = (to) => {
    const target = stepFrom(tree, current, to);
    if (target !== undefined) goTo(target);
  };

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (event.defaultPrevented) return;
    const letter = !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target) ? event.key.toLowerCase() : '';
    // X: the threats, L: the engine, and F: the board turned round, as on lichess.
    if (letter === 'f') {
      event.preventDefault();
      flip.click();
      return;
    }
    if (letter === 'x') {
      event.preventDefault();
      threatsBox.checked = !threatsBox.checked;
      setThreats();
      return;
    }
    if (letter === 'l') {
      event.preventDefault();
      engineBox.click();
      return;
    }
    const to = keyStep(event, isTyping(event.target));
    if (!to) return;
    event.preventDefault();
    step(to);
  };

  /**
   * @param {readonly (readonly string[])[]} given
   * @param {readonly RecordNote[]} [notes]
   * @returns {number} the plies left out
   */
  const addLines = (given, notes = []) => {
    if (!isLines(given)) throw new TypeError('addLines needs a list of lines, each a list of move texts');
    if (!Array.isArray(notes) || !notes.every(isRecordNote)) {
      throw new TypeError('addLines needs notes as a list of { line, ply, glyph, comment } (Game.recordNotes)');
    }
    // Played out in the wasm in one call: move by move, each move would build a whole snapshot.
    scratch.open({ record: startRecord });
    const { lines: grown, refused } = scratch.linePlies(given.map((line) => [...line]));
    growLines(tree, grown);
    attachNotes(
      tree,
      grown.map((line) => line.map((ply) => ply.text)),
      notes,
    );
    edited();
    return refused;
  };

  /**
   * The record of lines from the start, written in the wasm in one call (played move by move,
   * each move would build a whole snapshot): the first, then the others as variations.
   *
   * @param {number[][]} lines  the lines' nodes
   */
  const recordOf = (lines) => {
    scratch.open({ record: startRecord });
    const texts = lines.map((ids) => ids.map((id) => /** @type {PlyInfo} */ (nodeOf(tree, id).ply).text));
    // The game's times go with its own moves: a line that leaves them (a side line made the main
    // line, say) keeps those of the moves it shares, not times for moves never played with them.
    const first = texts[0] ?? [];
    let shared = 0;
    while (shared < first.length && first[shared] === game.moves[shared]) shared += 1;
    if (shared < game.clocks.length) scratch.setHeader('Clocks', game.clocks.slice(0, shared).join(' '));
    return scratch.recordOfLines(texts, notesOnLines(tree, lines));
  };
  const lineRecord = () => recordOf([lineNodes(tree, current)]);
  /** The record of the whole tree: the main line, the side lines as variations. */
  const treeRecord = () => recordOf(branchNodes(tree));

  /**
   * One analysis after a burst of changes, once the task that made them ends: a walk through the
   * tree (many plies taken back and played), or a board opened and then taken to an earlier ply.
   * Starting at once would start a worker only to end it while its script still loads.
   */
  const analyseSoon = () => {
    if (analyseTimer !== null) return;
    analyseTimer = setTimeout(() => {
      analyseTimer = null;
      analyse();
    }, 0);
  };

  /** @param {boolean} on */
  const setEngine = (on) => {
    engineOn = on;
    engineBox.checked = on;
    analyse();
    engineChanged();
  };

  engineBox.addEventListener('change', () => setEngine(engineBox.checked));

  /**
   * A page out of sight (another tab, a phone's screen off) searches for no one: the engine
   * took a core for up to ANALYSIS_MS per position, a phone's battery with it. It stops there,
   * "paused", and searches again when the page is seen again (from the start: the ended worker
   * took its table with it).
   */
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      if (!engineOn || ended !== null || failure !== null || handle.snapshot().status.kind !== 'ongoing') return;
      runs++;
      threatRuns++;
      handle.ai().stop();
      threatAi?.stop();
      ended = 'paused';
      hiddenPause = true;
      schedule(true);
    } else if (hiddenPause) {
      hiddenPause = false;
      analyse();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  linesChoice.addEventListener('change', () => {
    analyseSoon();
    engineChanged();
  });
  /** The Threats box changed: the marks, and the threat's search. */
  const setThreats = () => {
    const others = handle.view().highlights.filter((mark) => mark !== 'threats');
    handle.set({ highlights: threatsBox.checked ? [...others, 'threats'] : others });
    analyseThreat();
    schedule(true);
  };
  threatsBox.addEventListener('change', setThreats);
  deeper.addEventListener('click', analyse);
  flip.addEventListener('click', () => {
    handle.flip();
    schedule(true);
  });
  copy.addEventListener('click', async () => {
    const text = lineRecord();
    const plies = lineThrough(tree, current).length;
    const ok = await copyText(text, copyField);
    copyField.hidden = ok;
    note.textContent = ok ? `Copied the line (${plies} ${plies === 1 ? 'ply' : 'plies'}) as a record.` : COPY_REFUSED;
  });
  copyAll.addEventListener('click', async () => {
    const sideLines = branchLines(tree).length - 1;
    let text;
    try {
      text = treeRecord();
    } catch (error) {
      // The scratch game may be restarting after an internal error: say so, and copy nothing.
      note.textContent = errorText(error);
      return;
    }
    const ok = await copyText(text, copyField);
    copyField.hidden = ok;
    note.textContent = ok ? `Copied the main line and ${sideLines} side ${sideLines === 1 ? 'line' : 'lines'} as a record.` : COPY_REFUSED;
  });
  promote.addEventListener('click', () => {
    makeMainLine(tree, current);
    edited();
    // The button goes with the side line it promoted: the focus goes to the move list.
    moves.focus();
  });
  remove.addEventListener('click', () => {
    const gone = current;
    const parent = nodeOf(tree, gone).parent;
    if (parent === null) return;
    goTo(parent);
    removeNode(tree, gone);
    edited();
  });
  outer.addEventListener('keydown', onKey);
  const offChange = handle.on('change', ({ snapshot }) => follow(snapshot));
  const offShapes = handle.on('shapes', ({ shapes, by }) => {
    if (by === 'position') return;
    if (shapes.length > 0) drawn.set(current, shapes);
    else drawn.delete(current);
  });

  reset();
  analyseSoon();
  render();

  return {
    tree: () => tree,
    current: () => current,
    goTo,
    goToPly(ply) {
      let id = ROOT;
      for (let i = 0; i < ply; i++) {
        const next = nodeOf(tree, id).children[0];
        if (next === undefined) break;
        id = next;
      }
      goTo(id, true);
    },
    step,
    sayShown() {
      heard.replaceChildren(make('span', {}, current === ROOT ? 'The analysis board, at the start.' : `The analysis board, after ${shownWords(current)}`));
    },
    engine(on) {
      if (on !== undefined && on !== engineOn) setEngine(on);
      return engineOn;
    },
    engineLines(count) {
      if (count !== undefined) {
        if (!isEngineLines(count)) throw new TypeError(`engineLines takes a whole number from 1 to ${MAX_ENGINE_LINES}`);
        if (String(count) !== linesChoice.value) {
          linesChoice.value = String(count);
          analyseSoon();
          engineChanged();
        }
      }
      return Number(linesChoice.value);
    },
    report: () => report,
    lineRecord,
    treeRecord,
    lines: () => branchLines(tree),
    addLines,
    notes: () => notesOnLines(tree, branchNodes(tree)),
    setNotes(lines, notes) {
      if (!isLines(lines) || !Array.isArray(notes) || !notes.every(isRecordNote)) {
        throw new TypeError('setNotes needs a list of lines, each a list of move texts, and notes as { line, ply, glyph, comment } (Game.recordNotes)');
      }
      clearNotes(tree);
      attachNotes(tree, lines, notes);
      edited();
    },
    onEdit(listener) {
      editListeners.add(listener);
      return () => editListeners.delete(listener);
    },
    onEngine(listener) {
      engineListeners.add(listener);
      return () => engineListeners.delete(listener);
    },
    handleKey: onKey,
    detach() {
      runs++;
      editListeners.clear();
      engineListeners.clear();
      if (analyseTimer !== null) clearTimeout(analyseTimer);
      offChange();
      offShapes();
      outer.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
      if (renderTimer !== null) clearTimeout(renderTimer);
      handle.ai().stop();
      threatRuns++;
      threatAi?.dispose();
      try {
        handle.showMove(null);
        handle.showThreat(null);
      } catch {
        // The board is being destroyed.
      }
      scratch.close();
      outer.insertBefore(stage, row);
      row.remove();
      panel.remove();
      delete outer.dataset.analysis;
    },
  };
}
