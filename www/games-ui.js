// "Your games" on the page: a dialog listing the games finished here (games.js keeps them),
// the newest first, each with a picture of its final position (thumbnail.js), in words and with
// its actions: Analyse (the game on the analysis board), Review (the game on the page's board,
// its review started; after a question when it replaces a game in progress), Game GIF (the game animated,
// game-gif.js, seen from the player's side), Copy record, and Remove (after a confirmation in
// its row); above them the score against the computer, below them Download all (every record in
// one text file). The list is read again each time the dialog opens, so a game another tab
// finished is there too. Under it, "Set aside": what the page put aside rather than lose
// (set-aside.js), each with Resume (an unfinished game back on the board, the game under way set
// aside in its turn), Analyse, Copy record (the stored data as it is, when this page cannot use
// it) and Remove.
//
// `openGames()` opens it from anywhere; the page says how to analyse, review and resume a game
// and how its boards look with `configureGames({ analyse, review, resume, inProgress, look })`.
// The dialog is built the first time it opens.

import { COPY_REFUSED, copyText } from './clipboard.js';
import { GAME_FILTERS, MAX_GAMES, gameWords, gamesFile, loadGames, outcome, playerOf, saveGames, shownUnder, tallyWords, withGameBack, withoutGame } from './games.js';
import { wireGameGif } from './share.js';
import { removeSetAside, setAsideEntries, setAsideWords } from './set-aside.js';
import { movesWords, statusText } from './notation.js';
import { drawWhenSeen, recordThumbnail } from './thumbnail.js';
import { askInPlace, questionInPlace, errorClause, errorText, make, pageStorage, saveFile } from './util.js';
import { withGame } from './wasm.js';
import { showView } from './view-history.js';

/** @import { FinishedGame, GameFilter } from './games.js' */
/** @import { SetAside } from './set-aside.js' */
/** @import { Side } from '../ultima-wasm.js' */
/** @import { PieceSet, Theme } from './state.js' */
/** @import { Back } from './analysis-page.js' */
/** @import { Opponent } from './storage.js' */

/**
 * @typedef {object} GamesConfig
 * @property {((game: { record: string, orientation: Side, back: Back }) => void) | null} analyse
 *   opens a record on the analysis board (the dialog is closed first), whose closing comes back
 *   to the list (`back`); none: no "Analyse" buttons
 * @property {((game: { record: string, opponent: Opponent | null, link: Side | null }) => void) | null} review
 *   puts a game on the page's board, with its opponent or its player's side by link, and starts
 *   its review (the dialog is closed
 *   after); throws, changing nothing, when the record makes no game; none: no "Review" buttons
 * @property {((game: { record: string, opponent: Opponent | null, linkSide: Side | null, orientation: Side }) => string | null) | null} resume
 *   puts a set-aside unfinished game back on the page's board with its opponent or its player's
 *   side by link (the dialog is
 *   closed first), setting the game under way aside first; answers why it could not, changing
 *   nothing, or null when it did; none: no "Resume" buttons
 * @property {() => boolean} inProgress  whether the page's board has a game under way, which
 *   Review would replace (it asks first then)
 * @property {() => { pieceSet: PieceSet, theme: Theme }} look  the page's piece set and board
 *   colours, for the GIFs
 */

/** @type {GamesConfig} */
let config = { analyse: null, review: null, resume: null, inProgress: () => false, look: () => ({ pieceSet: 'chess', theme: 'green' }) };

/**
 * Tells the list how to analyse a game and how its pictures and GIFs look.
 *
 * @param {Partial<GamesConfig>} options
 */
export function configureGames(options) {
  config = { ...config, ...options };
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/** Opens the list of finished games. */
export function openGames() {
  ui ??= build();
  ui.open();
}

/** A date and time as this browser's language writes them, e.g. "29 Nov 2026, 14:30". */
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function build() {
  const dialog = make('dialog', { id: 'games', class: 'games', 'aria-labelledby': 'games-title' });
  const close = make('button', { type: 'button', class: 'games-close trainer-close', 'aria-label': 'Close your games' }, '×');
  const head = make('header', { class: 'games-head trainer-head' });
  head.append(make('h2', { id: 'games-title' }, 'Your games'), close);
  const about = make('p', { class: 'games-about' }, `The last ${MAX_GAMES} games finished on this page, kept in this browser only.`);
  const empty = make('p', { class: 'games-empty' }, 'No finished game yet. Each game you finish here, against the computer or a friend, is kept in this list.');
  const tally = make('p', { class: 'games-tally' });
  const list = make('ol', { class: 'games-list', 'aria-label': 'Finished games, the newest first' });
  const download = make('button', { type: 'button', class: 'games-download', title: 'Save every record in this list as one text file, the oldest first' }, 'Download all');
  const footer = make('div', { class: 'buttons games-footer' });
  footer.append(download);
  const answer = make('p', { class: 'games-answer', role: 'status' });
  // A game removed can be put back, until the list is left or something else is done in it.
  const undo = make('button', { type: 'button', class: 'games-undo' }, 'Undo');
  undo.hidden = true;
  // Which games the list shows: all, or by their end for the player, or by who played them.
  const filter = make('select', { class: 'games-filter-choice' });
  filter.append(...Object.entries(GAME_FILTERS).map(([value, words]) => make('option', { value }, words)));
  const filterLabel = make('label', { class: 'games-filter' });
  filterLabel.append('Show ', filter);
  const none = make('p', { class: 'games-empty games-none' }, 'No game of this list is of that kind: choose “All games” to see them all.');
  const field = make('textarea', { class: 'games-text', rows: '4', readonly: '', 'aria-label': 'The game record' });
  field.hidden = true;
  const aside = make('section', { class: 'games-aside', 'aria-labelledby': 'games-aside-title' });
  const asideList = make('ol', { class: 'games-list games-aside-list', 'aria-label': 'Set aside, the newest first' });
  // Set aside's own answer line, under its rows: a live region that stays in place (one moved
  // with its words in may not be read out).
  const asideAnswer = make('p', { class: 'games-answer', role: 'status' });
  aside.append(
    make('h3', { id: 'games-aside-title' }, 'Set aside'),
    make('p', { class: 'games-about' }, 'Kept rather than lost: a game replaced by one from a link, a game changed in another tab at the same time, saved data this version of the page could not use.'),
    asideList,
    asideAnswer,
  );
  // What an action in the list said, and Undo after a removal, held at the dialog's foot while
  // the list scrolls (style.css): under a list of 50 they were 7,000 px below the row removed.
  const said = make('div', { class: 'games-said' });
  said.append(answer, undo);
  dialog.append(head, about, tally, empty, filterLabel, none, list, footer, said, field, aside);
  document.body.append(dialog);
  close.addEventListener('click', () => dialog.close());

  /** @type {FinishedGame[]} */
  let games = [];

  /**
   * Says what an action did under the list of its row (the finished games' or Set aside's, while
   * it shows), near the button pressed; the other list's answer is cleared. The record, when the
   * clipboard is refused, goes there too.
   *
   * @param {string} text
   * @param {HTMLElement} [near]  the list the action's row is in: the finished games' unless told
   */
  const say = (text, near = list) => {
    undo.hidden = true;
    const there = near === asideList && !aside.hidden ? asideAnswer : answer;
    (there === answer ? asideAnswer : answer).textContent = '';
    there.after(field);
    there.textContent = text;
  };

  download.addEventListener('click', () => {
    const day = new Date().toISOString().slice(0, 10);
    saveFile(new Blob([gamesFile(games)], { type: 'text/plain' }), `ultima-games-${day}.txt`);
    say(`${games.length} ${games.length === 1 ? 'game' : 'games'} saved as a text file.`);
  });

  /**
   * Removes a row's game and draws the lists again; the focus goes on from the row's place (to
   * the row after it, else the one before), not back to the top of a long list.
   *
   * @param {HTMLElement} from  the list the row is in
   * @param {() => string | null} removal  removes it from storage, answering why it could not
   * @param {string} what  e.g. "The game"
   */
  const removeRow = (from, removal, what) => {
    const rows = () => [...from.querySelectorAll('.games-item')];
    const at = rows().findIndex((row) => row.contains(document.activeElement));
    const problem = removal();
    // Drawn first: Set aside's last row removed, it hides, and the answer goes under the games.
    render();
    say(problem ? `${what} could not be removed: ${problem}.` : `${what} was removed from the list.`, from);
    const left = rows();
    const row = left[Math.min(Math.max(at, 0), left.length - 1)];
    (row?.querySelector('button') ?? close).focus();
  };

  /** @type {FinishedGame | null} the game last removed, which Undo puts back */
  let removed = null;
  /**
   * Removes a game from the stored list as it is now (another tab may have added one); Undo
   * puts it back.
   *
   * @param {FinishedGame} game
   */
  const remove = (game) => {
    removeRow(list, () => saveGames(pageStorage(), withoutGame(loadGames(pageStorage()), game.id)), 'The game');
    if (loadGames(pageStorage()).some((kept) => kept.id === game.id)) return;
    removed = game;
    undo.hidden = false;
  };
  undo.addEventListener('click', () => {
    const game = removed;
    if (!game) return;
    removed = null;
    const back = withGameBack(loadGames(pageStorage()), game);
    // Not put back: the list holds it already (kept again meanwhile), or is full of newer games.
    const problem = back.some((kept) => kept.id === game.id) ? saveGames(pageStorage(), back) : 'the list holds it already, or is full of newer games';
    render();
    say(problem ? `The game could not be put back: ${problem}.` : 'The game is back in the list.');
    // The focus on the game put back, where it was.
    const restored = list.querySelector(`.games-item[data-id="${CSS.escape(game.id)}"] button`);
    (restored instanceof HTMLElement ? restored : close).focus();
  });
  // (What was said stays, and Undo with it: the list narrowed right after a removal.)
  filter.addEventListener('change', () => render());

  /**
   * A Copy button: the text to the clipboard, or shown selected when the browser refuses.
   *
   * @param {string} text
   * @param {string} words  e.g. "Copy record"
   * @param {string} copied  what is said after, e.g. "The record was copied."
   * @param {HTMLElement} near  the list of the button's row
   */
  const copyButton = (text, words, copied, near) => {
    const copy = make('button', { type: 'button', class: 'games-copy' }, words);
    copy.addEventListener('click', async () => {
      const ok = await copyText(text, field);
      field.hidden = ok;
      say(ok ? copied : COPY_REFUSED, near);
      if (!ok) field.scrollIntoView({ block: 'nearest' });
    });
    return copy;
  };

  /**
   * A question asked in the row (the page's in-place question, style.css .confirm, as for
   * resigning): its box, its yes and no.
   *
   * @param {string} id  the question's id
   * @param {string} question
   * @param {string} kind  the buttons' class, e.g. "remove": games-remove-yes, games-remove-no
   * @param {string} yesWords
   */
  const rowQuestion = (id, question, kind, yesWords) => {
    const { box, yes, no } = questionInPlace({ id, kind: 'games-confirm', words: question, yes: [`games-${kind}-yes`, yesWords], no: [`games-${kind}-no`, 'No'] });
    return { box, yes, no };
  };

  /** Where an analysis opened from the list goes back to: the list, as it was. */
  const backToList = { label: 'Back to your games', go: () => ui?.open(), view: dialog.id };

  /**
   * One game's row: its words and its actions, each described by the words (a screen reader
   * hears which game an "Analyse" is for); Remove asks first, in the row, and so does Review
   * when the page's board has a game under way.
   *
   * @param {FinishedGame} game
   * @param {number} index  its place in the list
   */
  const row = (game, index) => {
    const { title, detail } = gameWords(game, (ms) => DATE.format(ms));
    const item = make('li', { class: 'games-item', 'data-result': outcome(game), 'data-id': game.id });
    const words = make('div', { class: 'games-words', id: `games-row-${index}` });
    words.append(make('strong', {}, title), make('span', {}, detail));
    const actions = make('div', { class: 'buttons games-actions' });
    const { analyse } = config;
    const openAnalysis = () => {
      dialog.close();
      analyse?.({ record: game.record, orientation: playerOf(game) ?? 'white', back: backToList });
    };
    if (analyse) {
      const button = make('button', { type: 'button', class: 'games-analyse' }, 'Analyse');
      button.addEventListener('click', openAnalysis);
      actions.append(button);
    }
    const { review } = config;
    const reviewButton = review ? make('button', { type: 'button', class: 'games-review', title: 'Put this game on the board and have the computer judge every move' }, 'Review') : null;
    if (reviewButton) actions.append(reviewButton);
    const gif = make('button', { type: 'button', class: 'games-gif' }, 'Game GIF');
    // Seen from the player's side, as the row's picture is.
    const look = () => ({ ...config.look(), orientation: playerOf(game) ?? 'white' });
    wireGameGif(gif, () => ({ record: game.record, look: look() }), (text) => say(text));
    actions.append(gif);
    const copy = copyButton(game.record, 'Copy record', 'The record was copied.', list);
    const ask = make('button', { type: 'button', class: 'games-remove' }, 'Remove…');
    const removing = rowQuestion(`${words.id}-question`, 'Remove this game from the list?', 'remove', 'Yes, remove');
    actions.append(copy, ask);
    // While asking, the row's other actions make way for the question.
    const others = /** @type {HTMLElement[]} */ ([...actions.children]);
    actions.append(removing.box);
    // Asking about one game: what was said of another action is said no more.
    ask.addEventListener('click', () => say(''));
    askInPlace({ ask, ...removing, hide: others }, () => remove(game));
    if (review && reviewButton) {
      const replacing = rowQuestion(`${words.id}-replace`, 'The unfinished game on the board will be set aside, to resume. Review this one?', 'review', 'Yes, review');
      actions.append(replacing.box);
      reviewButton.addEventListener('click', () => say(''));
      askInPlace({ ask: reviewButton, ...replacing, hide: others, needed: () => config.inProgress() }, () => {
        // Closed first: the focus goes back to the page, and the review is then shown.
        dialog.close();
        try {
          review({ record: game.record, opponent: game.opponent, link: game.link });
        } catch (error) {
          ui?.open();
          say(`This game cannot be put on the board: ${errorClause(error)}.`);
        }
      });
    }
    for (const button of actions.querySelectorAll('button')) button.setAttribute('aria-describedby', words.id);
    // The final position, from the player's side, as lichess's game lists show it.
    // A click on the picture analyses the game too, as a click on a game in lichess's lists
    // opens it (the Analyse button is the way for the keyboard and screen readers).
    const picture = recordThumbnail(game.record, look());
    if (analyse) {
      picture.classList.add('games-open');
      picture.title = 'Analyse this game';
      picture.addEventListener('click', openAnalysis);
    }
    item.append(picture, words, actions);
    return item;
  };

  /**
   * One set-aside entry's row: its picture and words when it holds a game, with Resume (an
   * unfinished game; asked first over a game under way), Analyse, Copy record and Remove; data
   * this page cannot use gets an empty square, its reason, Copy data and Remove.
   *
   * @param {SetAside} entry
   * @param {number} index  its place in the list
   */
  const asideRow = (entry, index) => {
    const game = entry.record === null ? null : gameOf(entry.record);
    // A record that does not load is data this page cannot use, as unreadable text is.
    const shown = game && 'error' in game ? { ...entry, record: null, problem: `holds a record that does not load (${game.error.replace(/\.$/, '')})` } : entry;
    const playable = entry.record !== null && game && 'words' in game ? { record: entry.record, ...game } : null;
    const { title, detail } = setAsideWords(shown, (ms) => DATE.format(ms), playable?.words);
    const item = make('li', { class: 'games-item', 'data-result': 'aside' });
    const words = make('div', { class: 'games-words', id: `games-aside-${index}` });
    words.append(make('strong', {}, title), make('span', {}, detail));
    const actions = make('div', { class: 'buttons games-actions' });
    const { orientation } = entry;
    const { analyse, resume } = config;
    const resumeButton = playable && !playable.over && resume ? make('button', { type: 'button', class: 'games-resume', title: 'Put this game back on the board and play on' }, 'Resume') : null;
    if (resumeButton) actions.append(resumeButton);
    if (playable && analyse) {
      const button = make('button', { type: 'button', class: 'games-analyse' }, 'Analyse');
      button.addEventListener('click', () => {
        dialog.close();
        analyse({ record: playable.record, orientation, back: backToList });
      });
      actions.append(button);
    }
    actions.append(playable ? copyButton(playable.record, 'Copy record', 'The record was copied.', asideList) : copyButton(entry.text, 'Copy data', 'The stored data was copied as it is.', asideList));
    const ask = make('button', { type: 'button', class: 'games-remove' }, 'Remove…');
    actions.append(ask);
    const others = /** @type {HTMLElement[]} */ ([...actions.children]);
    const removing = rowQuestion(`${words.id}-question`, 'Remove this for good?', 'remove', 'Yes, remove');
    actions.append(removing.box);
    ask.addEventListener('click', () => say('', asideList));
    askInPlace({ ask, ...removing, hide: others }, () => removeRow(asideList, () => removeSetAside(pageStorage(), entry.key), 'It'));
    if (playable && resume && resumeButton) {
      const replacing = rowQuestion(`${words.id}-replace`, 'The unfinished game on the board is set aside in its place. Resume this one?', 'resume', 'Yes, resume');
      actions.append(replacing.box);
      resumeButton.addEventListener('click', () => say('', asideList));
      askInPlace({ ask: resumeButton, ...replacing, hide: others, needed: () => config.inProgress() }, () => {
        dialog.close();
        const problem = resume({ record: playable.record, opponent: entry.opponent, linkSide: entry.linkSide, orientation });
        if (problem === null) {
          removeSetAside(pageStorage(), entry.key);
          return;
        }
        ui?.open();
        say(`This game cannot be resumed: ${problem.replace(/\.$/, '')}.`, asideList);
      });
    }
    for (const button of actions.querySelectorAll('button')) button.setAttribute('aria-describedby', words.id);
    const picture = playable ? recordThumbnail(playable.record, { ...config.look(), orientation }) : make('div', { class: 'board-thumbnail unreadable', 'aria-hidden': 'true' });
    item.append(picture, words, actions);
    return item;
  };

  const render = () => {
    // The games first: a list that does not read whole is copied aside as it is read.
    games = loadGames(pageStorage());
    const entries = setAsideEntries(pageStorage());
    asideList.replaceChildren(...entries.map(asideRow));
    aside.hidden = entries.length === 0;
    const shown = games.filter((game) => shownUnder(game, /** @type {GameFilter} */ (filter.value)));
    list.replaceChildren(...shown.map(row));
    drawWhenSeen(list);
    drawWhenSeen(asideList);
    empty.hidden = games.length > 0;
    // The choice once there is a list to choose in.
    filterLabel.hidden = games.length === 0;
    none.hidden = games.length === 0 || shown.length > 0;
    list.hidden = shown.length === 0;
    footer.hidden = games.length === 0;
    tally.textContent = tallyWords(games);
    tally.hidden = tally.textContent === '';
  };

  return {
    open() {
      say('');
      field.hidden = true;
      render();
      showView(dialog);
      (list.querySelector('button') ?? asideList.querySelector('button') ?? close).focus();
    },
  };
}

/**
 * A set-aside record's game in a few words, read with the rules: whether it is over, e.g.
 * "Unfinished · 12 moves" or "White wins by checkmate · 24 moves"; or why it does not load.
 *
 * @param {string} record
 * @returns {{ over: boolean, words: string } | { error: string }}
 */
function gameOf(record) {
  try {
    const { status, plies } = withGame(record, (game) => game.snapshot());
    const over = status.kind !== 'ongoing';
    return { over, words: `${over ? statusText(status) : 'Unfinished'} · ${movesWords(plies.length)}` };
  } catch (error) {
    return { error: errorText(error) };
  }
}
