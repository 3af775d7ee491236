// The figures the paired timing scripts print: a median and its quartiles.

/**
 * The value at fraction `at` (0.5: the median) of `xs` sorted.
 * @param {number[]} xs
 * @param {number} at
 */
export function quantile(xs, at) {
  if (xs.length === 0) throw new Error('no values to take a quantile of');
  return [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * at)];
}

/**
 * "1.023× (quartiles 1.004–1.041, 40 pairs)" for the ratios `xs`.
 * @param {number[]} xs
 */
export const medianAndQuartiles = (xs) =>
  `${quantile(xs, 0.5).toFixed(3)}× (quartiles ${quantile(xs, 0.25).toFixed(3)}–` +
  `${quantile(xs, 0.75).toFixed(3)}, ${xs.length} pair${xs.length === 1 ? '' : 's'})`;
