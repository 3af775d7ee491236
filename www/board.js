// `mount(element, options)`: a live Ultima board in any element — the canvas, its accessible
// mirror, pointer and keyboard play — driven by the wasm `Game`. The full game page is this API's
// biggest user; embeds (issue 6) use the same function. Every question about the rules (legal
// moves, captures, frozen pieces, check, the result) goes to the bindings: this module only
// shows what they answer and passes the player's moves back.

import { watchCanvas } from './canvas.js';
import { bindInput } from './input.js';
import { createMirror, pieceName } from './mirror.js';
import { render } from './render.js';
import { defaults } from './state.js';
import { make, screenOf, squareAt, squareIndex, squareName } from './util.js';
import { bindings, reloadAdvice, restartWasm, wasmGeneration } from './wasm.js';

/** @import { Game, GameResult, MoveInfo, PlyInfo, Side } from '../ultima-wasm.js' */
/** @import { BoardState, LastMove, PieceSet, Theme } from './state.js' */

/**
 * Which game to set up. `record` wins over `position`, which wins over `setup`.
 *
 * @typedef {object} GameOptions
 * @property {string} [record]  a game record to replay, e.g. "1. b2-b5 g7-g4"
 * @property {string} [position]  a position string, e.g. "4k3/8/8/p7/8/8/p7/L3K3 w"
 * @property {string} [setup]  "rotated", "mirrored" or "custom:da/eh"
 * @property {string} [rules]  rule options, e.g. "king_capture,distance_1968" or "default"
 */

/**
 * How the board looks and who may move.
 *
 * @typedef {object} ViewOptions
 * @property {Side} [orientation]  the side at the bottom, e.g. "white"
 * @property {PieceSet} [pieceSet]  e.g. "chess"
 * @property {Theme} [theme]  e.g. "green"
 * @property {boolean} [coordinates]  files and ranks on the edge
 * @property {'both' | 'white' | 'black' | 'none'} [movable]  who may move pieces by hand
 * @property {boolean} [animation]  slide moved pieces and fade captured ones (always off when
 *   the user prefers reduced motion)
 * @property {Highlight[]} [highlights]  the marks drawn, e.g. ["moves", "last"]; all by default
 */

/**
 * A kind of mark on the board: legal destinations (`moves`), the captures of the pointed move
 * (`preview`), the last move and its captures (`last`), check and checkers (`check`), frozen
 * pieces (`frozen`).
 *
 * @typedef {'moves' | 'preview' | 'last' | 'check' | 'frozen'} Highlight
 */

/** Every kind of mark, in the order the options name them. */
export const HIGHLIGHTS = /** @type {const} */ (['moves', 'preview', 'last', 'check', 'frozen']);

/**
 * The state as drawn: the marks not asked for left out.
 *
 * @param {BoardState} state
 * @param {ReadonlySet<Highlight>} shown
 * @returns {BoardState}
 */
function withHighlights(state, shown) {
  if (shown.size === HIGHLIGHTS.length) return state;
  return {
    ...state,
    dests: shown.has('moves') ? state.dests : [],
    pointed: shown.has('moves') ? state.pointed : null,
    preview: shown.has('preview') ? state.preview : [],
    lastMove: shown.has('last') ? state.lastMove : null,
    check: shown.has('check') ? state.check : null,
    checkers: shown.has('check') ? state.checkers : [],
    frozen: shown.has('frozen') ? state.frozen : [],
  };
}

/** @typedef {GameOptions & ViewOptions} BoardOptions */

/**
 * @typedef {object} BoardEvents
 * @property {{ ply: PlyInfo, position: string }} move  a move was played (by hand or `play`)
 * @property {{ result: GameResult }} gameover  the game ended
 * @property {{ square: string | null, moves: MoveInfo[] }} select  the selection changed
 * @property {{}} change  anything about the game changed (move, undo, redo, new game, resign)
 * @property {{ ply: number | null }} view  the board shows an earlier position (`showPly`), or
 *   the game again (null)
 * @property {{ ok: boolean, message: string }} restart  the wasm instance trapped (a bug) and was
 *   replaced: `ok` when the game was rebuilt from its record, with the moves played so far (the
 *   moves taken back are lost); otherwise the board stays stopped and `message` says why
 */

/** The game's methods that change it: after each, its record is kept for a restart. */
const CHANGES = new Set(['play', 'undo', 'redo', 'resign']);

/**
 * @typedef {object} BoardHandle
 * @property {HTMLCanvasElement} canvas
 * @property {(options: ViewOptions) => void} set  changes how the board looks, without reload
 * @property {() => ViewOptions} view  the current look
 * @property {() => string} position  the position string
 * @property {() => string} record  the game record, which answers even after a trap
 * @property {() => string} rules  the rule options in force
 * @property {() => PlyInfo[]} history  the moves played
 * @property {() => number} redoLength  how many undone moves can be replayed
 * @property {() => Side} turn
 * @property {() => boolean} isCheck  whether the side to move is in check
 * @property {() => GameResult | null} result
 * @property {(text: string) => string} play  plays move text; throws with the rules' message
 * @property {() => string | undefined} undo  takes back the last move, or only the resignation
 * @property {() => string | undefined} redo
 * @property {() => void} resign  the side to move resigns
 * @property {() => void} flip
 * @property {(options: GameOptions) => void} newGame  throws (leaving the game as it was) when
 *   the options do not make a game
 * @property {() => { square: string | null, moves: MoveInfo[] }} selection
 * @property {() => void} deselect
 * @property {(ply: number | null) => void} showPly  shows the position after ply `ply` (0 = the
 *   first move; -1 = the start) without changing the game, input off; null returns to the game
 * @property {() => number | null} shownPly  the ply shown, or null when showing the game
 * @property {() => { left: number, top: number, size: number, orientation: Side }} geometry
 *   the board's square in viewport CSS pixels, for tests and hosts
 * @property {(name: string) => { x: number, y: number }} squareCenter  a square's centre in
 *   viewport CSS pixels
 * @property {() => string[]} preview  the squares the pointed move would capture
 * @property {(text: string | null) => MoveInfo | null} showMove  draws an arrow for a legal move
 *   of the game's position, e.g. "e4-h4", and frames the squares it would capture (a hint; a
 *   help diagram), until the position changes; null removes it. Throws for a move that is not
 *   legal. Returns the move shown.
 * @property {<K extends keyof BoardEvents>(type: K, listener: (detail: BoardEvents[K]) => void) => () => void} on
 * @property {() => void} destroy  removes everything mount added
 */

/**
 * Makes a wasm game from options.
 *
 * @param {GameOptions} options
 * @returns {Game}
 */
export function createGame(options) {
  const { Game } = bindings();
  const rules = options.rules && options.rules !== 'default' ? options.rules : undefined;
  if (options.record?.trim()) return Game.fromRecord(options.record);
  if (options.position?.trim()) return new Game(options.position.trim(), rules);
  return Game.fromSetup(options.setup || 'rotated', rules);
}

/**
 * Mounts a board in `element`.
 *
 * @param {HTMLElement} element
 * @param {BoardOptions} [options]
 * @returns {BoardHandle}
 */
export function mount(element, options = {}) {
  /** The wasm game. The board reaches it only through `game`, which guards every call. */
  let real = createGame(options);
  /** The game's record after its last change: what a restart rebuilds it from. */
  let saved = real.record();
  /** The wasm instance `real` lives in (see wasm.js). */
  let generation = wasmGeneration();
  /** True from a trap until the game is rebuilt in a fresh instance. */
  let down = false;
  /** @type {string | null} why the board stopped for good after a trap, if it did */
  let stopped = null;
  let destroyed = false;
  /** @type {BoardState} */
  const state = defaults();
  let movable = options.movable ?? 'both';
  let animation = options.animation ?? true;
  /** @type {ReadonlySet<Highlight>} */
  let highlights = new Set(HIGHLIGHTS);
  applyView(options);

  const root = make('div', { class: 'ultima-board' });
  const canvas = make('canvas', {
    tabindex: '0',
    'aria-label': 'Ultima board: arrow keys move the focus square, Enter or Space picks up and drops a piece, Escape cancels',
  });
  root.append(canvas);
  element.append(root);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  const mirror = createMirror(root, (square) => press(square));

  /** @type {{ [K in keyof BoardEvents]?: Set<(detail: any) => void> }} */
  const listeners = {};
  /**
   * @template {keyof BoardEvents} K
   * @param {K} type
   * @param {BoardEvents[K]} detail
   */
  const emit = (type, detail) => {
    for (const listener of listeners[type] ?? []) listener(detail);
  };

  /**
   * Runs `call` (which uses the wasm), first rebuilding the game if another board of the page
   * replaced the instance. A trap starts the restart and becomes an Error that says so.
   *
   * @template T
   * @param {() => T} call
   * @returns {T}
   */
  function guard(call) {
    if (destroyed) throw new Error('this board was destroyed');
    if (stopped) throw new Error(stopped);
    if (down) throw new Error('the board is restarting after an internal error; try again in a moment');
    if (generation !== wasmGeneration()) rebuild();
    try {
      return call();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      restart(error);
      throw new Error(`the board hit an internal error (${error.message}) and is restarting; the game goes on from its last position`);
    }
  }

  /** The game in the live instance, from the record kept. */
  function rebuild() {
    real = bindings().Game.fromRecord(saved);
    generation = wasmGeneration();
  }

  /**
   * Replaces the trapped instance (shared with the page's other boards), rebuilds the game and
   * says so. The trapped game is not freed: its memory is not to be trusted.
   *
   * @param {Error} trap
   */
  function restart(trap) {
    if (down) return;
    down = true;
    clearSelection();
    restartWasm().then(
      () => {
        if (destroyed) return;
        down = false;
        try {
          rebuild();
        } catch (error) {
          stop(`the game could not be rebuilt after an internal error (${trap.message}): ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        sync();
        redraw();
        const moves = real.history().length;
        emit('restart', { ok: true, message: `the board had an internal error (${trap.message}) and was restarted; the game goes on from its record (${moves} ${moves === 1 ? 'move' : 'moves'})${reloadAdvice()}` });
        emit('change', {});
      },
      (error) => stop(error instanceof Error ? error.message : String(error)),
    );
  }

  /**
   * Stops the board for good after a trap it could not recover from: every later call throws
   * `message`, which the restart event also carries.
   *
   * @param {string} message
   */
  function stop(message) {
    if (destroyed) return;
    stopped = message;
    emit('restart', { ok: false, message });
  }

  /** Frees the wasm game, unless its instance trapped or was replaced. */
  function release() {
    if (down || generation !== wasmGeneration()) return;
    try {
      real.free();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    }
  }

  /** The wasm game, each method call guarded. */
  const game = /** @type {Game} */ (
    new Proxy(/** @type {object} */ ({}), {
      get(_, name) {
        return (/** @type {unknown[]} */ ...args) =>
          guard(() => {
            const value = /** @type {any} */ (real)[name](...args);
            if (CHANGES.has(String(name))) saved = real.record();
            return value;
          });
      },
    })
  );

  let paints = 0;
  const view = watchCanvas(canvas, () => {
    render(ctx, withHighlights(state, highlights));
    // Tests wait for this: how many times the board was painted.
    canvas.dataset.paints = String(++paints);
  });
  const redraw = () => {
    mirror.update(state);
    view.redraw();
  };

  /** @param {ViewOptions} next */
  function applyView(next) {
    if (next.orientation) state.orientation = next.orientation;
    if (next.pieceSet) state.pieceSet = next.pieceSet;
    if (next.theme) state.theme = next.theme;
    if (next.coordinates !== undefined) state.coordinates = next.coordinates;
    if (next.movable) movable = next.movable;
    if (next.animation !== undefined) animation = next.animation;
    if (next.highlights) highlights = new Set(next.highlights);
  }

  /** @type {number | null} */
  let shown = null;

  /**
   * Copies what the bindings say about a position into the state.
   *
   * @param {Game} source the game whose current position is shown
   * @param {PlyInfo | undefined} last the move that led to it
   */
  function showPosition(source, last) {
    state.pieces = source.board();
    state.frozen = source.frozen().map(squareIndex);
    state.checkers = source.checkers().map(squareIndex);
    state.check = null;
    if (source.isCheck()) {
      const king = source.turn() === 'white' ? 'K' : 'k';
      const square = state.pieces.indexOf(king);
      state.check = square >= 0 ? square : null;
    }
    state.lastMove = last ? marked(last) : null;
    state.arrow = null;
    clearSelection();
  }

  /** Shows the game's current position (leaving any earlier position shown). */
  function sync() {
    state.fade = null;
    state.slide = null;
    const plies = game.history();
    showPosition(game, plies[plies.length - 1]);
    if (shown !== null) {
      shown = null;
      emit('view', { ply: null });
    }
  }

  /** @param {number | null} ply */
  function showPly(ply) {
    const plies = game.history();
    if (ply === null || ply >= plies.length - 1) {
      sync();
      redraw();
      return;
    }
    const index = Math.max(-1, ply);
    const rules = game.rules() === 'default' ? undefined : game.rules();
    const position = index < 0 ? game.startPosition() : (plies[index]?.position ?? game.startPosition());
    guard(() => {
      const earlier = new (bindings().Game)(position, rules);
      try {
        showPosition(earlier, plies[index]);
      } finally {
        earlier.free();
      }
    });
    state.fade = null;
    shown = index;
    redraw();
    emit('view', { ply: index });
  }

  function clearSelection() {
    const had = state.selected !== null;
    state.selected = null;
    state.dests = [];
    state.pointed = null;
    state.preview = [];
    if (had) emit('select', { square: null, moves: [] });
  }

  /** @returns {boolean} whether the side to move may be moved by hand */
  function mayMove() {
    if (game.result() !== null || shown !== null) return false;
    return movable === 'both' || movable === game.turn();
  }

  /** @param {number} square */
  function select(square) {
    const moves = game.legalMovesFrom(squareName(square));
    state.selected = square;
    state.dests = moves;
    state.pointed = null;
    state.preview = [];
    emit('select', { square: squareName(square), moves });
  }

  /**
   * @param {number} square
   * @returns {MoveInfo | undefined} the selected piece's move to `square`
   */
  function destMove(square) {
    const name = squareName(square);
    return state.dests.find((m) => m.to === name);
  }

  /**
   * A press (click, tap, Enter) on a square.
   *
   * @param {number} square
   * @returns {'moved' | 'selected' | 'none'}
   */
  function press(square) {
    const move = state.selected !== null ? destMove(square) : undefined;
    if (move) {
      playMove(move.text);
      return 'moved';
    }
    const letter = state.pieces[square] ?? '';
    const own = letter !== '' && (letter === letter.toUpperCase()) === (game.turn() === 'white');
    if (own && mayMove() && state.selected !== square) {
      select(square);
      redraw();
      return 'selected';
    }
    if (own && state.selected === square) return 'selected';
    clearSelection();
    redraw();
    return 'none';
  }

  /** @param {number | null} square */
  function point(square) {
    const move = square === null ? undefined : destMove(square);
    const pointed = move ? square : null;
    if (pointed === state.pointed) return;
    state.pointed = pointed;
    state.preview = move ? move.captures.map(squareIndex) : [];
    redraw();
  }

  /**
   * Plays move text, then shows and announces it.
   *
   * @param {string} text
   * @param {boolean} [slide] animate the piece's way (not after a drag: it is already there)
   * @returns {string} the canonical text
   */
  function playMove(text, slide = true) {
    const before = state.pieces;
    const canonical = game.play(text);
    sync();
    const plies = game.history();
    const ply = plies[plies.length - 1];
    if (ply) {
      animate(before, ply, slide);
      mirror.announce(describe(ply, before));
      emit('move', { ply, position: game.position() });
    }
    redraw();
    emit('change', {});
    const result = game.result();
    if (result) {
      mirror.announce(resultText(result));
      emit('gameover', { result });
    }
    return canonical;
  }

  /**
   * Slides the moved piece and fades the captured ones, for 250 ms, unless animation is off or
   * the user prefers reduced motion.
   *
   * @param {readonly string[]} before the board before the move
   * @param {PlyInfo} ply
   * @param {boolean} slide
   */
  function animate(before, ply, slide) {
    state.fade = null;
    state.slide = null;
    if (!animation || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const captured = ply.captures.map(squareIndex);
    const fade = captured.length
      ? { pieces: captured.map((square) => ({ square, letter: before[square] ?? '' })), opacity: 1 }
      : null;
    const path = slide && ply.to !== null ? { from: squareIndex(ply.from), to: squareIndex(ply.to), progress: 0 } : null;
    if (!fade && !path) return;
    state.fade = fade;
    state.slide = path;
    // Tests and hosts can tell an animation is running.
    canvas.dataset.animating = 'true';
    const start = performance.now();
    const step = (/** @type {number} */ now) => {
      if (state.fade !== fade || state.slide !== path) {
        if (!state.fade && !state.slide) delete canvas.dataset.animating;
        return;
      }
      const t = (now - start) / 250;
      if (fade) fade.opacity = 1 - t;
      if (path) path.progress = t;
      if (t >= 1) {
        state.fade = null;
        state.slide = null;
        delete canvas.dataset.animating;
      } else requestAnimationFrame(step);
      view.redraw();
    };
    requestAnimationFrame(step);
  }

  /** The board's square on the page. */
  function geometry() {
    const box = canvas.getBoundingClientRect();
    return { left: box.left, top: box.top, size: Math.min(box.width, box.height), orientation: state.orientation };
  }

  const unbind = bindInput(canvas, {
    squareAt(x, y) {
      const g = geometry();
      const column = Math.floor(((x - g.left) / g.size) * 8);
      const row = Math.floor(((y - g.top) / g.size) * 8);
      if (column < 0 || column > 7 || row < 0 || row > 7) return null;
      return squareAt(column, row, state.orientation);
    },
    canvasPoint(x, y) {
      const g = geometry();
      const scale = Math.min(canvas.width, canvas.height) / g.size;
      return [(x - g.left) * scale, (y - g.top) * scale];
    },
    press,
    drop(from, to) {
      const move = to === null || state.selected !== from ? undefined : destMove(to);
      if (move) playMove(move.text, false);
      else {
        clearSelection();
        redraw();
      }
    },
    point,
    dragging(from, x, y, started) {
      state.drag = from === null ? null : { from, x, y, startX: 0, startY: 0, started };
      view.redraw();
    },
    selected: () => state.selected,
    cancel() {
      clearSelection();
      redraw();
    },
    moveFocus(delta, show) {
      state.showFocus = show;
      if (delta) {
        const { column, row } = screenOf(state.focus, state.orientation);
        const c = Math.min(7, Math.max(0, column + delta[0]));
        const r = Math.min(7, Math.max(0, row + delta[1]));
        state.focus = squareAt(c, r, state.orientation);
      }
      redraw();
      return state.focus;
    },
  });

  sync();
  redraw();

  return {
    canvas,
    set(next) {
      applyView(next);
      redraw();
    },
    view: () => ({ orientation: state.orientation, pieceSet: state.pieceSet, theme: state.theme, coordinates: state.coordinates, movable, animation, highlights: [...highlights] }),
    position: () => game.position(),
    // Also while the board restarts, or after it stopped for good: the record kept.
    record: () => (!destroyed && (down || stopped) ? saved : game.record()),
    rules: () => game.rules(),
    history: () => game.history(),
    redoLength: () => game.redoLength(),
    turn: () => game.turn(),
    isCheck: () => game.isCheck(),
    result: () => game.result(),
    play: (text) => playMove(text),
    undo() {
      // The rules crate's undo clears a resignation and takes back a move; after a resignation
      // the player only wants the resignation back, so the move is replayed.
      const resigned = game.result()?.reason === 'resignation';
      const text = game.undo();
      if (resigned && text !== undefined) game.redo();
      sync();
      redraw();
      emit('change', {});
      return text;
    },
    redo() {
      const text = game.redo();
      sync();
      redraw();
      emit('change', {});
      return text;
    },
    resign() {
      game.resign();
      sync();
      redraw();
      emit('change', {});
      const result = game.result();
      if (result) {
        mirror.announce(resultText(result));
        emit('gameover', { result });
      }
    },
    flip() {
      state.orientation = state.orientation === 'white' ? 'black' : 'white';
      redraw();
    },
    newGame(next) {
      const fresh = guard(() => createGame(next));
      release();
      real = fresh;
      saved = fresh.record();
      sync();
      redraw();
      emit('change', {});
    },
    selection: () => ({ square: state.selected === null ? null : squareName(state.selected), moves: state.dests }),
    deselect() {
      clearSelection();
      redraw();
    },
    showPly,
    shownPly: () => shown,
    geometry,
    squareCenter(name) {
      const g = geometry();
      const { column, row } = screenOf(squareIndex(name), state.orientation);
      return { x: g.left + ((column + 0.5) * g.size) / 8, y: g.top + ((row + 0.5) * g.size) / 8 };
    },
    preview: () => state.preview.map(squareName),
    showMove(text) {
      let move = null;
      if (text !== null) {
        // "L e4-h4xd4" or "e4-h4": the piece letter and capture list are optional, and a move of
        // Ultima is known by its two squares.
        const [from = '', to = ''] = text.trim().replace(/^[A-Za-z] /, '').split(/[-x]/);
        move = game.legalMovesFrom(from).find((m) => (m.to ?? '') === to) ?? null;
        if (!move) throw new Error(`${text} is not a legal move here`);
      }
      state.arrow = move ? marked(move) : null;
      redraw();
      return move;
    },
    on(type, listener) {
      const set = (listeners[type] ??= new Set());
      set.add(listener);
      return () => set.delete(listener);
    },
    destroy() {
      if (destroyed) return;
      unbind();
      view.stop();
      mirror.remove();
      root.remove();
      release();
      destroyed = true;
    },
  };
}

/**
 * A move's squares as indices, for the marks drawn on the board.
 *
 * @param {{ from: string, to: string | null, captures: string[] }} move
 * @returns {LastMove}
 */
function marked(move) {
  return { from: squareIndex(move.from), to: move.to === null ? null : squareIndex(move.to), captures: move.captures.map(squareIndex) };
}

/**
 * A move in words, for the live region: "White Long Leaper a1 to a6, captures a2 and a5".
 *
 * @param {PlyInfo} ply
 * @param {readonly string[]} before the board before the move
 * @returns {string}
 */
export function describe(ply, before) {
  const mover = pieceName(before[squareIndex(ply.from)] ?? '?');
  const what = ply.to === null ? `${mover} on ${ply.from} removed (suicide)` : `${mover} ${ply.from} to ${ply.to}`;
  const taken = ply.captures.map((sq) => `${pieceName(before[squareIndex(sq)] ?? '?')} on ${sq}`);
  const text = taken.length ? `${what}, captures ${taken.join(' and ')}` : what;
  return `${text}. ${ply.display}`;
}

/**
 * @param {GameResult} result
 * @returns {string} e.g. "Black wins by checkmate", "Draw: only the two Kings are left"
 */
export function resultText(result) {
  if (result.winner === null) {
    /** @type {Record<string, string>} */
    const draws = {
      'threefold repetition': 'Draw by threefold repetition',
      '100 plies without a capture': 'Draw: 100 plies without a capture',
      'only the two Kings left': 'Draw: only the two Kings are left',
      'draw by agreement': 'Draw by agreement',
    };
    return draws[result.reason] ?? `Draw: ${result.reason}`;
  }
  const winner = result.winner === 'white' ? 'White' : 'Black';
  const loser = result.winner === 'white' ? 'Black' : 'White';
  /** @type {Record<string, string>} */
  const wins = {
    checkmate: 'by checkmate',
    stalemate: `by stalemate (${loser} has no legal move)`,
    'king captured': 'by capturing the King',
    resignation: 'by resignation',
  };
  return `${winner} wins ${wins[result.reason] ?? `(${result.reason})`}`;
}
