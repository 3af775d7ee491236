// A legend of the pieces of one set: for each role, a small canvas with the White piece on a
// light square and the Black piece on a dark square, and the role's name. Built with DOM calls
// only; calling it again (to switch sets) replaces what it drew before.

import { drawPiece, ROLE_NAMES } from './pieces.js';
import { THEMES } from './render.js';

/** @import { PieceSet, Role } from './pieces.js' */
/** @import { Theme } from './state.js' */

/** Side of one square of the legend, in CSS pixels. */
const SQUARE = 40;

/** Roles in the order the legend lists them. */
const ROLES = /** @type {Role[]} */ (['K', 'W', 'C', 'I', 'L', 'X', 'P']);

/**
 * Fills `container` with the legend of `set` on the squares of `theme` (the board's own colours,
 * not always the green ones), replacing its previous content.
 *
 * @param {HTMLElement} container
 * @param {PieceSet} set
 * @param {Theme} [theme]
 */
export function renderLegend(container, set, theme = 'green') {
  const { light, dark } = THEMES[theme];
  const ratio = window.devicePixelRatio || 1;
  const list = document.createElement('ul');
  list.className = 'piece-legend';
  for (const role of ROLES) {
    const item = document.createElement('li');
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(2 * SQUARE * ratio);
    canvas.height = Math.round(SQUARE * ratio);
    canvas.style.width = `${2 * SQUARE}px`;
    canvas.style.height = `${SQUARE}px`;
    canvas.setAttribute('aria-hidden', 'true');
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const unit = SQUARE * ratio;
      ctx.fillStyle = light;
      ctx.fillRect(0, 0, unit, unit);
      ctx.fillStyle = dark;
      ctx.fillRect(unit, 0, canvas.width - unit, unit);
      drawPiece(ctx, set, role, 'white', 0, 0, unit);
      drawPiece(ctx, set, role, 'black', unit, 0, unit);
    }
    const name = document.createElement('span');
    name.textContent = ROLE_NAMES[role];
    item.append(canvas, name);
    list.append(item);
  }
  container.replaceChildren(list);
}
