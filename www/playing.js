// What the game page adds to playing on the board: the sounds and their check box, the keyboard
// shortcuts (keys.js), the touch and premove settings, and the confirmation before resigning.
// main.js owns the settings and saves them (`persist`); this module reads and changes its fields
// `sound`, `touchPreview` and `premove`.

import { bindShortcuts } from './keys.js';
import { wireSound } from './sound.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { Settings } from './storage.js' */

/**
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return found;
}

/**
 * Wires the page's sounds, shortcuts, touch and premove settings and the resign confirmation.
 * The elements are the page's: #sound, #touch-preview, #premove (check boxes), #undo, #redo,
 * #resign (buttons) and #resign-confirm with #resign-yes and #resign-no.
 *
 * @param {object} parts
 * @param {EmbedHandle} parts.embed
 * @param {Settings} parts.settings
 * @param {() => void} parts.persist  saves the settings
 * @returns {() => void} removes the page-wide listeners (the board's go with the board)
 */
export function wirePlaying({ embed, settings, persist }) {
  // Sounds: the change from the snapshot before to the one after says which.
  const soundBox = element('sound', HTMLInputElement);
  soundBox.checked = settings.sound;
  const sound = wireSound(soundBox, (on) => {
    settings.sound = on;
    persist();
  });
  let previous = embed.snapshot();
  embed.on('change', ({ snapshot }) => {
    sound.changed(previous, snapshot);
    previous = snapshot;
  });

  const unbindKeys = bindShortcuts(embed, { undo: element('undo', HTMLButtonElement), redo: element('redo', HTMLButtonElement) });

  /** @param {HTMLInputElement} box @param {'touchPreview' | 'premove'} name */
  const setting = (box, name) => {
    box.checked = settings[name];
    box.addEventListener('change', () => {
      settings[name] = box.checked;
      embed.set({ [name]: box.checked });
      persist();
    });
  };
  setting(element('touch-preview', HTMLInputElement), 'touchPreview');
  setting(element('premove', HTMLInputElement), 'premove');

  confirmResign(embed);
  return () => {
    unbindKeys();
    sound.destroy();
  };
}

/**
 * Resigning asks first, in place: "Resign this game?" with "Yes, resign" and "No". The focus
 * goes to "No", so a second Enter or a double click does not resign by accident; Escape says no.
 *
 * @param {EmbedHandle} embed
 */
function confirmResign(embed) {
  const resign = element('resign', HTMLButtonElement);
  const box = element('resign-confirm', HTMLElement);
  const no = element('resign-no', HTMLButtonElement);
  const close = (/** @type {boolean} */ refocus) => {
    if (box.hidden) return;
    box.hidden = true;
    if (refocus && !resign.disabled) resign.focus();
  };
  resign.addEventListener('click', () => {
    box.hidden = false;
    no.focus();
  });
  no.addEventListener('click', () => close(true));
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close(true);
  });
  element('resign-yes', HTMLButtonElement).addEventListener('click', () => {
    close(false);
    // The result banner shows the end and takes the focus.
    embed.resign();
  });
  // A question about a game that has changed meanwhile is no longer the question.
  embed.on('change', () => close(false));
}
