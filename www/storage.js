// Keeps the current game (as its game record) and the settings in localStorage, under one key
// with a schema version, so a reload resumes. Nothing stored is ever trusted, and nothing stored
// is ever lost without a word: data this version cannot use (unreadable, from another schema
// version, a record that is not text or does not load) is copied to a backup key before the page writes its own,
// and the player is told where it is. When storage is off (a private window, a policy) or full,
// the game still plays and a notice says it will not be saved; the record can be copied out.
//
// Two tabs on the same saved game never silently overwrite each other: each tab remembers the
// text it last read or wrote, a tab that finds another text stored when it saves sets that text
// aside first (with a notice), and a tab hears another tab's saves (`onOtherTab`) so it can follow
// the game there instead of playing on an old copy.

import { DEFAULT_LEVEL, isLevel } from './levels.js';
import { PRESETS, isControl, readRunning } from './clock.js';
import { readReview } from './review-model.js';
import { THEME_NAMES } from './state.js';
import { ENGINE_LINES, isEngineLines } from './evaluation.js';

/** @import { PieceSet, Theme } from './state.js' */
/** @import { Side } from '../ultima-wasm.js' */
/** @import { StoredReview } from './review-model.js' */

export const STORAGE_KEY = 'ultima.page';
/** Data set aside goes under this prefix plus the time, e.g. "ultima.page.backup.2026-11-22T01:02:03.456Z". */
export const BACKUP_PREFIX = 'ultima.page.backup.';
/**
 * The schema of what is stored: { version: 1, record: string | null, settings: Settings, pieces?:
 * string, review?: StoredReview }. A later schema raises it; data of an earlier one is set aside (version 1 is the first
 * there was). Optional fields added within version 1 (`settings.newGame`, `pieces`, `review`) are read when
 * present and well formed and fall back to their defaults otherwise, and a page that does not know
 * them ignores them: adding one needs no new version.
 */
export const SCHEMA_VERSION = 1;

/**
 * @typedef {object} Settings
 * @property {PieceSet} pieceSet  e.g. "chess"
 * @property {Theme} theme  e.g. "green"
 * @property {Side} orientation  e.g. "white"
 * @property {Opponent | null} opponent  the computer player of the current game, or null when
 *   two people play, e.g. { computer: "black", level: 4 }
 * @property {Side | null} linkSide  in a game two people play by sending its link (share.js), the
 *   side this browser's player has: the side to move of a link taken onto the board, the side
 *   that moved last when this player copies the link first; null between two people at this
 *   device and against the computer. Resign resigns it, the draw offer is made in its name.
 * @property {boolean} showThinking  show the depth, score and expected line of each search
 * @property {NewGameChoices | null} newGame  the choices last made for a new game (the new-game
 *   dialog or the welcome), offered again next time; null until one was made
 * @property {boolean} sound  play the sounds of moves, captures, checks and the end (false: muted)
 * @property {boolean} touchPreview  on a touch screen, a first tap on a capturing destination
 *   shows its captures and a second plays it (false: one tap plays)
 * @property {boolean} premove  against the computer, moves may be queued while it thinks
 * @property {boolean} typeMoves  a field to type moves in, e.g. "b2-b5" (type-move.js)
 * @property {boolean} coordinates  the files and ranks on the board's edge
 * @property {boolean} legalMoves  the picked-up piece's legal moves marked on the board (dots and
 *   corners); false leaves them for the player to see
 * @property {boolean} threats  the side to move's pieces the other side could capture marked on
 *   the board (a learning aid; false: not)
 * @property {boolean} animation  moves slide and captured pieces fade
 * @property {boolean} autoFlip  two players on one device: the board turns to the side to move
 * @property {boolean} analysisEngine  the analysis board's engine runs (its Engine box)
 * @property {number} analysisLines  the analysis board's engine lines (its Lines choice, 1 to 5)
 * @property {boolean} zen  zen mode: the page shows the board, the clocks, the game's buttons and
 *   its moves, and hides the rest (playing.js)
 * @property {import('./clocks.js').Running | null} [clock]  when the running clock of the saved
 *   game started (clocks.js), so that a reload does not stop it
 * @property {string} [finishedId]  the saved game's id in "Your games" (games.js), once it has
 *   ended there, so that ending again after a reload and a takeback replaces its entry
 */

/**
 * Whether a value is a side, as stored data writes it.
 *
 * @param {unknown} value
 * @returns {value is Side}
 */
export const isSide = (value) => value === 'white' || value === 'black';

/**
 * Whether a value is a colour a player can choose against the computer (the new-game dialog's,
 * the welcome's): White, Black, or drawn at random (newgame.js's `playerSide`).
 *
 * @param {unknown} value
 * @returns {value is Side | 'random'}
 */
export const isSideChoice = (value) => isSide(value) || value === 'random';

/**
 * The choices of the new-game dialog, remembered across visits.
 *
 * @typedef {object} NewGameChoices
 * @property {'two' | 'ai'} mode  two players on this device, or against the computer
 * @property {Side | 'random'} side  the player's colour against the computer
 * @property {number} level  the computer's level, 1–8
 * @property {Record<RuleChoice, boolean>} rules  e.g. { king_capture: false, repetition: true, … }
 * @property {'rotated' | 'mirrored' | 'custom'} setup
 * @property {Record<CustomChoice, string>} custom  the custom setup's files, e.g.
 *   { white_king: "d", white_imm: "a", black_king: "e", black_imm: "h" }
 * @property {string} time  the clock: "none", a preset (clock.js's PRESETS, e.g. "5+3") or "custom"
 * @property {string} customTime  the custom time control, minutes + seconds a move, e.g. "10+5"
 */

/** @typedef {'king_capture' | 'distance_1968' | 'repetition' | 'move_limit' | 'bare_kings'} RuleChoice */
/** @typedef {'white_king' | 'white_imm' | 'black_king' | 'black_imm'} CustomChoice */

/** Each rule choice (a check box of the dialog) and whether it is on unless chosen otherwise. */
export const RULE_DEFAULTS = Object.freeze(
  /** @type {Record<RuleChoice, boolean>} */ ({ king_capture: false, distance_1968: false, repetition: true, move_limit: true, bare_kings: true }),
);

/** Each choice of the custom setup, its allowed files, the default first. */
export const CUSTOM_FILES = Object.freeze(
  /** @type {Record<CustomChoice, readonly [string, string]>} */ ({ white_king: ['d', 'e'], white_imm: ['a', 'h'], black_king: ['e', 'd'], black_imm: ['h', 'a'] }),
);

/** @returns {NewGameChoices} what the dialog offers before any choice was made */
export function defaultChoices() {
  return {
    mode: 'two',
    side: 'white',
    level: DEFAULT_LEVEL,
    rules: { ...RULE_DEFAULTS },
    setup: 'rotated',
    custom: /** @type {Record<CustomChoice, string>} */ (Object.fromEntries(Object.entries(CUSTOM_FILES).map(([name, files]) => [name, files[0]]))),
    time: 'none',
    customTime: '10+5',
  };
}

/**
 * The computer player of a game.
 *
 * @typedef {object} Opponent
 * @property {Side} computer  the side the computer plays, e.g. "black"
 * @property {number} level  1–8, e.g. 4
 */

/**
 * @typedef {object} Saved
 * @property {string | null} record  the game record, e.g. "[Setup \"rotated\"]\n\n1. b2-b5 *"
 * @property {Settings} settings
 * @property {string | null} problem  what happened to stored data that could not be used, or
 *   why nothing will be saved, for a notice
 * @property {string | null} pieces  the saved game's position as 64 letters, a1 first ("." for an
 *   empty square), to draw while the wasm loads; null when not known
 * @property {boolean} firstVisit  nothing was stored (or storage is refused): a first visit
 * @property {StoredReview | null} [review]  the saved game's review, whole or stopped half way
 */

/** @returns {Settings} */
export function defaultSettings() {
  return { pieceSet: 'chess', theme: 'green', orientation: 'white', opponent: null, linkSide: null, showThinking: false, newGame: null, sound: true, touchPreview: true, premove: true, typeMoves: false, coordinates: true, legalMoves: true, threats: false, animation: true, autoFlip: false, zen: false, analysisEngine: true, analysisLines: ENGINE_LINES };
}

/** Whether `save` may write: false when storage is off, or when data could not be set aside. */
let writable = true;
/** Whether a failed save was reported already (one notice, not one per move). */
let saveFailureReported = false;
/** @type {string | null} the stored text as this tab last read or wrote it */
let lastSeen = null;

/**
 * Why storage refused a write, in words, for every store of the page (the game, the finished
 * games).
 *
 * @param {unknown} error  what `setItem` threw
 * @returns {string} e.g. "the browser's storage is full"
 */
export const refusal = (error) => (error instanceof DOMException && error.name === 'QuotaExceededError' ? 'the browser\'s storage is full' : 'the browser refused to store it');

/**
 * A backup key of its own for data set aside now: the time, a millisecond on when that one is
 * taken (two set aside in one millisecond would otherwise share it). Throws where storage does.
 *
 * @returns {string} e.g. "ultima.page.backup.2026-11-22T01:02:03.456Z"
 */
function newBackupKey() {
  const key = (/** @type {number} */ ms) => `${BACKUP_PREFIX}${new Date(ms).toISOString()}`;
  let ms = Date.now();
  while (localStorage.getItem(key(ms)) !== null) ms += 1;
  return key(ms);
}

/**
 * Copies `text` to a new backup key so that the page may write over `STORAGE_KEY`. If the copy
 * fails, the page writes nothing for the rest of the visit: the original stays where it is.
 *
 * @param {string} text  the data as it was stored
 * @param {string} reason  e.g. "could not be read"
 * @returns {string} the notice, e.g. "The saved game could not be read, so a new game was
 *   started; the saved data was kept under …"
 */
export function setAside(text, reason) {
  try {
    localStorage.setItem(newBackupKey(), text);
    return `The saved game ${reason}, so a new game was started. The saved data was kept: Your games lists it under “Set aside”.`;
  } catch (error) {
    writable = false;
    return `The saved game ${reason}, so a new game was started. It could not be copied aside (${refusal(error)}), so it was left as it was and this game will not be saved.`;
  }
}

/**
 * Reads what was saved. Never throws: data that cannot be used is set aside (see `setAside`) and
 * the defaults come back with a `problem`.
 *
 * @returns {Saved}
 */
export function load() {
  const settings = defaultSettings();
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    writable = false;
    return {
      record: null,
      settings,
      problem: 'This browser does not allow this page to store data, so the game will not be saved. It still plays, and its record can be copied out.',
      pieces: null,
      firstVisit: true,
    };
  }
  lastSeen = text;
  if (text === null) return { record: null, settings, problem: null, pieces: null, firstVisit: true };
  const read = parse(text);
  if ('unusable' in read) return { record: null, settings, problem: setAside(text, read.unusable), pieces: null, firstVisit: false };
  return read;
}

/**
 * Reads stored text. Never throws.
 *
 * @param {string} text
 * @returns {Saved | { unusable: string }} what it holds, or why it cannot be used (e.g. "could
 *   not be read")
 */
export function parse(text) {
  const settings = defaultSettings();
  /** @param {string} reason */
  const aside = (reason) => ({ unusable: reason });
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return aside('could not be read');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return aside('could not be read');
  const version = 'version' in data ? data.version : undefined;
  if (typeof version === 'number' && version > SCHEMA_VERSION) return aside(`comes from a newer version of this page (schema ${version})`);
  if (version !== SCHEMA_VERSION) return aside('is in a form this version does not know');
  // A record that is neither text nor null is no game this page wrote: set aside, not dropped.
  const stored = 'record' in data ? data.record : null;
  if (stored !== null && typeof stored !== 'string') return aside('holds a game record that is not text');
  const record = stored;
  if ('settings' in data && typeof data.settings === 'object' && data.settings !== null) {
    const s = /** @type {Record<string, unknown>} */ (data.settings);
    if (s.pieceSet === 'chess' || s.pieceSet === 'abstract') settings.pieceSet = s.pieceSet;
    settings.theme = THEME_NAMES.find((name) => name === s.theme) ?? settings.theme;
    if (isSide(s.orientation)) settings.orientation = s.orientation;
    settings.opponent = readOpponent(s.opponent);
    if (isSide(s.linkSide) && settings.opponent === null) settings.linkSide = s.linkSide;
    if (typeof s.showThinking === 'boolean') settings.showThinking = s.showThinking;
    settings.newGame = readChoices(s.newGame);
    // Added after schema 1 was first written: data without them keeps the defaults.
    if (typeof s.sound === 'boolean') settings.sound = s.sound;
    if (typeof s.touchPreview === 'boolean') settings.touchPreview = s.touchPreview;
    if (typeof s.premove === 'boolean') settings.premove = s.premove;
    if (typeof s.typeMoves === 'boolean') settings.typeMoves = s.typeMoves;
    if (typeof s.coordinates === 'boolean') settings.coordinates = s.coordinates;
    if (typeof s.legalMoves === 'boolean') settings.legalMoves = s.legalMoves;
    if (typeof s.threats === 'boolean') settings.threats = s.threats;
    if (typeof s.animation === 'boolean') settings.animation = s.animation;
    if (typeof s.autoFlip === 'boolean') settings.autoFlip = s.autoFlip;
    if (typeof s.zen === 'boolean') settings.zen = s.zen;
    if (typeof s.analysisEngine === 'boolean') settings.analysisEngine = s.analysisEngine;
    if (isEngineLines(s.analysisLines)) settings.analysisLines = s.analysisLines;
    const clock = readRunning(s.clock, Date.now());
    if (clock) settings.clock = clock;
    if (typeof s.finishedId === 'string' && /^[0-9a-z-]{1,40}$/.test(s.finishedId)) settings.finishedId = s.finishedId;
  }
  const pieces = 'pieces' in data && typeof data.pieces === 'string' && PIECES.test(data.pieces) ? data.pieces : null;
  const review = 'review' in data ? readReview(data.review, record) : null;
  return { record, settings, problem: null, pieces: record === null ? null : pieces, firstVisit: false, ...(review ? { review } : {}) };
}

/**
 * Sets aside what is stored now (a record that would not load), before the page saves a new game
 * over it.
 *
 * @param {string} reason  e.g. "could not be resumed (…)"
 * @returns {string | null} the notice, or null when nothing is stored
 */
export function setAsideStored(reason) {
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  return text === null ? null : setAside(text, reason);
}

/**
 * Copies what is stored now to a new backup key, before the player replaces the game in progress
 * by choice (a game from a link), so that it can be found again.
 *
 * @returns {{ key: string | null } | { error: string }} the backup key (null when nothing is
 *   stored, or storage is off), or why the copy failed (then nothing may replace the game)
 */
export function keepStoredAside() {
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { key: null };
  }
  if (text === null) return { key: null };
  try {
    const key = newBackupKey();
    localStorage.setItem(key, text);
    return { key };
  } catch (error) {
    return { error: refusal(error) };
  }
}

/**
 * Saves the game and settings. When another tab has stored something since this tab last read
 * or wrote (and this tab has not followed it yet), that is set aside first, and the notice says
 * where.
 *
 * @param {string} record
 * @param {Settings} settings
 * @param {readonly string[]} [pieces] the game's position, 64 letters or "" a1 first (the
 *   snapshot's `pieces`), drawn at the next visit while the wasm loads
 * @param {StoredReview | null} [review]  the game's review, if one was made (of this record)
 * @returns {string | null} a notice when another tab's game was set aside, or the first time
 *   saving fails (storage full or refused); else null
 */
export function save(record, settings, pieces, review = null) {
  if (!writable) return null;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    let notice = null;
    if (stored !== null && stored !== lastSeen && recordOf(stored) !== record) {
      const key = newBackupKey();
      localStorage.setItem(key, stored);
      notice = `This game was also changed in another tab. The other tab's game was kept: Your games lists it under “Set aside”.`;
    }
    const board = pieces?.length === 64 ? pieces.map((letter) => letter || '.').join('') : '';
    const text = JSON.stringify({ version: SCHEMA_VERSION, record, settings, ...(PIECES.test(board) ? { pieces: board } : {}), ...(review ? { review } : {}) });
    localStorage.setItem(STORAGE_KEY, text);
    lastSeen = text;
    saveFailureReported = false;
    return notice;
  } catch (error) {
    if (saveFailureReported) return null;
    saveFailureReported = true;
    return `The game could not be saved: ${refusal(error)}. It still plays, and its record can be copied out.`;
  }
}

/**
 * @param {string} text stored text
 * @returns {string | null} the record it holds, if any
 */
function recordOf(text) {
  const read = parse(text);
  return 'unusable' in read ? null : read.record;
}

/**
 * Sets aside what this tab saved when another tab's save replaced it unseen: two tabs that save
 * at the same moment may each read storage before the other's write reaches it, so neither
 * sets the other's game aside. Nothing is written when a backup holds the text already (the
 * other tab did see it).
 *
 * @param {string} text  what this tab last saved
 * @returns {boolean} whether it is kept aside now
 */
export function keepOwnAside(text) {
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(BACKUP_PREFIX) && localStorage.getItem(key) === text) return true;
    }
    localStorage.setItem(newBackupKey(), text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `listener` whenever another tab of this browser saves a game, with what it saved and
 * what this tab last saved or read (null: nothing); the listener answers whether this tab now
 * follows it. What this tab does not follow (or cannot read) is set aside by this tab's next
 * save instead of being overwritten.
 *
 * @param {(saved: Saved, mine: string | null) => boolean} listener
 * @returns {() => void} stops listening
 */
export function onOtherTab(listener) {
  /** @param {StorageEvent} event */
  const heard = (event) => {
    if (event.key !== STORAGE_KEY || event.newValue === null || event.newValue === lastSeen) return;
    // Heard late: storage has moved on since that save (this tab saved over it, setting it
    // aside, or the next save's own event is on its way). Following it would only write it back
    // over the newer one, and two tabs moving at once would set each other's games aside in turn.
    let now;
    try {
      now = localStorage.getItem(STORAGE_KEY);
    } catch {
      return;
    }
    if (now !== event.newValue) return;
    const read = parse(event.newValue);
    if ('unusable' in read) return;
    // Seen before the listener runs: following the game saves it again, which is no conflict.
    const previous = lastSeen;
    lastSeen = event.newValue;
    if (!listener(read, previous)) lastSeen = previous;
  };
  window.addEventListener('storage', heard);
  return () => window.removeEventListener('storage', heard);
}

/**
 * A stored opponent, or null unless it is well formed.
 *
 * @param {unknown} value
 * @returns {Opponent | null}
 */
export function readOpponent(value) {
  if (typeof value !== 'object' || value === null) return null;
  const o = /** @type {Record<string, unknown>} */ (value);
  const computer = o.computer;
  const level = o.level;
  if (computer !== 'white' && computer !== 'black') return null;
  if (!isLevel(level)) return null;
  return { computer, level };
}

/** A stored position: 64 piece letters or "." (upper case White), a1 first. */
const PIECES = /^[KWCILXPkwcilxp.]{64}$/;

/**
 * Stored new-game choices, each well-formed field kept and any other one at its default; null
 * unless it is an object.
 *
 * @param {unknown} value
 * @returns {NewGameChoices | null}
 */
export function readChoices(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  const choices = defaultChoices();
  if (v.mode === 'two' || v.mode === 'ai') choices.mode = v.mode;
  if (isSideChoice(v.side)) choices.side = v.side;
  if (isLevel(v.level)) choices.level = v.level;
  if (v.setup === 'rotated' || v.setup === 'mirrored' || v.setup === 'custom') choices.setup = v.setup;
  const rules = typeof v.rules === 'object' && v.rules !== null ? /** @type {Record<string, unknown>} */ (v.rules) : {};
  for (const name of /** @type {RuleChoice[]} */ (Object.keys(RULE_DEFAULTS))) {
    const on = rules[name];
    if (typeof on === 'boolean') choices.rules[name] = on;
  }
  const custom = typeof v.custom === 'object' && v.custom !== null ? /** @type {Record<string, unknown>} */ (v.custom) : {};
  for (const [name, files] of /** @type {Array<[CustomChoice, readonly string[]]>} */ (Object.entries(CUSTOM_FILES))) {
    const file = custom[name];
    if (typeof file === 'string' && files.includes(file)) choices.custom[name] = file;
  }
  if (typeof v.time === 'string' && (v.time === 'none' || v.time === 'custom' || PRESETS.includes(v.time))) choices.time = v.time;
  if (typeof v.customTime === 'string' && isControl(v.customTime)) choices.customTime = v.customTime;
  return choices;
}
