// A game's clock runs on while its player is elsewhere on the page: the views that cover the
// board (the analysis board, the lessons, the puzzles, a storm, the squares drill, Your games,
// the board editor) would hide it as it ran out. A tablet player lost a 3+2 game on time in
// the lessons without a word. So while a clock runs, a button that opens one asks first, as
// lichess warns a player who leaves a game under way: "Back to the game" (the default, and
// Escape) or "Open the lessons" (`guardLeaving`). Without a running clock it opens at once.

import { formatTime } from './clock.js';
import { sideName } from './notation.js';
import { make } from './util.js';

/** @import { Side } from '../ultima-wasm.js' */
/** @import { Opponent } from './storage.js' */

/**
 * Whose clock it is, in words: the side's name between two players, else who holds it.
 *
 * @param {Side} side  the side whose clock runs
 * @param {Opponent | null} opponent  the computer player, if the game is against it
 * @param {Side | null} linkSide  the player's side in a game by link, if it is one
 * @returns {string} e.g. "Your clock (White)", "The computer's clock (Black)", "White's clock"
 */
export function clockOwner(side, opponent, linkSide) {
  if (opponent) return side === opponent.computer ? `The computer's clock (${sideName(side)})` : `Your clock (${sideName(side)})`;
  if (linkSide) return `Your clock (${sideName(side)})`;
  return `${sideName(side)}'s clock`;
}

/**
 * The question's words.
 *
 * @param {string} place  where the button leads, e.g. "the lessons"
 * @param {{ side: Side, ms: number }} clock  the clock running now
 * @param {Opponent | null} opponent
 * @param {Side | null} linkSide
 * @returns {string} e.g. "Your clock (White) runs on while you are in the lessons: 1:45 left.
 *   A game is lost on time when a clock runs out."
 */
export function leavingWords(place, clock, opponent, linkSide) {
  const owner = clockOwner(clock.side, opponent, linkSide);
  // Against the computer its clock runs only while it thinks: the player's runs next.
  const next = opponent && clock.side === opponent.computer ? ' Yours runs as soon as it has moved.' : '';
  return `${owner} runs on while you are in ${place}: ${formatTime(clock.ms)} left.${next} A game is lost on time when a clock runs out.`;
}

/**
 * @typedef {object} LeaveGuard
 * @property {(place: string, open: () => void) => () => void} guard  a click handler that opens
 *   `place` at once when no clock runs, and asks first when one does
 */

/**
 * Makes the question (a small modal dialog, in the page once) and the guard that asks it.
 *
 * @param {object} game
 * @param {() => { side: Side, ms: number } | null} game.ticking  the clock running now, if one is
 * @param {() => Opponent | null} game.opponent
 * @param {() => Side | null} game.linkSide
 * @returns {LeaveGuard}
 */
export function guardLeaving({ ticking, opponent, linkSide }) {
  const dialog = make('dialog', { class: 'leave-clock', id: 'leave-clock', 'aria-labelledby': 'leave-clock-title', 'aria-describedby': 'leave-clock-words' });
  const words = make('p', { id: 'leave-clock-words' });
  const stay = make('button', { type: 'button', class: 'primary leave-stay' }, 'Back to the game');
  const go = make('button', { type: 'button', class: 'leave-go' });
  const buttons = make('div', { class: 'buttons' });
  buttons.append(stay, go);
  dialog.append(make('h2', { id: 'leave-clock-title' }, 'The game’s clock is running'), words, buttons);
  document.body.append(dialog);
  /** @type {(() => void) | null} what "Open …" opens */
  let leave = null;
  stay.addEventListener('click', () => dialog.close());
  go.addEventListener('click', () => {
    const open = leave;
    dialog.close();
    open?.();
  });
  dialog.addEventListener('close', () => {
    leave = null;
  });

  return {
    guard: (place, open) => () => {
      const clock = ticking();
      if (!clock) {
        open();
        return;
      }
      leave = open;
      words.textContent = leavingWords(place, clock, opponent(), linkSide());
      go.textContent = `Open ${place}`;
      dialog.showModal();
      stay.focus();
    },
  };
}
