// What the game page adds to playing on the board: the sounds and their check box, the keyboard
// shortcuts (keys.js), the touch and premove settings, and the confirmations before resigning
// and agreeing a draw.
// main.js owns the settings and saves them (`persist`); this module reads and changes its fields
// `sound`, `touchPreview` and `premove`.

import { bindShortcuts } from './keys.js';
import { DRAW_OFFER, drawOffer } from './links.js';
import { otherSide } from './notation.js';
import { wireSound } from './sound.js';
import { HIGHLIGHTS } from './state.js';
import { askInPlace, pageElement } from './util.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { Highlight } from './state.js' */
/** @import { Settings } from './storage.js' */

/**
 * The marks the page's board draws: all of them, but the legal moves' when the "Legal moves on
 * the board" setting is off (what a move captures is still shown before it is played), and the
 * threatened pieces' unless "Threatened pieces" is on.
 *
 * @param {boolean} legalMoves
 * @param {boolean} threats
 * @returns {Highlight[]}
 */
export const marksShown = (legalMoves, threats) => HIGHLIGHTS.filter((mark) => (legalMoves || mark !== 'moves') && (threats || mark !== 'threats'));

/**
 * Wires the page's sounds, shortcuts, touch, premove, coordinates, legal-move, animation,
 * threatened-pieces, board-turning and zen-mode settings and the resign and draw confirmations.
 * The elements are the page's: #sound, #touch-preview, #premove, #coordinates, #legal-moves,
 * #threats, #animation, #auto-flip and #zen (check boxes), #undo, #redo, #resign, #draw and
 * #zen-leave (buttons), and #resign-confirm and #draw-confirm with their yes and no buttons
 * (#resign-yes, #resign-no, #draw-yes, #draw-no).
 *
 * @param {object} parts
 * @param {EmbedHandle} parts.embed
 * @param {Settings} parts.settings
 * @param {() => void} parts.persist  saves the settings
 * @returns {{ lowTime: () => void, stop: () => void }} the low-time warning (the clocks ring it),
 *   and what removes the page-wide listeners (the board's go with the board)
 */
export function wirePlaying({ embed, settings, persist }) {
  // Sounds: the change from the snapshot before to the one after says which.
  const soundBox = pageElement('sound', HTMLInputElement);
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

  const shortcuts = pageElement('shortcuts', HTMLDialogElement);
  pageElement('shortcuts-close', HTMLButtonElement).addEventListener('click', () => shortcuts.close());
  // The list opens on "?", which nothing on the page says: a button says it.
  pageElement('open-shortcuts', HTMLButtonElement).addEventListener('click', () => shortcuts.showModal());
  const zen = pageElement('zen', HTMLInputElement);
  const unbindKeys = bindShortcuts(embed, { undo: pageElement('undo', HTMLButtonElement), redo: pageElement('redo', HTMLButtonElement), flip: pageElement('flip', HTMLButtonElement), zen }, shortcuts);

  /**
   * @param {HTMLInputElement} box
   * @param {'touchPreview' | 'premove' | 'coordinates' | 'legalMoves' | 'threats' | 'animation' | 'autoFlip' | 'zen'} name
   * @param {(on: boolean) => void} apply  what changes on the page (by default the board's option
   *   of the same name)
   */
  const setting = (box, name, apply = (on) => embed.set({ [name]: on })) => {
    box.checked = settings[name];
    box.addEventListener('change', () => {
      settings[name] = box.checked;
      apply(box.checked);
      persist();
    });
  };
  setting(pageElement('touch-preview', HTMLInputElement), 'touchPreview');
  setting(pageElement('premove', HTMLInputElement), 'premove');
  setting(pageElement('coordinates', HTMLInputElement), 'coordinates');
  const marks = () => embed.set({ highlights: marksShown(settings.legalMoves, settings.threats) });
  setting(pageElement('legal-moves', HTMLInputElement), 'legalMoves', marks);
  setting(pageElement('threats', HTMLInputElement), 'threats', marks);
  setting(pageElement('animation', HTMLInputElement), 'animation');

  // Two players on one device (a tablet between them): the board turns to the side to move after
  // each move, once the move's slide is over, and stays put while an earlier position is shown.
  // Not by link: the player there has one side.
  const turnToMover = () => {
    const snapshot = embed.snapshot();
    const wanted = settings.autoFlip && settings.opponent === null && settings.linkSide === null && snapshot.status.kind === 'ongoing' && embed.shownPly() === null;
    if (!wanted || embed.view().orientation === snapshot.turn) return;
    embed.flip();
    settings.orientation = snapshot.turn;
    persist();
  };
  embed.on('change', () => {
    const canvas = embed.canvas();
    if (canvas?.dataset.animating) canvas.addEventListener('animationend', turnToMover, { once: true });
    else turnToMover();
  });
  embed.on('view', ({ ply }) => {
    if (ply === null) turnToMover();
  });
  setting(pageElement('auto-flip', HTMLInputElement), 'autoFlip', turnToMover);
  turnToMover();

  // Zen mode, as on lichess: the page keeps the board, the clocks, the status, the game's buttons
  // and its moves, and hides the rest (the elements marked .not-zen) until Z or "Leave zen mode".
  const leaveZen = pageElement('zen-leave', HTMLButtonElement);
  /** @param {boolean} on */
  const applyZen = (on) => {
    document.body.toggleAttribute('data-zen', on);
    leaveZen.hidden = !on;
  };
  setting(zen, 'zen', applyZen);
  applyZen(settings.zen);
  leaveZen.addEventListener('click', () => zen.click());

  // Resigning, and a draw the two players agree (shown only without the computer, main.js),
  // ask first. The result banner shows the end and takes the focus. Against the computer the
  // person resigns, also while the computer thinks (as on lichess); by link, this browser's
  // player, whoever is to move; between two players at one device, the side to move.
  askFirst(embed, 'resign', () => embed.resign(settings.opponent ? otherSide(settings.opponent.computer) : (settings.linkSide ?? undefined)));
  // Asked of the other player's offer (by link), "No" declines it: the offer leaves the record,
  // and so the status and the next link (the focus, back on Draw, which goes with the offer, is
  // passed on by the page).
  askFirst(embed, 'draw', () => embed.agreeDraw(), undefined, () => {
    if (settings.opponent === null && drawOffer(embed.snapshot()) !== null) embed.setHeader(DRAW_OFFER, '');
  });
  return {
    lowTime: () => sound.play('lowTime'),
    stop() {
      unbindKeys();
      sound.destroy();
    },
  };
}

/**
 * An action that asks first, in place: the button shows its question (`box`, with its yes and no
 * buttons) and puts the focus on no, so a second Enter or a double click does not say yes by
 * accident; no and Escape put the question away (the focus back on the button), yes puts it away
 * and acts. A question about a game that has changed meanwhile is no longer the question: any
 * change puts it away. The button's row, marked `data-question-row`, gives the question its place.
 *
 * @param {EmbedHandle} embed
 * @param {string} name  the ids: #<name>, #<name>-confirm, #<name>-yes and #<name>-no
 * @param {() => void} act
 * @param {() => boolean} [needed]  whether to ask now; otherwise the button acts at once
 * @param {() => void} [declined]  what no (the button) does besides putting the question away
 */
export function askFirst(embed, name, act, needed, declined) {
  const ask = pageElement(name, HTMLButtonElement);
  // A row of buttons marked to give its place to the question: it was put under the row, and
  // what was under it (the moves) moved down by the question's height and back.
  const row = ask.closest('[data-question-row]');
  const close = askInPlace(
    {
      ask,
      hide: row instanceof HTMLElement ? [row] : [],
      box: pageElement(`${name}-confirm`, HTMLElement),
      yes: pageElement(`${name}-yes`, HTMLButtonElement),
      no: pageElement(`${name}-no`, HTMLButtonElement),
      needed,
      declined,
    },
    act,
  );
  embed.on('change', () => close(false));
}
