import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyAction, stepTarget } from '../www/keys.js';

test('the shortcuts: arrows, Home and End step; Ctrl or Cmd with Z (and Shift, or Y) undo and redo; F flips; Z is zen mode; ? lists them', () => {
  assert.equal(keyAction({ key: 'ArrowLeft' }, false), 'prev');
  assert.equal(keyAction({ key: 'ArrowRight' }, false), 'next');
  assert.equal(keyAction({ key: 'Home' }, false), 'first');
  assert.equal(keyAction({ key: 'End' }, false), 'last');
  assert.equal(keyAction({ key: 'Escape' }, false), 'cancel');
  assert.equal(keyAction({ key: 'z', ctrlKey: true }, false), 'undo');
  assert.equal(keyAction({ key: 'z', metaKey: true }, false), 'undo');
  assert.equal(keyAction({ key: 'Z', ctrlKey: true, shiftKey: true }, false), 'redo');
  assert.equal(keyAction({ key: 'y', ctrlKey: true }, false), 'redo');
  assert.equal(keyAction({ key: 'f' }, false), 'flip');
  assert.equal(keyAction({ key: 'F', shiftKey: true }, false), null, 'Shift+F is not F');
  assert.equal(keyAction({ key: 'f', ctrlKey: true }, false), null, 'Ctrl+F is the browser\'s find');
  assert.equal(keyAction({ key: 'f' }, true), null, 'an f typed in a field');
  assert.equal(keyAction({ key: 'z' }, false), 'zen');
  assert.equal(keyAction({ key: 'Z', shiftKey: true }, false), null, 'Shift+Z is not Z');
  assert.equal(keyAction({ key: 'z' }, true), null, 'a z typed in a field');
  assert.equal(keyAction({ key: '?', shiftKey: true }, false), 'help', '? lists the shortcuts (a shifted key)');
  assert.equal(keyAction({ key: '?' }, false), 'help');
  assert.equal(keyAction({ key: '?', shiftKey: true }, true), null, 'a ? typed in a field');
  // Not shortcuts: other keys, modified arrows (the browser's and the system's), Alt.
  for (const event of [{ key: 'a' }, { key: 'x' }, { key: 'ArrowUp' }, { key: 'ArrowLeft', ctrlKey: true }, { key: 'ArrowLeft', shiftKey: true }, { key: 'z', ctrlKey: true, altKey: true }, { key: 'Y', ctrlKey: true, shiftKey: true }]) {
    assert.equal(keyAction(event, false), null, JSON.stringify(event));
  }
  // In a text field every key is the field's, Ctrl+Z too.
  assert.equal(keyAction({ key: 'z', ctrlKey: true }, true), null);
  assert.equal(keyAction({ key: 'ArrowLeft' }, true), null);
});

test('steps through a game of 4 plies: back from the game, forward to it, to the start and the end', () => {
  assert.equal(stepTarget('prev', null, 4), 2);
  assert.equal(stepTarget('prev', 0, 4), -1);
  assert.equal(stepTarget('prev', -1, 4), undefined);
  assert.equal(stepTarget('next', -1, 4), 0);
  assert.equal(stepTarget('next', 1, 4), 2);
  assert.equal(stepTarget('next', 2, 4), null, 'the last ply is the game itself');
  assert.equal(stepTarget('next', null, 4), undefined);
  assert.equal(stepTarget('first', null, 4), -1);
  assert.equal(stepTarget('first', -1, 4), undefined);
  assert.equal(stepTarget('last', 1, 4), null);
  assert.equal(stepTarget('last', null, 4), undefined);
  // No moves: nowhere to go.
  assert.equal(stepTarget('prev', null, 0), undefined);
  assert.equal(stepTarget('first', null, 0), undefined);
});
