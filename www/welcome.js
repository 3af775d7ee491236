// The welcome of a first visit: a modal dialog over the board with four ways in — play the
// computer (a level, described in plain words, a colour and a clock), play a friend on this device,
// learn the rules, or solve puzzles. Escape (or its × button) closes it to the two-player board behind. It is a native modal <dialog>
// (showModal): the page behind is inert, Tab and Shift+Tab go round the dialog's controls (from
// the last to the first and back, as the WAI-ARIA dialog pattern asks), and each step moves focus
// to its first control. It can open before the wasm is ready: the choice is handed back when the
// dialog closes, and the page starts that game once the board is up.

import { LEVELS, LEVELS_NOTE, isLevel, levelTitle } from './levels.js';
import { PRESETS, presetWords } from './clock.js';
import { isSideChoice } from './storage.js';
import { make } from './util.js';

/** @import { Side } from '../ultima-wasm.js' */

/**
 * What the visitor chose: a game against the computer (the player's colour, or "random"), a
 * game between two people, the rules, the puzzles, or nothing (Escape: the two-player board
 * behind).
 *
 * @typedef {{ kind: 'computer', level: number, side: Side | 'random', time: string } | { kind: 'friend' } | { kind: 'learn' } | { kind: 'puzzles' } | { kind: 'dismissed' }} WelcomeChoice
 */

/**
 * @typedef {object} Welcome
 * @property {Promise<WelcomeChoice>} choice  settles when the dialog closes
 * @property {() => void} close  closes it as if dismissed (another tab's game was followed)
 */

/**
 * @template {Element} T
 * @param {HTMLDialogElement} dialog
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function part(dialog, id, type) {
  const found = dialog.querySelector(`#${id}`);
  if (!(found instanceof type)) throw new Error(`the welcome has no ${type.name} #${id}`);
  return found;
}

/**
 * Opens the welcome dialog (#welcome of index.html) with the computer's level and the player's
 * colour preselected.
 *
 * @param {HTMLDialogElement} dialog
 * @param {{ level: number, side: Side | 'random', time: string }} preset  e.g. the remembered
 *   choices; `time` is "none" or one of the clock's presets (e.g. "3+2")
 * @returns {Welcome}
 */
export function openWelcome(dialog, preset) {
  const start = part(dialog, 'welcome-start', HTMLElement);
  const computerForm = part(dialog, 'welcome-computer-form', HTMLFormElement);
  const levels = part(dialog, 'welcome-levels', HTMLElement);
  const computer = part(dialog, 'welcome-computer', HTMLButtonElement);

  levels.replaceChildren(
    ...LEVELS.map(({ level, description }) => {
      const input = make('input', { type: 'radio', name: 'level', value: String(level), id: `welcome-level-${level}` });
      input.checked = level === preset.level;
      const label = make('label', { class: 'level-choice' });
      const words = make('span', {});
      words.append(make('strong', {}, levelTitle(level)), `: ${description}`);
      label.append(input, words);
      return label;
    }),
    make('p', { class: 'levels-note' }, LEVELS_NOTE),
  );
  for (const radio of computerForm.querySelectorAll('input[name="side"]')) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === preset.side;
  }
  // A clock, as lichess's "play with the computer" offers one: none, or a preset.
  const time = part(dialog, 'welcome-time', HTMLSelectElement);
  time.replaceChildren(make('option', { value: 'none' }, 'No clock'), ...PRESETS.map((choice) => make('option', { value: choice }, presetWords(choice))));
  time.value = PRESETS.includes(preset.time) ? preset.time : 'none';

  /** @param {boolean} levelsShown */
  const step = (levelsShown) => {
    start.hidden = levelsShown;
    computerForm.hidden = !levelsShown;
    const focus = levelsShown ? computerForm.querySelector('input[name="level"]:checked') : computer;
    if (focus instanceof HTMLElement) focusAtTop(dialog, focus);
  };

  /** @type {WelcomeChoice | null} */
  let chosen = null;
  /** @param {WelcomeChoice} choice */
  const choose = (choice) => {
    chosen = choice;
    dialog.close();
  };
  computer.addEventListener('click', () => step(true));
  part(dialog, 'welcome-back', HTMLButtonElement).addEventListener('click', () => step(false));
  part(dialog, 'welcome-friend', HTMLButtonElement).addEventListener('click', () => choose({ kind: 'friend' }));
  part(dialog, 'welcome-learn', HTMLButtonElement).addEventListener('click', () => choose({ kind: 'learn' }));
  part(dialog, 'welcome-puzzles', HTMLButtonElement).addEventListener('click', () => choose({ kind: 'puzzles' }));
  part(dialog, 'welcome-close', HTMLButtonElement).addEventListener('click', () => choose({ kind: 'dismissed' }));
  computerForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(computerForm);
    const level = Number(data.get('level'));
    const side = data.get('side');
    const clock = String(data.get('time') ?? 'none');
    choose({
      kind: 'computer',
      level: isLevel(level) ? level : preset.level,
      side: isSideChoice(side) ? side : 'white',
      time: PRESETS.includes(clock) ? clock : 'none',
    });
  });

  // Focus goes round: from the last control to the first with Tab, and back with Shift+Tab.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const stops = tabStops(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const at = document.activeElement;
    const to = event.shiftKey ? (at === first || !dialog.contains(at) ? last : null) : at === last || !dialog.contains(at) ? first : null;
    if (!to) return;
    event.preventDefault();
    to.focus();
  });

  const choice = new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(chosen ?? { kind: 'dismissed' }), { once: true });
  });
  start.hidden = false;
  computerForm.hidden = true;
  dialog.showModal();
  focusAtTop(dialog, computer);
  return {
    choice: /** @type {Promise<WelcomeChoice>} */ (choice),
    close: () => {
      if (dialog.open) dialog.close();
    },
  };
}

/**
 * The controls Tab stops at in `root`, in order: the enabled buttons and inputs shown (of a group
 * of radio buttons, the checked one).
 *
 * @param {HTMLElement} root
 * @returns {HTMLElement[]}
 */
function tabStops(root) {
  return [...root.querySelectorAll('button, input, select')].filter(
    /** @returns {node is HTMLButtonElement | HTMLInputElement | HTMLSelectElement} */
    (node) =>
      (node instanceof HTMLButtonElement || node instanceof HTMLInputElement || node instanceof HTMLSelectElement) &&
      !node.disabled &&
      node.getClientRects().length > 0 &&
      !(node instanceof HTMLInputElement && node.type === 'radio' && !node.checked),
  );
}

/**
 * Focuses `control` with the dialog scrolled to its top: on a window lower than the dialog (a
 * zoom of 400 %), the focus scrolled it down to the control, its title and its × out of sight.
 *
 * @param {HTMLDialogElement} dialog
 * @param {HTMLElement} control
 */
function focusAtTop(dialog, control) {
  control.focus({ preventScroll: true });
  dialog.scrollTo(0, 0);
}
