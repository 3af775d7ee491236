// A game record as a file: the saved file's name, and the files refused before they are read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_RECORD_BYTES, fileProblem, pastedGame, recordFileName, textProblem } from '../www/record-file.js';

test('a saved record is named after the day', () => {
  assert.equal(recordFileName(new Date('2026-11-29T17:55:00Z')), 'ultima-game-2026-11-29.txt');
});

test('an empty file and one too big for any record are refused before they are read', () => {
  assert.equal(fileProblem({ name: 'game.txt', size: 120 }), null);
  assert.equal(fileProblem({ name: 'game.txt', size: MAX_RECORD_BYTES }), null);
  assert.equal(fileProblem({ name: 'empty.txt', size: 0 }), 'empty.txt is empty.');
  assert.equal(fileProblem({ name: 'film.mp4', size: 3_400_000 }), 'film.mp4 is too big for a game record (3.4 MB; at most 1 MB).');
});

test('a file that is not text is refused before it replaces the box', () => {
  assert.equal(textProblem('game.txt', '1. b2-b5 g7-g4 {good/bad} 1/2-1/2\n'), null);
  assert.equal(textProblem('game.txt', 'Ünïcödé comments are text'), null);
  assert.equal(textProblem('game.txt', '[Event "x"]\r\n\t1. b2-b5\f'), null);
  // A PNG's first bytes, as the browser decodes them.
  assert.match(textProblem('board.png', '\uFFFDPNG\r\n\u001A\n\0\0\0\rIHDR') ?? '', /^board\.png is not a text file/);
  assert.match(textProblem('esc.txt', 'a\u001Bb') ?? '', /^esc\.txt is not a text file/);
  // What the browser makes of bytes that are not UTF-8 (FF FE 00 01 …).
  assert.equal(textProblem('bin.txt', '\uFFFD\uFFFD\0\u0001'), 'bin.txt is not a text file: a game record or a position string is text.');
  assert.match(textProblem('nul.txt', 'ab\0cd') ?? '', /^nul\.txt is not a text file/);
});

test('the box holds a position string when its board comes first, else a record', () => {
  const start = 'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1';
  assert.deepEqual(pastedGame(`  ${start}\n`), { position: start });
  assert.deepEqual(pastedGame('8/8/8/8/8/8/8/8 w'), { position: '8/8/8/8/8/8/8/8 w' });
  // A position the rules will refuse is still asked of them as a position, to say why.
  assert.deepEqual(pastedGame('8/8/8/8/8/8/8 w'), { position: '8/8/8/8/8/8/8 w' });
  // A '/' later in a record: a drawn result, a comment; a record's first token never has one.
  for (const record of ['1. b2-b5 g7-g4 2. a2-a4 h7-h6 1/2-1/2', '1. b2-b5 {good/bad} g7-g4', '{a/b} 1. b2-b5', '1/2-1/2', '[Event "x"] 1. b2-b5', '1. b2-b5\n2. a2-a4']) {
    assert.deepEqual(pastedGame(record), { record }, record);
  }
  for (const blank of ['', '  \n\t ']) {
    assert.throws(() => pastedGame(blank), /^Error: The box is empty: paste a position string or a game record into it first\.$/);
  }
});
