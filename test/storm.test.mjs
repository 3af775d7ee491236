// A puzzle storm, its pure part: the draw, the clock, the combo, the moves and the figures.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newStanding, readStanding } from '../www/puzzles.js';
import { bestWords, clockText, comboBonus, comboProgress, dayKey, newStorm, STORM_DAYS, STORM_LENGTH, STORM_MS, stormAt, stormEndWords, stormHighs, stormMove, stormPass, stormPlayed, stormPuzzle, stormSummary, solvedCount, timeLeft, WRONG_MS } from '../www/storm.js';

/** @import { Puzzle } from '../www/puzzles.js' */
/** @import { Storm } from '../www/storm.js' */

/**
 * A puzzle of `moves` (the solver's at even indices), e.g. ["a1-a2", "h8-h7", "a2-a3"].
 *
 * @param {string} id
 * @param {number} rating
 * @param {string[]} [moves]
 * @returns {Puzzle}
 */
const puzzle = (id, rating, moves = [`${id}-move`]) => ({ id, position: '4k3/8/8/8/8/8/8/L3K3 w 0 1', lead: null, moves, rating, pieces: ['L'], motifs: ['material'], mate: null });

/** A storm over `puzzles` in the order given (their ratings rising). @param {Puzzle[]} puzzles */
const stormOf = (puzzles) => newStorm(puzzles, () => 0);

/**
 * Plays `moves` from `storm`, each `gap` milliseconds after the one before, the first at `at`.
 *
 * @param {Storm} storm
 * @param {string[]} moves
 * @param {number} at
 * @param {number} [gap]
 */
function play(storm, moves, at, gap = 1000) {
  let now = at;
  /** @type {string[]} */
  const verdicts = [];
  let bonus = 0;
  for (const move of moves) {
    const step = stormMove(storm, move, now);
    storm = step.storm;
    verdicts.push(step.verdict);
    bonus += step.bonus;
    now += gap;
  }
  return { storm, verdicts, bonus, now: now - gap };
}

test('a storm draws its puzzles from the easiest up, at most its length', () => {
  const set = Array.from({ length: 400 }, (_, i) => puzzle(`p${i}`, 800 + ((i * 53) % 400) * 3));
  const storm = newStorm(set);
  assert.equal(storm.puzzles.length, STORM_LENGTH);
  assert.ok(storm.puzzles.every((p, i) => i === 0 || p.rating >= (storm.puzzles[i - 1]?.rating ?? 0)));
  assert.equal(new Set(storm.puzzles.map((p) => p.id)).size, STORM_LENGTH);
  assert.equal(newStorm(set.slice(0, 3)).puzzles.length, 3);
  assert.equal(stormPuzzle(newStorm([])), null);
});

test('the clock starts with the first move and runs out at three minutes', () => {
  const storm = stormOf([puzzle('a', 800), puzzle('b', 900)]);
  assert.equal(timeLeft(storm, 5_000), STORM_MS);
  // Nothing ends a storm that has not started.
  assert.equal(stormAt(storm, 10 ** 9), storm);
  const { storm: going } = stormMove(storm, 'a-move', 5_000);
  assert.equal(going.started, 5_000);
  assert.equal(timeLeft(going, 65_000), STORM_MS - 60_000);
  const over = stormAt(going, 5_000 + STORM_MS + 123);
  // Ended when the time ran out, not when it was noticed.
  assert.equal(over.ended, 5_000 + STORM_MS);
  assert.equal(timeLeft(over, 10 ** 9), 0);
  assert.equal(stormPuzzle(over), null);
  // A move after the time is up does nothing.
  const late = stormMove(going, 'b-move', 5_000 + STORM_MS);
  assert.equal(late.verdict, 'over');
  assert.equal(late.storm.right, 1);
});

test('a right move goes on in the line, the last one solves the puzzle and the next comes', () => {
  const storm = stormOf([puzzle('a', 800, ['a1-a2', 'h8-h7', 'a2-a3']), puzzle('b', 900)]);
  const first = stormMove(storm, 'a1-a2', 0);
  assert.equal(first.verdict, 'right');
  assert.deepEqual([first.storm.at, first.storm.index], [0, 2]);
  const second = stormMove(first.storm, 'a2-a3', 1000);
  assert.equal(second.verdict, 'solved');
  assert.deepEqual([second.storm.at, second.storm.index], [1, 0]);
  assert.deepEqual(second.storm.results.map((r) => [r.puzzle.id, r.solved]), [['a', true]]);
  assert.equal(stormPuzzle(second.storm)?.id, 'b');
  // The last puzzle solved: the storm is over, its clock stopped there.
  const last = stormMove(second.storm, 'b-move', 4000);
  assert.equal(last.verdict, 'solved');
  assert.equal(last.storm.ended, 4000);
  assert.equal(timeLeft(last.storm, 10 ** 9), STORM_MS - 4000);
});

test('a wrong move costs ten seconds, ends the combo and passes to the next puzzle', () => {
  const storm = stormOf([puzzle('a', 800), puzzle('b', 850, ['b1-b2', 'h8-h7', 'b2-b3']), puzzle('c', 900)]);
  const { storm: after, verdicts } = play(storm, ['a-move', 'b1-b2', 'b1-b3'], 0);
  assert.deepEqual(verdicts, ['solved', 'right', 'wrong']);
  assert.deepEqual([after.at, after.index, after.combo, after.bestCombo, after.right, after.wrong], [2, 0, 0, 2, 2, 1]);
  assert.deepEqual(after.results.map((r) => [r.puzzle.id, r.solved]), [['a', true], ['b', false]]);
  assert.equal(solvedCount(after), 1);
  assert.equal(timeLeft(after, 2000), STORM_MS - WRONG_MS - 2000);
  // A penalty that takes the last of the time ends the storm at once.
  const nearEnd = stormMove(storm, 'a-move', 0).storm;
  const wrong = stormMove(nearEnd, 'nonsense', STORM_MS - 4000);
  assert.equal(wrong.verdict, 'wrong');
  assert.equal(wrong.storm.ended, STORM_MS - WRONG_MS);
  assert.equal(timeLeft(wrong.storm, STORM_MS), 0);
});

test('the combo adds time at 5, 12, 20 and 30 moves right in a row, then every 10', () => {
  const added = Array.from({ length: 61 }, (_, combo) => comboBonus(combo));
  const at = added.flatMap((seconds, combo) => (seconds ? [[combo, seconds]] : []));
  assert.deepEqual(at, [[5, 3], [12, 5], [20, 7], [30, 10], [40, 10], [50, 10], [60, 10]]);
  assert.deepEqual(comboProgress(0), { from: 0, to: 5 });
  assert.deepEqual(comboProgress(7), { from: 5, to: 12 });
  assert.deepEqual(comboProgress(30), { from: 30, to: 40 });
  assert.deepEqual(comboProgress(47), { from: 40, to: 50 });
  // Played: the fifth right move in a row adds three seconds.
  const set = Array.from({ length: 6 }, (_, i) => puzzle(`p${i}`, 800 + i));
  const { storm, bonus, verdicts } = play(stormOf(set), ['p0-move', 'p1-move', 'p2-move', 'p3-move', 'p4-move'], 0);
  assert.deepEqual(verdicts, Array(5).fill('solved'));
  assert.equal(bonus, 3);
  assert.equal(timeLeft(storm, 4000), STORM_MS + 3000 - 4000);
});

test('the summary: score, moves, accuracy, combo, time, time per puzzle, hardest solved', () => {
  const set = [puzzle('a', 800), puzzle('b', 1250), puzzle('c', 1100), puzzle('d', 1400)];
  const fresh = stormSummary(stormOf(set), 0);
  assert.deepEqual(fresh, { solved: 0, moves: 0, accuracy: 100, bestCombo: 0, seconds: 0, perPuzzle: null, highest: null });
  // In the draw's order: a 800, c 1100, b 1250, d 1400.
  const { storm } = play(stormOf(set), ['a-move', 'c-move', 'wrong', 'd-move'], 0, 10_000);
  assert.equal(storm.ended, 30_000);
  assert.deepEqual(stormSummary(storm, 99_000), { solved: 3, moves: 4, accuracy: 75, bestCombo: 2, seconds: 30, perPuzzle: 7.5, highest: 1400 });
});

test('the clock shows minutes and seconds, rounded up', () => {
  assert.equal(clockText(STORM_MS), '3:00');
  assert.equal(clockText(167_001), '2:48');
  assert.equal(clockText(9_000), '0:09');
  assert.equal(clockText(1), '0:01');
  assert.equal(clockText(0), '0:00');
  assert.equal(clockText(-500), '0:00');
});

test('the high scores: today, the last 7 and 30 days, all time; a month of days kept', () => {
  // Local noon, whatever the machine's time zone: days are the player's calendar days.
  const noon = (/** @type {number} */ day) => new Date(2026, 10, day, 12).getTime();
  assert.equal(dayKey(noon(30)), '2026-11-30');
  assert.equal(dayKey(new Date(2026, 0, 5, 23, 59).getTime()), '2026-01-05');
  let s = newStanding();
  assert.deepEqual(stormHighs(s, noon(30)), { today: 0, week: 0, month: 0, all: 0 });
  s = stormPlayed(s, 25, new Date(2026, 9, 25, 12).getTime());
  s = stormPlayed(s, 18, noon(20));
  s = stormPlayed(s, 12, noon(28));
  s = stormPlayed(s, 9, noon(30));
  s = stormPlayed(s, 7, noon(30));
  assert.deepEqual(s.stormDays, { '2026-10-25': 25, '2026-11-20': 18, '2026-11-28': 12, '2026-11-30': 9 });
  assert.deepEqual(stormHighs(s, noon(30)), { today: 9, week: 12, month: 18, all: 25 });
  // Early the next day: nothing today yet.
  assert.deepEqual(stormHighs(s, new Date(2026, 11, 1, 0, 5).getTime()), { today: 0, week: 12, month: 18, all: 25 });
  // Kept through storage; the oldest days go past a month and a day, the best of all stays.
  assert.deepEqual(readStanding(JSON.stringify(s)).stormDays, s.stormDays);
  for (let day = 1; day <= 40; day++) s = stormPlayed(s, 1, new Date(2027, 0, day, 12).getTime());
  assert.equal(Object.keys(s.stormDays).length, STORM_DAYS);
  assert.equal(Object.keys(s.stormDays).sort()[0], '2027-01-10');
  assert.equal(s.stormBest, 25);
  // Damaged days are left out, the good ones kept.
  const read = readStanding(JSON.stringify({ version: 1, stormDays: { '2026-11-30': 4, yesterday: 3, '2026-11-29': -1, '2026-11-28': '5' } }));
  assert.deepEqual(read.stormDays, { '2026-11-30': 4 });
  assert.deepEqual(readStanding(JSON.stringify({ version: 1, stormDays: [3] })).stormDays, {});
});

test('the end says why, the score, and a record: of all time, or of the day', () => {
  const highs = { today: 9, all: 25 };
  assert.deepEqual(stormEndWords(true, 26, highs), { text: 'Time! 26 solved. Your best storm yet.', record: true });
  assert.deepEqual(stormEndWords(true, 12, highs), { text: 'Time! 12 solved. Your best today (of all time: 25).', record: true });
  assert.deepEqual(stormEndWords(false, 9, highs), { text: 'No puzzle left! 9 solved. Your best: 9 today, 25 of all time.', record: false });
  assert.deepEqual(stormEndWords(true, 0, { today: 0, all: 0 }), { text: 'Time! 0 solved. Your best: 0 today, 0 of all time.', record: false });
  assert.equal(bestWords({ today: 0, all: 3 }), 'Your best: 0 today, 3 of all time.');
});

test('a puzzle that cannot be shown is passed over: nothing counted, no time taken', () => {
  const storm = stormMove(stormOf([puzzle('a', 800), puzzle('b', 900), puzzle('c', 1000)]), 'a-move', 0).storm;
  const passed = stormPass(storm, 5000);
  assert.equal(stormPuzzle(passed)?.id, 'c');
  assert.deepEqual([passed.results.length, passed.right, passed.wrong, passed.combo, passed.extraMs], [1, 1, 0, 1, 0]);
  assert.equal(timeLeft(passed, 5000), STORM_MS - 5000);
  // The last one passed over: the storm ends there; an ended storm stays as it is.
  const over = stormPass(passed, 6000);
  assert.equal(over.ended, 6000);
  assert.equal(stormPass(over, 7000), over);
});
