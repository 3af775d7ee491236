// The new-game dialog: turns the form into game options, and keeps the dialog open with the
// error shown inline when the bindings refuse them (a bad position string, say). The choices made
// (players, colour, level, clock, rules, setup) are handed back to be remembered, and filled in
// again next time.

import { DEFAULT_LEVEL, LEVELS, isLevel, levelText, levelTitle } from './levels.js';
import { CUSTOM_FILES, RULE_DEFAULTS, defaultChoices, isSideChoice } from './storage.js';
import { otherSide } from './notation.js';
import { errorText, make } from './util.js';
import { PRESETS, controlLabel, parseControl, presetWords } from './clock.js';

/** @import { GameSpec } from './session.js' */
/** @import { CustomChoice, NewGameChoices, Opponent, RuleChoice } from './storage.js' */
/** @import { TimeControl } from './clock.js' */
/** @import { Side } from '../ultima-wasm.js' */

/** What a flag does, under the default rules and under King capture. */
const FLAG_WORDS = Object.freeze({
  default: 'A flag loses, unless the other side has only its King left (then it draws).',
  kingCapture: 'A flag loses, even against a lone King: under King capture a lone King can still win.',
});

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
 * The time control the form asks for, or null for no clock.
 *
 * @param {FormData} data
 * @returns {TimeControl | null}  throws an Error saying what is wrong with a custom one
 */
export function timeControlOf(data) {
  const time = String(data.get('time') ?? 'none');
  if (time === 'none') return null;
  return parseControl(time === 'custom' ? String(data.get('custom_time') ?? '') : time);
}

/**
 * The side the player takes for the colour chosen (the new-game form's, the welcome's):
 * "random" is drawn, anything but "black" is White.
 *
 * @param {unknown} chosen  "white", "black" or "random"
 * @param {() => number} [random] draws the side for "random" (below 0.5: White)
 * @returns {Side}
 */
export function playerSide(chosen, random = Math.random) {
  if (chosen === 'random') return random() < 0.5 ? 'white' : 'black';
  return chosen === 'black' ? 'black' : 'white';
}

/**
 * The computer player the form asks for, or null for two players.
 *
 * @param {FormData} data
 * @param {() => number} [random] draws the player's colour when it is "random" (below 0.5: White)
 * @returns {Opponent | null} e.g. { computer: "black", level: 4 } when playing White
 */
export function opponentOptions(data, random = Math.random) {
  if (data.get('mode') !== 'ai') return null;
  const level = Number(data.get('level') ?? DEFAULT_LEVEL);
  return {
    computer: otherSide(playerSide(data.get('side'), random)),
    level: isLevel(level) ? level : DEFAULT_LEVEL,
  };
}

/**
 * The choices the form holds, to remember: read from its controls, so that the side and level
 * are kept while they are disabled (two players). The position string is not a choice to keep: it
 * is one game's.
 *
 * @param {HTMLFormElement} form
 * @returns {NewGameChoices}
 */
export function choicesOf(form) {
  const choices = defaultChoices();
  const value = (/** @type {string} */ name) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLSelectElement || control instanceof HTMLInputElement ? control.value : '';
  };
  const ai = form.querySelector('input[name="mode"][value="ai"]');
  choices.mode = ai instanceof HTMLInputElement && ai.checked && !ai.disabled ? 'ai' : 'two';
  const side = value('side');
  if (isSideChoice(side)) choices.side = side;
  const level = Number(value('level'));
  if (isLevel(level)) choices.level = level;
  const setup = value('setup');
  if (setup === 'rotated' || setup === 'mirrored' || setup === 'custom') choices.setup = setup;
  for (const name of /** @type {RuleChoice[]} */ (Object.keys(RULE_DEFAULTS))) {
    const box = form.elements.namedItem(name);
    if (box instanceof HTMLInputElement) choices.rules[name] = box.checked;
  }
  for (const [name, files] of /** @type {Array<[CustomChoice, readonly string[]]>} */ (Object.entries(CUSTOM_FILES))) {
    if (files.includes(value(name))) choices.custom[name] = value(name);
  }
  const time = value('time');
  if (time === 'none' || time === 'custom' || PRESETS.includes(time)) choices.time = time;
  try {
    choices.customTime = controlLabel(parseControl(value('custom_time')));
  } catch {
    // A custom time that does not parse is not remembered.
  }
  return choices;
}

/**
 * Sets the form's controls to `choices` (the position string is left empty).
 *
 * @param {HTMLFormElement} form
 * @param {NewGameChoices} choices
 */
export function fillForm(form, choices) {
  const control = (/** @type {string} */ name) => form.elements.namedItem(name);
  for (const radio of form.querySelectorAll('input[name="mode"]')) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === choices.mode;
  }
  /** @type {Record<string, string>} */
  const values = { side: choices.side, level: String(choices.level), setup: choices.setup, time: choices.time, ...choices.custom };
  for (const [name, value] of Object.entries(values)) {
    const select = control(name);
    if (select instanceof HTMLSelectElement && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  for (const [name, on] of Object.entries(choices.rules)) {
    const box = control(name);
    if (box instanceof HTMLInputElement) box.checked = on;
  }
  const position = control('position');
  if (position instanceof HTMLTextAreaElement) position.value = '';
  const customTime = control('custom_time');
  if (customTime instanceof HTMLInputElement) customTime.value = choices.customTime;
}

/**
 * Wires the dialog: `start` gets the options and throws to refuse them (its message is shown);
 * it also gets the choices made, to remember. "Against the computer" is offered when
 * `aiAvailable`; its side and level are enabled with it. The level list says what each level is
 * like. The custom setup's choices show only while the custom setup is chosen.
 *
 * @param {HTMLDialogElement} dialog
 * @param {HTMLFormElement} form
 * @param {HTMLElement} error
 * @param {(options: GameSpec, opponent: Opponent | null, choices: NewGameChoices, control: TimeControl | null) => void} start
 * @param {boolean} [aiAvailable]
 * @param {NewGameChoices | null} [remembered] the choices to fill in, e.g. those of the last game
 * @returns {{ fill: (choices: NewGameChoices) => void }} fills in other choices later
 */
export function bindNewGameDialog(dialog, form, error, start, aiAvailable = false, remembered = null) {
  const modes = form.querySelectorAll('input[name="mode"]');
  const choices = form.querySelectorAll('select[name="side"], select[name="level"]');
  const aiMode = form.querySelector('input[name="mode"][value="ai"]');
  const setup = form.querySelector('select[name="setup"]');
  const custom = form.querySelector('.custom');
  const level = form.querySelector('select[name="level"]');
  const levelWords = form.querySelector('.level-description');
  const time = form.querySelector('select[name="time"]');
  const customTime = form.querySelector('.custom-time');
  const clockNote = form.querySelector('.clock-note');
  const kingCapture = form.querySelector('input[name="king_capture"]');
  if (time instanceof HTMLSelectElement) {
    const customOption = time.querySelector('option[value="custom"]');
    for (const preset of PRESETS) time.insertBefore(make('option', { value: preset }, presetWords(preset)), customOption);
  }
  if (level instanceof HTMLSelectElement) {
    level.replaceChildren(...LEVELS.map((info) => make('option', { value: String(info.level) }, levelTitle(info.level))));
    level.value = String(DEFAULT_LEVEL);
  }
  const describeLevel = () => {
    if (level instanceof HTMLSelectElement && levelWords instanceof HTMLElement) levelWords.textContent = levelText(Number(level.value));
  };
  level?.addEventListener('change', describeLevel);
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
    if (customTime instanceof HTMLElement) customTime.hidden = !(time instanceof HTMLSelectElement && time.value === 'custom');
    // What a flag does says nothing without a clock. Under King capture even a lone King can
    // win (the other King may step next to it), so a flag always loses there (README "Clocks").
    if (clockNote instanceof HTMLElement) {
      clockNote.hidden = !(time instanceof HTMLSelectElement && time.value !== 'none');
      clockNote.textContent = kingCapture instanceof HTMLInputElement && kingCapture.checked ? FLAG_WORDS.kingCapture : FLAG_WORDS.default;
    }
  };
  for (const mode of modes) mode.addEventListener('change', sync);
  kingCapture?.addEventListener('change', sync);
  setup?.addEventListener('change', sync);
  time?.addEventListener('change', sync);
  /** @param {NewGameChoices} chosen */
  const fill = (chosen) => {
    fillForm(form, aiMode instanceof HTMLInputElement && aiMode.disabled && chosen.mode === 'ai' ? { ...chosen, mode: 'two' } : chosen);
    sync();
    describeLevel();
  };
  if (remembered) fill(remembered);
  sync();
  describeLevel();
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
      start(gameOptions(data), opponentOptions(data), choicesOf(form), timeControlOf(data));
      error.textContent = '';
    } catch (problem) {
      event.preventDefault();
      error.textContent = errorText(problem);
    }
  });
  return { fill };
}
