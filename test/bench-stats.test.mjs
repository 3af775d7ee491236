// The figures the paired timing scripts print (bench/stats.mjs): which value a quantile picks,
// and how a median and its quartiles read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { medianAndQuartiles, quantile } from '../bench/stats.mjs';

test('a quantile is a value of the list at that fraction of the sorted list, rounding down', () => {
  const xs = [0.9, 1.3, 1.0, 1.1, 1.2];
  assert.equal(quantile(xs, 0), 0.9);
  assert.equal(quantile(xs, 0.25), 1.0);
  assert.equal(quantile(xs, 0.5), 1.1);
  assert.equal(quantile(xs, 0.75), 1.2);
  assert.equal(quantile(xs, 1), 1.3);
  // An even count takes the lower middle value: a ratio that was measured, not an average.
  assert.equal(quantile([4, 1, 3, 2], 0.5), 2);
});

test('no values is an error that says so, not a figure', () => {
  assert.throws(() => quantile([], 0.5), /no values/);
  assert.throws(() => medianAndQuartiles([]), /no values/);
});

test('the list it is given is left in its order', () => {
  const xs = [3, 1, 2];
  quantile(xs, 0.5);
  assert.deepEqual(xs, [3, 1, 2]);
});

test('the median reads with its quartiles and the number of pairs', () => {
  assert.equal(
    medianAndQuartiles([1.0, 1.02, 1.04, 0.98, 1.01]),
    '1.010× (quartiles 1.000–1.020, 5 pairs)',
  );
  assert.equal(medianAndQuartiles([0.8125]), '0.813× (quartiles 0.813–0.813, 1 pair)');
});
