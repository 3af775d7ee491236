// The wasm bindings as a page's script calls them, through the real generated glue as www/wasm.js
// hands it out: every export given values of every type, empty and huge strings, numbers out of
// range and not whole, and every method of every class after free(). Each call either answers or
// throws an `Error` with a message — never a `RuntimeError` (a trap, which would leave the
// instance unusable) and never a bare `TypeError` from the glue — and the instance still works
// afterwards. The page never calls a freed object (session.js holds the one wasm game of a board
// and closes it once); a destroyed board says so.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openGame, useServedDist } from './game-page.mjs';

const served = useServedDist();

test('every export, given any value, answers or throws an Error with a message, and never traps', { timeout: 120_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const outcome = await page.evaluate(async (loader) => {
    // Through www/wasm.js, as the page, the embeds and the worker load the bindings.
    const { bindings, loadWasm } = await import(loader);
    await loadWasm();
    const w = bindings();
    /** @type {Record<string, unknown>} */
    const values = {
      null: null,
      undefined,
      number: 5,
      negative: -1,
      fraction: 1.5,
      NaN,
      Infinity,
      'above 2^32': 2 ** 32 + 1,
      true: true,
      object: {},
      array: ['b2-b5'],
      symbol: Symbol('x'),
      bigint: 10n,
      function: () => 'b2-b5',
      'empty string': '',
      'huge string': 'a'.repeat(2_000_000),
      'numeric string': '3',
    };
    const game = new w.Game();
    const ai = new w.Ai();
    const record = game.snapshot().record;
    /** @type {Record<string, (v: any) => unknown>} */
    const calls = {
      'new Game(v)': (v) => new w.Game(v).free(),
      'new Game(_, v)': (v) => new w.Game(undefined, v).free(),
      'Game.fromRecord(v)': (v) => w.Game.fromRecord(v).free(),
      'Game.fromSetup(v)': (v) => w.Game.fromSetup(v).free(),
      'Game.fromSetup(_, v)': (v) => w.Game.fromSetup('rotated', v).free(),
      'play(v)': (v) => {
        game.play(v);
        game.undo();
      },
      'at(v)': (v) => game.at(v),
      'resign(v)': (v) => {
        game.resign(v);
        game.undo();
      },
      'flag(v)': (v) => {
        game.flag(v);
        game.undo();
      },
      'load(v)': (v) => game.load(v),
      'setRules(v)': (v) => game.setRules(v),
      'perft(v, 1)': (v) => w.perft(v, 1),
      'perft(fen, v)': (v) => w.perft('4k3/8/8/8/8/8/8/4K3 w', v),
      'perft(fen, 1, v)': (v) => w.perft('4k3/8/8/8/8/8/8/4K3 w', 1, v),
      'searchNodes(v, 1)': (v) => w.searchNodes(v, 1),
      'searchNodes(fen, v)': (v) => w.searchNodes('4k3/8/8/8/8/8/8/4K3 w', v),
      'think(v, 1)': (v) => ai.think(v, 1),
      'think(record, v)': (v) => ai.think(record, v),
      'think(record, 1, v)': (v) => ai.think(record, 1, v),
      'think(record, 1, 50, v)': (v) => ai.think(record, 1, 50, v),
      // An analysis without a time runs until its worker is ended: every call here has one.
      'analyse(v, 1, 50)': (v) => ai.analyse(v, 1, 50),
      'analyse(record, v, 50)': (v) => ai.analyse(record, v, 50),
      'analyse(record, 1, 50, v)': (v) => ai.analyse(record, 1, 50, v),
    };
    /** @type {string[]} */
    const bad = [];
    let answered = 0;
    let refused = 0;
    for (const [call, f] of Object.entries(calls)) {
      for (const [name, value] of Object.entries(values)) {
        try {
          f(value);
          answered++;
        } catch (error) {
          refused++;
          if (!(error instanceof Error) || error.constructor !== Error || !error.message || error.message.length > 600) {
            bad.push(`${call} with ${name}: ${error instanceof Error ? `${error.constructor.name}: ${error.message.slice(0, 80)}` : String(error)}`);
          }
        }
      }
    }
    const still = Object.values(new w.Game().snapshot().moves).flat().length;
    return { bad, answered, refused, still, position: game.snapshot().position };
  }, `${served.url}www/wasm.js`);
  console.log(`boundary: ${outcome.answered + outcome.refused} calls, ${outcome.refused} refused with an Error, ${outcome.answered} answered`);
  assert.deepEqual(outcome.bad, []);
  assert.equal(outcome.still, 32, 'the instance still works');
  assert.match(outcome.position, /^clxwkxli\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/ILXKWXLC w/, 'nothing was played');
  assert.deepEqual(problems, []);
  await page.close();
});

test('every method of every class, called after free(), throws an Error (wasm-bindgen\'s own, not a trap); the instance goes on', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const outcome = await page.evaluate(async (loader) => {
    const { bindings, loadWasm } = await import(loader);
    await loadWasm();
    const w = bindings();
    // Every class the bindings export (a class has `free`), every method found on its prototype:
    // a method added to the Rust side is covered without a change here.
    const classes = Object.entries(w).filter(([, value]) => typeof value === 'function' && Object.hasOwn(value.prototype ?? {}, 'free'));
    /** @type {Record<string, { methods: string[], messages: string[] }>} */
    const found = {};
    let calls = 0;
    for (const [name, Class] of classes) {
      const object = new Class();
      object.free();
      const methods = Reflect.ownKeys(Class.prototype).filter(
        (key) => typeof key === 'string' && key !== 'constructor' && key !== 'free' && !key.startsWith('__'),
      );
      const messages = methods.map((key) => {
        calls++;
        try {
          // Arguments that would be good for a live object, so only the free() can refuse.
          object[key]('[Setup "rotated"]\n\n*', 1, 50, () => {});
          return `${String(key)} answered`;
        } catch (error) {
          return error instanceof Error && error.constructor === Error && error.message ? 'an Error' : `${String(key)}: not an Error with a message: ${String(error)}`;
        }
      });
      found[name] = { methods: /** @type {string[]} */ (methods), messages };
    }
    // The instance did not trap: new objects of every class still work.
    const game = new w.Game();
    const legal = Object.values(game.snapshot().moves).flat().length;
    const ai = new w.Ai();
    const move = ai.think(game.snapshot().record, 1).move;
    game.free();
    ai.free();
    return { found, calls, legal, move };
  }, `${served.url}www/wasm.js`);
  console.log(`boundary after free(): ${outcome.calls} calls on ${Object.keys(outcome.found).length} classes (${Object.entries(outcome.found).map(([name, { methods }]) => `${name} ${methods.length}`).join(', ')})`);
  assert.deepEqual(Object.keys(outcome.found).sort(), ['Ai', 'Game', 'Reviewer']);
  assert.ok(outcome.found.Game.methods.length >= 8, `Game's methods: ${outcome.found.Game.methods}`);
  for (const [name, { methods, messages }] of Object.entries(outcome.found)) {
    assert.deepEqual(messages, Array(methods.length).fill('an Error'), `${name}: ${methods}`);
  }
  assert.equal(outcome.legal, 32, 'a new Game works');
  assert.match(outcome.move, /^[a-h][1-8]-/, 'a new Ai works');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a destroyed board says so instead of reaching freed wasm', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const messages = await page.evaluate(async () => {
    const { mount } = await import(new URL('www/embed.js', document.baseURI).href);
    const host = document.createElement('div');
    document.body.append(host);
    const board = mount(host, {});
    await board.ready;
    board.destroy();
    board.destroy();
    return [() => board.position(), () => board.play('b2-b5'), () => board.record()].map((f) => {
      try {
        f();
        return 'answered';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
  });
  assert.deepEqual(messages, Array(3).fill('this board was destroyed'));
  assert.deepEqual(problems, []);
  await page.close();
});
