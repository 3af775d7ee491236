// The headers a new game starts with (www/start-record.js); the record is written from them by
// the rules crate (session.js's startRecord, covered by the e2e tests of new games).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { opponentOfHeaders, pgnDate, PLAYER_NAME, startHeaders } from '../www/start-record.js';

const DAY = new Date(2026, 0, 5, 23, 59);

test('the date as PGN writes it, in the local time zone', () => {
  assert.equal(pgnDate(DAY), '2026.01.05');
  assert.equal(pgnDate(new Date(2026, 11, 31, 0, 0)), '2026.12.31');
});

test('the headers: the date, the players against the computer, the clock', () => {
  assert.deepEqual(startHeaders({ opponent: null, control: null, day: DAY }), [['Date', '2026.01.05']]);
  assert.deepEqual(startHeaders({ opponent: { computer: 'black', level: 3 }, control: { initialMs: 180_000, incrementMs: 2_000 }, day: DAY }), [
    ['Date', '2026.01.05'],
    ['White', PLAYER_NAME],
    ['Black', 'Computer, level 3 — Casual'],
    ['TimeControl', '180+2'],
  ]);
  const asBlack = startHeaders({ opponent: { computer: 'white', level: 8 }, control: null, day: DAY });
  assert.deepEqual(asBlack.slice(1), [
    ['White', 'Computer, level 8 — Strongest'],
    ['Black', PLAYER_NAME],
  ]);
});

test('the computer opponent read back from the headers the page wrote; any other names are two players', () => {
  for (const level of [1, 3, 8]) {
    for (const computer of /** @type {const} */ (['white', 'black'])) {
      const opponent = { computer, level };
      assert.deepEqual(opponentOfHeaders(startHeaders({ opponent, control: null, day: DAY })), opponent);
    }
  }
  assert.deepEqual(opponentOfHeaders([['White', 'Computer, level 2'], ['Black', 'Player']]), { computer: 'white', level: 2 });
  for (const headers of /** @type {Array<Array<[string, string]>>} */ ([
    [],
    [['White', 'Alice'], ['Black', 'Bob']],
    [['White', 'Computer, level 3 — Casual'], ['Black', 'Bob']],
    [['White', 'Computer, level 3'], ['Black', 'Computer, level 5']],
    [['White', 'Computer, level 9'], ['Black', 'Player']],
    [['White', 'Computer, level 0'], ['Black', 'Player']],
    [['White', 'Computer, level 31'], ['Black', 'Player']],
    [['Black', 'Computer, level 3']],
  ])) {
    assert.equal(opponentOfHeaders(headers), null, JSON.stringify(headers));
  }
});
