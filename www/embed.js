// `mount(element, options)`: an Ultima board for any web page. It loads the wasm (from the
// build's folder, or `options.base`), mounts the board of board.js in `element`, and adds what a
// page author asks for: a mode (two players, against the computer, a diagram, a replay), a size,
// an error shown in the board area instead of a blank, and events. The custom element
// (element.js) and the iframe page (embed.html, frame.js) are thin layers over this function.
//
// Everything it creates lives in one <div> appended to `element`, and `destroy()` removes it, with
// its listeners and its computer player (a Web Worker). Option text only ever reaches the page as
// text (textContent), never as markup.

import { createAi } from './ai.js';
import { mount as mountBoard, resultText } from './board.js';
import { checkOption, checkOptions, GAME_OPTIONS, OptionError, OPTION_NAMES } from './options.js';
import { make } from './util.js';
import { DEFAULT_BASE, loadWasm } from './wasm.js';

/** @import { PlyInfo, Side } from '../ultima-wasm.js' */
/** @import { Ai } from './ai.js' */
/** @import { BoardHandle, GameOptions } from './board.js' */
/** @import { EmbedOptions, Mode } from './options.js' */

export { OptionError };

/**
 * @typedef {object} MoveDetail
 * @property {string} move  canonical move text, e.g. "a1-a6xa2xa5"
 * @property {string} display  display notation, e.g. "La1-a6 xa2 xa5"
 * @property {string} from  e.g. "a1"
 * @property {string | null} to  e.g. "a6"; null for a suicide
 * @property {string[]} captures  the captured squares, e.g. ["a2", "a5"]
 * @property {Side} side  who moved
 * @property {string} position  the position string after the move
 */

/**
 * The events of a mounted board: passed to `on` listeners, and dispatched as bubbling, composed
 * `CustomEvent`s (with this `detail`) on the board's outer <div>.
 *
 * @typedef {object} EmbedEvents
 * @property {{ position: string }} ready  the board is drawn and playable
 * @property {MoveDetail} move  a move was played, by hand, by `play` or by the computer
 * @property {{ result: string, winner: Side | null, reason: string, text: string }} gameover
 *   e.g. { result: "1-0", winner: "white", reason: "checkmate", text: "White wins by checkmate" }
 * @property {ThinkingDetail} thinking  the computer started thinking (for its move or for a
 *   hint), finished an iteration of its search, or stopped
 * @property {{ message: string }} error  a bad option, a wasm file that did not load, …
 * @property {{ ok: boolean, message: string }} restart  the wasm trapped (a bug) and the board
 *   was restarted with its game rebuilt from the record (`ok`), or could not be (the board
 *   stays stopped); `message` says which, also shown in the board area
 */

/**
 * What a search is for: the computer's move, or a hint for the player (`hint()`).
 *
 * @typedef {'move' | 'hint'} Purpose
 */

/**
 * @typedef {object} ThinkingDetail
 * @property {boolean} thinking  true while the search runs
 * @property {Purpose} purpose
 * @property {number} [depth]  the plies of the iteration just completed
 * @property {string} [score]  its score for the side to move, e.g. "+0.25" or "#3"
 * @property {number} [nodes]  the nodes searched so far
 * @property {string[]} [pv]  the line of play the engine expects, as move text
 */

/**
 * @typedef {object} EmbedHandle
 * @property {Promise<boolean>} ready  true once the board is ready, false if it failed (never
 *   rejects)
 * @property {(options: EmbedOptions) => void} set  changes any options; game options start a new
 *   game; throws an `OptionError` for a bad value (nothing is changed then)
 * @property {() => string} position  the position string
 * @property {(position: string) => void} setPosition  a new game from a position string
 * @property {(move: string) => string} play  plays move text, e.g. "b2-b5"; returns the canonical
 *   text; throws with the rules' message
 * @property {() => string | undefined} undo  takes back the last move (against the computer,
 *   also its answer)
 * @property {() => string | undefined} redo  replays the last move taken back (against the
 *   computer, also its answer)
 * @property {() => void} flip
 * @property {(level?: number) => Promise<string | null>} hint  searches for the best move of the
 *   player to move (at `level`, by default the board's) and draws it as an arrow; resolves to
 *   its text, or null when the game changed meanwhile; rejects when no hint can be given now
 *   (the game is over, an earlier position is shown, the computer is to move) or the search fails
 * @property {(options?: EmbedOptions) => void} newGame  a new game (by default, the one the
 *   options describe)
 * @property {<K extends keyof EmbedEvents>(type: K, listener: (detail: EmbedEvents[K]) => void) => () => void} on
 *   adds a listener; returns the function that removes it
 * @property {() => BoardHandle | null} board  the underlying board, once ready
 * @property {() => Ai} ai  the computer player of this board (started on first use)
 * @property {(error: unknown) => void} report  shows an error in the board area and fires
 *   `error` (for the layers over mount: a bad attribute or parameter after the start)
 * @property {() => void} destroy  removes everything mount added
 */

/**
 * The options mount always knows, with what it assumes when they are not given.
 *
 * @typedef {{ mode: Mode, side: Side, level: number, size: 'fill' | number }} Settled
 */

/** @type {Readonly<Settled>} */
const DEFAULTS = { mode: 'play', side: 'white', level: 2, size: 'fill' };

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

/** @param {Side} side */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * Sets inline styles through the CSSOM, which a Content-Security-Policy without
 * 'unsafe-inline' still allows (a style attribute in markup it would block).
 *
 * @param {HTMLElement} node
 * @param {Record<string, string>} styles  CSS property names and values
 */
function style(node, styles) {
  for (const [name, value] of Object.entries(styles)) node.style.setProperty(name, value);
}

/** The styles a board needs wherever it is (the page's own style sheet may be absent). */
function styleBoard(/** @type {HTMLElement} */ root, /** @type {HTMLCanvasElement} */ canvas) {
  style(root, { position: 'relative', width: '100%' });
  style(canvas, { display: 'block', width: '100%', height: 'auto', 'aspect-ratio': '1', 'touch-action': 'none', 'user-select': 'none' });
  for (const hidden of root.querySelectorAll('.visually-hidden')) {
    if (hidden instanceof HTMLElement) {
      style(hidden, { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0', overflow: 'hidden', clip: 'rect(0 0 0 0)', 'white-space': 'nowrap', border: '0' });
    }
  }
}

/**
 * Mounts a board in `element` and returns its handle at once; the board appears when the wasm is
 * loaded (the `ready` event). Bad options show an error in the board area and fire `error`.
 *
 * @param {HTMLElement} element
 * @param {EmbedOptions} [options]
 * @returns {EmbedHandle}
 */
export function mount(element, options = {}) {
  if (!(element instanceof HTMLElement)) throw new TypeError('mount needs an element to put the board in');
  const outer = make('div', { class: 'ultima-embed', part: 'frame' });
  const stage = make('div', { part: 'board' });
  const errorBox = make('p', { role: 'alert', part: 'error' });
  errorBox.hidden = true;
  style(errorBox, {
    margin: '0',
    padding: '0.75em',
    border: '2px solid var(--ultima-error-color, #a01818)',
    color: 'var(--ultima-error-color, #a01818)',
    background: 'var(--ultima-error-background, #fff4f2)',
    font: 'var(--ultima-font, 14px sans-serif)',
    'overflow-wrap': 'anywhere',
  });
  const controls = make('div', { part: 'controls', role: 'group', 'aria-label': 'Replay' });
  style(controls, { display: 'none', gap: '0.4em', 'align-items': 'center', 'justify-content': 'center', padding: '0.4em 0', font: 'var(--ultima-font, 14px sans-serif)' });
  outer.append(stage, controls, errorBox);
  element.append(outer);

  /** @type {{ [K in keyof EmbedEvents]?: Set<(detail: any) => void> }} */
  const listeners = {};
  /**
   * @template {keyof EmbedEvents} K
   * @param {K} type
   * @param {EmbedEvents[K]} detail
   */
  const emit = (type, detail) => {
    for (const listener of [...(listeners[type] ?? [])]) listener(detail);
    outer.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  };

  /** @type {BoardHandle | null} */
  let board = null;
  /** @type {Ai | null} */
  let ai = null;
  /** @type {string | null} why the board could not start */
  let failure = null;
  let destroyed = false;
  /** @type {Array<() => void>} */
  const unsubscribe = [];
  /** @type {EmbedOptions & Settled} */
  let current = { ...DEFAULTS };
  /** The number of the running search; 0 when the computer is not thinking. */
  let searching = 0;
  let searches = 0;
  /** What the running search is for. */
  let purpose = /** @type {Purpose} */ ('move');
  /** True while several changes make one (undo of two moves): no search in between. */
  let quiet = false;

  /** @param {string} text */
  const showError = (text) => {
    errorBox.textContent = `Ultima board: ${text}`;
    errorBox.hidden = false;
    emit('error', { message: text });
  };

  const applySize = () => {
    const size = current.size;
    style(outer, size === 'fill' ? { width: '100%', 'max-width': '100%' } : { width: `${size}px`, 'max-width': '100%' });
  };

  /** @returns {BoardHandle} */
  const live = () => {
    if (board) return board;
    throw new Error(failure ? `the board could not start: ${failure}` : 'the board is not ready yet (wait for the ready event)');
  };

  /** The side the computer plays, in `ai` mode. */
  const computer = () => (current.mode === 'ai' ? other(current.side) : null);
  const computerToMove = () => board !== null && board.result() === null && board.turn() === computer();

  const stopThinking = () => {
    if (!searching) return;
    searching = 0;
    ai?.stop();
    emit('thinking', { thinking: false, purpose });
  };

  /**
   * Searches for the side to move in the computer player's worker: the computer's move, played
   * when found, or a hint, drawn as an arrow. Any change of the game meanwhile abandons it.
   *
   * @param {BoardHandle} b
   * @param {Purpose} kind
   * @param {number} level
   * @returns {Promise<string | null>} the move's text, or null when abandoned
   */
  const search = (b, kind, level) => {
    const id = ++searches;
    searching = id;
    purpose = kind;
    const record = b.record();
    emit('thinking', { thinking: true, purpose: kind });
    return computerPlayer()
      .think(record, level, (progress) => {
        if (searching === id) emit('thinking', { thinking: true, purpose: kind, ...progress });
      })
      .then(
        (move) => {
          if (searching !== id || board !== b) return null;
          searching = 0;
          emit('thinking', { thinking: false, purpose: kind });
          if (b.record() !== record) return null;
          if (kind === 'move') return b.play(move);
          return b.showMove(move)?.text ?? move;
        },
        (error) => {
          if (searching !== id) return null;
          searching = 0;
          emit('thinking', { thinking: false, purpose: kind });
          const text = `the computer could not ${kind === 'hint' ? 'find a hint' : 'move'}: ${message(error)}`;
          if (kind === 'hint') throw new Error(text);
          showError(text);
          return null;
        },
      );
  };

  /** Asks the computer for its move when it is its turn, then plays it. */
  const think = () => {
    if (quiet || searching || !board || !computerToMove()) return;
    search(board, 'move', current.level);
  };

  /**
   * @param {number} [level]
   * @returns {Promise<string | null>}
   */
  const hint = async (level = current.level) => {
    const b = live();
    const why = b.result()
      ? 'the game is over'
      : b.shownPly() !== null
        ? 'an earlier position is shown'
        : computerToMove()
          ? 'the computer is to move'
          : searching
            ? 'a search is running'
            : null;
    if (why) throw new Error(`no hint now: ${why}`);
    return search(b, 'hint', checkOption('level', level));
  };

  /** Replay controls: first, previous, next, last, and where the replay is. */
  const replay = (() => {
    const label = make('span', { 'aria-live': 'polite' });
    /** @param {string} text @param {string} name @param {() => number | null} target */
    const button = (text, name, target) => {
      const b = make('button', { type: 'button', 'aria-label': name, title: name }, text);
      b.addEventListener('click', () => board?.showPly(target()));
      return b;
    };
    const last = () => (board ? board.history().length - 1 : -1);
    const at = () => board?.shownPly() ?? last();
    const first = button('◀◀', 'Start', () => -1);
    const prev = button('◀', 'Previous move', () => at() - 1);
    const next = button('▶', 'Next move', () => (at() + 1 >= last() ? null : at() + 1));
    const end = button('▶▶', 'Last move', () => null);
    controls.append(first, prev, label, next, end);
    return {
      update() {
        if (!board) return;
        const n = last() + 1;
        const shown = at() + 1;
        label.textContent = `${shown} / ${n}`;
        first.disabled = prev.disabled = shown === 0;
        next.disabled = end.disabled = shown === n;
      },
    };
  })();

  /** Applies the mode: who may move, the replay controls, the computer's turn. */
  const applyMode = () => {
    if (!board) return;
    const mode = current.mode;
    const movable = mode === 'play' ? 'both' : mode === 'ai' ? current.side : 'none';
    board.set({ movable });
    // display, not the hidden attribute: the flex display set above would override it.
    style(controls, { display: mode === 'replay' ? 'flex' : 'none' });
    stopThinking();
    if (mode === 'replay') board.showPly(-1);
    else board.showPly(null);
    replay.update();
    think();
  };

  /**
   * The game options of `current`, for the board.
   *
   * @returns {GameOptions}
   */
  const gameOptions = () => ({ position: current.position, record: current.record, setup: current.setup, rules: current.rules });

  /**
   * The game options after a change: a record wins over a position, which wins over a setup, so
   * giving one drops those that would win over it.
   *
   * @param {EmbedOptions} changed
   * @returns {GameOptions}
   */
  const changeGame = (changed) => {
    const game = gameOptions();
    if (changed.setup !== undefined) Object.assign(game, { record: undefined, position: undefined });
    if (changed.position !== undefined) game.record = undefined;
    for (const name of GAME_OPTIONS) if (changed[name] !== undefined) game[name] = changed[name];
    return game;
  };

  /** @param {EmbedOptions} next */
  const viewOf = (next) => ({
    orientation: next.orientation ?? (next.mode === 'ai' ? next.side : undefined),
    pieceSet: next.pieceSet,
    theme: next.theme,
    coordinates: next.coordinates,
    animation: next.animation,
    highlights: next.highlights,
  });

  /** @param {PlyInfo} ply */
  const moveDetail = (ply, /** @type {string} */ position) => ({
    move: ply.text,
    display: ply.display,
    from: ply.from,
    to: ply.to,
    captures: [...ply.captures],
    side: ply.side,
    position,
  });

  const start = async () => {
    current = { ...DEFAULTS, ...checkOptions(/** @type {Record<string, unknown>} */ (options)) };
    await loadWasm(current.base);
    if (destroyed) return false;
    const handle = mountBoard(stage, { ...gameOptions(), ...viewOf(current) });
    board = handle;
    const root = handle.canvas.parentElement;
    if (root) styleBoard(root, handle.canvas);
    applySize();
    unsubscribe.push(
      handle.on('move', ({ ply, position }) => emit('move', moveDetail(ply, position))),
      handle.on('gameover', ({ result }) => {
        const score = result.winner === null ? '1/2-1/2' : result.winner === 'white' ? '1-0' : '0-1';
        emit('gameover', { result: score, winner: result.winner, reason: result.reason, text: resultText(result) });
      }),
      handle.on('change', () => {
        if (quiet) return;
        stopThinking();
        replay.update();
        think();
      }),
      handle.on('restart', (detail) => {
        stopThinking();
        errorBox.textContent = `Ultima board: ${detail.message}`;
        errorBox.hidden = false;
        emit('restart', detail);
      }),
      handle.on('view', () => {
        // A hint belongs to the game's position, which viewing another one hides.
        if (purpose === 'hint') stopThinking();
        replay.update();
      }),
    );
    // `ready` comes first, before the computer's first `thinking`.
    quiet = true;
    try {
      applyMode();
    } finally {
      quiet = false;
    }
    emit('ready', { position: handle.position() });
    think();
    return true;
  };

  const ready = Promise.resolve()
    .then(start)
    .catch((error) => {
      failure = message(error);
      board?.destroy();
      board = null;
      if (!destroyed) showError(failure);
      return false;
    });

  /**
   * Applies options: a new game when `fresh` or when game options are among them, then the look,
   * the size and the mode. Nothing changes when an option is bad or the game does not load.
   *
   * @param {EmbedOptions} next
   * @param {boolean} fresh
   */
  const change = (next, fresh) => {
    const b = live();
    const checked = checkOptions(/** @type {Record<string, unknown>} */ (next));
    if ('base' in checked) throw new OptionError('base can only be given to mount');
    const restart = fresh || GAME_OPTIONS.some((name) => name in checked);
    const game = changeGame(checked);
    if (restart) {
      quiet = true;
      try {
        b.newGame(game);
      } finally {
        quiet = false;
      }
    }
    current = { ...current, ...checked, ...game };
    // In `ai` mode the player's side comes to the bottom when the mode or side is chosen.
    const turnsWithSide = current.mode === 'ai' && ('mode' in checked || 'side' in checked);
    b.set(viewOf({ ...checked, mode: current.mode, side: turnsWithSide ? current.side : undefined }));
    applySize();
    errorBox.hidden = true;
    if (restart || 'mode' in checked || 'side' in checked || 'level' in checked) applyMode();
  };

  /** @param {EmbedOptions} [next] */
  const newGame = (next = {}) => change(next, true);

  /**
   * Takes back (`undo`) or replays (`redo`) a move; against the computer, its answer too, so
   * that it is the player's turn again.
   *
   * @param {'undo' | 'redo'} way
   * @returns {string | undefined} the first move taken back or replayed
   */
  const step = (way) => {
    const b = live();
    stopThinking();
    quiet = true;
    let text;
    try {
      text = b[way]();
      const more = way === 'undo' ? b.history().length > 0 : b.redoLength() > 0;
      if (computerToMove() && more) b[way]();
    } finally {
      quiet = false;
    }
    replay.update();
    think();
    return text;
  };

  /** The computer player, started when first needed. */
  const computerPlayer = () => (ai ??= createAi(new URL('www/ai-worker.js', current.base ?? DEFAULT_BASE)));

  return {
    ready,
    set: (next) => change(next, false),
    position: () => live().position(),
    setPosition(position) {
      const b = live();
      const text = checkOption('position', position);
      const rules = b.rules();
      newGame({ position: text, rules });
    },
    play: (move) => live().play(move),
    undo: () => step('undo'),
    redo: () => step('redo'),
    flip: () => live().flip(),
    hint,
    newGame,
    on(type, listener) {
      const set = (listeners[type] ??= new Set());
      set.add(listener);
      return () => set.delete(listener);
    },
    board: () => board,
    ai: computerPlayer,
    report: (error) => showError(message(error)),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      searching = 0;
      ai?.dispose();
      ai = null;
      for (const off of unsubscribe.splice(0)) off();
      board?.destroy();
      board = null;
      outer.remove();
      for (const set of Object.values(listeners)) set.clear();
    },
  };
}

/** The option names mount understands, camelCase (attributes and parameters use kebab-case). */
export { OPTION_NAMES };
