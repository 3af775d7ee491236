// axe-core's audit of a page in the state a test put it in (e2e/a11y.test.mjs goes through the
// game page's states; a dialog's own test may audit its own): the rules of WCAG 2.0, 2.1 and
// 2.2 at levels A and AA and axe's best practices. Every violation fails, with its rule, its
// elements and what axe says is wrong, except the findings in `ACCEPTED`, each with its reason.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/** @import { Page } from 'playwright-core' */

/** axe-core, evaluated in the page (a script tag would meet the page's content security policy). */
const AXE = readFileSync(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** The rule sets run: WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Findings that stand, by rule and element, each with its reason.
 *
 * @type {Array<{ rule: string, selector: string, why: string }>}
 */
const ACCEPTED = [
  {
    rule: 'label-content-name-mismatch',
    selector: '.welcome-option',
    why: "Each welcome option is named by its title (aria-labelledby) and described by its second line (aria-describedby). WCAG 2.5.3 asks that the name contain the visible label, the title, which it does; axe counts the description as label text.",
  },
  {
    rule: 'label-content-name-mismatch',
    // The lines' buttons, told from the tree's (which carry data-node) by themselves and not by
    // their ancestors: the lines are redrawn as the engine reports, and a button replaced while
    // axe ran is found out of the page, where no ancestor selector matches it.
    selector: '.analysis-move:not([data-node])',
    why: "An engine line is one row, cut at the panel's edge (as lichess's are): a move the edge cuts shows part of its text, which axe takes for its visible label. Its name holds the whole move as written, then its words.",
  },
  {
    rule: 'color-contrast',
    selector: '.analysis-bar-label',
    why: "The evaluation bar's figure (hidden from screen readers, which hear the score in words) is drawn with mix-blend-mode: difference, dark over White's part and light over Black's, and readable where it straddles the two; axe compares its colour with the part behind it without the blend. Looked at on both parts and on the edge, in both page colours.",
  },
  {
    rule: 'page-has-heading-one',
    selector: 'html:has(> body > main#board)',
    why: 'embed.html is the board alone, made to sit in an iframe of another page, whose headings are that page\'s; the frame is named by its title and its main landmark ("Ultima board").',
  },
];

/**
 * Runs axe on the page and returns its violations, less the accepted ones, in words.
 *
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
async function violations(page) {
  await page.evaluate(AXE);
  // Which findings stand is decided in the same evaluation as the audit: a live part of the page
  // (the engine's lines, redrawn as reports come) may have replaced an element by the time a
  // second look for it would come.
  return page.evaluate(
    async ({ tags, accepted }) => {
      const axe = /** @type {any} */ (window).axe;
      const result = await axe.run(document, { runOnly: tags, resultTypes: ['violations'], elementRef: true });
      return result.violations.flatMap((/** @type {any} */ v) =>
        v.nodes
          .filter((/** @type {any} */ node) => !accepted.some(({ rule, selector }) => rule === v.id && node.element instanceof Element && node.element.matches(selector)))
          .map((/** @type {any} */ node) => `${v.id} (${v.impact}) on ${node.target.join(' ')}: ${v.help}. ${node.failureSummary}`),
      );
    },
    { tags: TAGS, accepted: ACCEPTED },
  );
}

/**
 * Audits the page in the state a step put it in.
 *
 * @param {Page} page
 * @param {string} state  what the player sees, for the message
 */
export async function audit(page, state) {
  const left = await violations(page);
  assert.deepEqual(left, [], `${state}: ${left.length} violation(s)`);
}
