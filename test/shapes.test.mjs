import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brushFor, MAX_SHAPES, parseShapes, shapesText, toggleShape } from '../www/shapes.js';

const keys = (/** @type {Partial<Record<'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey', boolean>>} */ held) => ({ shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...held });

test('the keys held choose the colour, as on lichess', () => {
  assert.equal(brushFor(keys({})), 'green');
  assert.equal(brushFor(keys({ shiftKey: true })), 'red');
  assert.equal(brushFor(keys({ ctrlKey: true })), 'red');
  assert.equal(brushFor(keys({ altKey: true })), 'blue');
  assert.equal(brushFor(keys({ metaKey: true })), 'blue');
  assert.equal(brushFor(keys({ shiftKey: true, altKey: true })), 'yellow');
});

test('drawing a shape adds it; again in its colour takes it away, in another recolours it', () => {
  const arrow = { from: 'b2', to: 'b5', brush: /** @type {const} */ ('green') };
  const circle = { from: 'e4', to: 'e4', brush: /** @type {const} */ ('red') };
  let shapes = toggleShape([], arrow);
  shapes = toggleShape(shapes, circle);
  assert.deepEqual(shapes, [arrow, circle]);
  // The other way round is another arrow.
  const back = { from: 'b5', to: 'b2', brush: /** @type {const} */ ('green') };
  assert.deepEqual(toggleShape(shapes, back), [arrow, circle, back]);
  assert.deepEqual(toggleShape(shapes, arrow), [circle]);
  const blue = { ...arrow, brush: /** @type {const} */ ('blue') };
  assert.deepEqual(toggleShape(shapes, blue), [circle, blue]);
  // The list given is left as it was.
  assert.deepEqual(shapes, [arrow, circle]);
});

test('shapes read from text: a colour letter, one square or two, spaces or commas between', () => {
  assert.deepEqual(parseShapes('Gb2b5 Re4,  Bd1-h5,Yg7c3 c1'), [
    { from: 'b2', to: 'b5', brush: 'green' },
    { from: 'e4', to: 'e4', brush: 'red' },
    { from: 'd1', to: 'h5', brush: 'blue' },
    { from: 'g7', to: 'c3', brush: 'yellow' },
    { from: 'c1', to: 'c1', brush: 'green' },
  ]);
  assert.deepEqual(parseShapes(''), []);
  assert.deepEqual(parseShapes('  '), []);
  // A later shape on the same squares replaces the earlier one.
  assert.deepEqual(parseShapes('Gb2b5 Rb2b5'), [{ from: 'b2', to: 'b5', brush: 'red' }]);
  // And back to text.
  const text = 'Gb2b5 Re4 Bd1h5 Yg7c3';
  assert.equal(shapesText(parseShapes(text)), text);
});

test('text that is not shapes is refused with the word that is not one', () => {
  for (const [text, word] of [
    ['Gb2b9', 'Gb2b9'],
    ['b2 Xe4', 'Xe4'],
    ['gb2b5', 'gb2b5'],
    ['E4', 'E4'],
    ['b2b5b7', 'b2b5b7'],
    ['<img src=x onerror=alert(1)>', '<img'],
  ]) {
    assert.throws(() => parseShapes(text), (error) => error instanceof Error && error.message.startsWith(JSON.stringify(word)) && /not a shape/.test(error.message), text);
  }
  // A long word is quoted shortened.
  assert.throws(() => parseShapes('x'.repeat(500)), { message: /^"x{12}" is not a shape/ });
  const many = Array.from({ length: MAX_SHAPES + 1 }, () => 'e4').join(' ');
  assert.throws(() => parseShapes(many), { message: `at most ${MAX_SHAPES} shapes, not ${MAX_SHAPES + 1}` });
});
