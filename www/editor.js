// The board editor's data: a position as 64 letters, a1 first ("." for an empty square, as the
// page stores a position), and what a press on a square does with the tool in hand. Pure
// functions; the dialog is editor-ui.js. Whether a position is legal, and its position string,
// come from the wasm (`positionFromPieces`): nothing here knows the rules or the string's form.

/** The roles in the palette's order, upper case (White); lower case is Black. */
export const ROLES = /** @type {const} */ (['K', 'W', 'C', 'I', 'L', 'X', 'P']);

/** The tool that empties a square. */
export const ERASER = '.';

/** The empty board. */
export const EMPTY = ERASER.repeat(64);

/**
 * A snapshot's pieces as 64 letters.
 *
 * @param {readonly string[]} pieces  a snapshot's `pieces`: a letter or "" per square, a1 first
 * @returns {string}
 */
export const lettersOf = (pieces) => Array.from({ length: 64 }, (_, i) => pieces[i] || ERASER).join('');

/**
 * The board after a press on `square` with `tool` (a piece letter or `ERASER`): the piece put
 * there, or taken away when the same piece is there already (a second press undoes the first),
 * or the square emptied by the eraser.
 *
 * @param {string} letters  64 letters
 * @param {number} square  0–63, a1 first
 * @param {string} tool
 * @returns {string}
 */
export function placed(letters, square, tool) {
  const now = letters.charAt(square);
  const next = tool === now ? ERASER : tool;
  return `${letters.slice(0, square)}${next}${letters.slice(square + 1)}`;
}

/**
 * The board after a piece is dragged from `from`: put on `to` (whatever stood there goes), or
 * taken off the board when dropped outside it (`to` null), as lichess's editor does; dropped
 * where it was, nothing changes.
 *
 * @param {string} letters  64 letters
 * @param {number} from  0–63
 * @param {number | null} to  0–63, or null: off the board
 * @returns {string}
 */
export function dragged(letters, from, to) {
  if (to === from) return letters;
  const piece = letters.charAt(from);
  const emptied = `${letters.slice(0, from)}${ERASER}${letters.slice(from + 1)}`;
  return to === null ? emptied : `${emptied.slice(0, to)}${piece}${emptied.slice(to + 1)}`;
}

/**
 * The palette's tools: each piece of each side, then the eraser.
 *
 * @returns {string[]} e.g. ["K", "W", …, "P", "k", …, "p", "."]
 */
export const tools = () => [...ROLES, ...ROLES.map((role) => role.toLowerCase()), ERASER];
