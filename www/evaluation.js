// The analysis board's numbers in words and shares, as pure functions of the engine's reports
// (`Report` from the worker, the shape `ultima analyse --json` prints). Every score here is from
// White's point of view (the report's `white`), so that the bar and the lines read the same
// whoever is to move.

/** @import { Report, Score } from '../ultima-wasm.js' */

/** The engine's best lines the analysis board shows at first (multi-PV); its Lines choice takes
 * 1 to `MAX_ENGINE_LINES`, as lichess's "Multiple lines" does: fewer lines search deeper. */
export const ENGINE_LINES = 3;
export const MAX_ENGINE_LINES = 5;

/**
 * Whether `value` is a number of engine lines the analysis board shows.
 *
 * @param {unknown} value
 * @returns {value is number}
 */
export const isEngineLines = (value) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= MAX_ENGINE_LINES;

/**
 * How much a centipawn advantage shifts the bar: White's share is the logistic
 * 1 / (1 + e^(-k·cp)), the winning chances lichess draws its bar with (k = 0.00368208): +1.00 is
 * about 59 %, +3.00 about 75 %, +10.00 about 98 %.
 */
const SHARE_PER_CP = 0.00368208;

/**
 * A score in short: "+1.25", "−0.40", "0.00", or "#2" (White mates in two moves), "#−2" (Black
 * mates in two).
 *
 * @param {Score} score  from White's view
 * @returns {string}
 */
export function scoreText(score) {
  if (score.mate !== undefined) return `#${score.mate < 0 ? '−' : ''}${Math.abs(score.mate)}`;
  const cp = score.cp ?? 0;
  const pawns = (Math.abs(cp) / 100).toFixed(2);
  return cp > 0 ? `+${pawns}` : cp < 0 ? `−${pawns}` : pawns;
}

/**
 * A score in words, for the headline and screen readers: "Mate in 2 for White", "White is
 * better by 1.25", "Equal".
 *
 * @param {Score} score  from White's view
 * @returns {string}
 */
export function scoreWords(score) {
  if (score.mate !== undefined) {
    const moves = Math.abs(score.mate);
    return `Mate in ${moves} for ${score.mate > 0 ? 'White' : 'Black'}`;
  }
  const cp = score.cp ?? 0;
  if (cp === 0) return 'Equal';
  return `${cp > 0 ? 'White' : 'Black'} is better by ${(Math.abs(cp) / 100).toFixed(2)}`;
}

/**
 * White's share of the evaluation bar: 1 when White mates, 0 when Black does, ½ when level.
 *
 * @param {Score} score  from White's view
 * @returns {number} 0–1
 */
export function whiteShare(score) {
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-SHARE_PER_CP * (score.cp ?? 0)));
}

/**
 * Nodes per second in short: "850 k nodes/s", "1.4 M nodes/s".
 *
 * @param {number} nps
 * @returns {string}
 */
export function speedText(nps) {
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} M nodes/s`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} k nodes/s`;
  return `${nps} nodes/s`;
}

/**
 * The engine's progress line: "Depth 14/22 · 1.4 M nodes/s", the deepest line it looked at
 * after the slash when deeper than the depth. Once a mate is found the search goes on to higher
 * depths through lines the mate cuts short, so the deepest can be shallower than the depth:
 * "11/6" would look wrong, and is "11".
 *
 * @param {Report} report
 * @returns {string}
 */
export function progressText(report) {
  const depth = report.seldepth > report.depth ? `${report.depth}/${report.seldepth}` : String(report.depth);
  return `Depth ${depth} · ${speedText(report.nps)}`;
}
