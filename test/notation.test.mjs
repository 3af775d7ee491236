import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardStatus, captureWords, changeWords, describeMove, describeSelection, freezeWords, listWords, movesWords, moveWords, otherSide, pieceLine, pieceName, plyLabel, resultWords, scoreText, sideName, statusText, suicideWords, viewingText } from '../www/notation.js';
import { DOUBLE_CAPTURE, leaper, move, ply } from './fixtures.mjs';

/** @param {Record<string, string>} placed @returns {string[]} 64 letters, a1 first */
const board = (placed) => Array.from({ length: 64 }, (_, i) => placed[`${String.fromCharCode(97 + (i % 8))}${Math.floor(i / 8) + 1}`] ?? '');

test('pieces are named by side and role', () => {
  assert.equal(pieceName('L'), 'white Long Leaper');
  assert.equal(pieceName('p'), 'black Pawn');
  assert.equal(pieceName('x'), 'black Chameleon');
  assert.equal(pieceName('I'), 'white Immobilizer');
});

test('a list is said with commas and a last "and"', () => {
  assert.equal(listWords([]), '');
  assert.equal(listWords(['b2']), 'b2');
  assert.equal(listWords(['b2', 'b4']), 'b2 and b4');
  assert.equal(listWords(['b2', 'b4', 'b7']), 'b2, b4 and b7');
});

test('a side is named once, and its other side is the other one', () => {
  assert.equal(sideName('white'), 'White');
  assert.equal(sideName('black'), 'Black');
  assert.equal(otherSide('white'), 'black');
  assert.equal(otherSide('black'), 'white');
});

test('a move is described from the ply alone: the piece, its way and what it took', () => {
  // Announced with how each piece is taken; labelled shorter.
  assert.equal(describeMove(DOUBLE_CAPTURE), 'white Long Leaper a1 to a6, captures the black Pawn on a2 and the black Pawn on a5 by leaping over them.');
  assert.equal(moveWords(DOUBLE_CAPTURE), 'white Long Leaper a1 to a6, captures black Pawn on a2 and black Pawn on a5');
  const quiet = ply('b2-b5', { display: 'Pb2-b5' });
  assert.equal(describeMove(quiet), 'white Pawn b2 to b5.');
  const suicide = ply('e4-', { display: 'Xe4-', piece: 'x', side: 'black' });
  assert.equal(describeMove(suicide), 'black Chameleon on e4 removed (suicide).');
});

test('every status has its words, from the tag, never from Rust\'s text', () => {
  /** @type {Array<[import('../dist/ultima-wasm.js').Status, string]>} */
  const cases = [
    [{ kind: 'ongoing', winner: null, result: '*' }, ''],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'Black wins by checkmate'],
    [{ kind: 'stalemate', winner: 'white', result: '1-0' }, 'White wins by stalemate (Black has no legal move)'],
    [{ kind: 'king_captured', winner: 'white', result: '1-0' }, 'White wins by capturing the King'],
    [{ kind: 'resignation', winner: 'black', result: '0-1' }, 'Black wins by resignation'],
    [{ kind: 'repetition', winner: null, result: '1/2-1/2' }, 'Draw by threefold repetition'],
    [{ kind: 'move_limit', winner: null, result: '1/2-1/2' }, 'Draw: 100 plies without a capture'],
    [{ kind: 'bare_kings', winner: null, result: '1/2-1/2' }, 'Draw: only the two Kings are left'],
    [{ kind: 'agreement', winner: null, result: '1/2-1/2' }, 'Draw by agreement'],
    [{ kind: 'timeout', winner: 'white', result: '1-0' }, 'White wins on time'],
    [{ kind: 'timeout_draw', winner: null, result: '1/2-1/2' }, 'Draw: time ran out against a lone King'],
  ];
  for (const [status, words] of cases) assert.equal(statusText(status), words, status.kind);
});

test('the result banner\'s words: who won, from the player\'s side against the computer, and why', () => {
  /** @type {Array<[import('../dist/ultima-wasm.js').Status, import('../dist/ultima-wasm.js').Side | null, string, string]>} */
  const cases = [
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, null, 'Black wins', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'black', 'You win', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'checkmate', winner: 'black', result: '0-1' }, 'white', 'The computer wins', "Checkmate: White's King is in check and White has no move that answers it."],
    [{ kind: 'stalemate', winner: 'white', result: '1-0' }, null, 'White wins', 'Stalemate: Black has no legal move. In Ultima that is a win for White, the side that stalemated, not a draw.'],
    [{ kind: 'king_captured', winner: 'white', result: '1-0' }, null, 'White wins', "White captured Black's King."],
    [{ kind: 'resignation', winner: 'black', result: '0-1' }, 'white', 'The computer wins', 'You resigned.'],
    [{ kind: 'resignation', winner: 'black', result: '0-1' }, null, 'Black wins', 'White resigned.'],
    [{ kind: 'timeout', winner: 'white', result: '1-0' }, 'black', 'The computer wins', 'You ran out of time.'],
    [{ kind: 'repetition', winner: null, result: '1/2-1/2' }, 'white', 'Draw', 'The same position came up three times, with the same side to move.'],
    [{ kind: 'move_limit', winner: null, result: '1/2-1/2' }, null, 'Draw', '100 plies (50 moves each) went by without a capture or a suicide.'],
    [{ kind: 'bare_kings', winner: null, result: '1/2-1/2' }, null, 'Draw', 'Only the two Kings are left: neither side can win.'],
    [{ kind: 'agreement', winner: null, result: '1/2-1/2' }, null, 'Draw', 'The players agreed to a draw.'],
    [{ kind: 'timeout', winner: 'black', result: '0-1' }, 'black', 'You win', 'White ran out of time.'],
    [{ kind: 'timeout_draw', winner: null, result: '1/2-1/2' }, null, 'Draw', 'A clock ran out, but the other side has only its King left, which can never win.'],
    [{ kind: 'ongoing', winner: null, result: '*' }, null, '', ''],
  ];
  for (const [status, player, headline, reason] of cases) {
    assert.deepEqual(resultWords(status, player), { headline, reason }, `${status.kind} for ${player}`);
  }
  // The score as the page shows it, a draw in halves.
  assert.deepEqual(['1/2-1/2', '1-0', '0-1'].map(scoreText), ['½-½', '1-0', '0-1']);
  // By link, the other player is named by their side.
  const resigned = /** @type {const} */ ({ kind: 'resignation', winner: 'black', result: '0-1' });
  assert.equal(resultWords(resigned, 'white', 'link').headline, 'Black wins');
  assert.equal(resultWords(resigned, 'black', 'link').headline, 'You win');
});

test('a move in words says check and checkmate from the ply\'s mark; a King\'s capture says itself', () => {
  assert.equal(moveWords(DOUBLE_CAPTURE), 'white Long Leaper a1 to a6, captures black Pawn on a2 and black Pawn on a5');
  assert.equal(moveWords(ply('d1-d7', { piece: 'W', mark: 'check' })), 'white Withdrawer d1 to d7, check');
  assert.equal(moveWords(ply('c4-d5', { piece: 'K', mark: 'mate' })), 'white King c4 to d5, checkmate');
  assert.equal(moveWords(ply('b7-a8xa8', { piece: 'k', side: 'black', captured: ['K'], mark: 'mate' })), 'black King b7 to a8, captures white King on a8');
  // A stalemating move has no mark, so no words of one.
  assert.equal(moveWords(ply('c3-b2', { piece: 'i', side: 'black' })), 'black Immobilizer c3 to b2');
  assert.equal(describeMove(ply('d1-d7', { piece: 'W', mark: 'check', display: 'Wd1-d7+' })), 'white Withdrawer d1 to d7, check.');
});

test('the piece line names the piece and its ways, and says why one picked up does not move', () => {
  assert.deepEqual(pieceLine('L', 'b1'), { name: 'White Long Leaper on b1', words: 'moves like a queen; captures by leaping over enemies, each into an empty square.' });
  assert.deepEqual(pieceLine('l', 'b8', { moves: [move('b8-b6')] }), { name: 'Black Long Leaper on b8', words: 'moves like a queen; captures by leaping over enemies, each into an empty square.' });
  assert.equal(pieceLine('X', 'c1', { moves: [] }).words, 'moves like a queen; captures each enemy as that enemy captures. No legal move now.');
  assert.equal(pieceLine('p', 'd5', { frozen: true }).words, 'moves like a rook; captures by pinching an enemy against a friendly piece, along a rank or file. Frozen: it cannot move.');
  // A frozen piece's one move is its suicide: it is frozen still.
  assert.match(pieceLine('W', 'e4', { frozen: true, moves: [move('e4-')] }).words, /Frozen: it cannot move/);
  for (const letter of 'KWCILXP') assert.doesNotMatch(pieceLine(letter, 'a1').words, /undefined|^\./);
});

test('a picked-up piece is described with each destination and what it would capture', () => {
  const snapshot = leaper();
  assert.equal(
    describeSelection('a1', 'L', snapshot.moves.a1 ?? []),
    'white Long Leaper on a1: 4 moves: a2; a3 capturing a2; a6 capturing a2 and a5; b1',
  );
  assert.equal(describeSelection('e1', 'K', [move('e1-e2')]), 'white King on e1: 1 move: e2');
  assert.equal(describeSelection('b1', 'L', [move('b1-b8xb2xb4xb7')]), 'white Long Leaper on b1: 1 move: b8 capturing b2, b4 and b7');
  assert.equal(describeSelection('d3', 'P', [move('d3-')]), 'white Pawn on d3: 1 move: remove it (suicide)');
  assert.equal(describeSelection('h1', 'C', []), 'white Coordinator on h1: no legal moves');
  // A frozen piece: what freezes it, from the rules' frozenBy.
  const frozen = { pieces: board({ d3: 'P', d4: 'i', c4: 'i' }), frozenBy: { d3: ['c4', 'd4'] } };
  assert.equal(describeSelection('d3', 'P', [move('d3-')], frozen), 'white Pawn on d3, frozen by the black Immobilizer on c4 and the black Immobilizer on d4: 1 move: remove it (suicide)');
  assert.equal(describeSelection('e1', 'K', [move('e1-e2')], frozen), 'white King on e1: 1 move: e2');
});

test('the status line of a board: against the computer, against a player elsewhere, two at one device', () => {
  const how = /** @type {const} */ ({ player: 'white', search: null, viewed: null });
  assert.equal(boardStatus(leaper(), how), 'Your turn (White)');
  assert.equal(boardStatus(leaper({ check: 'e1' }), how), 'Your turn (White) — check');
  assert.equal(boardStatus(leaper({ turn: 'black' }), how), 'Black to move (the computer)');
  assert.equal(boardStatus(leaper({ turn: 'black' }), { ...how, search: 'move' }), 'The computer is thinking…');
  assert.equal(boardStatus(leaper(), { ...how, search: 'hint' }), 'Looking for a hint…');
  assert.equal(boardStatus(leaper({ plies: [DOUBLE_CAPTURE, DOUBLE_CAPTURE] }), { ...how, viewed: 0 }), 'Viewing 1. La1-a6 xa2 xa5 (1 of 2)');
  assert.equal(boardStatus(leaper(), { ...how, viewed: -1 }), 'Viewing the start');
  assert.equal(boardStatus(leaper({ turn: 'black' }), { ...how, opponent: 'the other player' }), 'Black to move (the other player)');
  assert.equal(boardStatus(leaper({ turn: 'black', check: 'e8' }), { ...how, player: null }), 'Black to move — check');
  const over = leaper({ status: { kind: 'stalemate', winner: 'black', result: '0-1' } });
  assert.equal(boardStatus(over, { ...how, search: 'move' }), 'Black wins by stalemate (White has no legal move)');
});

test("a move's captures in words: each way, grouped where the way and its piece are the same", () => {
  assert.equal(captureWords(DOUBLE_CAPTURE), "White's Long Leaper a1-a6 took the black Pawn on a2 and the black Pawn on a5 by leaping over them.");
  assert.equal(captureWords(ply('b2-b5')), '', 'a quiet move');
  assert.equal(captureWords(ply('e4-', { to: null })), '', 'a suicide');
  assert.equal(suicideWords(ply('e4-', { to: null })), "White took its frozen Pawn on e4 off the board (a suicide, instead of a move).");
  assert.equal(suicideWords(DOUBLE_CAPTURE), '');
  assert.equal(changeWords(ply('e4-', { to: null })), suicideWords(ply('e4-', { to: null })));
  assert.equal(changeWords(DOUBLE_CAPTURE), captureWords(DOUBLE_CAPTURE));
  assert.equal(changeWords(ply('b2-b5')), '');
  /** @param {string} way @param {string | null} [with_] @param {string | null} [withPiece] @param {boolean} [imitated] */
  const w = (way, with_ = null, withPiece = null, imitated = false) => /** @type {import('../ultima-wasm.js').CaptureWayInfo} */ ({ way, with: with_, withPiece, imitated });
  const withdrawn = ply('d5-d7xd4', { piece: 'w', side: 'black', captured: ['P'], ways: [w('withdrawal')] });
  assert.equal(captureWords(withdrawn), "Black's Withdrawer d5-d7 took the white Pawn on d4 by moving directly away from it.");
  const coordinated = ply('d4-f6xf2xc6', { piece: 'C', captured: ['p', 'p'], ways: [w('coordination', 'c2', 'K'), w('coordination', 'c2', 'K')] });
  assert.equal(captureWords(coordinated), "White's Coordinator d4-f6 took the black Pawn on f2 and the black Pawn on c6 at the corners of its rectangle with its King on c2.");
  const pinched = ply('d1-d4xe4xd5', { captured: ['p', 'p'], ways: [w('pinch', 'f4', 'W'), w('pinch', 'd6', 'L')] });
  assert.equal(
    captureWords(pinched),
    "White's Pawn d1-d4 took the black Pawn on e4 by pinching it against the white Withdrawer on f4 and the black Pawn on d5 by pinching it against the white Long Leaper on d6.",
  );
  const king = ply('e1-d2xd2', { piece: 'K', captured: ['p'], ways: [w('displacement')] });
  assert.equal(captureWords(king), "White's King e1-d2 took the black Pawn on d2 by stepping onto it.");
  // The Chameleon of RULES §7 example 7, in part: each victim's own way, said as borrowed.
  const chameleon = ply('c2-c6xc1xc3xc5xh6', {
    piece: 'X',
    captured: ['w', 'l', 'l', 'c'],
    ways: [w('withdrawal', null, null, true), w('leap', null, null, true), w('leap', null, null, true), w('coordination', 'h4', 'K', true)],
  });
  assert.equal(
    captureWords(chameleon),
    "White's Chameleon c2-c6 took the black Withdrawer on c1 by moving directly away from it (as a Withdrawer would), the black Long Leaper on c3 and the black Long Leaper on c5 by leaping over them (as a Long Leaper would) and the black Coordinator on h6 at a corner of its rectangle with its King on h4 (as a Coordinator would).",
  );
});

test('an earlier position in the status line: the move that led to it, numbered as the move list numbers it', () => {
  // A game set up at Black's 30th move: its first ply is "30…", whatever its index.
  const plies = [ply('d7-d6', { side: 'black', number: 30 }), ply('h1-d5', { number: 31, display: 'Wh1-d5 xd1' }), ply('f7-f6', { side: 'black', number: 31 })];
  assert.equal(viewingText(plies, 0), 'Viewing 30… d7-d6 (1 of 3)');
  assert.equal(viewingText(plies, 1), 'Viewing 31. Wh1-d5 xd1 (2 of 3)');
  assert.equal(viewingText(plies, -1), 'Viewing the start');
  assert.equal(plyLabel(plies[2] ?? DOUBLE_CAPTURE), '31… f7-f6');
});

test('what a move did to the frozen pieces, in words: those it froze, those it freed, the mover frozen on arrival', () => {
  // Black's Immobilizer to b3: the white Pawns on a2 and c2 frozen.
  const to = ply('b5-b3', { piece: 'i', side: 'black' });
  assert.equal(freezeWords([], { frozen: ['a2', 'c2'], pieces: board({ b3: 'i', a2: 'P', c2: 'P' }) }, to), 'Freezes the white Pawn on a2 and the white Pawn on c2.');
  // It goes on to b5: they are free again; nothing changed says nothing.
  const away = ply('b3-b5', { piece: 'i', side: 'black' });
  assert.equal(freezeWords(['a2', 'c2'], { frozen: [], pieces: board({ b5: 'i', a2: 'P', c2: 'P' }) }, away), 'Frees the white Pawn on a2 and the white Pawn on c2.');
  assert.equal(freezeWords(['a2'], { frozen: ['a2'], pieces: board({ a2: 'P' }) }, ply('h2-h3')), '');
  // The Immobilizer taken: what it held is freed, the piece taken is not said.
  const taking = { ...ply('b1-b4xb3', { piece: 'L' }), captured: ['i'] };
  assert.equal(freezeWords(['a2', 'c2', 'b3'], { frozen: [], pieces: board({ b4: 'L', a2: 'P', c2: 'P' }) }, taking), 'Frees the white Pawn on a2 and the white Pawn on c2.');
  // A Pawn that steps next to the enemy Immobilizer is frozen there.
  assert.equal(freezeWords([], { frozen: ['d4'], pieces: board({ d4: 'P', e5: 'i' }) }, ply('d2-d4')), 'The white Pawn is frozen on d4.');
});

test("a game's length in moves as the move list numbers them, White's and Black's one move", () => {
  assert.equal(movesWords(0), '0 moves');
  assert.equal(movesWords(1), '1 move');
  assert.equal(movesWords(2), '1 move');
  assert.equal(movesWords(3), '2 moves');
});
