// One search for the computer's move at a time, across the page's tabs and windows. The page
// keeps one game (storage.js), which every tab of the site follows (main.js, `onOtherTab`): two
// windows in sight, both against the computer, both searched for its move, and when the two moves
// differed (each tab draws its own seed for the lower levels' noise) the game forked, one of them
// set aside. A tab holds a Web Lock while its computer searches for its move; a tab that follows
// another's game, or comes back into sight, or opens while the other searches, puts its own
// computer to the board only once no tab holds it, by when the move found has come with the other
// tab's save. Where Web Locks are missing (an insecure context: the page served over plain HTTP
// from another machine), each tab searches as before.

/** @import { EmbedHandle } from './embed.js' */

/** The lock's name: one per site, as the game kept is (storage.js's key). */
export const SEARCH_LOCK = 'ultima.computer-move';

/** @returns {LockManager | null} */
const lockManager = () => globalThis.navigator?.locks ?? null;

/**
 * Holds the lock while `embed`'s computer searches for its move (not for a hint), from its
 * `thinking` event to the one that ends the search. It is let go a task after that end, once
 * the move played has been saved (the page saves on the board's `change`, in the same task).
 *
 * @param {EmbedHandle} embed
 * @param {boolean} searching  whether it searches for its move already (a game resumed on the
 *   computer's turn: its search started with the board)
 */
export function holdWhileSearching(embed, searching) {
  const locks = lockManager();
  if (!locks) return;
  let wanted = false;
  /** @type {(() => void) | null} ends the lock's hold, once it is granted */
  let release = null;
  const letGo = () => {
    wanted = false;
    const end = release;
    release = null;
    if (end) setTimeout(end);
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
            // The search ended before the lock came.
            if (!wanted) letGo();
          }),
      )
      .catch(() => undefined);
  };
  if (searching) hold();
  embed.on('thinking', ({ thinking, purpose }) => {
    if (purpose !== 'move') return;
    if (thinking) hold();
    else letGo();
  });
}

/**
 * Runs `run` once no tab searches for the computer's move (at once where there are no Web Locks,
 * or they fail).
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
    .request(SEARCH_LOCK, () => {
      ran = true;
      run();
    })
    .catch((error) => {
      if (ran) throw error;
      run();
    });
}

/**
 * Whether another tab searches for the computer's move now (asked before this tab searches).
 *
 * @returns {Promise<boolean>}
 */
export async function searchedElsewhere() {
  try {
    const state = await lockManager()?.query();
    return state?.held?.some((lock) => lock.name === SEARCH_LOCK) ?? false;
  } catch {
    return false;
  }
}
