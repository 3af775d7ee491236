// Sharing a game from the game page: "Copy link" (the whole game in the address's fragment, see
// links.js), "Board image" (a PNG of the position shown, see board-image.js), "Game GIF" (the
// game animated, see game-gif.js, loaded on first use), and opening the game links the page is
// given — at load, or pasted into the address bar of an open page (a `hashchange`) — in the
// link dialog (link-dialog.js). An analysis's link (analysis-link.js) opens the analysis view
// on it.

import { drawBoardImage, exportBoardImage, imageName } from './board-image.js';
import { nameLinkButton, shareLink } from './clipboard.js';
import { openLinkDialog } from './link-dialog.js';
import { DRAW_OFFER, drawOffer, drawOfferValue, gameUrl, linkText, offerTakenBack } from './links.js';
import { analysisLinkText, decodeAnalysis } from './analysis-link.js';
import { otherSide, sideName } from './notation.js';
import { withGame } from './wasm.js';
import { errorText } from './util.js';

/** @import { Side, Snapshot } from '../ultima-wasm.js' */
/** @import { EmbedHandle } from './embed.js' */
/** @import { Look } from './state.js' */
/** @import { LinkChoices } from './link-dialog.js' */

/**
 * @typedef {object} SharingParts
 * @property {EmbedHandle} embed  the page's board
 * @property {() => Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} look  the board's look
 * @property {LinkChoices['play']} play  puts a link's game on the board (see link-dialog.js)
 * @property {LinkChoices['kept']} kept  whether the board's game is kept in Your games already
 * @property {() => boolean} twoPlayers  whether the board's game is between two players (a draw
 *   can be offered in the link only then: the computer takes no offer)
 * @property {() => Side | null} linkSide  the side this browser's player has in a game played by
 *   link (storage.js), once known
 * @property {(side: Side) => void} claimSide  makes `side` this browser's player's: the side that
 *   moved last, as its player copies the link to send that move
 * @property {HTMLInputElement} offerDraw  the "Offer a draw with the link" box
 * @property {HTMLElement} offerWords  its words
 * @property {LinkChoices['analyse']} analyse  opens the analysis board, or null when there is none
 * @property {(text: string) => void} notify  tells the player something the page's notice says
 *   (an analysis link that cannot be opened)
 * @property {() => void} clear  closes what is open over the board (a view, the analysis board)
 *   as a game link pasted into the address bar opens its dialog: one dialog at a time
 * @property {() => void} continued  after the link dialog closed with its game on the board:
 *   where the focus goes (the dialog hands it back to what had it before, often nothing)
 * @property {HTMLButtonElement} copyLink  the "Copy link" button
 * @property {HTMLButtonElement} sendLink  the chip beside the status, under the board, that
 *   copies the link once the player has moved in a game by link (Copy link may be far below,
 *   under the move list, on a phone)
 * @property {HTMLButtonElement} boardImage  the "Board image" button
 * @property {HTMLButtonElement} gameGif  the "Game GIF" button
 * @property {HTMLElement} answer  where the buttons say what they did
 * @property {HTMLTextAreaElement} field  where a link goes, selected, when the clipboard is refused
 */

/**
 * Wires the buttons and the links; opens the dialog at once when the page's address is a game
 * link.
 *
 * @param {SharingParts} parts
 */
export function wireSharing(parts) {
  const { embed, answer, field } = parts;
  /** The game as it stands: its moves and how it ended, if it did. */
  const gameNow = () => {
    const { plies, status } = embed.snapshot();
    return `${plies.map((ply) => ply.text).join(' ')} ${status.kind}`;
  };
  /**
   * When the buttons last spoke: the game as it stood (`game`), its number of moves (`plies`),
   * and whether what they said is that its link was copied or shared (`link`).
   */
  const spokenNow = () => ({ game: gameNow(), plies: embed.history().length, link: false });
  let spoken = spokenNow();
  /** @param {string} text @param {boolean} ok */
  const say = (text, ok) => {
    spoken = spokenNow();
    answer.textContent = text;
    answer.classList.toggle('ok', ok);
    answer.classList.toggle('error', !ok);
  };

  parts.copyLink.addEventListener('click', async () => {
    say('', true);
    field.hidden = true;
    let url;
    try {
      url = gameLinkUrl(embed);
    } catch (error) {
      say(`No link: ${errorText(error)}`, false);
      return;
    }
    // Whoever sends the game after a move plays the side that made it: from now on Resign and
    // the draw offer are theirs, whoever is to move. (At the start, with no move, the side is
    // known once the answer comes back: the link dialog gives its player the side to move.)
    const last = embed.snapshot().plies.at(-1);
    if (last && parts.twoPlayers() && parts.linkSide() === null) {
      parts.claimSide(last.side);
      showOffer();
    }
    const { said, ok } = await shareLink(url, 'Ultima game', field, {
      shared: 'Link shared. The game is in the link itself; nothing is uploaded.',
      copied: 'Link copied: send it to your opponent or a friend. The game is in the link itself; nothing is uploaded.',
    });
    say(said, ok);
    spoken.link = ok && said !== '';
    showSend();
    // Refused (the link shown selected, to copy by hand): there, wherever it is on the page.
    if (!ok) (field.hidden ? answer : field).scrollIntoView({ block: 'nearest' });
  });
  nameLinkButton(parts.copyLink);
  nameLinkButton(parts.sendLink);

  // After the player's own move in a game by link, the way to send it, under the board: until
  // its link is copied, or the move is taken back, or the game ends (its banner has its own).
  const showSend = () => {
    const snapshot = embed.snapshot();
    const side = parts.linkSide();
    const copied = spoken.link && spoken.game === gameNow();
    parts.sendLink.hidden = side === null || snapshot.plies.at(-1)?.side !== side || snapshot.status.kind !== 'ongoing' || copied;
  };
  parts.sendLink.addEventListener('click', () => {
    parts.copyLink.click();
    // The chip goes once the link is copied: the focus to the board, where the game goes on.
    embed.canvas()?.focus();
  });

  // A draw offered with the last move travels in the record's DrawOffer header, and so in the
  // link; the box shows whether one stands, and is there while the last mover can make one: in a
  // game whose player's side is known, only after that player's own move.
  const offerLabel = /** @type {HTMLElement} */ (parts.offerDraw.closest('label'));
  const showOffer = () => {
    const snapshot = embed.snapshot();
    const last = snapshot.plies.at(-1);
    const side = parts.linkSide();
    offerLabel.hidden = !last || !parts.twoPlayers() || snapshot.status.kind !== 'ongoing' || (side !== null && last.side !== side);
    parts.offerDraw.checked = drawOffer(snapshot) !== null;
    if (last) {
      parts.offerWords.textContent = side === null ? `${sideName(last.side)} offers a draw with the link` : 'Offer a draw with your move';
      offerLabel.title = `${sideName(last.side)} moved last; the offer stands until ${sideName(otherSide(last.side))} moves`;
    }
  };
  parts.offerDraw.addEventListener('change', () => {
    try {
      embed.setHeader(DRAW_OFFER, drawOfferValue(embed.snapshot(), parts.offerDraw.checked));
    } catch (error) {
      say(`No draw offer: ${errorText(error)}`, false);
      showOffer();
      return;
    }
    // A link copied already holds the game as it was: said, so that the offer is sent.
    if (spoken.link) {
      say(`Copy the link again: the one copied before ${parts.offerDraw.checked ? 'has no draw offer' : 'still offers a draw'}.`, true);
      field.hidden = true;
    }
  });
  embed.on('change', ({ newGame }) => {
    // An offer made with a move taken back goes with it (the header's change comes back here).
    if (offerTakenBack(embed.snapshot())) embed.setHeader(DRAW_OFFER, '');
    showOffer();
    // What the buttons said ("Link copied: send it…") was of the game as it stood then: once
    // a move is made or taken back, or the game ends or is another, it is said no more. (Not
    // a header's change: the draw offer's box.) A move taken back after its link was copied
    // is said: that link, maybe sent already, still holds it; not another game begun or loaded,
    // whose fewer moves were taken back from nothing.
    const now = gameNow();
    if (now !== spoken.game) {
      const takenBack = !newGame && spoken.link && embed.history().length < spoken.plies;
      field.hidden = true;
      say(takenBack ? 'The link copied before still holds the move taken back: copy the link again after your move.' : '', !takenBack);
    }
    showSend();
  });
  showOffer();
  showSend();

  parts.boardImage.addEventListener('click', async () => {
    say('', true);
    try {
      const shown = embed.shownPly();
      const history = embed.history();
      const ply = shown === null ? history.length : shown + 1;
      /** @type {Snapshot} */
      const snapshot = withGame(embed.record(), (game) => game.at(ply));
      const name = imageName(history[ply - 1], snapshot);
      const { copied } = await exportBoardImage(drawBoardImage(snapshot, parts.look(), { shapes: embed.shapes() }), name);
      say(`Board image saved as ${name}${copied ? ' and copied to the clipboard' : ''}.`, true);
    } catch (error) {
      say(`No image: ${errorText(error)}`, false);
    }
  });

  // The game as it stands when pressed; moves played meanwhile are not in this GIF.
  wireGameGif(parts.gameGif, () => ({ record: embed.record(), look: parts.look() }), say);

  /** Opens the link the address holds, if any; the address loses it once the dialog closes. */
  const openFromAddress = () => {
    const analysed = analysisLinkText(location.hash);
    if (analysed !== null) {
      openAnalysisLink(analysed);
      return;
    }
    const text = linkText(location.hash);
    if (text === null) return;
    parts.clear();
    /**
     * Plays the end of a finished game from a link on the board's game, which it continues:
     * the moves the board lacks, then how it ended when no move ended it (a resignation, an
     * agreed draw, a flag). The game ends on this board as if played here, so the result
     * banner shows it and Your games keeps it.
     *
     * @param {Snapshot} link
     * @returns {string | null}
     */
    const finishFromLink = (link) => {
      if (!parts.twoPlayers()) return 'The game on your board is against the computer: this game does not continue it.';
      const end = link.status;
      // The opponent's last move is heard, as a move made here is; those before it are not.
      const missing = link.plies.slice(embed.history().length);
      missing.forEach((ply, i) => embed.play(ply.text, { quiet: i < missing.length - 1 }));
      if (embed.result() === null) {
        if (end.kind === 'agreement') embed.agreeDraw();
        else if (end.kind === 'resignation' && end.winner) embed.resign(otherSide(end.winner));
        else if (end.kind === 'timeout' || end.kind === 'timeout_draw') embed.flag(end.winner ? otherSide(end.winner) : embed.turn());
      }
      // The result itself is said by the board and its banner: the notice says only what became of it.
      parts.notify('The game from the link is over on your board too, and Your games keeps it.');
      return null;
    };
    openLinkDialog(text, { board: () => embed.snapshot(), player: parts.linkSide, kept: parts.kept, look: parts.look, play: parts.play, analyse: parts.analyse, finish: finishFromLink }).then((choice) => {
      if (choice === 'continued') setTimeout(parts.continued);
      if (linkText(location.hash) === text) history.replaceState(history.state, '', location.pathname + location.search);
    });
  };
  /**
   * Opens an analysis's link on the analysis board (the page's game is not touched); the
   * address loses it as it is read, as it loses a game link, so that a reload shows the game.
   *
   * @param {string} text
   */
  const openAnalysisLink = (text) => {
    const analyse = parts.analyse;
    // At once, before the view pushes its own entry: the entry under it must not keep the link,
    // or the step back as the view closes would arrive at the link again and open it again.
    if (analysisLinkText(location.hash) === text) history.replaceState(history.state, '', location.pathname + location.search);
    decodeAnalysis(text)
      .then(({ record, choices }) => {
        if (!analyse) throw new Error('this page has no analysis board');
        // A position shown that does not read: the analysis whole, at its end, and said so in it.
        analyse({ record, ...(choices ? { at: choices } : {}), ...(choices === null ? { remark: 'The position this link showed could not be read: the analysis opens at its end.' } : {}) });
      })
      .catch((error) => parts.notify(`The analysis in this link could not be opened: ${errorText(error)}.`));
  };
  window.addEventListener('hashchange', openFromAddress);
  openFromAddress();
}

/**
 * The address of the board's game as a link: the page's address with the game in its fragment.
 *
 * @param {EmbedHandle} embed
 * @returns {string}
 * @throws when the game makes no link (the wasm says why)
 */
export const gameLinkUrl = (embed) => gameUrl(location.href, withGame(embed.record(), (game) => game.link()));

/**
 * Makes a "Game GIF" button save the GIF of a game (the share row's, and each row's of "Your
 * games"): game-gif.js is loaded on the first press, the button is off while the GIF is made,
 * and `say` tells the progress and the outcome.
 *
 * @param {HTMLButtonElement} button
 * @param {() => { record: string, look: Pick<Look, 'orientation' | 'pieceSet' | 'theme'> }} game
 *   the game and how it looks, read when the button is pressed
 * @param {(text: string, ok: boolean) => void} say
 */
export function wireGameGif(button, game, say) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const { saveGameGif } = await import('./game-gif.js');
      const { record, look } = game();
      await saveGameGif(record, look, say);
    } catch (error) {
      say(`No GIF: ${errorText(error)}`, false);
    } finally {
      button.disabled = false;
    }
  });
}
