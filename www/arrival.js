// The game page's first module (index.html): what a visitor sees before the rest of the page has
// come, from the few modules it takes — the board's position drawn (placeholder.js), the welcome
// of a first visit (welcome.js), the board's size and the page's colours — then the rest of the
// page (main.js), fetched once these are up. On a slow network the page was blank but for
// "Loading the game…" until all of its modules had come, a third of them needed for this; now
// the welcome is read while the rest comes (bench/slow-arrival.mjs, README "Load figures").
//
// The wasm's download starts here too, beside the rest of the page: the board needs both.

import { analysisLinkText } from './analysis-link.js';
import { addBoardResize } from './board-size.js';
import { DEFAULT_LEVEL, opponentLine } from './levels.js';
import { otherSide } from './notation.js';
import { linkText, puzzleAsked, stormAsked } from './links.js';
import { wirePageTheme } from './page-theme.js';
import { START_PIECES, showPlaceholder } from './placeholder.js';
import { load } from './storage.js';
import { errorText, pageElement, pageStorage } from './util.js';
import { DEFAULT_BASE, loadWasm } from './wasm.js';
import { openWelcome } from './welcome.js';

/** @import { Side } from '../ultima-wasm.js' */
/** @import { Placeholder } from './placeholder.js' */
/** @import { Saved } from './storage.js' */
/** @import { Welcome } from './welcome.js' */

/**
 * What the page found and put up before the rest of it came, for main.js to go on from.
 *
 * @typedef {object} Arrival
 * @property {HTMLElement} host  the board's place
 * @property {HTMLElement} grip  the board's size grip (board-size.js), put after the board
 * @property {Saved} saved  what the page had kept (storage.js `load`)
 * @property {Placeholder} placeholder  the position drawn until the board is up
 * @property {string | null} askedPuzzle  a puzzle's link: its puzzle ("" for the next one)
 * @property {boolean} askedStorm  a storm's link
 * @property {() => boolean} linked  whether the address holds a game's or an analysis's link
 * @property {boolean} linkedAtLoad  whether it held one as the page loaded
 * @property {Welcome | null} welcome  the welcome of a first visit, open
 */

/** @returns {Arrival} */
function arrive() {
  const host = pageElement('board-host', HTMLElement);
  const grip = addBoardResize(host, pageStorage());
  wirePageTheme(pageElement('page-theme', HTMLSelectElement), pageStorage());
  const saved = load();
  // The download starts now; a copy of the file is kept for the service worker's cache (a
  // failure is the board's to report).
  loadWasm(DEFAULT_BASE, { keepCopy: true }).catch(() => undefined);
  // The position at once: the start, or the saved game's last position (the empty board when
  // that is not known), until the board is ready.
  const placeholder = showPlaceholder(host, saved.record === null ? START_PIECES : (saved.pieces ?? ''), saved.settings);
  // A game link opens its own dialog instead of the welcome, a puzzle's link its puzzle, and a
  // storm's link a storm.
  const askedPuzzle = puzzleAsked(location.search);
  const askedStorm = askedPuzzle === null && stormAsked(location.search);
  // A link's game or analysis opens on a first visit without the welcome in its way.
  const linked = () => linkText(location.hash) !== null || analysisLinkText(location.hash) !== null;
  const linkedAtLoad = linked();
  const welcome =
    saved.firstVisit && !linkedAtLoad && askedPuzzle === null && !askedStorm
      ? openWelcome(pageElement('welcome', HTMLDialogElement), { level: saved.settings.newGame?.level ?? DEFAULT_LEVEL, side: saved.settings.newGame?.side ?? 'white', time: saved.settings.newGame?.time ?? 'none' })
      : null;
  // Who plays whom, under the status, written now as the page writes it once the board is up,
  // so that the line does not push the panel down as the board comes: a saved game against the
  // computer; a colour chosen against it before the board is up, with the position turned to it
  // (a random colour is drawn then).
  /** @param {Side} player @param {number} level */
  const against = (player, level) => {
    const line = pageElement('opponent', HTMLElement);
    line.textContent = opponentLine(player, level);
    line.hidden = false;
  };
  const { opponent } = saved.settings;
  if (saved.record !== null && opponent) against(otherSide(opponent.computer), opponent.level);
  welcome?.choice.then((choice) => {
    if (choice.kind !== 'computer' || choice.side === 'random') return;
    placeholder.turn(choice.side);
    against(choice.side, choice.level);
  });
  return { host, grip, saved, placeholder, askedPuzzle, askedStorm, linked, linkedAtLoad, welcome };
}

const arrival = arrive();
import('./main.js')
  .then(({ startPage }) => startPage(arrival))
  .catch((error) => {
    // The rest of the page did not come (the network went, a release replaced its files): said
    // where the board's loading was, with the way to try again.
    const notice = pageElement('notice', HTMLElement);
    notice.textContent = `The game could not load (${errorText(error)}). Reload the page to try again.`;
    notice.hidden = false;
    pageElement('status', HTMLElement).textContent = 'The game could not load.';
  });
