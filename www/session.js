// A game in the wasm, seen from JavaScript: the one module that holds a wasm `Game`. Every
// action (play, undo, redo, resign, load, setRules) is one call into the wasm and answers with
// one immutable snapshot, which the session keeps with the game's record as text.
//
// The record is what makes failure simple. A trap (a Rust panic compiled to `unreachable`, an
// access out of bounds) leaves the wasm instance untrustworthy: the session drops its game,
// waits for a fresh instance (wasm.js, shared by every board of the page) and rebuilds the game
// there from the record, with no move lost. A session whose game lives in an instance replaced
// because another board trapped rebuilds it the same way before its next call. Nothing here
// touches the bindings' internals.

import { bindings, reloadAdvice, restartWasm, wasmGeneration } from './wasm.js';
import { errorText } from './util.js';

/** @import { Game, MoveSquares, PlyInfo, RecordNote, Side, Snapshot } from '../ultima-wasm.js' */

/**
 * Which game to open. `record` wins over `position`, which wins over `setup`.
 *
 * @typedef {object} GameSpec
 * @property {string} [record]  a game record, e.g. "1. b2-b5 g7-g4"
 * @property {string} [position]  a position string, e.g. "4k3/8/8/p7/8/8/p7/L3K3 w"
 * @property {string} [setup]  "rotated", "mirrored" or "custom:da/eh"
 * @property {string} [rules]  rule options, e.g. "king_capture,distance_1968" or "default"
 */

/**
 * What happened after a trap: the game rebuilt from its record in a fresh instance (`ok`, with
 * its snapshot), or not, and then the session is stopped for good; `message` says which.
 *
 * @typedef {{ ok: true, message: string, snapshot: Snapshot } | { ok: false, message: string }} Restart
 */

/**
 * @typedef {object} Session
 * @property {() => Snapshot} snapshot  the last snapshot (no call into the wasm)
 * @property {() => string} record  the game's record, kept as text: it answers after a trap too
 * @property {(lines: string[][], notes?: RecordNote[]) => string} recordOfLines  the record of
 *   lines of move texts: the first played on from the game's position, the others (each from
 *   the start) written in as variations, the notes after their moves; throws for a move not
 *   legal
 * @property {(lines: string[][]) => { lines: PlyInfo[][], refused: number }} linePlies  lines of
 *   move texts from the start played out in one call, each up to its first move not legal, and
 *   how many moves were left out; the game does not change
 * @property {(text: string) => Snapshot} play  plays move text; throws with the rules' message
 * @property {(text: string) => Snapshot} playListed  plays a move taken from the snapshot's legal
 *   moves: if the wasm refuses it, its state disagrees with its own last snapshot — memory
 *   corrupted without a trap — and the game is rebuilt as after a trap
 * @property {() => Snapshot} undo  takes back a move, or only a resignation, agreed draw or flag
 * @property {(plies?: number) => Snapshot} rewind  takes back a verdict and every move after the
 *   first `plies` (all of them when left out), as `undo` repeated would, in one call: the game
 *   going on from that position (a long game's undos each answered with all its plies)
 * @property {() => Snapshot} redo
 * @property {(side: Side) => Snapshot} resign
 * @property {(side: Side) => Snapshot} flag  `side`'s time ran out; undo takes it back
 * @property {() => Snapshot} agreeDraw  the players agree to a draw; undo takes it back
 * @property {(spec: GameSpec) => Snapshot} open  replaces the game; throws, changing nothing,
 *   when the spec does not make one
 * @property {(name: string, value: string) => Snapshot} setHeader  writes a header into the record,
 *   e.g. ("WhiteHints", "2"); throws for one the game writes itself or a bad name or value
 * @property {(rules: string) => Snapshot} setRules  the same game under other rule options
 * @property {(ply: number) => Snapshot} at  the game seen after `ply` plies (0 = the start),
 *   e.g. to show an earlier position; changes nothing
 * @property {() => void} close  frees the wasm game; every later call throws
 */

/** The name of the Error an action throws while the game is being rebuilt after a trap. */
export const RESTARTING = 'RestartingError';

/** @param {string} text */
const restarting = (text) => Object.assign(new Error(text), { name: RESTARTING });

/**
 * A fresh wasm game from a spec.
 *
 * @param {GameSpec} spec
 * @returns {Game}
 */
function create(spec) {
  const { Game } = bindings();
  const rules = spec.rules && spec.rules !== 'default' ? spec.rules : undefined;
  if (spec.record?.trim()) return Game.fromRecord(spec.record);
  if (spec.position?.trim()) return new Game(spec.position.trim(), rules);
  return Game.fromSetup(spec.setup || 'rotated', rules);
}

/**
 * The record of a new game: the game `spec` describes (its setup or position, and its rules),
 * no moves yet, with `headers` written in by the rules crate, which knows PGN's quoting and
 * writes the Setup and Rules headers itself. The wasm must be loaded; throws, as `open` does,
 * for a spec that makes no game, and for a header the rules refuse (one the game writes itself,
 * a bad name, a value of two lines).
 *
 * @param {GameSpec} spec
 * @param {ReadonlyArray<readonly [string, string]>} headers
 * @returns {string}
 */
export function startRecord(spec, headers) {
  const game = create(spec);
  try {
    for (const [name, value] of headers) game.setHeader(name, value);
    return game.snapshot().record;
  } finally {
    game.free();
  }
}

/**
 * The variations of a game record (PGN's parentheses), each as the move texts of its line from
 * the start, as they open (`Game.recordSideLines`); the moves are not checked. The wasm must be
 * loaded; throws on a record whose parentheses do not pair (which no game opens from either).
 *
 * @param {string} record
 * @returns {string[][]}
 */
export const recordSideLines = (record) => bindings().Game.recordSideLines(record);

/**
 * The notes of a game record (comments and assessments), each on the move it follows, by line
 * (0 the main line, k the k-th of `recordSideLines`) and ply, the game's comment first (ply -1)
 * (`Game.recordNotes`). The wasm must be loaded; throws as `recordSideLines` does.
 *
 * @param {string} record
 * @returns {RecordNote[]}
 */
export const recordNotes = (record) => bindings().Game.recordNotes(record);

/**
 * The squares of move text, read without a position (`moveSquares`): for a move typed before
 * its position exists, a premove. The wasm must be loaded; throws, with the rules' words, on
 * text that is not a move's and on a suicide.
 *
 * @param {string} text  e.g. "Lb1-b8"
 * @returns {MoveSquares}
 */
export const moveSquares = (text) => bindings().moveSquares(text);

/**
 * Opens a game. The wasm must be loaded (`loadWasm`).
 *
 * @param {GameSpec} spec
 * @param {(restart: Restart) => void} onRestart  hears how a trap ended
 * @returns {Session}  throws when the spec does not make a game
 */
export function openSession(spec, onRestart) {
  let game = create(spec);
  let snapshot = game.snapshot();
  /** The wasm instance `game` lives in. */
  let generation = wasmGeneration();
  /** @type {'live' | 'restarting' | 'closed'} */
  let phase = 'live';
  /** @type {string | null} why the session stopped for good after a trap */
  let stopped = null;

  /** @param {Snapshot} next */
  const keep = (next) => {
    snapshot = next;
    return next;
  };

  /**
   * Runs one call on the wasm game: first rebuilding the game if another board replaced the
   * instance, and turning a trap into a restart and an Error that says so.
   *
   * @template T
   * @param {(game: Game) => T} call
   * @param {boolean} [cannotFail] any error means the instance is not to be trusted
   * @returns {T}
   */
  function guarded(call, cannotFail = false) {
    if (phase === 'closed') throw new Error('this board was destroyed');
    if (stopped) throw new Error(stopped);
    if (phase === 'restarting') throw restarting('the board is restarting after an internal error; try again in a moment');
    if (generation !== wasmGeneration()) rebuild();
    try {
      return call(game);
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError) && !cannotFail) throw error;
      const trap =
        error instanceof WebAssembly.RuntimeError
          ? error
          : new Error(`the wasm refused a move it listed as legal${error instanceof Error && error.message ? `: ${error.message.slice(0, 80)}` : ''}`);
      restart(trap);
      throw restarting(`the board hit an internal error (${trap.message}) and is restarting; the game goes on from its last position`);
    }
  }

  /** The game in the live instance, from the record kept. */
  function rebuild() {
    game = bindings().Game.fromRecord(snapshot.record);
    generation = wasmGeneration();
    keep(game.snapshot());
  }

  /**
   * Drops the trapped game (its memory is not to be trusted, so it is not freed), waits for a
   * fresh instance and rebuilds the game there.
   *
   * @param {Error} trap
   */
  function restart(trap) {
    phase = 'restarting';
    restartWasm().then(
      () => {
        if (phase === 'closed') return;
        phase = 'live';
        try {
          rebuild();
        } catch (error) {
          stop(`the game could not be rebuilt after an internal error (${trap.message}): ${errorText(error)}`);
          return;
        }
        const moves = snapshot.plies.length;
        onRestart({
          ok: true,
          snapshot,
          message: `the board had an internal error (${trap.message}) and was restarted; the game goes on from its record (${moves} ${moves === 1 ? 'move' : 'moves'})${reloadAdvice()}`,
        });
      },
      (error) => stop(errorText(error)),
    );
  }

  /** @param {string} why */
  function stop(why) {
    if (phase === 'closed') return;
    phase = 'live';
    stopped = why;
    onRestart({ ok: false, message: why });
  }

  return {
    snapshot: () => snapshot,
    record: () => snapshot.record,
    recordOfLines: (lines, notes) => guarded((g) => g.recordOfLines(lines, notes)),
    linePlies: (lines) => guarded((g) => g.linePlies(lines)),
    play: (text) => keep(guarded((g) => g.play(text))),
    playListed: (text) => keep(guarded((g) => g.play(text), true)),
    undo: () => keep(guarded((g) => g.undo())),
    rewind: (plies) => keep(guarded((g) => g.rewind(plies))),
    redo: () => keep(guarded((g) => g.redo())),
    resign: (side) => keep(guarded((g) => g.resign(side))),
    flag: (side) => keep(guarded((g) => g.flag(side))),
    agreeDraw: () => keep(guarded((g) => g.agreeDraw())),
    setRules: (rules) => keep(guarded((g) => g.setRules(rules))),
    setHeader: (name, value) => keep(guarded((g) => g.setHeader(name, value))),
    at: (ply) => guarded((g) => g.at(ply)),
    open(next) {
      // A record loads into the same wasm game; a position or setup makes a new one.
      if (next.record?.trim()) return keep(guarded((g) => g.load(next.record ?? '')));
      const fresh = guarded(() => create(next));
      const first = fresh.snapshot();
      game.free();
      game = fresh;
      return keep(first);
    },
    close() {
      if (phase === 'closed') return;
      // A game in a trapped or replaced instance is left alone: its memory is not trusted.
      if (phase === 'live' && !stopped && generation === wasmGeneration()) game.free();
      phase = 'closed';
    },
  };
}
