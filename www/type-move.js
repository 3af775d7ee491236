// Moves typed as text on the game page, when the "Type moves" setting is on: a field under the
// game's buttons where "b2-b5" and Enter plays the move, as fast as a keyboard allows and without
// finding squares (a screen reader's user, or anyone who knows the squares). The text is the
// rules' own move text, read by the wasm (`play`): its captures may be left out, the piece letter
// put in front ("Pb2-b5"), a suicide written "e4-"; squares in capitals and a move without its
// dash ("B2B5") are taken too (`typedMoveText`). A text that is not a legal move here gets the
// rules' own words under the field, and the field keeps the text to mend. A move typed while an
// earlier position is shown is played in the game, which the board shows again: a typed move is
// the game's (it was refused, and from the field no key went back to the game). A move typed
// while the computer thinks is queued as the premove (with premoves on), as pressing its squares
// would queue it, and played after the computer's move if it is legal then.

import { errorText } from './util.js';
import { sideName } from './notation.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { Side } from '../ultima-wasm.js' */
/** @import { Settings } from './storage.js' */

/**
 * Why a move cannot be typed now, or null when it can.
 *
 * @param {{ over: boolean, computerToMove: boolean, farToMove?: Side | null }} now
 *   `farToMove`: the side to move, when its player is far away (a game by link)
 * @returns {string | null}
 */
export function typingRefused({ over, computerToMove, farToMove = null }) {
  if (over) return 'The game is over.';
  if (computerToMove) return 'The computer is to move: wait for its move.';
  if (farToMove) return `${sideName(farToMove)} is to move: their move comes with the link they send back.`;
  return null;
}

/** A move as a hand types it: a piece letter maybe, two squares in either case, the dash maybe. */
const TYPED = /^(?:([KWCLIXP]) ?)?([a-hA-H][1-8])-?([a-hA-H][1-8])((?:[xX][a-hA-H][1-8])*)$/;

/**
 * Typed text in the rules' move text, where only its spelling differs: squares in capitals
 * ("A1-A6", a habit of older programs) and no dash between them ("a1a6", as lichess's keyboard
 * input takes a move), which the rules' reader refuses (RULES.md 6.2: lower case, a dash).
 * Anything else is left as typed, for the rules to read or refuse in their own words; the piece
 * letter keeps its case, which the rules check.
 *
 * @param {string} text  trimmed
 * @returns {string} e.g. "a1-a6" for "A1A6", "La1-a6xa2" for "La1a6xa2"
 */
export function typedMoveText(text) {
  const found = TYPED.exec(text);
  if (!found) return text;
  const [, piece = '', from = '', to = '', captures = ''] = found;
  return `${piece}${from.toLowerCase()}-${to.toLowerCase()}${captures.toLowerCase()}`;
}

/**
 * @param {string} message  the rules' words, e.g. "no legal move from b2 to b6"
 * @returns {string} e.g. "No legal move from b2 to b6."
 */
export const refusalWords = (message) => `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`;

/**
 * Wires the field and its setting.
 *
 * @param {object} parts
 * @param {EmbedHandle} parts.embed
 * @param {Settings} parts.settings  `typeMoves` is read and changed here
 * @param {() => void} parts.persist  saves the settings
 * @param {() => boolean} parts.computerToMove
 * @param {() => Side | null} parts.farToMove  the side to move when its player is far away (by link)
 * @param {HTMLInputElement} parts.toggle  the "Type moves" box
 * @param {HTMLFormElement} parts.form  the field's form (hidden while the setting is off)
 * @param {HTMLInputElement} parts.field
 * @param {HTMLElement} parts.error  where a refusal is said
 */
export function wireTypedMoves({ embed, settings, persist, computerToMove, farToMove, toggle, form, field, error }) {
  const show = () => {
    toggle.checked = settings.typeMoves;
    form.hidden = !settings.typeMoves;
  };
  toggle.addEventListener('change', () => {
    settings.typeMoves = toggle.checked;
    persist();
    show();
    if (toggle.checked) field.focus();
  });
  /** Says why the text was not played (the field marked invalid meanwhile), or nothing. */
  const refuse = (/** @type {string} */ words) => {
    error.textContent = words;
    if (words) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = typedMoveText(field.value.trim());
    if (!text) return;
    // The computer thinking and premoves on: the move is queued, as pressing its squares does.
    const premove = computerToMove() && settings.premove && embed.result() === null;
    const refused = premove ? null : typingRefused({ over: embed.result() !== null, computerToMove: computerToMove(), farToMove: farToMove() });
    if (refused) {
      refuse(refused);
      return;
    }
    try {
      if (embed.shownPly() !== null) embed.showPly(null);
      if (premove) embed.queuePremove(text);
      else embed.play(text);
      field.value = '';
      refuse('');
    } catch (problem) {
      refuse(refusalWords(errorText(problem)));
    }
  });
  // A word about the last text goes once the text changes, or the game does (a refusal such as
  // "Black is to move" is of the position it was said in).
  field.addEventListener('input', () => refuse(''));
  embed.on('change', () => refuse(''));
  show();
}
