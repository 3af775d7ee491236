import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { doneCount, judge, loadProgress, noProgress, PROGRESS_KEY, readLessons, readProgress, saveProgress, solved, startStep } from '../www/lessons.js';
import { move } from './fixtures.mjs';

/** @import { Lesson, Step } from '../www/lessons.js' */
/** @import { Snapshot } from '../dist/ultima-wasm.js' */

const FILE = JSON.parse(readFileSync(new URL('../www/lessons.json', import.meta.url), 'utf8'));

/**
 * The 64 piece letters of a position string's board, a1 first (test data only: the page never
 * reads position strings).
 *
 * @param {string} position
 */
function piecesOf(position) {
  const rows = (position.split(' ')[0] ?? '').split('/').reverse();
  return rows.flatMap((row) => [...row].flatMap((c) => (/\d/.test(c) ? Array(Number(c)).fill('') : [c])));
}

/**
 * What judging needs of a snapshot.
 *
 * @param {string} position
 * @param {Partial<Snapshot>} [change]
 * @returns {Pick<Snapshot, 'pieces' | 'check' | 'status' | 'frozen' | 'moves'>}
 */
function seen(position, change = {}) {
  return { pieces: piecesOf(position), check: null, status: { kind: 'ongoing', winner: null, result: '*' }, frozen: [], moves: {}, ...change };
}

const lessons = readLessons(FILE);

/** @param {string} id @param {number} n @returns {Step} */
function stepOf(id, n) {
  const step = lessons.find((lesson) => lesson.id === id)?.steps[n];
  assert.ok(step, `${id} step ${n}`);
  return step;
}

test('the lesson file reads completely: every lesson, every step with a task and answers', () => {
  assert.deepEqual(
    lessons.map((lesson) => lesson.id),
    ['pawn', 'withdrawer', 'long-leaper', 'coordinator', 'immobilizer', 'chameleon', 'taking-the-immobilizer', 'several-at-once', 'defending', 'king', 'check', 'checkmate', 'stalemate'],
  );
  const steps = lessons.flatMap((lesson) => lesson.steps);
  assert.equal(steps.length, FILE.lessons.flatMap((/** @type {any} */ lesson) => lesson.steps).length, 'no step was dropped');
  assert.ok(steps.length >= 20);
  for (const step of steps) assert.ok(step.answers.length && step.task && step.success);
  assert.ok(lessons.find((lesson) => lesson.id === 'chameleon')?.steps.length === 5, 'the Chameleon imitates each kind');
});

test('a damaged lesson file gives what it can, another version nothing, and never throws', () => {
  assert.deepEqual(readLessons(null), []);
  assert.deepEqual(readLessons('text'), []);
  assert.deepEqual(readLessons({ ...FILE, version: 2 }), []);
  const [pawn] = FILE.lessons;
  const broken = {
    version: 1,
    lessons: [
      { ...pawn, steps: [pawn.steps[0], { ...pawn.steps[1], answers: [] }, { ...pawn.steps[2], goal: { win: true } }, 7] },
      { ...pawn, id: 'no-steps', steps: [] },
      { ...pawn, id: 'bad-piece', piece: 'Q' },
      pawn,
      null,
    ],
  };
  const read = readLessons(broken);
  assert.deepEqual(read.map((/** @type {Lesson} */ lesson) => [lesson.id, lesson.steps.length]), [['pawn', 1]], 'the broken steps dropped, the lesson kept once');
});

test('a right try is an answer, and gets the step\'s words', () => {
  const step = stepOf('long-leaper', 0);
  const verdict = judge(step, move('a1-a7xa2xa5'), seen(step.position), seen('4k3/L7/8/8/8/8/8/4K3 b'));
  assert.deepEqual(verdict, { right: true, message: step.success });
});

test('a wrong capture is explained from what it took compared with the goal', () => {
  const leaper = stepOf('long-leaper', 0);
  const before = seen(leaper.position);
  const partial = judge(leaper, move('a1-a3xa2'), before, seen('4k3/8/8/p7/8/L7/8/4K3 b'));
  assert.equal(partial.right, false);
  assert.ok(!partial.right && partial.kind === 'partial');
  assert.equal(partial.message, `That captured only the black Pawn on a2. ${leaper.wrong.partial}`);

  const nothing = judge(leaper, move('a1-b1'), before, seen('4k3/8/8/p7/8/8/p7/1L2K3 b'));
  assert.ok(!nothing.right && nothing.kind === 'none');
  assert.equal(nothing.message, `That move captured nothing. ${leaper.wrong.none}`);

  const withdrawer = stepOf('withdrawer', 1);
  const other = judge(withdrawer, move('d4-e4xc4'), seen(withdrawer.position), seen('7k/8/8/4l3/4W3/8/8/7K b'));
  assert.ok(!other.right && other.kind === 'other');
  assert.equal(other.message, `That captured the black Pawn on c4. ${withdrawer.wrong.other}`);
  assert.match(other.message, /captures only the piece it moves directly away from/);
});

test('another piece than the task\'s is named, and a particular try has its own words', () => {
  const check = stepOf('check', 1);
  const king = judge(check, move('e2-d3'), seen(check.position), seen('4p2k/6pp/4W3/4l3/8/3K4/PP6/8 b'));
  assert.ok(!king.right && king.kind === 'piece');
  assert.equal(king.message, check.wrong.piece);
  const pawn = stepOf('pawn', 0);
  const fallback = judge({ ...pawn, wrong: {} }, move('d1-e1'), seen(pawn.position), seen(pawn.position));
  assert.equal(fallback.message, 'This task is about the white Pawn on b1.');

  const chameleon = stepOf('chameleon', 2);
  const diagonal = judge(chameleon, move('f1-d3'), seen(chameleon.position), seen('4k3/8/8/8/8/1PpX4/8/3X3K b'));
  assert.ok(!diagonal.right && diagonal.kind === 'try');
  assert.match(diagonal.message, /diagonal move never pinches/);
});

test('a missed freeze names the pieces left free', () => {
  const step = stepOf('immobilizer', 1);
  const after = seen('4k3/8/1I6/2w1l3/8/8/8/7K b', { frozen: ['c5'] });
  const verdict = judge(step, move('a6-b6'), seen(step.position), after);
  assert.ok(!verdict.right && verdict.kind === 'unfrozen');
  assert.equal(verdict.message, `The black Long Leaper on e5 is not frozen. ${step.wrong.unfrozen}`);
  const none = judge(step, move('a6-a7'), seen(step.position), seen('4k3/I7/8/2w1l3/8/8/8/7K b'));
  assert.match(none.message, /^The black Withdrawer on c5 and the black Long Leaper on e5 are not frozen\./);
});

test('a missed mate says whether it was check, with a reply the snapshot allows', () => {
  const step = stepOf('checkmate', 0);
  const before = seen(step.position);
  const check = judge(step, move('h1-h7'), before, seen('4k3/3ppp1L/4I3/8/8/8/6K1/8 b', { check: 'e8', moves: { e8: [move('e8-d8')] } }));
  assert.ok(!check.right && check.kind === 'check');
  assert.equal(check.message, `That is check, but the opponent can answer it (for example black King e8 to d8). ${step.wrong.check}`);
  assert.ok(!check.right && check.reply?.from === 'e8' && check.reply.to === 'd8', 'the reply, for the board to draw');
  const quiet = judge(step, move('h1-h2'), before, seen('4k3/3ppp2/4I3/8/8/8/6KL/8 b', { moves: { e8: [move('e8-f8')] } }));
  assert.ok(!quiet.right && quiet.kind === 'quiet');
  assert.equal(quiet.message, `That leaves the opponent a move (for example black King e8 to f8). ${step.wrong.quiet}`);
  // The reply named is the one a learner thinks of: the King's step, not a suicide listed first.
  const listed = { d7: [move('d7-')], f7: [move('f7-f6')], e8: [move('e8-d8')] };
  const kingFirst = judge(step, move('h1-h2'), before, seen('4k3/3ppp2/4I3/8/8/8/6KL/8 b', { moves: listed }));
  assert.match(kingFirst.message, /\(for example black King e8 to d8\)/);
  const noKing = judge(step, move('h1-h2'), before, seen('4k3/3ppp2/4I3/8/8/8/6KL/8 b', { moves: { d7: [move('d7-')], f7: [move('f7-f6')] } }));
  assert.match(noKing.message, /\(for example black Pawn f7 to f6\)/);
});

test('a defence that leaves a capture names it, the biggest, and gives it to be drawn; giving the piece up is no defence', () => {
  const step = stepOf('defending', 1);
  const before = seen(step.position);
  assert.deepEqual(judge(step, move('b3-e6'), before, seen('k7/8/P3C3/4w3/4L3/4i3/8/7K b')), { right: true, message: step.success });

  // The Coordinator goes elsewhere: the Withdrawer still moves away from the Long Leaper.
  const withdrawing = [{ way: /** @type {const} */ ('withdrawal'), with: null, withPiece: null, imitated: false }];
  const after = seen('k7/8/P7/4w3/4L3/4i3/8/2C4K b', { moves: { a8: [move('a8-b8')], e5: [move('e5-d5'), move('e5-e6xe4', withdrawing), move('e5-e7xe4', withdrawing)] } });
  const threat = judge(step, move('b3-c1'), before, after);
  assert.ok(!threat.right && threat.kind === 'threat');
  assert.equal(threat.message, `After that, the black Withdrawer on e5 can take the white Long Leaper on e4 by moving directly away from it, going to e6. ${step.wrong.threat}`);
  assert.deepEqual(threat.reply, { from: 'e5', to: 'e6' });

  // Of several captures, the one that takes most is named.
  const leaper = stepOf('defending', 0);
  const most = judge(leaper, move('e1-e2'), seen(leaper.position), seen('3lk3/8/3P4/8/3P4/8/4K3/8 b', { moves: { d8: [move('d8-d5xd6'), move('d8-d3xd4xd6')] } }));
  assert.ok(!most.right && most.kind === 'threat');
  assert.match(most.message, /^After that, the black Long Leaper on d8 can take the white Pawn on d4 and the white Pawn on d6 by leaping over them, going to d3\./);

  // The frozen Long Leaper removed: nothing is left to take, but the piece is lost.
  const lost = judge(step, move('e4-'), before, seen('k7/8/P7/4w3/8/1C2i3/8/7K b'));
  assert.ok(!lost.right && lost.kind === 'lost');
  assert.equal(lost.message, `That removes the white Long Leaper on e4 from the board. ${step.wrong.lost}`);
  assert.ok(!lost.right && lost.reply === null);
});

test('progress: unreadable data is no progress, bad entries are dropped, never a throw', () => {
  for (const text of [null, '', 'not json', '[]', '{"version":2,"lessons":{}}', '{"version":1,"lessons":[]}', '{"version":1}']) {
    assert.deepEqual(readProgress(text), noProgress(), String(text));
  }
  const read = readProgress(JSON.stringify({ version: 1, lessons: { pawn: { solved: 2, done: true }, king: { solved: -1 }, check: { solved: 1.5 }, mate: 'x', coordinator: { solved: 1 } } }));
  assert.deepEqual(read, { version: 1, lessons: { pawn: { solved: 2, done: true }, coordinator: { solved: 1, done: false } } });
});

test('progress: solving steps in a row completes a lesson, which stays done; the next visit resumes', () => {
  const pawn = /** @type {Lesson} */ (lessons[0]);
  let progress = noProgress();
  assert.equal(startStep(progress, pawn), 0);
  progress = solved(progress, 'pawn', 0, 3);
  progress = solved(progress, 'pawn', 1, 3);
  assert.deepEqual(progress.lessons.pawn, { solved: 2, done: false });
  assert.equal(startStep(progress, pawn), 2, 'resumes at the first unsolved step');
  progress = solved(progress, 'pawn', 2, 3);
  assert.deepEqual(progress.lessons.pawn, { solved: 3, done: true });
  assert.equal(startStep(progress, pawn), 0, 'a finished lesson starts again from the top');
  assert.equal(doneCount(progress, lessons), 1);
  progress = solved(progress, 'pawn', 0, 3);
  assert.deepEqual(progress.lessons.pawn, { solved: 3, done: true }, 'playing it again keeps it done');
});

test('progress in storage: saved under its own key, and refused or full storage is survived', () => {
  /** @type {Map<string, string>} */
  const map = new Map();
  const storage = { getItem: (/** @type {string} */ key) => map.get(key) ?? null, setItem: (/** @type {string} */ key, /** @type {string} */ value) => void map.set(key, value) };
  const progress = solved(noProgress(), 'king', 1, 2);
  assert.equal(saveProgress(storage, progress), true);
  assert.equal(PROGRESS_KEY, 'ultima.lessons');
  assert.deepEqual(JSON.parse(map.get('ultima.lessons') ?? ''), progress);
  assert.deepEqual(loadProgress(storage), progress);
  const refusing = {
    getItem() {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem() {
      throw new DOMException('full', 'QuotaExceededError');
    },
  };
  assert.deepEqual(loadProgress(refusing), noProgress());
  assert.equal(saveProgress(refusing, progress), false);
  assert.deepEqual(loadProgress(null), noProgress());
  assert.equal(saveProgress(null, progress), false);
});
