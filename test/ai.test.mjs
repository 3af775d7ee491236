import test from 'node:test';
import assert from 'node:assert/strict';

import { ANSWER_MS, answerPause } from '../www/ai.js';

test('the computer’s move waits until ANSWER_MS have passed since its search began', () => {
  assert.equal(answerPause(0), ANSWER_MS);
  assert.equal(answerPause(20), ANSWER_MS - 20);
  // A search that took longer plays at once.
  assert.equal(answerPause(ANSWER_MS), 0);
  assert.equal(answerPause(2000), 0);
});

test('on a clock the pause ends with the computer’s thinking time for the move', () => {
  // A bullet game's computer with 100 ms for its move spends no more of its time than that.
  assert.equal(answerPause(20, 100), 80);
  assert.equal(answerPause(120, 100), 0);
  // A longer thinking time still waits only ANSWER_MS.
  assert.equal(answerPause(20, 5000), ANSWER_MS - 20);
});
