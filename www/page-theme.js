// The page's colours, a setting as on lichess: dark (the page's own, and the default), light, or
// the device's (its `prefers-color-scheme`, followed as it changes). The choice is the `<html>`
// element's `data-page-theme` ("light", "system", none for dark); style.css gives every colour
// for both schemes. It is kept under its own localStorage key, `ultima.pageTheme`, rather than
// with the other settings, because www/early.js applies it before the first paint; this module
// reads the choice back from the element.

import { writeStored } from './util.js';

/** @typedef {'dark' | 'light' | 'system'} PageTheme */

/** The choices, the default first. */
export const PAGE_THEMES = /** @type {readonly PageTheme[]} */ (['dark', 'light', 'system']);

/** The storage key, read by www/early.js. */
const THEME_KEY = 'ultima.pageTheme';

/**
 * The choice in force: the one www/early.js applied, or the dark default.
 *
 * @param {HTMLElement} root  the `<html>` element
 * @returns {PageTheme}
 */
export function pageTheme(root) {
  return PAGE_THEMES.find((theme) => theme === root.dataset.pageTheme) ?? 'dark';
}

/**
 * Puts a choice in force and keeps it (for this visit only when storage is refused or full).
 *
 * @param {HTMLElement} root  the `<html>` element
 * @param {Storage | null} storage
 * @param {PageTheme} theme
 */
export function setPageTheme(root, storage, theme) {
  if (theme === 'dark') delete root.dataset.pageTheme;
  else root.dataset.pageTheme = theme;
  // Storage full or refused: the colours hold for this visit.
  writeStored(storage, THEME_KEY, theme);
}

/**
 * The choice a text names, or dark for anything else (a stored value another tab wrote).
 *
 * @param {string | null} text
 * @returns {PageTheme}
 */
export const themeNamed = (text) => PAGE_THEMES.find((choice) => choice === text) ?? 'dark';

/**
 * Wires the setting's list: it shows the choice in force and puts a new one in force; a choice
 * made in another tab of the page is followed here too.
 *
 * @param {HTMLSelectElement} select  options "dark", "light" and "system"
 * @param {Storage | null} storage
 */
export function wirePageTheme(select, storage) {
  const root = document.documentElement;
  select.value = pageTheme(root);
  select.addEventListener('change', () => setPageTheme(root, storage, themeNamed(select.value)));
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY) return;
    const theme = themeNamed(event.newValue);
    // Put in force here only: the other tab has stored it.
    setPageTheme(root, null, theme);
    select.value = theme;
  });
}
