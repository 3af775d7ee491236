// The shared helpers of www/util.js that need no DOM: the page's storage where the browser may
// refuse it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageStorage } from '../www/util.js';

test('pageStorage: the window\'s localStorage, or null where reading it throws or there is no window', () => {
  const g = /** @type {any} */ (globalThis);
  const before = g.window;
  try {
    delete g.window;
    assert.equal(pageStorage(), null, 'no window');
    const storage = { getItem: () => null };
    g.window = { localStorage: storage };
    assert.equal(pageStorage(), storage);
    g.window = {
      get localStorage() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    assert.equal(pageStorage(), null, 'refused');
  } finally {
    g.window = before;
  }
});
