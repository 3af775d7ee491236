// The dialog a game link opens: the game of the link on a board of its own (the embed's replay
// mode, at the last move, with buttons to step through it), a line saying what game it is, and
// the choices — continue it as a correspondence game on the page's board, or, when it is over and
// continues the board's game, play its end there; analyse it (when the page has an analysis
// board), or close. A link that holds no game says why here, in words, and
// nothing else happens: the page's game is not touched until the player chooses to continue, and
// a game in progress that the link's game does not continue is kept aside first, after a
// question.

import { mount } from './embed.js';
import { drawOffer, forked, gameSize, relation, wouldLose } from './links.js';
import { sideName } from './notation.js';
import { errorText, make } from './util.js';
import { bindings } from './wasm.js';
import { onHistoryStep } from './view-history.js';

/** @import { Side, Snapshot } from '../ultima-wasm.js' */
/** @import { EmbedHandle } from './embed.js' */
/** @import { Look } from './state.js' */

/**
 * What the dialog needs from the page.
 *
 * @typedef {object} LinkChoices
 * @property {() => Snapshot} board  the game on the page's board now
 * @property {() => Side | null} player  the side the page's player has in the board's game, when
 *   it is played by link (storage.js's `linkSide`)
 * @property {() => boolean} kept  whether the board's game is kept in Your games already (a game
 *   that ended by play here is): putting another in its place loses nothing of it, so nothing is
 *   asked and nothing is set aside
 * @property {() => Pick<Look, 'pieceSet' | 'theme'>} look  the page's piece set and colours
 * @property {(game: Pick<Snapshot, 'record' | 'turn'>, keepAside: boolean, acceptDraw: boolean) => string | null} play
 *   puts the link's game on the page's board to be continued by its side to move (the player
 *   the link was sent to), first keeping the page's game aside when
 *   `keepAside`, and with `acceptDraw` accepts the draw the link offers (the game ends drawn);
 *   answers null, or why it could not (then nothing changed)
 * @property {((game: { record: string, ply?: number, at?: number[], remark?: string }) => void) | null} analyse
 *   opens the game in the analysis board at `ply`, or at `at` (an analysis link's position
 *   shown, in a side line too: `AnalysisRequest`); null when the page has none (the choice is
 *   not offered)
 * @property {((link: Snapshot) => string | null) | null} finish  plays the end of a finished
 *   game from a link on the board's game, which it continues (the opponent's last moves, and
 *   the resignation, agreed draw or flag), so that it ends there as if played there; answers
 *   null, or why it could not (then nothing changed); null: not offered
 */

/** @type {{ close: () => void } | null} the dialog open now */
let current = null;

// The browser's Back (or Forward) off the entry of a link pasted into the address bar closes
// its dialog, as it closes the views: what was on show before comes back instead.
onHistoryStep(() => current?.close());

/**
 * Reads link text with the wasm: the game's snapshot, or why the text holds none.
 *
 * @param {string} text
 * @returns {{ snapshot: Snapshot } | { error: string }}
 */
export function readLink(text) {
  try {
    const game = bindings().Game.fromLink(text);
    try {
      return { snapshot: game.snapshot() };
    } finally {
      game.free();
    }
  } catch (error) {
    return { error: errorText(error) };
  }
}

/**
 * Opens the dialog for link text; a dialog already open for another link closes first.
 *
 * @param {string} text  what follows `#game=`
 * @param {LinkChoices} choices
 * @returns {Promise<'continued' | 'analysed' | 'closed'>} what the player chose, once the
 *   dialog has closed
 */
export function openLinkDialog(text, choices) {
  current?.close();
  const dialog = make('dialog', { class: 'link-dialog', 'aria-labelledby': 'link-title' });
  const title = make('h2', { id: 'link-title' });
  const summary = make('p', { class: 'link-summary' });
  const close = make('button', { type: 'button', class: 'dialog-close', 'aria-label': 'Close', title: 'Close' }, '×');
  dialog.append(title, summary);
  (document.querySelector('main') ?? document.body).append(dialog);

  /** @type {EmbedHandle | null} */
  let viewer = null;
  /** @type {'continued' | 'analysed' | 'closed'} */
  let chosen = 'closed';
  /** @type {(value: 'continued' | 'analysed' | 'closed') => void} */
  let settle = () => undefined;
  const done = new Promise((resolve) => (settle = resolve));
  /** @param {'continued' | 'analysed' | 'closed'} choice */
  const finish = (choice) => {
    chosen = choice;
    dialog.close();
  };
  dialog.addEventListener('close', () => {
    viewer?.destroy();
    dialog.remove();
    if (current === handle) current = null;
    settle(chosen);
  });
  close.addEventListener('click', () => finish('closed'));
  const handle = { close: () => finish('closed') };
  current = handle;

  const read = readLink(text);
  if ('error' in read) {
    dialog.classList.add('link-broken');
    title.textContent = 'This game link cannot be opened';
    summary.textContent = `${read.error.charAt(0).toUpperCase()}${read.error.slice(1)}.`;
    const kept = make('p', { class: 'link-kept' }, 'Your own game is unchanged. Ask for the link again, copied whole.');
    const ok = make('button', { type: 'button', class: 'primary', autofocus: '' }, 'OK');
    ok.addEventListener('click', () => finish('closed'));
    const buttons = make('div', { class: 'buttons' });
    buttons.append(ok);
    dialog.append(kept, buttons, close);
    dialog.showModal();
    return done;
  }

  const { snapshot } = read;
  const ongoing = snapshot.status.kind === 'ongoing';
  const side = sideName(snapshot.turn);
  title.textContent = 'A game from a link';
  summary.textContent = `${gameSize(snapshot)}${snapshot.rules === 'default' ? '' : ` · rules: ${snapshot.rules.replaceAll(',', ', ')}`}`;
  const host = make('div', { class: 'link-board' });
  const hint = make('p', { class: 'link-hint' }, 'Step through the game with the buttons under the board.');
  const actions = make('div', { class: 'buttons link-actions' });
  const confirm = make('div', { class: 'confirm link-confirm', role: 'group', 'aria-labelledby': 'link-confirm-question' });
  confirm.hidden = true;
  const problem = make('p', { class: 'error', role: 'alert' });
  dialog.append(host, hint, actions, confirm, problem, close);

  /** @param {boolean} keepAside @param {boolean} acceptDraw */
  const continueGame = (keepAside, acceptDraw) => {
    const refused = choices.play(snapshot, keepAside, acceptDraw);
    if (refused === null) finish('continued');
    else problem.textContent = refused;
  };
  /**
   * Takes the game onto the board from `button`, after asking when that would lose the board's
   * game (which is then kept aside).
   *
   * @param {HTMLButtonElement} button
   * @param {boolean} acceptDraw
   */
  const takeOver = (button, acceptDraw) => {
    const board = choices.board();
    if (!wouldLose(board, snapshot, choices.kept())) return continueGame(false, acceptDraw);
    // An older link of the board's own game takes the game back to it; another game replaces it.
    const older = relation(board, snapshot) === 'behind';
    const question = make(
      'span',
      { id: 'link-confirm-question' },
      older
        ? `Your board has this game further on (${gameSize(board)}). Going back to the link's position keeps your board's game under “Set aside” in Your games.`
        : `Your game on the board (${gameSize(board)}) is not this one. It will be kept (Your games lists it under “Set aside”), and this game takes its place.`,
    );
    const yes = make('button', { type: 'button' }, older ? 'Keep mine aside and go back' : `Keep mine aside and ${acceptDraw ? 'accept' : 'continue'}`);
    const no = make('button', { type: 'button' }, 'Cancel');
    yes.addEventListener('click', () => continueGame(true, acceptDraw));
    no.addEventListener('click', () => {
      confirm.hidden = true;
      button.focus();
    });
    confirm.replaceChildren(question, yes, no);
    confirm.hidden = false;
    no.focus();
  };
  // The game on the board, and how the link's stands to it.
  const board = choices.board();
  const continues = relation(board, snapshot);
  const player = choices.player();
  // The link the player sent, opened again (to check it): the other side's move is awaited, and
  // it is not the player's to make.
  const sent = ongoing && continues === 'same' && player !== null && snapshot.turn !== player;
  // A draw offered with the link's last move: accepted here, or declined by playing on. The
  // board's game made this very offer: the link is the player's own (opened again, or pasted
  // back), and the offer is not theirs to accept.
  const offer = ongoing ? drawOffer(snapshot) : null;
  const own = offer !== null && continues === 'same' && drawOffer(board) === offer;
  if (offer) summary.textContent += ` · ${sideName(offer)} offers a draw${own ? ' (your offer)' : ''}`;
  if (sent) {
    // Before the buttons, so that it is read before Close, which has the focus.
    dialog.insertBefore(make('p', { class: 'link-hint' }, `This is the game on your board, as you sent it: ${side} moves next, and the link ${side} sends back brings that move.`), actions);
  } else if (ongoing && continues === 'same' && player !== null && board.status.kind === 'ongoing') {
    // The link the player was sent, opened again once continued: the game is on the board,
    // their move to make there. (Ended on the board since, by an accepted draw say, it is
    // offered to be continued again.)
    dialog.insertBefore(make('p', { class: 'link-hint' }, `This game is on your board already: ${side} moves next, there.`), actions);
  } else if (ongoing) {
    // An older link of the board's own game: the board has the game as it is now, so going back
    // to the link's position is offered, not pressed on the player.
    const older = continues === 'behind';
    const play = make('button', { type: 'button', class: older ? '' : 'primary' }, older ? 'Go back to this position' : `Continue: play ${side}'s move`);
    if (!older) play.setAttribute('autofocus', '');
    play.addEventListener('click', () => takeOver(play, false));
    actions.append(play);
    if (offer && !own && !older) {
      const accept = make('button', { type: 'button', class: 'link-accept-draw' }, 'Accept the draw');
      accept.addEventListener('click', () => takeOver(accept, true));
      actions.append(accept);
    }
    // A link older than the board's game, or one that parts from it (a move taken back and
    // another sent in its place): said before the player chooses, not only once they do.
    const differs = older
      ? `This link is older than the game on your board, which has gone further (${gameSize(board)}): your board has the game as it is now. `
      : forked(board, snapshot)
        ? 'This game parts from the one on your board: a move was taken back and another made in its place. '
        : '';
    // Before the buttons when the link is older: read before the choices, Close first among them.
    dialog.insertBefore(
      make('p', { class: 'link-hint' }, older ? differs.trim() : `${differs}Continuing puts the game on your board: make your move there, then “Copy link” and send the new link back.`),
      older ? actions : confirm,
    );
  }
  // The opponent's last word in a correspondence game (a mate, a resignation, an agreed draw):
  // its end played on the board's game, which it continues, as the result of a game played here.
  const { finish: finishGame } = choices;
  if (!ongoing && finishGame && board.status.kind === 'ongoing' && (continues === 'ahead' || continues === 'same')) {
    const end = make('button', { type: 'button', class: 'primary link-finish', autofocus: '' }, 'Put the end on your board');
    end.addEventListener('click', () => {
      const refused = finishGame(snapshot);
      if (refused === null) finish('continued');
      else problem.textContent = refused;
    });
    actions.append(end);
    dialog.insertBefore(make('p', { class: 'link-hint' }, 'This game continues yours: its end goes on your board, and Your games keeps it.'), confirm);
  }
  const analyse = choices.analyse;
  if (analyse) {
    const button = make('button', { type: 'button' }, 'Analyse');
    button.addEventListener('click', () => {
      finish('analysed');
      analyse({ record: snapshot.record, ply: snapshot.plies.length });
    });
    actions.append(button);
  }
  const dismiss = make('button', { type: 'button' }, 'Close');
  if (!actions.querySelector('[autofocus]')) dismiss.setAttribute('autofocus', '');
  dismiss.addEventListener('click', () => finish('closed'));
  actions.append(dismiss);
  dialog.showModal();

  // Seen from the side to move, who continues it; a finished game from the player's side when
  // the page knows it, else the winner's (the side to move there is often the loser).
  const orientation = ongoing ? snapshot.turn : (player ?? snapshot.status.winner ?? 'white');
  viewer = mount(host, { ...choices.look(), label: 'The game in the link', record: snapshot.record, mode: 'replay', orientation });
  viewer.ready.then((ok) => {
    if (!ok || !viewer) return;
    // Replay mode starts at the start; a link opens at its last move.
    viewer.showPly(null);
    dialog.dataset.ready = 'true';
  });
  return done;
}
