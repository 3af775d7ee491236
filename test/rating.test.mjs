import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expected, INITIAL, MIN_DEVIATION, readRating, update } from '../www/rating.js';

test('the expected score is a half against an equal rating and grows with the gap', () => {
  assert.equal(expected(INITIAL, 1500), 0.5);
  assert.ok(expected(INITIAL, 1200) > 0.8);
  assert.ok(expected(INITIAL, 1800) < 0.2);
  assert.ok(Math.abs(expected(INITIAL, 1300) + expected(INITIAL, 1700) - 1) < 1e-12);
});

test('solving raises the rating, failing lowers it, each by more the more surprising it is', () => {
  const easyWin = update(INITIAL, 1000, 1).rating - 1500;
  const hardWin = update(INITIAL, 2000, 1).rating - 1500;
  const easyLoss = update(INITIAL, 1000, 0).rating - 1500;
  assert.ok(easyWin > 0 && hardWin > easyWin, `${easyWin} ${hardWin}`);
  // Failing a puzzle 500 below costs what solving one 500 above gains.
  assert.ok(easyLoss < 0 && Math.abs(easyLoss + hardWin) < 0.01, `${easyLoss} ${hardWin}`);
  // Against an equal puzzle, solving and failing move the rating by the same amount.
  const up = update(INITIAL, 1500, 1).rating - 1500;
  const down = update(INITIAL, 1500, 0).rating - 1500;
  assert.ok(Math.abs(up + down) < 1e-9, `${up} ${down}`);
});

test('Glicko-2 against one opponent: the step-by-step figures of Glickman’s method', () => {
  // Player 1500 ± 200, σ 0.06, τ 0.5, solves a 1400 puzzle (deviation 100): Glickman's steps 2–8
  // worked through separately (g = 0.95315, E = 0.63383, v = 4.74266 on the Glicko-2 scale).
  const after = update({ rating: 1500, deviation: 200, volatility: 0.06 }, 1400, 1);
  assert.ok(Math.abs(after.rating - 1562.943) < 0.01, `${after.rating}`);
  assert.ok(Math.abs(after.deviation - 177.0) < 0.01, `${after.deviation}`);
  assert.ok(Math.abs(after.volatility - 0.0599988) < 0.000001, `${after.volatility}`);
});

test('the deviation shrinks with each puzzle, never below its floor', () => {
  /** @type {import('../www/rating.js').Rating} */
  let r = INITIAL;
  for (let i = 0; i < 200; i += 1) {
    const next = update(r, 1500, i % 2 === 0 ? 1 : 0);
    assert.ok(next.deviation <= r.deviation + 1e-9);
    r = next;
  }
  assert.ok(r.deviation >= MIN_DEVIATION && r.deviation < MIN_DEVIATION + 2, `${r.deviation}`);
  // From the floor the deviation stays near it (the volatility widens it a little each time).
  const floor = update({ ...r, deviation: MIN_DEVIATION }, 1500, 1).deviation;
  assert.ok(floor >= MIN_DEVIATION && floor < MIN_DEVIATION + 1, `${floor}`);
  assert.ok(Number.isFinite(r.rating) && Math.abs(r.rating - 1500) < 100, `${r.rating}`);
});

test('a stored rating is read only when every field is a number in range', () => {
  assert.deepEqual(readRating({ rating: 1620, deviation: 80, volatility: 0.06 }), { rating: 1620, deviation: 80, volatility: 0.06 });
  for (const bad of [null, 'x', [], {}, { rating: '1500', deviation: 80, volatility: 0.06 }, { rating: NaN, deviation: 80, volatility: 0.06 }, { rating: 1500, deviation: 0, volatility: 0.06 }, { rating: 1500, deviation: 80, volatility: 5 }, { rating: 1e9, deviation: 80, volatility: 0.06 }]) {
    assert.equal(readRating(bad), null, JSON.stringify(bad));
  }
});
