// The result banner: when a game ends, a card in the panel says who won and why (words from
// notation.js, from the snapshot's status tag), with Rematch, New game, Copy record, in a game
// played by link Copy link (the end goes to the other player as the moves did), and, once a
// review exists, Review. It can be closed (its × or Escape) to look at the final position; a
// "Show result" chip beside the status line brings it back. It is a non-modal dialog: focus moves
// into it when it opens and back to the chip when it closes; it slides in unless the player asked
// for reduced motion (CSS).

import { COPY_REFUSED, copyText, nameLinkButton, shareLink } from './clipboard.js';
import { otherSide, resultWords, scoreText, sideName } from './notation.js';
import { isTyping } from './keys.js';
import { errorText, make } from './util.js';

/** @import { Side, Status } from '../ultima-wasm.js' */

/**
 * @typedef {object} ResultActions
 * @property {() => void} rematch  the same game again (against the computer, colours swapped)
 * @property {() => void} newGame  opens the new-game dialog
 * @property {() => string} record  the finished game's record, for Copy record
 * @property {() => Side | null} player  the side played against the computer or by link, or null
 *   for two players at one device (the banner then says "You win" or who won, and against the
 *   computer Rematch says which side the player takes next)
 * @property {() => boolean} byLink  the game is played by sending its link (storage.js's
 *   `linkSide`): the other player is named by their side
 * @property {() => boolean} endToSend  by link, the end was made here (the player resigned,
 *   moved, accepted or flagged): Copy link sends it to the other player
 * @property {() => string} link  the game's link, for Copy link; throws when none can be made
 * @property {() => string} [hints]  the hints used in words ("Hints used: 2"), or "" for none
 * @property {() => boolean} [played]  the game has a move: a game that ended before any (a
 *   position set up with no legal move) has no Review, which would judge nothing
 */

/**
 * @typedef {object} ResultBanner
 * @property {(status: Status, open?: boolean) => void} finished  the game has ended with
 *   `status`: fills the banner and opens it (unless `open` is false: a finished game resumed on
 *   load shows only the chip)
 * @property {() => void} clear  the game goes on again (undo, a new game): banner and chip go
 * @property {() => void} open  shows the banner again (the chip's action)
 * @property {() => void} close  hides it, keeping the chip (the × and Escape)
 * @property {() => boolean} isOpen
 * @property {() => void} focus  puts the focus on the open banner
 * @property {(review: (() => void) | null) => void} offerReview  adds a Review button that calls
 *   `review` (for the game-review feature, once it exists), or removes it (null)
 */

/**
 * Where the banner goes in the panel rather than over the board, where it hid the final position
 * it announces (the mate, the piece that took the last one), as lichess says the result beside
 * its board: in the page's flow above the status, the board beside it (a wide screen, a window on
 * its side) or above it (a phone) in full view, and the panel's controls within reach under it.
 * Over the board only where the panel is under a board as wide as the window and out of sight (a
 * tablet held upright). As style.css's `.result-inline`.
 */
const INLINE = '(max-width: 30rem), (min-width: 56rem), (orientation: landscape)';

/**
 * Builds the banner above `anchor`'s row (the status line's) and its chip after `anchor`; over
 * `host` (the board's container, positioned) on a tablet held upright (`INLINE`).
 *
 * @param {HTMLElement} host
 * @param {HTMLElement} anchor
 * @param {ResultActions} actions
 * @returns {ResultBanner}
 */
export function createResultBanner(host, anchor, actions) {
  const banner = make('section', {
    id: 'result-banner',
    class: 'result-banner',
    role: 'dialog',
    'aria-modal': 'false',
    'aria-labelledby': 'result-headline',
    'aria-describedby': 'result-reason',
    tabindex: '-1',
  });
  banner.hidden = true;
  const close = make('button', { type: 'button', class: 'result-close', 'aria-label': 'Close, to look at the final position', title: 'Close (Escape)' }, '×');
  const score = make('p', { class: 'result-score' });
  const headline = make('h2', { id: 'result-headline' });
  const reason = make('p', { id: 'result-reason' });
  const hints = make('p', { id: 'result-hints', class: 'result-hints' });
  // By link, the end the player made is theirs to send: said here, with the end, not in a
  // notice of its own (heard as a third announcement of the end).
  const send = make('p', { id: 'result-send', class: 'result-send' });
  const rematch = make('button', { type: 'button', id: 'rematch' }, 'Rematch');
  const newGame = make('button', { type: 'button', id: 'result-new-game' }, 'New game…');
  const copy = make('button', { type: 'button', id: 'result-copy' }, 'Copy record');
  const copyLink = make('button', { type: 'button', id: 'result-link', title: 'Copy the link of the finished game, to send it to the other player' }, 'Copy link');
  nameLinkButton(copyLink);
  const buttons = make('div', { class: 'result-actions' });
  buttons.append(rematch, newGame, copyLink, copy);
  const copied = make('p', { class: 'result-copied', role: 'status' });
  const field = make('textarea', { class: 'result-record', rows: '4', readonly: '', spellcheck: 'false', 'aria-label': 'The game record' });
  field.hidden = true;
  banner.append(close, score, headline, reason, hints, send, buttons, copied, field);
  const inline = matchMedia(INLINE);
  /** Puts the banner where the screen's shape wants it (again when the phone turns). */
  const place = () => {
    banner.classList.toggle('result-inline', inline.matches);
    if (inline.matches) (anchor.parentElement ?? anchor).before(banner);
    else host.append(banner);
  };
  place();
  inline.addEventListener('change', place);

  const chip = make('button', { type: 'button', id: 'result-chip', class: 'result-chip', 'aria-haspopup': 'dialog' }, 'Show result');
  chip.hidden = true;
  anchor.after(chip);

  /** @type {HTMLButtonElement | null} */
  let review = null;

  const show = () => {
    banner.hidden = false;
    chip.hidden = true;
    // Replays the entrance (CSS: none under reduced motion).
    banner.classList.remove('result-enter');
    void banner.offsetWidth;
    banner.classList.add('result-enter');
    banner.focus();
  };
  const hide = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    chip.hidden = false;
    if (hadFocus) chip.focus();
  };

  close.addEventListener('click', hide);
  banner.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    hide();
  });
  // And with the focus elsewhere on the page (a Tab took it out of the card), as its × says;
  // not while a dialog is open over the page or a field is typed in, whose Escape it is.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || banner.hidden || isTyping(event.target) || document.querySelector('dialog[open]')) return;
    event.preventDefault();
    hide();
  });
  chip.addEventListener('click', show);
  rematch.addEventListener('click', () => actions.rematch());
  newGame.addEventListener('click', () => {
    hide();
    actions.newGame();
  });
  /**
   * What a copy button did: `ok`, or the text waits in the field, selected, to be copied by hand.
   *
   * @param {string} said
   * @param {boolean} ok
   */
  const answer = (said, ok) => {
    copied.textContent = said;
    copied.classList.toggle('ok', ok);
    field.hidden = ok;
    if (!ok) {
      // In view within the card, which scrolls on a small phone (the words above push it down).
      field.focus();
      field.select();
      field.scrollIntoView({ block: 'nearest' });
    }
  };
  copy.addEventListener('click', async () => {
    copied.textContent = '';
    field.setAttribute('aria-label', 'The game record');
    const ok = await copyText(actions.record(), field);
    answer(ok ? 'Copied.' : COPY_REFUSED, ok);
  });
  copyLink.addEventListener('click', async () => {
    copied.textContent = '';
    field.setAttribute('aria-label', 'The game link');
    try {
      const { said, ok } = await shareLink(actions.link(), 'Ultima game', field, {
        shared: 'Link shared: the other player sees how the game ended when they open it.',
        copied: 'Link copied: send it to the other player, who sees how the game ended when they open it.',
      });
      answer(said, ok);
    } catch (error) {
      field.hidden = true;
      copied.textContent = `No link: ${errorText(error)}`;
      copied.classList.remove('ok');
    }
  });

  return {
    finished(status, open = true) {
      const player = actions.player();
      const byLink = actions.byLink();
      const words = resultWords(status, player, byLink ? 'link' : 'computer');
      score.textContent = scoreText(status.result);
      headline.textContent = words.headline;
      reason.textContent = words.reason;
      hints.textContent = actions.hints?.() ?? '';
      hints.hidden = hints.textContent === '';
      banner.dataset.kind = status.kind;
      rematch.textContent = player === null || byLink ? 'Rematch' : `Rematch as ${sideName(otherSide(player))}`;
      const sends = actions.endToSend() && player !== null;
      copyLink.hidden = !sends;
      send.hidden = !sends;
      send.textContent = sends ? `Copy link and send it to ${sideName(otherSide(player))}, so that they see how it ended.` : '';
      copied.textContent = '';
      field.hidden = true;
      if (review) review.hidden = actions.played?.() === false;
      if (open) show();
      else {
        banner.hidden = true;
        chip.hidden = false;
      }
    },
    clear() {
      const hadFocus = banner.contains(document.activeElement) || document.activeElement === chip;
      banner.hidden = true;
      chip.hidden = true;
      // Back to the board (after Rematch, say), for the keyboard.
      if (hadFocus) host.querySelector('canvas')?.focus();
    },
    open: show,
    close: hide,
    isOpen: () => !banner.hidden,
    focus: () => banner.focus(),
    offerReview(action) {
      review?.remove();
      review = null;
      if (!action) return;
      review = make('button', { type: 'button', id: 'result-review' }, 'Review');
      review.addEventListener('click', () => action());
      buttons.append(review);
    },
  };
}
