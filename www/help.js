// The rules help panel: each piece's move and capture in a sentence, the legend of the current
// piece set, and a small live diagram per piece, drawn by the same board code (`mount`): the
// capturing move as an arrow and its captures framed, as the board previews a pointed move.

import { renderLegend } from './legend.js';
import { errorText, make } from './util.js';
import { mount } from './embed.js';

/** @import { PieceSet, Theme } from './state.js' */
/** @import { EmbedHandle } from './embed.js' */

/**
 * Each piece, how it captures, and a diagram: a position and a move of White's drawn as an
 * arrow, the pieces it would capture framed (the same marks as a pointed move on the board). A
 * move is its two squares: the diagram finds it among the position's legal moves, captures and
 * all.
 *
 * @type {Array<{ name: string, words: string, position: string, move: [string, string] | null, caption: string }>}
 */
const PIECES = [
  {
    name: 'King',
    words: 'Moves one square in any direction and captures by stepping onto an enemy piece.',
    position: '4k3/8/8/8/3p4/3K4/8/8 w',
    move: ['d3', 'd4'],
    caption: 'd3–d4 takes the Pawn on d4.',
  },
  {
    name: 'Withdrawer',
    words: 'Moves like a queen; captures the enemy piece it stands next to by moving directly away from it.',
    position: '4k3/8/8/8/3pW3/8/8/3K4 w',
    move: ['e4', 'h4'],
    caption: 'Moving away from d4 takes the Pawn there.',
  },
  {
    name: 'Coordinator',
    words: 'Moves like a queen; captures the enemies on the two other corners of the rectangle it forms with its own King.',
    position: '4k3/8/1p6/8/8/8/8/1K4C1 w',
    move: ['g1', 'g6'],
    caption: 'On g6, with its King on b1, it takes the Pawn on b6.',
  },
  {
    name: 'Immobilizer',
    words: 'Moves like a queen; never captures, but freezes every enemy piece next to it (snowflake): a frozen piece cannot move.',
    position: '4k3/8/8/8/3w4/2I5/8/7K b',
    move: null,
    caption: 'The Withdrawer on d4, next to the Immobilizer, is frozen.',
  },
  {
    name: 'Long Leaper',
    words: 'Moves like a queen; leaps over enemy pieces, each followed by an empty square, and takes them all.',
    position: '4k3/8/8/p7/8/8/p7/L3K3 w',
    move: ['a1', 'a6'],
    caption: 'a1–a6 leaps over and takes both Pawns.',
  },
  {
    name: 'Chameleon',
    words: 'Moves like a queen; captures each kind of enemy piece the way that piece captures, and only that kind: Pawns only by a rook move, the King only by a step onto it from next to it, never a Chameleon or an Immobilizer. Next to an enemy Immobilizer it freezes it, and is frozen by it.',
    position: '4k3/8/8/8/3wX3/8/8/3K4 w',
    move: ['e4', 'h4'],
    caption: 'It takes the Withdrawer on d4 by withdrawing from it, as a Withdrawer would.',
  },
  {
    name: 'Pawn',
    words: 'Moves like a rook; captures by pinching an enemy piece between itself and a friendly piece.',
    position: '4k3/8/8/8/8/2pP4/8/1P1K4 w',
    move: ['b1', 'b3'],
    caption: 'On b3 it pinches the Pawn on c3 against the Pawn on d3.',
  },
];

/**
 * Fills the help panel; diagrams are mounted the first time the panel opens.
 *
 * @param {HTMLDetailsElement} panel
 * @param {HTMLElement} legend
 * @param {HTMLElement} text
 * @param {() => { pieceSet: PieceSet, theme: Theme }} look  the board's pieces and colours, which
 *   the legend and the diagrams take (they were always green)
 * @returns {() => void} redraws legend and diagrams in the look now in force
 */
export function setUpHelp(panel, legend, text, look) {
  renderLegend(legend, look().pieceSet, look().theme);
  /** @type {EmbedHandle[]} */
  const diagrams = [];
  /** @type {HTMLElement[]} */
  const hosts = [];
  text.append(
    make('p', {}, 'Pieces move like a chess queen (Pawns like a rook, the King one step) and never jump, except over the pieces a Long Leaper captures (or a Chameleon, leaping over a Long Leaper). A frozen piece cannot move, capture or give check, but its owner may remove it from the board instead of moving (not the King).'),
    make('h3', {}, 'Winning and drawing'),
    make('p', {}, 'A King is in check when the other side could capture it with its next move, in any of the ways below. No move may leave your own King in check. You win when your opponent has no legal move: checkmate, or stalemate, which in Ultima wins too. (Under the King capture rule, chosen for a new game, you win by capturing the King.) Either player may resign or offer a draw.'),
    make('p', {}, 'A game is drawn when the same position comes three times with the same side to move, after 100 plies (50 moves each) without a capture or a piece removed, or when only the two Kings are left. Each of these can be switched off in the new game’s rules.'),
  );
  for (const { name, words, caption } of PIECES) {
    const item = make('section', { class: 'help-piece' });
    const figure = make('figure', {});
    const host = make('div', { class: 'help-diagram', 'aria-hidden': 'true' });
    hosts.push(host);
    figure.append(host, make('figcaption', {}, caption));
    item.append(make('h3', {}, name), make('p', {}, words), figure);
    text.append(item);
  }
  panel.addEventListener('toggle', () => {
    if (!panel.open || diagrams.length) return;
    PIECES.forEach(({ position, move }, i) => {
      const host = hosts[i];
      if (!host) return;
      try {
        // Coordinates on: the captions name squares.
        const board = mount(host, { position, mode: 'view', ...look(), animation: false });
        diagrams.push(board);
        board.ready.then((ok) => {
          if (!ok || !move) return;
          const [from, to] = move;
          const shown = board.snapshot().moves[from]?.find((m) => m.to === to);
          if (shown) board.showMove(shown.text);
        });
      } catch (error) {
        host.textContent = `(diagram unavailable: ${errorText(error)})`;
      }
    });
  });
  return () => {
    const { pieceSet, theme } = look();
    legend.replaceChildren();
    renderLegend(legend, pieceSet, theme);
    for (const board of diagrams) board.set({ pieceSet, theme });
  };
}
