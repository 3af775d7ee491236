// What the page set aside (www/set-aside.js): every backup key listed, the newest first, whatever
// it holds; one removed; an entry in words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BACKUP_PREFIX } from '../www/storage.js';
import { removeSetAside, setAsideEntries, setAsideWords } from '../www/set-aside.js';

/** A Storage keeping strings in a Map, in the order they were set; `refuse` makes it throw. */
class FakeStorage {
  constructor(/** @type {Record<string, string>} */ items = {}) {
    this.items = new Map(Object.entries(items));
    this.refuse = false;
  }
  get length() {
    if (this.refuse) throw new DOMException('refused', 'SecurityError');
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
  /** @param {string} key */
  removeItem(key) {
    if (this.refuse) throw new DOMException('refused', 'SecurityError');
    this.items.delete(key);
  }
}

const saved = (/** @type {object} */ fields) => JSON.stringify({ version: 1, record: '1. Pb2-b5 *', settings: { orientation: 'black' }, ...fields });
const EARLY = `${BACKUP_PREFIX}2026-11-22T01:02:03.456Z`;
const LATE = `${BACKUP_PREFIX}2026-11-29T14:30:00.000Z`;
const date = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 16);

test('every backup key is listed, the newest first, and nothing else', () => {
  const storage = new FakeStorage({
    [EARLY]: saved({ settings: { opponent: { computer: 'white', level: 3 } } }),
    'ultima.page': saved({}),
    'ultima.games': '{"version":1,"games":[]}',
    [LATE]: saved({}),
  });
  const entries = setAsideEntries(storage);
  assert.deepEqual(
    entries.map(({ key, time, record, opponent, orientation, problem }) => ({ key, time, record, opponent, orientation, problem })),
    [
      { key: LATE, time: Date.UTC(2026, 10, 29, 14, 30), record: '1. Pb2-b5 *', opponent: null, orientation: 'black', problem: null },
      { key: EARLY, time: Date.UTC(2026, 10, 22, 1, 2, 3, 456), record: '1. Pb2-b5 *', opponent: { computer: 'white', level: 3 }, orientation: 'black', problem: null },
    ],
  );
  assert.equal(entries[0]?.text, storage.getItem(LATE), 'the text exactly as stored');
});

test('data this page cannot use is listed with the reason, and a key whose time does not read goes last', () => {
  const odd = `${BACKUP_PREFIX}sometime`;
  const entries = setAsideEntries(new FakeStorage({ [odd]: '{', [EARLY]: '{"version":9}', [LATE]: '{"version":1,"record":null}' }));
  assert.deepEqual(
    entries.map(({ key, time, record, problem }) => ({ key, time, record, problem })),
    [
      { key: LATE, time: Date.UTC(2026, 10, 29, 14, 30), record: null, problem: null },
      { key: EARLY, time: Date.UTC(2026, 10, 22, 1, 2, 3, 456), record: null, problem: 'comes from a newer version of this page (schema 9)' },
      { key: odd, time: null, record: null, problem: 'could not be read' },
    ],
  );
});

test('a list of finished games copied aside is listed as data this page cannot use', () => {
  const entries = setAsideEntries(new FakeStorage({ 'ultima.games.unreadable.2026-11-30T08:00:00.000Z': '{', 'ultima.games.unreadable': '[]', [EARLY]: saved({}) }));
  assert.deepEqual(
    entries.map(({ key, time, record, problem }) => ({ key, time, record, problem })),
    [
      { key: 'ultima.games.unreadable.2026-11-30T08:00:00.000Z', time: Date.UTC(2026, 10, 30, 8), record: null, problem: 'is a list of finished games that could not be read whole' },
      { key: EARLY, time: Date.UTC(2026, 10, 22, 1, 2, 3, 456), record: '1. Pb2-b5 *', problem: null },
      { key: 'ultima.games.unreadable', time: null, record: null, problem: 'is a list of finished games that could not be read whole' },
    ],
  );
  assert.deepEqual(setAsideWords(/** @type {import('../www/set-aside.js').SetAside} */ (entries[0]), date), {
    title: 'Saved data this page cannot use',
    detail: 'It is a list of finished games that could not be read whole · set aside 2026-11-30T08:00',
  });
});

test('no storage, or one the browser refuses, lists nothing and says why a removal failed', () => {
  assert.deepEqual(setAsideEntries(null), []);
  const storage = new FakeStorage({ [EARLY]: saved({}) });
  storage.refuse = true;
  assert.deepEqual(setAsideEntries(storage), []);
  assert.equal(removeSetAside(storage, EARLY), 'the browser refused it');
  assert.equal(removeSetAside(null, EARLY), 'this browser does not allow this page to store data');
  storage.refuse = false;
  assert.equal(removeSetAside(storage, EARLY), null);
  assert.deepEqual(setAsideEntries(storage), []);
});

test('an entry in words: its players, its game, when it was set aside', () => {
  const [linked, computer, two, unusable, empty] = setAsideEntries(
    new FakeStorage({
      [`${BACKUP_PREFIX}2026-11-30T14:30:00.000Z`]: saved({ settings: { linkSide: 'black', orientation: 'white' } }),
      [`${BACKUP_PREFIX}2026-11-29T14:30:00.000Z`]: saved({ settings: { opponent: { computer: 'black', level: 3 } } }),
      [`${BACKUP_PREFIX}2026-11-28T14:30:00.000Z`]: saved({}),
      [`${BACKUP_PREFIX}2026-11-27T14:30:00.000Z`]: 'not json',
      [`${BACKUP_PREFIX}2026-11-26T14:30:00.000Z`]: '{"version":1,"record":null}',
    }),
  );
  assert.ok(linked && computer && two && unusable && empty);
  // Resumed from the side its player had (the board showed the other one when set aside).
  assert.equal(linked.orientation, 'black');
  assert.deepEqual(setAsideWords(linked, date, 'Unfinished · 1 move'), { title: 'By link', detail: 'As Black · Unfinished · 1 move · set aside 2026-11-30T14:30' });
  assert.deepEqual(setAsideWords(computer, date, 'Unfinished · 1 move'), {
    title: 'Against level\u00a03\u00a0— Casual',
    detail: 'As White · Unfinished · 1 move · set aside 2026-11-29T14:30',
  });
  assert.deepEqual(setAsideWords(two, date), { title: 'Two players on this device', detail: 'set aside 2026-11-28T14:30' });
  assert.deepEqual(setAsideWords(unusable, date), { title: 'Saved data this page cannot use', detail: 'It could not be read · set aside 2026-11-27T14:30' });
  assert.deepEqual(setAsideWords(empty, date), { title: 'Saved settings without a game', detail: 'set aside 2026-11-26T14:30' });
});
