// The front end never turns text into markup: no innerHTML, outerHTML, insertAdjacentHTML or
// document.write anywhere in www/ or index.html (DOM is built with createElement/textContent), so
// no option, attribute or move text can ever become script.

import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FORBIDDEN = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?)\b/;

test('no markup is parsed from strings in the front end', async () => {
  const files = (await readdir(`${ROOT}www`)).filter((f) => /\.(m?js|html)$/.test(f)).map((f) => `www/${f}`);
  files.push('index.html');
  for (const file of files) {
    const lines = (await readFile(`${ROOT}${file}`, 'utf8')).split('\n');
    lines.forEach((line, i) => assert.ok(!FORBIDDEN.test(line), `${file}:${i + 1}: ${line.trim()}`));
  }
});
