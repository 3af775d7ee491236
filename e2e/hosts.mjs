// Host pages for the embed tests: what a page author writes to put a board in a page, one per
// way of embedding (ES module, custom element, iframe), with no inline script so the same pages
// also run under a strict Content-Security-Policy. Each page records the board's events in
// `window.events` and any CSP violation in `window.violations`. The options come from the host
// page's own query string (?options=<JSON>), so one page serves every test.

/** @import { Page } from './server.mjs' */

const JS = { 'content-type': 'text/javascript; charset=utf-8' };

/** The annotated game the markup host's replay shows: a game comment, marks and comments. */
export const MARKUP_RECORD = '{A short game} 1. h2-h6 {The Pawn runs ahead.} e7-e5?! 2. h1-h4 e5-h5xh6!! {Pinched.}';

/** The event types every host records. */
export const EVENT_TYPES = ['ready', 'move', 'gameover', 'change', 'view', 'thinking', 'shapes', 'error'];

/**
 * @param {string} title
 * @param {string} script  the host's script file name
 * @param {string} [extra]  a second script to load first (the custom element's module)
 * @returns {string}
 */
function html(title, script, extra) {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    ${extra ? `<script type="module" src="${extra}"></script>` : ''}
    <script type="module" src="${script}"></script>
  </head>
  <body>
    <h1>${title}</h1>
    <p id="before">Text before the board.</p>
    <div id="hosts"></div>
    <p id="after">Text after the board.</p>
  </body>
</html>`;
}

/** Shared start of every host script: the event log, the CSP log and the options. */
const PRELUDE = `
window.events = [];
window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
const params = new URLSearchParams(location.search);
const boards = JSON.parse(params.get('options') ?? '[{}]');
const hosts = document.getElementById('hosts');
const record = (index) => (type, detail) => window.events.push({ board: index, type, detail });
`;

/**
 * The host pages, by file name, for the board files at `dist` (the build's root URL; another
 * origin than the host's for the cross-origin test).
 *
 * @param {string} dist e.g. "http://127.0.0.1:41234/sub/path/"
 * @param {Record<string, string>} [headers] sent with the HTML pages, e.g. a CSP
 * @returns {Record<string, Page>}
 */
export function hostPages(dist, headers = {}) {
  const types = JSON.stringify(EVENT_TYPES);
  return {
    'host-module.html': { body: html('Module host', 'host-module.js'), headers },
    'host-module.js': {
      headers: JS,
      body: `import { mount } from '${dist}www/embed.js';
${PRELUDE}
window.handles = boards.map((options, index) => {
  const box = document.createElement('div');
  box.className = 'host';
  hosts.append(box);
  const handle = mount(box, options);
  for (const type of ${types}) handle.on(type, record(index).bind(null, type));
  return handle;
});
`,
    },
    'host-element.html': { body: html('Custom element host', 'host-element.js', `${dist}www/element.js`), headers },
    'host-element.js': {
      headers: JS,
      body: `${PRELUDE}
boards.forEach((options, index) => {
  const board = document.createElement('ultima-board');
  for (const [name, value] of Object.entries(options)) board.setAttribute(name, String(value));
  for (const type of ${types}) board.addEventListener(type, (e) => record(index)(type, e.detail));
  hosts.append(board);
});
`,
    },
    // The README's custom element example as written: the boards in the page's markup, and a
    // script after them that listens.
    'host-markup.html': {
      body: `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Markup host</title>
    <link rel="icon" href="data:," />
    <script type="module" src="${dist}www/element.js"></script>
  </head>
  <body>
    <ultima-board mode="nonsense"></ultima-board>
    <ultima-board mode="replay" size="300" record="${MARKUP_RECORD}"></ultima-board>
    <script type="module" src="host-markup.js"></script>
  </body>
</html>`,
      headers,
    },
    'host-markup.js': {
      headers: JS,
      body: `window.events = [];
document.querySelectorAll('ultima-board').forEach((board, index) => {
  for (const type of ${types}) board.addEventListener(type, (e) => window.events.push({ board: index, type, detail: e.detail }));
});
`,
    },
    'host-frame.html': { body: html('iframe host', 'host-frame.js'), headers },
    'host-frame.js': {
      headers: JS,
      body: `${PRELUDE}
const frames = boards.map((options, index) => {
  const frame = document.createElement('iframe');
  const query = new URLSearchParams(options);
  if (!query.has('origin')) query.set('origin', location.origin);
  frame.src = '${dist}embed.html?' + query;
  frame.title = 'Ultima board ' + index;
  frame.width = '400';
  frame.height = '400';
  hosts.append(frame);
  return frame;
});
window.results = [];
window.addEventListener('message', (event) => {
  const index = frames.findIndex((f) => f.contentWindow === event.source);
  if (index < 0 || event.data?.source !== 'ultima') return;
  if (event.data.type === 'result') window.results.push({ board: index, ...event.data.detail });
  else record(index)(event.data.type, event.data.detail);
});
window.call = (index, id, method, ...args) =>
  frames[index].contentWindow.postMessage({ source: 'ultima', type: 'call', id, method, args }, new URL('${dist}').origin);
`,
    },
  };
}
