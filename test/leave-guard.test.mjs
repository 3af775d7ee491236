import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockOwner, leavingWords } from '../www/leave-guard.js';

test('whose clock: yours or the computer\'s against it, yours by link, a side\'s between two players here', () => {
  const computer = { computer: /** @type {const} */ ('black'), level: 3 };
  assert.equal(clockOwner('white', computer, null), 'Your clock (White)');
  assert.equal(clockOwner('black', computer, null), "The computer's clock (Black)");
  assert.equal(clockOwner('black', null, 'black'), 'Your clock (Black)');
  assert.equal(clockOwner('white', null, null), "White's clock");
});

test('the question says whose clock runs, where the player goes, and the time left', () => {
  const computer = { computer: /** @type {const} */ ('white'), level: 5 };
  assert.equal(
    leavingWords('the lessons', { side: 'black', ms: 105_000 }, computer, null),
    'Your clock (Black) runs on while you are in the lessons: 1:45 left. A game is lost on time when a clock runs out.',
  );
  // The computer thinking: the player's clock is next.
  assert.equal(
    leavingWords('Your games', { side: 'white', ms: 180_000 }, computer, null),
    "The computer's clock (White) runs on while you are in Your games: 3:00 left. Yours runs as soon as it has moved. A game is lost on time when a clock runs out.",
  );
  assert.match(leavingWords('the analysis board', { side: 'white', ms: 8_400 }, null, null), /^White's clock runs on while you are in the analysis board: 0:08\.4 left\./);
});
