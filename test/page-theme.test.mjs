import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAGE_THEMES, pageTheme, setPageTheme, themeNamed } from '../www/page-theme.js';

/** An `<html>` element as far as the module reads and writes it. */
const fakeRoot = () => /** @type {HTMLElement} */ (/** @type {unknown} */ ({ dataset: /** @type {DOMStringMap} */ ({}) }));

/** @returns {Storage & { items: Map<string, string> }} */
function fakeStorage({ refuse = false } = {}) {
  const items = new Map();
  return /** @type {any} */ ({
    items,
    setItem(/** @type {string} */ key, /** @type {string} */ value) {
      if (refuse) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  });
}

test('the choice in force is the element\'s, dark unless it says light or system', () => {
  assert.deepEqual(PAGE_THEMES, ['dark', 'light', 'system']);
  const root = fakeRoot();
  assert.equal(pageTheme(root), 'dark');
  for (const [attribute, theme] of [['light', 'light'], ['system', 'system'], ['dark', 'dark'], ['purple', 'dark'], ['', 'dark']]) {
    root.dataset.pageTheme = attribute;
    assert.equal(pageTheme(root), theme, `data-page-theme="${attribute}"`);
  }
});

test('a choice is put on the element and kept; dark takes the attribute away', () => {
  const root = fakeRoot();
  const storage = fakeStorage();
  setPageTheme(root, storage, 'light');
  assert.equal(root.dataset.pageTheme, 'light');
  assert.equal(storage.items.get('ultima.pageTheme'), 'light');
  setPageTheme(root, storage, 'system');
  assert.equal(root.dataset.pageTheme, 'system');
  setPageTheme(root, storage, 'dark');
  assert.equal('pageTheme' in root.dataset, false);
  assert.equal(storage.items.get('ultima.pageTheme'), 'dark');
});

test('refused or missing storage: the choice holds for the visit, nothing throws', () => {
  const root = fakeRoot();
  setPageTheme(root, fakeStorage({ refuse: true }), 'light');
  assert.equal(pageTheme(root), 'light');
  setPageTheme(root, null, 'system');
  assert.equal(pageTheme(root), 'system');
});

test('a stored text names a choice, or means dark', () => {
  assert.deepEqual(['light', 'system', 'dark', null, '', 'Light', 'purple'].map(themeNamed), ['light', 'system', 'dark', 'dark', 'dark', 'dark', 'dark']);
});
