// The finished games kept in this browser (www/games.js): reading what storage holds, whatever
// it holds; adding a game (once, in place of itself after a takeback, the oldest dropped); and a
// game in words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GAMES_KEY, GAME_FILTERS, MAX_GAMES, UNREADABLE_KEY, droppedWords, gameWords, gamesFile, loadGames, newGameId, readGames, saveGames, shownUnder, tallyWords, withGame, withGameBack, withoutGame } from '../www/games.js';

/** @typedef {import('../www/games.js').FinishedGame} FinishedGame */

/**
 * @param {Partial<FinishedGame>} [fields]
 * @returns {FinishedGame}
 */
const game = (fields = {}) => ({
  id: 'g1',
  ended: Date.UTC(2026, 10, 29, 14, 30),
  record: '1. Pb2-b5 Pg7-g4 2. Rd1-c1 *',
  result: '1-0',
  kind: 'checkmate',
  winner: 'white',
  opponent: { computer: 'black', level: 3 },
  link: null,
  plies: 47,
  control: null,
  ...fields,
});

/** A Storage keeping strings in a Map; `full` makes writes throw as a full one does. */
class FakeStorage {
  constructor(/** @type {Record<string, string>} */ items = {}) {
    this.items = new Map(Object.entries(items));
    this.full = false;
  }
  get length() {
    return this.items.size;
  }
  /** @param {number} i */
  key(i) {
    return [...this.items.keys()][i] ?? null;
  }
  /** @param {string} key */
  getItem(key) {
    return this.items.get(key) ?? null;
  }
  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const stored = (/** @type {unknown[]} */ games) => JSON.stringify({ version: 1, games });

test('a stored list reads back; nothing stored is an empty list', () => {
  assert.deepEqual(readGames(null), { games: [], whole: true });
  const storage = new FakeStorage();
  assert.equal(saveGames(storage, [game()]), null);
  assert.deepEqual(loadGames(storage), [game()]);
  assert.deepEqual(readGames(storage.getItem(GAMES_KEY)), { games: [game()], whole: true });
});

test('the side played by link reads back; a game kept before it, or with a wrong one, was not by link', () => {
  const byLink = game({ opponent: null, link: 'black' });
  assert.deepEqual(readGames(stored([byLink])).games, [byLink]);
  const { link: _, ...older } = game();
  assert.deepEqual(readGames(stored([older])).games, [game()]);
  assert.deepEqual(readGames(stored([{ ...byLink, link: 'red' }])).games, [game({ opponent: null })]);
  // Against the computer the person's side is the computer's other one: a link beside it is wrong.
  assert.deepEqual(readGames(stored([{ ...game(), link: 'black' }])).games, [game()]);
});

test('bad stored data never throws: what can be read is kept, and the text is set aside first', () => {
  for (const text of ['{', '[]', 'null', '{"version":2,"games":[]}', '{"version":1,"games":{}}']) {
    assert.deepEqual(readGames(text), { games: [], whole: false }, text);
  }
  const broken = [
    { ...game(), id: '' },
    { ...game(), ended: 'yesterday' },
    { ...game(), record: 5 },
    { ...game(), result: '*' },
    { ...game(), kind: 'ongoing' },
    { ...game(), winner: 'red' },
    { ...game(), opponent: { computer: 'black', level: 9 } },
    { ...game(), opponent: { computer: 'red', level: 3 } },
    { ...game(), plies: -1 },
    null,
    'a game',
  ];
  const text = stored([game({ id: 'good' }), ...broken]);
  assert.deepEqual(readGames(text), { games: [game({ id: 'good' })], whole: false });
  const storage = new FakeStorage({ [GAMES_KEY]: text });
  const copies = () => [...storage.items].filter(([key]) => key.startsWith(`${UNREADABLE_KEY}.`)).map(([, value]) => value);
  assert.deepEqual(loadGames(storage), [game({ id: 'good' })]);
  assert.deepEqual(copies(), [text], 'the unreadable list is copied aside');
  assert.deepEqual(readGames(storage.getItem(GAMES_KEY)), { games: [game({ id: 'good' })], whole: true }, 'and the list is what could be read');
  // Read again, it is not copied twice, even with its copy removed; another unreadable list is
  // copied beside the first.
  storage.items.delete([...storage.items.keys()].find((key) => key.startsWith(`${UNREADABLE_KEY}.`)) ?? '');
  loadGames(storage);
  assert.deepEqual(copies(), []);
  storage.items.set(`${UNREADABLE_KEY}.2026-01-01T00:00:00.000Z`, text);
  storage.items.set(GAMES_KEY, '{');
  loadGames(storage);
  assert.deepEqual(copies().sort(), [text, '{'].sort());
  // A copy an older page made (under the bare key) counts too.
  const older = new FakeStorage({ [GAMES_KEY]: '[]', [UNREADABLE_KEY]: '[]' });
  loadGames(older);
  assert.deepEqual([...older.items.keys()], [GAMES_KEY, UNREADABLE_KEY]);
  // Storage that throws, or none.
  const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => {}, length: 0, key: () => null };
  assert.deepEqual(loadGames(throwing), []);
  assert.deepEqual(loadGames(null), []);
});

test('a save that storage refuses says why', () => {
  const storage = new FakeStorage();
  storage.full = true;
  assert.equal(saveGames(storage, [game()]), "the browser's storage is full");
  assert.equal(saveGames(null, [game()]), 'the browser keeps no data for this page');
  const refusing = { setItem: () => { throw new DOMException('denied', 'SecurityError'); } };
  assert.equal(saveGames(refusing, [game()]), 'the browser refused to store it');
});

test('a game is added first, once; the same game ended again replaces itself; the oldest goes past the limit', () => {
  const first = game({ id: 'a', record: 'A' });
  const second = game({ id: 'b', record: 'B' });
  let games = withGame(withGame([], first), second);
  assert.deepEqual(games.map((g) => g.id), ['b', 'a']);
  // Another tab saw the same game end: its record is kept already, ended within the minute.
  assert.equal(withGame(games, game({ id: 'other-tab', record: 'A' })), games);
  assert.equal(withGame(games, game({ id: 'other-tab', record: 'A', ended: game().ended + 59_000 })), games);
  // Another game that went the same way, later (two resignations at the first move): kept too.
  const again = withGame(games, game({ id: 'again', record: 'A', ended: game().ended + 3_600_000 }));
  assert.deepEqual(again.map((g) => g.id), ['again', 'b', 'a']);
  // A takeback after the end, then another ending: the entry of that game is replaced.
  games = withGame(games, game({ id: 'a', record: 'A2', result: '0-1', winner: 'black' }));
  assert.deepEqual(games.map((g) => [g.id, g.record]), [['a', 'A2'], ['b', 'B']]);
  for (let i = 0; i < MAX_GAMES + 5; i++) games = withGame(games, game({ id: `n${i}`, record: `R${i}` }));
  assert.equal(games.length, MAX_GAMES);
  assert.equal(games[0].id, `n${MAX_GAMES + 4}`);
  assert.ok(!games.some((g) => g.id === 'a' || g.id === 'b'), 'the oldest went');
  assert.deepEqual(withoutGame(games, games[1].id).map((g) => g.id), [games[0].id, ...games.slice(2).map((g) => g.id)]);
});

test('a game in words: against the computer or by link from the player\'s side, or two players', () => {
  const date = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 16);
  const level = 'level\u00a03\u00a0— Casual';
  assert.deepEqual(gameWords(game(), date), {
    title: `Won against ${level}`,
    detail: 'As White · White wins by checkmate · 24 moves · 2026-11-29T14:30',
  });
  assert.equal(gameWords(game({ opponent: { computer: 'white', level: 3 } }), date).title, `Lost against ${level}`);
  assert.equal(gameWords(game({ result: '1/2-1/2', kind: 'repetition', winner: null }), date).title, `Drawn against ${level}`);
  assert.deepEqual(gameWords(game({ opponent: null, kind: 'resignation', winner: 'black', result: '0-1', plies: 1 }), date), {
    title: 'Two players on this device',
    detail: 'Black wins by resignation · 1 move · 2026-11-29T14:30',
  });
  assert.deepEqual(gameWords(game({ opponent: null, link: 'white', kind: 'resignation', winner: 'black', result: '0-1' }), date), {
    title: 'Lost by link',
    detail: 'As White · Black wins by resignation · 24 moves · 2026-11-29T14:30',
  });
  assert.equal(gameWords(game({ opponent: null, link: 'black', result: '1/2-1/2', kind: 'agreement', winner: null }), date).title, 'Drawn by link');
  // A game with a clock says its time control.
  assert.equal(gameWords(game({ control: '5+3', kind: 'timeout' }), date).detail, 'As White · 5+3 · White wins on time · 24 moves · 2026-11-29T14:30');
});

test('the time control reads back; a game kept before it, or with words that are none, had no clock', () => {
  assert.deepEqual(readGames(stored([game({ control: '0.5+0' })])).games, [game({ control: '0.5+0' })]);
  const { control: _, ...older } = game();
  assert.deepEqual(readGames(stored([older])).games, [game()]);
  for (const control of ['fast', 5, '5+', '<b>5+3</b>']) assert.deepEqual(readGames(stored([{ ...game(), control }])).games, [game()], String(control));
});

test('the score against the computer, and every record in one file, the oldest first', () => {
  const games = [
    game({ id: 'd', record: 'D *\n', winner: null, result: '1/2-1/2', kind: 'repetition' }),
    game({ id: 'c', record: 'C', opponent: null }),
    game({ id: 'b', record: 'B\n\n', opponent: { computer: 'white', level: 3 } }),
    game({ id: 'a', record: 'A' }),
  ];
  assert.equal(tallyWords(games), 'Against the computer: 1 won, 1 lost, 1 drawn');
  assert.equal(tallyWords([games[1]]), '');
  assert.equal(tallyWords([]), '');
  assert.equal(gamesFile(games), 'A\n\nB\n\nC\n\nD *\n');
  assert.equal(gamesFile([]), '');
});

test('game ids differ from game to game', () => {
  const ids = new Set(Array.from({ length: 1000 }, () => newGameId()));
  assert.equal(ids.size, 1000);
  assert.equal(newGameId(() => 0.5, () => 36 ** 3), `1000-${Math.floor(0.5 * 36 ** 6).toString(36)}`);
});

test('a removed game put back goes where it was, by when it ended, once', () => {
  const at = (/** @type {number} */ day) => Date.UTC(2026, 10, day);
  const games = [game({ id: 'c', ended: at(3), record: 'c' }), game({ id: 'a', ended: at(1), record: 'a' })];
  const removed = game({ id: 'b', ended: at(2), record: 'b' });
  assert.deepEqual(withGameBack(games, removed).map((kept) => kept.id), ['c', 'b', 'a']);
  assert.deepEqual(withGameBack(games, game({ id: 'd', ended: at(4), record: 'd' })).map((kept) => kept.id), ['d', 'c', 'a']);
  assert.deepEqual(withGameBack(games, game({ id: 'z', ended: at(0), record: 'z' })).map((kept) => kept.id), ['c', 'a', 'z']);
  // There already (put back twice, or kept again meanwhile by another tab): unchanged.
  const back = withGameBack(games, removed);
  assert.equal(withGameBack(back, removed), back);
  assert.equal(withGameBack(games, game({ id: 'other', ended: at(3) + 1000, record: 'c' })), games);
  // Another game of the same record, a day apart: put back.
  assert.deepEqual(withGameBack(games, game({ id: 'other', ended: at(2), record: 'c' })).map((kept) => kept.id), ['c', 'other', 'a']);
  // A full list keeps its newest.
  const full = Array.from({ length: MAX_GAMES }, (_, i) => game({ id: `g${i}`, ended: at(30) - i, record: `r${i}` }));
  assert.equal(withGameBack(full, game({ id: 'old', ended: at(1), record: 'old' })).length, MAX_GAMES);
  assert.equal(withGameBack(full, game({ id: 'old', ended: at(1), record: 'old' })).at(-1)?.id, `g${MAX_GAMES - 1}`);
});

test('the list shows a game under a filter by its outcome for the person, or by who played it', () => {
  const computerWon = game({});
  const linkLost = game({ opponent: null, link: 'black', winner: 'white' });
  const hereDrawn = game({ opponent: null, link: null, winner: null, result: '1/2-1/2', kind: 'agreement' });
  const hereDecided = game({ opponent: null, link: null });
  const all = [computerWon, linkLost, hereDrawn, hereDecided];
  const under = (/** @type {import('../www/games.js').GameFilter} */ filter) => all.map((kept) => shownUnder(kept, filter));
  assert.deepEqual(under('all'), [true, true, true, true]);
  assert.deepEqual(under('won'), [true, false, false, false]);
  assert.deepEqual(under('lost'), [false, true, false, false]);
  assert.deepEqual(under('drawn'), [false, false, true, false]);
  assert.deepEqual(under('computer'), [true, false, false, false]);
  assert.deepEqual(under('link'), [false, true, false, false]);
  assert.deepEqual(under('here'), [false, false, true, true]);
  assert.deepEqual(Object.keys(GAME_FILTERS), ['all', 'won', 'lost', 'drawn', 'computer', 'link', 'here']);
});

test('a game that pushes the oldest out of a full list is said, with the day the oldest ended', () => {
  const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
  const full = Array.from({ length: MAX_GAMES }, (_, i) => game({ id: `g${i}`, record: `R${i}`, ended: Date.UTC(2026, 10, 1) - i * 86_400_000 }));
  const added = game({ id: 'new', record: 'new', ended: Date.UTC(2026, 10, 2) });
  const oldest = full.at(-1)?.ended ?? 0;
  assert.equal(
    droppedWords(full, withGame(full, added), day),
    `Your games keeps the last ${MAX_GAMES} games: the oldest, ended ${day(oldest)}, made way for this one. “Download all” in Your games saves every record as a text file.`,
  );
  // Room left, or the same game ended again in its place: nothing to say.
  assert.equal(droppedWords(full.slice(1), withGame(full.slice(1), added), day), null);
  assert.equal(droppedWords(full, withGame(full, game({ id: 'g3', record: 'R3 again' })), day), null);
});
