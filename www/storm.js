// A puzzle storm, as lichess's Puzzle Storm: three minutes to solve as many puzzles as possible,
// from the easiest of the set up. The clock starts with the first move. A wrong move costs ten
// seconds and passes to the next puzzle; moves right in a row (the combo) add time at each level
// they reach. A storm is not rated. Pure: the clock is read from the `now` each step is given
// (milliseconds, as `Date.now()`), so the page's ticker and the tests drive it alike.

import { climbPuzzles, judge, keptBest } from './puzzles.js';

/** @import { Puzzle, Standing } from './puzzles.js' */

/** The storm's time before any bonus or penalty. */
export const STORM_MS = 180_000;

/** What a wrong move costs. */
export const WRONG_MS = 10_000;

/**
 * How many puzzles a storm draws (fewer when the set has fewer): more than anyone solves in
 * three minutes, so that the puzzles climb slowly enough for the clock to be what ends a storm.
 */
export const STORM_LENGTH = 150;

/**
 * The combo's levels: the moves right in a row that reach each, and the seconds it adds. Past
 * the last, each `COMBO_STEP` more moves add its seconds again.
 */
export const COMBO_LEVELS = /** @type {const} */ ([
  [5, 3],
  [12, 5],
  [20, 7],
  [30, 10],
]);
export const COMBO_STEP = 10;

/**
 * One puzzle of a storm, once it is over for the player.
 *
 * @typedef {object} StormResult
 * @property {Puzzle} puzzle
 * @property {boolean} solved
 */

/**
 * A storm: its puzzles, the one on the board and the next move of its line to be found (the
 * solver's: an even index), when the clock started (null before the first move), the time
 * won and lost, the combo and the counts.
 *
 * @typedef {object} Storm
 * @property {readonly Puzzle[]} puzzles
 * @property {number} at  the index of the puzzle on the board (`puzzles.length` when none is left)
 * @property {number} index  the index in its line of the solver's next move
 * @property {number | null} started  `now` of the first move
 * @property {number} extraMs  bonuses less penalties
 * @property {number} combo  moves right in a row
 * @property {number} bestCombo
 * @property {number} right  moves right
 * @property {number} wrong  moves wrong
 * @property {readonly StormResult[]} results  the puzzles done, in order
 * @property {number | null} ended  `now` when the storm ended (time up, or no puzzle left)
 */

/**
 * A new storm over `puzzles` (the whole set: `STORM_LENGTH` are drawn from it, the easiest
 * first).
 *
 * @param {readonly Puzzle[]} puzzles
 * @param {() => number} [random]  in [0, 1), for the draw
 * @returns {Storm}
 */
export function newStorm(puzzles, random = Math.random) {
  const drawn = climbPuzzles([...puzzles], STORM_LENGTH, random);
  return { puzzles: drawn, at: 0, index: 0, started: null, extraMs: 0, combo: 0, bestCombo: 0, right: 0, wrong: 0, results: [], ended: null };
}

/**
 * The time left, in milliseconds: all of it before the first move, none once over.
 *
 * @param {Storm} storm
 * @param {number} now
 * @returns {number}
 */
export function timeLeft(storm, now) {
  if (storm.started === null) return STORM_MS;
  const until = storm.ended ?? now;
  return Math.max(0, STORM_MS + storm.extraMs - (until - storm.started));
}

/**
 * The storm as it stands at `now`: ended when its time ran out (at the moment it did) or no
 * puzzle is left.
 *
 * @param {Storm} storm
 * @param {number} now
 * @returns {Storm}
 */
export function stormAt(storm, now) {
  if (storm.ended !== null || storm.started === null) return storm;
  const runsOut = storm.started + STORM_MS + storm.extraMs;
  return now >= runsOut ? { ...storm, ended: runsOut } : storm;
}

/** @param {Storm} storm @returns {Puzzle | null} the puzzle on the board; none once over */
export const stormPuzzle = (storm) => (storm.ended === null ? (storm.puzzles[storm.at] ?? null) : null);

/**
 * The seconds a combo adds when it reaches `combo` moves right in a row (0 between levels).
 *
 * @param {number} combo
 * @returns {number}
 */
export function comboBonus(combo) {
  for (const [moves, seconds] of COMBO_LEVELS) if (combo === moves) return seconds;
  const [lastMoves, lastSeconds] = COMBO_LEVELS[COMBO_LEVELS.length - 1] ?? [Infinity, 0];
  return combo > lastMoves && (combo - lastMoves) % COMBO_STEP === 0 ? lastSeconds : 0;
}

/**
 * The combo's progress to its next level: the moves of the level reached (0 before the first)
 * and of the next, for the combo bar.
 *
 * @param {number} combo
 * @returns {{ from: number, to: number }}
 */
export function comboProgress(combo) {
  let from = 0;
  for (const [moves] of COMBO_LEVELS) {
    if (combo < moves) return { from, to: moves };
    from = moves;
  }
  const past = Math.floor((combo - from) / COMBO_STEP);
  return { from: from + past * COMBO_STEP, to: from + (past + 1) * COMBO_STEP };
}

/**
 * What a move did: `right` (the line goes on: the defender's reply is `storm.puzzles[..]
 * .moves[index - 1]` of the storm returned), `solved`, `wrong`, or `over` (played after the
 * time ran out, or with no puzzle: ignored); and the seconds a combo level added.
 *
 * @typedef {{ storm: Storm, verdict: 'right' | 'solved' | 'wrong' | 'over', bonus: number }} StormStep
 */

/**
 * Plays `move` (canonical text) as the solver's next move of the puzzle on the board. The first
 * move starts the clock. A wrong move costs `WRONG_MS`, ends the combo and passes to the next
 * puzzle; a right one counts in the combo, and the puzzle's last one solves it.
 *
 * @param {Storm} before
 * @param {string} move
 * @param {number} now
 * @returns {StormStep}
 */
export function stormMove(before, move, now) {
  const storm = stormAt(before, now);
  const puzzle = stormPuzzle(storm);
  if (!puzzle) return { storm, verdict: 'over', bonus: 0 };
  const started = storm.started ?? now;
  const verdict = judge(puzzle, storm.index, move);
  if (verdict === 'wrong') {
    const after = { ...storm, started, extraMs: storm.extraMs - WRONG_MS, combo: 0, wrong: storm.wrong + 1 };
    return { storm: passed(after, puzzle, false, now), verdict, bonus: 0 };
  }
  const combo = storm.combo + 1;
  const bonus = comboBonus(combo);
  const after = { ...storm, started, extraMs: storm.extraMs + bonus * 1000, combo, bestCombo: Math.max(storm.bestCombo, combo), right: storm.right + 1 };
  if (verdict === 'solved') return { storm: passed(after, puzzle, true, now), verdict, bonus };
  return { storm: { ...after, index: storm.index + 2 }, verdict, bonus };
}

/**
 * The storm with the puzzle on the board passed over, as if it were not in the set: it could not
 * be shown or played (a damaged set). No time is taken and nothing is counted; the storm ends
 * when no puzzle is left.
 *
 * @param {Storm} storm
 * @param {number} now
 * @returns {Storm}
 */
export function stormPass(storm, now) {
  if (storm.ended !== null) return storm;
  const next = { ...storm, at: storm.at + 1, index: 0 };
  return next.at >= next.puzzles.length ? { ...next, ended: now } : next;
}

/**
 * The storm with the puzzle on the board done, the next one on (it ends after the last, or when
 * the penalty took its last time).
 *
 * @param {Storm} storm
 * @param {Puzzle} puzzle
 * @param {boolean} solved
 * @param {number} now
 * @returns {Storm}
 */
function passed(storm, puzzle, solved, now) {
  const next = { ...storm, at: storm.at + 1, index: 0, results: [...storm.results, { puzzle, solved }] };
  const timed = stormAt(next, now);
  return timed.ended === null && next.at >= next.puzzles.length ? { ...timed, ended: now } : timed;
}

/** @param {Storm} storm @returns {number} the puzzles solved so far: the score */
export const solvedCount = (storm) => storm.results.filter((r) => r.solved).length;

/**
 * A storm's figures, as lichess gives them at the end.
 *
 * @typedef {object} StormSummary
 * @property {number} solved  the score
 * @property {number} moves
 * @property {number} accuracy  the moves right, 0…100 (100 without a move)
 * @property {number} bestCombo
 * @property {number} seconds  from the first move to the end (or to `now`)
 * @property {number | null} perPuzzle  seconds per puzzle done; null with none done
 * @property {number | null} highest  the rating of the hardest puzzle solved; null with none
 */

/**
 * @param {Storm} storm
 * @param {number} now
 * @returns {StormSummary}
 */
export function stormSummary(storm, now) {
  const moves = storm.right + storm.wrong;
  const seconds = storm.started === null ? 0 : ((storm.ended ?? now) - storm.started) / 1000;
  const solved = storm.results.filter((r) => r.solved);
  return {
    solved: solved.length,
    moves,
    accuracy: moves === 0 ? 100 : Math.round((100 * storm.right) / moves),
    bestCombo: storm.bestCombo,
    seconds,
    perPuzzle: storm.results.length === 0 ? null : seconds / storm.results.length,
    highest: solved.length === 0 ? null : Math.max(...solved.map((r) => r.puzzle.rating)),
  };
}

/**
 * A time left as the storm's clock shows it: minutes and seconds, rounded up (the clock shows
 * 0:00 only when the time is up).
 *
 * @param {number} ms
 * @returns {string} e.g. "2:47"
 */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How many days of storms the standing keeps their best of: a month and a day. */
export const STORM_DAYS = 31;

/**
 * The local calendar day of a time, as the standing keys storms by it.
 *
 * @param {number} ms  as `Date.now()`
 * @returns {string} e.g. "2026-11-30"
 */
export function dayKey(ms) {
  const date = new Date(ms);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Whole days from the day `key` to the day of `now`, local time (0: the same day).
 *
 * @param {string} key  a `dayKey`
 * @param {number} now
 * @returns {number}
 */
function daysSince(key, now) {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  const today = new Date(now);
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  // Rounded: a day with a change of the clocks is 23 or 25 hours long.
  return Math.round((midnight - new Date(year, month - 1, day).getTime()) / 86_400_000);
}

/**
 * The standing after a storm played to its end at `now` with `solved` puzzles: its day's best
 * and the best of all, each if higher; only the last `STORM_DAYS` days are kept.
 *
 * @param {Standing} standing
 * @param {number} solved
 * @param {number} now
 * @returns {Standing}
 */
export function stormPlayed(standing, solved, now) {
  const key = dayKey(now);
  const days = { ...standing.stormDays, [key]: Math.max(solved, standing.stormDays[key] ?? 0) };
  const kept = Object.fromEntries(Object.entries(days).sort(([a], [b]) => (a < b ? 1 : -1)).slice(0, STORM_DAYS));
  return { ...keptBest(standing, 'stormBest', solved), stormDays: kept };
}

/**
 * The player's high scores, as lichess shows them: today, the last 7 days, the last 30 days
 * (each counting today) and all time; 0 where no storm was played.
 *
 * @param {Standing} standing
 * @param {number} now
 * @returns {{ today: number, week: number, month: number, all: number }}
 */
export function stormHighs(standing, now) {
  const days = Object.entries(standing.stormDays).map(([key, best]) => ({ ago: daysSince(key, now), best }));
  /** @param {number} count  days, today the first */
  const within = (count) => Math.max(0, ...days.filter(({ ago }) => ago >= 0 && ago < count).map(({ best }) => best));
  return { today: within(1), week: within(7), month: within(30), all: standing.stormBest };
}

/**
 * What the end of a storm says: why it ended, the score, and the record it set, if any, against
 * the high scores before it (`stormHighs`).
 *
 * @param {boolean} timeUp  the time ran out (else no puzzle was left)
 * @param {number} solved
 * @param {{ today: number, all: number }} before
 * @returns {{ text: string, record: boolean }}
 */
export function stormEndWords(timeUp, solved, before) {
  const said = `${timeUp ? 'Time!' : 'No puzzle left!'} ${solved} solved.`;
  if (solved > before.all) return { text: `${said} Your best storm yet.`, record: true };
  if (solved > before.today) return { text: `${said} Your best today (of all time: ${before.all}).`, record: true };
  return { text: `${said} ${bestWords(before)}`, record: false };
}

/**
 * @param {{ today: number, all: number }} highs
 * @returns {string} e.g. "Your best: 9 today, 25 of all time."
 */
export const bestWords = (highs) => `Your best: ${highs.today} today, ${highs.all} of all time.`;
