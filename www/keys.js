// The game page's keyboard shortcuts: ← and → step through the game one move back and forward
// (an earlier position is shown; the game is not changed), Home and End go to the start and back
// to the game, Ctrl+Z takes a move back and Ctrl+Shift+Z (or Ctrl+Y) replays it (⌘ on a Mac),
// F flips the board (as on lichess), Z turns zen mode on and off (as on lichess), Escape puts
// down a picked-up piece and cancels a premove (as it does on the focused board), and ? lists them
// all (the page's #shortcuts dialog).
// None of them acts while the focus is in a text field or a list box (which use those keys
// themselves), while a dialog is open, or when the board has used the key already (its arrow
// keys move its focus square).

/** @import { EmbedHandle } from './embed.js' */

/** @typedef {'first' | 'prev' | 'next' | 'last' | 'undo' | 'redo' | 'flip' | 'zen' | 'cancel' | 'help'} KeyAction */

/**
 * The shortcut a key press means, or null.
 *
 * @param {{ key: string, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean, altKey?: boolean }} event
 * @param {boolean} typing  the focus is in a text field, a list box or a radio group, whose
 *   keys these are
 * @returns {KeyAction | null}
 */
export function keyAction(event, typing) {
  if (typing || event.altKey) return null;
  const command = Boolean(event.ctrlKey || event.metaKey);
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (command) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !event.shiftKey) return 'redo';
    return null;
  }
  // "?" is a shifted key on most keyboards.
  if (key === '?') return 'help';
  if (event.shiftKey) return null;
  /** @type {Record<string, KeyAction>} */
  const steps = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', Escape: 'cancel', f: 'flip', z: 'zen' };
  return steps[key] ?? null;
}

/**
 * Whether an element takes typing or arrow keys itself.
 *
 * @param {EventTarget | null} target
 * @returns {boolean}
 */
export function isTyping(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox'].includes(target.type);
  return false;
}

/**
 * The ply shown after a step: the argument of `showPly` (null: back to the game), or undefined
 * when there is nowhere to go.
 *
 * @param {'first' | 'prev' | 'next' | 'last'} step
 * @param {number | null} shown  the ply shown (-1: the start), or null for the game
 * @param {number} played  plies played
 * @returns {number | null | undefined}
 */
export function stepTarget(step, shown, played) {
  const at = shown ?? played - 1;
  if (step === 'first') return at < 0 ? undefined : -1;
  if (step === 'prev') return at < 0 ? undefined : at - 1;
  if (shown === null) return undefined;
  return step === 'last' || shown + 1 >= played - 1 ? null : shown + 1;
}

/**
 * Listens for the shortcuts on the page.
 *
 * @param {EmbedHandle} embed
 * @param {{ undo: HTMLButtonElement, redo: HTMLButtonElement, flip: HTMLButtonElement, zen: HTMLInputElement }} buttons
 *   undo, redo, flip and zen mode go through their buttons (zen mode's check box), so a shortcut
 *   does what the button would (the page saves the side at the bottom and the setting), and
 *   nothing when it is disabled
 * @param {HTMLDialogElement} help  the list of the shortcuts, opened by "?"
 * @returns {() => void} stops listening
 */
export function bindShortcuts(embed, { undo, redo, flip, zen }, help) {
  /** @param {KeyboardEvent} event */
  const key = (event) => {
    if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
    const action = keyAction(event, isTyping(event.target));
    if (!action) return;
    if (action === 'cancel') {
      const { square } = embed.selection();
      if (square !== null || embed.premove() !== null) embed.deselect();
      return;
    }
    event.preventDefault();
    if (action === 'help') {
      help.showModal();
      return;
    }
    if (action === 'undo' || action === 'redo' || action === 'flip' || action === 'zen') {
      const button = { undo, redo, flip, zen }[action];
      if (!button.disabled) button.click();
      return;
    }
    const target = stepTarget(action, embed.shownPly(), embed.history().length);
    if (target !== undefined) embed.showPly(target);
  };
  document.addEventListener('keydown', key);
  return () => document.removeEventListener('keydown', key);
}
