// The chess clock's arithmetic, pure: time controls and their text, the time each side has left,
// the moment a flag falls, the display (tenths under 10 s), the record's clock headers, and the
// computer's share of its own clock. No timers and no `Date.now()` here: every function is given
// the time, so the tests need no waiting. The page's clocks (clocks.js) drive it.
//
// The record carries a clock in two headers: `[TimeControl "300+3"]` (PGN's form: seconds, then
// the increment in seconds) and `[Clocks "302.1 298.4 …"]`, the time its mover had left after
// each ply (increment included), in seconds with one decimal. The side to move's clock runs from
// a wall-clock moment (`since`, milliseconds since 1970) kept with the saved game, so a reload,
// or a closed tab, does not stop it.

/** @import { Side } from '../ultima-wasm.js' */

/**
 * A time control: the time each side starts with, and what each move adds.
 *
 * @typedef {object} TimeControl
 * @property {number} initialMs  e.g. 300000 for 5 minutes
 * @property {number} incrementMs  e.g. 3000 for 3 s a move
 */

/**
 * A game's clock at one moment: everything the display and the flag need.
 *
 * @typedef {object} ClockState
 * @property {TimeControl} control
 * @property {readonly number[]} times  ms its mover had left after each ply
 * @property {readonly Side[]} sides  the mover of each ply (as long as `times`)
 * @property {Side} turn  the side to move
 * @property {number | null} since  when the side to move's clock started (ms since 1970), or
 *   null while the clock stands (before the first move, or once the game is over)
 */

/** The presets the new-game dialog offers, minutes + seconds a move (lichess's common ones). */
export const PRESETS = Object.freeze(['1+0', '2+1', '3+2', '5+3', '10+0', '15+10']);

/** The longest time control accepted: 10 hours, and 10 minutes a move. */
const MAX_INITIAL_MS = 10 * 3600 * 1000;
const MAX_INCREMENT_MS = 600 * 1000;

/** Below this the display shows tenths of a second, turns red, and the page warns once. */
export const TENTHS_BELOW_MS = 10_000;

/**
 * Whether a clock has just run low: from 10 s or more at the last look to under 10 s now, with
 * time still left (a flag has its own sound). A clock first seen low (a game loaded or resumed
 * that way) has not just run low.
 *
 * @param {number | undefined} before  the time left at the last look; undefined: none yet
 * @param {number} now
 * @returns {boolean}
 */
export const ranLow = (before, now) => before !== undefined && before >= TENTHS_BELOW_MS && now < TENTHS_BELOW_MS && now > 0;

/**
 * A time control from its text in the dialog: minutes, "+", seconds a move.
 *
 * @param {string} text  e.g. "5+3", "0.5+0", "90+30"
 * @returns {TimeControl}  throws an Error saying what is wrong
 */
export function parseControl(text) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+(?:\.\d+)?)\s*$/.exec(String(text));
  if (!match) throw new Error(`a time control is minutes + seconds a move, e.g. "5+3", not "${String(text).slice(0, 20)}"`);
  return checkControl(Math.round(Number(match[1]) * 60_000), Math.round(Number(match[2]) * 1000));
}

/**
 * @param {string} text
 * @returns {boolean} whether it is a time control's words, e.g. "5+3" (stored data read back)
 */
export function isControl(text) {
  try {
    parseControl(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A preset in words, as the new-game dialog and the welcome offer it.
 *
 * @param {string} preset  e.g. "5+3"
 * @returns {string} e.g. "5+3 — 5 minutes, 3 s a move"
 */
export function presetWords(preset) {
  const { initialMs, incrementMs } = parseControl(preset);
  const minutes = initialMs / 60_000;
  return `${preset} — ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}${incrementMs ? `, ${incrementMs / 1000} s a move` : ''}`;
}

/**
 * @param {number} initialMs
 * @param {number} incrementMs
 * @returns {TimeControl}
 */
function checkControl(initialMs, incrementMs) {
  if (!(initialMs >= 1000 && initialMs <= MAX_INITIAL_MS)) throw new Error('the time must be from 1 second to 10 hours');
  if (!(incrementMs >= 0 && incrementMs <= MAX_INCREMENT_MS)) throw new Error('the increment must be from 0 to 600 seconds');
  return { initialMs, incrementMs };
}

/**
 * @param {TimeControl} control
 * @returns {string} its text in the dialog and the page, e.g. "5+3", "0.5+0"
 */
export function controlLabel(control) {
  return `${control.initialMs / 60_000}+${control.incrementMs / 1000}`;
}

/**
 * @param {TimeControl} control
 * @returns {string} the record's TimeControl header value, e.g. "300+3"
 */
export function controlHeader(control) {
  return `${control.initialMs / 1000}+${control.incrementMs / 1000}`;
}

/**
 * A TimeControl header read back: seconds + seconds (fractions allowed), or seconds alone, the
 * PGN standard's sudden death (§9.6.1: "300" is 300+0, as other programs write it). Its other
 * kinds (moves in a period, "40/7200"; an hourglass, "*180") are clocks this page does not keep.
 *
 * @param {string | undefined} value
 * @returns {TimeControl | null}  null when absent, "-" (no clock), another kind or malformed
 */
export function readControlHeader(value) {
  const match = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  try {
    return checkControl(Math.round(Number(match[1]) * 1000), Math.round(Number(match[2] ?? 0) * 1000));
  } catch {
    return null;
  }
}

/**
 * A record's time control in the page's words, from its headers (for "Your games").
 *
 * @param {readonly (readonly [string, string])[]} headers  a snapshot's `headers`
 * @returns {string | null} e.g. "5+3"; null without a clock
 */
export function headersControl(headers) {
  const control = readControlHeader(headers.find(([name]) => name === 'TimeControl')?.[1]);
  return control ? controlLabel(control) : null;
}

/**
 * @param {readonly number[]} times  ms left after each ply
 * @returns {string} the Clocks header value, e.g. "302.1 298.4"
 */
export function clocksHeader(times) {
  return times.map((ms) => (Math.max(0, Math.round(ms / 100)) / 10).toFixed(1)).join(' ');
}

/**
 * A Clocks header read back.
 *
 * @param {string | undefined} value
 * @returns {number[] | null}  ms left after each ply; [] when absent or empty; null when
 *   malformed (then the clocks start again from the time control)
 */
export function readClocksHeader(value) {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  const items = text.split(/\s+/);
  if (!items.every((item) => /^\d{1,6}(\.\d{1,3})?$/.test(item))) return null;
  return items.map((item) => Math.round(Number(item) * 1000));
}

/**
 * The time each side had left after its last ply (its starting time before its first).
 *
 * @param {TimeControl} control
 * @param {readonly number[]} times
 * @param {readonly Side[]} sides
 * @returns {Record<Side, number>}
 */
export function banked(control, times, sides) {
  const left = { white: control.initialMs, black: control.initialMs };
  times.forEach((ms, i) => {
    const side = sides[i];
    if (side) left[side] = ms;
  });
  return left;
}

/**
 * The time each side has left at `now`: the side to move's runs while the clock does.
 *
 * @param {ClockState} clock
 * @param {number} now  ms since 1970
 * @returns {Record<Side, number>}  never below 0
 */
export function timeLeft(clock, now) {
  const left = banked(clock.control, clock.times, clock.sides);
  if (clock.since !== null) left[clock.turn] = Math.max(0, left[clock.turn] - Math.max(0, now - clock.since));
  return left;
}

/**
 * The time the side to move has left after the move it makes at `now`: what ran off, plus the
 * increment, which every move earns. A clock that stood (the game's first move) takes nothing:
 * White's first move gains the increment as Black's first does (it gained nothing, and Black
 * started the game 3 s up at 5+3).
 *
 * @param {ClockState} clock
 * @param {number} now
 * @returns {number} ms
 */
export function afterMove(clock, now) {
  return timeLeft(clock, now)[clock.turn] + clock.control.incrementMs;
}

/**
 * When the side to move's flag falls if it does not move.
 *
 * @param {ClockState} clock
 * @returns {number | null} ms since 1970, or null while the clock stands
 */
export function flagTime(clock) {
  if (clock.since === null) return null;
  return clock.since + banked(clock.control, clock.times, clock.sides)[clock.turn];
}

/**
 * A clock's display: minutes and seconds, hours when there are any, tenths under 10 s. The time
 * is rounded down, so "0:00.0" shows only once the time is out.
 *
 * @param {number} ms
 * @returns {string} e.g. "5:00", "0:09.4", "1:30:00"
 */
export function formatTime(ms) {
  const left = Math.max(0, ms);
  if (left < TENTHS_BELOW_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const s = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}`;
}

/**
 * How long until a running clock's display changes (the next second, or under 10 s the next
 * tenth), so the page redraws no more often than it must: 1 ms past the change, since the display
 * rounds down and so changes just after a whole second or tenth.
 *
 * @param {number} ms  the time left
 * @returns {number} ms, at least 1
 */
export function untilNextChange(ms) {
  const step = ms <= TENTHS_BELOW_MS ? 100 : 1000;
  return (ms % step) + 1;
}

/**
 * How long the computer may think for a move on its clock: a thirtieth of its time plus three
 * quarters of its increment (so a game of 40 moves fits, and the increment is mostly spent), never
 * more than half of what it has left, nor more than its level's own time (level 8 thinks 2 s a
 * move without a clock; levels 1–7 stop at their node budget or this time, whichever comes
 * first), and at least 10 ms.
 *
 * @param {number} leftMs  the computer's time left
 * @param {number} incrementMs
 * @param {number} [levelMs]  its level's time without a clock
 * @returns {number} ms
 */
export function computerTime(leftMs, incrementMs, levelMs = 2000) {
  return Math.max(10, Math.floor(Math.min(levelMs, leftMs / 30 + (3 * incrementMs) / 4, leftMs / 2)));
}

/**
 * The stored mark of a running clock read back: when the clock of the side to move after `plies`
 * plies started. Anything malformed, or a mark from the future, counts as none.
 *
 * @param {unknown} value  e.g. { plies: 12, since: 1764057600000 }
 * @param {number} now
 * @returns {{ plies: number, since: number } | null}
 */
export function readRunning(value, now) {
  if (typeof value !== 'object' || value === null) return null;
  const { plies, since } = /** @type {Record<string, unknown>} */ (value);
  if (typeof plies !== 'number' || !Number.isInteger(plies) || plies < 0) return null;
  if (typeof since !== 'number' || !Number.isFinite(since) || since > now) return null;
  return { plies, since };
}
