// The interactive lessons as data and pure functions: reading the lesson file (www/lessons.json),
// judging a learner's try, and the progress kept in localStorage. The rules are never
// re-implemented here: the lesson file lists every answer of every step (a test against the
// rules crate, crates/rules/tests/lessons.rs, proves that exactly those moves achieve each goal),
// so a try is right when its canonical text is an answer; a wrong try is explained from what
// the board's snapshot says the move did (its captures, check, the result, the frozen pieces,
// the opponent's captures after it) compared with the step's goal, with the opponent's reply
// that shows it where there is one.

import { listWords, pieceName, takingClauses } from './notation.js';
import { isObject, readStored, readVersioned, squareIndex, writeStored } from './util.js';

/** @import { MoveInfo, Snapshot } from '../ultima-wasm.js' */

/** The localStorage key of the lesson progress. */
export const PROGRESS_KEY = 'ultima.lessons';

/** The version of the lesson file and of the stored progress this code reads. */
export const VERSION = 1;

/**
 * What a step asks for: capture exactly these squares, win by checkmate or stalemate, freeze
 * these squares' pieces, remove a frozen piece (suicide), or defend: leave the opponent no
 * capture at all, without giving up a piece (`safe`).
 *
 * @typedef {{ captures: string[] } | { result: 'checkmate' | 'stalemate' } | { frozen: string[] } | { suicide: true } | { safe: true }} Goal
 */

/**
 * A kind of wrong try: another piece than the step's (`piece`), a capture goal missed with
 * nothing taken (`none`), part of it (`partial`) or something else (`other`), a result goal
 * missed without check (`quiet`) or with a check the opponent can answer (`check`), pieces left
 * unfrozen (`unfrozen`), a defence that leaves a capture (`threat`) or gives the piece up
 * (`lost`).
 *
 * @typedef {'piece' | 'none' | 'partial' | 'other' | 'quiet' | 'check' | 'unfrozen' | 'threat' | 'lost'} WrongKind
 */

/**
 * @typedef {object} Step
 * @property {string} position  a position string, the learner's side to move
 * @property {string | null} piece  the square of the piece the task is about, if it names one
 * @property {string} task  e.g. "Capture both Pawns with one move."
 * @property {Goal} goal
 * @property {string[]} answers  every move achieving the goal, as canonical move text
 * @property {string} success  said after a right move
 * @property {Partial<Record<WrongKind, string>>} wrong  explanations of wrong tries, by kind
 * @property {Record<string, string>} tries  explanations of particular wrong moves, by their text
 */

/**
 * @typedef {object} Lesson
 * @property {string} id  e.g. "pawn"
 * @property {string} title  e.g. "Pawn"
 * @property {string} summary  e.g. "The pinch"
 * @property {'K' | 'W' | 'C' | 'I' | 'L' | 'X' | 'P'} piece  the piece drawn beside its name
 * @property {string} intro  how the piece moves and captures, in a few sentences
 * @property {Step[]} steps
 */

/**
 * How far a learner got: for each lesson, the steps solved in a row from the first, and
 * whether it was ever completed.
 *
 * @typedef {{ version: 1, lessons: Record<string, { solved: number, done: boolean }> }} Progress
 */

/** @param {unknown} value @returns {value is string} */
const isText = (value) => typeof value === 'string' && value.trim() !== '';

/** @param {unknown} value @returns {value is string[]} */
const isTextList = (value) => Array.isArray(value) && value.every(isText);

const ROLES = /** @type {const} */ (['K', 'W', 'C', 'I', 'L', 'X', 'P']);

/**
 * @param {unknown} value
 * @returns {Goal | null}
 */
function readGoal(value) {
  if (!isObject(value)) return null;
  if (isTextList(value.captures) && value.captures.length) return { captures: value.captures };
  if (isTextList(value.frozen) && value.frozen.length) return { frozen: value.frozen };
  if (value.result === 'checkmate' || value.result === 'stalemate') return { result: value.result };
  if (value.suicide === true) return { suicide: true };
  if (value.safe === true) return { safe: true };
  return null;
}

/**
 * @param {unknown} value
 * @returns {Record<string, string>} the entries whose values are text
 */
function textRecord(value) {
  /** @type {Record<string, string>} */
  const record = {};
  if (isObject(value)) for (const [key, words] of Object.entries(value)) if (isText(words)) record[key] = words;
  return record;
}

/**
 * @param {unknown} value
 * @returns {Step | null}
 */
function readStep(value) {
  if (!isObject(value)) return null;
  const goal = readGoal(value.goal);
  const { position, task, success, answers } = value;
  if (!goal || !isText(position) || !isText(task) || !isText(success) || !isTextList(answers) || !answers.length) return null;
  return {
    position,
    piece: isText(value.piece) ? value.piece : null,
    task,
    goal,
    answers,
    success,
    wrong: textRecord(value.wrong),
    tries: textRecord(value.tries),
  };
}

/**
 * The lessons of a parsed lesson file. A lesson or step that is not well formed is left out, so
 * a damaged file shows what it can; a file of another version gives none.
 *
 * @param {unknown} data
 * @returns {Lesson[]}
 */
export function readLessons(data) {
  if (!isObject(data) || data.version !== VERSION || !Array.isArray(data.lessons)) return [];
  /** @type {Lesson[]} */
  const lessons = [];
  for (const value of data.lessons) {
    if (!isObject(value)) continue;
    const { id, title, summary, intro, piece } = value;
    const steps = (Array.isArray(value.steps) ? value.steps : []).map(readStep).filter((step) => step !== null);
    const role = ROLES.find((r) => r === piece);
    if (!isText(id) || !isText(title) || !isText(summary) || !isText(intro) || !role || !steps.length) continue;
    if (lessons.some((lesson) => lesson.id === id)) continue;
    lessons.push({ id, title, summary, intro, piece: role, steps });
  }
  return lessons;
}

/**
 * A learner's try: the move played, as the snapshot lists it.
 *
 * @typedef {Pick<MoveInfo, 'text' | 'from' | 'to' | 'captures'>} Try
 */

/**
 * What a snapshot shows, as far as judging needs: the pieces, check, the status, the frozen
 * pieces and the legal moves.
 *
 * @typedef {Pick<Snapshot, 'pieces' | 'check' | 'status' | 'frozen' | 'moves'>} Seen
 */

/**
 * An opponent's move a wrong try allows, for the board to show (an arrow; a circle on `from` for a
 * suicide, whose `to` is null).
 *
 * @typedef {{ from: string, to: string | null }} Reply
 */

/**
 * @typedef {{ right: true, message: string } | { right: false, kind: WrongKind | 'try', message: string, reply: Reply | null }} Verdict
 */

/**
 * The piece on a square of a snapshot, in words: "the black Pawn on c3".
 *
 * @param {Pick<Snapshot, 'pieces'>} snapshot
 * @param {string} square
 */
function pieceOn(snapshot, square) {
  const letter = snapshot.pieces[squareIndex(square)] ?? '';
  return letter ? `the ${pieceName(letter)} on ${square}` : square;
}

/** @param {string} text */
const capitalised = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A legal move of a snapshot in words, e.g. "black King e8 to d8": the reply a wrong try allows,
 * the one a learner would think of first: a King's step, else another move, a suicide (legal,
 * but no learner's first thought) only when nothing else is.
 *
 * @param {Seen} after
 * @returns {{ move: Reply, words: string } | null}
 */
function aReply(after) {
  const moves = legalMoves(after);
  const isKing = (/** @type {MoveInfo} */ m) => (after.pieces[squareIndex(m.from)] ?? '').toUpperCase() === 'K';
  const move = moves.find((m) => m.to !== null && isKing(m)) ?? moves.find((m) => m.to !== null) ?? moves[0];
  if (!move) return null;
  const mover = pieceName(after.pieces[squareIndex(move.from)] ?? '?');
  const words = move.to === null ? `removing the ${mover} on ${move.from}` : `${mover} ${move.from} to ${move.to}`;
  return { move: replyOf(move), words };
}

/** @param {Seen} after @returns {MoveInfo[]} its legal moves, in one list */
const legalMoves = (after) => Object.values(after.moves).flat();

/** @param {MoveInfo} move @returns {Reply} */
const replyOf = (move) => ({ from: move.from, to: move.to });

/**
 * The opponent's capture a defence left, the one taking most, in words: "the black Withdrawer
 * on e5 can take the white Long Leaper on e4 by moving directly away from it, going to e6".
 *
 * @param {Seen} after
 * @returns {{ move: Reply, words: string } | null}
 */
function aCapture(after) {
  const [move] = legalMoves(after)
    .filter((m) => m.captures.length > 0)
    .sort((a, b) => b.captures.length - a.captures.length);
  if (!move) return null;
  // How it would take them (the rules' facts on the move), and where it goes.
  const letters = move.captures.map((square) => after.pieces[squareIndex(square)] ?? '?');
  const taken = listWords(takingClauses(move, letters));
  return { move: replyOf(move), words: `${pieceOn(after, move.from)} can take ${taken}, going to ${move.to}` };
}

/**
 * Judges a try at a step: right when it is one of the step's answers; otherwise what it did
 * wrong, in words: the fact (from the snapshots before and after the move) then the step's
 * explanation of that kind of mistake.
 *
 * @param {Step} step
 * @param {Try} tried
 * @param {Pick<Snapshot, 'pieces'>} before  the step's position
 * @param {Seen} after  the position after the try
 * @returns {Verdict}
 */
export function judge(step, tried, before, after) {
  if (step.answers.includes(tried.text)) return { right: true, message: step.success };
  const special = step.tries[tried.text];
  if (special) return { right: false, kind: 'try', message: special, reply: null };
  /** @param {WrongKind} kind @param {string} fact @param {string} [fallback] @param {Reply | null} [reply] @returns {Verdict} */
  const wrong = (kind, fact, fallback = '', reply = null) => ({ right: false, kind, message: [fact, step.wrong[kind] ?? fallback].filter(Boolean).join(' '), reply });

  if (step.piece !== null && tried.from !== step.piece) {
    return wrong('piece', '', `This task is about ${pieceOn(before, step.piece)}.`);
  }
  const { goal } = step;
  if ('captures' in goal) {
    const taken = tried.captures.map((square) => pieceOn(before, square));
    if (!tried.captures.length) return wrong('none', 'That move captured nothing.');
    const extra = tried.captures.filter((square) => !goal.captures.includes(square));
    if (!extra.length) return wrong('partial', `That captured only ${listWords(taken)}.`);
    return wrong('other', `That captured ${listWords(taken)}.`);
  }
  if ('frozen' in goal) {
    const loose = goal.frozen.filter((square) => !after.frozen.includes(square)).map((square) => pieceOn(after, square));
    return wrong('unfrozen', `${capitalised(listWords(loose))} ${loose.length > 1 ? 'are' : 'is'} not frozen.`);
  }
  if ('safe' in goal) {
    if (tried.to === null) return wrong('lost', `That removes ${pieceOn(before, tried.from)} from the board.`);
    const capture = aCapture(after);
    if (!capture) return wrong('threat', 'That leaves the opponent a capture.');
    return wrong('threat', `After that, ${capture.words}.`, '', capture.move);
  }
  if ('result' in goal) {
    const reply = aReply(after);
    const answer = reply ? ` (for example ${reply.words})` : '';
    if (after.check !== null) return wrong('check', `That is check, but the opponent can answer it${answer}.`, '', reply?.move);
    return wrong('quiet', `That leaves the opponent a move${answer}.`, '', reply?.move);
  }
  return wrong('quiet', 'That was not the suicide.');
}

/** @returns {Progress} */
export const noProgress = () => ({ version: VERSION, lessons: {} });

/**
 * Reads stored progress; anything unreadable (not JSON, another version, wrong shapes) counts as
 * no progress, and bad entries are dropped one by one.
 *
 * @param {string | null} text
 * @returns {Progress}
 */
export function readProgress(text) {
  const progress = noProgress();
  const data = readVersioned(text, VERSION);
  if (!data || !isObject(data.lessons)) return progress;
  for (const [id, entry] of Object.entries(data.lessons)) {
    if (!isObject(entry)) continue;
    const solved = entry.solved;
    if (typeof solved !== 'number' || !Number.isInteger(solved) || solved < 0 || solved > 100) continue;
    progress.lessons[id] = { solved, done: entry.done === true };
  }
  return progress;
}

/**
 * The progress after step `index` of a lesson of `total` steps was solved: the steps solved in a
 * row grow, and the lesson is done once its last step is solved (and stays done when it is
 * played again).
 *
 * @param {Progress} progress
 * @param {string} id
 * @param {number} index
 * @param {number} total
 * @returns {Progress}
 */
export function solved(progress, id, index, total) {
  const before = progress.lessons[id] ?? { solved: 0, done: false };
  const count = Math.min(total, Math.max(before.solved, index + 1));
  return { ...progress, lessons: { ...progress.lessons, [id]: { solved: count, done: before.done || index + 1 >= total } } };
}

/**
 * Where a learner opening a lesson starts: after the steps solved in a row, or at the first step
 * of a lesson done or not begun.
 *
 * @param {Progress} progress
 * @param {Lesson} lesson
 */
export function startStep(progress, lesson) {
  const entry = progress.lessons[lesson.id];
  if (!entry || entry.solved >= lesson.steps.length) return 0;
  return entry.solved;
}

/**
 * @param {Progress} progress
 * @param {Lesson[]} lessons
 * @returns {number} how many of `lessons` are done
 */
export const doneCount = (progress, lessons) => lessons.filter((lesson) => progress.lessons[lesson.id]?.done).length;

/**
 * The progress in storage. Storage refused or unreadable data: no progress (nothing crashes).
 *
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {Progress}
 */
export function loadProgress(storage) {
  return readProgress(readStored(storage, PROGRESS_KEY));
}

/**
 * Stores the progress; returns false when storage refused it (the lessons go on without it).
 *
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {Progress} progress
 * @returns {boolean}
 */
export function saveProgress(storage, progress) {
  return writeStored(storage, PROGRESS_KEY, JSON.stringify(progress));
}
