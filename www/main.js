// The game page: one board from `mount`, plus what a player needs around it — status, move list,
// undo/redo, resign, flip, new game, copy and paste of positions and records, piece set and theme,
// rules help — and the game saved in localStorage so a reload resumes it. Against the computer,
// the page asks the AI (a Web Worker, ai.js) for a move whenever it is the computer's turn.

import { mount, resultText } from './board.js';
import { createAi } from './ai.js';
import { setUpHelp } from './help.js';
import { bindNewGameDialog } from './newgame.js';
import { defaultSettings, load, save } from './storage.js';
import { make } from './util.js';
import { loadWasm } from './wasm.js';
import { registerServiceWorker } from './offline.js';

/** @import { BoardHandle } from './board.js' */
/** @import { Opponent, Settings } from './storage.js' */
/** @import { Side } from '../ultima-wasm.js' */

/** @param {Side} side */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return found;
}

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

/**
 * Mounts the board from the saved game, or a new one when there is none or it does not load.
 *
 * @param {HTMLElement} host
 * @param {HTMLElement} notice
 * @returns {{ board: BoardHandle, settings: Settings }}
 */
function restore(host, notice) {
  const saved = load();
  /** @param {string} text */
  const warn = (text) => {
    notice.textContent = text;
    notice.hidden = false;
  };
  if (saved.problem) warn(saved.problem);
  const view = { ...saved.settings };
  if (saved.record) {
    try {
      return { board: mount(host, { ...view, record: saved.record }), settings: saved.settings };
    } catch (error) {
      warn(`The saved game could not be resumed (${message(error)}), so a new game was started.`);
    }
  }
  return { board: mount(host, view), settings: saved.settings };
}

async function main() {
  const status = element('status', HTMLElement);
  try {
    await loadWasm();
    const notice = element('notice', HTMLElement);
    const { board, settings } = restore(element('board-host', HTMLElement), notice);
    board.canvas.id = 'board';
    const ai = createAi();
    /** @type {Opponent | null} the computer player, or null for two players */
    let opponent = settings.opponent;
    /** The number of the current search; 0 when the computer is not thinking. */
    let searching = 0;
    let searches = 0;
    /** What the search reported last, for the status line, e.g. "depth 4, +0.25". */
    let progress = '';
    /** True while several changes make one (undo of two moves): no search in between. */
    let quiet = false;

    const moves = element('moves', HTMLOListElement);
    const undo = element('undo', HTMLButtonElement);
    const redo = element('redo', HTMLButtonElement);
    const resign = element('resign', HTMLButtonElement);
    const pieceSet = element('piece-set', HTMLSelectElement);
    const theme = element('theme', HTMLSelectElement);
    const recordText = element('record-text', HTMLTextAreaElement);
    const recordError = element('record-error', HTMLElement);

    const persist = () => save(board.record(), { ...settings });

    /** Status line, move list and button states, from the board. */
    const refresh = () => {
      const result = board.result();
      const side = board.turn() === 'white' ? 'White' : 'Black';
      const check = board.isCheck();
      const plies = board.history();
      const shown = board.shownPly();
      status.textContent =
        shown !== null
          ? `Viewing ${shown < 0 ? 'the start' : `move ${shown + 1} of ${plies.length}`}`
          : result
            ? resultText(result)
            : `${side} to move${check ? ' — check' : ''}${searching ? ` — thinking…${progress ? ` (${progress})` : ''}` : ''}`;
      moves.replaceChildren(
        ...plies.map((ply, i) => {
          const button = make('button', { type: 'button', 'data-move': ply.text, title: ply.text }, ply.display);
          button.addEventListener('click', () => board.showPly(i));
          const item = make('li', {}, undefined);
          item.append(button);
          if (i % 2 === 0) item.dataset.number = `${i / 2 + 1}.`;
          if (i === (shown ?? plies.length - 1)) button.setAttribute('aria-current', 'step');
          return item;
        }),
      );
      moves.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest' });
      const last = plies.length - 1;
      viewPrev.disabled = (shown ?? last) < 0;
      viewNext.disabled = shown === null;
      viewLive.disabled = shown === null;
      undo.disabled = plies.length === 0 && !result;
      redo.disabled = board.redoLength() === 0;
      resign.disabled = result !== null || computerToMove();
    };

    /** The computer plays the side to move of a game still going on. */
    const computerToMove = () => opponent !== null && board.result() === null && board.turn() === opponent.computer;

    /** Abandons the computer's search, if one runs. */
    const stopThinking = () => {
      if (!searching) return;
      searching = 0;
      ai.stop();
    };

    /** Asks the computer for its move when it is its turn, then plays it. */
    const think = () => {
      if (quiet || searching || !opponent || !computerToMove()) return;
      const id = ++searches;
      searching = id;
      progress = '';
      const record = board.record();
      ai.think(record, opponent.level, (p) => {
        if (searching !== id) return;
        progress = `depth ${p.depth}, ${p.score}`;
        refresh();
      }).then(
        (move) => {
          if (searching !== id) return;
          searching = 0;
          if (board.record() !== record) return refresh();
          board.play(move);
        },
        (error) => {
          if (searching !== id) return;
          searching = 0;
          notice.textContent = `The computer could not move: ${message(error)}`;
          notice.hidden = false;
          refresh();
        },
      );
      refresh();
    };

    /** Who may move pieces by hand: the player against the computer, anyone otherwise. */
    const applyOpponent = () => board.set({ movable: opponent ? other(opponent.computer) : 'both' });
    applyOpponent();

    const viewPrev = element('view-prev', HTMLButtonElement);
    const viewNext = element('view-next', HTMLButtonElement);
    const viewLive = element('view-live', HTMLButtonElement);
    viewPrev.addEventListener('click', () => board.showPly((board.shownPly() ?? board.history().length - 1) - 1));
    viewNext.addEventListener('click', () => {
      const shown = board.shownPly();
      if (shown !== null) board.showPly(shown + 1);
    });
    viewLive.addEventListener('click', () => board.showPly(null));
    board.on('view', refresh);
    board.on('change', () => {
      // Any change but the computer's own move (undo, redo, a new game, a loaded record)
      // makes its search pointless.
      stopThinking();
      refresh();
      persist();
      think();
    });
    setUpSuicide(board);

    element('new-game', HTMLButtonElement).addEventListener('click', () => {
      element('new-game-dialog', HTMLDialogElement).showModal();
    });
    bindNewGameDialog(
      element('new-game-dialog', HTMLDialogElement),
      element('new-game-form', HTMLFormElement),
      element('new-game-error', HTMLElement),
      (options, chosen) => {
        stopThinking();
        const previous = opponent;
        opponent = chosen;
        settings.opponent = chosen;
        try {
          quiet = true;
          board.newGame(options);
        } catch (error) {
          opponent = previous;
          settings.opponent = previous;
          throw error;
        } finally {
          quiet = false;
        }
        applyOpponent();
        if (chosen) {
          board.set({ orientation: other(chosen.computer) });
          settings.orientation = other(chosen.computer);
        }
        persist();
        refresh();
        think();
      },
      ai.available,
    );
    undo.addEventListener('click', () => {
      stopThinking();
      quiet = true;
      try {
        board.undo();
        // Against the computer, take back its answer too, so it is the player's turn again.
        if (computerToMove() && board.history().length > 0) board.undo();
      } finally {
        quiet = false;
      }
      refresh();
      think();
    });
    redo.addEventListener('click', () => {
      stopThinking();
      quiet = true;
      try {
        board.redo();
        // Against the computer, replay its answer too, if it was taken back.
        if (computerToMove() && board.redoLength() > 0) board.redo();
      } finally {
        quiet = false;
      }
      refresh();
      think();
    });
    resign.addEventListener('click', () => board.resign());
    element('flip', HTMLButtonElement).addEventListener('click', () => {
      board.flip();
      settings.orientation = board.view().orientation ?? 'white';
      persist();
    });

    pieceSet.value = settings.pieceSet;
    theme.value = settings.theme;
    const updateHelp = setUpHelp(
      element('help', HTMLDetailsElement),
      element('legend', HTMLElement),
      element('rules-help', HTMLElement),
      () => settings.pieceSet,
    );
    pieceSet.addEventListener('change', () => {
      settings.pieceSet = pieceSet.value === 'abstract' ? 'abstract' : 'chess';
      board.set({ pieceSet: settings.pieceSet });
      updateHelp(settings.pieceSet);
      persist();
    });
    theme.addEventListener('change', () => {
      settings.theme = theme.value === 'neutral' ? 'neutral' : 'green';
      board.set({ theme: settings.theme });
      persist();
    });

    /** @param {string} text */
    const copy = async (text) => {
      recordText.value = text;
      recordError.textContent = '';
      try {
        await navigator.clipboard.writeText(text);
        recordError.textContent = 'Copied.';
      } catch {
        recordText.select();
        recordError.textContent = 'Copy the selected text (the browser refused the clipboard).';
      }
    };
    element('copy-position', HTMLButtonElement).addEventListener('click', () => copy(board.position()));
    element('copy-record', HTMLButtonElement).addEventListener('click', () => copy(board.record()));
    element('load-record', HTMLButtonElement).addEventListener('click', () => {
      const text = recordText.value.trim();
      try {
        // A position string is one line with no move numbers; anything else is a record.
        const isPosition = !text.includes('\n') && !text.includes('[') && text.includes('/');
        board.newGame(isPosition ? { position: text } : { record: text });
        recordError.textContent = 'Loaded.';
      } catch (error) {
        recordError.textContent = message(error);
      }
    });

    refresh();
    persist();
    // The page's API, for tests and the curious: the board handle.
    Object.assign(window, { ultima: { board, defaultSettings, ai } });
    document.body.dataset.ready = 'true';
    registerServiceWorker();
    // A game against the computer resumed on its turn.
    think();
  } catch (error) {
    status.textContent = `The game could not start: ${message(error)}`;
    throw error;
  }
}

/**
 * Offers the suicide of a selected frozen piece behind a confirmation, so it never happens by
 * accident: "Remove frozen piece…", then "Remove it" or "Keep it".
 *
 * @param {BoardHandle} board
 */
function setUpSuicide(board) {
  const box = element('suicide', HTMLElement);
  const ask = element('suicide-ask', HTMLButtonElement);
  const confirm = element('suicide-confirm', HTMLElement);
  const question = element('suicide-question', HTMLElement);
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
  element('suicide-yes', HTMLButtonElement).addEventListener('click', () => {
    const text = pending;
    hide();
    if (text) board.play(text);
  });
  element('suicide-no', HTMLButtonElement).addEventListener('click', () => {
    hide();
    board.deselect();
  });
}

main();
