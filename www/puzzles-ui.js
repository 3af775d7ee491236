// The puzzle trainer on the page: a dialog with a board drawn by the same `mount` as the game,
// the player's rating and streak, the theme filters, and the actions. The player finds the
// solver's moves; the computer answers with the defender's replies of the solution line; a
// wrong move is taken back and the solution is shown move by move. The first try of each puzzle
// rates the player (Glicko-2, rating.js); the standing is kept in localStorage (puzzles.js).
// A climb, as lichess's puzzle streak, is another way to play: puzzles from the easiest to the
// hardest, unrated, until a wrong move (one may be skipped). A storm, against the clock, is the
// third: it has a dialog of its own (storm-ui.js).
//
// `openPuzzles()` opens it from anywhere and `openPuzzleStorm()` a storm; the page tells it the
// piece set and, once there is an analysis board, how to open a solved puzzle there
// (`configurePuzzles({ analyse })`). The dialog is built and the puzzle file fetched the first
// time either opens.

import { captureWords, freezeWords, sideName } from './notation.js';
import { roleName } from './pieces.js';
import { nameLinkButton, shareLink } from './clipboard.js';
import { phraseContent } from './movelist.js';
import { puzzleUrl } from './links.js';
import { ANY, CLIMB_LENGTH, climbPuzzles, solutionPhrase, DIFFICULTIES, isDifficulty, isMissed, judge, keptBest, loadStanding, motifResults, MOTIFS, nextPuzzle, offered, pendingPuzzle, PIECES, readPuzzles, readSession, saveStanding, scored, SESSION_KEY, sessionWith, sessionWords, signedPoints, solvedWords, themeCounts, missedCost } from './puzzles.js';
import { bestWords, STORM_MS, stormHighs, WRONG_MS } from './storm.js';
import { openStorm } from './storm-ui.js';
import { moveNamed } from './state.js';
import { backToTrainer, escapePutsDown, leadPlies, pause, playedNow, putPuzzle, showFeedback, suicideButton, trainerBoard, trainerDialog, taskKeysToBoard } from './trainer-board.js';
import { askInPlace, errorText, make, questionInPlace, pageStorage, readStored, tabStorage, writeStored } from './util.js';
import { onViewClosed, showView } from './view-history.js';

/** @import { EmbedHandle, MoveDetail } from './embed.js' */
/** @import { Filter, Puzzle, SessionEntry, Standing } from './puzzles.js' */
/** @import { PieceSet } from './pieces.js' */
/** @import { Theme } from './state.js' */
/** @import { Back } from './analysis-page.js' */

/**
 * @typedef {object} PuzzlesConfig
 * @property {() => PieceSet} pieceSet  the piece set to draw the puzzles in
 * @property {() => Theme} theme  the board's colours
 * @property {((game: { record: string, ply: number, orientation: 'white' | 'black', back: Back }) => void) | null} analyse
 *   opens a game record in the analysis board at a ply, seen from a side (the solver's, as the
 *   trainer showed it; the dialog is closed first), whose closing comes back to the trainer as it
 *   was (`back`); none: no "Analyse" button
 */

/** @type {PuzzlesConfig} */
let config = { pieceSet: () => 'chess', theme: () => 'green', analyse: null };

/**
 * Tells the trainer the page's piece set and how to analyse a puzzle.
 *
 * @param {Partial<PuzzlesConfig>} options
 */
export function configurePuzzles(options) {
  config = { ...config, ...options };
  if (ui) ui.configured();
}

/** @type {ReturnType<typeof build> | null} */
let ui = null;

/**
 * Opens the trainer at the next puzzle of the player's filter, or at puzzle `id`.
 *
 * @param {string} [id]
 * @param {boolean} [rated]  false for a puzzle the player has seen (a storm's): played unrated
 * @returns {Promise<void>} once the puzzle is on the board
 */
export async function openPuzzles(id, rated = true) {
  ui ??= build();
  await ui.open(id, rated);
}

/**
 * Opens a puzzle storm over the trainer's set (loaded first if need be), without the trainer.
 *
 * @returns {Promise<void>} once its first puzzle is on the board; rejects when the set cannot load
 */
export async function openPuzzleStorm() {
  ui ??= build();
  await ui.storm();
}

/** How long the computer waits before its reply, and between the moves of a solution shown. */
const REPLY_MS = 450;
const SHOW_MS = 700;
/** How long the position before the opponent's last move shows before that move is played. */
const LEAD_MS = 600;
/** How long a solved puzzle of a climb stays before the next one comes. */
const CLIMB_NEXT_MS = 900;

/** @returns {Promise<Puzzle[]>} */
async function fetchPuzzles() {
  const response = await fetch(new URL('./puzzles.json', import.meta.url));
  if (!response.ok) throw new Error(`the puzzles could not be loaded (HTTP ${response.status})`);
  const puzzles = readPuzzles(await response.json());
  if (!puzzles.length) throw new Error('the puzzle file holds no puzzle this page can read');
  return puzzles;
}

/**
 * A select of the filter, its first option "any".
 *
 * @param {string} label
 * @param {string} name
 */
function filterSelect(label, name) {
  const select = make('select', { name, 'data-filter': name });
  const wrap = make('label', { class: 'puzzles-filter' }, label);
  wrap.append(select);
  return { select, wrap };
}

/** Builds the dialog, once. */
function build() {
  const { dialog, head } = trainerDialog('puzzles', 'Puzzles', 'Close the puzzles');

  const boardHost = make('div', { class: 'puzzles-board trainer-board' });
  const task = make('p', { class: 'puzzles-task trainer-task', tabindex: '-1' });
  const feedback = make('p', { class: 'puzzles-feedback trainer-feedback', role: 'status', 'aria-live': 'polite' });
  const about = make('p', { class: 'puzzles-about' });
  const player = make('p', { class: 'puzzles-player trainer-lead' });
  const suicide = suicideButton('puzzles-suicide', () => board, () => current?.phase === 'try');
  const giveUp = make('button', { type: 'button', class: 'puzzles-solution' }, 'Show the solution');
  // The piece the solution moves next, marked; the puzzle then counts as missed, as a solution
  // seen does, but the player still finds the move.
  const hint = make('button', { type: 'button', class: 'puzzles-hint', title: 'Mark the piece to move (the puzzle then counts as missed)' }, 'Hint');
  const retry = make('button', { type: 'button', class: 'puzzles-retry' }, 'Try again');
  const analyse = make('button', { type: 'button', class: 'puzzles-analyse' }, 'Analyse');
  const next = make('button', { type: 'button', class: 'puzzles-next trainer-next' }, 'Next puzzle');
  // The puzzle's own address (`?puzzle=<id>`), to send to someone; shown selected in the field
  // when the browser refuses the clipboard.
  const share = make('button', { type: 'button', class: 'puzzles-link', title: 'Copy a link that opens this puzzle' }, 'Copy link');
  nameLinkButton(share);
  const shareAnswer = make('p', { class: 'puzzles-link-answer', role: 'status' });
  const shareField = make('textarea', { class: 'puzzles-link-field', rows: '1', readonly: '', 'aria-label': 'The puzzle\'s link' });
  shareField.hidden = true;
  const skip = make('button', { type: 'button', class: 'puzzles-skip', title: 'Go on to the next puzzle of the climb without solving this one (once a climb)' }, 'Skip');
  const actions = make('div', { class: 'puzzles-actions trainer-actions' });
  // Show the solution asks first when it costs rating points, and says how many: a tap beside
  // Hint cost a new player 279 points without a word before.
  const {
    box: asking,
    words: solutionQuestion,
    yes: showIt,
    no: keepTrying,
  } = questionInPlace({ id: 'puzzles-solution-question', kind: 'puzzles-confirm', words: '', yes: ['puzzles-solution-yes', 'Show it'], no: ['puzzles-solution-no', 'Keep trying'] });
  actions.append(suicide.button, hint, giveUp, skip, next, retry, analyse, share, asking);
  const putQuestionAway = askInPlace(
    {
      ask: giveUp,
      box: asking,
      yes: showIt,
      no: keepTrying,
      // Only when the puzzle is rated and this is its first try, not hinted (a hint counted it
      // as missed already).
      needed: () => {
        const cost = current && current.rated && !current.hinted ? missedCost(standing, current.puzzle) : null;
        if (cost === null) return false;
        solutionQuestion.textContent = `Show the solution? The puzzle then counts as missed: your rating goes to ${cost.after} (${signedPoints(cost.change)}).`;
        return true;
      },
    },
    () => showSolution(),
  );

  // The climb and the storm: what each is, the best one, and the way to start one.
  const climbWords = make('p', { class: 'puzzles-climb-words puzzles-way-words' });
  const climbStart = make('button', { type: 'button', class: 'puzzles-climb-start' }, 'Start a climb');
  const climbBox = make('section', { class: 'puzzles-climb puzzles-way', 'aria-label': 'Climb' });
  climbBox.append(climbWords, climbStart);
  const stormWords = make('p', { class: 'puzzles-storm-words puzzles-way-words' });
  const stormStart = make('button', { type: 'button', class: 'puzzles-storm-start' }, 'Start a storm');
  const stormBox = make('section', { class: 'puzzles-storm puzzles-way', 'aria-label': 'Storm' });
  stormBox.append(stormWords, stormStart);

  const piece = filterSelect('Piece', 'piece');
  const motif = filterSelect('Motif', 'motif');
  const mate = filterSelect('Mate in', 'mate');
  // The puzzles missed at the first try and not solved since, offered again alone when asked.
  const missedBox = make('input', { type: 'checkbox', name: 'missed', 'data-filter': 'missed' });
  const missedWords = make('span', {});
  const missed = make('label', { class: 'puzzles-missed' });
  missed.append(missedBox, ' ', missedWords);
  const matching = make('p', { class: 'puzzles-matching' });
  // How hard the next puzzles are against the player's rating, as lichess lets one choose.
  const difficulty = make('select', { name: 'difficulty' });
  difficulty.append(...Object.entries(DIFFICULTIES).map(([value, { words, offset }]) => make('option', { value }, offset === 0 ? words : `${words} (${signedPoints(offset)})`)));
  const difficultyWrap = make('label', { class: 'puzzles-filter puzzles-difficulty' }, 'Difficulty');
  difficultyWrap.append(difficulty);
  const filters = make('fieldset', { class: 'puzzles-filters' });
  filters.append(make('legend', {}, 'Which puzzles'), piece.wrap, motif.wrap, mate.wrap, difficultyWrap, missed, matching);

  // How the player did on each motif, the weakest first, each with a way to practise it.
  const results = make('details', { class: 'puzzles-results' });
  const resultsNone = make('p', {}, 'No puzzle tried yet.');
  const resultsList = make('ul', { class: 'puzzles-results-list' });
  results.append(make('summary', {}, 'Your results by motif'), resultsNone, resultsList);

  // The puzzles played in this tab (kept through a reload), as lichess's session row: each a
  // button that brings it back.
  const sessionList = make('ol', { class: 'puzzles-session-list', 'aria-labelledby': 'puzzles-session-title' });
  const sessionBox = make('div', { class: 'puzzles-session' });
  sessionBox.append(make('span', { class: 'puzzles-session-title', id: 'puzzles-session-title' }, 'This session'), sessionList);

  const side = make('div', { class: 'puzzles-side trainer-side' });
  side.append(player, task, feedback, actions, shareAnswer, shareField, about, sessionBox, climbBox, stormBox, filters, results);
  const play = make('div', { class: 'puzzles-play trainer-play' });
  play.append(boardHost, side);
  dialog.append(head, play);
  document.body.append(dialog);

  /** @type {Puzzle[]} */
  let puzzles = [];
  /** @type {Promise<boolean> | null} */
  let loading = null;
  /** @type {Standing} */
  let standing = loadStanding(pageStorage());
  /** @type {EmbedHandle | null} */
  let board = null;
  /**
   * The puzzle on the board: the index of the next move of its line, and the phase: the
   * player's turn (`try`), the computer's reply (`busy`), the solution being shown once the
   * puzzle is missed (`showing`: the ways on are offered already), solved or
   * failed, or not shown at all (`broken`: a damaged set's puzzle, which the board refuses);
   * whether it is a climb's (not to be tried again once its solution is seen), and whether it
   * is rated: not a climb's, nor one opened from a storm, which the player has seen already;
   * whether a hint was taken.
   *
   * @type {{ puzzle: Puzzle, index: number, phase: 'try' | 'busy' | 'showing' | 'solved' | 'failed' | 'broken', solver: 'white' | 'black', climbing: boolean, rated: boolean, hinted: boolean } | null}
   */
  let current = null;
  /** Bumped by each new puzzle: a reply or solution still under way for an old one stops. */
  let generation = 0;
  /**
   * The climb under way: its puzzles, the index of the one on the board, how many are solved,
   * and whether its one skip is used. Null when puzzles are played one by one, rated.
   *
   * @type {{ puzzles: Puzzle[], at: number, solved: number, skipped: boolean } | null}
   */
  let climb = null;
  /** @type {SessionEntry[]} */
  let session = readSession(readStored(tabStorage(), SESSION_KEY));

  const load = () =>
    (loading ??= fetchPuzzles().then(
      (read) => {
        puzzles = read;
        showFilter();
        return true;
      },
      (error) => {
        loading = null;
        showFeedback(feedback, `${errorText(error)}. Try again later.`, 'wrong');
        return false;
      },
    ));

  /**
   * The filter's choices, each with its count among the puzzles the other choices leave (as a
   * shop's filters count): with the Chameleon chosen, "Stalemate (4)" of the whole set led to no
   * puzzle at all. A choice none is left for is not offered, unless it is the one chosen.
   */
  const fillFilters = () => {
    const counts = themeCounts(puzzles, standing);
    /**
     * @param {HTMLSelectElement} select
     * @param {Array<[string, string, number]>} options  value, words, count
     * @param {string} chosen  the value chosen
     */
    const fill = (select, options, chosen) => {
      select.replaceChildren(make('option', { value: '' }, 'Any'), ...options.filter(([value, , n]) => n > 0 || value === chosen).map(([value, words, n]) => make('option', { value }, `${words} (${n})`)));
      select.value = chosen;
    };
    const mates = new Set([...Object.keys(counts.mates), ...(standing.filter.mate === null ? [] : [String(standing.filter.mate)])]);
    fill(piece.select, PIECES.map((p) => [p, roleName(p), counts.pieces[p] ?? 0]), standing.filter.piece ?? '');
    fill(motif.select, Object.entries(MOTIFS).map(([m, words]) => [m, words, counts.motifs[m] ?? 0]), standing.filter.motif ?? '');
    fill(mate.select, [...mates].sort().map((n) => [n, `${n} move${n === '1' ? '' : 's'}`, counts.mates[n] ?? 0]), standing.filter.mate === null ? '' : String(standing.filter.mate));
  };

  const showFilter = () => {
    fillFilters();
    missedBox.checked = standing.filter.missed;
    difficulty.value = standing.difficulty;
    const missedCount = puzzles.filter((p) => isMissed(standing, p.id)).length;
    missedWords.textContent = `Only the ones I missed (${missedCount})`;
    const n = puzzles.filter((p) => offered(p, standing)).length;
    matching.textContent = `${n} puzzle${n === 1 ? '' : 's'} of ${puzzles.length}`;
    showResults();
  };

  const showResults = () => {
    const rows = motifResults(puzzles, standing);
    resultsNone.hidden = rows.length > 0;
    resultsList.replaceChildren(
      ...rows.map(({ motif, tried, solved }) => {
        const item = make('li', { 'data-motif': motif });
        const words = make('span', {}, `${MOTIFS[motif]}: ${solved} of ${tried} solved at the first try (${Math.round((100 * solved) / tried)}%)`);
        const practise = make('button', { type: 'button', class: 'puzzles-practise', 'aria-label': `Practise ${MOTIFS[motif]}` }, 'Practise');
        practise.addEventListener('click', () => changeFilter({ ...ANY, motif }));
        item.append(words, practise);
        return item;
      }),
    );
  };

  const showStanding = () => {
    const { rating, deviation } = standing.rating;
    // In words, not lichess's "1500?", whose meaning a title said only under a mouse.
    const provisional = deviation > 110 ? ' (provisional)' : '';
    player.textContent = climb
      ? `Climb: puzzle ${climb.at + 1} of ${climb.puzzles.length} · ${climb.solved} solved · best ${standing.climbBest}`
      : `Your rating ${Math.round(rating)}${provisional} · streak ${standing.streak} · best ${standing.best}`;
    player.title = !climb && provisional ? 'A provisional rating: still uncertain, until you have solved and missed more puzzles' : '';
    climbWords.textContent = `Climb: ${Math.min(CLIMB_LENGTH, puzzles.length || CLIMB_LENGTH)} puzzles from the easiest to the hardest, unrated. A wrong move ends the climb; one puzzle may be skipped.${standing.climbBest ? ` Your best: ${standing.climbBest} solved.` : ''}`;
    stormWords.textContent = `Storm: ${STORM_MS / 60_000} minutes to solve as many puzzles as you can, from the easiest up. A wrong move costs ${WRONG_MS / 1000} seconds; moves right in a row add time.${standing.stormBest ? ` ${bestWords(stormHighs(standing, Date.now()))}` : ''}`;
    // The themes choose the rated puzzles only: put away while climbing.
    climbBox.hidden = climb !== null;
    stormBox.hidden = climb !== null;
    filters.hidden = climb !== null;
    results.hidden = climb !== null;
    showSession();
  };

  /** The session's row: hidden while climbing (its puzzles are the rated ones) or empty. */
  const showSession = () => {
    sessionBox.hidden = climb !== null || session.length === 0;
    sessionList.replaceChildren(
      ...session.map((entry) => {
        const { text, words } = sessionWords(entry);
        const button = make('button', { type: 'button', class: `puzzles-session-puzzle ${entry.solved ? 'solved' : 'missed'}`, 'data-puzzle': entry.id, 'aria-label': words, title: `${words}: try it again` }, text);
        if (entry.id === current?.puzzle.id) button.setAttribute('aria-current', 'true');
        button.addEventListener('click', () => {
          const puzzle = puzzles.find((p) => p.id === entry.id);
          if (puzzle) show(puzzle);
        });
        const item = make('li', {});
        item.append(button);
        return item;
      }),
    );
  };

  /** Shows where the trainer is, for tests and styles. */
  const mark = () => {
    dialog.dataset.puzzle = current?.puzzle.id ?? '';
    dialog.dataset.phase = current?.phase ?? 'loading';
    dialog.dataset.index = current ? String(current.index) : '';
    dialog.dataset.climb = climb ? String(climb.solved) : '';
  };

  /** The buttons for the phase. */
  const showActions = () => {
    const phase = current?.phase ?? 'loading';
    // A climb goes on by itself after a puzzle solved.
    // The ways on are there while a missed puzzle's solution plays, too: it need not be watched
    // (not in a climb, which that solution ends, once shown).
    const over = ((phase === 'solved' || phase === 'showing') && climb === null) || phase === 'failed';
    // Kept in place, unusable, while the computer answers: gone, they moved Copy link under the
    // player's finger, and came back.
    const trying = phase === 'try' || phase === 'busy';
    giveUp.hidden = !trying;
    giveUp.disabled = phase === 'busy';
    // Not in a climb, whose puzzles are unrated and end at a wrong move; once a puzzle.
    hint.hidden = !trying || current?.climbing === true || current?.hinted === true;
    hint.disabled = phase === 'busy';
    // A skip needs a puzzle to go on to.
    skip.hidden = !trying || climb === null || climb.skipped || climb.at + 1 >= climb.puzzles.length;
    skip.disabled = phase === 'busy';
    // A puzzle that cannot be shown has only the way on.
    next.hidden = !over && phase !== 'broken';
    retry.hidden = !over || current?.climbing === true;
    analyse.hidden = !over || config.analyse === null;
    share.hidden = !current;
    shareAnswer.textContent = '';
    shareField.hidden = true;
    if (phase !== 'try') {
      suicide.hide();
    }
    putQuestionAway(false);
  };

  /** The trainer's board, mounted the first time a puzzle shows. */
  const mounted = trainerBoard(boardHost, { pieceSet: () => config.pieceSet(), theme: () => config.theme(), moved: (detail) => moved(detail), selected: suicide.selected, name: 'the puzzle board' });
  /** The frozen squares before the move just made: a board's `change` comes after its `move`. */
  let frozenBefore = /** @type {string[]} */ ([]);
  const readyBoard = async () => {
    const ready = await mounted();
    if (ready !== board) ready.on('change', ({ snapshot }) => (frozenBefore = snapshot.frozen));
    return (board = ready);
  };

  /** What the line under the puzzle adds for a puzzle seen in a storm, which is not rated. */
  const unratedWords = () => (current && !current.rated && !current.climbing ? ' · unrated: seen in a storm' : '');

  /**
   * Puts a puzzle on the board, the solver to move and at the bottom, after the opponent's last
   * move (`putPuzzle`).
   *
   * @param {Puzzle} puzzle
   * @param {boolean} [rated]  false for a puzzle the player has seen in a storm; a climb's never
   * @param {boolean} [focusTask]  the focus to its task (see `showNext`)
   */
  const show = async (puzzle, rated = true, focusTask = true) => {
    generation += 1;
    boardHost.classList.remove('puzzles-none');
    const climbing = climb !== null;
    rated &&= !climbing;
    current = { puzzle, index: 0, phase: 'busy', solver: 'white', climbing, rated, hinted: false };
    showSession();
    task.textContent = '';
    showFeedback(feedback, '');
    about.textContent = `Puzzle ${puzzle.id}${unratedWords()}`;
    showActions();
    mark();
    const mine = generation;
    try {
      const shown = await readyBoard();
      if (mine !== generation) return;
      const { solver, playLead } = putPuzzle(shown, puzzle);
      // Said at once, so that nothing moves the board when the move is played.
      task.textContent = `${sideName(solver)} to move: find the only move that wins${puzzle.mate === null ? '' : ` (mate in ${puzzle.mate})`}.`;
      // The focus, on a button the pause hides (Try again, Next), stays in the trainer.
      if (focusTask) task.focus();
      if (puzzle.lead) {
        await pause(LEAD_MS);
        if (mine !== generation) return;
      }
      playLead();
      shown.set({ mode: 'play' });
      current = { puzzle, index: 0, phase: 'try', solver, climbing, rated, hinted: false };
      // A rated puzzle is kept as unanswered until it is: a reload brings it back.
      if (rated) {
        standing = { ...standing, pending: puzzle.id };
        saveStanding(pageStorage(), standing);
      }
    } catch (error) {
      broken(error);
    }
    showActions();
    mark();
    if (focusTask) task.focus();
  };

  /**
   * The puzzle on the board cannot be played: the board refused its position or a move of its
   * line (a damaged set). Said, and only Next goes on; a climb ends here.
   *
   * @param {unknown} error
   */
  const broken = (error) => {
    if (!current) return;
    current = { ...current, phase: 'broken' };
    showFeedback(feedback, `This puzzle cannot be played: ${errorText(error)}.${endClimb()}`, 'wrong');
    showActions();
    mark();
  };

  /**
   * The next puzzle of the filter, or a word that there is none: the puzzle left on the board
   * faded and still (it looked live, its caption kept, with no button to play it by).
   *
   * @param {boolean} [focusTask]  the focus to the new puzzle's task (false: it stays where it
   *   is, on the filter being chosen, which a puzzle's focus scrolled out of sight)
   */
  const showNext = async (focusTask = true) => {
    const puzzle = nextPuzzle(puzzles, standing, current?.puzzle.id ?? null);
    if (puzzle) {
      await show(puzzle, true, focusTask);
      return;
    }
    current = null;
    generation += 1;
    task.textContent = standing.filter.missed ? 'No puzzle you missed is left here: well done. Untick "Only the ones I missed" for new ones.' : 'No puzzle has all these themes: choose others.';
    about.textContent = '';
    showFeedback(feedback, '');
    board?.set({ mode: 'view', shapes: [] });
    boardHost.classList.add('puzzles-none');
    showActions();
    mark();
  };

  /**
   * The puzzle's result, rated when it is the puzzle's first try.
   *
   * @param {boolean} solved
   */
  const finish = (solved) => {
    if (!current) return;
    about.textContent = `Puzzle ${current.puzzle.id}, rated ${current.puzzle.rating} · ${current.puzzle.motifs.map((m) => MOTIFS[m]).join(', ')}${unratedWords()}`;
    // A climb's puzzles and those seen in a storm are not rated: they count neither in the
    // rating nor as tried (also when the climb ended meanwhile, its puzzle left on the board).
    if (!current.rated) return '';
    const first = !Object.hasOwn(standing.tried, current.puzzle.id);
    const before = Math.round(standing.rating.rating);
    standing = scored(standing, current.puzzle, solved);
    saveStanding(pageStorage(), standing);
    const after = Math.round(standing.rating.rating);
    const change = after - before;
    const rated = first ? ` Rating ${after} (${signedPoints(change)}).` : '';
    session = sessionWith(session, { id: current.puzzle.id, solved, change: first ? change : null });
    writeStored(tabStorage(), SESSION_KEY, JSON.stringify(session));
    showStanding();
    // The missed puzzles' count changes with a first failure or a later solution.
    showFilter();
    return rated;
  };

  /**
   * Plays the line from `current.index` on, each move after a pause: the computer's replies
   * (`until` the player's next move) or the whole solution.
   *
   * @param {number} until  the index to stop at
   * @param {number} ms
   * @returns {Promise<boolean>} false when another puzzle took the board meanwhile
   */
  const playLine = async (until, ms) => {
    const mine = generation;
    while (current && board && current.index < until) {
      await pause(ms);
      if (mine !== generation || !current || !board) return false;
      try {
        board.play(current.puzzle.moves[current.index] ?? '');
      } catch (error) {
        broken(error);
        return false;
      }
      current.index += 1;
    }
    return mine === generation;
  };

  /** The solution, from the puzzle's position: after a wrong move or on request. */
  const showSolution = async () => {
    if (!current || !board) return;
    const { puzzle } = current;
    current.phase = 'showing';
    showActions();
    const rated = finish(false);
    // Its moves are named once the board has played them (as the board writes them).
    showFeedback(feedback, `The solution, on the board.${rated}`, 'wrong');
    board.set({ mode: 'view' });
    // Back to the puzzle's position by taking the moves since back (heard as such), the
    // opponent's last move still the last one shown: it is not played again.
    const lead = leadPlies(puzzle);
    while (board.history().length > lead) board.undo();
    current.index = 0;
    mark();
    if (!(await playLine(puzzle.moves.length, SHOW_MS))) return;
    // The line as the board writes it ("Kc4-d5 xd5"), in figurines, the defender's answers
    // with it, and how the solver's moves took.
    const plies = board.history().slice(lead);
    const how = plies
      .filter((_, i) => i % 2 === 0)
      .map((ply) => captureWords(ply))
      .filter(Boolean);
    showFeedback(feedback, phraseContent(['The solution: ', ...solutionPhrase(plies), `.${how.map((words) => ` ${words}`).join('')}${rated}${endClimb()}`], config.pieceSet()), 'wrong');
    current.phase = 'failed';
    showActions();
    mark();
    next.focus();
  };

  /** @param {MoveDetail} detail */
  function moved(detail) {
    if (!current || current.phase !== 'try' || !board || detail.side !== current.solver) return;
    const verdict = judge(current.puzzle, current.index, detail.move);
    const shown = board;
    // No more moves by hand until the computer has answered (after the board's own handling of
    // this move, still under way).
    queueMicrotask(() => shown.set({ mode: 'view' }));
    if (verdict === 'wrong') {
      current.phase = 'busy';
      showActions();
      showFeedback(feedback, phraseContent([playedNow(shown, detail), ' is not the move.'], config.pieceSet()), 'wrong');
      mark();
      const mine = generation;
      pause(SHOW_MS).then(() => {
        if (mine === generation) showSolution();
      });
      return;
    }
    current.index += 1;
    if (verdict === 'solved') {
      current.phase = 'solved';
      const rated = finish(!current.hinted);
      // What the solver's moves did: the lesson of the puzzle, in words.
      const played = board.history().slice(leadPlies(current.puzzle));
      const last = played.at(-1);
      const how = last ? solvedWords(current.puzzle, played.filter((_, i) => i % 2 === 0), freezeWords(frozenBefore, board.snapshot(), last)) : '';
      const climbing = climb ? climbSolved() : '';
      showFeedback(feedback, `${current.hinted ? 'Solved, with a hint.' : 'Solved!'}${how ? ` ${how}` : ''}${rated}${climbing}`, 'right');
      showActions();
      mark();
      if (climb) climbOn();
      else next.focus();
      return;
    }
    current.phase = 'busy';
    showFeedback(feedback, 'Best move! Keep going…', 'right');
    showActions();
    mark();
    playLine(current.index + 1, REPLY_MS).then((going) => {
      if (!going || !current || !board) return;
      current.phase = 'try';
      board.set({ mode: 'play' });
      showActions();
      mark();
    });
  }

  /** Starts a climb at its first puzzle. */
  const startClimb = async () => {
    if (!(await load())) return;
    const chosen = climbPuzzles(puzzles, CLIMB_LENGTH);
    const first = chosen[0];
    if (!first) return;
    climb = { puzzles: chosen, at: 0, solved: 0, skipped: false };
    showStanding();
    await show(first);
  };

  /**
   * A puzzle of the climb solved: counted, and the best climb kept.
   *
   * @returns {string}  what to add to "Solved!"
   */
  const climbSolved = () => {
    if (!climb) return '';
    climb.solved += 1;
    standing = keptBest(standing, 'climbBest', climb.solved);
    saveStanding(pageStorage(), standing);
    if (climb.at + 1 < climb.puzzles.length) {
      showStanding();
      return ` ${climb.solved} solved in this climb.`;
    }
    return ` You reached the top!${endClimb()}`;
  };

  /** The climb's next puzzle, after a moment to read what was said; none after the last. */
  const climbOn = () => {
    const mine = generation;
    pause(CLIMB_NEXT_MS).then(() => {
      if (mine !== generation || !climb) return;
      climb.at += 1;
      const puzzle = climb.puzzles[climb.at];
      showStanding();
      if (puzzle) show(puzzle);
    });
  };

  /**
   * Ends the climb under way (the trainer plays rated puzzles again).
   *
   * @returns {string}  its result in words, to add to what is said; empty without a climb
   */
  function endClimb() {
    if (!climb) return '';
    const { solved } = climb;
    climb = null;
    showStanding();
    showFilter();
    mark();
    return ` The climb ends with ${solved} solved; your best is ${standing.climbBest}.`;
  }

  climbStart.addEventListener('click', () => startClimb());
  /** The storm, in a dialog of its own over the same set; its puzzles open back here. */
  const storm = () => {
    dialog.close();
    return openStorm(puzzles, { pieceSet: () => config.pieceSet(), theme: () => config.theme(), openPuzzle: (id) => openPuzzles(id, false) });
  };
  stormStart.addEventListener('click', async () => {
    if (await load()) await storm();
  });
  skip.addEventListener('click', () => {
    const puzzle = climb?.puzzles[climb.at + 1];
    if (!climb || climb.skipped || current?.phase !== 'try' || !puzzle) return;
    climb.skipped = true;
    climb.at += 1;
    showStanding();
    show(puzzle);
  });
  hint.addEventListener('click', () => {
    if (!current || current.phase !== 'try' || !board) return;
    // The solution's next move, as the rules list it in the position.
    const from = moveNamed(board.snapshot(), current.puzzle.moves[current.index] ?? '')?.from;
    if (!from) return;
    current.hinted = true;
    board.set({ shapes: [{ from, to: from, brush: 'green' }] });
    showFeedback(feedback, `Hint: the piece on ${from} moves.${current.rated ? ' The puzzle counts as missed now.' : ''}`);
    showActions();
    board.canvas()?.focus();
  });
  share.addEventListener('click', async () => {
    if (!current) return;
    const { said } = await shareLink(puzzleUrl(location.href, current.puzzle.id), 'Ultima puzzle', /** @type {HTMLTextAreaElement} */ (shareField), {
      shared: 'Link shared: it opens this puzzle.',
      copied: 'Link copied: it opens this puzzle.',
    });
    shareAnswer.textContent = said;
  });
  next.addEventListener('click', () => showNext());
  retry.addEventListener('click', () => {
    if (current) show(current.puzzle, current.rated);
  });
  analyse.addEventListener('click', () => {
    if (!board || !current || !config.analyse) return;
    const record = board.record();
    const orientation = current.solver;
    dialog.close();
    // Opened at the puzzle's position, the opponent's last move before it; back to the puzzle as
    // it was left, solved or missed, its Next puzzle at hand.
    config.analyse({ record, ply: leadPlies(current.puzzle), orientation, back: { label: 'Back to the puzzle', go: backToTrainer(dialog, next), view: dialog.id } });
  });
  onViewClosed(dialog, () => {
    generation += 1;
    // Closing the trainer ends a climb (its best is kept as it goes).
    endClimb();
  });
  /** @param {Partial<Filter>} change  a change of the filter, put in force by `changeChoice` */
  const changeFilter = (change) => changeChoice({ filter: { ...standing.filter, ...change } });
  /**
   * Puts a change of what the trainer offers (the filter, the difficulty) in force: kept, shown,
   * and another puzzle when the one on the board is over or no longer offered.
   *
   * @param {Partial<Pick<Standing, 'filter' | 'difficulty'>>} change
   * @param {boolean} [focusTask]  as `showNext`'s
   */
  function changeChoice(change, focusTask = true) {
    endClimb();
    // Read again first: another tab may have played meanwhile.
    standing = { ...loadStanding(pageStorage()), ...change };
    saveStanding(pageStorage(), standing);
    showFilter();
    if (current?.phase !== 'try' || !offered(current.puzzle, standing)) showNext(focusTask);
  }
  /**
   * A filter's change put in force, the focus left on the filter for the next choice (Practise,
   * below the filters, goes to its puzzle).
   *
   * @param {HTMLSelectElement | HTMLInputElement} control
   * @param {() => Partial<Filter>} read  the filter's part the control chooses
   */
  const onFilter = (control, read) => control.addEventListener('change', () => changeChoice({ filter: { ...standing.filter, ...read() } }, false));
  onFilter(piece.select, () => ({ piece: PIECES.find((p) => p === piece.select.value) ?? null }));
  onFilter(motif.select, () => ({ motif: motif.select.value in MOTIFS ? /** @type {keyof typeof MOTIFS} */ (motif.select.value) : null }));
  onFilter(mate.select, () => ({ mate: mate.select.value === '' ? null : Number(mate.select.value) }));
  onFilter(missedBox, () => ({ missed: missedBox.checked }));
  // From the next puzzle: one being solved stays (every puzzle is offered at any difficulty).
  difficulty.addEventListener('change', () => changeChoice({ difficulty: isDifficulty(difficulty.value) ? difficulty.value : 'normal' }, false));
  escapePutsDown(dialog, () => board);
  taskKeysToBoard(task, () => board);

  const configured = () => {
    showActions();
    board?.set({ pieceSet: config.pieceSet(), theme: config.theme() });
  };
  showActions();
  mark();

  return {
    configured,
    async storm() {
      if (!(await load())) throw new Error('the puzzles could not be loaded');
      await storm();
    },
    /**
     * @param {string} [id]
     * @param {boolean} [rated]  false for a puzzle seen in a storm
     */
    async open(id, rated = true) {
      // Another tab may have played puzzles meanwhile.
      standing = loadStanding(pageStorage());
      showStanding();
      showView(dialog);
      if (!(await load())) return;
      showFilter();
      const asked = id === undefined ? undefined : puzzles.find((p) => p.id === id);
      // A puzzle asked for by its link is played rated: a climb under way ends.
      if (id !== undefined) endClimb();
      // Opened for the first time on this page: the rated puzzle left unanswered (before a
      // reload, on the last visit), if any.
      const left = current ? null : pendingPuzzle(puzzles, standing);
      if (asked) await show(asked, rated);
      else if (left) await show(left);
      // A climb's puzzle left on the board when the trainer closed (which ended the climb), or
      // one seen in a storm: a rated one instead.
      else if (!current || current.phase !== 'try' || !current.rated) await showNext();
      // The puzzle left on the board: its task is read again, as a new one's is.
      else task.focus();
      // A link to a puzzle this set does not have (an older set's, or mistyped): another one.
      if (id !== undefined && !asked) showFeedback(feedback, `There is no puzzle “${id}” in this set: here is another one.`);
      else board?.set({ pieceSet: config.pieceSet(), theme: config.theme() });
    },
  };
}
