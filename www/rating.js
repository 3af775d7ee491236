// The puzzle player's rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013),
// one rating period per puzzle, the puzzle as the opponent. A puzzle's rating is fixed (derived
// from how hard the engine found it, crates/cli/src/puzzle.rs) with a deviation of
// PUZZLE_DEVIATION; the player starts at 1500 ± 250 (Glickman's 350 swings the rating by 600
// points on a first easy puzzle missed) and the deviation never drops below MIN_DEVIATION, so
// the rating keeps following the player. Pure functions, no storage.

/**
 * A Glicko-2 rating on the Glicko scale: the rating, its deviation and the volatility.
 *
 * @typedef {{ rating: number, deviation: number, volatility: number }} Rating
 */

/** A new player's rating; no deviation is ever above it. */
/** @type {Readonly<Rating>} */
export const INITIAL = Object.freeze({ rating: 1500, deviation: 250, volatility: 0.06 });

/** How uncertain a puzzle's derived rating is taken to be. */
export const PUZZLE_DEVIATION = 100;
/** The least deviation of a player: their rating still moves about 10 points a puzzle. */
export const MIN_DEVIATION = 60;
/** The system constant τ: how much the volatility may change (Glickman suggests 0.3 to 1.2). */
const TAU = 0.5;
/** The Glicko-2 scale factor. */
const SCALE = 173.7178;
/** The convergence tolerance of the volatility iteration. */
const EPSILON = 0.000001;

/** @param {number} phi */
const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * The player's expected score against a puzzle: the chance to solve it.
 *
 * @param {Rating} player
 * @param {number} puzzleRating
 */
export function expected(player, puzzleRating) {
  const mu = (player.rating - 1500) / SCALE;
  const muJ = (puzzleRating - 1500) / SCALE;
  return 1 / (1 + Math.exp(-g(PUZZLE_DEVIATION / SCALE) * (mu - muJ)));
}

/**
 * The rating after one puzzle: solved (`score` 1) or failed (0).
 *
 * @param {Rating} player
 * @param {number} puzzleRating
 * @param {0 | 1} score
 * @returns {Rating}
 */
export function update(player, puzzleRating, score) {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const gJ = g(PUZZLE_DEVIATION / SCALE);
  const e = expected(player, puzzleRating);
  // Steps 3 and 4: the estimated variance and the improvement.
  const v = 1 / (gJ * gJ * e * (1 - e));
  const delta = v * gJ * (score - e);
  // Step 5: the new volatility, by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  /** @param {number} x */
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let lo = a;
  let hi;
  if (delta * delta > phi * phi + v) hi = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    hi = a - k * TAU;
  }
  let fLo = f(lo);
  let fHi = f(hi);
  for (let i = 0; i < 100 && Math.abs(hi - lo) > EPSILON; i += 1) {
    /** @type {number} */
    const c = lo + ((lo - hi) * fLo) / (fHi - fLo);
    const fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else fLo /= 2;
    hi = c;
    fHi = fC;
  }
  const volatility = Math.exp(lo / 2);
  // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * gJ * (score - e);
  return {
    rating: muNew * SCALE + 1500,
    deviation: Math.min(INITIAL.deviation, Math.max(MIN_DEVIATION, phiNew * SCALE)),
    volatility,
  };
}

/**
 * A stored rating, or null when it is not one (a number out of range, a missing field).
 *
 * @param {unknown} value
 * @returns {Rating | null}
 */
export function readRating(value) {
  if (typeof value !== 'object' || value === null) return null;
  const { rating, deviation, volatility } = /** @type {Record<string, unknown>} */ (value);
  const within = (/** @type {unknown} */ x, /** @type {number} */ lo, /** @type {number} */ hi) => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;
  if (!within(rating, 0, 4000) || !within(deviation, 1, INITIAL.deviation) || !within(volatility, 0.0001, 1)) return null;
  return { rating: /** @type {number} */ (rating), deviation: /** @type {number} */ (deviation), volatility: /** @type {number} */ (volatility) };
}
