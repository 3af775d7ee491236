// One search for the computer's move at a time, across the page's tabs and windows. The page
// keeps one game (storage.js), which every tab of the site follows (main.js, `onOtherTab`): two
// windows in sight, both against the computer, both searched for its move, and when the two moves
// differed (each tab draws its own seed for the lower levels' noise) the game forked, one of them
// set aside. A tab holds a Web Lock while its computer searches for its move; a tab that follows
// another's game, or comes back into sight, or opens while the other searches, puts its own
// computer to the board only once no tab holds it and the move found has come with the other
// tab's save. The save and the lock's release reach another tab by different ways, in either
// order: a tab that played its computer's move holds a second lock a while (`MOVE_SAVED_LOCK`),
// taken before it lets go of the first, and a tab that finds it held waits for it too (the save
// arrives meanwhile) instead of searching again for a move already played. Where Web Locks are
// missing (an insecure context: the page served over plain HTTP from another machine), each tab
// searches as before.

/** @import { EmbedHandle } from './embed.js' */

/** The lock's name: one per site, as the game kept is (storage.js's key). */
export const SEARCH_LOCK = 'ultima.computer-move';

/** Held by a tab whose computer has just played its move, while its save reaches the others. */
export const MOVE_SAVED_LOCK = 'ultima.computer-move.saved';

/**
 * How long `MOVE_SAVED_LOCK` is held: the save's storage event comes within milliseconds, even on
 * a busy machine; a tab that waits for it waits no longer than this when it does not come (the
 * save failed: storage full).
 */
const MOVE_SAVED_MS = 2000;

/** @returns {LockManager | null} */
const lockManager = () => globalThis.navigator?.locks ?? null;

/**
 * Holds the lock while `embed`'s computer searches for its move (not for a hint). It is asked
 * for on the `change` after which the computer answers, before the page saves that change (the
 * page's own listener comes after this one): a tab that hears the save asks after this tab. It
 * is let go a task after the search ends, once the move played has been saved, and when a move
 * was played, only once `MOVE_SAVED_LOCK` is held.
 *
 * @param {EmbedHandle} embed
 * @param {boolean} searching  whether it searches for its move already (a game resumed on the
 *   computer's turn: its search started with the board)
 */
export function holdWhileSearching(embed, searching) {
  const locks = lockManager();
  if (!locks) return;
  /** Whether the computer searches for its move now. */
  let thinking = searching;
  /** Whether the lock is asked for or held. */
  let wanted = false;
  /** @type {(() => void) | null} ends the lock's hold, once it is granted */
  let release = null;
  /** Moves played on the board: the computer's comes in the task that ends its search. */
  let moves = 0;
  embed.on('move', () => (moves += 1));
  /** @param {boolean} played  whether the search ended in a move played (and saved) */
  const letGo = (played) => {
    wanted = false;
    const end = release;
    release = null;
    if (!end) return;
    setTimeout(() => {
      if (!played) return end();
      locks
        .request(MOVE_SAVED_LOCK, () => {
          end();
          return new Promise((resolve) => setTimeout(resolve, MOVE_SAVED_MS));
        })
        .catch(end);
    });
  };
  const hold = () => {
    if (wanted) return;
    wanted = true;
    locks
      .request(
        SEARCH_LOCK,
        () =>
          new Promise((resolve) => {
            release = () => resolve(undefined);
            // Given up before the lock came: no search started, or it ended already.
            if (!wanted) letGo(false);
          }),
      )
      .catch(() => undefined);
  };
  if (searching) hold();
  embed.on('change', () => {
    const { mode, side } = embed.view();
    if (mode !== 'ai' || embed.result() !== null || embed.turn() === side) return;
    hold();
    // The search starts in this task, or not at all (a game put on the board from another tab
    // changes the mode after its `change`).
    queueMicrotask(() => {
      if (!thinking) letGo(false);
    });
  });
  embed.on('thinking', ({ thinking: now, purpose }) => {
    if (purpose !== 'move') return;
    thinking = now;
    if (now) return hold();
    const before = moves;
    // The move found is played after this event, in this task; a premove played after it may
    // start the next search at once, which keeps the lock.
    queueMicrotask(() => {
      if (!thinking) letGo(moves > before);
    });
  });
}

/**
 * Runs `run` once no tab searches for the computer's move and no move another tab played is
 * still on its way here (at once where there are no Web Locks, or they fail).
 *
 * @param {() => void} run
 */
export function whenNoSearch(run) {
  const locks = lockManager();
  if (!locks) {
    run();
    return;
  }
  let ran = false;
  locks
    .request(SEARCH_LOCK, async () => {
      // Asked while the search lock is held here: a tab that played took the other lock first.
      if (await heldNow(MOVE_SAVED_LOCK)) {
        locks.request(MOVE_SAVED_LOCK, () => whenNoSearch(run)).catch(() => undefined);
        return;
      }
      ran = true;
      run();
    })
    .catch((error) => {
      if (ran) throw error;
      run();
    });
}

/**
 * Whether a lock of that name is held now, by any tab (false when that cannot be told).
 *
 * @param {...string} names
 * @returns {Promise<boolean>}
 */
async function heldNow(...names) {
  try {
    const state = await lockManager()?.query();
    return state?.held?.some((lock) => lock.name !== undefined && names.includes(lock.name)) ?? false;
  } catch {
    return false;
  }
}

/**
 * Whether another tab searches for the computer's move now, or has just played it (asked before
 * this tab searches).
 *
 * @returns {Promise<boolean>}
 */
export const searchedElsewhere = () => heldNow(SEARCH_LOCK, MOVE_SAVED_LOCK);
