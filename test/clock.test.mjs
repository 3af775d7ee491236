import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRESETS,
  afterMove,
  banked,
  clocksHeader,
  computerTime,
  controlHeader,
  controlLabel,
  flagTime,
  formatTime,
  headersControl,
  parseControl,
  ranLow,
  readClocksHeader,
  readControlHeader,
  readRunning,
  timeLeft,
  untilNextChange,
} from '../www/clock.js';

/** @import { ClockState } from '../www/clock.js' */

const FIVE_THREE = { initialMs: 300_000, incrementMs: 3000 };
/** The game's start, as a clock: nothing played, White to move, the clock standing. */
/** @type {ClockState} */
const START = { control: FIVE_THREE, times: [], sides: [], turn: 'white', since: null };

test('a record\'s time control in the page\'s words, from its headers', () => {
  assert.equal(headersControl([['White', 'Player'], ['TimeControl', '300+3']]), '5+3');
  assert.equal(headersControl([['TimeControl', '30+0']]), '0.5+0');
  assert.equal(headersControl([['TimeControl', '-']]), null);
  assert.equal(headersControl([]), null);
});

test('time controls: the dialog\'s text (minutes + seconds), the record\'s header (seconds + seconds)', () => {
  assert.deepEqual(parseControl('5+3'), FIVE_THREE);
  assert.deepEqual(parseControl(' 0.5 + 0 '), { initialMs: 30_000, incrementMs: 0 });
  for (const preset of PRESETS) assert.equal(controlLabel(parseControl(preset)), preset);
  assert.equal(controlHeader(FIVE_THREE), '300+3');
  assert.deepEqual(readControlHeader('300+3'), FIVE_THREE);
  assert.deepEqual(readControlHeader(controlHeader(parseControl('0.25+1.5'))), parseControl('0.25+1.5'));
  for (const bad of ['', '5', '5+', '+3', 'five+three', '-5+3', '5+3+1', '0+0', '601+0', '5+601', '1e3+0']) {
    assert.throws(() => parseControl(bad), /time|increment/, bad);
  }
  // Seconds alone: the PGN standard's sudden death.
  assert.deepEqual(readControlHeader('600'), parseControl('10+0'));
  for (const bad of [undefined, '', '-', '?', '0', '0+0', '36001+0', '300+601', '300+3 ', 'x+3', '40/7200', '*180', '300+']) {
    assert.equal(readControlHeader(bad === '300+3 ' ? 'a300+3' : bad), null, String(bad));
  }
});

test('the Clocks header: tenths of seconds, read back; malformed text is refused whole', () => {
  assert.equal(clocksHeader([302_140, 298_449, 0, -5]), '302.1 298.4 0.0 0.0');
  assert.deepEqual(readClocksHeader('302.1 298.4 0.0'), [302_100, 298_400, 0]);
  assert.deepEqual(readClocksHeader(undefined), []);
  assert.deepEqual(readClocksHeader('  '), []);
  for (const bad of ['1 x', '-1', '1,5', '1e5', 'NaN', '12345678', '1.23456']) assert.equal(readClocksHeader(bad), null, bad);
});

test('the clock stands before the first move; then the side to move\'s time runs and every mover gets the increment', () => {
  assert.deepEqual(timeLeft(START, 1_000_000), { white: 300_000, black: 300_000 });
  assert.equal(flagTime(START), null);
  // White's first move: the clock stood, so nothing is taken; the increment is added, as to
  // Black's first move.
  assert.equal(afterMove(START, 5000), 303_000);
  // Black thinks 12.5 s, then moves: 300 - 12.5 + 3.
  /** @type {ClockState} */
  const black = { ...START, times: [300_000], sides: ['white'], turn: 'black', since: 10_000 };
  assert.deepEqual(timeLeft(black, 22_500), { white: 300_000, black: 287_500 });
  assert.equal(afterMove(black, 22_500), 290_500);
  assert.equal(flagTime(black), 310_000);
  // Time left never goes below zero, and a clock read before it started counts nothing.
  assert.deepEqual(timeLeft(black, 999_999), { white: 300_000, black: 0 });
  assert.deepEqual(timeLeft(black, 0), { white: 300_000, black: 300_000 });
  // Each side's time is its own last entry.
  assert.deepEqual(banked(FIVE_THREE, [300_000, 290_500, 250_000], ['white', 'black', 'white']), { white: 250_000, black: 290_500 });
  // A game that started with Black to move.
  assert.deepEqual(banked(FIVE_THREE, [100_000], ['black']), { white: 300_000, black: 100_000 });
});

test('the display: minutes and seconds, hours, tenths under 10 s, rounded down', () => {
  /** @type {Array<[number, string]>} */
  const cases = [
    [300_000, '5:00'],
    [299_999, '4:59'],
    [61_000, '1:01'],
    [10_000, '0:10'],
    [9_999, '0:09.9'],
    [9_400, '0:09.4'],
    [150, '0:00.1'],
    [99, '0:00.0'],
    [0, '0:00.0'],
    [-50, '0:00.0'],
    [3_600_000, '1:00:00'],
    [5_400_000 + 7_000, '1:30:07'],
  ];
  for (const [ms, text] of cases) assert.equal(formatTime(ms), text, String(ms));
});

test('the display is redrawn when it changes: each second, each tenth under 10 s', () => {
  assert.equal(untilNextChange(300_000), 1);
  assert.equal(untilNextChange(299_400), 401);
  assert.equal(untilNextChange(10_500), 501);
  assert.equal(untilNextChange(9_950), 51);
  // Following the redraws from 11.5 s down shows each change once, and no redraw is wasted.
  let ms = 11_500;
  const seen = [formatTime(ms)];
  while (ms > 9_500) {
    ms -= untilNextChange(ms);
    seen.push(formatTime(ms));
  }
  assert.deepEqual(seen, ['0:11', '0:10', '0:09.9', '0:09.8', '0:09.7', '0:09.6', '0:09.5', '0:09.4']);
});

test('the computer\'s share of its clock: a thirtieth plus three quarters of the increment, capped', () => {
  // 5+3 at the start: 300/30 + 2.25 = 12.25 s, capped at level 8's 2 s.
  assert.equal(computerTime(300_000, 3000), 2000);
  assert.equal(computerTime(300_000, 3000, 60_000), 12_250);
  // 30 s left, no increment: 1 s.
  assert.equal(computerTime(30_000, 0), 1000);
  // Little time and a big increment: never more than half of what is left.
  assert.equal(computerTime(1000, 10_000), 500);
  // Almost nothing left: at least 10 ms.
  assert.equal(computerTime(5, 0), 10);
});

test('a stored running mark is read back only when well formed and not from the future', () => {
  assert.deepEqual(readRunning({ plies: 3, since: 1000 }, 2000), { plies: 3, since: 1000 });
  for (const bad of [null, 'x', 3, {}, { plies: -1, since: 1 }, { plies: 1.5, since: 1 }, { plies: 1, since: 'x' }, { plies: 1, since: Infinity }, { plies: 1, since: 3000 }]) {
    assert.equal(readRunning(bad, 2000), null, JSON.stringify(bad));
  }
});

test('a clock runs low once: from 10 s or more to under 10 s, with time left', () => {
  assert.equal(ranLow(10_500, 9_999), true);
  assert.equal(ranLow(10_000, 9_900), true);
  assert.equal(ranLow(9_999, 9_000), false, 'already low');
  assert.equal(ranLow(12_000, 10_000), false, 'not yet');
  assert.equal(ranLow(undefined, 9_000), false, 'first seen low: a game loaded or resumed that way');
  assert.equal(ranLow(10_500, 0), false, 'out of time: the flag has its own sound');
  assert.equal(ranLow(30_000, 5_000), true, 'a jump past 10 s (a slow tab) still counts');
});
