// The game page's move list, in the language of the piece set on the board: each move is the
// moving piece's figurine (drawn by the same art as the board, pieces.js), its squares, and for
// a capture an "x" with each captured piece's figurine and square, then the check or mate mark.
// The text of an item is the move's display form (the piece letter hidden behind its figurine, so
// a selection copies "La1-a6 xa2 xa5"), and its accessible name says the move in words.
// Everything is built from the ply's facts (piece letters, squares, captured letters, mark),
// never from move text.

import { changeWords, moveWords } from './notation.js';
import { drawLetter } from './pieces.js';
import { MARKS } from './review-model.js';
import { GLYPH_WORDS, numberLabel } from './variations.js';
import { make } from './util.js';

/** @import { PlyInfo } from '../ultima-wasm.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Judgement } from './review-model.js' */

/**
 * One piece drawn in the list: its letter (upper case for White) and where it stands.
 *
 * @typedef {object} Figure
 * @property {string} letter  e.g. "p"
 * @property {string} square  e.g. "a2"
 */

/**
 * A ply broken into what the list shows.
 *
 * @typedef {object} MoveParts
 * @property {string} piece  the mover's letter, e.g. "L"
 * @property {string} from  e.g. "a1"
 * @property {string | null} to  e.g. "a6"; null for a suicide
 * @property {Figure[]} captured  e.g. [{ letter: "p", square: "a2" }, …]
 * @property {'+' | '#' | ''} mark
 */

/**
 * @param {PlyInfo} ply
 * @returns {MoveParts}
 */
export function moveParts(ply) {
  return {
    piece: ply.piece,
    from: ply.from,
    to: ply.to,
    captured: ply.captures.map((square, i) => ({ letter: ply.captured[i] ?? '', square })),
    mark: ply.mark === 'mate' ? '#' : ply.mark === 'check' ? '+' : '',
  };
}

/** Side of a figurine's image, in CSS pixels (drawn at twice that for sharp screens). */
const FIGURE_PX = 24;

/** @type {Map<string, string>} figurine images by set and letter, as data URLs */
const figures = new Map();

/**
 * A figurine as an image URL: the piece drawn by the board's art on a rounded light tile, so
 * that Black's dark pieces show on the dark page too.
 *
 * @param {PieceSet} set
 * @param {string} letter e.g. "L" or "p"
 * @returns {string}
 */
export function figureUrl(set, letter) {
  const key = `${set}:${letter}`;
  const known = figures.get(key);
  if (known) return known;
  const size = FIGURE_PX * 3;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#D8D8CC';
  ctx.beginPath();
  ctx.roundRect(0, 0, size, size, size * 0.18);
  ctx.fill();
  drawLetter(ctx, set, letter, 0, 0, size);
  const url = canvas.toDataURL('image/png');
  figures.set(key, url);
  return url;
}

/**
 * A figurine in the list: the picture and, for the mover, its letter as text that is not seen
 * (copied with a selection, as in the display form, which names only the mover).
 *
 * @param {PieceSet} set
 * @param {string} letter
 * @param {boolean} named  keep the letter as text
 * @returns {HTMLElement}
 */
function figure(set, letter, named) {
  const box = make('span', { class: 'figure' });
  const image = make('img', { src: figureUrl(set, letter), alt: '', 'aria-hidden': 'true', width: String(FIGURE_PX), height: String(FIGURE_PX) });
  box.append(image);
  if (named) box.append(make('span', { class: 'figure-letter' }, letter.toUpperCase()));
  return box;
}

/**
 * The content of one move's button (also the analysis board's moves and engine lines).
 *
 * @param {PlyInfo} ply
 * @param {PieceSet} set
 * @returns {Node[]}
 */
export function moveContent(ply, set) {
  const parts = moveParts(ply);
  // The move and each capture are kept whole ("x", the piece taken and its square): a long move
  // in a narrow column wraps between them, never inside one.
  /** @param {Array<Node | string>} content */
  const part = (...content) => {
    const span = make('span', { class: 'move-part' });
    span.append(...content);
    return span;
  };
  const groups = [part(figure(set, parts.piece, true), `${parts.from}-${parts.to ?? ''}`)];
  for (const { letter, square } of parts.captured) groups.push(part(make('span', { class: 'takes' }, 'x'), figure(set, letter, false), square));
  if (parts.mark) groups.at(-1)?.append(make('span', { class: 'mark' }, parts.mark));
  return groups.flatMap((group, i) => (i === 0 ? [group] : [document.createTextNode(' '), group]));
}

/**
 * One move in the piece set's figurines inside a sentence, kept on one line: the review's judged
 * moves, the trainers' tasks and feedback. Its text is the display form (the mover's letter kept
 * as unseen text), so a selection copies and a screen reader reads the move as written.
 *
 * @param {PlyInfo} ply
 * @param {PieceSet} set
 * @param {string} [className]  its own class beside `figurines figured-move`
 * @returns {HTMLElement}
 */
export function figuredMove(ply, set, className = '') {
  const span = make('span', { class: `figurines figured-move${className ? ` ${className}` : ''}` });
  span.append(...moveContent(ply, set));
  return span;
}

/**
 * Words with moves in them, e.g. `[ply, ' is the best move.']`: what a pure module says about
 * moves, which the page draws with `phraseContent`.
 *
 * @typedef {ReadonlyArray<string | PlyInfo>} Phrase
 */

/**
 * A phrase's content: its words as text, its moves in figurines.
 *
 * @param {Phrase} phrase
 * @param {PieceSet} set
 * @returns {Array<string | Node>}
 */
export const phraseContent = (phrase, set) => phrase.map((part) => (typeof part === 'string' ? part : figuredMove(part, set)));

/**
 * A move button's accessible name: the move as the button shows it (the display form, whose
 * letter its figurine stands for) first, then in words. WCAG's "label in name": a voice user
 * says what they see ("click d7-d6"), a screen reader hears the words.
 *
 * @param {PlyInfo} ply
 * @param {string} words  e.g. "1. white Pawn a2 to a6"
 * @returns {string} e.g. "Pa2-a6: 1. white Pawn a2 to a6"
 */
export const moveLabel = (ply, words) => `${ply.display}: ${words}`;

/**
 * A move's number as a screen reader hears it in a move's name, whether or not the list shows
 * it: "1." before White's move, "1..." before Black's.
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export const spokenNumber = (ply) => `${ply.number}.${ply.side === 'black' ? '..' : ''}`;

/**
 * A move of the analysis board in words, numbered as a move's name says it, with a record's
 * assessment of it: "12... black Withdrawer e5 to e3, captures white Pawn on d6, blunder".
 *
 * @param {PlyInfo} ply
 * @param {string | null} glyph  e.g. "??"
 * @param {boolean} [how]  say how each piece is taken, as a move played is announced
 * @returns {string}
 */
export const assessedWords = (ply, glyph, how = false) => `${spokenNumber(ply)} ${moveWords(ply, how)}${glyph ? `, ${GLYPH_WORDS[glyph] ?? glyph}` : ''}`;

/**
 * A move's tooltip: its display form, and for a capture how it took its pieces (for a suicide,
 * that it was one), e.g.
 * "Wd5-d7 xd4\nBlack's Withdrawer d5-d7 took the white Pawn on d4 by moving directly away from it."
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export function moveTitle(ply) {
  const how = changeWords(ply);
  return how ? `${ply.display}\n${how}` : ply.display;
}

/**
 * Fills the list with the game's moves, marks the one shown (`aria-current`) and scrolls the
 * list (only the list, never the page) to bring it into view; if a move had the focus, the move
 * shown has it now.
 *
 * @param {HTMLOListElement} list
 * @param {readonly PlyInfo[]} plies
 * @param {object} how
 * @param {PieceSet} how.pieceSet
 * @param {number} how.current  the ply shown, -1 for the start
 * @param {(ply: number) => void} how.choose  called with a move's index when it is chosen
 * @param {readonly Judgement[]} [how.judgements]  each ply's judgement by a review, marked after
 *   the move as lichess marks it ("?!", "?", "??") and said in its name
 * @param {{ score: string, words: string } | null} [how.result]  how the game ended, written
 *   after its last move as a record ends and as lichess's list does ("0-1", "Black wins on time")
 */
export function renderMoves(list, plies, { pieceSet, current, choose, judgements = [], result = null }) {
  // A move of the list had the focus (a keyboard user chose it, or steps with ← and → from it):
  // it goes to the move shown, so that Tab goes on from there and a screen reader keeps its place.
  const refocus = list.contains(list.ownerDocument.activeElement);
  // The same moves as the list holds (only the move shown changed: ← and →, a click): the move
  // shown is marked again and the list kept. Drawn anew at each step, a 180-ply game's list
  // took most of 20 ms a step.
  const drawn = JSON.stringify([pieceSet, plies.map((ply) => `${ply.number} ${ply.display} ${ply.position}`), judgements.slice(0, plies.length), result]);
  if (drawnLists.get(list) === drawn) {
    list.querySelectorAll('button[data-move]').forEach((button, i) => {
      if (i === current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    });
  } else {
    drawnLists.set(list, drawn);
    list.replaceChildren(...moveItems(plies, { pieceSet, current, choose, judgements, result }));
  }
  // At the start (no move shown), the list itself: its first move would be heard as shown.
  showCurrent(list, refocus, list);
  // At the last move of a finished game, the result written under it comes into view with it.
  const end = list.lastElementChild;
  if (result && end && current === plies.length - 1) scrollTo(list, end);
}

/** What each list holds, as `renderMoves` drew it last: the same again is not drawn anew. */
const drawnLists = /** @type {WeakMap<HTMLOListElement, string>} */ (new WeakMap());

/**
 * The items of a move list: a move per item, numbered as the record numbers them, and the result.
 *
 * @param {readonly PlyInfo[]} plies
 * @param {{ pieceSet: PieceSet, current: number, choose: (ply: number) => void, judgements: readonly Judgement[], result: { score: string, words: string } | null }} how
 *   as `renderMoves` takes them
 * @returns {HTMLElement[]}
 */
function moveItems(plies, { pieceSet, current, choose, judgements, result }) {
  const items = plies.map((ply, i) => {
    const number = `${ply.number}.`;
    const judgement = judgements[i] ?? null;
    const button = make('button', {
      type: 'button',
      'data-move': ply.text,
      title: moveTitle(ply),
      'aria-label': moveLabel(ply, `${spokenNumber(ply)} ${moveWords(ply)}${judgement ? `, ${judgement}` : ''}`),
    });
    button.append(...moveContent(ply, pieceSet));
    if (judgement) {
      button.dataset.judgement = judgement;
      button.append(make('span', { class: `move-judgement ${judgement}`, 'aria-hidden': 'true' }, MARKS[judgement]));
    }
    button.addEventListener('click', () => choose(i));
    if (i === current) button.setAttribute('aria-current', 'step');
    const item = make('li', {});
    item.append(button);
    if (ply.side === 'white') item.dataset.number = number;
    return item;
  });
  // A game that starts with Black to move: its first row has its number and "…" where White's
  // move would be, so each move stays in its side's column, as the record writes "30... d7-d6".
  const first = plies[0];
  if (first?.side === 'black') items.unshift(make('li', { class: 'moves-gap', 'data-number': `${first.number}.`, 'aria-hidden': 'true' }, '…'));
  if (result) {
    const end = make('li', { class: 'moves-result' });
    end.append(make('strong', {}, result.score), ` ${result.words}`);
    items.push(end);
  }
  return items;
}

/** The style sheet of the strips of moves (`renderStrip`), for the page and the embeds' shadow roots. */
export const STRIP_CSS = new URL('./strip.css', import.meta.url).href;

const drawnStrips = /** @type {WeakMap<HTMLElement, string>} */ (new WeakMap());

/**
 * A strip of moves: the line shown, in one row under a phone's board that scrolls sideways to
 * keep the move shown in its middle, as lichess's phone boards have one (the game page's and
 * the analysis board's, whose move lists are under the fold there). For the pointer: each move
 * is a span with its `data-key`, which the caller reads from a click; the strip is hidden from
 * screen readers, who have the list with the same moves, their words and the arrow keys. Drawn
 * anew only when its moves change: a step through them marks and scrolls.
 *
 * @param {HTMLElement} strip
 * @param {ReadonlyArray<{ ply: PlyInfo, key: string, glyph?: string | null }>} moves  the line,
 *   from its first move, each with its key and its mark ("??", "!?"), if any
 * @param {number} current  the index in `moves` of the move shown, -1 for the start
 * @param {PieceSet} pieceSet
 * @param {{ live?: boolean }} [how]  `live`: a game's strip, which ends in a way back to the
 *   game (`.strip-live`, for the caller's click) while an earlier move is shown: the page's
 *   board takes no move then, and its "Back to the game" was a screen down
 */
export function renderStrip(strip, moves, current, pieceSet, { live = false } = {}) {
  const drawn = JSON.stringify([pieceSet, live, moves.map(({ ply, key, glyph }) => `${key} ${ply.number} ${ply.display} ${glyph ?? ''}`)]);
  if (drawnStrips.get(strip) !== drawn) {
    drawnStrips.set(strip, drawn);
    strip.replaceChildren(
      ...moves.flatMap(({ ply, key, glyph }, index) => {
        const move = make('span', { class: 'strip-move', 'data-key': key, title: moveTitle(ply) });
        move.append(...moveContent(ply, pieceSet));
        if (glyph) move.append(make('span', { class: 'strip-glyph' }, glyph));
        const label = numberLabel(ply, index === 0);
        return label ? [make('span', { class: 'strip-number' }, label), move] : [move];
      }),
      ...(live ? [make('span', { class: 'strip-live', title: 'Back to the game' }, 'Latest »')] : []),
    );
  }
  const back = strip.querySelector('.strip-live');
  if (back instanceof HTMLElement) back.hidden = current >= moves.length - 1;
  const items = strip.querySelectorAll('.strip-move');
  items.forEach((item, i) => item.toggleAttribute('data-current', i === current));
  const shown = items[current];
  // Hidden (a wide screen), the strip has no width and nothing to scroll.
  if (shown instanceof HTMLElement && strip.clientWidth > 0) strip.scrollLeft = shown.offsetLeft - (strip.clientWidth - shown.offsetWidth) / 2;
  else strip.scrollLeft = 0;
}

/**
 * Scrolls `list` (only the list) just enough to show `item`.
 *
 * @param {HTMLElement} list
 * @param {Element} item
 */
function scrollTo(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

/**
 * Brings a list's move shown (its `aria-current` item) into view, scrolling the list only:
 * scrollIntoView would scroll the page too, away from the board, after every move on a small
 * screen; with none shown (the start), the list's top. If `refocus` (a move of the list had the
 * focus before the list was drawn again), the move shown takes the focus, else `fallback`.
 * The list is one Tab stop, the move shown (at the start, the first move): a long game put a
 * stop per move between the buttons before it and those after; ← and → step from there.
 * The page's move list and the analysis board's both.
 *
 * @param {HTMLElement} list
 * @param {boolean} refocus
 * @param {HTMLElement | null} fallback
 */
export function showCurrent(list, refocus, fallback) {
  const shown = list.querySelector('[aria-current]');
  const buttons = [...list.querySelectorAll('button')];
  const stop = shown instanceof HTMLButtonElement ? shown : buttons[0];
  for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
  if (shown) scrollTo(list, shown);
  else list.scrollTop = 0;
  if (refocus) (shown instanceof HTMLElement ? shown : fallback)?.focus({ preventScroll: true });
}
