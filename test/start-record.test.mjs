// The record a new game starts from (www/start-record.js): its headers, and a record the rules
// read as the game asked for.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pgnDate, PLAYER_NAME, startHeaders, startRecord } from '../www/start-record.js';

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

test('the record: the headers, then the setup or position and the rules, no moves', () => {
  assert.equal(startRecord({ setup: 'mirrored', rules: 'king_capture' }, [['Date', '2026.01.05']]), '[Date "2026.01.05"]\n[Setup "mirrored"]\n[Rules "king_capture"]\n\n*\n');
  // A position wins over a setup; without either, the default setup and rules.
  assert.equal(startRecord({ position: ' 4k3/8/8/8/8/8/8/4K3 w ', setup: 'mirrored' }, []), '[Setup "4k3/8/8/8/8/8/8/4K3 w"]\n[Rules "default"]\n\n*\n');
  assert.equal(startRecord({}, []), '[Setup "rotated"]\n[Rules "default"]\n\n*\n');
  // A value is quoted as PGN quotes it.
  assert.equal(startRecord({}, [['White', 'A "B" \\ C']]).split('\n')[0], '[White "A \\"B\\" \\\\ C"]');
});
