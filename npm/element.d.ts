/**
 * `import 'ultima-board/element'` registers the custom element `<ultima-board>`, an
 * {@link UltimaBoard}: its attributes are the options of `mount` in kebab-case
 * (`piece-set="abstract"`); changing one changes the board; its events bubble out of it; and its
 * `handle` is the board's handle.
 *
 * @module ultima-board/element
 */

// As index.d.ts: the API by name, the shapes from the emitted declarations.
export { UltimaBoard } from './www/element.js';
