// The numbers the bench scripts take on their command lines.

/**
 * The whole number `text` from the command line, `fallback` when it is not given; anything
 * else than a whole number from `least` to `most` is an error that names `what`.
 * @param {string | undefined} text
 * @param {string} what e.g. 'the search depth'
 * @param {number} fallback
 * @param {number} least
 * @param {number} most
 */
export function wholeNumber(text, what, fallback, least, most) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < least || n > most) {
    throw new Error(`${what} is a whole number from ${least} to ${most}, not "${text}"`);
  }
  return n;
}
