// Words for what the snapshot reports: a move as a screen reader hears it, and how a game
// stands. The snapshot carries the facts (which piece moved, what it captured, the status as a
// tag); this module only puts them into English, so no page ever reads Rust's text to learn a
// result.

import { ROLE_WAYS, roleName } from './pieces.js';
import { squareIndex } from './util.js';
import { numberLabel } from './variations.js';

/** @import { CaptureWayInfo, MoveInfo, PlyInfo, Side, Status } from '../ultima-wasm.js' */

/**
 * @param {string} letter e.g. "L" or "p"
 * @returns {string} e.g. "white Long Leaper" or "black Pawn"
 */
export function pieceName(letter) {
  const side = letter === letter.toUpperCase() ? 'white' : 'black';
  return `${side} ${roleName(letter)}`;
}

/**
 * A move in words, for the live region, with how it takes its pieces, since a listener cannot
 * see the geometry that makes an Ultima capture: "white Long Leaper a1 to a6, captures the black
 * Pawn on a2 and the black Pawn on a5 by leaping over them." Words alone: the move's display form
 * after them ("La1-a6 xa2 xa5") was read out letter by letter, the move said twice; the move
 * list has it.
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export function describeMove(ply) {
  return `${moveWords(ply, true)}.`;
}

/**
 * A move in words alone, for a label: "white Long Leaper a1 to a6, captures black Pawn on a2 and
 * black Pawn on a5" (with `how`, each capture's way too, as `describeMove` says it), then ",
 * check" or ", checkmate" from the ply's mark (a King's capture under `king_capture` says so
 * already).
 *
 * @param {PlyInfo} ply
 * @param {boolean} [how]  say how each piece is taken (`takingClauses`)
 * @returns {string}
 */
export function moveWords(ply, how = false) {
  const mover = pieceName(ply.piece);
  const what = ply.to === null ? `${mover} on ${ply.from} removed (suicide)` : `${mover} ${ply.from} to ${ply.to}`;
  const taken = how
    ? takingClauses(ply, ply.captured)
    : ply.captures.map((square, i) => `${pieceName(ply.captured[i] ?? '?')} on ${square}`);
  const text = taken.length ? `${what}, captures ${listWords(taken)}` : what;
  const king = ply.captured.some((letter) => letter.toUpperCase() === 'K');
  if (ply.mark === 'check') return `${text}, check`;
  if (ply.mark === 'mate' && !king) return `${text}, checkmate`;
  return text;
}

/**
 * The pieces a move takes and how, in words, one clause for each way and piece it works with
 * (from the rules' facts on the move, `ways`), e.g. ["the white Pawn on d4 by moving directly
 * away from it"], ["the black Pawn on f2 and the black Pawn on c6 at the corners of its
 * rectangle with its King on c2"]; a Chameleon's say whose way it borrowed.
 *
 * @param {MoveInfo} move
 * @param {readonly string[]} letters  the letters of the pieces it takes, in the order of its
 *   captures, e.g. ["p", "p"] (a ply's `captured`)
 * @returns {string[]}
 */
export function takingClauses(move, letters) {
  /** @type {Map<string, { victims: string[], way: CaptureWayInfo, victim: string }>} */
  const groups = new Map();
  move.captures.forEach((square, i) => {
    const way = move.ways[i];
    if (!way) return;
    const letter = letters[i] ?? '?';
    const key = `${way.way} ${way.with ?? ''} ${way.imitated}`;
    const group = groups.get(key) ?? { victims: [], way, victim: letter };
    group.victims.push(`the ${pieceName(letter)} on ${square}`);
    groups.set(key, group);
  });
  return [...groups.values()].map(({ victims, way, victim }) => {
    const many = victims.length > 1;
    const them = many ? 'them' : 'it';
    const how = {
      displacement: `by stepping onto ${them}`,
      withdrawal: `by moving directly away from ${them}`,
      leap: `by leaping over ${them}`,
      coordination: `at ${many ? 'the corners' : 'a corner'} of its rectangle with its King on ${way.with}`,
      pinch: `by pinching ${them} against the ${pieceName(way.withPiece ?? '?')} on ${way.with}`,
    }[way.way];
    return `${listWords(victims)} ${how}${way.imitated ? ` (as a ${roleName(victim)} would)` : ''}`;
  });
}

/**
 * How a move took its pieces, in a sentence, e.g. "Black's Withdrawer d5-d7 took the white Pawn
 * on d4 by moving directly away from it." (`takingClauses`); empty for a move that took
 * nothing. Ultima's captures can come from a piece that never touches its victim: this is what
 * a newcomer needs to read after one.
 *
 * @param {PlyInfo} ply
 * @param {string} [verb]  "took", or "would take" for a move not played (a threat)
 * @returns {string}
 */
export function captureWords(ply, verb = 'took') {
  if (ply.captures.length === 0 || ply.to === null) return '';
  const clauses = takingClauses(ply, ply.captured);
  return `${sideName(ply.side)}'s ${roleName(ply.piece)} ${ply.from}-${ply.to} ${verb} ${listWords(clauses)}.`;
}

/**
 * What a suicide did, in a sentence, where `captureWords` says how a capture took its pieces: a
 * piece gone with no capture puzzles a newcomer (RULES.md 2.8: a player may take one of their own
 * frozen pieces off the board instead of moving), e.g. "Black took its frozen Pawn on d5 off the
 * board (a suicide, instead of a move)." Empty for any other move.
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export function suicideWords(ply) {
  if (ply.to !== null) return '';
  return `${sideName(ply.side)} took its frozen ${roleName(ply.piece)} on ${ply.from} off the board (a suicide, instead of a move).`;
}

/**
 * How the move shown came to change the board, for the line under the status and a move's
 * tooltip: `captureWords` for a capture, `suicideWords` for a suicide, else empty.
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export const changeWords = (ply) => captureWords(ply) || suicideWords(ply);

/**
 * A list in words.
 *
 * @param {readonly string[]} items e.g. ["b2", "b4", "b7"]
 * @returns {string} e.g. "b2, b4 and b7"
 */
export function listWords(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What a move did to the frozen pieces, in words, heard after the move itself: the pieces it
 * froze, and those it freed (an Immobilizer gone, or moved away), which the board shows only as
 * a mark on each square, e.g. "Freezes the white Pawn on c2 and the white Withdrawer on e1."
 * The rules' frozen squares, before the move and after it (the snapshots' `frozen`), compared.
 *
 * @param {ReadonlyArray<string>} before  the frozen squares before the move
 * @param {Pick<import('../ultima-wasm.js').Snapshot, 'frozen' | 'pieces'>} after  the position after it
 * @param {PlyInfo} ply  the move: its squares, where no piece that stood before stands now
 * @returns {string} "" when no piece was frozen or freed
 */
export function freezeWords(before, after, ply) {
  const on = (/** @type {string} */ square) => {
    const letter = after.pieces[squareIndex(square)] ?? '';
    return `the ${pieceName(letter)} on ${square}`;
  };
  const moved = new Set([ply.from, ...(ply.to === null ? [] : [ply.to]), ...ply.captures]);
  const frozen = after.frozen.filter((square) => !before.includes(square) && square !== ply.to);
  // Freed: still there, not frozen now (a piece taken, or the one that moved, is not freed).
  const freed = before.filter((square) => !after.frozen.includes(square) && !moved.has(square));
  const says = [];
  if (frozen.length) says.push(`Freezes ${listWords(frozen.map(on))}.`);
  if (freed.length) says.push(`Frees ${listWords(freed.map(on))}.`);
  // The mover itself, arrived next to an enemy Immobilizer (or, an Immobilizer, a Chameleon).
  // Named: after a capture's sentence, or alone after "Solved!", "it" was unclear.
  if (ply.to !== null && after.frozen.includes(ply.to)) says.push(`The ${pieceName(after.pieces[squareIndex(ply.to)] ?? '')} is frozen on ${ply.to}.`);
  return says.join(' ');
}

/**
 * What a screen reader hears when a piece is picked up: the piece, what freezes it if it is
 * frozen (the board shows only a mark on its square), then each legal destination with what
 * the move there would capture, e.g. "white Long Leaper on a1: 4 moves: a2; a3 capturing a2;
 * a6 capturing a2 and a5; b1", "white Pawn on d3, frozen by the black Immobilizer on d4: 1 move:
 * remove it (suicide)".
 *
 * @param {string} square e.g. "a1"
 * @param {string} letter the piece there, e.g. "L"
 * @param {MoveInfo[]} moves its legal moves (from the snapshot)
 * @param {Pick<import('../ultima-wasm.js').Snapshot, 'frozenBy' | 'pieces'>} [position]  the
 *   position, for what freezes the piece (the rules' `frozenBy`); none: not said
 * @returns {string}
 */
export function describeSelection(square, letter, moves, position) {
  const freezers = (position?.frozenBy[square] ?? []).map((by) => `the ${pieceName(position?.pieces[squareIndex(by)] ?? '')} on ${by}`);
  const piece = `${pieceName(letter)} on ${square}${freezers.length ? `, frozen by ${listWords(freezers)}` : ''}`;
  if (moves.length === 0) return `${piece}: no legal moves`;
  const ways = moves.map((m) => {
    if (m.to === null) return 'remove it (suicide)';
    return m.captures.length ? `${m.to} capturing ${listWords(m.captures)}` : m.to;
  });
  return `${piece}: ${moves.length} ${moves.length === 1 ? 'move' : 'moves'}: ${ways.join('; ')}`;
}

/**
 * The piece on `square` named, and how it moves and captures, for the game page's piece line:
 * a newcomer cannot tell the pieces apart (the chess set's Knight is the Long Leaper). A frozen
 * piece is said to be; one picked up with no legal move (`moves` empty) is said to have none,
 * since the board shows nothing for it.
 *
 * @param {string} letter  the piece, e.g. "L"
 * @param {string} square  e.g. "b1"
 * @param {{ frozen?: boolean, moves?: readonly MoveInfo[] | null }} [how]  whether it is frozen,
 *   and the legal moves of a piece picked up (null for one only pointed at)
 * @returns {{ name: string, words: string }} e.g. { name: "White Long Leaper on b1", words:
 *   "moves like a queen; … No legal move now." }
 */
export function pieceLine(letter, square, { frozen = false, moves = null } = {}) {
  const role = /** @type {keyof typeof ROLE_WAYS} */ (letter.toUpperCase());
  const name = `${letter === role ? 'White' : 'Black'} ${roleName(role)} on ${square}`;
  const now = frozen ? ' Frozen: it cannot move.' : moves?.length === 0 ? ' No legal move now.' : '';
  return { name, words: `${ROLE_WAYS[role] ?? ''}.${now}` };
}

/**
 * How long a game of `plies` plies is, in moves as the move list numbers them (White's and
 * Black's one move), in words: "1 move", "12 moves". Your games, a game set aside and resumed,
 * and a game's GIF say it alike.
 *
 * @param {number} plies
 * @returns {string}
 */
export function movesWords(plies) {
  const moves = Math.ceil(plies / 2);
  return `${moves} ${moves === 1 ? 'move' : 'moves'}`;
}

/**
 * A side's name in text, e.g. "White": the one spelling every line of the page uses.
 *
 * @param {Side} side
 * @returns {'White' | 'Black'}
 */
export const sideName = (side) => (side === 'white' ? 'White' : 'Black');

/**
 * The side that is not `side`: the player's opponent, the side a board turned over shows at the
 * bottom, the loser of a won game.
 *
 * @param {Side} side
 * @returns {Side}
 */
export const otherSide = (side) => (side === 'white' ? 'black' : 'white');

/**
 * A game's score as the page shows it: a draw's halves as "½" (the record's "1/2-1/2" is
 * ASCII).
 *
 * @param {string} result  e.g. "1/2-1/2", "1-0"
 * @returns {string} e.g. "½-½", "1-0"
 */
export const scoreText = (result) => result.replaceAll('1/2', '½');

/**
 * How a finished game ended, in words.
 *
 * @param {Status} status
 * @returns {string} e.g. "Black wins by checkmate", "Draw: only the two Kings are left"; "" for
 *   a game that goes on
 */
export function statusText(status) {
  const { kind, winner } = status;
  if (kind === 'ongoing') return '';
  if (winner === null) {
    /** @type {Record<string, string>} */
    const draws = {
      repetition: 'Draw by threefold repetition',
      move_limit: 'Draw: 100 plies without a capture',
      bare_kings: 'Draw: only the two Kings are left',
      agreement: 'Draw by agreement',
      timeout_draw: 'Draw: time ran out against a lone King',
    };
    return draws[kind] ?? 'Draw';
  }
  const loser = sideName(otherSide(winner));
  /** @type {Record<string, string>} */
  const wins = {
    checkmate: 'by checkmate',
    stalemate: `by stalemate (${loser} has no legal move)`,
    king_captured: 'by capturing the King',
    resignation: 'by resignation',
    timeout: 'on time',
  };
  return `${sideName(winner)} wins ${wins[kind] ?? ''}`.trim();
}

/**
 * A finished game for the result banner: a headline (who won, from the player's side when the
 * other side is the computer's or a player's far away, by link) and one line saying why, with the
 * sides named.
 *
 * @param {Status} status  of a finished game
 * @param {Side | null} [player]  the side the person plays against the computer or by link; null
 *   for two players on one device
 * @param {'computer' | 'link'} [against]  who plays the other side: the computer, or a person
 *   the link goes to, who is named by their side ("Black wins")
 * @returns {{ headline: string, reason: string }} e.g. { headline: "You win", reason:
 *   "Stalemate: Black has no legal move. In Ultima that is a win for White, the side that
 *   stalemated, not a draw." }; empty strings for a game that goes on
 */
export function resultWords(status, player = null, against = 'computer') {
  const { kind, winner } = status;
  if (kind === 'ongoing') return { headline: '', reason: '' };
  /** @type {Record<string, string>} */
  const draws = {
    repetition: 'The same position came up three times, with the same side to move.',
    move_limit: '100 plies (50 moves each) went by without a capture or a suicide.',
    bare_kings: 'Only the two Kings are left: neither side can win.',
    agreement: 'The players agreed to a draw.',
    timeout_draw: 'A clock ran out, but the other side has only its King left, which can never win.',
  };
  if (winner === null) return { headline: 'Draw', reason: draws[kind] ?? 'The game is drawn.' };
  const won = sideName(winner);
  const lost = sideName(otherSide(winner));
  const headline = player === winner ? 'You win' : player === null || against === 'link' ? `${won} wins` : 'The computer wins';
  // What the player did, said to them as theirs (the headline has named the winner).
  const loser = player === otherSide(winner) ? 'You' : lost;
  /** @type {Record<string, string>} */
  const reasons = {
    checkmate: `Checkmate: ${lost}'s King is in check and ${lost} has no move that answers it.`,
    stalemate: `Stalemate: ${lost} has no legal move. In Ultima that is a win for ${won}, the side that stalemated, not a draw.`,
    king_captured: `${won} captured ${lost}'s King.`,
    resignation: `${loser} resigned.`,
    timeout: `${loser} ran out of time.`,
  };
  return { headline, reason: reasons[kind] ?? `${won} wins.` };
}

/**
 * A ply as the move list numbers it and the board writes it: "12. Lb1-b8 xb2", "12… d7-d6".
 *
 * @param {PlyInfo} ply
 * @returns {string}
 */
export const plyLabel = (ply) => `${numberLabel(ply, true)} ${ply.display}`;

/**
 * The status line while an earlier position is shown: the move that led to it as the move list
 * has it, and where it stands in the game ("Viewing 12… d7-d6 (24 of 40)"), or "Viewing the
 * start".
 *
 * @param {readonly PlyInfo[]} plies  the game's
 * @param {number} viewed  the ply shown (-1: the start)
 * @returns {string}
 */
export function viewingText(plies, viewed) {
  const ply = plies[viewed];
  return ply ? `Viewing ${plyLabel(ply)} (${viewed + 1} of ${plies.length})` : 'Viewing the start';
}

/**
 * The status line of a board: the result, the search, an earlier position shown, or whose turn
 * it is.
 *
 * @param {import('../ultima-wasm.js').Snapshot} snapshot
 * @param {object} how
 * @param {Side | null} how.player  the side the board's player takes; null: both (two players
 *   at one device)
 * @param {'move' | 'hint' | null} how.search  what the computer is searching for, if anything
 * @param {number | null} how.viewed  the ply shown (-1: the start), or null for the game
 * @param {string} [how.opponent]  who plays the other side, e.g. "the computer" (the default),
 *   "the other player"
 * @returns {string} e.g. "Your turn (White)", "The computer is thinking…", "Black to move (the
 *   other player)", "Black wins by checkmate"
 */
export function boardStatus(snapshot, { player, search, viewed, opponent = 'the computer' }) {
  if (viewed !== null) return viewingText(snapshot.plies, viewed);
  if (snapshot.status.kind !== 'ongoing') return statusText(snapshot.status);
  if (search === 'move') return 'The computer is thinking…';
  if (search === 'hint') return 'Looking for a hint…';
  const check = snapshot.check !== null ? ' — check' : '';
  if (player === null) return `${sideName(snapshot.turn)} to move${check}`;
  if (snapshot.turn === player) return `Your turn (${sideName(player)})${check}`;
  return `${sideName(snapshot.turn)} to move (${opponent})${check}`;
}
