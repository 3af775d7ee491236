// What the game page shows of the computer's searches: the Hint button (a search for the player:
// a first press marks the piece to move, a second shows the move as an arrow, each named in the
// status line; each position asked about counts one hint, in the record, hints.js), the status line's end
// while a search runs ("thinking…", "looking for a hint…"), and the optional
// view of the computer's thinking (thinking.js) with its checkbox, a saved setting. main.js owns
// the status line and the settings; this module tells it what to add and when to redraw.

import { hintHeader, hintsUsed } from './hints.js';
import { HINT_LEVEL } from './levels.js';
import { sideName } from './notation.js';
import { roleName } from './pieces.js';
import { moveNamed } from './state.js';
import { createThinking } from './thinking.js';
import { errorText, squareIndex } from './util.js';

/** @import { EmbedHandle, Purpose } from './embed.js' */
/** @import { Settings } from './storage.js' */

/**
 * @typedef {object} Searching
 * @property {() => string} activity  the status line's end: the search running, or the hint
 *   found (e.g. " — hint: move the Pawn on b2" while the button says "Show the move", " — hint: Pawn
 *   b2-b5 (the arrow)"), or nothing
 * @property {(blocked: boolean) => void} update  enables the Hint button unless `blocked` (the
 *   game is over, an earlier position is shown, or the computer is to move) or a search runs
 * @property {() => void} forgetHint  the game or the position shown changed: the hint is stale
 * @property {() => void} clear  a new game: the thinking view empties
 * @property {() => void} redraw  the piece set changed: the thinking view's line is drawn in it
 */

/** Hint's second press's words: the hinted move drawn. */
const SHOW_MOVE = 'Show the move';

/**
 * Wires the Hint button, the thinking view and its checkbox to the embed's searches.
 *
 * @param {object} parts
 * @param {EmbedHandle} parts.embed
 * @param {HTMLButtonElement} parts.hintButton
 * @param {HTMLInputElement} parts.showThinking  the checkbox that shows or hides the view
 * @param {HTMLElement} parts.thinkingBox  where the view draws
 * @param {Settings} parts.settings  `showThinking` is read here and changed by the checkbox
 * @param {boolean} parts.searching  whether a search for the computer's move runs already (a
 *   resumed game on the computer's turn)
 * @param {() => void} parts.refresh  redraws the status line and buttons (calls `activity`)
 * @param {() => void} parts.persist  saves the settings
 * @param {(text: string) => void} parts.notify  tells the player something went wrong
 * @returns {Searching}
 */
export function wireSearching({ embed, hintButton, showThinking, thinkingBox, settings, searching, refresh, persist, notify }) {
  const thinking = createThinking(thinkingBox, () => settings.pieceSet);
  /** What the running search is for: the computer's move, or a hint for the player. */
  let purpose = /** @type {Purpose} */ ('move');
  /** The last hint, e.g. "b2-b5"; cleared by any change. */
  let hint = '';
  /** The hint's move while only its piece is marked (the second press shows it), else null. */
  let unrevealed = /** @type {string | null} */ (null);
  /** The position whose hint was counted last (its ply count and position string). */
  let counted = '';

  /** @param {Purpose} kind */
  const titleOf = (kind) => {
    const mover = sideName(embed.turn());
    return kind === 'hint' ? `Hint for ${mover}` : `Computer, playing ${mover}`;
  };
  if (searching) thinking.start(titleOf('move'));
  embed.on('thinking', (detail) => {
    searching = detail.thinking;
    purpose = detail.purpose;
    const { depth, white = {}, nodes = 0, plies = [] } = detail;
    if (!detail.thinking) thinking.done();
    else if (depth === undefined) thinking.start(titleOf(detail.purpose));
    else thinking.show({ depth, white, nodes, plies });
    refresh();
  });

  // The button's second words, which the style sheet keeps room for beside the board (#hint).
  hintButton.dataset.widest = SHOW_MOVE;
  hintButton.addEventListener('click', () => {
    if (unrevealed !== null) {
      // The second press: the move itself, its piece named as the first press named it.
      const piece = embed.snapshot().pieces[squareIndex(moveNamed(embed.snapshot(), unrevealed)?.from ?? '')] ?? '';
      const text = embed.showMove(unrevealed)?.text ?? unrevealed;
      hint = piece ? `${roleName(piece)} ${text}` : text;
      unrevealed = null;
      refresh();
      return;
    }
    hint = '';
    const side = embed.turn();
    // Disabled while it searches, Hint hands the focus to its neighbour: a keyboard's second
    // Enter, for the move, opened Analyse. The focus comes back with the hint, unless the
    // player took it elsewhere.
    const pressedHere = document.activeElement === hintButton;
    const focusBack = () => {
      const now = document.activeElement;
      if (pressedHere && !hintButton.disabled && (now === document.body || (now !== null && hintButton.parentElement?.contains(now)))) hintButton.focus();
    };
    embed.hint(HINT_LEVEL, 'piece').then(
      (found) => {
        if (found === null) return;
        // One more hint for this side, in the record (a change: the page saves it), once per
        // position asked about.
        const position = `${embed.history().length} ${embed.position()}`;
        if (position !== counted) embed.setHeader(hintHeader(side), String(hintsUsed(embed.snapshot().headers, side) + 1));
        counted = position;
        const from = moveNamed(embed.snapshot(), found)?.from ?? '';
        hint = `move the ${roleName(embed.snapshot().pieces[squareIndex(from)] ?? '')} on ${from}`;
        unrevealed = found;
        refresh();
        focusBack();
      },
      (error) => notify(`No hint: ${errorText(error)}`),
    );
  });

  /** The Hint button's own title, for while no piece is marked. */
  const hintTitle = hintButton.title;

  showThinking.checked = settings.showThinking;
  thinkingBox.hidden = !settings.showThinking;
  showThinking.addEventListener('change', () => {
    settings.showThinking = showThinking.checked;
    thinkingBox.hidden = !showThinking.checked;
    persist();
  });

  return {
    activity() {
      if (searching) {
        // Neither the depth nor the score: the status line is a live region, and a line that
        // changed at each depth would be read out at each (the thinking view shows both, and
        // the computer's opinion of the game is the player's to ask for).
        return ` — ${purpose === 'hint' ? 'looking for a hint…' : 'thinking…'}`;
      }
      if (unrevealed !== null) return ` — hint: ${hint}`;
      return hint ? ` — hint: ${hint} (the arrow)` : '';
    },
    update(blocked) {
      hintButton.disabled = blocked || searching;
      // The second press's words on the button itself: in the status line after the piece,
      // "(Hint again for the move)" made it three lines in a 22rem panel, and everything under
      // it moved down a line and back.
      // Written only when it changes: this runs at every redraw of the status (each report of a
      // search), and a write, even of the same words, makes the page lay itself out again.
      const label = unrevealed !== null ? SHOW_MOVE : 'Hint';
      if (hintButton.textContent !== label) {
        hintButton.textContent = label;
        hintButton.title = unrevealed !== null ? 'Draw the hinted move on the board as an arrow' : hintTitle;
      }
    },
    forgetHint() {
      hint = '';
      unrevealed = null;
    },
    clear: () => thinking.clear(),
    redraw: () => thinking.redraw(),
  };
}
