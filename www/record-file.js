// A game record as a file, under "Position and record": "Save record" downloads the game's record
// as a text file, and "Open file…" reads a record (or a position string) from a text file into the
// box, where Load record puts it on the board and Analyse opens it, as with pasted text. Reading a
// file changes nothing by itself; a file too big for any game is refused before it is read.

import { errorText, saveFile } from './util.js';

/** Larger than any real record (a 4,000-ply game is about 40 KB); the fuzz tests' inputs are 1 MB. */
export const MAX_RECORD_BYTES = 1_000_000;

/**
 * The name a saved record gets.
 *
 * @param {Date} when
 * @returns {string} e.g. "ultima-game-2026-11-29.txt"
 */
export const recordFileName = (when) => `ultima-game-${when.toISOString().slice(0, 10)}.txt`;

/**
 * Why a file cannot be read as a record, or null.
 *
 * @param {{ name: string, size: number }} file
 * @returns {string | null}
 */
export function fileProblem({ name, size }) {
  if (size === 0) return `${name} is empty.`;
  if (size > MAX_RECORD_BYTES) return `${name} is too big for a game record (${(size / 1e6).toFixed(1)} MB; at most 1 MB).`;
  return null;
}

/**
 * Why the text read from a file is no record, or null: a file of another kind (a picture, a
 * program) reads as bytes that are not text in its encoding (UTF-8, or UTF-16 after its byte
 * order mark), which the browser turns into U+FFFD, or as control characters no text has (NUL,
 * escape…; tabs and line breaks are text). Said before it replaces what the box held.
 *
 * @param {string} name
 * @param {string} text
 * @returns {string | null}
 */
export function textProblem(name, text) {
  if (/[\uFFFD\0-\x08\x0E-\x1F\x7F]/.test(text)) return `${name} is not a text file: a game record or a position string is text.`;
  return null;
}

/**
 * What the box's text is: a position string (section 6.1 of the rules: its board first, ranks
 * parted by '/') or a game record (a header, a comment, a move number or a move first, a '/'
 * only later: in a comment, in a drawn game's "1/2-1/2"). The rules crate reads either and says
 * what is wrong with it; this only chooses which to ask it for.
 *
 * @param {string} text
 * @returns {{ position: string } | { record: string }}  throws for an empty box, which would
 *   make no game (the board would go back to the last game given to it)
 */
export function pastedGame(text) {
  const trimmed = text.trim();
  if (!trimmed) throw new Error('The box is empty: paste a position string or a game record into it first.');
  const first = trimmed.split(/\s/, 1)[0];
  const isPosition = !trimmed.includes('\n') && first.includes('/') && !first.startsWith('{') && first !== '1/2-1/2';
  return isPosition ? { position: trimmed } : { record: trimmed };
}

/**
 * Wires the two buttons.
 *
 * @param {object} parts
 * @param {() => string} parts.record  the game's record
 * @param {HTMLButtonElement} parts.save
 * @param {HTMLButtonElement} parts.open
 * @param {HTMLInputElement} parts.input  the hidden file picker
 * @param {HTMLTextAreaElement} parts.field  the box the text goes into
 * @param {(text: string, ok: boolean) => void} parts.answer  says what happened
 */
export function wireRecordFiles({ record, save, open, input, field, answer }) {
  save.addEventListener('click', () => {
    const name = recordFileName(new Date());
    saveFile(new Blob([record()], { type: 'text/plain' }), name);
    answer(`Saved as ${name}.`, true);
  });
  open.addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    // The same file chosen again is a change too.
    input.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return answer(problem, false);
    let text;
    try {
      text = await file.text();
    } catch (error) {
      return answer(`${file.name} could not be read (${errorText(error)}).`, false);
    }
    const refused = textProblem(file.name, text);
    if (refused) return answer(refused, false);
    field.value = text;
    answer(`Read ${file.name}: Load record puts it on the board, Analyse opens it.`, true);
  });
}
