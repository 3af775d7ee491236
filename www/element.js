// <ultima-board>: the custom element over `mount`. Its attributes are the options in kebab-case
// (piece-set="abstract", mode="ai", level="3", …); changing one after the board is up changes the
// board (game options start a new game, with the `shapes` attribute's arrows and circles drawn on
// it again). The board lives in the element's shadow root; its events (ready, move, gameover,
// thinking, shapes, error, …) are composed and bubble out of it to the element.
// Styling from outside: the parts `frame`, `board`, `status`, `controls`, `caption` and `error` (::part),
// and the custom properties --ultima-error-color, --ultima-error-background, --ultima-focus-color
// and --ultima-font.
//
// Removing the element from the page destroys its board (and its computer player); putting it
// back later mounts a fresh one from its attributes. Moved at once (removed and put back in the
// same script: another parent, a new order), it keeps its board and game. The board's handle
// (embed.js) is `element.handle`.
//
// Loading this module defines the element; importing it again (or from another copy of the
// build) leaves the first definition alone.

import { mount } from './embed.js';
import { GAME_OPTIONS, kebab, meantName, optionNamed, OPTION_NAMES, quote } from './options.js';

/** @import { EmbedHandle } from './embed.js' */
/** @import { EmbedOptions } from './options.js' */

/** The element's own styles, shared by every instance (a constructed style sheet needs no CSP
 * exception, unlike a <style> element with 'unsafe-inline'). */
const SHEET = new CSSStyleSheet();
SHEET.replaceSync(`
:host { display: block; max-width: 100%; }
:host([hidden]) { display: none; }
canvas:focus-visible { outline: 3px solid var(--ultima-focus-color, #6fa8ff); outline-offset: 2px; }
button { font: inherit; min-width: 2.2em; min-height: 24px; }
@media (pointer: coarse) { button { min-width: 40px; min-height: 40px; } }
`);

export class UltimaBoard extends HTMLElement {
  static get observedAttributes() {
    return OPTION_NAMES.map(kebab);
  }

  constructor() {
    super();
    /** @type {EmbedHandle | null} */
    this.handle = null;
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [SHEET];
  }

  connectedCallback() {
    const root = this.shadowRoot;
    if (this.handle || !root) return;
    const box = document.createElement('div');
    root.replaceChildren(box);
    // The attributes as given: mount checks them, and shows what is wrong in the board area.
    /** @type {Record<string, string>} */
    const options = {};
    for (const name of OPTION_NAMES) {
      const value = this.getAttribute(kebab(name));
      if (value !== null) options[name] = value;
    }
    // A misspelt option ("piecesett") would be left out without a word: said in the console, as
    // embed.html says of its parameters. Other attributes (id, class, aria-…, a framework's own)
    // are the page's business.
    for (const { name } of this.attributes) {
      const meant = optionNamed(name) ? undefined : meantName(name, OPTION_NAMES.map(kebab));
      if (meant) console.warn(`<ultima-board>: unknown attribute ${quote(name)} (did you mean ${quote(meant)}?): it is left out`);
    }
    this.handle = mount(box, /** @type {EmbedOptions} */ (options));
  }

  disconnectedCallback() {
    // Moved elsewhere in the page (appended to another parent, reordered by a framework), the
    // element is disconnected and connected again at once: it keeps its board and game. One
    // still out of the document once the current script is done is taken down.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.handle?.destroy();
      this.handle = null;
      this.shadowRoot?.replaceChildren();
    });
  }

  /**
   * @param {string} name
   * @param {string | null} before
   * @param {string | null} after
   */
  attributeChangedCallback(name, before, after) {
    const handle = this.handle;
    const option = optionNamed(name);
    // Before the board is mounted the attributes are read when it is; a removed attribute keeps
    // the option's current value.
    if (!handle || !option || before === after || after === null) return;
    const apply = () => {
      // Only the attribute's latest value counts.
      if (this.handle !== handle || this.getAttribute(name) !== after) return;
      try {
        // The attributes describe the board: a new game from them gets the shapes they give too
        // (the board drops shapes when its position changes), and a mode or side, which turns
        // the board to the player's side, keeps the orientation they give, in the same change.
        /** @type {Record<string, string>} */
        const changed = { [option]: after };
        const shapes = this.getAttribute('shapes');
        if (shapes !== null && GAME_OPTIONS.some((game) => game === option)) changed.shapes = shapes;
        const orientation = this.getAttribute('orientation');
        if (orientation !== null && (option === 'mode' || option === 'side')) changed.orientation = orientation;
        // (Text, as every attribute is: the handle checks it.)
        handle.set(/** @type {EmbedOptions} */ (/** @type {unknown} */ (changed)));
      } catch (error) {
        handle.report(error);
      }
    };
    if (handle.canvas()) apply();
    else handle.ready.then((ok) => ok && apply());
  }
}

if (!customElements.get('ultima-board')) customElements.define('ultima-board', UltimaBoard);
