// The game page: one board from the embed API's `mount` (the same as any page embedding a board),
// plus what a player needs around it — status, move list, undo/redo, resign, flip, hint, new game,
// copy and paste of positions and records, piece set and theme, rules help — and the game saved in
// localStorage so a reload resumes it. Against the computer, the embed (mode "ai") asks the AI, a
// Web Worker, for a move whenever it is the computer's turn; a hint is the same search for the
// player, shown as an arrow; the figures of either can be shown as they come (searching.js).
//
// Arrival (arrival.js, the page's first module, which loads this one): the board's position is
// drawn at once (placeholder.js), with "Loading the game…" over it and the controls disabled,
// while the wasm and this module load; the real board takes its place when ready. A first visit
// (nothing stored) opens the welcome (welcome.js) over the board; a returning visitor goes
// straight back to the saved game. The new-game choices are remembered.

import { mount } from './embed.js';
import { recordNotes, recordSideLines, startRecord } from './session.js';
import { GAME_COMMENT } from './variations.js';
import { setUpHelp } from './help.js';
import { bindNewGameDialog, playerSide } from './newgame.js';
import { wireSearching } from './searching.js';
import { defaultChoices, defaultSettings, keepOwnAside, keepStoredAside, onOtherTab, save, setAsideStored } from './storage.js';
import { changeWords, movesWords, otherSide, scoreText, sideName, statusText, viewingText } from './notation.js';
import { askToKeepStorage, errorText, keepFocus, make, pageElement, pageStorage } from './util.js';
import { THEME_NAMES } from './state.js';
import { registerServiceWorker, releasedSince } from './offline.js';
import { COPY_REFUSED, copyText } from './clipboard.js';
import { createResultBanner } from './result.js';
import { configureLessons, openLessons } from './lessons-ui.js';
import { withGame as withRecord, withPosition } from './wasm.js';
import { materialLead, renderMaterial } from './material.js';
import { renderMoves, renderStrip } from './movelist.js';
import { wirePieceWords } from './piece-words.js';
import { askFirst, marksShown, wirePlaying } from './playing.js';
import { wireTypedMoves } from './type-move.js';
import { pastedGame, wireRecordFiles } from './record-file.js';
import { wireClocks } from './clocks.js';
import { opponentOfHeaders, startHeaders } from './start-record.js';
import { headersControl, parseControl } from './clock.js';
import { gameLinkUrl, wireSharing } from './share.js';
import { PUZZLE_PARAM, STORM_PARAM, drawOffer, forked, withoutParam } from './links.js';
import { ANALYSIS_PARAM, analysedBefore, analysisAsked, backBefore, analysisShown, closeAnalysis, configureAnalysis, openAnalysis } from './analysis-page.js';
import { createReview } from './review.js';
import { MARKS } from './review-model.js';
import { hintWords } from './hints.js';
import { linkLine, opponentLine } from './levels.js';
import { droppedWords, loadGames, newGameId, saveGames, withGame } from './games.js';
import { guardLeaving } from './leave-guard.js';
import { wireLoneKing } from './lone-king.js';
import { holdWhileSearching, searchedElsewhere, whenNoSearch } from './search-lock.js';
import { arriveAtView, busyWhile, closeViews, leaveView, onHistoryStep, openWhenLoaded, reopenViews, showView } from './view-history.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { EmbedOptions } from './options.js' */
/** @import { GameSpec } from './session.js' */
/** @import { NewGameChoices, Opponent, Saved, Settings } from './storage.js' */
/** @import { WelcomeChoice } from './welcome.js' */
/** @import { Arrival } from './arrival.js' */
/** @import { TimeControl } from './clock.js' */
/** @import { Review } from './review.js' */
/** @import { Side, Snapshot } from '../ultima-wasm.js' */

/**
 * Shows `text` in a notice (the panel's, or the box of a new release's offer), with a button
 * that dismisses it, and the button of an action before that one if given.
 *
 * @param {HTMLElement} notice
 * @param {string} text
 * @param {{ label: string, run: () => void }} [action]  e.g. "Reload"
 */
function showNotice(notice, text, action) {
  delete notice.dataset.scope;
  const close = make('button', { type: 'button', class: 'notice-close', 'aria-label': 'Dismiss this notice' }, '×');
  close.addEventListener('click', () => {
    notice.hidden = true;
    // The focus, on the × gone, to the board rather than back to the page's top.
    document.getElementById('board')?.focus();
  });
  const words = make('span', {}, text);
  if (action) {
    const act = make('button', { type: 'button', class: 'notice-action' }, action.label);
    act.addEventListener('click', action.run, { once: true });
    notice.replaceChildren(words, act, close);
  } else notice.replaceChildren(words, close);
  notice.hidden = false;
}

/**
 * Shows `text` in the panel's notice as `showNotice` does, for as long as it is true of the board:
 * its game (it goes when another game is put on the board), or its position too (it goes with
 * the next move, a takeback or the game's end). See `wireNoticeScope`.
 *
 * @param {HTMLElement} notice
 * @param {string} text
 * @param {EmbedHandle} board
 * @param {'game' | 'position'} scope
 */
function showBoardNotice(notice, text, board, scope) {
  showNotice(notice, text);
  notice.dataset.scope = scope;
  notice.dataset.position = positionKey(board);
}

/**
 * The board's game as far as a notice of its position goes: its moves played and how it stands.
 *
 * @param {EmbedHandle} board
 * @returns {string}
 */
const positionKey = (board) => `${board.history().length} ${board.snapshot().status.kind}`;

/**
 * Hides a notice shown by `showBoardNotice` once what it says is no longer true of the board.
 *
 * @param {HTMLElement} notice
 * @param {EmbedHandle} board
 */
function wireNoticeScope(notice, board) {
  board.on('change', ({ newGame }) => {
    const { scope, position } = notice.dataset;
    if (!scope) return;
    if (newGame || (scope === 'position' && position !== positionKey(board))) {
      notice.hidden = true;
      delete notice.dataset.scope;
    }
  });
}

/**
 * Whether an error is an abort: a view left (Back) before it opened.
 *
 * @param {unknown} error
 * @returns {boolean}
 */
const isAbort = (error) => error instanceof DOMException && error.name === 'AbortError';

/** What the page says of the saving of the site on this device for offline play (offline.js). */
const OFFLINE_WORDS = {
  saving: 'Saving Ultima on this device, to play with the network off…',
  saved: 'Saved on this device: Ultima plays with the network off.',
  failed: 'Not saved for play offline yet: it is tried again when the network is back.',
};

/**
 * The embed options of the computer opponent: the embed's `ai` mode, or two players.
 *
 * @param {Opponent | null} opponent
 * @returns {EmbedOptions}
 */
const modeOf = (opponent) => (opponent ? { mode: 'ai', side: otherSide(opponent.computer), level: opponent.level } : { mode: 'play' });

/**
 * The embed options of a tab whose computer leaves its move to another tab (search-lock.js), or
 * to the tab in sight: the board moves the player's pieces only, and the computer's move comes
 * with the other tab's save.
 *
 * @param {Opponent} opponent
 * @returns {EmbedOptions}
 */
const leftElsewhere = (opponent) => ({ mode: 'play', movable: otherSide(opponent.computer) });

/**
 * Mounts a board and waits until it is ready; on failure it is removed again.
 *
 * @param {HTMLElement} host
 * @param {EmbedOptions} options
 * @returns {Promise<{ embed: EmbedHandle } | { failure: string }>}
 */
async function mountReady(host, options) {
  const embed = mount(host, options);
  let failure = 'the board did not start';
  const off = embed.on('error', ({ message }) => (failure = message));
  const ok = await embed.ready;
  off();
  if (ok) return { embed };
  embed.destroy();
  return { failure };
}

/**
 * Mounts the board from the saved game, or a new one when there is none or it does not load.
 *
 * @param {HTMLElement} host
 * @param {HTMLElement} notice
 * @param {Saved} saved  what `load` read
 * @returns {Promise<{ embed: EmbedHandle, settings: Settings }>}
 */
async function restore(host, notice, saved) {
  /** @param {string} text */
  const warn = (text) => showNotice(notice, text);
  if (saved.problem) warn(saved.problem);
  const { pieceSet, theme, orientation, opponent, touchPreview, premove, coordinates, legalMoves, threats, animation } = saved.settings;
  // Another tab searches for the computer's move in the game kept (this tab opened while it
  // thinks): the move is left to it.
  const elsewhere = opponent !== null && (await searchedElsewhere());
  // The page has its own status line, so the board's (in `ai` mode) is off.
  /** @type {EmbedOptions} */
  const options = { pieceSet, theme, orientation, touchPreview, premove, coordinates, animation, highlights: marksShown(legalMoves, threats), statusLine: false, ...(opponent && elsewhere ? leftElsewhere(opponent) : modeOf(opponent)) };
  if (saved.record) {
    const resumed = await mountReady(host, { ...options, record: saved.record });
    if ('embed' in resumed) return { ...resumed, settings: saved.settings };
    // Set aside before the new game is saved over it.
    const reason = `could not be resumed (${resumed.failure})`;
    warn(setAsideStored(reason) ?? `The saved game ${reason}, so a new game was started.`);
  }
  const fresh = await mountReady(host, options);
  if ('failure' in fresh) throw new Error(fresh.failure);
  // Dated, and against the computer with its players named, as a game from the new-game dialog
  // is (start-record.js): a first visit's board is a game too, and its record says when.
  for (const [name, value] of startHeaders({ opponent, control: null, day: new Date() })) fresh.embed.setHeader(name, value);
  // A new game: the saved game's entry in "Your games" is not its own.
  const settings = { ...saved.settings };
  delete settings.finishedId;
  return { ...fresh, settings };
}

/**
 * The page from where its first module left it (arrival.js): the board mounted where the
 * position was drawn, the panel's controls, and what the address or the welcome asked for.
 *
 * @param {Arrival} arrival
 */
export async function startPage({ host, grip, saved, placeholder, askedPuzzle, askedStorm, linked, linkedAtLoad, welcome }) {
  const status = pageElement('status', HTMLElement);
  /**
   * The loading state ends: the real board (or its error) takes the placeholder's place. The
   * real board paints in the same frame (its canvas is watched from the start), so nothing
   * flickers or moves. The controls are enabled when they work.
   *
   * @param {boolean} works
   */
  const loaded = (works) => {
    placeholder.remove();
    // The board's size grip after the board, in the Tab order as on the screen (it was there
    // before the board was mounted).
    host.append(grip);
    document.getElementById('board-loading')?.remove();
    delete host.dataset.loading;
    pageElement('panel', HTMLElement).removeAttribute('aria-busy');
    pageElement('controls', HTMLFieldSetElement).disabled = !works;
    for (const button of document.querySelectorAll('.site-nav [data-opens]')) {
      if (!(button instanceof HTMLButtonElement)) continue;
      button.disabled = !works;
      if (works) button.addEventListener('click', () => document.getElementById(button.dataset.opens ?? '')?.click());
    }
  };
  try {
    const notice = pageElement('notice', HTMLElement);
    // A new release's offer to reload (below, and `couldNotOpen`). It comes seconds after the
    // load, maybe under a finger about to tap a button: it lies over the page (style.css)
    // instead of pushing the panel's controls down as the panel's notice does, and it is said
    // politely (a status, not an alert).
    const release = pageElement('release', HTMLElement);
    /** @param {string} text @param {() => void} [run]  what Reload does: reload the page, unless told */
    const offerReload = (text, run = () => location.reload()) => {
      const box = make('div', { class: 'notice' });
      showNotice(box, text, { label: 'Reload', run });
      release.replaceChildren(box);
    };
    /**
     * After something failed: when the server holds a newer release than this page runs, the
     * likely cause (`releasedSince`), offers the reload that brings it, saying `text`.
     *
     * @param {string} text
     * @returns {Promise<boolean>} whether it did
     */
    const offerNewerRelease = async (text) => {
      const newer = await releasedSince();
      if (newer) offerReload(text);
      return newer;
    };
    /**
     * Says that a part of the page loaded on first use could not open, and why, or offers the
     * newer release instead.
     *
     * @param {string} what  e.g. "Your games"
     * @returns {(error: unknown) => Promise<void>}
     */
    const couldNotOpen = (what) => async (error) => {
      // With the network off, its files not saved on this device yet (a first visit cut short):
      // said so, not as the browser words the failed download of a module.
      if (!navigator.onLine) showNotice(notice, `${what} could not open with the network off: this part of Ultima is not saved on this device yet.`);
      else if (!(await offerNewerRelease(`${what} could not open: Ultima was updated since this page was loaded.`))) showNotice(notice, `${what} could not open: ${errorText(error)}`);
    };
    const { embed, settings } = await restore(host, notice, saved);
    // The computer's worker loads the server's files too: in a page no service worker serves,
    // open across a release, they may not fit the page's wasm module. The board says what went
    // wrong; the page offers the newer release beside it.
    embed.on('error', () => offerNewerRelease('Ultima was updated since this page was loaded: reload it to go on.'));
    loaded(true);
    const canvas = embed.canvas();
    if (canvas) canvas.id = 'board';
    /** @type {Opponent | null} the computer player, or null for two players */
    let opponent = settings.opponent;
    /** The computer plays the side to move of a game still going on. */
    const computerToMove = () => opponent !== null && embed.result() === null && embed.turn() === opponent.computer;
    /** The computer's move is left to another tab (`leftElsewhere`). */
    const searchingElsewhere = () => computerToMove() && embed.view().mode !== 'ai';
    holdWhileSearching(embed, computerToMove() && !searchingElsewhere());
    /** Puts the computer on this tab's board again once no other tab searches for its move. */
    const computerHere = () =>
      whenNoSearch(() => {
        if (document.hidden || opponent === null || embed.view().mode === 'ai') return;
        embed.set(modeOf(opponent));
        // Its words, "thinking in another tab", go (its search, if it starts, says its own).
        refresh();
      });
    /**
     * By link, whether the game's end was made on this device, and is its player's to send: their
     * resignation, their move that ended it, the draw they accepted, their clock run out (an end
     * put on the board from the other player's link is already known to them).
     */
    const endToSend = () => {
      const { status, turn, plies } = embed.snapshot();
      const side = settings.linkSide;
      if (side === null || status.kind === 'ongoing') return false;
      if (status.kind === 'resignation') return status.winner !== side;
      if (status.kind === 'agreement' || status.kind === 'timeout' || status.kind === 'timeout_draw') return turn === side;
      return plies.at(-1)?.side === side;
    };
    /** The side to move of a game still going on, when its player is far away (by link). */
    const farToMove = () => (settings.linkSide !== null && embed.result() === null && embed.turn() !== settings.linkSide ? embed.turn() : null);
    // Before the clocks: a clock that ran out while the page was closed flags the game as they
    // are wired, an end by play, kept as any other (it was lost, and the next game took its place).
    // `persist` is made below, from the clocks: the settings are saved once the page is wired.
    keepFinishedGames(embed, settings, () => queueMicrotask(() => persist()), () => opponent, (text) => showNotice(notice, text));
    const overBeforeClocks = embed.result() !== null;
    // The chess clocks, when the game has a time control (its record says so).
    const clockSaid = pageElement('clock-said', HTMLElement);
    const clocks = wireClocks({
      embed,
      board: host,
      opponent: () => opponent,
      linkSide: () => settings.linkSide,
      running: settings.clock ?? null,
      // A player's clock under 10 s rings once, and is said once (with the sounds off too); the
      // computer's is not. (`playing` is wired below, in this same synchronous start, before any
      // clock can run.)
      low: (side) => {
        if (side === opponent?.computer) return;
        playing.lowTime();
        clockSaid.textContent = `${sideName(side)}: under 10 seconds left`;
      },
    });
    // Its end, and why, said to the player coming back: only the status line and the result's
    // chip said it.
    const flaggedWhileAway = !overBeforeClocks && embed.result() !== null;
    if (flaggedWhileAway) showNotice(notice, `The clock ran on while Ultima was closed: ${sideName(embed.turn())}'s time ran out.`);
    // Another game: the words go, so that the same side running low again is said again.
    embed.on('change', ({ newGame }) => {
      if (newGame) clockSaid.textContent = '';
    });
    // The buttons to the views that cover the board ask first while a clock runs.
    const { guard } = guardLeaving({ ticking: () => clocks.ticking(), opponent: () => opponent, linkSide: () => settings.linkSide });

    const opponentNote = pageElement('opponent', HTMLElement);
    const material = pageElement('material', HTMLElement);
    wirePieceWords(embed, pageElement('piece-words', HTMLElement));
    const captureLine = pageElement('capture-words', HTMLElement);
    const stripWords = pageElement('strip-words', HTMLElement);
    const moves = pageElement('moves', HTMLOListElement);
    // A move of a phone's strip shows its position, as the list's do.
    const strip = pageElement('move-strip', HTMLElement);
    strip.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const move = target?.closest('[data-key]');
      if (move instanceof HTMLElement) embed.showPly(Number(move.dataset.key));
      else if (target?.closest('.strip-live')) embed.showPly(null);
    });
    const undo = pageElement('undo', HTMLButtonElement);
    const redo = pageElement('redo', HTMLButtonElement);
    const resign = pageElement('resign', HTMLButtonElement);
    const draw = pageElement('draw', HTMLButtonElement);
    const drawQuestion = pageElement('draw-question', HTMLElement);
    // Asked of an offer, the question's "No" declines it (playing.js).
    const drawNo = pageElement('draw-no', HTMLButtonElement);
    const resignQuestion = pageElement('resign-question', HTMLElement);
    // A game by link played on, both sides at this device (two friends who sent a link to show
    // the game, say): the page no longer keeps a side for its player.
    const bothSides = pageElement('both-sides', HTMLButtonElement);
    bothSides.addEventListener('click', () => {
      settings.linkSide = null;
      clocks.update();
      persist();
      refresh();
      embed.canvas()?.focus();
    });
    const pieceSet = pageElement('piece-set', HTMLSelectElement);
    const theme = pageElement('theme', HTMLSelectElement);
    const recordText = pageElement('record-text', HTMLTextAreaElement);
    const recordError = pageElement('record-error', HTMLElement);
    /**
     * The copy and load buttons' answer, in green when all went well.
     *
     * @param {string} text
     * @param {boolean} ok
     */
    const answer = (text, ok) => {
      recordError.textContent = text;
      recordError.classList.toggle('ok', ok);
    };

    /** @type {Review | null} the game review, kept with the game (made below) */
    let review = null;
    const persist = () => {
      const problem = save(embed.record(), { ...settings, clock: clocks.running() }, embed.snapshot().pieces, review?.stored() ?? null);
      if (problem) showNotice(notice, problem);
    };

    /** The status line's next words, written at the end of the task that changed them. */
    let nextStatus = /** @type {{ said: string, heard: string, ended: boolean } | null} */ (null);
    /**
     * Writes the status line once the page's current task is done: a state that passes within
     * the task is not read out (the computer's search ended, its move not yet played: "Black to
     * move" came between "thinking…" and the move itself, heard before the move).
     *
     * @param {string} said  the line
     * @param {string} heard  words for a screen reader only, after it ("" for none)
     * @param {boolean} ended  the game is over: the line is not read (see below)
     */
    const writeStatus = (said, heard, ended) => {
      const pending = nextStatus !== null;
      nextStatus = { said, heard, ended };
      if (pending) return;
      queueMicrotask(() => {
        const next = nextStatus;
        nextStatus = null;
        if (!next) return;
        // Written only when it changes: the line is a live region, and the same words written
        // again (each redraw, each depth of a search) may be read out again. The result is not
        // read from here: the board's own live region says it as the game ends, and the result
        // banner, which takes the focus, says it again.
        status.setAttribute('aria-live', next.ended ? 'off' : 'polite');
        if (status.textContent !== next.said + next.heard) status.replaceChildren(next.said, ...(next.heard ? [make('span', { class: 'visually-hidden' }, next.heard)] : []));
      });
    };

    /** Status line, move list and button states, from the board. */
    const refresh = () => {
      const focused = document.activeElement;
      const snapshot = embed.snapshot();
      const { turn, check, plies } = snapshot;
      const result = embed.result();
      const shown = embed.shownPly();
      // A draw offered in a link (links.js): said in the status, and Draw answers it.
      const offer = opponent === null ? drawOffer(snapshot) : null;
      const said =
        shown !== null
          ? viewingText(plies, shown)
          : result
            ? statusText(result)
            : `${sideName(turn)} to move${check !== null ? ' — check' : ''}${offer ? ` — ${sideName(offer)} offers a draw` : ''}${search.activity() || (searchingElsewhere() ? ' — thinking in another tab…' : '')}`;
      // A reviewed game's position shown: its judgement and evaluation heard with it (seen in
      // the graph's readout).
      const spoken = shown !== null ? (review?.spokenAt(shown) ?? '') : '';
      writeStatus(said, spoken && ` ${spoken}`, shown === null && result !== null);
      drawQuestion.textContent = offer ? `${sideName(offer)} offers a draw. Accept it?` : 'Agree a draw?';
      drawNo.textContent = offer ? 'Decline' : 'No';
      // By link, this browser's player resigns their own side; at one device, the side to move.
      const { linkSide } = settings;
      resignQuestion.textContent = opponent ? 'Resign this game?' : `Resign as ${sideName(linkSide ?? turn)}?`;
      opponentNote.hidden = opponent === null && linkSide === null;
      // Not once over: the end (maybe the other player's resignation) is not to be taken back.
      bothSides.hidden = linkSide === null || result !== null;
      // By link, the board moves only the player's side's pieces: the other side's moves come
      // with the links its player sends. (In `play` mode: a mode set through the page's API, a
      // test's `ai`, is left alone.)
      if (opponent === null) {
        const movable = linkSide ?? 'both';
        const view = embed.view();
        if (view.mode === 'play' && view.movable !== movable) embed.set({ movable });
      }
      opponentNote.textContent = opponent ? opponentLine(otherSide(opponent.computer), opponent.level) : linkSide ? linkLine(linkSide, result !== null) : '';
      // The ply of the position shown: the last one, or the one viewed.
      const current = shown ?? plies.length - 1;
      const judgements = review?.judgements() ?? [];
      renderMoves(moves, plies, { pieceSet: settings.pieceSet, current, choose: (i) => embed.showPly(i), judgements, result: result && { score: scoreText(result.result), words: statusText(result) } });
      renderStrip(
        strip,
        plies.map((ply, i) => ({ ply, key: String(i), glyph: judgements[i] ? MARKS[judgements[i]] : null })),
        current,
        settings.pieceSet,
        { live: true },
      );
      // The move shown's judgement on the board too, as lichess marks an analysed game's moves.
      const judgement = judgements[current] ?? null;
      embed.showGlyph(judgement ? MARKS[judgement] : null);
      renderMaterial(material, materialLead(piecesAfter(snapshot, current), plies.slice(0, current + 1)), settings.pieceSet);
      // How the move shown took its pieces, or that it took its own off the board.
      const moveShown = plies[current];
      captureLine.textContent = moveShown ? changeWords(moveShown) : '';
      stripWords.textContent = captureLine.textContent;
      stripWords.hidden = captureLine.textContent === '';
      const last = plies.length - 1;
      viewPrev.disabled = (shown ?? last) < 0;
      viewNext.disabled = shown === null;
      viewLive.disabled = shown === null;
      // By link, the player takes back only their own last move: not one that came by link, nor
      // an end (a resignation, a draw accepted, a mate) the other player may have been sent.
      undo.disabled = !snapshot.canUndo || (linkSide !== null && (result !== null || plies.at(-1)?.side !== linkSide));
      redo.disabled = embed.redoLength() === 0;
      resign.disabled = result !== null;
      // A draw by agreement is for two players; the computer plays on (as on lichess). By link,
      // Draw accepts the other player's offer; the player's own goes with their move (its box).
      draw.hidden = opponent !== null || (linkSide !== null && (offer === null || offer === linkSide));
      draw.disabled = result !== null;
      // No hint for the computer's move, nor for a far player's by link.
      search.update(result !== null || shown !== null || computerToMove() || farToMove() !== null);
      // ▶ at the last move, Undo at the first: the focus to the next button that works.
      keepFocus(focused);
    };

    const search = wireSearching({
      embed,
      hintButton: pageElement('hint', HTMLButtonElement),
      showThinking: pageElement('show-thinking', HTMLInputElement),
      thinkingBox: pageElement('thinking', HTMLElement),
      settings,
      // At the start, a resumed game on the computer's turn (unless another tab searches it).
      searching: computerToMove() && !searchingElsewhere(),
      refresh,
      persist,
      notify: (text) => showNotice(notice, text),
    });

    const viewPrev = pageElement('view-prev', HTMLButtonElement);
    const viewNext = pageElement('view-next', HTMLButtonElement);
    const viewLive = pageElement('view-live', HTMLButtonElement);
    viewPrev.addEventListener('click', () => embed.showPly((embed.shownPly() ?? embed.history().length - 1) - 1));
    viewNext.addEventListener('click', () => {
      const shown = embed.shownPly();
      if (shown !== null) embed.showPly(shown + 1);
    });
    viewLive.addEventListener('click', () => embed.showPly(null));
    // A press on the board while an earlier position is shown plays nothing: the way back is
    // pointed out, a ring pulsing round "Back to the game" (a screen reader hears why from the
    // board). The press was refused without a sign.
    pageElement('board-host', HTMLElement).addEventListener('pointerdown', () => {
      if (embed.shownPly() === null || embed.result() !== null) return;
      viewLive.classList.remove('nudged');
      // Once more from its start: the class taken off and put back in one task would not restart it.
      void viewLive.offsetWidth;
      viewLive.classList.add('nudged');
    });
    viewLive.addEventListener('animationend', () => viewLive.classList.remove('nudged'));
    embed.on('view', () => {
      // A hint belongs to the game's position, which viewing another one hides: its arrow goes
      // (and the embed stops a search for one).
      search.forgetHint();
      refresh();
    });
    // A trap in the wasm (a bug): the board restarted itself, and the player hears what happened
    // to the game. The record stays exportable all along (embed.record() answers from the
    // rebuilt game; the copy button is never disabled).
    embed.on('restart', ({ message }) => showNotice(notice, `${message.charAt(0).toUpperCase()}${message.slice(1)}.`));
    wireNoticeScope(notice, embed);
    wireLoneKing(
      embed,
      () => (opponent ? otherSide(opponent.computer) : settings.linkSide),
      (text) => showBoardNotice(notice, text, embed, 'game'),
      (text) => {
        if (notice.firstElementChild?.textContent === text) notice.hidden = true;
      },
    );
    embed.on('change', () => {
      // Any change makes a hint stale (the embed stops a search for one).
      search.forgetHint();
      refresh();
      persist();
    });
    setUpSuicide(embed);

    /**
     * The analysis board on `request`; a failure is said in the notice (not Back pressed while
     * it loaded, which the player meant).
     *
     * @param {import('./analysis-page.js').AnalysisRequest} request
     */
    const analyse = (request) => {
      busyWhile(openAnalysis(request)).catch((error) => {
        if (!isAbort(error)) showNotice(notice, `The analysis board could not open: ${errorText(error)}`);
      });
    };
    // "Your games" and the board editor are loaded on first use, as the puzzles are below
    // (playing needs none of them).
    /** Whether the board has a game begun and not finished: one that replacing it would lose. */
    const gameUnderWay = () => embed.result() === null && embed.history().length > 0;
    const gamesList = onFirstUse(() =>
      import('./games-ui.js').then((module) => {
        module.configureGames({
          analyse,
          // Review: the game back on the board with its opponent (a takeback plays on against
          // the same computer), its review started in the panel; the game under way set aside,
          // as Resume sets it aside (it was lost, once asked).
          review: ({ record, opponent: chosen, link }) => {
            const kept = gameUnderWay() ? keepStoredAside() : { key: null };
            if ('error' in kept) throw new Error(`the game under way could not be set aside (${kept.error}), so it stays on the board`);
            startGame({ record }, chosen, null, link);
            resultAside();
            review?.start();
            if (kept.key) showNotice(notice, 'The game that was on the board was kept: Your games lists it under “Set aside”, to resume.');
          },
          // Resume: a game the page set aside back on the board with its opponent, and the game
          // under way set aside in its place (nothing is lost either way). Its clock is not
          // resumed: the time it was set aside would count against the side to move.
          resume: ({ record, opponent: chosen, linkSide, orientation }) => {
            const kept = gameUnderWay() ? keepStoredAside() : { key: null };
            if ('error' in kept) return `the game under way could not be set aside (${kept.error}), so it stays on the board`;
            try {
              startGame({ record }, chosen, null, linkSide);
            } catch (error) {
              return errorText(error);
            }
            resultAside();
            embed.set({ orientation });
            settings.orientation = orientation;
            persist();
            // Where the game stands, in the notice (an alert: a screen reader hears it), as the
            // board shows it.
            const { plies, turn } = embed.snapshot();
            showNotice(notice, `The game set aside was resumed: ${movesWords(plies.length)}, ${sideName(turn)} to move.${kept.key ? ' The game that was on the board was kept in its place: Your games lists it under “Set aside”.' : ''}`);
            // The board takes the focus, to play on (after the list's closing has handed it back
            // to Your games' button, far down on a phone).
            setTimeout(() => embed.canvas()?.focus());
            return null;
          },
          inProgress: gameUnderWay,
          look: () => ({ pieceSet: settings.pieceSet, theme: settings.theme }),
        });
        return module;
      }),
    );
    const openGamesNoticed = () => {
      openWhenLoaded('games', () => gamesList().then((module) => () => module.openGames())).catch(couldNotOpen('Your games'));
    };
    pageElement('open-games', HTMLButtonElement).addEventListener('click', guard('Your games', openGamesNoticed));

    // The new-game dialog is a view (Back closes it). A new game started from the result
    // banner: the button that opened the dialog went with the banner, and the browser,
    // returning the focus to it, leaves it on the page: the board, where the game is played,
    // takes it (see reopenViews below).
    const openNewGame = () => {
      const dialog = pageElement('new-game-dialog', HTMLDialogElement);
      pageElement('new-game-replaces', HTMLElement).hidden = !gameUnderWay();
      showView(dialog);
      // The players' choice made, not the first radio button (a dialog focuses its first
      // control): Space there would change it, and a screen reader would hear "not checked".
      /** @type {HTMLInputElement | null} */ (dialog.querySelector('input[name="mode"]:checked'))?.focus();
    };
    /**
     * The new-game dialog with a position filled in (players, level, clock and rules chosen
     * there): "Play from here…" of the board editor and of the analysis board.
     *
     * @param {string} position
     */
    const playFrom = (position) => {
      const field = pageElement('new-game-position', HTMLTextAreaElement);
      field.value = position;
      openNewGame();
      // The position is for this dialog only, started or cancelled: a later New game… started
      // from it again, unseen under the players' choices.
      pageElement('new-game-dialog', HTMLDialogElement).addEventListener(
        'close',
        () => {
          if (field.value === position) field.value = '';
        },
        { once: true },
      );
    };
    pageElement('new-game', HTMLButtonElement).addEventListener('click', openNewGame);
    /**
     * Starts a game: from the new-game dialog, or a rematch.
     *
     * @param {GameSpec} options
     * @param {Opponent | null} chosen
     * @param {TimeControl | null} [control]  the clocks' time control; none by default
     * @param {Side | null} [linkSide]  between two players, the side this browser's player has
     *   in a game played by link (storage.js); none by default
     */
    const startGame = (options, chosen, control = null, linkSide = null) => {
      search.clear();
      // The new opponent first: the game's change event redraws what names the players (the
      // clocks' "You" and "Computer", the draw offer's box).
      const before = { opponent, linkSide: settings.linkSide };
      opponent = chosen;
      settings.linkSide = chosen ? null : linkSide;
      try {
        // Throws, changing nothing, when the options do not make a game. A record given (a
        // link's game) is played as it is; any other game starts from a record that holds its
        // date, players and clock (start-record.js), written by the rules crate.
        const spec = options.record ? options : { record: startRecord(options, startHeaders({ opponent: chosen, control, day: new Date() })) };
        embed.newGame({ ...spec, ...modeOf(chosen) });
      } catch (error) {
        opponent = before.opponent;
        settings.linkSide = before.linkSide;
        throw error;
      }
      settings.opponent = chosen;
      // The player's side at the bottom against the computer (the board turns itself) and by
      // link; White's for two players at one device, whichever side the last game showed.
      settings.orientation = chosen ? otherSide(chosen.computer) : (settings.linkSide ?? 'white');
      if (!chosen) embed.set({ orientation: settings.orientation });
      persist();
      refresh();
    };
    const dialog = bindNewGameDialog(
      pageElement('new-game-dialog', HTMLDialogElement),
      pageElement('new-game-form', HTMLFormElement),
      pageElement('new-game-error', HTMLElement),
      (options, chosen, choices, control) => {
        startGame(options, chosen, control);
        // Remembered once the game has started (a refused position changes nothing).
        settings.newGame = choices;
        persist();
        // The board takes the focus once the dialog has closed (the browser gives it back to
        // New game…, where a stray Space or Enter opened the dialog again mid-game).
        setTimeout(() => embed.canvas()?.focus({ preventScroll: true }));
      },
      // The computer player is always there in this page (its worker starts when first asked).
      true,
      settings.newGame,
    );
    // The board editor (editor-ui.js) starts from the game's position, or from the analysis
    // board's; its "Play from here…" is the new-game dialog with the position filled in (players,
    // level, clock and rules chosen there), and its "Analyse" the analysis board.
    const editor = onFirstUse(() =>
      import('./editor-ui.js').then((module) => {
        module.configureEditor({
          pieceSet: () => settings.pieceSet,
          theme: () => settings.theme,
          analyse: (position, orientation) => analyse({ position, orientation }),
          play: playFrom,
        });
        return module;
      }),
    );
    /** @param {{ pieces: readonly string[], turn: Side }} from */
    const openEditor = (from) => {
      openWhenLoaded('editor', () => editor().then((module) => () => module.openEditor(from))).catch(couldNotOpen('The board editor'));
    };
    /** The board editor on the board's position. */
    const editBoard = () => {
      const { pieces, turn } = embed.snapshot();
      openEditor({ pieces, turn });
    };
    pageElement('open-editor', HTMLButtonElement).addEventListener('click', guard('the board editor', editBoard));
    /** @param {Partial<NewGameChoices>} change */
    const remember = (change) => {
      settings.newGame = { ...(settings.newGame ?? defaultChoices()), ...change };
      dialog.fill(settings.newGame);
    };
    const resultBanner = setUpResult(embed, status, flaggedWhileAway, {
      // The same start, rules and computer level; against the computer, the colours swapped.
      rematch: () => {
        const { start, rules } = embed.snapshot();
        startGame({ position: start, rules }, opponent && { ...opponent, computer: otherSide(opponent.computer) }, clocks.control());
      },
      newGame: openNewGame,
      record: () => embed.record(),
      player: () => (opponent ? otherSide(opponent.computer) : settings.linkSide),
      byLink: () => settings.linkSide !== null,
      endToSend,
      link: () => gameLinkUrl(embed),
      hints: () => hintWords(embed.snapshot().headers, opponent ? otherSide(opponent.computer) : null),
      played: () => embed.history().length > 0,
    });
    // "Learn from your mistakes" after a review, loaded on first use; its "Analyse" opens the
    // position before the mistake on the analysis board, with the better move after it.
    const mistakes = onFirstUse(() =>
      import('./mistakes-ui.js').then((module) => {
        module.configureMistakes({ pieceSet: () => settings.pieceSet, theme: () => settings.theme, analyse });
        return module;
      }),
    );
    review = createReview({
      box: pageElement('review', HTMLElement),
      button: pageElement('review-game', HTMLButtonElement),
      embed,
      saved: saved.review ?? null,
      persist,
      // Against the computer and by link, the player's mistakes; for two players at one device,
      // both sides'.
      learner: () => (opponent ? [otherSide(opponent.computer)] : settings.linkSide ? [settings.linkSide] : ['white', 'black']),
      learn: (round) => openWhenLoaded('mistakes', () => mistakes().then((module) => () => module.openMistakes(round))).catch(couldNotOpen('Learn from your mistakes')),
      judged: () => refresh(),
      pieceSet: () => settings.pieceSet,
      guard,
    });
    const reviewGame = review;
    resultBanner.offerReview(() => {
      resultBanner.close();
      reviewGame.start();
      // Into the review, not to the card's chip, where closing the card put it (Enter there
      // opened the card again).
      reviewGame.focus();
    });
    // The result's card, over the board, steps aside (to its chip) when the player turns to the
    // board: an earlier position shown (the move list, ◀, a review's judgement), or the review
    // started from the panel.
    const resultAside = () => {
      if (resultBanner.isOpen()) resultBanner.close();
    };
    embed.on('view', ({ ply }) => {
      if (ply !== null) resultAside();
    });
    pageElement('review-game', HTMLButtonElement).addEventListener('click', resultAside);
    // Against the computer, undo and redo take back or replay its answer too.
    undo.addEventListener('click', () => embed.undo());
    redo.addEventListener('click', () => embed.redo());
    // Sounds (the clocks' low-time warning too), shortcuts, the touch and premove settings, and
    // resigning and agreeing a draw after a confirmation; then the typed-move field.
    const playing = wirePlaying({ embed, settings, persist });
    wireTypedMoves({
      embed,
      settings,
      persist,
      computerToMove,
      farToMove,
      toggle: pageElement('type-moves', HTMLInputElement),
      form: pageElement('type-move-form', HTMLFormElement),
      field: pageElement('type-move', HTMLInputElement),
      error: pageElement('type-move-error', HTMLElement),
    });
    pageElement('flip', HTMLButtonElement).addEventListener('click', () => {
      embed.flip();
      clocks.render();
      settings.orientation = embed.view().orientation;
      persist();
    });

    pieceSet.value = settings.pieceSet;
    theme.value = settings.theme;
    const help = pageElement('help', HTMLDetailsElement);
    const updateHelp = setUpHelp(help, pageElement('legend', HTMLElement), pageElement('rules-help', HTMLElement), () => ({ pieceSet: settings.pieceSet, theme: settings.theme }));
    // The lessons are the way in; the full rules stay one click away, from them too.
    configureLessons({
      pieceSet: () => settings.pieceSet,
      theme: () => settings.theme,
      openRules: () => {
        help.open = true;
        help.scrollIntoView({ block: 'start' });
        help.querySelector('summary')?.focus();
      },
    });
    pageElement('open-lessons', HTMLButtonElement).addEventListener('click', guard('the lessons', () => openLessons()));
    // The puzzle trainer, loaded on first use (playing needs none of it); its "Analyse" action
    // opens the puzzle on the analysis board.
    const puzzles = onFirstUse(() =>
      import('./puzzles-ui.js').then((module) => {
        module.configurePuzzles({
          pieceSet: () => settings.pieceSet,
          theme: () => settings.theme,
          // "Analyse" after a puzzle: its start and solution line on the analysis board.
          analyse,
        });
        return module;
      }),
    );
    /** @param {string} [id] */
    const openPuzzles = (id) => openWhenLoaded('puzzles', () => puzzles().then((module) => () => module.openPuzzles(id)));
    /** @param {Partial<import('./puzzles-ui.js').PuzzlesConfig>} options */
    const configurePuzzles = (options) => puzzles().then((module) => module.configurePuzzles(options));
    pageElement('open-puzzles', HTMLButtonElement).addEventListener('click', guard('the puzzles', () => openPuzzles().catch(couldNotOpen('The puzzles'))));
    const openStorm = () => openWhenLoaded('storm', () => puzzles().then((module) => () => module.openPuzzleStorm()));
    const openStormNoticed = () => openStorm().catch(couldNotOpen('The puzzle storm'));
    pageElement('open-storm', HTMLButtonElement).addEventListener('click', guard('a puzzle storm', openStormNoticed));
    // The squares drill, loaded on first use.
    const squares = onFirstUse(() =>
      import('./squares-ui.js').then((module) => {
        module.configureSquares({ pieceSet: () => settings.pieceSet, theme: () => settings.theme });
        return module;
      }),
    );
    const openSquares = () => openWhenLoaded('squares', () => squares().then((module) => () => module.openSquares()));
    const squaresDrill = () => {
      openSquares().catch(couldNotOpen('The squares drill'));
    };
    pageElement('open-squares', HTMLButtonElement).addEventListener('click', guard('the squares drill', squaresDrill));
    // The lessons' menu offers it too, for a learner who does not know the squares yet.
    configureLessons({ openSquares: squaresDrill });
    /** "Learn the rules" (the welcome's third choice): the interactive lessons. */
    const learnTheRules = () => openLessons();
    pieceSet.addEventListener('change', () => {
      settings.pieceSet = pieceSet.value === 'abstract' ? 'abstract' : 'chess';
      embed.set({ pieceSet: settings.pieceSet });
      updateHelp();
      persist();
      // The move list's and the review's figurines are drawn in the set.
      refresh();
      review?.redraw();
      search.redraw();
    });
    theme.addEventListener('change', () => {
      settings.theme = THEME_NAMES.find((name) => name === theme.value) ?? 'green';
      embed.set({ theme: settings.theme });
      updateHelp();
      persist();
    });

    /** @param {string} text */
    const copy = async (text) => {
      answer('', true);
      const ok = await copyText(text, recordText);
      answer(ok ? 'Copied.' : COPY_REFUSED, ok);
    };
    pageElement('copy-position', HTMLButtonElement).addEventListener('click', () => copy(embed.position()));
    pageElement('copy-record', HTMLButtonElement).addEventListener('click', () => copy(embed.record()));
    /** The pasted text as a game. */
    const pasted = () => pastedGame(recordText.value);
    /** Whether the text pasted is the record of the game on the board, as the page writes it
     * (headers, moves and notes): loading it again changes nothing, and asking first whether to
     * replace the game ("This replaces the unfinished game") said what was not so. (The same
     * moves under other players' names are another game: they name its opponent.) */
    const sameGame = () => {
      try {
        const spec = pasted();
        return 'record' in spec && withRecord(spec.record, (game) => game.snapshot().record) === embed.record();
      } catch {
        return false;
      }
    };
    wireRecordFiles({
      record: () => embed.record(),
      save: pageElement('save-record', HTMLButtonElement),
      open: pageElement('open-record', HTMLButtonElement),
      input: pageElement('record-file', HTMLInputElement),
      field: recordText,
      answer,
    });
    /**
     * What the game leaves out of a pasted record and the analysis board shows: how many
     * variations it holds (its side lines), whether it has a comment on the game, and how many
     * moves have notes (comments, marks); none when it holds too many.
     *
     * @param {GameSpec} spec
     * @returns {{ variations: number, comment: boolean, notes: number }}
     */
    const leftToAnalysis = (spec) => {
      try {
        if (!spec.record) return { variations: 0, comment: false, notes: 0 };
        const notes = recordNotes(spec.record);
        const onMoves = notes.filter((note) => note.ply !== GAME_COMMENT).length;
        return { variations: recordSideLines(spec.record).length, comment: onMoves < notes.length, notes: onMoves };
      } catch {
        return { variations: 0, comment: false, notes: 0 };
      }
    };
    // Over a game under way it asks first, as Your games' Review does: the game would be lost
    // (it is not finished, so not kept in Your games), and Undo cannot bring it back.
    askFirst(embed, 'load-record', () => {
      try {
        const spec = pasted();
        // Its opponent is the one its headers name, as the page writes them ("Computer, level 3
        // — Casual" and "Player"): a takeback plays on against that computer, and its review
        // judges the person's side. Any other record is a game of two players, whatever the
        // last game was.
        const chosen = 'record' in spec ? opponentOfHeaders(withRecord(spec.record, (game) => game.snapshot().headers)) : null;
        startGame(spec, chosen);
        // The game is the main line: the variations and notes are not lost, the analysis board
        // has them.
        const { variations, comment, notes } = leftToAnalysis(spec);
        const parts = [
          ...(variations ? [`its ${variations} ${variations === 1 ? 'variation' : 'variations'}`] : []),
          ...(comment ? ['its comment on the game'] : []),
          ...(notes ? [`notes on ${notes} ${notes === 1 ? 'move' : 'moves'}`] : []),
        ];
        const what = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
        const loaded = variations ? 'Loaded its main line.' : 'Loaded.';
        answer(what ? `${loaded} Analyse, beside Load record, opens the record with ${what}.` : loaded, true);
      } catch (error) {
        answer(errorText(error), false);
      }
    }, () => gameUnderWay() && recordText.value.trim() !== '' && !sameGame());
    // The analysis board: on the position shown (the game is never changed), or on the pasted text.
    configureAnalysis({
      pieceSet: () => settings.pieceSet,
      theme: () => settings.theme,
      edit: (from) => openEditor(from),
      play: playFrom,
      engine: {
        get: () => ({ on: settings.analysisEngine, lines: settings.analysisLines }),
        set: ({ on, lines }) => {
          settings.analysisEngine = on;
          settings.analysisLines = lines;
          persist();
        },
      },
    });
    pageElement('analyse', HTMLButtonElement).addEventListener(
      'click',
      guard('the analysis board', () => {
        const shown = embed.shownPly();
        // Reviewed: with the review's marks and better moves, as lichess's analysis shows them.
        analyse({ record: review?.annotated() ?? embed.record(), ply: shown === null ? undefined : shown + 1, orientation: embed.view().orientation });
      }),
    );
    pageElement('analyse-text', HTMLButtonElement).addEventListener(
      'click',
      guard('the analysis board', () => {
        answer('', true);
        Promise.resolve()
          .then(() => openAnalysis(pasted()))
          .catch((error) => {
            if (!isAbort(error)) answer(errorText(error), false);
          });
      }),
    );

    wireSharing({
      embed,
      look: () => ({ orientation: settings.orientation, pieceSet: settings.pieceSet, theme: settings.theme }),
      // A game from a link, continued here by correspondence: two players on this board, seen
      // from the side to move (the player's); the game it replaces is kept aside first when asked.
      // With `acceptDraw`, the player accepts the draw the link offers: the game ends drawn.
      play: ({ record, turn: side }, keepAside, acceptDraw) => {
        const kept = keepAside ? keepStoredAside() : { key: null };
        if ('error' in kept) return `Your game could not be kept aside (${kept.error}), so it stays on the board.`;
        try {
          startGame({ record }, null, null, side);
        } catch (error) {
          return errorText(error);
        }
        if (acceptDraw) embed.agreeDraw();
        persist();
        const aside = kept.key ? ` Your previous game was kept: Your games lists it under “Set aside”.` : '';
        // The draw accepted: its result card says what to do next, and the notice only where the
        // game before went.
        if (acceptDraw) {
          if (aside) showBoardNotice(notice, aside.trim(), embed, 'game');
        } else showBoardNotice(notice, `A game from a link: you play ${sideName(side)}. Make your move, then “Copy link” and send the new link back.${aside}`, embed, 'position');
        return null;
      },
      // A game that ended by play here is in Your games already (keepFinishedGames).
      kept: () => embed.result() !== null && settings.finishedId !== undefined,
      // "Analyse" in the link's dialog: the linked game on the analysis board (the page's own
      // game is not touched).
      analyse: (game) => {
        analyse(game);
      },
      notify: (text) => showBoardNotice(notice, text, embed, 'game'),
      clear: () => {
        closeViews();
        closeAnalysis();
      },
      // A game from a link on the board: the result banner, if it ended, else the board, where
      // the next move is made.
      continued: () => (resultBanner.isOpen() ? resultBanner.focus() : embed.canvas()?.focus()),
      twoPlayers: () => opponent === null,
      linkSide: () => settings.linkSide,
      claimSide: (side) => {
        settings.linkSide = side;
        clocks.update();
        persist();
        refresh();
      },
      offerDraw: pageElement('offer-draw', HTMLInputElement),
      offerWords: pageElement('offer-draw-words', HTMLElement),
      copyLink: pageElement('copy-link', HTMLButtonElement),
      sendLink: pageElement('send-link', HTMLButtonElement),
      boardImage: pageElement('board-image', HTMLButtonElement),
      gameGif: pageElement('game-gif', HTMLButtonElement),
      answer: pageElement('share-answer', HTMLElement),
      field: pageElement('share-text', HTMLTextAreaElement),
    });

    // Another tab of this browser saved the game: follow it there rather than play on an old
    // copy (the next save would otherwise overwrite that tab's moves).
    onOtherTab((saved, mine) => {
      if (saved.record === null) return false;
      // Another tab has a game: this is no first visit any more.
      welcome?.close();
      if (saved.record === embed.record()) return true;
      try {
        search.clear();
        // The game parted from this one after moves in common: both tabs moved at once. This
        // tab's game is set aside (the other tab's save did so if it saw it in time: not twice),
        // and the notice says where it went.
        const theirs = withRecord(saved.record, (game) => game.snapshot());
        const kept = forked(embed.snapshot(), theirs) && mine !== null && keepOwnAside(mine);
        opponent = saved.settings.opponent;
        settings.opponent = opponent;
        settings.linkSide = saved.settings.linkSide;
        const { record } = saved;
        // The computer's move is left to the tab it was asked in, which searches it: two
        // searches of one move would fork the game. In the background, this tab leaves every
        // move of the computer to the tab in sight, and takes it up when shown (below).
        const theirTurn = opponent !== null && theirs.status.kind === 'ongoing' && theirs.turn === opponent.computer;
        embed.newGame({ record, ...(opponent && (document.hidden || theirTurn) ? leftElsewhere(opponent) : modeOf(opponent)) });
        // (The board's change came before its new mode: the status line again, with it.)
        refresh();
        if (theirTurn) computerHere();
        showNotice(
          notice,
          kept
            ? 'This game was changed in another tab at the same time: this tab shows that game now, and the game it had was kept (Your games lists it under “Set aside”).'
            : 'This game was continued in another tab: it now shows the latest position there.',
        );
        return true;
      } catch (error) {
        showNotice(notice, `Another tab saved a game this tab could not open (${errorText(error)}); this tab's game goes on, and the other one will be kept aside when this tab saves.`);
        return false;
      }
    });

    // Shown again after following another tab's game in the background: the computer plays here
    // again, once no other tab searches for its move (and answers at once if its move is still to
    // come). Opened while another tab searched: the same, once it is done.
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden && opponent !== null && embed.view().mode !== 'ai') computerHere();
    });
    if (opponent !== null && embed.view().mode !== 'ai') computerHere();

    /**
     * Starts what the welcome's visitor chose (once the board is ready: it may have been chosen
     * while the wasm loaded).
     *
     * @param {WelcomeChoice} choice
     */
    const welcomed = (choice) => {
      if (choice.kind === 'computer') {
        remember({ mode: 'ai', side: choice.side, level: choice.level, time: choice.time });
        startGame({}, { computer: otherSide(playerSide(choice.side)), level: choice.level }, choice.time === 'none' ? null : parseControl(choice.time));
      } else if (choice.kind === 'friend') {
        remember({ mode: 'two' });
        persist();
      } else persist();
      if (choice.kind === 'learn') learnTheRules();
      else if (choice.kind === 'puzzles') openPuzzles().catch(couldNotOpen('The puzzles'));
      else if (choice.kind !== 'dismissed') canvas?.focus();
      // For tests and the curious: what the welcome led to, once it is in place.
      document.body.dataset.welcomed = choice.kind;
    };

    refresh();
    // A first visit is saved once the welcome has closed (a reload before that welcomes again).
    if (welcome) welcome.choice.then(welcomed);
    else persist();
    // The page's API, for tests and the curious: the board, its embed handle and its computer
    // player (its worker starts when first asked for a move), the result banner and the lessons.
    Object.assign(window, { ultima: { board: embed, embed, defaultSettings, ai: embed.ai(), resultBanner, openLessons, openAnalysis, review, openPuzzles, openStorm, configurePuzzles, openSquares } });
    // The views (Your games, the trainers, the editor, the new game) open again as the analysis
    // view does (below): a reload on their history entry, Forward onto it. A storm opens ready, its clock
    // starting with its first move; the editor on the board's position (its work on the same
    // position comes back); "Learn from your mistakes" at its first mistake, on the review kept
    // with the game (not when the game has changed since: an opener answers false). A view
    // closed with the focus nowhere to go back to gives it to the board.
    /** @type {Map<string, () => unknown>} each view's opener, by its dialog's id */
    const viewOpeners = new Map([
      ['games', openGamesNoticed],
      ['puzzles', () => openPuzzles().catch(couldNotOpen('The puzzles'))],
      ['storm', openStormNoticed],
      ['lessons', () => openLessons().catch(couldNotOpen('The lessons'))],
      ['squares', squaresDrill],
      ['editor', editBoard],
      ['new-game-dialog', openNewGame],
      ['mistakes', () => reviewGame.learn()],
    ]);
    // A reload with the analysis view open opens it again, on what it analysed (a linked
    // analysis, a pasted record, a puzzle…), else on the saved game (an analysis's link
    // opens its own: share.js).
    const reopenAnalysis = () => {
      if (!analysisAsked() || analysisShown() || linked()) return;
      const request = analysedBefore() ?? { record: embed.record() };
      // Opened from a view, it goes back there still (its opener, as Forward onto its entry uses).
      const to = backBefore();
      const go = to && viewOpeners.get(to.view);
      analyse(to && go ? { ...request, back: { ...to, go } } : request);
    };
    // One way in at a time: a link's game or analysis (share.js opens it) wins over a view to
    // reopen and over a puzzle's or a storm's address, which leave the address unopened: one
    // dialog, not three stacked.
    if (linkedAtLoad) {
      for (const param of [ANALYSIS_PARAM, PUZZLE_PARAM, STORM_PARAM]) history.replaceState(history.state, '', withoutParam(location.href, param));
    }
    reopenAnalysis();
    // So does the browser's Forward onto the entry of a view that Back closed, as a reload there
    // would (analysis-page.js's own listener, registered first, has done the rest).
    onHistoryStep(reopenAnalysis);
    reopenViews(
      (id) => {
        const open = viewOpeners.get(id);
        return open !== undefined && open() !== false;
      },
      () => embed.canvas()?.focus(),
    );
    if (askedPuzzle === null && !askedStorm && !linkedAtLoad && !welcome) arriveAtView();
    else leaveView();
    // A puzzle's link (`?puzzle=<id>`) opens the trainer at it; the address then loses the
    // parameter, as it loses a game link once handled, so a reload shows the game.
    if (askedPuzzle !== null && !linkedAtLoad) {
      history.replaceState(history.state, '', withoutParam(location.href, PUZZLE_PARAM));
      openPuzzles(askedPuzzle || undefined).catch(couldNotOpen('The puzzle'));
    }
    // And a storm's (`?storm`).
    if (askedStorm && !linkedAtLoad) {
      history.replaceState(history.state, '', withoutParam(location.href, STORM_PARAM));
      openStormNoticed();
    }
    document.body.dataset.ready = 'true';
    // The board takes moves from here on: the load figure the e2e suite measures.
    performance.mark('ultima:playable');
    // A new release waits until it is asked in (sw.js): the page offers it, and says so when
    // another tab took it in, since this page then runs the release before.
    // And where the saving of the site on this device stands: a traveller could not tell whether
    // the page would open on the plane.
    const offlineState = pageElement('offline-state', HTMLElement);
    registerServiceWorker({
      ready: (takeOver) => offerReload('A new version of Ultima is ready.', takeOver),
      elsewhere: () => offerReload('Ultima was updated in another tab: reload this one to go on.'),
      saving: (state) => {
        offlineState.dataset.state = state;
        offlineState.textContent = OFFLINE_WORDS[state];
      },
    });
  } catch (error) {
    loaded(false);
    welcome?.close();
    status.textContent = `The game could not start: ${errorText(error)}`;
    throw error;
  }
}

/**
 * The result banner of the page's board: opened when the game ends, cleared when it goes on
 * again (undo, a new game); a finished game resumed on load shows the chip only.
 *
 * @param {EmbedHandle} board
 * @param {HTMLElement} status  the status line, which the chip follows
 * @param {boolean} endedOnLoad  the game ended as the page opened (a clock that ran out while it
 *   was closed): the banner opens, as it would have had the page been open
 * @param {import('./result.js').ResultActions} actions
 */
function setUpResult(board, status, endedOnLoad, actions) {
  const banner = createResultBanner(pageElement('board-host', HTMLElement), status, actions);
  board.on('gameover', () => {
    const result = board.result();
    if (result) banner.finished(result);
  });
  board.on('change', () => {
    if (board.result() === null) banner.clear();
  });
  const result = board.result();
  if (result) banner.finished(result, endedOnLoad);
  return banner;
}

/** A day in the player's words, for a notice: "Nov 3, 2026". */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * "Your games" (games.js): keeps each game that ends by play on the page's board — a move, a
 * resignation, an agreed draw or a flag — and not a game that arrives finished (a loaded
 * record, a link, another tab's game; the tab that played it keeps it). A game ended again
 * after a takeback replaces its entry: its id there is saved with the game
 * (`settings.finishedId`), and dropped when another game is put on the board, however it came
 * (the board's `change` event says so), so that this one ending never replaces that entry.
 * Call it before anything else listens to the board's changes: they may save the settings.
 *
 * @param {EmbedHandle} board
 * @param {Settings} settings  the page's, saved with the game by `persist`
 * @param {() => void} persist
 * @param {() => Opponent | null} opponent  the computer player of the moment
 * @param {(text: string) => void} notify
 */
function keepFinishedGames(board, settings, persist, opponent, notify) {
  // Whether the game was put on the board finished (its end is not by play), until a takeback
  // reopens it: the board tells of each change before the end it brings.
  let arrivedOver = false;
  /** Whether this visit said that a game made way for a newer one (`droppedWords`). */
  let toldDropped = false;
  board.on('change', ({ snapshot, newGame }) => {
    const over = snapshot.status.kind !== 'ongoing';
    if (newGame) {
      delete settings.finishedId;
      arrivedOver = over;
    } else if (!over) arrivedOver = false;
  });
  board.on('gameover', () => {
    const status = board.result();
    if (arrivedOver || !status || status.result === '*') return;
    settings.finishedId ??= newGameId();
    persist();
    const game = {
      id: settings.finishedId,
      ended: Date.now(),
      record: board.record(),
      result: status.result,
      kind: status.kind,
      winner: status.winner,
      opponent: opponent(),
      link: settings.linkSide,
      plies: board.history().length,
      control: headersControl(board.snapshot().headers),
    };
    const before = loadGames(pageStorage());
    const after = withGame(before, game);
    const problem = saveGames(pageStorage(), after);
    if (problem) {
      notify(`This game could not be kept in “Your games”: ${problem}.`);
      return;
    }
    askToKeepStorage();
    // Once a visit: every game after the fiftieth pushes one out.
    const dropped = toldDropped ? null : droppedWords(before, after, (ms) => DAY.format(ms));
    if (dropped) {
      toldDropped = true;
      notify(dropped);
    }
  });
}

/**
 * A module loaded on first use and configured then (by `load`), kept for later uses; a load
 * that failed (offline, say) is tried again on the next use.
 *
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
function onFirstUse(load) {
  /** @type {Promise<T> | null} */
  let loading = null;
  return () =>
    (loading ??= load().catch((error) => {
      loading = null;
      throw error;
    }));
}

/**
 * The pieces of the game's position after its ply `ply` (-1: the start): the snapshot's own at
 * its last ply, else those of that ply's position string, read by a game of its own.
 *
 * @param {Snapshot} snapshot  the game as it stands
 * @param {number} ply
 * @returns {string[]}
 */
function piecesAfter(snapshot, ply) {
  if (ply === snapshot.plies.length - 1) return snapshot.pieces;
  return withPosition(snapshot.plies[ply]?.position ?? snapshot.start, (game) => game.snapshot().pieces);
}

/**
 * Offers the suicide of a selected frozen piece behind a confirmation, so it never happens by
 * accident: "Remove frozen piece…", then "Remove it" or "Keep it".
 *
 * @param {EmbedHandle} board
 */
function setUpSuicide(board) {
  const box = pageElement('suicide', HTMLElement);
  const ask = pageElement('suicide-ask', HTMLButtonElement);
  const confirm = pageElement('suicide-confirm', HTMLElement);
  const question = pageElement('suicide-question', HTMLElement);
  /** @type {string | null} */
  let pending = null;
  const hide = () => {
    box.hidden = true;
    confirm.hidden = true;
    ask.hidden = false;
    pending = null;
  };
  board.on('select', ({ square, moves }) => {
    const suicide = moves.find((m) => m.suicide);
    if (!suicide || !square) return hide();
    pending = suicide.text;
    box.hidden = false;
    confirm.hidden = true;
    ask.hidden = false;
    ask.textContent = `Remove frozen piece on ${square}…`;
    question.textContent = `Remove your frozen piece on ${square}?`;
  });
  ask.addEventListener('click', () => {
    ask.hidden = true;
    confirm.hidden = false;
  });
  pageElement('suicide-yes', HTMLButtonElement).addEventListener('click', () => {
    const text = pending;
    hide();
    if (text) board.play(text);
  });
  pageElement('suicide-no', HTMLButtonElement).addEventListener('click', () => {
    hide();
    board.deselect();
  });
}
