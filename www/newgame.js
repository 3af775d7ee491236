// The new-game dialog: turns the form into game options, and keeps the dialog open with the
// error shown inline when the bindings refuse them (a bad position string, say).

/** @import { GameOptions } from './board.js' */

/**
 * The rule options the form asks for, as the rules text of the bindings.
 *
 * @param {FormData} data
 * @returns {string} e.g. "king_capture,no_repetition_draw" or "default"
 */
export function rulesText(data) {
  const tokens = [];
  if (data.get('king_capture')) tokens.push('king_capture');
  if (data.get('distance_1968')) tokens.push('distance_1968');
  if (!data.get('repetition')) tokens.push('no_repetition_draw');
  if (!data.get('move_limit')) tokens.push('no_move_limit_draw');
  if (!data.get('bare_kings')) tokens.push('no_bare_kings_draw');
  return tokens.length ? tokens.join(',') : 'default';
}

/**
 * @param {FormData} data
 * @returns {GameOptions}
 */
export function gameOptions(data) {
  const text = (/** @type {string} */ name) => String(data.get(name) ?? '');
  let setup = text('setup') || 'rotated';
  if (setup === 'custom') {
    setup = `custom:${text('white_king')}${text('white_imm')}/${text('black_king')}${text('black_imm')}`;
  }
  return { setup, rules: rulesText(data), position: text('position').trim() || undefined };
}

/**
 * Wires the dialog: `start` gets the options and throws to refuse them (its message is shown).
 *
 * @param {HTMLDialogElement} dialog
 * @param {HTMLFormElement} form
 * @param {HTMLElement} error
 * @param {(options: GameOptions) => void} start
 */
export function bindNewGameDialog(dialog, form, error, start) {
  dialog.addEventListener('close', () => {
    error.textContent = '';
  });
  form.addEventListener('submit', (event) => {
    const submitter = /** @type {SubmitEvent} */ (event).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== 'start') {
      error.textContent = '';
      return;
    }
    try {
      start(gameOptions(new FormData(form)));
      error.textContent = '';
    } catch (problem) {
      event.preventDefault();
      error.textContent = problem instanceof Error ? problem.message : String(problem);
    }
  });
}
