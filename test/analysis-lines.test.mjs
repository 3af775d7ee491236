import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANALYSIS_KEY, MAX_KEPT, MAX_PLIES, gameKey, keepLines, linesOf, loadKept, mergedNotes, notePaths, notesOf, readKept, saveKept } from '../www/analysis-lines.js';
import { MAX_COMMENT } from '../www/variations.js';

const RECORD = '1. b2-b5 g7-g4 *';
const OPENED_LINES = [['b2-b5', 'g7-g4']];
const TRIED_LINES = [['b2-b5', 'g7-g4', 'a2-a4'], ['b2-b5', 'h7-h5']];
/** What the analysis of RECORD opened with, and what it came to hold. */
const OPENED = { lines: OPENED_LINES, notes: [] };
const TRIED = { lines: TRIED_LINES, notes: [] };
/** @param {string[][]} lines */
const only = (lines) => ({ lines, notes: [] });

test('the lines tried are kept under their record, the newest first, and found again', () => {
  const kept = keepLines([], RECORD, TRIED, OPENED, 1000);
  assert.deepEqual(kept, [{ record: RECORD, lines: TRIED_LINES, at: 1000 }]);
  assert.deepEqual(linesOf(kept, RECORD), TRIED_LINES);
  assert.deepEqual(linesOf(kept, '1. c2-c4 *'), []);
  const two = keepLines(kept, '1. c2-c4 *', only([['c2-c4', 'h7-h5']]), only([['c2-c4']]), 2000);
  assert.deepEqual(two.map((entry) => entry.record), ['1. c2-c4 *', RECORD]);
  // Changed again: first again, replacing its old entry.
  const again = keepLines(two, RECORD, only([TRIED_LINES[0] ?? []]), OPENED, 3000);
  assert.deepEqual(again.map((entry) => [entry.record, entry.at]), [[RECORD, 3000], ['1. c2-c4 *', 2000]]);
});

test('notes are kept only when the player changed them: as opened, the record keeps its own', () => {
  const marked = [{ line: 0, ply: 0, glyph: '??', comment: 'Blunder' }];
  // Lines tried on a record with a review's marks, the marks untouched: the lines alone.
  assert.deepEqual(keepLines([], RECORD, { lines: TRIED_LINES, notes: marked }, { lines: OPENED_LINES, notes: marked }, 1000), [{ record: RECORD, lines: TRIED_LINES, at: 1000 }]);
  // A mark changed, or taken away: the notes as they are now.
  const changed = [{ line: 0, ply: 0, glyph: '?', comment: 'Blunder' }];
  assert.deepEqual(keepLines([], RECORD, { lines: OPENED_LINES, notes: changed }, { lines: OPENED_LINES, notes: marked }, 1000)[0]?.notes, changed);
  assert.deepEqual(keepLines([], RECORD, { lines: OPENED_LINES, notes: [] }, { lines: OPENED_LINES, notes: marked }, 1000)[0]?.notes, []);
});

test('a game is found by its start, rules and moves; an analysis kept under its record before is found, and moves to the key', () => {
  const start = 'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 1 1';
  const key = gameKey({ start, rules: 'default', plies: [{ text: 'b2-b5' }, { text: 'g7-g4' }] });
  assert.equal(key, `${start} | default | b2-b5 g7-g4`);
  assert.notEqual(gameKey({ start, rules: 'king_capture', plies: [{ text: 'b2-b5' }, { text: 'g7-g4' }] }), key);
  // Kept by an earlier version under the record: found by it, and written back under the key.
  const before = keepLines([], RECORD, TRIED, OPENED, 1000);
  assert.deepEqual(linesOf(before, key, RECORD), TRIED_LINES);
  assert.deepEqual(linesOf(before, key), []);
  const after = keepLines(before, key, TRIED, OPENED, 2000, RECORD);
  assert.deepEqual(after, [{ record: key, lines: TRIED_LINES, at: 2000 }]);
  assert.equal(notesOf(after, key, RECORD), null);
});

test('nothing tried, nothing kept; an analysis emptied again is forgotten', () => {
  assert.deepEqual(keepLines([], RECORD, OPENED, OPENED, 1000), []);
  const kept = keepLines([], RECORD, TRIED, OPENED, 1000);
  assert.deepEqual(keepLines(kept, RECORD, OPENED, OPENED, 2000), []);
});

test('at most MAX_KEPT analyses and MAX_PLIES plies each', () => {
  let kept = /** @type {ReturnType<typeof keepLines>} */ ([]);
  for (let i = 0; i < MAX_KEPT + 5; i++) kept = keepLines(kept, `record ${i}`, TRIED, OPENED, i);
  assert.equal(kept.length, MAX_KEPT);
  assert.equal(kept[0]?.record, `record ${MAX_KEPT + 4}`);
  const long = Array.from({ length: 30 }, () => Array.from({ length: 100 }, () => 'b2-b5'));
  const notes = [{ line: 0, ply: 3, glyph: '!', comment: 'x'.repeat(MAX_COMMENT + 10) }, { line: 25, ply: 0, glyph: '?', comment: '' }];
  const [entry] = keepLines([], RECORD, { lines: long, notes }, OPENED, 0);
  assert.equal(entry?.lines.length, MAX_PLIES / 100);
  // The notes on the lines kept, each comment cut to MAX_COMMENT characters.
  assert.deepEqual(entry?.notes, [{ line: 0, ply: 3, glyph: '!', comment: 'x'.repeat(MAX_COMMENT) }]);
});

test('stored text: written and read back; anything unreadable is none, a bad entry left out', () => {
  /** @type {Map<string, string>} */
  const map = new Map();
  const storage = { getItem: (/** @type {string} */ key) => map.get(key) ?? null, setItem: (/** @type {string} */ key, /** @type {string} */ value) => void map.set(key, value) };
  const kept = keepLines([], RECORD, TRIED, OPENED, 1000);
  assert.equal(saveKept(storage, kept), true);
  assert.deepEqual(loadKept(storage), kept);
  assert.ok(map.has(ANALYSIS_KEY));
  for (const bad of [null, '', 'not json', '[]', '{"version":2,"kept":[]}', '{"version":1}', '{"version":1,"kept":{}}']) {
    assert.deepEqual(readKept(bad), [], String(bad));
  }
  const mixed = JSON.stringify({
    version: 1,
    kept: [{ record: RECORD, lines: TRIED_LINES, at: 1 }, { record: 5, lines: [], at: 1 }, { record: 'x', lines: [[3]], at: 1 }, { record: 'y', lines: [], at: Infinity }, null],
  });
  assert.deepEqual(readKept(mixed), [{ record: RECORD, lines: TRIED_LINES, at: 1 }]);
  // Notes that are not notes: the entry keeps its lines, without them.
  for (const notes of ['x', [{ line: 0 }], [{ line: 0, ply: 0, glyph: '!!!', comment: '' }], [{ line: 0, ply: 0, glyph: null, comment: 'x'.repeat(MAX_COMMENT + 1) }]]) {
    const text = JSON.stringify({ version: 1, kept: [{ record: RECORD, lines: TRIED_LINES, notes, at: 1 }] });
    assert.deepEqual(readKept(text), [{ record: RECORD, lines: TRIED_LINES, at: 1 }], JSON.stringify(notes));
  }
  // Moves seen that are not texts: the notes stay, without them (as kept before they were).
  const unseen = JSON.stringify({ version: 1, kept: [{ record: RECORD, lines: TRIED_LINES, notes: [], seen: [3], at: 1 }] });
  assert.deepEqual(readKept(unseen), [{ record: RECORD, lines: TRIED_LINES, notes: [], at: 1 }]);
  // A browser that refuses: false, nothing thrown.
  const refusing = { setItem: () => { throw new Error('full'); } };
  assert.equal(saveKept(refusing, kept), false);
  assert.equal(saveKept(null, kept), false);
});

test('notes are kept with the lines: a note changed is something tried, and kept notes replace the record\'s', () => {
  // A note on a move, and the game's comment (before its first move: ply -1).
  const noted = { lines: OPENED_LINES, notes: [{ line: 0, ply: -1, glyph: null, comment: 'A game' }, { line: 0, ply: 1, glyph: '??', comment: 'the pinch' }] };
  // Only the notes changed: kept, with the lines it opened with.
  const kept = keepLines([], RECORD, noted, OPENED, 1000);
  // With the moves the record's own notes were on: none here.
  assert.deepEqual(kept, [{ record: RECORD, lines: OPENED_LINES, notes: noted.notes, seen: [], at: 1000 }]);
  assert.deepEqual(notesOf(kept, RECORD), { notes: noted.notes, seen: [] });
  // None kept for a record, or an entry from before notes: null, the record's own stay.
  assert.equal(notesOf(kept, '1. c2-c4 *'), null);
  assert.equal(notesOf([{ record: RECORD, lines: OPENED_LINES, at: 1 }], RECORD), null);
  // Back to what it opened with: forgotten.
  assert.deepEqual(keepLines(kept, RECORD, OPENED, OPENED, 2000), []);
});

test('an analysis opened again: the notes kept, and the record\'s own on moves that had none then (a review\'s marks), not one the player took away', () => {
  // The record had a comment on 1. b2-b5; the player took it away and marked g7-g4 "?".
  const own = { lines: OPENED_LINES, notes: [{ line: 0, ply: 0, glyph: null, comment: 'the usual' }] };
  const written = { lines: TRIED_LINES, notes: [{ line: 0, ply: 1, glyph: '?', comment: '' }] };
  const [entry] = keepLines([], RECORD, written, own, 1000);
  assert.deepEqual(entry?.seen, ['b2-b5']);
  assert.deepEqual(notePaths(written), ['b2-b5 g7-g4']);
  // Opened again with a review's marks written in: its mark on a2-a4 comes in, its mark on
  // g7-g4 gives way to the player's, the comment taken away stays away.
  const reviewed = {
    lines: [['b2-b5', 'g7-g4', 'a2-a4'], ['b2-b5', 'g7-g4', 'c2-c4']],
    notes: [
      { line: 0, ply: 0, glyph: null, comment: 'the usual' },
      { line: 0, ply: 1, glyph: '??', comment: 'Blunder' },
      { line: 0, ply: 2, glyph: '?!', comment: 'Inaccuracy' },
    ],
  };
  const lines = [['b2-b5', 'g7-g4', 'a2-a4'], ['b2-b5', 'g7-g4', 'c2-c4'], ['b2-b5', 'h7-h5']];
  assert.deepEqual(mergedNotes(lines, written, reviewed, entry?.seen ?? null), [
    { line: 0, ply: 1, glyph: '?', comment: '' },
    { line: 0, ply: 2, glyph: '?!', comment: 'Inaccuracy' },
  ]);
  // The player took the moves away (Delete from here on the game's g7-g4): the game's moves come
  // back when it opens again, and the review's marks on them with them.
  const cut = { lines: [['b2-b5']], notes: [] };
  const [cutEntry] = keepLines([], RECORD, cut, reviewed, 1000);
  assert.deepEqual(mergedNotes(reviewed.lines, cut, reviewed, cutEntry?.seen ?? null), [
    { line: 0, ply: 1, glyph: '??', comment: 'Blunder' },
    { line: 0, ply: 2, glyph: '?!', comment: 'Inaccuracy' },
  ]);
  // Kept before `seen` was written: the kept notes alone, as then.
  assert.deepEqual(mergedNotes(lines, written, reviewed, null), [{ line: 0, ply: 1, glyph: '?', comment: '' }]);
  // The game's comment counts as a move of its own ("").
  assert.deepEqual(notePaths({ lines: [], notes: [{ line: 0, ply: -1, glyph: null, comment: 'A game' }] }), ['']);
});
