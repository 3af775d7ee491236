import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOption, checkOptions, kebab, meantName, OPTION_NAMES, OptionError, repeatedParameters, unknownParameters } from '../www/options.js';

test('an unknown option is refused with the option it may mean; a number is said as a number', () => {
  assert.throws(() => checkOptions({ pieceset: 'abstract' }), { name: 'OptionError', message: 'unknown option "pieceset" (did you mean "pieceSet"?)' });
  assert.throws(() => checkOptions({ 'piece-set': 'abstract' }), { name: 'OptionError', message: 'unknown option "piece-set" (did you mean "pieceSet"?)' });
  assert.throws(() => checkOptions({ onload: 'x' }), { name: 'OptionError', message: 'unknown option "onload"' });
  assert.throws(() => checkOption('size', 50), { name: 'OptionError', message: /not 50$/ });
  assert.throws(() => checkOption('size', '50'), { name: 'OptionError', message: /not "50"$/ });
});

test('the shapes option: text or objects, read the one way, and refused with the reason', () => {
  const expected = [
    { from: 'a1', to: 'a6', brush: 'blue' },
    { from: 'a2', to: 'a2', brush: 'red' },
    { from: 'e4', to: 'e4', brush: 'green' },
  ];
  assert.deepEqual(checkOption('shapes', 'Ba1a6 Ra2 e4'), expected);
  assert.deepEqual(checkOption('shapes', [{ from: 'a1', to: 'a6', brush: 'blue' }, { from: 'a2', brush: 'red' }, { from: 'e4' }]), expected);
  assert.deepEqual(checkOption('shapes', []), []);
  for (const bad of [[{ from: 'z9' }], [{ from: 'a1', to: 'a9' }], [{ from: 'a1', brush: 'pink' }], ['a1'], [null], [{ to: 'a1' }]]) {
    assert.throws(() => checkOption('shapes', bad), (error) => error instanceof OptionError && /^shapes must be \{ from, to\?, brush\? \}/.test(error.message), JSON.stringify(bad));
  }
  assert.throws(() => checkOption('shapes', 'Ga1 Qb2'), { name: 'OptionError', message: /^shapes: "Qb2" is not a shape/ });
  assert.throws(() => checkOption('shapes', 42), { name: 'OptionError', message: 'shapes must be text or a list, not 42' });
  assert.throws(() => checkOption('shapes', Array(101).fill({ from: 'a1' })), { name: 'OptionError', message: 'shapes: at most 100, not 101' });
  assert.throws(() => checkOption('shapes', 'e4 '.repeat(400)), { name: 'OptionError', message: /^shapes is too long/ });
});

test('the highlights option: "all" includes the threats, a list may name them, nonsense is refused', () => {
  assert.deepEqual(checkOption('highlights', 'all'), ['moves', 'preview', 'last', 'check', 'frozen', 'threats']);
  assert.deepEqual(checkOption('highlights', 'last threats'), ['last', 'threats']);
  assert.deepEqual(checkOption('highlights', ['threats']), ['threats']);
  assert.deepEqual(checkOption('highlights', 'none'), []);
  assert.throws(() => checkOption('highlights', 'threat'), (error) => error instanceof OptionError && /threats/.test(error.message));
});

test('embed.html names a query parameter that is no option, with the option it may mean', () => {
  assert.deepEqual(unknownParameters(['mode', 'piece-set', 'origin', 'color-scheme']), []);
  assert.deepEqual(unknownParameters(['pieceSet', 'foo', 'PIECE_SET', 'foo']), [
    'unknown parameter "pieceSet" (did you mean "piece-set"?): it is left out',
    'unknown parameter "foo": it is left out',
    'unknown parameter "PIECE_SET" (did you mean "piece-set"?): it is left out',
  ]);
  // Quoted as every value in a message is: clipped, control characters shown.
  assert.deepEqual(unknownParameters(['a\nb']), ['unknown parameter "a\\nb": it is left out']);
});

test('embed.html names a query parameter given twice with different values, and which it uses', () => {
  const given = new URLSearchParams('theme=blue&mode=view&theme=green&size=300&size=300&theme=brown');
  assert.deepEqual(repeatedParameters(given), ['parameter "theme" is given 3 times ("blue", "green", "brown"): the first is used']);
  assert.deepEqual(repeatedParameters(new URLSearchParams('theme=blue&size=300')), []);
});

test('the movable option: both sides, or one; nothing else', () => {
  for (const side of ['both', 'white', 'black']) assert.equal(checkOption('movable', side), side);
  assert.deepEqual(checkOptions({ mode: 'play', movable: 'black' }), { mode: 'play', movable: 'black' });
  assert.throws(() => checkOption('movable', 'none'), { name: 'OptionError', message: 'movable must be "both" or "white" or "black", not "none"' });
  assert.throws(() => checkOption('movable', true), { name: 'OptionError', message: 'movable must be "both" or "white" or "black", not true' });
});

test('a misspelt name is matched to the option it may mean: case, dashes, or one slip; short and far names are not guessed', () => {
  const attributes = OPTION_NAMES.map(kebab);
  assert.equal(meantName('piecesett', attributes), 'piece-set');
  assert.equal(meantName('PIECE_SET', attributes), 'piece-set');
  assert.equal(meantName('lvel', attributes), 'level');
  assert.equal(meantName('levle', attributes), 'level');
  assert.equal(meantName('shape', attributes), 'shapes');
  assert.equal(meantName('orientaton', OPTION_NAMES), 'orientation');
  for (const other of ['id', 'class', 'style', 'title', 'role', 'slot', 'lang', 'hidden', 'tabindex', 'aria-label', 'data-side', 'sid']) {
    assert.equal(meantName(other, attributes), undefined, other);
  }
  assert.throws(() => checkOptions({ thme: 'blue' }), { name: 'OptionError', message: 'unknown option "thme" (did you mean "theme"?)' });
  assert.deepEqual(unknownParameters(['levle']), ['unknown parameter "levle" (did you mean "level"?): it is left out']);
});

test('the label option: text, at most 200 characters', () => {
  assert.equal(checkOption('label', 'Diagram 2'), 'Diagram 2');
  assert.throws(() => checkOption('label', 7), { name: 'OptionError', message: 'label must be text, not 7' });
  assert.throws(() => checkOption('label', 'x'.repeat(201)), { name: 'OptionError', message: /^label is too long \(201 characters; at most 200\)/ });
});

test('the engine option: true or false, as a boolean or as an attribute\'s text; nothing else', () => {
  assert.equal(checkOption('engine', false), false);
  assert.equal(checkOption('engine', 'false'), false);
  assert.equal(checkOption('engine', ''), true);
  assert.deepEqual(checkOptions({ mode: 'analysis', engine: 'true' }), { mode: 'analysis', engine: true });
  assert.throws(() => checkOption('engine', 'off'), { name: 'OptionError', message: 'engine must be "true" or "false", not "off"' });
});
