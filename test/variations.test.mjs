import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ROOT,
  addMove,
  attachNotes,
  GAME_COMMENT,
  isRecordNote,
  branchNodes,
  clearNotes,
  branchLines,
  choicesTo,
  continuation,
  createTree,
  followLine,
  growLines,
  keyStep,
  lineNodes,
  lineThrough,
  listItems,
  makeMainLine,
  nodeAlong,
  nodeByChoices,
  nodeOf,
  notesOnLines,
  numberLabel,
  onMainLine,
  pathTo,
  removeNode,
  setNote,
  stepFrom,
  steps,
} from '../www/variations.js';
import { ply } from './fixtures.mjs';

/**
 * A ply as the snapshot gives it, with its side and its number as the record writes it.
 *
 * @param {string} text @param {'white' | 'black'} side @param {number} number
 */
const p = (text, side, number) => ply(text, { side, number });

/** The tree of 1. b2-b5 g7-g4 2. a2-a4 (2. c2-c4 f7-f5) (1… h7-h5) */
function sample() {
  const tree = createTree('start');
  const end = followLine(tree, [p('b2-b5', 'white', 1), p('g7-g4', 'black', 1), p('a2-a4', 'white', 2)]);
  const b5 = nodeOf(tree, ROOT).children[0] ?? -1;
  const g4 = nodeOf(tree, b5).children[0] ?? -1;
  const c4 = addMove(tree, g4, p('c2-c4', 'white', 2));
  const f5 = addMove(tree, c4, p('f7-f5', 'black', 2));
  const h5 = addMove(tree, b5, p('h7-h5', 'black', 1));
  return { tree, b5, g4, a4: end, c4, f5, h5 };
}

test('a line of move texts leads to its node, main line or side line, as far as the tree has it', () => {
  const { tree, b5, a4, f5, h5 } = sample();
  assert.equal(nodeAlong(tree, ['b2-b5', 'g7-g4', 'a2-a4']), a4);
  assert.equal(nodeAlong(tree, ['b2-b5', 'g7-g4', 'c2-c4', 'f7-f5']), f5);
  assert.equal(nodeAlong(tree, ['b2-b5', 'h7-h5']), h5);
  assert.equal(nodeAlong(tree, ['b2-b5', 'a7-a6', 'a2-a4']), b5, 'stops where the tree has no such move');
  assert.equal(nodeAlong(tree, []), ROOT);
  assert.equal(tree.nodes.size, 7, 'the tree is not grown');
});

test('a node as the moves chosen at each step from the start, and back (an analysis link\'s position shown)', () => {
  const { tree, b5, a4, f5, h5 } = sample();
  for (const node of [ROOT, b5, a4, f5, h5]) assert.equal(nodeByChoices(tree, choicesTo(tree, node)), node);
  assert.deepEqual(choicesTo(tree, ROOT), []);
  assert.deepEqual(choicesTo(tree, a4).slice(0, 2), [0, 0]);
  assert.ok(choicesTo(tree, h5).some((choice) => choice > 0), 'a side line chooses another move somewhere');
  assert.equal(nodeByChoices(tree, [0, 9]), b5, 'stops where the tree has no such move');
  assert.equal(tree.nodes.size, 7, 'the tree is not grown');
});

test('a line played again reuses its nodes; a new move becomes a side line after the main one', () => {
  const { tree, b5, g4, a4, c4 } = sample();
  assert.equal(followLine(tree, [p('b2-b5', 'white', 1), p('g7-g4', 'black', 1), p('a2-a4', 'white', 2)]), a4);
  assert.deepEqual(nodeOf(tree, g4).children, [a4, c4]);
  assert.deepEqual(pathTo(tree, a4), [b5, g4, a4]);
  assert.deepEqual(pathTo(tree, ROOT), []);
  assert.equal(tree.nodes.size, 7);
});

test('a line through a node runs from the start to the end of its main continuation', () => {
  const { tree, g4, a4, c4, f5 } = sample();
  assert.deepEqual(continuation(tree, g4), [a4]);
  assert.deepEqual(continuation(tree, c4), [f5]);
  assert.deepEqual(
    lineThrough(tree, c4).map((x) => x.text),
    ['b2-b5', 'g7-g4', 'c2-c4', 'f7-f5'],
  );
  assert.deepEqual(lineThrough(tree, ROOT).map((x) => x.text), ['b2-b5', 'g7-g4', 'a2-a4']);
});

test('going from one node to another takes back to their common node, then plays down', () => {
  const { tree, a4, f5, h5, b5 } = sample();
  assert.deepEqual(steps(tree, a4, f5), { back: 1, play: ['c2-c4', 'f7-f5'] });
  assert.deepEqual(steps(tree, f5, h5), { back: 3, play: ['h7-h5'] });
  assert.deepEqual(steps(tree, ROOT, a4), { back: 0, play: ['b2-b5', 'g7-g4', 'a2-a4'] });
  assert.deepEqual(steps(tree, a4, b5), { back: 2, play: [] });
  assert.deepEqual(steps(tree, a4, a4), { back: 0, play: [] });
});

test('navigation steps: back, forward, start, end of line, and between alternatives', () => {
  const { tree, b5, g4, a4, c4, f5, h5 } = sample();
  assert.equal(stepFrom(tree, g4, 'prev'), b5);
  assert.equal(stepFrom(tree, ROOT, 'prev'), undefined);
  assert.equal(stepFrom(tree, g4, 'next'), a4);
  assert.equal(stepFrom(tree, a4, 'next'), undefined);
  assert.equal(stepFrom(tree, c4, 'first'), ROOT);
  assert.equal(stepFrom(tree, ROOT, 'first'), undefined);
  assert.equal(stepFrom(tree, c4, 'last'), f5);
  assert.equal(stepFrom(tree, f5, 'last'), undefined);
  assert.equal(stepFrom(tree, a4, 'down'), c4);
  assert.equal(stepFrom(tree, c4, 'up'), a4);
  assert.equal(stepFrom(tree, c4, 'down'), undefined);
  assert.equal(stepFrom(tree, g4, 'down'), h5);
  assert.equal(stepFrom(tree, ROOT, 'up'), undefined);
});

test('the main line, and a side line made the main line', () => {
  const { tree, a4, c4, f5, g4 } = sample();
  assert.ok(onMainLine(tree, a4));
  assert.ok(!onMainLine(tree, f5));
  makeMainLine(tree, f5);
  assert.ok(onMainLine(tree, f5));
  assert.ok(!onMainLine(tree, a4));
  assert.deepEqual(nodeOf(tree, g4).children, [c4, a4]);
});

test('deleting a node deletes what follows it and leaves its parent', () => {
  const { tree, g4, c4, f5, a4 } = sample();
  assert.equal(removeNode(tree, c4), g4);
  assert.deepEqual(nodeOf(tree, g4).children, [a4]);
  assert.ok(!tree.nodes.has(f5));
  assert.throws(() => removeNode(tree, ROOT), /start position/);
  assert.throws(() => nodeOf(tree, c4), /no node/);
});

test('the move list: side lines after the move they replace, numbers where a line starts or resumes', () => {
  const { tree, b5, g4, a4, c4, f5, h5 } = sample();
  assert.deepEqual(listItems(tree), [
    { kind: 'move', id: b5, label: '1.' },
    { kind: 'move', id: g4, label: '' },
    { kind: 'variation', items: [{ kind: 'move', id: h5, label: '1…' }] },
    { kind: 'move', id: a4, label: '2.' },
    {
      kind: 'variation',
      items: [
        { kind: 'move', id: c4, label: '2.' },
        { kind: 'move', id: f5, label: '' },
      ],
    },
  ]);
  assert.deepEqual(listItems(createTree('x')), []);
  // A game from a position: Black first, at the position's own move number.
  const black = createTree('x');
  const first = addMove(black, ROOT, p('e6-e2', 'black', 30));
  const second = addMove(black, first, p('d1-d2', 'white', 31));
  assert.deepEqual(listItems(black), [
    { kind: 'move', id: first, label: '30…' },
    { kind: 'move', id: second, label: '31.' },
  ]);
});

test('a move\'s number label: before White\'s moves, and before Black\'s where a line starts', () => {
  assert.equal(numberLabel({ number: 12, side: 'white' }, false), '12.');
  assert.equal(numberLabel({ number: 12, side: 'white' }, true), '12.');
  assert.equal(numberLabel({ number: 30, side: 'black' }, true), '30…');
  assert.equal(numberLabel({ number: 30, side: 'black' }, false), '');
});

test('keys: arrows, Home and End; nothing with a modifier or while typing', () => {
  assert.equal(keyStep({ key: 'ArrowLeft' }, false), 'prev');
  assert.equal(keyStep({ key: 'ArrowRight' }, false), 'next');
  assert.equal(keyStep({ key: 'ArrowUp' }, false), 'up');
  assert.equal(keyStep({ key: 'ArrowDown' }, false), 'down');
  assert.equal(keyStep({ key: 'Home' }, false), 'first');
  assert.equal(keyStep({ key: 'End' }, false), 'last');
  assert.equal(keyStep({ key: 'ArrowLeft' }, true), null);
  assert.equal(keyStep({ key: 'ArrowLeft', ctrlKey: true }, false), null);
  assert.equal(keyStep({ key: 'ArrowLeft', shiftKey: true }, false), null);
  assert.equal(keyStep({ key: 'a' }, false), null);
});

test('the lines of a tree, main line first, grow the same tree again, in the same order', () => {
  const { tree, c4 } = sample();
  const lines = branchLines(tree);
  assert.deepEqual(lines, [
    ['b2-b5', 'g7-g4', 'a2-a4'],
    ['b2-b5', 'g7-g4', 'c2-c4', 'f7-f5'],
    ['b2-b5', 'h7-h5'],
  ]);
  assert.deepEqual(branchLines(createTree('start')), []);
  // Grown again on a tree that has only the main line (the game's record): the same tree.
  const plies = new Map([...tree.nodes.values()].filter((n) => n.ply).map((n) => [n.ply?.text, n.ply]));
  /** @param {string[]} line */
  const asPlies = (line) => line.map((text) => /** @type {import('../ultima-wasm.js').PlyInfo} */ (plies.get(text)));
  const again = createTree('start');
  followLine(again, asPlies(lines[0] ?? []));
  growLines(again, lines.map(asPlies));
  assert.deepEqual(branchLines(again), lines);
  // A side line made the main line comes back first, although the tree had the other first.
  makeMainLine(tree, c4);
  const promoted = branchLines(tree);
  assert.deepEqual(promoted[0], ['b2-b5', 'g7-g4', 'c2-c4', 'f7-f5']);
  const third = createTree('start');
  followLine(third, asPlies(['b2-b5', 'g7-g4', 'a2-a4']));
  growLines(third, promoted.map(asPlies));
  assert.deepEqual(branchLines(third), promoted);
});

test('a record\'s notes go on the moves they follow, and come out once each, on the first line that reaches them', () => {
  const { tree, b5, g4, a4, c4, f5, h5 } = sample();
  const main = ['b2-b5', 'g7-g4', 'a2-a4'];
  const side = ['b2-b5', 'g7-g4', 'c2-c4', 'f7-f5'];
  attachNotes(tree, [main, side, [], ['b2-b5', 'a7-a5']], [
    { line: 0, ply: 1, glyph: '?!', comment: 'slow' },
    { line: 1, ply: 3, glyph: null, comment: 'the pinch' },
    // The same move through the side line: added to its note, its first glyph kept.
    { line: 1, ply: 1, glyph: '??', comment: 'really' },
    // Past its line's end, a line not given, and a move the tree does not hold: left out.
    { line: 0, ply: 3, glyph: '!', comment: 'never' },
    { line: 2, ply: 0, glyph: '!', comment: 'never' },
    { line: 3, ply: 1, glyph: '!', comment: 'never' },
  ]);
  assert.deepEqual(nodeOf(tree, g4).note, { glyph: '?!', comment: 'slow really' });
  assert.deepEqual(nodeOf(tree, f5).note, { glyph: null, comment: 'the pinch' });
  assert.equal(nodeOf(tree, a4).note, undefined);
  assert.deepEqual(branchNodes(tree), [
    [b5, g4, a4],
    [b5, g4, c4, f5],
    [b5, h5],
  ]);
  assert.deepEqual(lineNodes(tree, c4), [b5, g4, c4, f5]);
  assert.deepEqual(notesOnLines(tree, branchNodes(tree)), [
    { line: 0, ply: 1, glyph: '?!', comment: 'slow really' },
    { line: 1, ply: 3, glyph: null, comment: 'the pinch' },
  ]);
  assert.deepEqual(notesOnLines(tree, [lineNodes(tree, f5)]), [
    { line: 0, ply: 1, glyph: '?!', comment: 'slow really' },
    { line: 0, ply: 3, glyph: null, comment: 'the pinch' },
  ]);
  // After a comment, Black's move is numbered again, as a record writes it.
  const labels = () => listItems(tree).flatMap((item) => (item.kind === 'move' ? [item.label] : []));
  assert.deepEqual(labels(), ['1.', '', '2.']);
  attachNotes(tree, [main], [{ line: 0, ply: 0, glyph: null, comment: 'the usual' }]);
  assert.deepEqual(labels(), ['1.', '1…', '2.']);
  // A note set, a note that says nothing taken away, and all of them cleared.
  setNote(tree, a4, { glyph: '!', comment: '' });
  assert.deepEqual(nodeOf(tree, a4).note, { glyph: '!', comment: '' });
  setNote(tree, a4, { glyph: null, comment: '  ' });
  assert.equal(nodeOf(tree, a4).note, undefined);
  // The game's comment goes on the root (whatever lines are given), and comes out first, on
  // line 0 before its first move, for any lines.
  attachNotes(tree, [], [
    { line: 0, ply: GAME_COMMENT, glyph: null, comment: 'A game' },
    { line: 0, ply: GAME_COMMENT, glyph: null, comment: 'of two halves' },
  ]);
  assert.deepEqual(nodeOf(tree, ROOT).note, { glyph: null, comment: 'A game of two halves' });
  const gameComment = { line: 0, ply: GAME_COMMENT, glyph: null, comment: 'A game of two halves' };
  assert.deepEqual(notesOnLines(tree, branchNodes(tree))[0], gameComment);
  assert.deepEqual(notesOnLines(tree, [lineNodes(tree, h5)])[0], gameComment);
  // It numbers no move: the first is numbered anyway.
  assert.deepEqual(labels(), ['1.', '1…', '2.']);
  clearNotes(tree);
  assert.deepEqual(notesOnLines(tree, branchNodes(tree)), []);
});

test('a note is a record\'s note only with a line, a ply, a known glyph or none, and a comment', () => {
  assert.equal(isRecordNote({ line: 0, ply: 3, glyph: '??', comment: '' }), true);
  assert.equal(isRecordNote({ line: 2, ply: 0, glyph: null, comment: 'words' }), true);
  // The game's comment: line 0, before the first move, no glyph.
  assert.equal(isRecordNote({ line: 0, ply: GAME_COMMENT, glyph: null, comment: 'A game' }), true);
  for (const bad of [{ line: 1, ply: GAME_COMMENT, glyph: null, comment: '' }, { line: 0, ply: GAME_COMMENT, glyph: '!', comment: '' }, { line: 0, ply: -2, glyph: null, comment: '' }, { line: 0, ply: GAME_COMMENT, glyph: null }, null, 'x', [], { line: -1, ply: 0, glyph: null, comment: '' }, { line: 0, ply: 1.5, glyph: null, comment: '' }, { line: 0, ply: 0, glyph: '!!!', comment: '' }, { line: 0, ply: 0, glyph: null }, { line: '0', ply: 0, glyph: null, comment: '' }]) {
    assert.equal(isRecordNote(bad), false, JSON.stringify(bad));
  }
});

