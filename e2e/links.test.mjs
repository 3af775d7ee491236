// Games in a link and the board image, in the browser: a link copied in one browser opens the
// same game in another (a second browser, its own storage), a move made there and its link bring
// the first up to date; a draw offered with a move, accepted from the link or lapsed by playing
// on; a broken link says why and keeps the saved game; continuing a link over another game in
// progress asks and keeps that game aside; the board image is a PNG that decodes to the
// position, drawn in the chosen look.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launch, watchProblems } from './browser.mjs';
import { ARTIFACTS, DEVICES, click, decodeGif, launchDevice, linkOf, onBoard, openGame, plies, ready, useServedDist } from './game-page.mjs';

/** @import { BrowserContext, Page } from 'playwright-core' */
/** @import { Browser } from './browser.mjs' */

const VIEWPORT = { viewport: { width: 1100, height: 850 }, deviceScaleFactor: 1 };
const served = useServedDist({ browser: VIEWPORT });

/** The second browser: another profile, so other storage, as on the opponent's computer. */
/** @type {Browser | undefined} */
let other;
before(async () => {
  await served.started;
  other = await launch(VIEWPORT);
  const origin = new URL(served.url).origin;
  for (const context of [served.context, other.context]) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
});
after(() => other?.close());

/** @param {Page} page @returns {Promise<Record<string, string>>} */
const stored = (page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/** @param {Page} page @returns {Promise<string>} the saved game's record */
const savedRecord = async (page) => JSON.parse((await stored(page))['ultima.page'] ?? '{}').record;

/** @param {Page} page @returns {Promise<string[]>} */
const backups = async (page) => Object.keys(await stored(page)).filter((key) => key.startsWith('ultima.page.backup.'));

/** Clicks "Copy link" and reads the link from the clipboard. @param {Page} page */
async function copyLink(page) {
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('share-answer')?.textContent?.startsWith('Link copied'));
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Waits for the link dialog and its board. @param {Page} page */
async function linkDialog(page) {
  await page.waitForSelector('dialog.link-dialog[open][data-ready] canvas[data-paints]');
  return (await page.textContent('dialog.link-dialog .link-summary')) ?? '';
}

/** A page of the game that opens at `url`, in `context` (nothing stored before). @param {BrowserContext} context @param {string} url */
async function openAt(context, url) {
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(url);
  await ready(page);
  return { page, problems };
}

test('a link opens the same game in another browser, and the answer brings the first up to date', { timeout: 120_000 }, async () => {
  const { page: first, problems } = await openGame(served.context, served.url);
  await click(first, 'b2');
  await click(first, 'b5');
  await click(first, 'g7');
  await click(first, 'g4');
  assert.deepEqual(await plies(first), ['b2-b5', 'g7-g4']);
  const link = await copyLink(first);
  assert.ok(link.startsWith(`${served.url}#game=`), link);
  // Short: the moves in a few bytes, and the game's Date header (a game begun on the page is
  // dated) in its own words.
  assert.ok(link.length - served.url.length < 45, `a two-move link is short: ${link}`);

  // The opponent opens it: no welcome, the game at its last move, the choices.
  const { page: second, problems: secondProblems } = await openAt(/** @type {Browser} */ (other).context, link);
  assert.equal(await second.isVisible('dialog#welcome'), false);
  assert.equal(await linkDialog(second), '1 move, White to move');
  assert.equal(await second.textContent('dialog.link-dialog [part="controls"] span'), '2 / 2');
  await second.screenshot({ path: `${ARTIFACTS}links-dialog-desktop.png` });
  assert.equal(await second.locator('dialog.link-dialog button', { hasText: 'Analyse' }).count(), 1);
  await second.click('dialog.link-dialog button.primary');
  await second.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(second), ['b2-b5', 'g7-g4']);
  // The focus on the board, where the next move is made.
  await second.waitForFunction(() => document.activeElement?.id === 'board');
  assert.match(await second.textContent('#notice') ?? '', /you play White/);
  assert.equal(await second.evaluate(() => location.hash), '', 'the address loses the link once it is handled');
  assert.equal(await second.isVisible('#send-link'), false, 'nothing to send before the move');
  await click(second, 'c2');
  await click(second, 'c4');
  // The way to send the move, under the board beside the status (Copy link is far below on a
  // phone): it copies the link and goes.
  await second.click('#send-link');
  await second.waitForFunction(() => document.getElementById('share-answer')?.textContent?.startsWith('Link copied'));
  await second.waitForSelector('#send-link', { state: 'hidden' });
  const answer = await second.evaluate(() => navigator.clipboard.readText());
  assert.notEqual(answer, link);
  assert.equal(answer, await copyLink(second), 'the same link as Copy link copies');

  // Back in the first browser, the answer pasted into the same tab's address bar.
  await first.evaluate((answer) => (location.href = answer), answer);
  assert.equal(await linkDialog(first), '2 moves, Black to move');
  await first.click('dialog.link-dialog button.primary');
  await first.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(first), ['b2-b5', 'g7-g4', 'c2-c4']);
  assert.match(await savedRecord(first), /1\. b2-b5 g7-g4 2\. c2-c4/);
  assert.deepEqual(await backups(first), [], 'the answer continues the saved game: nothing is set aside');
  assert.deepEqual([...problems, ...secondProblems], []);
  await first.close();
  await second.close();
});

test('a draw offered with a move travels in the link: accepted there, or lapsed by playing on', { timeout: 120_000 }, async () => {
  const { page: first, problems } = await openGame(served.context, served.url);
  // The opponent in a browser of its own, with nothing stored.
  const opponent = await launch(VIEWPORT);
  await opponent.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
  try {
    await click(first, 'b2');
    await click(first, 'b5');
    // White offers a draw with its move: the box under "Copy link" writes it into the record.
    assert.equal(await first.textContent('#offer-draw-label'), ' White offers a draw with the link');
    await first.check('#offer-draw');
    assert.match(await onBoard(first, (board) => board.record()), /\[DrawOffer "1"\]/);
    // Taken back with its move, the offer goes: another move does not bring it back.
    await onBoard(first, (board) => board.undo());
    await click(first, 'a2');
    await click(first, 'a4');
    assert.equal(await first.isChecked('#offer-draw'), false);
    assert.doesNotMatch(await onBoard(first, (board) => board.record()), /\[DrawOffer "1"\]/);
    assert.equal(await first.textContent('#status'), 'Black to move');
    await onBoard(first, (board) => board.undo());
    await click(first, 'b2');
    await click(first, 'b5');
    await first.check('#offer-draw');
    assert.equal(await first.textContent('#status'), 'Black to move — White offers a draw');
    const link = await copyLink(first);
    // White opening its own link (to check it): the offer is White's own, not White's to accept.
    await first.evaluate((link) => (location.href = link), link);
    assert.equal(await linkDialog(first), '1 move, Black to move · White offers a draw (your offer)');
    assert.equal(await first.locator('dialog.link-dialog button.link-accept-draw').count(), 0);
    await first.keyboard.press('Escape');
    await first.waitForSelector('dialog.link-dialog', { state: 'detached' });

    // Black opens it: the offer is said, and accepted in the dialog.
    const { page: second, problems: secondProblems } = await openAt(opponent.context, link);
    assert.equal(await linkDialog(second), '1 move, Black to move · White offers a draw');
    await second.click('dialog.link-dialog button.link-accept-draw');
    await second.waitForSelector('dialog.link-dialog', { state: 'detached' });
    assert.equal(await second.textContent('#status'), 'Draw by agreement');
    // The result says what to do: send the end back.
    assert.equal(await second.textContent('#result-send'), 'Copy link and send it to White, so that they see how it ended.');
    assert.match(await onBoard(second, (board) => board.record()), /\[Result "1\/2-1\/2"\]/);

    // Or Black plays on: the offer stands on the board until Black moves, and Draw would accept
    // it.
    await second.evaluate((link) => (location.href = link), link);
    await linkDialog(second);
    await second.click('dialog.link-dialog button.primary');
    await second.waitForSelector('dialog.link-dialog', { state: 'detached' });
    assert.equal(await second.textContent('#status'), 'Black to move — White offers a draw');
    await second.click('#draw');
    assert.equal(await second.textContent('#draw-question'), 'White offers a draw. Accept it?');
    // Put away unanswered (Escape): the offer stands until Black moves.
    await second.keyboard.press('Escape');
    assert.equal(await second.textContent('#status'), 'Black to move — White offers a draw');
    await click(second, 'g7');
    await click(second, 'g4');
    assert.equal(await second.textContent('#status'), 'White to move');
    assert.equal(await second.isChecked('#offer-draw'), false, 'the offer lapsed with Black\'s move');
    // Black's player, who took the link, offers in their own name.
    assert.equal(await second.textContent('#offer-draw-label'), ' Offer a draw with your move');
    assert.deepEqual([...problems, ...secondProblems], []);
  } finally {
    await first.close();
    await opponent.close();
  }

  // Against the computer there is no offer to make: it takes none.
  const computer = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: null, settings: { opponent: { computer: 'black', level: 1 } } }));
  try {
    await click(computer.page, 'b2');
    await click(computer.page, 'b5');
    assert.equal(await computer.page.isHidden('#offer-draw-label'), true);
    assert.deepEqual(computer.problems, []);
  } finally {
    await computer.page.close();
  }
});

test('by link each player has a side: Resign, Draw and the offer are theirs whoever is to move, and the end goes back by link', { timeout: 120_000 }, async () => {
  const { page: white, problems } = await openGame(served.context, served.url);
  // Black's player in a browser of its own, with nothing stored.
  const blacks = await launch(VIEWPORT);
  await blacks.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
  /** @type {string[]} */
  const blackProblems = [];
  try {
    // Two players at one device: Resign is the side to move's, and no one is named.
    await click(white, 'b2');
    await click(white, 'b5');
    assert.equal(await white.isHidden('#opponent'), true);
    assert.equal(await white.textContent('#resign-question'), 'Resign as Black?');
    // White's player sends the move: the page now knows its side.
    const link = await copyLink(white);
    assert.equal(await white.textContent('#opponent'), 'You play White by link: send the link after each move');
    assert.equal(await white.textContent('#resign-question'), 'Resign as White?');
    assert.equal(await white.textContent('#offer-draw-label'), ' Offer a draw with your move');
    assert.equal(await white.isHidden('#draw'), true, 'no draw "both players agree" by link');
    // Black's pieces are not White's player's to move here; White's own move may be taken back.
    await click(white, 'g7');
    assert.equal(await white.textContent('#board-host .ultima-live p:last-child'), "black Pawn on g7: Black to move, and this board moves White's pieces only");
    await click(white, 'g4');
    assert.deepEqual(await plies(white), ['b2-b5']);
    assert.equal(await white.isEnabled('#undo'), true);
    // The link opened again to check it: Black's move is awaited, not White's to make.
    await white.evaluate((link) => (location.href = link), link);
    await linkDialog(white);
    assert.equal(await white.locator('dialog.link-dialog button.primary').count(), 0);
    assert.match((await white.textContent('dialog.link-dialog')) ?? '', /This is the game on your board, as you sent it: Black moves next/);
    await white.keyboard.press('Escape');
    await white.waitForSelector('dialog.link-dialog', { state: 'detached' });
    // The move taken back after its link was copied: that link still holds it, and is said so.
    await white.click('#undo');
    assert.equal(await white.textContent('#share-answer'), 'The link copied before still holds the move taken back: copy the link again after your move.');
    await white.click('#redo');
    assert.equal(await white.textContent('#share-answer'), '');
    assert.deepEqual(await plies(white), ['b2-b5']);

    // Black's player takes the link: Black's side, the board from Black's side.
    const { page: black, problems: seen } = await openAt(blacks.context, link);
    blackProblems.push(...seen);
    await linkDialog(black);
    await black.click('dialog.link-dialog button.primary');
    await black.waitForSelector('dialog.link-dialog', { state: 'detached' });
    assert.equal(await black.textContent('#opponent'), 'You play Black by link: send the link after each move');
    assert.equal(await onBoard(black, (board) => board.view().orientation), 'black');
    // Before Black's move, the offer box is not Black's to use (it was White's to make).
    assert.equal(await black.isHidden('#offer-draw-label'), true);
    await click(black, 'g7');
    await click(black, 'g4');
    assert.equal(await black.isVisible('#offer-draw-label'), true);
    await black.check('#offer-draw');
    await copyLink(black);
    // The offer changed after the copy: the link copied no longer says what the box does.
    await black.uncheck('#offer-draw');
    assert.equal(await black.textContent('#share-answer'), 'Copy the link again: the one copied before still offers a draw.');
    await black.check('#offer-draw');
    const answer = await copyLink(black);

    // White takes the answer: Draw would accept Black's offer; White declines it, plays on, then
    // resigns on Black's turn, as White.
    await white.evaluate((answer) => (location.href = answer), answer);
    await linkDialog(white);
    await white.click('dialog.link-dialog button.primary');
    await white.waitForSelector('dialog.link-dialog', { state: 'detached' });
    assert.equal(await white.textContent('#status'), 'White to move — Black offers a draw');
    await white.click('#draw');
    assert.equal(await white.textContent('#draw-question'), 'Black offers a draw. Accept it?');
    assert.equal(await white.textContent('#draw-no'), 'Decline');
    await white.click('#draw-no');
    assert.equal(await white.textContent('#status'), 'White to move');
    assert.equal(await white.isHidden('#draw'), true, 'no offer left to accept');
    assert.doesNotMatch(await onBoard(white, (board) => board.record()), /DrawOffer "2"/);
    // The focus was on Draw, gone: it stays among the game's buttons.
    assert.notEqual(await white.evaluate(() => document.activeElement?.tagName), 'BODY');
    await click(white, 'c2');
    await click(white, 'c4');
    // The answer's notice ("make your move…") went with the move.
    assert.equal(await white.isHidden('#notice'), true);
    assert.equal(await white.textContent('#status'), 'Black to move');
    await white.click('#resign');
    await white.click('#resign-yes');
    await white.waitForSelector('#result-banner:not([hidden])');
    assert.equal(await white.textContent('#result-headline'), 'Black wins');
    assert.equal(await white.textContent('#result-reason'), 'You resigned.');
    assert.equal(await white.textContent('#opponent'), 'You played White by link');
    // The result says what to do with the end, once (no notice says it again).
    assert.equal(await white.textContent('#result-send'), 'Copy link and send it to Black, so that they see how it ended.');
    assert.equal(await white.isHidden('#notice'), true);
    const kept = await white.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games);
    assert.deepEqual([kept.length, kept[0].link, kept[0].winner], [1, 'white', 'black']);
    // The end is not taken back by link: it may have been sent (nor by playing both sides).
    assert.equal(await white.isDisabled('#undo'), true);
    assert.equal(await white.isHidden('#both-sides'), true);
    // The result's own Copy link sends the end.
    await white.click('#result-link');
    await white.waitForFunction(() => document.querySelector('#result-banner .result-copied')?.textContent?.startsWith('Link copied'));
    const end = await white.evaluate(() => navigator.clipboard.readText());

    // Black puts the end on the board: Black's win, said from Black's side.
    await black.evaluate((end) => (location.href = end), end);
    await linkDialog(black);
    await black.click('dialog.link-dialog button.link-finish');
    await black.waitForSelector('#result-banner:not([hidden])');
    assert.equal(await black.textContent('#result-headline'), 'You win');
    // The end came from White's link: nothing for Black to send.
    assert.equal(await black.isHidden('#result-link'), true);
    assert.equal(await black.isHidden('#result-send'), true);
    const blackKept = await black.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games);
    assert.deepEqual([blackKept.length, blackKept[0].link, blackKept[0].winner], [1, 'black', 'black']);

    // White's player starts a game for two at this device, sends a link to show it, then plays
    // on at the device: "Play both sides here" gives the board back to both sides.
    await white.click('#result-new-game');
    await white.click('#new-game-start');
    await click(white, 'b2');
    await click(white, 'b5');
    await copyLink(white);
    assert.equal(await white.isVisible('#both-sides'), true);
    await white.click('#both-sides');
    assert.equal(await white.isHidden('#opponent'), true);
    await click(white, 'g7');
    await click(white, 'g4');
    assert.deepEqual(await plies(white), ['b2-b5', 'g7-g4']);
    assert.equal(await white.textContent('#resign-question'), 'Resign as White?');
    assert.deepEqual([...problems, ...blackProblems], []);
  } finally {
    await white.close();
    await blacks.close();
  }
});

test('Analyse opens the linked game on the analysis board and leaves the saved game alone', { timeout: 120_000 }, async () => {
  const record = '[Setup "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n1. b2-b5 g7-g4 *\n';
  const { page: maker } = await openGame(served.context, served.url);
  const link = await linkOf(maker, '1. a2-a4 h7-h5 2. b2-b4 *');
  await maker.close();
  const saved = JSON.stringify({ version: 1, record, settings: {} });
  const { page, problems } = await openGame(served.context, `${served.url}#game=${link}`, saved);
  assert.equal(await linkDialog(page), '2 moves, Black to move');
  await page.click('dialog.link-dialog button:has-text("Analyse")');
  await page.waitForSelector('.analysis-dialog[open] canvas[data-paints]');
  // The linked game is the analysis board's main line, shown at its last move.
  await page.waitForFunction(() => document.querySelectorAll('.analysis-dialog .analysis-moves button[data-node]').length === 3);
  const lines = await page.locator('.analysis-dialog .analysis-moves button[data-node]').allTextContents();
  assert.equal(lines.length, 3);
  // The engine has answered (its worker is loaded, not cut off mid-request by the closing).
  await page.waitForSelector('.analysis-dialog .analysis-panel[data-best]', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await page.waitForSelector('.analysis-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4'], 'the game on the board is not the link\'s');
  assert.match(await savedRecord(page), /1\. b2-b5 g7-g4/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a broken link says why and keeps the saved game', { timeout: 90_000 }, async () => {
  const record = '[Setup "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n1. b2-b5 g7-g4 *\n';
  const saved = JSON.stringify({ version: 1, record, settings: {} });
  const { page, problems } = await openGame(served.context, `${served.url}#game=AQAM*not-a-link`, saved);
  await page.waitForSelector('dialog.link-dialog.link-broken[open]');
  assert.equal(await page.textContent('dialog.link-dialog h2'), 'This game link cannot be opened');
  assert.match(await page.textContent('dialog.link-dialog .link-summary') ?? '', /character 5 \('\*'\) cannot be part of a game link/);
  await page.screenshot({ path: `${ARTIFACTS}links-broken-desktop.png` });
  await page.click('dialog.link-dialog button.primary');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);

  // More broken links, pasted into the address bar of the open page.
  const good = await linkOf(page, '1. c2-c4 f7-f5 *');
  for (const [text, says] of [
    [good.slice(0, -3), /damaged/],
    [`${good.slice(0, 3)}x${good.slice(4)}`, /check digits do not match|damaged/],
    [`Ag${good.slice(2)}`, /newer version of this game/],
    ['', /holds no game/],
    ['A'.repeat(20_000), /too long/],
  ]) {
    await page.evaluate((text) => (location.hash = `game=${text}`), String(text));
    await page.waitForSelector('dialog.link-dialog.link-broken[open]');
    assert.match(await page.textContent('dialog.link-dialog .link-summary') ?? '', /** @type {RegExp} */ (says));
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  }
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4']);
  assert.equal(await savedRecord(page), record, 'the saved game is untouched');
  assert.deepEqual(await backups(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link the clipboard refuses is shown selected, to be copied by hand', { timeout: 60_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await page.goto(served.url);
  await ready(page);
  await page.click('#copy-link');
  await page.waitForSelector('#share-text:not([hidden])');
  assert.match(await page.textContent('#share-answer') ?? '', /browser refused the clipboard/);
  const link = await page.inputValue('#share-text');
  assert.ok(link.startsWith(`${served.url}#game=`), link);
  assert.equal(await page.evaluate(() => {
    const field = /** @type {HTMLTextAreaElement} */ (document.getElementById('share-text'));
    return field.value.slice(field.selectionStart, field.selectionEnd);
  }), link, 'selected, ready to copy');
  // Another game on the board: what was said, and the field, were of the game before.
  await page.evaluate(() => /** @type {any} */ (window).ultima.embed.newGame({ setup: 'mirrored' }));
  await page.waitForSelector('#share-text', { state: 'hidden' });
  assert.equal(await page.textContent('#share-answer'), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a new game, or a shorter record loaded, after a link was copied: no word of a move taken back (one taken back is said: the by-link test)', { timeout: 60_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  for (const move of ['b2-b5', 'g7-g4', 'c2-c4']) await onBoard(page, (board, text) => board.play(text), move);
  await copyLink(page);
  // From the new-game dialog: the game before's link holds moves this one never had.
  await page.click('#new-game');
  await page.click('#new-game-start');
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 0);
  assert.equal(await page.textContent('#share-answer'), '');
  // A record of one move loaded over the three of the link copied.
  for (const move of ['b2-b5', 'g7-g4', 'c2-c4']) await onBoard(page, (board, text) => board.play(text), move);
  await copyLink(page);
  await onBoard(page, (board) => board.newGame({ record: '1. b2-b5 *' }));
  await page.waitForFunction(() => /** @type {any} */ (window).ultima.board.history().length === 1);
  assert.equal(await page.textContent('#share-answer'), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('continuing a link over another game in progress asks, and keeps that game aside', { timeout: 90_000 }, async () => {
  const record = '[Setup "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n1. b2-b5 *\n';
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record, settings: {} }));
  const link = await linkOf(page, '[Rules "distance_1968"]\n\n1. c2-c4 *');
  await page.evaluate((link) => (location.hash = `game=${link}`), link);
  assert.equal(await linkDialog(page), '1 move, Black to move · rules: distance_1968');
  await page.click('dialog.link-dialog button.primary');
  await page.waitForSelector('.link-confirm:not([hidden])');
  assert.match(await page.textContent('.link-confirm') ?? '', /Your game on the board \(1 move, Black to move\) is not this one/);
  // "Cancel" changes nothing.
  await page.click('.link-confirm button:text("Cancel")');
  assert.equal(await page.isVisible('.link-confirm'), false);
  assert.deepEqual(await plies(page), ['b2-b5']);
  await page.setViewportSize({ width: 390, height: 780 });
  await page.click('dialog.link-dialog button.primary');
  await page.screenshot({ path: `${ARTIFACTS}links-confirm-phone.png` });
  await page.click('.link-confirm button:text("Keep mine aside and continue")');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['c2-c4']);
  assert.equal(await onBoard(page, (board) => board.rules()), 'distance_1968');
  assert.equal(await onBoard(page, (board) => board.view().orientation), 'black', 'seen from the side to move');
  const kept = await backups(page);
  assert.equal(kept.length, 1);
  assert.match(await page.textContent('#notice') ?? '', /you play Black.*kept: Your games lists it under “Set aside”/);
  assert.equal(JSON.parse((await stored(page))[kept[0] ?? ''] ?? '{}').record, record, 'the game in progress is kept whole');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the link dialog on a phone', { timeout: 60_000 }, async () => {
  const page = await served.context.newPage();
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto(served.url);
  await ready(page);
  const link = await linkOf(page, '1. b2-b5 g7-g4 2. c2-c4 f7-f5 3. d2-d4 *');
  await page.evaluate((link) => (location.hash = `game=${link}`), link);
  assert.equal(await linkDialog(page), '3 moves, Black to move');
  const box = await page.locator('dialog.link-dialog').boundingBox();
  assert.ok(box && box.width <= 390 && box.y >= 0 && box.y + box.height <= 780, `the dialog fits the screen: ${JSON.stringify(box)}`);
  await page.screenshot({ path: `${ARTIFACTS}links-dialog-phone.png` });
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Clicks "Board image" and decodes the PNG the browser saved, in the page.
 *
 * @param {Page} page
 * @returns {Promise<{ name: string, width: number, height: number, data: number[] }>}
 */
async function boardImage(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#board-image')]);
  // The answer comes once the clipboard has taken the picture too, after the download starts
  // (the click cleared the previous one).
  await page.waitForFunction(() => document.getElementById('share-answer')?.textContent?.startsWith('Board image saved'));
  const bytes = await readFile(/** @type {string} */ (await download.path()));
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG file');
  // For people to look at: the last picture of each name.
  await writeFile(`${ARTIFACTS}links-${download.suggestedFilename()}`, bytes);
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.drawImage(bitmap, 0, 0);
    // The pixels as base64: a plain array of millions of numbers is slow to hand over.
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: bitmap.width, height: bitmap.height, pixels: btoa(binary) };
  }, bytes.toString('base64'));
  return { name: download.suggestedFilename(), width: decoded.width, height: decoded.height, data: [...Buffer.from(decoded.pixels, 'base64')] };
}

test('the board image is a PNG of the position in the chosen look', { timeout: 90_000 }, async () => {
  // The Long Leaper has just taken two Pawns; seen from Black, abstract pieces, neutral board.
  const record = '[Setup "4k3/8/8/p7/8/8/p7/L3K3 w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n1. a1-a6xa2xa5 *\n';
  const settings = { pieceSet: 'abstract', theme: 'neutral', orientation: 'black' };
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record, settings }));
  const image = await boardImage(page);
  assert.equal(image.name, 'ultima-move-1-white.png');
  assert.match(await page.textContent('#share-answer') ?? '', /saved as ultima-move-1-white\.png and copied to the clipboard/);
  assert.equal(image.width, 960);
  assert.equal(image.height, 960);
  const unit = image.width / 8;
  /**
   * A pixel of a picture (by default the first), seen from Black: a1 is top right.
   *
   * @param {string} square @param {number} dx @param {number} dy @param {{ width: number, data: number[] }} [picture]
   */
  const at = (square, dx, dy, picture = image) => {
    const x = Math.floor((7 - (square.charCodeAt(0) - 97) + 0.5 + dx) * unit);
    const y = Math.floor((Number(square.slice(1)) - 1 + 0.5 + dy) * unit);
    const i = (y * picture.width + x) * 4;
    return picture.data.slice(i, i + 3);
  };
  const dark = [0x8c, 0x86, 0x78];
  const light = [0xe6, 0xe1, 0xd6];
  /** The share of a square's inner pixels that are not its plain colour. @param {string} square */
  const marked = (square) => {
    const file = square.charCodeAt(0) - 97;
    const plain = (file + Number(square.slice(1)) - 1) % 2 === 0 ? dark : light;
    let differ = 0;
    let all = 0;
    for (let j = -5; j <= 5; j++) {
      for (let k = -5; k <= 5; k++) {
        const dx = k * 0.05;
        const dy = j * 0.05;
        const [r = 0, g = 0, b = 0] = at(square, dx, dy);
        all++;
        if (Math.abs(r - (plain[0] ?? 0)) + Math.abs(g - (plain[1] ?? 0)) + Math.abs(b - (plain[2] ?? 0)) > 12) differ++;
      }
    }
    return differ / all;
  };
  // The neutral board's plain squares: d4 dark, d5 light.
  assert.deepEqual(at('d4', 0, 0), dark);
  assert.deepEqual(at('d5', 0, 0), light);
  // Pieces where the position has them, and nothing on every other unmarked square.
  for (const square of ['a6', 'e1', 'e8']) assert.ok(marked(square) > 0.15, `a piece on ${square}: ${marked(square)}`);
  const marks = new Set(['a6', 'e1', 'e8', 'a1', 'a2', 'a5']);
  for (let i = 0; i < 64; i++) {
    const square = `${String.fromCharCode(97 + (i % 8))}${Math.floor(i / 8) + 1}`;
    if (!marks.has(square)) assert.equal(marked(square), 0, `${square} is empty and unmarked`);
  }
  // The last move's squares tinted yellow, its captured squares crossed in dark red.
  const [r = 0, g = 0, b = 0] = at('a1', 0.1, 0.1);
  assert.ok(r > b + 40 && g > b + 40, `a1 tinted: ${[r, g, b]}`);
  for (const square of ['a2', 'a5']) {
    const [cr = 0, cg = 0, cb = 0] = at(square, 0, 0);
    assert.ok(cr > cg + 30 && cr > cb + 30 && cr < 200, `${square} crossed: ${[cr, cg, cb]}`);
  }
  // Coordinates: seen from Black, "1" is written in the top-left square (h1, a light square).
  let ink = 0;
  for (let y = 0; y < unit * 0.3; y++) for (let x = 0; x < unit * 0.3; x++) if ((image.data[(y * image.width + x) * 4] ?? 255) < 0x90) ink++;
  assert.ok(ink > 20, `a rank label in the top-left corner: ${ink} dark pixels`);

  // The chess set draws other pieces on the same squares, and the same squares elsewhere.
  await page.selectOption('#piece-set', 'chess');
  const chess = await boardImage(page);
  let changed = 0;
  for (let i = 0; i < chess.data.length; i += 4) if (chess.data[i] !== image.data[i]) changed++;
  assert.ok(changed > 1000, `the chess set looks different: ${changed} pixels`);

  // A circle drawn with the right button is in the picture: red (Shift) around d4.
  const d4 = await onBoard(page, (board) => board.squareCenter('d4'));
  await page.mouse.move(d4.x, d4.y);
  await page.keyboard.down('Shift');
  await page.mouse.down({ button: 'right' });
  await page.mouse.up({ button: 'right' });
  await page.keyboard.up('Shift');
  assert.deepEqual(await onBoard(page, (board) => board.shapes()), [{ from: 'd4', to: 'd4', brush: 'red' }]);
  const circled = await boardImage(page);
  const [cr = 0, cg = 0, cb = 0] = at('d4', 0.44, 0, circled);
  assert.ok(cr > cg + 30 && cr > cb + 30, `a red ring around d4 in the picture: ${[cr, cg, cb]}`);

  // An earlier position shown: its picture, without the circle drawn on the other one.
  await page.click('#view-prev');
  const start = await boardImage(page);
  // Its start, set up (not the standard start): a name of its own.
  assert.match(start.name, /^ultima-position-[0-9a-f]{6}\.png$/);
  assert.deepEqual(at('d4', 0.44, 0, start), dark);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Game GIF is the whole game animated, a picture a move and the result, as Chromium decodes it', { timeout: 90_000 }, async () => {
  // Two plies, then White resigns: the start, the two moves, and the result.
  const record = '[Setup "4k3/8/8/p7/8/8/p7/L3K3 w 0 1"]\n[Rules "default"]\n[Result "*"]\n\n1. a1-a6xa2xa5 e8-d8 *\n';
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: null, settings: {} }));
  // No moves: nothing to animate, and no file.
  await page.click('#game-gif');
  await page.waitForFunction(() => /No moves yet/.test(document.getElementById('share-answer')?.textContent ?? ''));
  await onBoard(page, (board, record) => board.newGame({ record }), record);
  await onBoard(page, (board) => board.resign('white'));

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#game-gif')]);
  assert.equal(download.suggestedFilename(), 'ultima-game-1-move.gif');
  assert.match(await page.textContent('#share-answer') ?? '', /^Game GIF saved as ultima-game-1-move\.gif \(\d+ KB, 2 plies\)\.$/);
  assert.equal(await page.locator('#game-gif').isDisabled(), false);
  const bytes = await readFile(/** @type {string} */ (await download.path()));
  await writeFile(`${ARTIFACTS}links-game.gif`, bytes);
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  // Decoded by the browser's own decoder (WebCodecs' ImageDecoder), not by our code.
  const gif = await decodeGif(page, bytes, (pixels, width, height) => {
    /** @param {number} x @param {number} y */
    const at = (x, y) => Array.from(pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 3));
    const unit = width / 8;
    /** @param {string} square @param {number} dx @param {number} dy */
    const square = (square, dx = 0, dy = 0) => at(Math.floor((square.charCodeAt(0) - 97 + 0.5 + dx) * unit), Math.floor((8 - Number(square.slice(1)) + 0.5 + dy) * unit));
    // The caption strip under the board: how many of its pixels are light ink.
    let ink = 0;
    for (let y = width; y < height; y++) for (let x = 0; x < width; x++) if ((pixels[(y * width + x) * 4] ?? 0) > 180) ink++;
    return { a6: square('a6', 0, -0.3), d4: square('d4'), e8: square('e8', 0, -0.1), ink, board: Array.from(pixels.subarray(0, width * width * 4)).join() };
  });
  assert.equal(gif.repetition, Infinity, 'it loops');
  // Microseconds: 1.5 s for the start, 1 s a move, 4 s for the result.
  assert.deepEqual(gif.frames.map((f) => f.duration), [1_500_000, 1_000_000, 1_000_000, 4_000_000]);
  for (const frame of gif.frames) assert.deepEqual([frame.width, frame.height], [480, 520]);
  const [start, leap, king, result] = gif.frames.map((frame) => frame.read);
  if (!start || !leap || !king || !result) throw new Error('four frames');
  // a6 is empty at the start and holds the Long Leaper after its leap; d4 stays a plain dark
  // square; the black King has left e8 in the third picture.
  assert.deepEqual(start.a6, [0xdd, 0xdd, 0xd0]);
  assert.notDeepEqual(leap.a6, start.a6);
  for (const frame of gif.frames) assert.deepEqual(frame.read.d4, [0x55, 0x99, 0x33]);
  assert.notDeepEqual(king.e8, leap.e8);
  // Every picture has its caption; the last shows the same board with the result under it.
  for (const { read } of gif.frames) assert.ok(read.ink > 100, `a caption: ${read.ink} light pixels`);
  assert.equal(result.board, king.board);
  assert.notEqual(result.ink, king.ink);
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone with a share sheet, Share link hands the game link to it; closing the sheet says nothing; a desktop copies', { timeout: 60_000 }, async () => {
  const phone = await launchDevice(DEVICES[1]);
  try {
    // The share sheet, as a phone's browser has it: what it was given is kept; `refuse` makes it
    // answer as a person closing it does.
    const sheet = () =>
      Object.assign(navigator, {
        share: async (/** @type {ShareData} */ data) => {
          const w = /** @type {any} */ (window);
          if (w.refuse) throw new DOMException('closed', 'AbortError');
          (w.shared ??= []).push(data);
        },
      });
    await phone.context.addInitScript(sheet);
    const { page, problems } = await openGame(phone.context, served.url);
    await onBoard(page, (board) => board.play('b2-b5'));
    assert.equal(await page.textContent('#copy-link'), 'Share link');
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('share-answer')?.textContent !== '');
    assert.equal(await page.textContent('#share-answer'), 'Link shared. The game is in the link itself; nothing is uploaded.');
    const [shared] = await page.evaluate(() => /** @type {any} */ (window).shared);
    assert.equal(shared.title, 'Ultima game');
    assert.ok(shared.url.startsWith(`${served.url}#`), shared.url);
    // Closed without sharing: nothing to say, nothing shown to copy by hand.
    await page.evaluate(() => Object.assign(window, { refuse: true }));
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('share-answer')?.textContent === '');
    assert.equal(await page.isVisible('#share-text'), false);
    assert.deepEqual(problems, []);
    await page.close();
    // A desktop with the same API copies, as before.
    await served.context.addInitScript(sheet);
    const desktop = await openGame(served.context, served.url);
    assert.equal(await desktop.page.textContent('#copy-link'), 'Copy link');
    await desktop.page.click('#copy-link');
    await desktop.page.waitForFunction(() => document.getElementById('share-answer')?.textContent?.startsWith('Link copied'));
    assert.equal(await desktop.page.evaluate(() => /** @type {any} */ (window).shared), undefined);
    await desktop.page.close();
  } finally {
    await phone.close();
  }
});

test('a finished game that continues the board\'s game puts its end on the board, kept in Your games; another finished game does not offer it', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url, JSON.stringify({ version: 1, record: '1. b2-b5 g7-g4 *', settings: {} }));
  // The opponent answered c2-c4 and resigned (as White): the link holds both.
  const resigned = await linkOf(page, '[Result "0-1"]\n[Termination "resignation"]\n\n1. b2-b5 g7-g4 2. c2-c4 0-1');
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${resigned}`);
  assert.equal(await linkDialog(page), '2 moves, Black wins by resignation');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Put the end on your board');
  await page.screenshot({ path: `${ARTIFACTS}links-finish.png` });
  await page.click('dialog.link-dialog button.link-finish');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c4']);
  // The focus on the result, as when a game ends by play; the opponent's move was heard.
  await page.waitForFunction(() => document.activeElement?.id === 'result-banner');
  assert.ok((await page.$$eval('#board-host .ultima-live p', (ps) => ps.map((p) => p.textContent ?? ''))).some((said) => /c2 to c4/.test(said)), 'c2-c4 said');
  assert.deepEqual(await onBoard(page, (board) => board.result()?.kind), 'resignation');
  assert.equal(await onBoard(page, (board) => board.result()?.winner), 'black');
  assert.match((await page.textContent('#notice')) ?? '', /^The game from the link is over on your board too, and Your games keeps it\./);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games);
  assert.equal(kept.length, 1);
  assert.equal(kept[0].kind, 'resignation');
  assert.equal(kept[0].opponent, null);
  await page.keyboard.press('Escape');

  // A finished game that is not this one: Analyse and Close only.
  const other = await linkOf(page, '[Result "1-0"]\n[Termination "resignation"]\n\n1. a2-a4 1-0');
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${other}`);
  await linkDialog(page);
  // Seen from the winner's side (the page knows no side of its player here): Black is to move, lost.
  assert.equal(await page.getAttribute('dialog.link-dialog .ultima-mirror [data-square] >> nth=0', 'data-square'), 'a8');
  assert.equal(await page.locator('dialog.link-dialog button.link-finish').count(), 0);
  assert.deepEqual(await page.locator('dialog.link-dialog .link-actions button').allTextContents(), ['Analyse', 'Close']);
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });

  // A new game's link over the finished one, which Your games keeps already: continued without
  // a question, and nothing set aside (it was kept twice).
  const fresh = await linkOf(page, '1. d2-d4 *');
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${fresh}`);
  await linkDialog(page);
  await page.click('dialog.link-dialog button.primary');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['d2-d4']);
  assert.deepEqual(await backups(page), []);
  assert.equal((await page.evaluate(() => JSON.parse(localStorage.getItem('ultima.games') ?? '{}').games)).length, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an older link of the board\'s game offers to go back, not to continue; the link continued, opened again, says the game is on the board', { timeout: 90_000 }, async () => {
  const { page, problems } = await openGame(served.context, served.url);
  const first = await linkOf(page, '1. b2-b5 *');
  // Black, sent 1. b2-b5, continues it and plays g7-g4, then White's c2-c4 comes back.
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${first}`);
  await linkDialog(page);
  await page.click('dialog.link-dialog button.primary');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  await onBoard(page, (board) => board.play('g7-g4'));
  const answer = await linkOf(page, '1. b2-b5 g7-g4 2. c2-c4 *');
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${answer}`);
  await linkDialog(page);
  await page.click('dialog.link-dialog button.primary');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c4']);

  // The answer's link opened again: it is on the board; Close is the only way on.
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${answer}`);
  await linkDialog(page);
  assert.match((await page.textContent('dialog.link-dialog')) ?? '', /This game is on your board already: Black moves next, there\./);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
  assert.equal(await page.locator('dialog.link-dialog button.primary').count(), 0);
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.link-dialog', { state: 'detached' });

  // The first link, older than the board's game: Close first; going back is asked, and said as
  // going back.
  await page.evaluate((url) => (location.href = url), `${served.url}#game=${first}`);
  await linkDialog(page);
  assert.match((await page.textContent('dialog.link-dialog')) ?? '', /This link is older than the game on your board, which has gone further \(2 moves, Black to move\)/);
  // Read before the choices.
  assert.equal(await page.$eval('dialog.link-dialog .link-actions', (actions) => actions.previousElementSibling?.textContent?.startsWith('This link is older')), true);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
  await page.click('dialog.link-dialog button:text("Go back to this position")');
  await page.waitForSelector('.link-confirm:not([hidden])');
  assert.match((await page.textContent('.link-confirm')) ?? '', /Your board has this game further on \(2 moves, Black to move\)\. Going back to the link's position keeps your board's game under “Set aside” in Your games\./);
  await page.click('.link-confirm button:text("Cancel")');
  assert.deepEqual(await plies(page), ['b2-b5', 'g7-g4', 'c2-c4']);
  assert.deepEqual(problems, []);
  await page.close();
});
