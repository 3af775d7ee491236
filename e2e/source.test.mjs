// The front end never turns text into markup or code: no innerHTML, outerHTML,
// insertAdjacentHTML or document.write, and no eval or new Function, anywhere in www/, the HTML
// pages or the service worker (DOM is built with createElement/textContent), so no option,
// attribute, message or move text can ever become script.

import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FORBIDDEN = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?)\b|\beval\s*\(|\bnew\s+Function\b|\bsetTimeout\s*\(\s*['"`]/;
/** The HTML pages of the build. */
const PAGES = ['index.html', 'embed.html', 'demo.html'];

test('no markup or code is made from strings in the front end', async () => {
  const files = (await readdir(`${ROOT}www`)).filter((f) => /\.(m?js|html)$/.test(f)).map((f) => `www/${f}`);
  files.push(...PAGES, 'sw.js');
  for (const file of files) {
    const lines = (await readFile(`${ROOT}${file}`, 'utf8')).split('\n');
    lines.forEach((line, i) => assert.ok(!FORBIDDEN.test(line), `${file}:${i + 1}: ${line.trim()}`));
  }
});

// A Content-Security-Policy without 'unsafe-inline' blocks inline scripts, event-handler
// attributes and style attributes: the pages have none, so they run under
// script-src 'self' 'wasm-unsafe-eval' (Trunk.toml's inject_scripts = false keeps trunk's inline
// loader out of index.html).
test('the pages have no inline script, handler or style attribute', async () => {
  for (const page of PAGES) {
    const text = await readFile(`${ROOT}${page}`, 'utf8');
    for (const script of text.matchAll(/<script\b[^>]*>/g)) assert.match(script[0], /\ssrc="/, `${page}: inline ${script[0]}`);
    assert.doesNotMatch(text, /\son[a-z]+\s*=/i, `${page}: an event-handler attribute`);
    assert.doesNotMatch(text, /\sstyle\s*=/i, `${page}: a style attribute`);
    assert.doesNotMatch(text, /<style\b/i, `${page}: a <style> element`);
  }
});

test('the check finds each banned construct', () => {
  for (const line of ['x.innerHTML = s', 'x.outerHTML = s', "x.insertAdjacentHTML('beforeend', s)", 'document.write(s)', 'document.writeln(s)', 'eval(s)', 'eval (s)', 'new Function(s)', "setTimeout('go()', 1)"]) {
    assert.ok(FORBIDDEN.test(line), line);
  }
  for (const line of ['element.textContent = s', 'const evaluation = 1', 'retrieval(s)', 'new FunctionList()', 'setTimeout(go, 1)']) {
    assert.ok(!FORBIDDEN.test(line), line);
  }
});
