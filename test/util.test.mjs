// The shared helpers of www/util.js that need no DOM: the page's storage where the browser may
// refuse it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ARROW_STEPS, askToKeepStorage, isObject, pageStorage, readVersioned, squareAtPoint, stepOnScreen, tabStorage, VISUALLY_HIDDEN } from '../www/util.js';

for (const [name, storage, property] of /** @type {const} */ ([
  ['pageStorage', pageStorage, 'localStorage'],
  ['tabStorage', tabStorage, 'sessionStorage'],
])) {
  test(`${name}: the window's ${property}, or null where reading it throws or there is no window`, () => {
    const g = /** @type {any} */ (globalThis);
    const before = g.window;
    try {
      delete g.window;
      assert.equal(storage(), null, 'no window');
      const local = { getItem: () => 'local' };
      const session = { getItem: () => 'session' };
      g.window = { localStorage: local, sessionStorage: session };
      assert.equal(storage(), property === 'localStorage' ? local : session, 'its own storage');
      g.window = {
        get [property]() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      };
      assert.equal(storage(), null, 'refused');
    } finally {
      g.window = before;
    }
  });
}

test('the square under a point: from the top left of the board\'s square part, per orientation, null off the board', () => {
  const box = { left: 100, top: 50, width: 400, height: 420 };
  assert.equal(squareAtPoint(box, 101, 51, 'white'), 56, 'a8 at the top left');
  assert.equal(squareAtPoint(box, 499, 449, 'white'), 7, 'h1 at the bottom right');
  assert.equal(squareAtPoint(box, 101, 51, 'black'), 7, 'h1 at the top left, seen from Black');
  assert.equal(squareAtPoint(box, 99, 60, 'white'), null);
  assert.equal(squareAtPoint(box, 300, 460, 'white'), null, 'below the square part of a taller box');
});

test('a step of the focus square goes as the board is seen and stops at its edges', () => {
  assert.equal(stepOnScreen(27, ARROW_STEPS.ArrowUp, 'white'), 35, 'd4 to d5');
  assert.equal(stepOnScreen(27, ARROW_STEPS.ArrowUp, 'black'), 19, 'd4 to d3 seen from Black');
  assert.equal(stepOnScreen(27, ARROW_STEPS.ArrowRight, 'white'), 28);
  assert.equal(stepOnScreen(0, ARROW_STEPS.ArrowLeft, 'white'), 0, 'a1 stays at the left edge');
  assert.equal(stepOnScreen(63, ARROW_STEPS.ArrowUp, 'white'), 63, 'h8 stays at the top edge');
});

test('stored text read back as its versioned object, or null for anything else', () => {
  assert.deepEqual(readVersioned('{"version":1,"best":{"white":3}}', 1), { version: 1, best: { white: 3 } });
  for (const text of [null, '', 'not json', '[]', '7', 'null', '{"version":2}', '{}', '[{"version":1}]']) {
    assert.equal(readVersioned(text, 1), null, String(text));
  }
  assert.equal(isObject({}), true);
  assert.equal(isObject([]), false);
  assert.equal(isObject(null), false);
});

test('the styles a board sets inline on its screen-reader words are those of hidden.css', () => {
  const sheet = readFileSync(new URL('../www/hidden.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const rule = /\.visually-hidden\s*\{([^}]*)\}/.exec(sheet)?.[1];
  assert.ok(rule, 'hidden.css has its .visually-hidden rule');
  const declared = Object.fromEntries(
    rule
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => declaration.split(/:\s*/, 2)),
  );
  assert.deepEqual(declared, { ...VISUALLY_HIDDEN });
});

test('the browser is asked to keep the page\'s storage once a visit: whether it does already, then to', async () => {
  const asked = /** @type {string[]} */ ([]);
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { storage: { persisted: async () => (asked.push('persisted'), false), persist: async () => (asked.push('persist'), true) } },
  });
  try {
    askToKeepStorage();
    askToKeepStorage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(asked, ['persisted', 'persist']);
  } finally {
    Reflect.deleteProperty(globalThis, 'navigator');
  }
});
