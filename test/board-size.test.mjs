import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clampZoom, MIN_ZOOM, zoomAfterKey, zoomAtPointer } from '../www/board-size.js';

test('a board size is a fraction from a half to the whole room, in hundredths', () => {
  assert.equal(clampZoom(0.734), 0.73);
  assert.equal(clampZoom(0.2), MIN_ZOOM);
  assert.equal(clampZoom(3), 1);
  assert.equal(clampZoom(NaN), 1);
  assert.equal(clampZoom(Infinity), 1);
});

test('the keys step the size by 5%, Home and End go to the ends, other keys are left alone', () => {
  assert.equal(zoomAfterKey(0.8, 'ArrowLeft'), 0.75);
  assert.equal(zoomAfterKey(0.8, 'ArrowDown'), 0.75);
  assert.equal(zoomAfterKey(0.8, 'ArrowRight'), 0.85);
  assert.equal(zoomAfterKey(0.8, 'ArrowUp'), 0.85);
  assert.equal(zoomAfterKey(0.98, 'ArrowUp'), 1);
  assert.equal(zoomAfterKey(0.52, 'ArrowLeft'), MIN_ZOOM);
  // PageUp and PageDown: two steps.
  assert.equal(zoomAfterKey(0.8, 'PageDown'), 0.7);
  assert.equal(zoomAfterKey(0.8, 'PageUp'), 0.9);
  assert.equal(zoomAfterKey(0.95, 'PageUp'), 1);
  assert.equal(zoomAfterKey(0.8, 'Home'), MIN_ZOOM);
  assert.equal(zoomAfterKey(0.8, 'End'), 1);
  assert.equal(zoomAfterKey(0.8, 'Enter'), null);
  assert.equal(zoomAfterKey(0.8, 'a'), null);
});

test('a drag puts the board\'s corner at the pointer, as far as the room allows', () => {
  // A board of 600 px at 0.75: the room is 800 px.
  const box = { left: 100, top: 50, width: 600 };
  assert.equal(zoomAtPointer(box, 0.75, 100 + 400, 50 + 400), 0.5);
  assert.equal(zoomAtPointer(box, 0.75, 100 + 720, 50 + 300), 0.9);
  assert.equal(zoomAtPointer(box, 0.75, 100 + 300, 50 + 720), 0.9);
  assert.equal(zoomAtPointer(box, 0.75, 2000, 2000), 1);
  assert.equal(zoomAtPointer(box, 0.75, 0, 0), MIN_ZOOM);
});
