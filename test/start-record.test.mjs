// The headers a new game starts with (www/start-record.js); the record is written from them by
// the rules crate (session.js's startRecord, covered by the e2e tests of new games).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pgnDate, PLAYER_NAME, startHeaders } from '../www/start-record.js';

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
