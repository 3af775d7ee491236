// The puzzle trainer's data and pure functions: reading the puzzle set (www/puzzles.json, mined
// by `ultima puzzles` and checked against the engine by crates/cli/src/puzzles.rs), the theme
// filters, choosing the next puzzle, and the player's standing kept in localStorage (rating,
// streak, puzzles tried). Nothing here knows a rule: a puzzle's themes, rating and solution come
// from the file, and a move is right when its canonical text is the solution's.

import { INITIAL, readRating, update } from './rating.js';
import { isObject, readStored, readVersioned, writeStored } from './util.js';
import { captureWords, sideName } from './notation.js';

/** @import { Rating } from './rating.js' */
/** @import { PlyInfo, Side } from '../ultima-wasm.js' */

/** The localStorage key of the player's puzzle standing. */
export const STANDING_KEY = 'ultima.puzzles';

/** The version of the puzzle file and of the stored standing this code reads. */
export const VERSION = 1;

/** The pieces, in the file's order. */
export const PIECES = /** @type {const} */ (['K', 'W', 'C', 'I', 'L', 'X', 'P']);

/** The motifs the file may name, with their words. */
export const MOTIFS = /** @type {const} */ ({
  multiCapture: 'Multiple capture',
  chameleon: 'Chameleon imitation',
  freeze: 'Immobilizer freeze',
  suicide: 'Suicide',
  checkmate: 'Checkmate',
  stalemate: 'Stalemate',
  material: 'Winning material',
});

/** @typedef {keyof typeof MOTIFS} Motif */
/** @typedef {typeof PIECES[number]} Piece */

/**
 * @typedef {object} Puzzle
 * @property {string} id  e.g. "1-2-6": seed, game, ply of the self-play game it comes from
 * @property {string} position  a position string, the solver to move
 * @property {Lead | null} lead  how the game came to the position: the page plays it first
 * @property {string[]} moves  the solution line: the solver's moves at even indices, the
 *   defender's replies at odd ones, ending on a solver's move
 * @property {number} rating
 * @property {Piece[]} pieces  the pieces the solver moves
 * @property {Motif[]} motifs
 * @property {number | null} mate  the solver's moves to the mate, if it ends in one
 */

/**
 * The opponent's last move before a puzzle, from the game it was mined from: the position
 * before it and the move (the file's `before` and `lastMove`, checked by the rules crate).
 *
 * @typedef {{ before: string, move: string }} Lead
 */

/**
 * Which puzzles to offer: a piece the solver moves, a motif, a mate in so many moves (each
 * null: any), and whether only the puzzles the player missed (`missed`, see `isMissed`).
 *
 * @typedef {{ piece: Piece | null, motif: Motif | null, mate: number | null, missed: boolean }} Filter
 */

/** @type {Readonly<Filter>} */
export const ANY = Object.freeze({ piece: null, motif: null, mate: null, missed: false });

/**
 * The difficulties a player may choose, as lichess offers them: how far from the player's
 * rating the next puzzle is drawn, in rating points.
 */
export const DIFFICULTIES = /** @type {const} */ ({
  easiest: { words: 'Easiest', offset: -600 },
  easier: { words: 'Easier', offset: -300 },
  normal: { words: 'Normal', offset: 0 },
  harder: { words: 'Harder', offset: 300 },
  hardest: { words: 'Hardest', offset: 600 },
});

/** @typedef {keyof typeof DIFFICULTIES} Difficulty */

/** @param {unknown} value @returns {value is Difficulty} */
export const isDifficulty = (value) => typeof value === 'string' && Object.hasOwn(DIFFICULTIES, value);

/**
 * The player's standing: the rating, the current and best streak of puzzles solved at the first
 * try, each puzzle's first result (only the first try of a puzzle rates), the puzzles failed at
 * the first try and solved since, the filter, the best climb and the best storm.
 *
 * @typedef {object} Standing
 * @property {1} version
 * @property {Rating} rating
 * @property {number} streak
 * @property {number} best
 * @property {{ [id: string]: 'solved' | 'failed' }} tried
 * @property {{ [id: string]: true }} redone  failed at the first try, solved on a later one
 * @property {Filter} filter
 * @property {Difficulty} difficulty  how far from the rating the next puzzle is drawn
 * @property {number} climbBest  the most puzzles solved in one climb (`climbPuzzles`)
 * @property {number} stormBest  the most puzzles solved in one storm (storm.js)
 * @property {{ [day: string]: number }} stormDays  the best storm of each of the last days a
 *   storm was played, by local day ("2026-11-30"; storm.js's `stormPlayed`)
 * @property {string | null} pending  the rated puzzle put on the board and not answered yet: the
 *   trainer opens on it again (after a reload, on the next visit) rather than drawing another,
 *   as lichess keeps a puzzle in its address, so that a reload neither loses it nor skips it
 */

/** @param {unknown} value @returns {value is string} */
const isText = (value) => typeof value === 'string' && value.trim() !== '';

/** @param {unknown} value @returns {value is Piece} */
const isPiece = (value) => PIECES.some((p) => p === value);

/** @param {unknown} value @returns {value is Motif} */
const isMotif = (value) => typeof value === 'string' && Object.hasOwn(MOTIFS, value);

/** @param {unknown} value @returns {value is number} */
const isCount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * @param {unknown} value
 * @returns {Puzzle | null}
 */
function readPuzzle(value) {
  if (!isObject(value)) return null;
  const { id, position, before, lastMove, moves, rating, pieces, motifs, mate } = value;
  if (!isText(id) || !isText(position) || !Array.isArray(moves) || !moves.length || moves.length % 2 !== 1 || !moves.every(isText)) return null;
  // Both or neither: a set mined before the last moves were kept has none.
  const lead = isText(before) && isText(lastMove) ? { before, move: lastMove } : null;
  if (!lead && (before !== undefined || lastMove !== undefined)) return null;
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return null;
  if (!Array.isArray(pieces) || !pieces.every(isPiece) || !Array.isArray(motifs) || !motifs.every(isMotif)) return null;
  if (mate !== null && !(isCount(mate) && mate > 0)) return null;
  return { id, position, lead, moves, rating, pieces, motifs, mate };
}

/**
 * The puzzles of a parsed puzzle file. A puzzle that is not well formed is left out, so a
 * damaged file shows what it can; a file of another version gives none.
 *
 * @param {unknown} data
 * @returns {Puzzle[]}
 */
export function readPuzzles(data) {
  if (!isObject(data) || data.version !== VERSION || !Array.isArray(data.puzzles)) return [];
  /** @type {Puzzle[]} */
  const puzzles = [];
  for (const value of data.puzzles) {
    const puzzle = readPuzzle(value);
    if (puzzle && !puzzles.some((p) => p.id === puzzle.id)) puzzles.push(puzzle);
  }
  return puzzles;
}

/**
 * Whether a puzzle passes a filter.
 *
 * @param {Puzzle} puzzle
 * @param {Filter} filter
 */
export function matches(puzzle, filter) {
  return (filter.piece === null || puzzle.pieces.includes(filter.piece)) && (filter.motif === null || puzzle.motifs.includes(filter.motif)) && (filter.mate === null || puzzle.mate === filter.mate);
}

/** How many of the puzzles nearest the player's rating the next one is drawn from. */
const NEAREST = 8;

/**
 * A new player's first puzzles are drawn this much easier: the rating starts at 1500, above the
 * set's median (1100; a quarter are 800), and a newcomer's first puzzle was a mate in two. The
 * rating, provisional then, moves fast enough to find the player's own level after them. Only at
 * the Normal difficulty: another one chosen is the player's own word on it.
 */
const WARM_UP = { puzzles: 5, offset: -400 };

/**
 * Whether the player missed a puzzle and has not solved it since: the puzzles "Only the ones I
 * missed" offers again, until each is solved.
 *
 * @param {Standing} standing
 * @param {string} id
 * @returns {boolean}
 */
export function isMissed(standing, id) {
  return standing.tried[id] === 'failed' && !Object.hasOwn(standing.redone, id);
}

/**
 * Whether the trainer offers a puzzle: it passes the filter's themes, and when the filter asks
 * for the missed ones only, it is one.
 *
 * @param {Puzzle} puzzle
 * @param {Standing} standing
 * @returns {boolean}
 */
export function offered(puzzle, standing) {
  return matches(puzzle, standing.filter) && (!standing.filter.missed || isMissed(standing, puzzle.id));
}

/**
 * The puzzle left on the board unanswered (`Standing.pending`), if the set still has it and the
 * filter still offers it; else null, and the trainer draws the next one.
 *
 * @param {Puzzle[]} puzzles
 * @param {Standing} standing
 * @returns {Puzzle | null}
 */
export function pendingPuzzle(puzzles, standing) {
  const left = puzzles.find((p) => p.id === standing.pending);
  return left && offered(left, standing) ? left : null;
}

/**
 * The next puzzle: one of the puzzles offered (`offered`) not tried yet, among the nearest to the
 * player's rating moved by the chosen difficulty (`DIFFICULTIES`), and for a new player's first
 * few by `WARM_UP`, drawn by `random`; when every
 * puzzle offered was tried (always so for the missed ones), the tried ones again. Never `current`
 * twice in a row when there is another: a puzzle is not always recorded as tried (a damaged one,
 * or one seen in a storm), and Next must not show it again.
 * Null when none is offered.
 *
 * @param {Puzzle[]} puzzles
 * @param {Standing} standing
 * @param {string | null} current  the id of the puzzle just played
 * @param {() => number} [random]  in [0, 1)
 * @returns {Puzzle | null}
 */
export function nextPuzzle(puzzles, standing, current, random = Math.random) {
  const passing = puzzles.filter((p) => offered(p, standing));
  const others = passing.filter((p) => p.id !== current);
  const fresh = others.filter((p) => !Object.hasOwn(standing.tried, p.id));
  const pool = fresh.length ? fresh : others.length ? others : passing;
  if (!pool.length) return null;
  // A difficulty chosen is the player's word: no warm-up then.
  const warmUp = standing.difficulty === 'normal' && Object.keys(standing.tried).length < WARM_UP.puzzles ? WARM_UP.offset : 0;
  const target = standing.rating.rating + DIFFICULTIES[standing.difficulty].offset + warmUp;
  const nearest = [...pool].sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target) || a.rating - b.rating).slice(0, NEAREST);
  return nearest[Math.min(nearest.length - 1, Math.floor(random() * nearest.length))] ?? null;
}

/**
 * Judges the move played at `index` of a puzzle's line: `right` (the line goes on with the
 * defender's reply), `solved` (it was the last move) or `wrong`.
 *
 * @param {Puzzle} puzzle
 * @param {number} index
 * @param {string} move  canonical move text
 * @returns {'right' | 'solved' | 'wrong'}
 */
export function judge(puzzle, index, move) {
  if (puzzle.moves[index] !== move) return 'wrong';
  return index + 1 >= puzzle.moves.length ? 'solved' : 'right';
}

/** @returns {Standing} */
export function newStanding() {
  return { version: VERSION, rating: { ...INITIAL }, streak: 0, best: 0, tried: {}, redone: {}, filter: { ...ANY }, difficulty: 'normal', climbBest: 0, stormBest: 0, stormDays: {}, pending: null };
}

/**
 * A stored filter, each field kept when it is one the trainer offers.
 *
 * @param {unknown} value
 * @returns {Filter}
 */
function readFilter(value) {
  if (!isObject(value)) return { ...ANY };
  return {
    piece: isPiece(value.piece) ? value.piece : null,
    motif: isMotif(value.motif) ? value.motif : null,
    mate: isCount(value.mate) && value.mate > 0 ? value.mate : null,
    missed: value.missed === true,
  };
}

/**
 * The standing stored as text, or a new standing for anything else: damaged parts are dropped, so a
 * damaged value never breaks the trainer.
 *
 * @param {string | null} text
 * @returns {Standing}
 */
export function readStanding(text) {
  const fresh = newStanding();
  const data = readVersioned(text, VERSION);
  if (!data) return fresh;
  /** @type {Standing['tried']} */
  const tried = {};
  if (isObject(data.tried)) {
    for (const [id, result] of Object.entries(data.tried)) if (result === 'solved' || result === 'failed') tried[id] = result;
  }
  /** @type {Standing['redone']} */
  const redone = {};
  if (isObject(data.redone)) {
    for (const [id, done] of Object.entries(data.redone)) if (done === true && tried[id] === 'failed') redone[id] = true;
  }
  const streak = isCount(data.streak) ? data.streak : 0;
  return {
    version: VERSION,
    rating: readRating(data.rating) ?? fresh.rating,
    streak,
    best: isCount(data.best) ? Math.max(data.best, streak) : streak,
    tried,
    redone,
    filter: readFilter(data.filter),
    // Added within version 1: a standing stored before difficulties has none, and draws near
    // the rating itself.
    difficulty: isDifficulty(data.difficulty) ? data.difficulty : 'normal',
    // Also added within version 1: a standing stored before climbs has none.
    climbBest: isCount(data.climbBest) ? data.climbBest : 0,
    // And before storms.
    stormBest: isCount(data.stormBest) ? data.stormBest : 0,
    stormDays: readDays(data.stormDays),
    // And before a puzzle left unanswered was kept.
    pending: isText(data.pending) ? data.pending : null,
  };
}

/**
 * Stored days' bests: the entries keyed by a day ("2026-11-30") with a count, the others left out.
 *
 * @param {unknown} value
 * @returns {Standing['stormDays']}
 */
function readDays(value) {
  /** @type {Standing['stormDays']} */
  const days = {};
  if (!isObject(value)) return days;
  for (const [day, best] of Object.entries(value)) if (/^\d{4}-\d{2}-\d{2}$/.test(day) && isCount(best)) days[day] = best;
  return days;
}

/**
 * The standing in `storage`; a new one when there is none, it is damaged or storage is refused.
 *
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {Standing}
 */
export function loadStanding(storage) {
  return readStanding(readStored(storage, STANDING_KEY));
}

/**
 * Stores the standing; returns false when storage refused it (the trainer goes on without it).
 *
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {Standing} standing
 * @returns {boolean}
 */
export function saveStanding(storage, standing) {
  return writeStored(storage, STANDING_KEY, JSON.stringify(standing));
}

/**
 * The standing after a puzzle's result. Only the first try of a puzzle rates and counts in the
 * streak; a later try changes only whether a puzzle missed at the first try is solved since.
 *
 * @param {Standing} standing
 * @param {Puzzle} puzzle
 * @param {boolean} solved
 * @returns {Standing}
 */
export function scored(standing, puzzle, solved) {
  const answered = standing.pending === puzzle.id ? { ...standing, pending: null } : standing;
  if (Object.hasOwn(standing.tried, puzzle.id)) {
    return solved && isMissed(standing, puzzle.id) ? { ...answered, redone: { ...standing.redone, [puzzle.id]: true } } : answered;
  }
  const streak = solved ? standing.streak + 1 : 0;
  return {
    ...answered,
    rating: update(standing.rating, puzzle.rating, solved ? 1 : 0),
    streak,
    best: Math.max(standing.best, streak),
    tried: { ...standing.tried, [puzzle.id]: solved ? 'solved' : 'failed' },
  };
}

/**
 * What missing a puzzle now would do to the rating (a solution shown, say), or null when it would
 * do nothing: the puzzle was tried before.
 *
 * @param {Standing} standing
 * @param {Puzzle} puzzle
 * @returns {{ after: number, change: number } | null}  the rating after, rounded, and its change
 */
export function missedCost(standing, puzzle) {
  if (Object.hasOwn(standing.tried, puzzle.id)) return null;
  const after = Math.round(scored(standing, puzzle, false).rating.rating);
  return { after, change: after - Math.round(standing.rating.rating) };
}

/**
 * How the player did on each motif: the puzzles of the motif tried, and of those the ones solved
 * at the first try. Only motifs with a puzzle tried, the weakest first (the lowest share solved,
 * then the most tried), as lichess's puzzle dashboard lists what to work on.
 *
 * @param {Puzzle[]} puzzles
 * @param {Standing} standing
 * @returns {Array<{ motif: Motif, tried: number, solved: number }>}
 */
export function motifResults(puzzles, standing) {
  /** @type {Map<Motif, { motif: Motif, tried: number, solved: number }>} */
  const results = new Map();
  for (const puzzle of puzzles) {
    const result = standing.tried[puzzle.id];
    if (result === undefined) continue;
    for (const motif of puzzle.motifs) {
      const entry = results.get(motif) ?? { motif, tried: 0, solved: 0 };
      entry.tried += 1;
      if (result === 'solved') entry.solved += 1;
      results.set(motif, entry);
    }
  }
  return [...results.values()].sort((a, b) => a.solved / a.tried - b.solved / b.tried || b.tried - a.tried || a.motif.localeCompare(b.motif));
}

/**
 * The theme counts of a set, for the filters' labels: puzzles per piece, per motif, per mate
 * length. With a standing, each among the puzzles it offers with that one choice left open (a
 * piece's count with the motif, the mate length and "only the ones I missed" chosen, whatever
 * piece is): what choosing it would offer.
 *
 * @param {Puzzle[]} puzzles
 * @param {Standing} [standing]  none: the whole set's counts
 */
export function themeCounts(puzzles, standing) {
  /** @type {{ [key: string]: number }} */
  const pieces = {};
  /** @type {{ [key: string]: number }} */
  const motifs = {};
  /** @type {{ [key: string]: number }} */
  const mates = {};
  /** @type {(p: Puzzle, open: 'piece' | 'motif' | 'mate') => boolean} */
  const counts = (p, open) => standing === undefined || offered(p, { ...standing, filter: { ...standing.filter, [open]: null } });
  for (const p of puzzles) {
    if (counts(p, 'piece')) for (const piece of p.pieces) pieces[piece] = (pieces[piece] ?? 0) + 1;
    if (counts(p, 'motif')) for (const motif of p.motifs) motifs[motif] = (motifs[motif] ?? 0) + 1;
    if (p.mate !== null && counts(p, 'mate')) mates[p.mate] = (mates[p.mate] ?? 0) + 1;
  }
  return { pieces, motifs, mates };
}

/** How many puzzles a climb has (fewer when the set has fewer). */
export const CLIMB_LENGTH = 30;

/**
 * A climb, as lichess's puzzle streak: `length` puzzles from the easiest of the set to the
 * hardest, each rated at least as high as the one before. The set sorted by rating is cut into
 * `length` runs, and one puzzle is drawn by `random` from each, so that two climbs differ. Themes
 * and the puzzles tried play no part: a climb is not rated.
 *
 * @param {Puzzle[]} puzzles
 * @param {number} length
 * @param {() => number} [random]  in [0, 1)
 * @returns {Puzzle[]}
 */
export function climbPuzzles(puzzles, length, random = Math.random) {
  const sorted = [...puzzles].sort((a, b) => a.rating - b.rating || a.id.localeCompare(b.id));
  const n = Math.min(length, sorted.length);
  /** @type {Puzzle[]} */
  const climb = [];
  for (let k = 0; k < n; k++) {
    const start = Math.floor((k * sorted.length) / n);
    const size = Math.floor(((k + 1) * sorted.length) / n) - start;
    const drawn = sorted[start + Math.min(size - 1, Math.floor(random() * size))];
    if (drawn) climb.push(drawn);
  }
  return climb;
}

/**
 * The standing after a climb or a storm reached `solved` puzzles: its best, if higher.
 *
 * @param {Standing} standing
 * @param {'climbBest' | 'stormBest'} which
 * @param {number} solved
 * @returns {Standing}
 */
export function keptBest(standing, which, solved) {
  return solved > standing[which] ? { ...standing, [which]: solved } : standing;
}

/**
 * One puzzle played in the trainer in this tab, as lichess's puzzle session shows them: its
 * result at its first try here, and what that try did to the rating.
 *
 * @typedef {object} SessionEntry
 * @property {string} id  the puzzle's
 * @property {boolean} solved  at its first try in this session
 * @property {number | null} change  the rating's change (rounded), when that try was rated
 *   (the puzzle's first try ever); null when it was not
 */

/** How many puzzles a session shows: the latest ones. */
export const SESSION_LENGTH = 40;

/** The sessionStorage key of the session: it lasts as long as the tab, through reloads. */
export const SESSION_KEY = 'ultima.puzzles.session';

/**
 * A stored session read back: its well-formed entries, each puzzle once, the latest
 * `SESSION_LENGTH`; none for anything that is not a list.
 *
 * @param {string | null} text
 * @returns {SessionEntry[]}
 */
export function readSession(text) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text ?? 'null');
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  /** @type {SessionEntry[]} */
  let session = [];
  for (const value of data) {
    if (!isObject(value)) continue;
    const { id, solved, change } = value;
    if (isText(id) && typeof solved === 'boolean' && (change === null || Number.isInteger(change))) session = sessionWith(session, { id, solved, change: /** @type {number | null} */ (change) });
  }
  return session;
}

/**
 * The session with a puzzle's result added last, unless the puzzle is in it already (a later
 * try does not change what its first try did); the oldest dropped past `SESSION_LENGTH`.
 *
 * @param {readonly SessionEntry[]} session
 * @param {SessionEntry} entry
 * @returns {SessionEntry[]}
 */
export function sessionWith(session, entry) {
  if (session.some((played) => played.id === entry.id)) return [...session];
  return [...session, entry].slice(-SESSION_LENGTH);
}

/**
 * Rating points with their sign, as the trainer writes a change or an offset: "+12", "−8", "+0".
 *
 * @param {number} points
 * @returns {string}
 */
export const signedPoints = (points) => `${points >= 0 ? '+' : '−'}${Math.abs(points)}`;

/**
 * What a session's entry shows and says: the rating's change ("+12", "−8") when its try was
 * rated, a mark (✓, ✗) when not.
 *
 * @param {SessionEntry} entry
 * @returns {{ text: string, words: string }}
 */
export function sessionWords({ id, solved, change }) {
  const result = solved ? 'solved' : 'missed';
  if (change === null) return { text: solved ? '✓' : '✗', words: `Puzzle ${id}, ${result}` };
  const signed = signedPoints(change);
  return { text: signed, words: `Puzzle ${id}, ${result}, rating ${signed}` };
}

/**
 * What a solved puzzle's moves did, in words, after "Solved!": how each of the solver's moves
 * took its pieces (the first move's double capture, said of a line that ends on a quiet move,
 * was left out), what the last one froze or freed, and that it mates or stalemates; for a line
 * of quiet moves in a puzzle that wins material, where the material comes from (a move later:
 * the puzzle's line ends on the quiet move). A lesson in the solution, as the failed puzzle's
 * solution gives one.
 *
 * @param {Pick<Puzzle, 'motifs'>} puzzle
 * @param {readonly PlyInfo[]} plies  the solver's moves, in order
 * @param {string} freeze  what the last one froze or freed (notation.js `freezeWords`), or ""
 * @returns {string}
 */
export function solvedWords(puzzle, plies, freeze) {
  const last = plies.at(-1);
  if (!last) return '';
  const said = [...plies.map((ply) => captureWords(ply)), freeze].filter(Boolean);
  if (last.mark === 'mate') said.push('Checkmate.');
  else if (puzzle.motifs.includes('stalemate')) said.push(`Stalemate: ${sideName(last.side === 'white' ? 'black' : 'white')} has no move left, and in Ultima that loses.`);
  else if (said.length === 0 && puzzle.motifs.includes('material')) said.push('A quiet move: the material it wins comes in the moves that follow, whatever the answer (Analyse shows how).');
  return said.join(' ');
}

/**
 * A puzzle's solution line in words, every move in it: the solver's, each of the defender's
 * answers named as such (the solver's later captures may take a piece only an answer brought
 * there), e.g. "Xc1-f4+; Black answers Pe6-c6; then Ch1-e1 xe4". Moves are kept as they are
 * (the page draws them in figurines).
 *
 * @template {{ side: Side }} P
 * @param {readonly P[]} plies  the line, the solver's move first
 * @returns {Array<string | P>}
 */
export function solutionPhrase(plies) {
  return plies.flatMap((ply, i) => {
    if (i === 0) return [ply];
    if (i % 2 === 1) return [`; ${sideName(ply.side)} answers `, ply];
    return ['; then ', ply];
  });
}
