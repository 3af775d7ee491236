// The computer's "thinking" mark on the board itself: three dots in a dark pill in the board's
// top right corner (the far side, the opponent's), pulsing one after the other while a search
// runs. Under prefers-reduced-motion the dots stand still. It is styled through the CSSOM and
// animated with the Web Animations API, so it needs no style sheet (an embed may have none) and
// nothing a Content-Security-Policy forbids; it takes no pointer events, and screen readers hear
// the search from the status instead (it is aria-hidden).

import { make } from './util.js';

/**
 * @typedef {object} Spinner
 * @property {HTMLElement} node  the mark, with `data-thinking` while shown
 * @property {(on: boolean) => void} show  shows and animates it, or hides it
 * @property {() => void} remove
 */

/**
 * @param {HTMLElement} node
 * @param {Record<string, string>} styles
 */
function style(node, styles) {
  for (const [name, value] of Object.entries(styles)) node.style.setProperty(name, value);
}

/**
 * Creates the mark in `parent` (the board's positioned box), hidden.
 *
 * @param {HTMLElement} parent
 * @returns {Spinner}
 */
export function createSpinner(parent) {
  const node = make('div', { class: 'ultima-thinking', 'aria-hidden': 'true' });
  style(node, {
    position: 'absolute',
    // Tucked into the corner, and small: the corner square's piece shows under it.
    top: '0.4%',
    right: '0.4%',
    display: 'none',
    gap: '0.55cqw',
    'align-items': 'center',
    padding: '0.55% 1%',
    'border-radius': '999px',
    background: 'rgba(20, 20, 18, 0.72)',
    'box-shadow': '0 1px 3px rgba(0, 0, 0, 0.4)',
    'pointer-events': 'none',
  });
  /** @type {HTMLElement[]} */
  const dots = [];
  for (let i = 0; i < 3; i++) {
    const dot = make('span', {});
    style(dot, { display: 'block', width: '1.15cqw', height: '1.15cqw', 'min-width': '4px', 'min-height': '4px', 'border-radius': '50%', background: '#F4F1E6' });
    dots.push(dot);
  }
  node.append(...dots);
  parent.append(node);
  // Sizes in cqw follow the board's width.
  style(parent, { 'container-type': 'inline-size' });
  /** @type {Animation[]} */
  let running = [];
  let shown = false;

  const stop = () => {
    for (const animation of running) animation.cancel();
    running = [];
  };

  return {
    node,
    show(on) {
      if (on === shown) return;
      shown = on;
      // display, not the hidden attribute, which the display set above would override.
      style(node, { display: on ? 'flex' : 'none' });
      stop();
      if (on) {
        node.dataset.thinking = 'true';
        if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
          running = dots.map((dot, i) =>
            dot.animate(
              [
                { opacity: 0.3, transform: 'scale(0.75)' },
                { opacity: 1, transform: 'scale(1)' },
                { opacity: 0.3, transform: 'scale(0.75)' },
              ],
              { duration: 900, delay: i * 150, iterations: Infinity, easing: 'ease-in-out' },
            ),
          );
        }
      } else {
        delete node.dataset.thinking;
      }
    },
    remove() {
      stop();
      node.remove();
    },
  };
}
