import assert from 'node:assert/strict';
import { test } from 'node:test';
import { materialLead, materialWords } from '../www/material.js';
import { DOUBLE_CAPTURE, ply } from './fixtures.mjs';

/** One side's pieces at the start: King, Withdrawer, Coordinator, Immobilizer, two Long Leapers, two Chameleons, eight Pawns. */
const SET = 'KWCILLXXPPPPPPPP';

/**
 * A position's 64 squares holding `letters` (where they stand does not matter to the lead).
 *
 * @param {string} letters
 * @returns {string[]}
 */
const board = (letters) => [...letters, ...Array(64 - letters.length).fill('')];

/**
 * The start's pieces less those named.
 *
 * @param {string} gone  letters, e.g. "pp"
 */
const startLess = (gone) => {
  const left = [...SET, ...SET.toLowerCase()];
  for (const letter of gone) left.splice(left.indexOf(letter), 1);
  return board(left.join(''));
};

test('nothing taken: no lead on either side', () => {
  assert.deepEqual(materialLead(startLess(''), []), { white: [], black: [], taken: 0 });
  assert.equal(materialWords(materialLead(startLess(''), [])), 'No pieces taken yet');
});

test('a side is up the pieces it took that the other side has not taken back', () => {
  const lead = materialLead(startLess('pp'), [DOUBLE_CAPTURE]);
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
  const lead = materialLead(startLess('pPxWIl'), plies);
  assert.deepEqual(lead, { white: ['l', 'x'], black: ['W', 'I'], taken: 6 });
  assert.equal(materialWords(lead), 'White is up a Long Leaper and a Chameleon; Black is up a Withdrawer and an Immobilizer');
});

test('all losses cancelled: even', () => {
  const lead = materialLead(startLess('pP'), [ply('a2-a3xb3', { captured: ['p'] }), ply('h7-h6xg6', { side: 'black', piece: 'p', captured: ['P'] })]);
  assert.deepEqual(lead, { white: [], black: [], taken: 2 });
  assert.equal(materialWords(lead), 'Even: the same pieces taken on both sides');
});

test('a suicide is a loss for the side that made it', () => {
  const lead = materialLead(startLess('x'), [ply('e4-', { piece: 'x', side: 'black' })]);
  assert.deepEqual(lead, { white: ['x'], black: [], taken: 1 });
  assert.equal(materialWords(lead), 'White is up a Chameleon');
});

test('a captured King counts like any piece (the king_capture rule)', () => {
  const lead = materialLead(startLess('kp'), [ply('a1-a8xe8', { piece: 'C', captured: ['k', 'p'] })]);
  assert.deepEqual(lead.white, ['k', 'p']);
  assert.equal(materialWords(lead), 'White is up a King and a Pawn');
});

test('a set-up position shows its imbalance before any move (the pieces are counted, not the captures)', () => {
  // 4k3/8/8/p7/8/8/p7/L3K3: a Long Leaper against two Pawns.
  const lead = materialLead(board('LKkpp'), []);
  assert.deepEqual(lead, { white: ['l'], black: ['P', 'P'], taken: 0 });
  assert.equal(materialWords(lead), 'White is up a Long Leaper; Black is up 2 Pawns');
  // The same pieces on both sides: no lead, nothing taken yet.
  assert.equal(materialWords(materialLead(board('KLkl'), [])), 'No pieces taken yet');
});
