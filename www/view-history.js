// The browser's Back and Forward over the page's views. A view (Your games, the puzzles, the
// lessons, a storm…) is a dialog over the game, but a player moves between them as between the
// pages of lichess: Back closes the view on show instead of leaving the site, and Forward opens it
// again. Each view opened pushes a history entry of its own (same address, `{ ultimaView: id }`);
// closed by the player (its ×, Escape, a button leading elsewhere), it steps back over that
// entry, so the history is as it was before it opened. The analysis view (analysis-page.js),
// which also puts `?analysis` in the address, shares the steps back: a view opened while one is
// coming waits for it (`afterStepBack`), since an entry pushed first would be the one stepped
// back over.

// The page's entries are views over one page: stepping over them (Back, a view's closing) must
// not scroll the page back to where it was when the view opened. The browser's restoring did:
// the full rules, opened from a lesson as the lesson closed, went out of view again.
history.scrollRestoration = 'manual';

/** @type {Promise<void>} settles once no step back asked for is still coming */
let steppedBack = Promise.resolve();
/** @type {(() => void) | null} settles `steppedBack` (null: no step pending) */
let stepDone = null;

/** @type {Set<HTMLDialogElement>} the views `showView` has opened, each watched for its close */
const views = new Set();

/** @type {Array<() => void>} what a step of the player's own (Back, Forward) is told to */
const stepListeners = [];

/** @type {(id: string) => boolean} opens the view of an entry arrived at (see `reopenViews`) */
let reopen = () => false;

/** @type {() => void} gives the focus a place when a closed view left it nowhere */
let refocus = () => undefined;

/**
 * The view a history entry's state names, if any.
 *
 * @param {unknown} state
 * @returns {string | null}
 */
function viewOf(state) {
  if (typeof state !== 'object' || state === null || !('ultimaView' in state)) return null;
  return typeof state.ultimaView === 'string' ? state.ultimaView : null;
}

/**
 * Settles once a step back asked for (`stepBack`) has come; at once when none is coming. It has
 * no time limit: a same-document step back always comes, unless the page unloads first.
 *
 * @returns {Promise<void>}
 */
export const afterStepBack = () => steppedBack;

/**
 * Steps back over the history entry on show (a view's own), telling no step listener.
 *
 * @param {number} [entries]  how many: a view shown at a place inside it has two (`enterPlace`)
 */
export function stepBack(entries = 1) {
  steppedBack = new Promise((resolve) => (stepDone = resolve));
  history.go(-entries);
}

/**
 * The place inside a view that an entry names (a lesson in the lessons view), if any.
 *
 * @param {unknown} state
 * @returns {string | null}
 */
function placeOf(state) {
  if (viewOf(state) === null || typeof state !== 'object' || state === null || !('place' in state)) return null;
  return typeof state.place === 'string' ? state.place : null;
}

/**
 * The place inside `dialog`'s view the entry on show names: null at the view's first page (the
 * lessons' menu), or when the entry on show is not the view's.
 *
 * @param {HTMLDialogElement} dialog
 * @returns {string | null}
 */
export const placeIn = (dialog) => (viewOf(history.state) === dialog.id ? placeOf(history.state) : null);

/**
 * Whether the entry on show is `dialog`'s view's (at its first page or at a place in it).
 *
 * @param {HTMLDialogElement} dialog
 * @returns {boolean}
 */
export const onEntryOf = (dialog) => viewOf(history.state) === dialog.id;

/**
 * Goes to a place inside a view (a lesson, from the lessons' menu) with an entry of its own over
 * the view's, so that Back goes from the place to the view's first page rather than out of the
 * view, and Forward to the place again; from one place to another (the next lesson), the place's
 * entry is replaced. The view follows the player's steps through `onHistoryStep`, with
 * `placeIn`. Nothing is pushed unless the view's entry is on show.
 *
 * @param {HTMLDialogElement} dialog
 * @param {string} place
 */
export function enterPlace(dialog, place) {
  if (viewOf(history.state) !== dialog.id) return;
  const entry = { ultimaView: dialog.id, place };
  if (placeOf(history.state) === null) history.pushState(entry, '');
  else if (placeOf(history.state) !== place) history.replaceState(entry, '');
}

/**
 * Back from a place inside a view to its first page, by the view's own control (the lessons'
 * "All lessons"): the place's entry is stepped back over, as Back would.
 *
 * @param {HTMLDialogElement} dialog
 */
export function leavePlace(dialog) {
  if (placeIn(dialog) !== null) stepBack();
}

/**
 * Listens to the steps through the history the player takes (Back, Forward; not the page's own
 * `stepBack`), after the views have followed them.
 *
 * @param {() => void} listener
 */
export function onHistoryStep(listener) {
  stepListeners.push(listener);
}

/**
 * Says how to open a view again when the player arrives at its entry: Forward onto it, or a
 * reload there (`arriveAtView`). A view that cannot be opened again (it needs what it was opened
 * on) answers false, and its entry is left as a plain one. And where the focus goes when a
 * closed view leaves it nowhere: the browser gives it back to what had it when the view opened,
 * but a view opened by a reload, or by a dialog since gone (the welcome), had none.
 *
 * @param {(id: string) => boolean} opener  opens the view whose dialog has this id
 * @param {() => void} focus  gives the focus a place (the page's board, say)
 */
export function reopenViews(opener, focus) {
  reopen = opener;
  refocus = focus;
}

/**
 * Opens a view's dialog (modal) with an entry of its own in the history, pushed once any step
 * back still coming has come, unless the entry on show is already its own (Forward onto it, a
 * reload). Does nothing to an open dialog. The dialog's id names the view.
 *
 * @param {HTMLDialogElement} dialog
 */
export function showView(dialog) {
  if (dialog.open) return;
  if (!views.has(dialog)) {
    views.add(dialog);
    // Closed with its entry on show: the player closed it, and the history steps back over the
    // entry (closed by Back, the entry on show is already another).
    onViewClosed(dialog, () => {
      if (viewOf(history.state) === dialog.id) stepBack(placeOf(history.state) === null ? 1 : 2);
      // The browser gives the focus back once the close event's listeners have run; with
      // nothing to give it to, it leaves it on the closed dialog's control (until it notices
      // and drops it on the page).
      setTimeout(() => focusIfLost(dialog));
    });
  }
  dialog.showModal();
  steppedBack.then(() => {
    if (dialog.open && viewOf(history.state) !== dialog.id) pushEntry({ ultimaView: dialog.id });
  });
}

/** @type {number} counts the openings of views loaded on first use: only the latest opens */
let openings = 0;
/** @type {string | null} the view whose entry `openWhenLoaded` pushed, while its module loads */
let loading = null;

/**
 * Opens a view whose module is loaded on first use (80–335 ms here, the first time): its entry
 * is pushed at once, not once the view shows, so that Back pressed during the load steps back
 * over it instead of leaving the site; the view then does not open. A load that fails steps back
 * over its entry too. Of two openings under way (two buttons pressed during a load), the later
 * takes the earlier's entry, and only it opens.
 *
 * @template T
 * @param {string} id  the view's dialog id
 * @param {() => Promise<() => T>} load  loads the view's module; answers what opens the view
 *   (with `showView`, which finds its entry on show)
 * @returns {Promise<T | undefined>} what opening answered; undefined when the view did not open
 */
export async function openWhenLoaded(id, load) {
  const opening = ++openings;
  const latest = () => opening === openings;
  const entered = steppedBack.then(() => {
    const shown = viewOf(history.state);
    if (!latest() || shown === id) return;
    if (shown !== null && shown === loading && !isOpen(shown)) history.replaceState({ ultimaView: id }, '');
    else pushEntry({ ultimaView: id });
    loading = id;
  });
  try {
    const [open] = await busyWhile(Promise.all([load(), entered]));
    if (!latest() || viewOf(history.state) !== id) return undefined;
    return open();
  } catch (error) {
    if (latest() && viewOf(history.state) === id && !isOpen(id)) stepBack();
    throw error;
  } finally {
    if (latest()) loading = null;
  }
}

/** How many loads of views are under way: the page says it is busy while any is. */
let loads = 0;
/** Counts the player's steps through the history, each of which ends the loads' busy marks. */
let loadSteps = 0;

/**
 * Marks the page busy until `work` settles, or the player steps through the history (Back:
 * what loads is no longer asked for; a view opened again marks its own load):
 * `body[data-loading]`, a progress cursor at once and, after a moment, a bar along the window's
 * top (style.css). A view loaded on first use takes 80–335 ms here, seconds on a slow phone and
 * network, where a press that changed nothing was pressed again or taken for broken.
 *
 * @template T
 * @param {Promise<T>} work
 * @returns {Promise<T>}
 */
export async function busyWhile(work) {
  const step = loadSteps;
  if (loads++ === 0) document.body.dataset.loading = 'true';
  try {
    return await work;
  } finally {
    if (step === loadSteps && --loads === 0) delete document.body.dataset.loading;
  }
}

/** Ends every load's busy mark (a step of the player's through the history). */
function endLoads() {
  loadSteps += 1;
  loads = 0;
  delete document.body.dataset.loading;
}

/**
 * Whether the view of a dialog id is open.
 *
 * @param {string} id
 * @returns {boolean}
 */
const isOpen = (id) => [...views].some((dialog) => dialog.open && dialog.id === id);

/**
 * Listens for a view's closing: its dialog's close event, unless the view is open again by the
 * time it comes (Back then Forward within a few milliseconds, on a busy machine, reopens the
 * view before the event of its closing by Back): what a closing ends (a storm, a puzzle's
 * moves, the editor's drawing) must not end the view opened since.
 *
 * @param {HTMLDialogElement} dialog
 * @param {() => void} listener
 */
export function onViewClosed(dialog, listener) {
  dialog.addEventListener('close', () => {
    if (!dialog.open) listener();
  });
}

/**
 * Pushes a view's history entry; or puts it in place of the entry on show when that is a view's
 * whose dialog has closed but whose close event, which steps back over it, has not come yet (one
 * view opened by another as it closes, in one task): a view taking another's place takes its
 * entry. Unless `above`: a view opened from another that Back returns to (the analysis board
 * from Your games or a puzzle) goes over its entry, so that Back shows it on its own entry and
 * Forward comes back (the view reopened on a new entry, which dropped the way forward).
 *
 * @param {object} state
 * @param {string} [address]
 * @param {boolean} [above]
 */
export function pushEntry(state, address, above = false) {
  const id = viewOf(history.state);
  const closing = !above && id !== null && [...views].some((dialog) => dialog.id === id && !dialog.open);
  if (closing) history.replaceState(state, '', address);
  else history.pushState(state, '', address);
}

/**
 * Gives the focus to the page's place for it (`reopenViews`) when it is nowhere: on the page
 * itself, or left on a control of a dialog that has closed.
 *
 * @param {HTMLElement} closed  the dialog that closed
 */
export function focusIfLost(closed) {
  const active = document.activeElement;
  if (active === null || active === document.body || closed.contains(active)) refocus();
}

/**
 * Opens the view the entry on show names, if it is not open: a reload on a view's entry, or
 * Forward onto one. An entry whose view cannot open again becomes a plain one. Not over another
 * dialog (a game link's, the new game's): one dialog at a time.
 */
export function arriveAtView() {
  const id = viewOf(history.state);
  if (id === null || isOpen(id)) return;
  if (document.querySelector('dialog:modal')) return;
  if (!reopen(id)) history.replaceState(null, '');
}

/**
 * Closes the view on show, if any, leaving the history as it is: something else takes the page
 * (a game link pasted into the address bar, whose own entry is already on show).
 */
export function closeViews() {
  for (const dialog of views) if (dialog.open) dialog.close();
}

/**
 * Forgets the view the entry on show names, without opening it: the page opens something else
 * at load (a link's game, a puzzle's address), and a reload there should not bring the view back.
 */
export function leaveView() {
  if (viewOf(history.state) !== null) history.replaceState(null, '');
}

// A step back the page asked for settles; a step of the player's ends the loads' busy marks,
// closes the views whose entry is no longer on show, is told to the listeners (which close what
// else was on show: the analysis board, a link's dialog), and opens the view whose entry now is
// on show.
window.addEventListener('popstate', () => {
  if (stepDone) {
    stepDone();
    stepDone = null;
    return;
  }
  endLoads();
  const id = viewOf(history.state);
  for (const dialog of views) if (dialog.open && dialog.id !== id) dialog.close();
  for (const listener of stepListeners) listener();
  arriveAtView();
});
