// The page's storage as two tabs, a full disk or a refusing browser would use it: a fake
// localStorage shared by several copies of the module (one per tab), and storage events sent by
// hand as the browser would.

import assert from 'node:assert/strict';
import { test } from 'node:test';

/** @typedef {typeof import('../www/storage.js')} Storage */

/** A Storage that keeps strings in a Map; `fail` makes every call throw that error. */
class FakeStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.items = new Map();
    /** @type {Error | null} */
    this.fail = null;
    /** @type {Error | null} */
    this.failWrites = null;
  }
  /** @param {string} key */
  getItem(key) {
    if (this.fail) throw this.fail;
    return this.items.get(key) ?? null;
  }
  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (this.fail) throw this.fail;
    if (this.failWrites) throw this.failWrites;
    this.items.set(key, String(value));
  }
}

const storage = new FakeStorage();
const page = new EventTarget();
Object.assign(globalThis, { localStorage: storage, window: page });

let tabs = 0;
/** @returns {Promise<Storage>} a fresh copy of the module: a tab of its own */
const openTab = () => import(`../www/storage.js?tab=${++tabs}`);

/** A storage event as the browser sends it to the other tabs. */
function storageEvent(/** @type {string} */ key, /** @type {string | null} */ newValue) {
  return Object.assign(new Event('storage'), { key, newValue });
}

test('nothing stored: the defaults and a first visit; a save reads back, and is no first visit', async () => {
  storage.items.clear();
  const tab = await openTab();
  const first = tab.load();
  assert.deepEqual(first, { record: null, settings: tab.defaultSettings(), problem: null, pieces: null, firstVisit: true });
  const settings = { ...tab.defaultSettings(), pieceSet: /** @type {const} */ ('abstract'), opponent: { computer: /** @type {const} */ ('black'), level: 3 } };
  assert.equal(tab.save('1. b2-b5 *', settings), null);
  const again = (await openTab()).load();
  assert.deepEqual(again, { record: '1. b2-b5 *', settings, problem: null, pieces: null, firstVisit: false });
});

test('the position saved with the game reads back as 64 letters; a malformed one is dropped', async () => {
  storage.items.clear();
  const tab = await openTab();
  tab.load();
  const pieces = Array(64).fill('');
  pieces[0] = 'L';
  pieces[4] = 'K';
  pieces[60] = 'k';
  assert.equal(tab.save('1. b2-b5 *', tab.defaultSettings(), pieces), null);
  const read = (await openTab()).load();
  assert.equal(read.pieces, `L...K${'.'.repeat(55)}k...`);
  for (const bad of ['', 'L'.repeat(63), `${'Q'.repeat(64)}`, 7]) {
    const parsed = tab.parse(JSON.stringify({ version: 1, record: '*', settings: {}, pieces: bad }));
    assert.equal('unusable' in parsed ? 'unusable' : parsed.pieces, null, `pieces ${bad}`);
  }
  // No game, no position.
  const none = tab.parse(JSON.stringify({ version: 1, record: null, settings: {}, pieces: '.'.repeat(64) }));
  assert.equal('unusable' in none ? 'unusable' : none.pieces, null);
});

test('remembered new-game choices read back; each bad field falls back to its default, data of the page before them too', async () => {
  storage.items.clear();
  const tab = await openTab();
  tab.load();
  /** @type {import('../www/storage.js').NewGameChoices} */
  const choices = {
    mode: 'ai',
    side: 'random',
    level: 6,
    rules: { king_capture: true, distance_1968: false, repetition: false, move_limit: true, bare_kings: true },
    setup: 'custom',
    custom: { white_king: 'e', white_imm: 'h', black_king: 'd', black_imm: 'a' },
    time: 'custom',
    customTime: '0.5+1',
  };
  tab.save('*', { ...tab.defaultSettings(), newGame: choices });
  assert.deepEqual((await openTab()).load().settings.newGame, choices);
  const defaults = tab.defaultChoices();
  assert.deepEqual(defaults, {
    mode: 'two',
    side: 'white',
    level: 1,
    rules: { king_capture: false, distance_1968: false, repetition: true, move_limit: true, bare_kings: true },
    setup: 'rotated',
    custom: { white_king: 'd', white_imm: 'a', black_king: 'e', black_imm: 'h' },
    time: 'none',
    customTime: '10+5',
  });
  assert.deepEqual(
    tab.readChoices({ mode: 'robot', side: 'green', level: 9, rules: { king_capture: 'yes', repetition: false }, setup: 'spiral', custom: { white_king: 'a', black_imm: 'a' }, time: '4+4', customTime: '0+0' }),
    { ...defaults, rules: { ...defaults.rules, repetition: false }, custom: { ...defaults.custom, black_imm: 'a' } },
  );
  assert.equal(tab.readChoices({ time: '15+10', customTime: '90+30' })?.time, '15+10');
  assert.equal(tab.readChoices({ time: 5, customTime: '90+30' })?.customTime, '90+30');
  for (const bad of [null, 'ai', 7, [1]]) assert.equal(tab.readChoices(bad), null);
  // Settings stored before the choices existed: none remembered, everything else kept.
  const old = tab.parse(JSON.stringify({ version: 1, record: '*', settings: { pieceSet: 'abstract' } }));
  assert.ok(!('unusable' in old));
  assert.deepEqual(old.settings, { ...tab.defaultSettings(), pieceSet: 'abstract' });
});

test('unusable data is set aside under a backup key before anything is written over it', async () => {
  for (const [text, reason] of [
    ['{not json', 'could not be read'],
    ['[1, 2]', 'could not be read'],
    ['{"version": 99}', 'comes from a newer version'],
    ['{"record": "1. b2-b5"}', 'in a form this version does not know'],
    ['{"version": 1, "record": 12, "settings": {}}', 'holds a game record that is not text'],
    ['{"version": 1, "record": ["1. b2-b5"]}', 'holds a game record that is not text'],
  ]) {
    storage.items.clear();
    storage.items.set('ultima.page', text);
    const tab = await openTab();
    const { record, problem } = tab.load();
    assert.equal(record, null);
    assert.match(problem ?? '', new RegExp(reason));
    const backups = [...storage.items].filter(([key]) => key.startsWith(tab.BACKUP_PREFIX));
    assert.deepEqual(backups.map(([, value]) => value), [text]);
    assert.match(problem ?? '', /kept: Your games lists it under “Set aside”/, 'the notice says where to find it');
  }
});

test('stored settings are checked one by one; bad values fall back to the defaults', async () => {
  const tab = await openTab();
  const read = tab.parse(JSON.stringify({ version: 1, record: null, settings: { pieceSet: 'emoji', theme: 'neutral', orientation: 'up', opponent: { computer: 'black', level: 9 }, showThinking: 'yes', sound: 'off', premove: 0 } }));
  assert.deepEqual(read, { record: null, settings: { ...tab.defaultSettings(), theme: 'neutral' }, problem: null, pieces: null, firstVisit: false });
  // Every board theme is kept; an unknown one is the default.
  for (const theme of ['green', 'neutral', 'brown', 'blue']) {
    const kept = tab.parse(JSON.stringify({ version: 1, record: null, settings: { theme } }));
    assert.equal(!('unusable' in kept) && kept.settings.theme, theme);
  }
  // The side played by link: a side, and only between two players (against the computer, the
  // player's side is the computer's other one).
  const linkSide = (/** @type {unknown} */ settings) => {
    const read = tab.parse(JSON.stringify({ version: 1, record: null, settings }));
    return 'unusable' in read ? 'unusable' : read.settings.linkSide;
  };
  assert.deepEqual([linkSide({ linkSide: 'black' }), linkSide({}), linkSide({ linkSide: 'red' }), linkSide({ linkSide: 'black', opponent: { computer: 'white', level: 2 } })], ['black', null, null, null]);
  const unknown = tab.parse(JSON.stringify({ version: 1, record: null, settings: { theme: 'night' } }));
  assert.equal(!('unusable' in unknown) && unknown.settings.theme, 'green');
  // The typed-move field, the coordinates, the legal moves, the animation and the board turning
  // for two players: booleans, or their defaults.
  const shown = tab.parse(JSON.stringify({ version: 1, record: null, settings: { typeMoves: true, coordinates: false, legalMoves: false, animation: false, autoFlip: true, zen: true } }));
  assert.deepEqual(!('unusable' in shown) && [shown.settings.typeMoves, shown.settings.coordinates, shown.settings.legalMoves, shown.settings.animation, shown.settings.autoFlip, shown.settings.zen], [true, false, false, false, true, true]);
  const junk = tab.parse(JSON.stringify({ version: 1, record: null, settings: { typeMoves: 'yes', coordinates: 0, legalMoves: 'no', animation: null, autoFlip: 1, zen: 'on' } }));
  assert.deepEqual(!('unusable' in junk) && [junk.settings.typeMoves, junk.settings.coordinates, junk.settings.legalMoves, junk.settings.animation, junk.settings.autoFlip, junk.settings.zen], [false, true, true, true, false, false]);
  // Sound, touch and premove settings were added to schema 1 later: data from before them reads
  // with their defaults, and each is kept when given.
  const older = tab.parse(JSON.stringify({ version: 1, record: null, settings: { pieceSet: 'abstract' } }));
  assert.ok(!('unusable' in older));
  assert.deepEqual(!('unusable' in older) && older.settings, { ...tab.defaultSettings(), pieceSet: 'abstract', sound: true, touchPreview: true, premove: true });
  const given = tab.parse(JSON.stringify({ version: 1, record: null, settings: { sound: false, touchPreview: false, premove: false } }));
  assert.deepEqual(!('unusable' in given) && given.settings, { ...tab.defaultSettings(), sound: false, touchPreview: false, premove: false });
  // The running clock's mark (clocks.js) is kept when well formed, and dropped when corrupt.
  const clocked = tab.parse(JSON.stringify({ version: 1, record: '*', settings: { clock: { plies: 4, since: 1000 } } }));
  assert.deepEqual(!('unusable' in clocked) && clocked.settings.clock, { plies: 4, since: 1000 });
  for (const clock of [{ plies: 'x', since: 1 }, { plies: 1, since: Date.now() + 3_600_000 }, 'now', null]) {
    const read = tab.parse(JSON.stringify({ version: 1, record: '*', settings: { clock } }));
    assert.deepEqual(!('unusable' in read) && read.settings, tab.defaultSettings(), JSON.stringify(clock));
  }
  // The analysis board's engine: on or off, else on; its lines 1 to 5, else the default (3).
  for (const [analysisEngine, expected] of [[false, false], [true, true], ['off', true], [0, true]]) {
    const read = tab.parse(JSON.stringify({ version: 1, record: null, settings: { analysisEngine } }));
    assert.equal(!('unusable' in read) && read.settings.analysisEngine, expected, JSON.stringify(analysisEngine));
  }
  for (const [analysisLines, expected] of [[1, 1], [5, 5], [0, 3], [6, 3], [2.5, 3], ['2', 3], [null, 3]]) {
    const read = tab.parse(JSON.stringify({ version: 1, record: null, settings: { analysisLines } }));
    assert.equal(!('unusable' in read) && read.settings.analysisLines, expected, JSON.stringify(analysisLines));
  }
  // The saved game's id in "Your games" (games.js) is kept when it is one, and dropped otherwise.
  const finished = tab.parse(JSON.stringify({ version: 1, record: '*', settings: { finishedId: 'mx1xew8s-znckct' } }));
  assert.equal(!('unusable' in finished) && finished.settings.finishedId, 'mx1xew8s-znckct');
  for (const finishedId of ['', 'x'.repeat(41), '<b>', 7, null]) {
    const read = tab.parse(JSON.stringify({ version: 1, record: '*', settings: { finishedId } }));
    assert.deepEqual(!('unusable' in read) && read.settings, tab.defaultSettings(), JSON.stringify(finishedId));
  }
});

test('two tabs never silently overwrite each other: a save over another tab\'s game sets it aside first', async () => {
  storage.items.clear();
  const a = await openTab();
  const b = await openTab();
  a.load();
  b.load();
  const settings = a.defaultSettings();
  assert.equal(a.save('1. b2-b5 *', settings), null);
  // Tab b has not followed a's save, and saves its own game.
  const notice = b.save('1. c2-c6 *', settings);
  assert.match(notice ?? '', /also changed in another tab.*Your games lists it under “Set aside”/);
  const backups = [...storage.items].filter(([key]) => key.startsWith(b.BACKUP_PREFIX));
  assert.equal(backups.length, 1);
  assert.equal(JSON.parse(backups[0]?.[1] ?? '{}').record, '1. b2-b5 *');
  assert.equal(JSON.parse(storage.items.get('ultima.page') ?? '{}').record, '1. c2-c6 *');
  // b's own later saves are no conflict.
  assert.equal(b.save('1. c2-c6 g7-g4 *', settings), null);
});

test('a tab hears another tab\'s save and, once it follows, saves with no conflict', async () => {
  storage.items.clear();
  const a = await openTab();
  const b = await openTab();
  a.load();
  b.load();
  /** @type {Array<string | null>} */
  const heard = [];
  const stop = b.onOtherTab((saved) => {
    heard.push(saved.record);
    return true;
  });
  const settings = a.defaultSettings();
  a.save('1. b2-b5 *', settings);
  page.dispatchEvent(storageEvent('ultima.page', storage.items.get('ultima.page') ?? null));
  page.dispatchEvent(storageEvent('other.key', 'x'));
  page.dispatchEvent(storageEvent('ultima.page', '{not json'));
  assert.deepEqual(heard, ['1. b2-b5 *']);
  assert.equal(b.save('1. b2-b5 g7-g4 *', settings), null, 'b followed a: no conflict');
  stop();
  a.save('1. h2-h3 *', settings);
  page.dispatchEvent(storageEvent('ultima.page', storage.items.get('ultima.page') ?? null));
  assert.equal(heard.length, 1, 'no longer listening');
});

test('two tabs moving at once: one game is set aside once, a late event is not followed, and both tabs end on the other game', async () => {
  storage.items.clear();
  const a = await openTab();
  const b = await openTab();
  a.load();
  b.load();
  /** @type {{ a: Array<string | null>, b: Array<string | null> }} */
  const heard = { a: [], b: [] };
  const settings = a.defaultSettings();
  // Each tab follows what it hears, and saves it, as the page does.
  a.onOtherTab((saved) => {
    heard.a.push(saved.record);
    a.save(saved.record ?? '', settings);
    return true;
  });
  b.onOtherTab((saved) => {
    heard.b.push(saved.record);
    b.save(saved.record ?? '', settings);
    return true;
  });
  // Both move before hearing the other: a saves first, b saves over it (setting a's aside).
  a.save('1. b2-b5 *', settings);
  const first = storage.items.get('ultima.page') ?? null;
  assert.match(b.save('1. c2-c6 *', settings) ?? '', /another tab/);
  const second = storage.items.get('ultima.page') ?? null;
  // The events arrive late: b hears a's save, which storage no longer holds, and a hears b's.
  page.dispatchEvent(storageEvent('ultima.page', first));
  page.dispatchEvent(storageEvent('ultima.page', second));
  assert.deepEqual(heard.b, [], 'b does not go back to the game it set aside');
  assert.deepEqual(heard.a, ['1. c2-c6 *']);
  assert.equal(JSON.parse(storage.items.get('ultima.page') ?? '{}').record, '1. c2-c6 *');
  const backups = [...storage.items].filter(([key]) => key.startsWith(a.BACKUP_PREFIX)).map(([, text]) => JSON.parse(text).record);
  assert.deepEqual(backups, ['1. b2-b5 *'], 'a\'s game set aside once');
});

test('a tab that does not follow the other tab\'s game sets it aside when it saves', async () => {
  storage.items.clear();
  const a = await openTab();
  const b = await openTab();
  a.load();
  b.load();
  b.onOtherTab(() => false);
  const settings = a.defaultSettings();
  a.save('1. b2-b5 *', settings);
  page.dispatchEvent(storageEvent('ultima.page', storage.items.get('ultima.page') ?? null));
  assert.match(b.save('1. c2-c6 *', settings) ?? '', /another tab/);
});

test('storage refused or full: the game is not saved, and the player hears it once', async () => {
  storage.items.clear();
  storage.fail = new Error('SecurityError');
  const refused = await openTab();
  const unreadable = refused.load();
  assert.match(unreadable.problem ?? '', /does not allow this page to store data/);
  // Nothing can be remembered: every visit is a first one (the welcome shows).
  assert.equal(unreadable.firstVisit, true);
  assert.equal(refused.save('1. b2-b5 *', refused.defaultSettings()), null);
  storage.fail = null;
  assert.equal(storage.items.size, 0, 'nothing written');

  const full = await openTab();
  full.load();
  storage.failWrites = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
  assert.match(full.save('1. b2-b5 *', full.defaultSettings()) ?? '', /could not be saved/);
  assert.equal(full.save('1. b2-b5 g7-g4 *', full.defaultSettings()), null, 'said once');
  storage.failWrites = null;
  assert.equal(full.save('1. b2-b5 g7-g4 *', full.defaultSettings()), null);
  assert.equal(JSON.parse(storage.items.get('ultima.page') ?? '{}').record, '1. b2-b5 g7-g4 *');
});

test('a game replaced by choice (a game from a link) is kept aside first, or nothing replaces it', async () => {
  storage.items.clear();
  const tab = await openTab();
  tab.load();
  assert.deepEqual(tab.keepStoredAside(), { key: null }, 'nothing stored, nothing to keep');
  tab.save('1. b2-b5 *', tab.defaultSettings());
  const stored = storage.items.get('ultima.page');
  const kept = tab.keepStoredAside();
  assert.ok('key' in kept && kept.key?.startsWith('ultima.page.backup.'), JSON.stringify(kept));
  assert.equal(storage.items.get(kept.key ?? ''), stored, 'the backup holds the stored text exactly');
  storage.failWrites = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
  const full = tab.keepStoredAside();
  storage.failWrites = null;
  assert.ok('error' in full, 'a copy that fails says so: the caller then replaces nothing');
  storage.fail = new Error('SecurityError');
  assert.deepEqual(tab.keepStoredAside(), { key: null }, 'storage off: nothing was stored');
  storage.fail = null;
});

test('a review is kept with the game it was made of; one of another game or of a bad shape is dropped', async () => {
  storage.items.clear();
  const tab = await openTab();
  const record = '[Setup "rotated"]\n\n1. b2-b5 *';
  const evaluation = { white: { cp: 12 }, result: null, best: 'g7-g4', depth: 7, nodes: 150000 };
  const review = { record, evaluations: [evaluation, null] };
  assert.equal(tab.save(record, tab.defaultSettings(), undefined, review), null);
  assert.deepEqual(tab.load().review, review);
  // Saved without one: none comes back.
  tab.save(record, tab.defaultSettings());
  assert.equal(tab.load().review, undefined);
  const stored = (/** @type {unknown} */ value) => tab.parse(JSON.stringify({ version: 1, record, settings: {}, review: value }));
  for (const bad of [null, 'review', [review], { ...review, record: '1. c2-c5 *' }, { record, evaluations: 'all' }, { record, evaluations: [evaluation] }, { record, evaluations: [evaluation, 7] }, { record, evaluations: [evaluation, [1]] }]) {
    const read = stored(bad);
    assert.ok(!('unusable' in read), 'the game is still read');
    assert.equal(read.record, record);
    assert.equal('review' in read, false, JSON.stringify(bad));
  }
});
