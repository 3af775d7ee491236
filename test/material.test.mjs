import assert from 'node:assert/strict';
import { test } from 'node:test';
import { materialLead, materialWords } from '../www/material.js';
import { DOUBLE_CAPTURE, ply } from './fixtures.mjs';

test('nothing taken: no lead on either side', () => {
  assert.deepEqual(materialLead([]), { white: [], black: [], taken: 0 });
  assert.equal(materialWords(materialLead([])), 'No pieces taken yet');
});

test('a side is up the pieces it took that the other side has not taken back', () => {
  const lead = materialLead([DOUBLE_CAPTURE]);
  assert.deepEqual(lead, { white: ['p', 'p'], black: [], taken: 2 });
  assert.equal(materialWords(lead), 'White is up 2 Pawns');
});

test('equal losses cancel, role by role, and what is left is listed in the rules order', () => {
  const plies = [
    ply('a2-a3xb3', { captured: ['p'] }),
    ply('h7-h6xg6', { side: 'black', piece: 'p', captured: ['P'] }),
    ply('c1-c5xc6', { piece: 'W', captured: ['x'] }),
    ply('d8-d2xd1xe2', { side: 'black', piece: 'l', captured: ['W', 'I'] }),
    ply('e1-e3xe4', { piece: 'K', captured: ['l'] }),
  ];
  const lead = materialLead(plies);
  assert.deepEqual(lead, { white: ['l', 'x'], black: ['W', 'I'], taken: 6 });
  assert.equal(materialWords(lead), 'White is up a Long Leaper and a Chameleon; Black is up a Withdrawer and an Immobilizer');
});

test('all losses cancelled: even', () => {
  const lead = materialLead([ply('a2-a3xb3', { captured: ['p'] }), ply('h7-h6xg6', { side: 'black', piece: 'p', captured: ['P'] })]);
  assert.deepEqual(lead, { white: [], black: [], taken: 2 });
  assert.equal(materialWords(lead), 'Even: the same pieces taken on both sides');
});

test('a suicide is a loss for the side that made it', () => {
  const lead = materialLead([ply('e4-', { piece: 'x', side: 'black' })]);
  assert.deepEqual(lead, { white: ['x'], black: [], taken: 1 });
  assert.equal(materialWords(lead), 'White is up a Chameleon');
});

test('a captured King counts like any piece (the king_capture rule)', () => {
  const lead = materialLead([ply('a1-a8xe8', { piece: 'C', captured: ['k', 'p'] })]);
  assert.deepEqual(lead.white, ['k', 'p']);
  assert.equal(materialWords(lead), 'White is up a King and a Pawn');
});
