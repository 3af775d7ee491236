import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressText, scoreText, scoreWords, speedText, whiteShare } from '../www/evaluation.js';

test('scores in short, from White’s view', () => {
  assert.equal(scoreText({ cp: 125 }), '+1.25');
  assert.equal(scoreText({ cp: -40 }), '−0.40');
  assert.equal(scoreText({ cp: 0 }), '0.00');
  assert.equal(scoreText({ mate: 2 }), '#2');
  assert.equal(scoreText({ mate: -3 }), '#−3');
});

test('scores in words say who mates or who is better', () => {
  assert.equal(scoreWords({ mate: 2 }), 'Mate in 2 for White');
  assert.equal(scoreWords({ mate: -1 }), 'Mate in 1 for Black');
  assert.equal(scoreWords({ cp: 125 }), 'White is better by 1.25');
  assert.equal(scoreWords({ cp: -7 }), 'Black is better by 0.07');
  assert.equal(scoreWords({ cp: 0 }), 'Equal');
});

test('the bar: all White’s when White mates, all Black’s when Black does, half when level, monotonic', () => {
  assert.equal(whiteShare({ mate: 4 }), 1);
  assert.equal(whiteShare({ mate: -4 }), 0);
  assert.equal(whiteShare({ cp: 0 }), 0.5);
  const shares = [-1000, -300, -100, 0, 100, 300, 1000].map((cp) => whiteShare({ cp }));
  for (let i = 1; i < shares.length; i++) assert.ok((shares[i] ?? 0) > (shares[i - 1] ?? 1));
  assert.ok(Math.abs(whiteShare({ cp: 100 }) + whiteShare({ cp: -100 }) - 1) < 1e-12);
  assert.ok(whiteShare({ cp: 1000 }) > 0.97 && whiteShare({ cp: 1000 }) < 1);
});

test('the engine’s speed and depth', () => {
  assert.equal(speedText(850_400), '850 k nodes/s');
  assert.equal(speedText(1_420_000), '1.4 M nodes/s');
  assert.equal(speedText(12), '12 nodes/s');
  assert.equal(progressText({ depth: 14, seldepth: 22, nodes: 1, timeMs: 1, nps: 1_420_000, lines: [], plies: [] }), 'Depth 14/22 · 1.4 M nodes/s');
  // A mate found: the lines it cuts short are shallower than the depth, which stands alone.
  assert.equal(progressText({ depth: 11, seldepth: 6, nodes: 1, timeMs: 1, nps: 870_000, lines: [], plies: [] }), 'Depth 11 · 870 k nodes/s');
});
