// The pure parts of a visitor's arrival: the level descriptions, the still picture drawn while
// the wasm loads, and the new-game dialog's colour draw.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LEVEL, LEVELS, isLevel, levelText, levelTitle, linkLine, opponentLine } from '../www/levels.js';
import { LEVEL_COUNT } from '../www/options.js';
import { opponentOptions, playerSide } from '../www/newgame.js';
import { START_PIECES, stillPicture } from '../www/placeholder.js';

test('eight levels, each with a name and a description; level 8 says it thinks 2 s a move', () => {
  assert.deepEqual(
    LEVELS.map((l) => l.level),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  assert.equal(LEVELS.length, LEVEL_COUNT, 'the embed\'s level option accepts as many');
  for (const { name, description } of LEVELS) assert.ok(name.length > 2 && description.length > 10, name);
  assert.equal(levelTitle(1), '1 — Beginner');
  assert.match(levelText(8), /^8 — Strongest: thinks 2 s a move/);
  assert.ok(DEFAULT_LEVEL >= 1 && DEFAULT_LEVEL <= 8);
  assert.equal(new Set(LEVELS.map((l) => l.name)).size, 8, 'every level has its own name');
  // What every reader of a level accepts: the eight, nothing else.
  assert.deepEqual([0, 1, 8, 9, 2.5, '3', null, NaN].map(isLevel), [false, true, true, false, false, false, false, false]);
});

test("the line under the page's status names the player's side and the computer's level", () => {
  assert.equal(opponentLine('white', 1), 'You play White against the computer, level\u00a01\u00a0— Beginner');
  assert.equal(opponentLine('black', 8), 'You play Black against the computer, level\u00a08\u00a0— Strongest');
  assert.equal(linkLine('black', false), 'You play Black by link: send the link after each move');
  assert.equal(linkLine('white', true), 'You played White by link');
});

test('the start drawn before the wasm is ready: 64 squares, both back ranks and Pawn ranks, nothing marked', () => {
  assert.equal(START_PIECES.length, 64);
  const picture = stillPicture(START_PIECES, { orientation: 'white', pieceSet: 'chess', theme: 'green' });
  assert.equal(picture.pieces.length, 64);
  assert.equal(picture.pieces.slice(0, 8).join(''), 'ILXKWXLC');
  assert.equal(picture.pieces.slice(56).join(''), 'clxwkxli');
  assert.equal(picture.pieces.filter((p) => p === 'P').length, 8);
  assert.equal(picture.pieces.filter((p) => p === 'p').length, 8);
  assert.equal(picture.pieces.filter((p) => p === '').length, 32);
  assert.deepEqual([picture.selected, picture.lastMove, picture.check, picture.arrow, picture.drag], [null, null, null, null, null]);
  assert.deepEqual([picture.dests, picture.preview, picture.frozen, picture.checkers], [[], [], [], []]);
  // The empty board when the saved game's position is not known.
  assert.ok(stillPicture('', { orientation: 'black', pieceSet: 'abstract', theme: 'neutral' }).pieces.every((p) => p === ''));
});

test('the new-game dialog draws the colour when the player asks for "random"', () => {
  const form = (/** @type {string} */ side) => {
    const data = new FormData();
    data.set('mode', 'ai');
    data.set('side', side);
    data.set('level', '3');
    return data;
  };
  assert.deepEqual(opponentOptions(form('random'), () => 0.2), { computer: 'black', level: 3 });
  assert.deepEqual(opponentOptions(form('random'), () => 0.7), { computer: 'white', level: 3 });
  assert.deepEqual(opponentOptions(form('black'), () => 0.2), { computer: 'white', level: 3 });
  assert.deepEqual(opponentOptions(form('white'), () => 0.7), { computer: 'black', level: 3 });
  const two = new FormData();
  two.set('mode', 'two');
  assert.equal(opponentOptions(two), null);
  // The welcome's choice of colour is read the same way; anything unknown is White.
  assert.deepEqual(['random', 'random', 'black', 'white', 'purple', null].map((side, i) => playerSide(side, () => (i === 1 ? 0.7 : 0.2))), ['white', 'black', 'black', 'white', 'white', 'white']);
});
