// The new-game dialog: turns the form into game options, and keeps the dialog open with the
// error shown inline when the bindings refuse them (a bad position string, say).

/** @import { GameSpec } from './session.js' */
/** @import { Opponent } from './storage.js' */

/** The level the dialog offers first. */
export const DEFAULT_LEVEL = 4;

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
 * @returns {GameSpec}
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
 * The computer player the form asks for, or null for two players.
 *
 * @param {FormData} data
 * @returns {Opponent | null} e.g. { computer: "black", level: 4 } when playing White
 */
export function opponentOptions(data) {
  if (data.get('mode') !== 'ai') return null;
  const level = Number(data.get('level') ?? DEFAULT_LEVEL);
  return {
    computer: data.get('side') === 'black' ? 'white' : 'black',
    level: Number.isInteger(level) && level >= 1 && level <= 8 ? level : DEFAULT_LEVEL,
  };
}

/**
 * Wires the dialog: `start` gets the options and throws to refuse them (its message is shown).
 * "Against the computer" is offered when `aiAvailable`; its side and level are enabled with it.
 * The custom setup's choices show only while the custom setup is chosen.
 *
 * @param {HTMLDialogElement} dialog
 * @param {HTMLFormElement} form
 * @param {HTMLElement} error
 * @param {(options: GameSpec, opponent: Opponent | null) => void} start
 * @param {boolean} [aiAvailable]
 */
export function bindNewGameDialog(dialog, form, error, start, aiAvailable = false) {
  const modes = form.querySelectorAll('input[name="mode"]');
  const choices = form.querySelectorAll('select[name="side"], select[name="level"]');
  const aiMode = form.querySelector('input[name="mode"][value="ai"]');
  const setup = form.querySelector('select[name="setup"]');
  const custom = form.querySelector('.custom');
  if (aiMode instanceof HTMLInputElement) {
    aiMode.disabled = !aiAvailable;
    const label = aiMode.closest('label');
    if (label?.lastChild?.nodeType === Node.TEXT_NODE) {
      label.lastChild.textContent = aiAvailable ? ' Against the computer' : ' Against the computer (unavailable)';
    }
  }
  const sync = () => {
    const ai = aiMode instanceof HTMLInputElement && aiMode.checked && !aiMode.disabled;
    for (const choice of choices) {
      if (choice instanceof HTMLSelectElement) choice.disabled = !ai;
    }
    // The custom setup's four choices mean nothing for the other setups.
    if (custom instanceof HTMLElement) custom.hidden = !(setup instanceof HTMLSelectElement && setup.value === 'custom');
  };
  for (const mode of modes) mode.addEventListener('change', sync);
  setup?.addEventListener('change', sync);
  sync();
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
      const data = new FormData(form);
      start(gameOptions(data), opponentOptions(data));
      error.textContent = '';
    } catch (problem) {
      event.preventDefault();
      error.textContent = problem instanceof Error ? problem.message : String(problem);
    }
  });
}
