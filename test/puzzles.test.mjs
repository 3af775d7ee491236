import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ANY, CLIMB_LENGTH, climbPuzzles, DIFFICULTIES, isDifficulty, isMissed, judge, keptBest, loadStanding, matches, motifResults, newStanding, nextPuzzle, offered, pendingPuzzle, readPuzzles, readSession, readStanding, saveStanding, scored, SESSION_LENGTH, sessionWith, sessionWords, solutionPhrase, solvedWords, STANDING_KEY, themeCounts } from '../www/puzzles.js';
import { DOUBLE_CAPTURE, ply } from './fixtures.mjs';

/** @import { Difficulty, Puzzle } from '../www/puzzles.js' */

const FILE = JSON.parse(readFileSync(new URL('../www/puzzles.json', import.meta.url), 'utf8'));

/**
 * A puzzle for the tests.
 *
 * @param {string} id
 * @param {number} rating
 * @param {Partial<Puzzle>} [change]
 * @returns {Puzzle}
 */
const puzzle = (id, rating, change = {}) => ({ id, position: '4k3/8/8/p7/8/8/p7/L3K3 w 0 1', lead: null, moves: ['a1-a6xa2xa5'], rating, pieces: ['L'], motifs: ['multiCapture', 'material'], mate: null, ...change });

test('the shipped puzzle file is read whole', () => {
  const puzzles = readPuzzles(FILE);
  assert.equal(puzzles.length, FILE.puzzles.length);
  assert.ok(puzzles.length > 0);
});

test("the opponent's last move comes with the position before it, both or neither", () => {
  const good = puzzle('a', 900);
  const before = '4k3/8/8/p7/8/8/p7/L2K4 w 0 1';
  const data = {
    version: 1,
    puzzles: [{ ...good, before, lastMove: 'd1-e1' }, { ...good, id: 'b', before }, { ...good, id: 'c', before, lastMove: 3 }, { ...good, id: 'd', lastMove: 'd1-e1' }, { ...good, id: 'e' }],
  };
  assert.deepEqual(
    readPuzzles(data).map((p) => [p.id, p.lead]),
    [
      ['a', { before, move: 'd1-e1' }],
      ['e', null],
    ],
  );
  // Every puzzle of the shipped set has one (the rules crate's test checks each leads there).
  assert.ok(readPuzzles(FILE).every((p) => p.lead !== null));
});

test('a damaged puzzle is left out, the others kept; another version gives none', () => {
  const good = puzzle('a', 900);
  const data = {
    version: 1,
    puzzles: [good, { ...good, id: 'b', moves: ['a1-a6', 'e8-d8'] }, { ...good, id: 'c', pieces: ['Q'] }, { ...good, id: 'd', motifs: ['fork'] }, { ...good, id: 'e', rating: '900' }, { ...good, id: 'f', mate: 0 }, null, 'x', good],
  };
  assert.deepEqual(readPuzzles(data).map((p) => p.id), ['a']);
  assert.deepEqual(readPuzzles({ ...data, version: 2 }), []);
  assert.deepEqual(readPuzzles(null), []);
});

test('a move is judged against the line: right, solved at its end, or wrong', () => {
  const p = puzzle('a', 900, { moves: ['a1-a6xa2xa5', 'e8-d8', 'a6-a8'] });
  assert.equal(judge(p, 0, 'a1-a6xa2xa5'), 'right');
  assert.equal(judge(p, 0, 'a1-a5xa2'), 'wrong');
  assert.equal(judge(p, 2, 'a6-a8'), 'solved');
});

test('filters by piece, motif and mate length', () => {
  const leaper = puzzle('a', 900);
  const mate = puzzle('b', 1400, { pieces: ['K', 'I'], motifs: ['freeze', 'checkmate'], mate: 2 });
  assert.ok(matches(leaper, ANY) && matches(mate, ANY));
  assert.ok(matches(leaper, { ...ANY, piece: 'L' }) && !matches(mate, { ...ANY, piece: 'L' }));
  assert.ok(matches(mate, { ...ANY, motif: 'freeze' }) && !matches(leaper, { ...ANY, motif: 'freeze' }));
  assert.ok(matches(mate, { piece: 'I', motif: 'checkmate', mate: 2, missed: false }) && !matches(mate, { ...ANY, mate: 1 }));
  assert.deepEqual(themeCounts([leaper, mate]), { pieces: { L: 1, K: 1, I: 1 }, motifs: { multiCapture: 1, material: 1, freeze: 1, checkmate: 1 }, mates: { 2: 1 } });
});

test('each filter choice counts what choosing it would offer, the other choices kept', () => {
  const leaper = puzzle('a', 900);
  const mate = puzzle('b', 1400, { pieces: ['K', 'I'], motifs: ['freeze', 'checkmate'], mate: 2 });
  const freeze = puzzle('c', 1200, { pieces: ['I'], motifs: ['freeze'] });
  const standing = newStanding();
  const set = [leaper, mate, freeze];
  // The Immobilizer chosen: the motifs among its puzzles; the pieces still all counted (the
  // piece's own choice left open).
  const immobilizer = { ...standing, filter: { ...ANY, piece: /** @type {const} */ ('I') } };
  assert.deepEqual(themeCounts(set, immobilizer), { pieces: { L: 1, K: 1, I: 2 }, motifs: { freeze: 2, checkmate: 1 }, mates: { 2: 1 } });
  // And checkmate: one piece count each, and the motifs still the Immobilizer's.
  const both = { ...standing, filter: { ...ANY, piece: /** @type {const} */ ('I'), motif: /** @type {const} */ ('checkmate') } };
  assert.deepEqual(themeCounts(set, both), { pieces: { K: 1, I: 1 }, motifs: { freeze: 2, checkmate: 1 }, mates: { 2: 1 } });
  // Only the ones missed: among them.
  const missed = { ...standing, tried: { c: /** @type {const} */ ('failed') }, filter: { ...ANY, missed: true } };
  assert.deepEqual(themeCounts(set, missed), { pieces: { I: 1 }, motifs: { freeze: 1 }, mates: {} });
});

/** A standing past a new player's first puzzles (tried outside the set of each test). */
const pastWarmUp = () => ({ ...newStanding(), tried: Object.fromEntries(['w1', 'w2', 'w3', 'w4', 'w5'].map((id) => [id, /** @type {const} */ ('solved')])) });

test('the next puzzle is an untried one of the filter near the player’s rating', () => {
  const puzzles = Array.from({ length: 30 }, (_, i) => puzzle(`p${i}`, 600 + i * 60));
  const standing = pastWarmUp();
  // The 8 nearest to 1500 are 1260 … 1680; random 0 takes the nearest.
  assert.equal(nextPuzzle(puzzles, standing, null, () => 0)?.rating, 1500);
  const picked = new Set(Array.from({ length: 8 }, (_, i) => nextPuzzle(puzzles, standing, null, () => i / 8)?.rating));
  assert.deepEqual([...picked].sort(), [1260, 1320, 1380, 1440, 1500, 1560, 1620, 1680]);
  // Tried puzzles are skipped while untried ones are left.
  const tried = { ...standing, tried: { ...standing.tried, p15: /** @type {const} */ ('solved') } };
  assert.notEqual(nextPuzzle(puzzles, tried, null, () => 0)?.id, 'p15');
  // Every one tried: the tried ones again, but not the one just played.
  const all = { ...standing, tried: Object.fromEntries(puzzles.map((p) => [p.id, /** @type {const} */ ('failed')])) };
  assert.notEqual(nextPuzzle(puzzles, all, 'p15', () => 0)?.id, 'p15');
  // The one just played, when it was not recorded as tried (damaged, or seen in a storm): never
  // drawn again straight away, whatever the draw.
  const notAgain = Array.from({ length: 8 }, (_, i) => nextPuzzle(puzzles, standing, 'p15', () => i / 8)?.id);
  assert.ok(notAgain.every((id) => id !== undefined && id !== 'p15'), String(notAgain));
  // Unless it is the only one offered.
  assert.equal(nextPuzzle([puzzle('only', 1500)], standing, 'only', () => 0)?.id, 'only');
  // A filter nothing passes.
  assert.equal(nextPuzzle(puzzles, { ...standing, filter: { ...ANY, motif: 'suicide' } }, null), null);
});

test('a new player\'s first five puzzles are drawn 400 points easier: the set\'s median is 1100, the start 1500', () => {
  const puzzles = Array.from({ length: 30 }, (_, i) => puzzle(`p${i}`, 600 + i * 60));
  assert.equal(nextPuzzle(puzzles, newStanding(), null, () => 0)?.rating, 1080);
  const four = { ...newStanding(), tried: Object.fromEntries(['w1', 'w2', 'w3', 'w4'].map((id) => [id, /** @type {const} */ ('failed')])) };
  assert.equal(nextPuzzle(puzzles, four, null, () => 0)?.rating, 1080);
  assert.equal(nextPuzzle(puzzles, pastWarmUp(), null, () => 0)?.rating, 1500);
  // A difficulty chosen is the player's word on it: Harder is 300 above the rating, at once.
  assert.equal(nextPuzzle(puzzles, { ...newStanding(), difficulty: 'harder' }, null, () => 0)?.rating, 1800);
});

test('a rated puzzle left unanswered comes back until it is answered, if the set and the filter still offer it', () => {
  const puzzles = [puzzle('a', 1500), puzzle('b', 1400, { pieces: ['K', 'I'], motifs: ['freeze'] })];
  const standing = { ...newStanding(), pending: 'b' };
  assert.equal(pendingPuzzle(puzzles, standing)?.id, 'b');
  // Kept and read back; anything but an id is none, as is a standing stored before it was kept.
  assert.equal(readStanding(JSON.stringify(standing)).pending, 'b');
  for (const bad of [3, '', '  ', null, ['b']]) assert.equal(readStanding(JSON.stringify({ ...standing, pending: bad })).pending, null, String(bad));
  assert.equal(readStanding(JSON.stringify({ version: 1 })).pending, null);
  // Not in the set (an older set's), or not offered by the filter now: none.
  assert.equal(pendingPuzzle(puzzles, { ...standing, pending: 'z' }), null);
  assert.equal(pendingPuzzle(puzzles, { ...standing, filter: { ...ANY, piece: 'L' } }), null);
  // Answered, solved or missed, at a first try or a later one: no longer pending; another
  // puzzle's answer leaves it.
  assert.equal(scored(standing, puzzles[1], false).pending, null);
  assert.equal(scored({ ...standing, tried: { b: 'failed' } }, puzzles[1], true).pending, null);
  assert.equal(scored(standing, puzzles[0], true).pending, 'b');
});

test('a chosen difficulty draws the next puzzle that far from the rating', () => {
  const puzzles = Array.from({ length: 30 }, (_, i) => puzzle(`p${i}`, 600 + i * 60));
  const standing = pastWarmUp();
  /** @param {Difficulty} difficulty */
  const drawn = (difficulty) => Array.from({ length: 8 }, (_, i) => nextPuzzle(puzzles, { ...standing, difficulty }, null, () => i / 8)?.rating ?? 0);
  assert.deepEqual(Object.values(DIFFICULTIES).map((d) => d.offset), [-600, -300, 0, 300, 600]);
  // Near 1500 + 300: 1560 … 1980; near 1500 − 600: 660 … 1080.
  assert.deepEqual(drawn('harder').sort((a, b) => a - b), [1560, 1620, 1680, 1740, 1800, 1860, 1920, 1980]);
  assert.deepEqual(drawn('easiest').sort((a, b) => a - b), [660, 720, 780, 840, 900, 960, 1020, 1080]);
  // Past the set's end: its hardest.
  assert.equal(nextPuzzle(puzzles, { ...standing, rating: { ...standing.rating, rating: 2300 }, difficulty: 'hardest' }, null, () => 0)?.rating, 2340);
  // Kept, and read back; anything else is normal.
  assert.equal(readStanding(JSON.stringify({ ...standing, difficulty: 'harder' })).difficulty, 'harder');
  for (const bad of ['insane', 2, null, 'constructor']) assert.equal(readStanding(JSON.stringify({ ...standing, difficulty: bad })).difficulty, 'normal', String(bad));
  assert.equal(readStanding(JSON.stringify({ version: 1 })).difficulty, 'normal', 'a standing from before difficulties');
  assert.ok(isDifficulty('easier') && !isDifficulty('toString'));
});

test('the first try of a puzzle rates the player and counts in the streak; later tries do not', () => {
  const p = puzzle('a', 1500);
  const q = puzzle('b', 1500);
  let s = scored(newStanding(), p, true);
  assert.ok(s.rating.rating > 1500);
  assert.equal(s.streak, 1);
  assert.equal(s.tried.a, 'solved');
  assert.equal(scored(s, p, false), s);
  s = scored(s, q, true);
  assert.equal(s.streak, 2);
  s = scored(s, puzzle('c', 1500), false);
  assert.equal(s.streak, 0);
  assert.equal(s.best, 2);
  assert.equal(s.tried.c, 'failed');
});

test('the missed puzzles: offered again alone when asked, until each is solved; no rating for it', () => {
  const [a, b, c] = [puzzle('a', 1500), puzzle('b', 1500), puzzle('c', 1500, { motifs: ['freeze'] })];
  let s = scored(scored(scored(newStanding(), a, false), b, true), c, false);
  assert.deepEqual([isMissed(s, 'a'), isMissed(s, 'b'), isMissed(s, 'c'), isMissed(s, 'd')], [true, false, true, false]);
  const onlyMissed = { ...s, filter: { ...ANY, missed: true } };
  assert.deepEqual([a, b, c].filter((p) => offered(p, onlyMissed)).map((p) => p.id), ['a', 'c']);
  assert.deepEqual([a, b, c].filter((p) => offered(p, { ...onlyMissed, filter: { ...onlyMissed.filter, motif: 'freeze' } })).map((p) => p.id), ['c']);
  assert.equal(nextPuzzle([a, b, c], onlyMissed, 'a', () => 0)?.id, 'c', 'not the one just played');
  // Solved on a later try: no longer missed, and the rating and streak stay.
  const again = scored(s, a, true);
  assert.deepEqual(again.redone, { a: true });
  assert.deepEqual([again.rating, again.streak, again.tried.a], [s.rating, s.streak, 'failed']);
  assert.equal(isMissed(again, 'a'), false);
  // Failed again, or a puzzle solved the first time solved again: nothing changes.
  assert.equal(scored(s, c, false), s);
  assert.equal(scored(s, b, true), s);
  s = { ...again, filter: { ...ANY, missed: true } };
  assert.equal(nextPuzzle([a, b, c], s, null, () => 0)?.id, 'c');
  s = scored(s, c, true);
  assert.equal(nextPuzzle([a, b, c], s, null, () => 0), null, 'none left');
  // Stored: only true marks of puzzles failed at the first try are read back.
  const read = readStanding(JSON.stringify({ ...s, redone: { a: true, b: true, c: 'yes', z: true } }));
  assert.deepEqual(read.redone, { a: true });
  assert.equal(read.filter.missed, true);
  assert.equal(readStanding(JSON.stringify({ ...s, filter: { missed: 'yes' } })).filter.missed, false);
});

test('results by motif: the puzzles tried and solved at the first try, the weakest first', () => {
  const set = [
    puzzle('a', 1500, { motifs: ['freeze'] }),
    puzzle('b', 1500, { motifs: ['freeze', 'checkmate'] }),
    puzzle('c', 1500, { motifs: ['checkmate'] }),
    puzzle('d', 1500, { motifs: ['chameleon'] }),
    puzzle('e', 1500, { motifs: ['suicide'] }),
  ];
  assert.deepEqual(motifResults(set, newStanding()), []);
  let s = newStanding();
  for (const [p, solved] of /** @type {const} */ ([[set[0], true], [set[1], false], [set[2], false], [set[3], true]])) if (p) s = scored(s, p, solved);
  // A later solution of a missed puzzle does not change its first result.
  if (set[1]) s = scored(s, set[1], true);
  assert.deepEqual(motifResults(set, s), [
    { motif: 'checkmate', tried: 2, solved: 0 },
    { motif: 'freeze', tried: 2, solved: 1 },
    { motif: 'chameleon', tried: 1, solved: 1 },
  ]);
});

test('the standing survives storage, and damaged stored values never break it', () => {
  /** @type {Map<string, string>} */
  const map = new Map();
  const storage = { getItem: (/** @type {string} */ k) => map.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void map.set(k, v) };
  const s = { ...scored(newStanding(), puzzle('a', 1200), true), filter: { piece: /** @type {const} */ ('L'), motif: null, mate: null, missed: true } };
  assert.equal(saveStanding(storage, s), true);
  assert.deepEqual(loadStanding(storage), s);
  for (const text of ['{', 'null', '[]', '"x"', '{"version":2}', JSON.stringify({ version: 1, rating: 'high', streak: -1, best: 'x', tried: [1], filter: 7 })]) {
    assert.deepEqual(readStanding(text), newStanding(), text);
  }
  // Good parts of a damaged standing are kept.
  const partly = readStanding(JSON.stringify({ version: 1, rating: { rating: 1700, deviation: 90, volatility: 0.06 }, streak: 3, best: 1, tried: { a: 'solved', b: 'maybe' }, filter: { piece: 'Q', motif: 'freeze', mate: 2 } }));
  assert.equal(partly.rating.rating, 1700);
  assert.equal(partly.best, 3);
  assert.deepEqual(partly.tried, { a: 'solved' });
  assert.deepEqual(partly.filter, { piece: null, motif: 'freeze', mate: 2, missed: false });
  // The best climb: kept when it is a count; a standing from before climbs has none.
  assert.equal(partly.climbBest, 0);
  assert.equal(readStanding(JSON.stringify({ version: 1, climbBest: 7 })).climbBest, 7);
  for (const bad of [-1, 2.5, '7', null]) assert.equal(readStanding(JSON.stringify({ version: 1, climbBest: bad })).climbBest, 0, String(bad));
  // The best storm likewise.
  assert.equal(partly.stormBest, 0);
  assert.equal(readStanding(JSON.stringify({ version: 1, stormBest: 31 })).stormBest, 31);
  for (const bad of [-3, 1.5, '31', null]) assert.equal(readStanding(JSON.stringify({ version: 1, stormBest: bad })).stormBest, 0, String(bad));
  // Storage that throws, or none at all.
  const throwing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('full');
    },
  };
  assert.deepEqual(loadStanding(throwing), newStanding());
  assert.equal(saveStanding(throwing, s), false);
  assert.equal(saveStanding(null, s), false);
  assert.equal(STANDING_KEY, 'ultima.puzzles');
});

test('a climb: puzzles from the easiest to the hardest, one drawn from each run of the sorted set', () => {
  const set = Array.from({ length: 100 }, (_, i) => puzzle(`p${i}`, 800 + ((i * 37) % 100) * 10));
  /** @param {() => number} random */
  const ratings = (random) => climbPuzzles(set, 10, random).map((p) => p.rating);
  for (const random of [() => 0, () => 0.999, Math.random]) {
    const climb = ratings(random);
    assert.equal(climb.length, 10);
    assert.ok(climb.every((r, i) => i === 0 || r >= (climb[i - 1] ?? 0)), `rising: ${climb}`);
  }
  // The first run's lowest and the last run's highest: the whole range is climbed.
  assert.deepEqual(ratings(() => 0).slice(0, 1), [800]);
  assert.deepEqual(ratings(() => 0.999).slice(-1), [1790]);
  // Each puzzle at most once; two draws differ.
  const ids = climbPuzzles(set, 10, Math.random).map((p) => p.id);
  assert.equal(new Set(ids).size, 10);
  let seed = 1;
  const seeded = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  assert.notDeepEqual(climbPuzzles(set, 10, seeded).map((p) => p.id), climbPuzzles(set, 10, seeded).map((p) => p.id));
  // Fewer puzzles than the climb's length: all of them, in order; none: an empty climb.
  assert.deepEqual(climbPuzzles([puzzle('b', 1200), puzzle('a', 900)], CLIMB_LENGTH).map((p) => p.id), ['a', 'b']);
  assert.deepEqual(climbPuzzles([], CLIMB_LENGTH), []);
});

test('the best climb and the best storm are kept, never lowered', () => {
  const s = keptBest(newStanding(), 'climbBest', 5);
  assert.equal(s.climbBest, 5);
  assert.equal(keptBest(s, 'climbBest', 3), s);
  assert.equal(keptBest(s, 'climbBest', 9).climbBest, 9);
  const stormed = keptBest(s, 'stormBest', 21);
  assert.deepEqual([stormed.climbBest, stormed.stormBest], [5, 21]);
  assert.equal(keptBest(stormed, 'stormBest', 21), stormed);
});

test('a session keeps each puzzle\'s first result here, the latest ones, and says them', () => {
  let session = sessionWith([], { id: 'a', solved: true, change: 12 });
  session = sessionWith(session, { id: 'b', solved: false, change: -8 });
  // A later try of a puzzle changes nothing: its first try here is what the session shows.
  const again = sessionWith(session, { id: 'a', solved: false, change: null });
  assert.deepEqual(again, session);
  assert.notEqual(again, session);
  for (let i = 0; i < SESSION_LENGTH; i += 1) session = sessionWith(session, { id: `p${i}`, solved: i % 2 === 0, change: null });
  assert.equal(session.length, SESSION_LENGTH);
  assert.equal(session[0]?.id, 'p0');
  assert.equal(session.at(-1)?.id, `p${SESSION_LENGTH - 1}`);
  assert.deepEqual(sessionWords({ id: 'a', solved: true, change: 12 }), { text: '+12', words: 'Puzzle a, solved, rating +12' });
  assert.deepEqual(sessionWords({ id: 'b', solved: false, change: -8 }), { text: '−8', words: 'Puzzle b, missed, rating −8' });
  assert.deepEqual(sessionWords({ id: 'c', solved: true, change: 0 }), { text: '+0', words: 'Puzzle c, solved, rating +0' });
  assert.deepEqual(sessionWords({ id: 'd', solved: false, change: null }), { text: '✗', words: 'Puzzle d, missed' });
});

test('a stored session reads back what it can: well-formed entries, each puzzle once', () => {
  const session = [
    { id: 'a', solved: true, change: 12 },
    { id: 'b', solved: false, change: null },
  ];
  assert.deepEqual(readSession(JSON.stringify(session)), session);
  for (const text of [null, '', 'not json', '{"a":1}', '42', 'null']) assert.deepEqual(readSession(text), [], String(text));
  const damaged = [{ id: 'a', solved: true, change: 12 }, { id: '', solved: true, change: 1 }, { id: 'c', solved: 'yes', change: null }, { id: 'd', solved: true, change: 1.5 }, { id: 'a', solved: false, change: -3 }, null, 'e', { id: 'f', solved: false, change: -8 }];
  assert.deepEqual(readSession(JSON.stringify(damaged)), [
    { id: 'a', solved: true, change: 12 },
    { id: 'f', solved: false, change: -8 },
  ]);
  const long = Array.from({ length: SESSION_LENGTH + 5 }, (_, i) => ({ id: `p${i}`, solved: true, change: null }));
  assert.deepEqual(readSession(JSON.stringify(long)).map((e) => e.id), long.slice(5).map((e) => e.id));
});

test('a solution line is said with the defender\'s answers, named as such', () => {
  const ply = (/** @type {'white' | 'black'} */ side, /** @type {string} */ text) => ({ side, text });
  const line = [ply('black', 'x'), ply('white', 'y'), ply('black', 'z')];
  assert.deepEqual(solutionPhrase(line), [line[0], '; White answers ', line[1], '; then ', line[2]]);
  assert.deepEqual(solutionPhrase([line[0]]), [line[0]]);
  assert.deepEqual(solutionPhrase([]), []);
});

test('a solved puzzle says what its moves did: their captures, the last one\'s freezes, a mate or stalemate, or where a quiet move\'s material comes from', () => {
  const material = { motifs: /** @type {import('../www/puzzles.js').Motif[]} */ (['material']) };
  const leap = "White's Long Leaper a1-a6 took the black Pawn on a2 and the black Pawn on a5 by leaping over them.";
  assert.equal(solvedWords(material, [DOUBLE_CAPTURE], ''), leap);
  assert.equal(solvedWords(material, [DOUBLE_CAPTURE], 'Frees the white Pawn on b2.'), `${leap} Frees the white Pawn on b2.`);
  const quiet = ply('a6-f6', { piece: 'p', side: 'black' });
  assert.equal(solvedWords(material, [quiet], 'Freezes the white Pawn on f7.'), 'Freezes the white Pawn on f7.');
  assert.equal(solvedWords(material, [quiet], ''), 'A quiet move: the material it wins comes in the moves that follow, whatever the answer (Analyse shows how).');
  assert.equal(solvedWords({ motifs: ['checkmate'] }, [{ ...quiet, mark: 'mate' }], ''), 'Checkmate.');
  assert.equal(solvedWords({ motifs: ['stalemate'] }, [quiet], ''), 'Stalemate: White has no move left, and in Ultima that loses.');
  assert.equal(solvedWords({ motifs: ['multiCapture'] }, [quiet], ''), '');
  // A line that ends on a quiet move: the capture before it said, not "a quiet move" (the
  // material was won already); a mate after a capture, both.
  const after = ply('a6-a7', { piece: 'L' });
  assert.equal(solvedWords(material, [DOUBLE_CAPTURE, after], ''), leap);
  assert.equal(solvedWords({ motifs: ['checkmate', 'multiCapture'] }, [DOUBLE_CAPTURE, { ...after, mark: 'mate' }], ''), `${leap} Checkmate.`);
  assert.equal(solvedWords(material, [], ''), '');
});
