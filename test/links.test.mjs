// The pure part of games in a link (www/links.js): reading and writing the fragment, and how a
// link's game stands to the game on the board, which decides whether continuing it must first
// keep the board's game aside.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRAW_OFFER, PUZZLE_PARAM, STORM_PARAM, drawOffer, drawOfferValue, forked, gameSize, offerTakenBack, gameUrl, linkText, puzzleAsked, puzzleUrl, relation, stormAsked, withoutParam, wouldLose } from '../www/links.js';
import { imageName } from '../www/board-image.js';
import { START_PIECES } from '../www/placeholder.js';

/** @import { Status } from '../ultima-wasm.js' */

/** @param {string[]} moves @param {Partial<{ start: string, rules: string, turn: 'white' | 'black', kind: Status['kind'], winner: Status['winner'], result: Status['result'] }>} [change] */
const game = (moves, change = {}) => ({
  start: change.start ?? 'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1',
  rules: change.rules ?? 'default',
  plies: moves.map((text) => ({ text })),
  turn: change.turn ?? (moves.length % 2 ? 'black' : 'white'),
  status: { kind: change.kind ?? 'ongoing', winner: change.winner ?? null, result: change.result ?? '*' },
});

test('the link text is read from a #game= fragment only', () => {
  assert.equal(linkText('#game=AQAMAAAAq9o'), 'AQAMAAAAq9o');
  assert.equal(linkText('#game='), '');
  assert.equal(linkText(''), null);
  assert.equal(linkText('#games=AQ'), null);
  assert.equal(linkText('#other'), null);
});

test('a game link is the page without its fragment, then #game=', () => {
  assert.equal(gameUrl('https://example.org/ultima/', 'AQ-_'), 'https://example.org/ultima/#game=AQ-_');
  assert.equal(gameUrl('https://example.org/ultima/index.html?x=1#game=old', 'new'), 'https://example.org/ultima/index.html?x=1#game=new');
  assert.equal(gameUrl('http://127.0.0.1:8080/#', 'AQ'), 'http://127.0.0.1:8080/#game=AQ');
  assert.equal(linkText(new URL(gameUrl('https://example.org/a/b', 'AQAM')).hash), 'AQAM');
});

test('the relation of two games: same, ahead, behind or other', () => {
  const a = game(['b2-b5', 'g7-g4']);
  assert.equal(relation(a, game(['b2-b5', 'g7-g4'])), 'same');
  assert.equal(relation(a, game(['b2-b5', 'g7-g4', 'c2-c4'])), 'ahead');
  assert.equal(relation(a, game(['b2-b5'])), 'behind');
  assert.equal(relation(a, game(['b2-b5', 'g7-g3'])), 'other');
  assert.equal(relation(a, game(['b2-b5', 'g7-g4'], { rules: 'king_capture' })), 'other');
  assert.equal(relation(a, game(['b2-b5', 'g7-g4'], { start: '4k3/8/8/8/8/8/8/3K4 w 0 1' })), 'other');
  assert.equal(relation(game([]), game(['b2-b5'])), 'ahead');
});

test('two games forked: moves in common, then a move of each; not a new game, a takeback or a continuation', () => {
  const a = game(['b2-b5', 'g7-g4']);
  assert.equal(forked(a, game(['b2-b5', 'h7-h5'])), true);
  assert.equal(forked(game(['b2-b5', 'g7-g4', 'c2-c4']), game(['b2-b5', 'g7-g4', 'a2-a4', 'h7-h6'])), true);
  assert.equal(forked(a, game(['b2-b5', 'g7-g4', 'c2-c4'])), false, 'continued');
  assert.equal(forked(a, game(['b2-b5'])), false, 'taken back');
  assert.equal(forked(a, a), false);
  assert.equal(forked(a, game([])), false, 'a new game');
  assert.equal(forked(a, game(['a2-a4'])), false, 'a new game: no move in common');
  assert.equal(forked(a, game(['b2-b5', 'h7-h5'], { rules: 'king_capture' })), false);
});

test('continuing a link keeps the board game aside only when it would be lost', () => {
  // The opponent's answer to the game sent: nothing lost.
  assert.equal(wouldLose(game(['b2-b5']), game(['b2-b5', 'g7-g4'])), false);
  assert.equal(wouldLose(game(['b2-b5']), game(['b2-b5'])), false);
  // A fresh board: nothing to lose.
  assert.equal(wouldLose(game([]), game(['c2-c4'])), false);
  // Another game, or an older link of this one: the board's moves would go.
  assert.equal(wouldLose(game(['b2-b5']), game(['c2-c4'])), true);
  assert.equal(wouldLose(game(['b2-b5', 'g7-g4']), game(['b2-b5'])), true);
  // A game that ended at the start (a resignation) is a game too.
  assert.equal(wouldLose(game([], { kind: 'checkmate' }), game([], { rules: 'king_capture' })), true);
  // A finished game that Your games keeps already loses nothing.
  assert.equal(wouldLose(game(['b2-b5'], { kind: 'checkmate' }), game(['c2-c4']), true), false);
});

test('a game in a few words', () => {
  assert.equal(gameSize(game([])), 'no moves yet, White to move');
  // A move is White's and Black's, as "Your games" counts them.
  assert.equal(gameSize(game(['b2-b5'])), '1 move, Black to move');
  assert.equal(gameSize(game(['b2-b5', 'g7-g4'])), '1 move, White to move');
  assert.equal(gameSize(game(['b2-b5', 'g7-g4', 'c2-c4'])), '2 moves, Black to move');
  // A finished game says how it ended.
  assert.equal(gameSize(game(['b2-b5'], { kind: 'checkmate', winner: 'white', result: '1-0' })), '1 move, White wins by checkmate');
  assert.equal(gameSize(game(['b2-b5', 'g7-g4'], { kind: 'agreement', result: '1/2-1/2' })), '1 move, Draw by agreement');
});

test('the board image is named after its position: the move it follows, the start, or a set-up position of its own', () => {
  /** @param {string} letters  64 letters, a1 first, "." for an empty square @param {'white' | 'black'} turn */
  const position = (letters, turn = /** @type {const} */ ('white')) => ({ pieces: [...letters].map((c) => (c === '.' ? '' : c)), turn });
  const start = position(START_PIECES);
  assert.equal(imageName(undefined, start), 'ultima-start.png');
  assert.equal(imageName({ number: 6, side: 'black' }, start), 'ultima-move-6-black.png');
  assert.equal(imageName({ number: 31, side: 'white' }, start), 'ultima-move-31-white.png');
  // Set up in the editor: a name of its own, the same each time, another for another position.
  const leaper = position(`L...K...p.......${'.'.repeat(16)}p${'.'.repeat(27)}k...`);
  assert.match(imageName(undefined, leaper), /^ultima-position-[0-9a-f]{6}\.png$/);
  assert.equal(imageName(undefined, leaper), imageName(undefined, position(`L...K...p.......${'.'.repeat(16)}p${'.'.repeat(27)}k...`)));
  assert.notEqual(imageName(undefined, leaper), imageName(undefined, position(`L...K...p.......${'.'.repeat(16)}p${'.'.repeat(27)}k...`, 'black')));
  assert.notEqual(imageName(undefined, position(START_PIECES, 'black')), 'ultima-start.png');
});

test('a draw offer stands from the offerer\'s move until the other side moves', () => {
  /**
   * @param {number} plies @param {string | null} value
   * @param {import('../dist/ultima-wasm.js').Status['kind']} [kind]
   */
  const game = (plies, value, kind = 'ongoing') => ({
    headers: /** @type {Array<[string, string]>} */ (value === null ? [['White', 'Ann']] : [['White', 'Ann'], [DRAW_OFFER, value]]),
    plies: Array.from({ length: plies }, (_, i) => ({ side: /** @type {'white' | 'black'} */ (i % 2 ? 'black' : 'white') })),
    status: { kind },
  });
  assert.equal(drawOffer(game(3, '3')), 'white', 'made with White\'s third ply');
  assert.equal(drawOffer(game(4, '4')), 'black');
  assert.equal(drawOffer(game(4, '3')), null, 'Black has moved since: the offer lapsed');
  assert.equal(drawOffer(game(3, '')), null, 'withdrawn');
  assert.equal(drawOffer(game(3, null)), null, 'never made');
  assert.equal(drawOffer(game(0, '0')), null, 'no move to make it with');
  assert.equal(drawOffer(game(3, '3', 'resignation')), null, 'the game is over');
  assert.equal(drawOffer(game(3, 'x')), null);
  assert.equal(drawOfferValue(game(5, null), true), '5');
  assert.equal(drawOfferValue(game(5, '5'), false), '');
  // Its move taken back, the offer goes with it: another move would bring it back otherwise.
  assert.equal(offerTakenBack(game(2, '3')), true);
  assert.equal(offerTakenBack(game(3, '3')), false, 'it stands');
  assert.equal(offerTakenBack(game(4, '3')), false, 'lapsed, not taken back');
  assert.equal(offerTakenBack(game(2, '')), false);
  assert.equal(offerTakenBack(game(2, null)), false);
});

test('a puzzle has an address: ?puzzle=<id>, read back, and taken off once shown', () => {
  assert.equal(PUZZLE_PARAM, 'puzzle');
  assert.equal(puzzleAsked('?puzzle=1-1-102'), '1-1-102');
  assert.equal(puzzleAsked('?x=1&puzzle=%201-2-6%20'), '1-2-6');
  assert.equal(puzzleAsked(''), null);
  assert.equal(puzzleAsked('?puzzle='), '', 'the puzzles, none named');
  assert.equal(puzzleAsked('?puzzle'), '');
  assert.equal(puzzleAsked('?analysis'), null);
  assert.equal(puzzleAsked(`?puzzle=${'x'.repeat(500)}`)?.length, 40, 'a long value is cut, never trusted');
  assert.equal(puzzleUrl('https://example.org/ultima/?x=1#game=AQAM', '1-1-102'), 'https://example.org/ultima/?x=1&puzzle=1-1-102');
  assert.equal(puzzleUrl('https://example.org/ultima/?puzzle=old', 'new'), 'https://example.org/ultima/?puzzle=new');
  assert.equal(withoutParam('https://example.org/ultima/?x=1&puzzle=1-1-102#top', PUZZLE_PARAM), 'https://example.org/ultima/?x=1#top');
  assert.equal(withoutParam('https://example.org/ultima/?puzzle=1-1-102', PUZZLE_PARAM), 'https://example.org/ultima/');
});

test('a storm has an address: ?storm, with any value or none, taken off once shown', () => {
  assert.equal(STORM_PARAM, 'storm');
  for (const search of ['?storm', '?storm=', '?x=1&storm=yes', '?storm=%00']) assert.equal(stormAsked(search), true, search);
  for (const search of ['', '?puzzle=1-1-102', '?stormy', '?x=storm']) assert.equal(stormAsked(search), false, search);
  assert.equal(withoutParam('https://example.org/ultima/?storm&x=1#game=AQAM', STORM_PARAM), 'https://example.org/ultima/?x=1#game=AQAM');
});
