// The game page's chess clocks: two displays beside the board (above and below it on phones),
// the side to move's running, a flag when its time is out, and the computer's thinking time taken
// from its own clock. The arithmetic is clock.js's; this module only keeps it in step with the
// board.
//
// What the clocks know is the game's record, so they survive a reload, another tab, undo and a
// restart after an internal error with nothing else to keep: the TimeControl header says there
// is a clock, the Clocks header holds the time left after each ply (written at each move, cut
// back at each undo). Only the moment the running clock started (`since`) is not in the record,
// since a record copied out and loaded elsewhere must not carry a stale wall-clock time: the
// page stores it with the game (`running()`, storage.js), and a game loaded without it starts
// its clock when it is loaded.
//
// The clock stands until the game's first move (as on lichess, the first move costs no time),
// and while the game is over. Undo sets the clocks back to their times at the move taken back,
// and takes back a flag too (the game's undo), with the time that side had at its last move.
// Redo replays a move taken back with the time it was recorded with (it cost what it cost when
// made), as long as the moves replayed are those taken back.
//
// In a game played by link, each clock runs only on its player's device: the other side's stands
// at the time its last move left it while the link is on its way, and the player's starts when
// their opponent's link is opened (a game put on the board starts afresh, not from a clock that
// ran for the game before).

import { afterMove, clocksHeader, computerTime, flagTime, formatTime, ranLow, readClocksHeader, readControlHeader, timeLeft, untilNextChange, TENTHS_BELOW_MS } from './clock.js';
import { otherSide, sideName } from './notation.js';
import { make } from './util.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { ClockState, TimeControl } from './clock.js' */
/** @import { Opponent } from './storage.js' */
/** @import { Side, Snapshot } from '../ultima-wasm.js' */

/**
 * Where the time comes from: the page's own clock and timers, or a test's.
 *
 * @typedef {object} TimeSource
 * @property {() => number} now  ms since 1970
 * @property {(run: () => void, ms: number) => unknown} setTimeout
 * @property {(timer: any) => void} clearTimeout
 */

/**
 * The mark of a running clock, stored with the game: the clock of the side to move after
 * `plies` plies started at `since` (ms since 1970).
 *
 * @typedef {{ plies: number, since: number }} Running
 */

/**
 * @typedef {object} Clocks
 * @property {() => Running | null} running  the mark to store with the game, or null
 * @property {() => TimeControl | null} control  the game's time control, or null without a clock
 * @property {() => void} render  draws the clocks again (e.g. after the board was flipped)
 * @property {() => void} update  brings the clocks in step again after the player's side by link
 *   became known
 * @property {() => { side: Side, ms: number } | null} ticking  the clock running now, if one is:
 *   its side (the side to move) and the time it has left
 */

/** @type {TimeSource} */
const PAGE_TIME = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

/**
 * Whether the game ended on a flag (the side to move's time ran out).
 *
 * @param {Snapshot} snapshot
 */
const flagFell = (snapshot) => snapshot.status.kind === 'timeout' || snapshot.status.kind === 'timeout_draw';

/**
 * @param {Snapshot} snapshot
 * @param {string} name
 * @returns {string | undefined}
 */
const header = (snapshot, name) => snapshot.headers.find(([key]) => key === name)?.[1];

/**
 * Wires the clocks of the page's board. They show only in a game whose record has a time control.
 *
 * @param {object} how
 * @param {EmbedHandle} how.embed
 * @param {HTMLElement} how.board  the board's host: the clocks go before and after it
 * @param {() => Opponent | null} how.opponent  the computer player of the game, if any
 * @param {() => Side | null} how.linkSide  the side this device's player has in a game played
 *   by link (storage.js), if any: the other side's clock does not run here
 * @param {Running | null} how.running  the mark stored with the saved game
 * @param {(side: Side) => void} how.low  a running clock has just gone under 10 s (the page warns
 *   the player whose clock it is)
 * @param {TimeSource} [how.time]
 * @returns {Clocks}
 */
export function wireClocks({ embed, board, opponent, linkSide, running, low, time = PAGE_TIME }) {
  /** @param {string} position */
  const display = (position) => {
    const name = make('span', { class: 'clock-name' });
    const value = make('span', { class: 'clock-time' });
    const root = make('div', { class: `clock clock-${position}`, role: 'timer', 'aria-live': 'off' });
    root.append(name, value);
    root.hidden = true;
    return { root, name, value };
  };
  const top = display('top');
  const bottom = display('bottom');
  const column = make('div', { class: 'clocks', id: 'clocks' });
  column.append(top.root, bottom.root);
  column.hidden = true;
  board.after(column);
  const layout = board.parentElement;

  /** @type {number | null} when the running clock started; null while it stands */
  let since = null;
  /** @type {unknown} */
  let timer = null;
  /** The stored mark, used once: for the saved game the page resumes. */
  let mark = running;
  /** @type {Partial<Record<Side, number>>} each side's time left when last drawn */
  let drawn = {};
  /** @type {{ plies: number, ms: number } | null} the game as it stood at the last change, if
   * it had ended there without a move: its plies and the time its clock stopped at */
  let ended = null;
  /** @type {string[]} the game's moves at the last change, as text */
  let moves = [];
  /** @type {Array<{ text: string, ms: number }>} the moves taken back, from the first one the
   * game now lacks on, with the times they were recorded with: what a redo replays */
  let takenBack = [];

  /**
   * The clock of the game as it stands, or null when it has none.
   *
   * @returns {ClockState | null}
   */
  const state = () => {
    const snapshot = embed.snapshot();
    const control = readControlHeader(header(snapshot, 'TimeControl'));
    if (!control) return null;
    const times = readClocksHeader(header(snapshot, 'Clocks')) ?? [];
    const sides = snapshot.plies.map((ply) => ply.side);
    return { control, times: times.slice(0, sides.length), sides: sides.slice(0, times.length), turn: snapshot.turn, since };
  };

  const stop = () => {
    if (timer !== null) time.clearTimeout(timer);
    timer = null;
  };

  const render = () => {
    const clock = state();
    const snapshot = embed.snapshot();
    const shown = clock !== null;
    column.hidden = top.root.hidden = bottom.root.hidden = !shown;
    layout?.classList.toggle('with-clocks', shown);
    if (!clock) {
      drawn = {};
      return;
    }
    const left = timeLeft(clock, time.now());
    if (clock.since !== null && ranLow(drawn[clock.turn], left[clock.turn])) low(clock.turn);
    drawn = { ...left };
    // The flag fell for the side to move: its time is out, whatever its last move left. A game
    // ended by a resignation or an agreed draw shows the time the clock stopped at.
    if (flagFell(snapshot)) left[snapshot.turn] = 0;
    else left[snapshot.turn] = stoppedAt(snapshot) ?? left[snapshot.turn];
    const orientation = embed.view().orientation;
    const computer = opponent()?.computer ?? null;
    for (const [part, side] of /** @type {Array<[typeof top, Side]>} */ ([
      [top, otherSide(orientation)],
      [bottom, orientation],
    ])) {
      // The side's colour is the disc before the name (clocks.css).
      const who = computer === null ? sideName(side) : side === computer ? 'Computer' : 'You';
      part.name.textContent = who;
      part.value.textContent = formatTime(left[side]);
      part.root.dataset.side = side;
      part.root.setAttribute('aria-label', `${computer === null ? who : `${who} (${sideName(side)})`}: ${formatTime(left[side])} left`);
      part.root.classList.toggle('running', clock.since !== null && side === clock.turn);
      part.root.classList.toggle('low', left[side] < TENTHS_BELOW_MS);
      part.root.classList.toggle('out', left[side] <= 0);
    }
  };

  /** Redraws when the display changes, and flags the side to move when its time is out. */
  const schedule = () => {
    stop();
    const clock = state();
    const flagAt = clock && flagTime(clock);
    if (!clock || flagAt === null) return;
    const now = time.now();
    if (now >= flagAt) {
      try {
        embed.flag(clock.turn);
      } catch {
        // The board is restarting after an internal error: its change, once the game is rebuilt,
        // brings the clocks back here, and the flag falls then.
      }
      return;
    }
    const wait = Math.min(untilNextChange(timeLeft(clock, now)[clock.turn]), flagAt - now);
    timer = time.setTimeout(() => {
      timer = null;
      render();
      schedule();
    }, wait);
  };

  /**
   * The side to move's time when a game ended without a move (a resignation, an agreed draw):
   * the Clocks header's one entry past the plies, or null.
   *
   * @param {Snapshot} snapshot
   * @param {readonly number[]} [written]  its Clocks header, read already
   * @returns {number | null}
   */
  const stoppedAt = (snapshot, written = readClocksHeader(header(snapshot, 'Clocks')) ?? []) =>
    snapshot.status.kind !== 'ongoing' && written.length === snapshot.plies.length + 1 ? (written.at(-1) ?? null) : null;

  /** Brings the clocks in step with the game after any change. */
  const sync = () => {
    const snapshot = embed.snapshot();
    const clock = state();
    if (!clock) {
      since = null;
      stop();
      render();
      return;
    }
    const plies = snapshot.plies;
    const away = linkSide();
    // The side to move's clock runs here: not a far player's by link.
    const runsHere = away === null || snapshot.turn === away;
    const before = moves;
    moves = plies.map((ply) => ply.text);
    const now = time.now();
    const over = snapshot.status.kind !== 'ongoing';
    const written = readClocksHeader(header(snapshot, 'Clocks')) ?? [];
    if (mark !== null) {
      since = mark.plies === plies.length ? mark.since : null;
      mark = null;
    }
    // Where the game stood at the last change, if it had ended without a move there.
    const stopped = ended;
    const stoppedNow = stoppedAt(snapshot, written);
    ended = stoppedNow === null ? null : { plies: plies.length, ms: stoppedNow };
    if (over && !flagFell(snapshot) && since !== null && written.length === plies.length) {
      // Ended without a move while the clock ran (a resignation, an agreed draw): the side to
      // move's time at that moment goes into the record, one entry past the plies, so that the
      // clock shows it, after a reload too. Its change comes back here, in step.
      const left = timeLeft(clock, now)[clock.turn];
      since = null;
      embed.setHeader('Clocks', clocksHeader([...written, left]));
      return;
    }
    if (written.length !== plies.length && stoppedNow === null) {
      // Moves played (their times: the first's from the running clock, any more at once, as a
      // redo of two plies) or taken back (the times cut back to the moves left).
      const times = written.slice(0, plies.length);
      // Moves taken back keep their times for a redo (not a resignation's entry past the plies:
      // no move of the game before had that index).
      const cut = written.slice(plies.length).flatMap((ms, k) => {
        const text = before[plies.length + k];
        return text === undefined ? [] : [{ text, ms }];
      });
      if (cut.length) takenBack = [...cut, ...takenBack];
      for (let i = times.length; i < plies.length; i++) {
        const text = /** @type {string} */ (plies[i]?.text);
        const redone = takenBack[0]?.text === text ? takenBack.shift() : undefined;
        // Another move than the one taken back: what was taken back is gone, as the game's redo is.
        if (!redone) takenBack = [];
        const mover = /** @type {Side} */ (plies[i]?.side);
        times.push(redone ? redone.ms : afterMove({ ...clock, times, sides: plies.slice(0, times.length).map((p) => p.side), turn: mover, since: i === written.length ? since : null }, now));
      }
      since = plies.length > 0 && !over && runsHere ? now : null;
      // A resignation or an agreed draw taken back (the game ended there, not a move undone):
      // the clock goes on from where it stopped.
      if (since !== null && stopped?.plies === plies.length) since = now - Math.max(0, timeLeft({ ...clock, times, sides: plies.map((p) => p.side), since: null }, now)[clock.turn] - stopped.ms);
      // Writes the record; its change comes back here, in step.
      embed.setHeader('Clocks', clocksHeader(times));
      return;
    }
    // Stood at a game's start, until its first move (a new game begun over one whose clock
    // ran kept that clock's start, and White's clock ran before White had moved).
    if (over || plies.length === 0 || !runsHere) since = null;
    else if (since === null) since = now;
    render();
    schedule();
  };

  embed.on('change', ({ newGame }) => {
    if (newGame) {
      takenBack = [];
      since = null;
    }
    sync();
  });
  embed.clockTime(() => {
    const clock = state();
    if (!clock) return undefined;
    return computerTime(timeLeft(clock, time.now())[clock.turn], clock.control.incrementMs);
  });
  sync();

  return {
    running: () => (since === null ? null : { plies: embed.snapshot().plies.length, since }),
    control: () => state()?.control ?? null,
    ticking() {
      const clock = state();
      if (!clock || since === null) return null;
      return { side: clock.turn, ms: timeLeft(clock, time.now())[clock.turn] };
    },
    render,
    update: sync,
  };
}
