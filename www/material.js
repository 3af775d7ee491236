// What each side is up in pieces, as lichess shows the material beside each player: the
// pieces on the board of the position shown, counted role by role, each side's surplus over the
// other's (so a set-up position's imbalance shows from its start, as a game's captures do).
// Ultima's pieces have no agreed values, so the lead is pieces, never points. Only facts the
// wasm gave are read (the position's pieces, what each ply captured, whether it was a suicide);
// no rule is worked out here. Pure: unit-tested in node.

import { figureUrl } from './movelist.js';
import { listWords } from './notation.js';
import { ROLE_NAMES, roleName } from './pieces.js';
import { make } from './util.js';

/** @import { PlyInfo } from '../ultima-wasm.js' */
/** @import { PieceSet } from './pieces.js' */

/** The material line's style sheet, for the game page and analysis boards (analysis.js). */
export const MATERIAL_CSS = new URL('./material.css', import.meta.url).href;

/**
 * @typedef {object} Lead
 * @property {string[]} white  the Black pieces White is up, as letters ("p"), in the rules' order
 *   of the roles (King, Withdrawer, Coordinator, Immobilizer, Long Leaper, Chameleon, Pawn)
 * @property {string[]} black  the White pieces Black is up ("P")
 * @property {number} taken  how many pieces have left the board in the plies
 */

/**
 * @param {readonly string[]} pieces  the position's 64 squares, a piece letter or "" each
 * @param {readonly PlyInfo[]} plies  the plies played to it (what left the board)
 * @returns {Lead}
 */
export function materialLead(pieces, plies) {
  /** @type {Map<string, number>} pieces on the board, by letter */
  const count = new Map();
  for (const letter of pieces) if (letter) count.set(letter, (count.get(letter) ?? 0) + 1);
  const taken = plies.reduce((sum, ply) => sum + ply.captured.length + (ply.suicide ? 1 : 0), 0);
  /** @type {Lead} */
  const lead = { white: [], black: [], taken };
  for (const role of Object.keys(ROLE_NAMES)) {
    const black = role.toLowerCase();
    const difference = (count.get(role) ?? 0) - (count.get(black) ?? 0);
    // More White pieces of the role on the board: White is up that many, and the other way round.
    const [up, letter] = difference > 0 ? [lead.white, black] : [lead.black, role];
    for (let i = 0; i < Math.abs(difference); i++) up.push(letter);
  }
  return lead;
}

/**
 * The lead in words, for a screen reader and a tooltip: "White is up a Long Leaper and 2 Pawns;
 * Black is up a Chameleon", "Even: the same pieces taken on both sides" or "No pieces taken yet".
 *
 * @param {Lead} lead
 * @returns {string}
 */
export function materialWords(lead) {
  const sides = /** @type {const} */ ([
    ['White', lead.white],
    ['Black', lead.black],
  ]).filter(([, pieces]) => pieces.length > 0);
  if (sides.length === 0) return lead.taken === 0 ? 'No pieces taken yet' : 'Even: the same pieces taken on both sides';
  return sides.map(([side, pieces]) => `${side} is up ${countWords(pieces)}`).join('; ');
}

/**
 * @param {string[]} letters grouped by role, e.g. ["l", "p", "p"]
 * @returns {string} e.g. "a Long Leaper and 2 Pawns"
 */
function countWords(letters) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const letter of letters) {
    const name = roleName(letter);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return listWords([...counts].map(([name, n]) => (n > 1 ? `${n} ${name}s` : `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`)));
}

/**
 * Shows the lead in `box`: for each side that is up, its name and the figurines of the pieces it
 * is up (a role's pieces overlapping, as lichess stacks them); else the words alone. The words
 * are what a screen reader reads; the pictures are hidden from it.
 *
 * @param {HTMLElement} box
 * @param {Lead} lead
 * @param {PieceSet} set
 */
export function renderMaterial(box, lead, set) {
  // Drawn again only when it changes (an analysis board renders at each engine report).
  const key = `${set} ${lead.white.join('')} ${lead.black.join('')} ${lead.taken}`;
  if (box.dataset.lead === key) return;
  box.dataset.lead = key;
  const words = materialWords(lead);
  box.title = words;
  const sides = /** @type {const} */ ([
    ['White', lead.white],
    ['Black', lead.black],
  ]).filter(([, pieces]) => pieces.length > 0);
  if (sides.length === 0) {
    box.replaceChildren(words);
    box.classList.remove('material-lead');
    return;
  }
  box.classList.add('material-lead');
  const seen = make('span', { 'aria-hidden': 'true' });
  for (const [side, pieces] of sides) {
    const group = make('span', { class: 'material-side' }, `${side} +`);
    pieces.forEach((letter, i) => {
      const stacked = i > 0 && pieces[i - 1] === letter;
      group.append(make('img', { src: figureUrl(set, letter), alt: '', width: '20', height: '20', ...(stacked ? { class: 'stacked' } : {}) }));
    });
    seen.append(group);
  }
  box.replaceChildren(make('span', { class: 'visually-hidden' }, words), seen);
}
