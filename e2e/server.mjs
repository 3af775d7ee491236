// A tiny static file server for the end-to-end tests: serves a folder (the release build, dist/)
// under a sub-path on 127.0.0.1, to prove the build works from any folder of a web server.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** Content types by file extension; `.wasm` must be application/wasm for streaming compilation. */
const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
});

/**
 * @typedef {object} StaticServer
 * @property {string} url  the served folder's URL, e.g. "http://127.0.0.1:41234/sub/path/"
 * @property {string[]} requests  every path requested so far, e.g. ["/sub/path/", …]
 * @property {() => Promise<void>} close  stops the server
 */

/**
 * A page served from memory, e.g. a test's host page.
 *
 * @typedef {object} Page
 * @property {string} body
 * @property {Record<string, string>} [headers]  e.g. { "content-security-policy": "…" }
 */

/**
 * Serves the files under `root` at `http://127.0.0.1:<free port><base>`. Anything outside
 * `base`, missing, or outside `root` is a 404; a folder serves its index.html.
 *
 * @param {object} options
 * @param {string} options.root folder to serve
 * @param {string} [options.base] URL path prefix, starting and ending with "/"
 * @param {Record<string, Page>} [options.pages] HTML pages served before files, by path under
 *   `base`, e.g. { "host.html": { body: "<!DOCTYPE html>…" } }
 * @param {Record<string, string>} [options.headers] sent with every file, e.g. CORS headers
 * @returns {Promise<StaticServer>}
 */
export async function serveStatic({ root, base = '/sub/path/', pages = {}, headers = {} }) {
  if (!base.startsWith('/') || !base.endsWith('/')) throw new Error(`bad base path ${base}`);
  const top = resolve(root);
  /** @type {string[]} */
  const requests = [];

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    /** @param {number} status @param {string} text */
    const fail = (status, text) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(text);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(405, 'method not allowed');
    if (path === base.slice(0, -1)) {
      response.writeHead(301, { location: base });
      return response.end();
    }
    if (!path.startsWith(base)) return fail(404, 'not found');
    const page = Object.hasOwn(pages, path.slice(base.length)) ? pages[path.slice(base.length)] : undefined;
    if (page) {
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store', ...page.headers });
      return response.end(request.method === 'HEAD' ? undefined : page.body);
    }
    let file;
    try {
      file = normalize(join(top, decodeURIComponent(path.slice(base.length))));
    } catch {
      return fail(400, 'bad path');
    }
    if (file !== top && !file.startsWith(top + sep)) return fail(404, 'not found');
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      if (!info.isFile()) return fail(404, 'not found');
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
        ...headers,
      });
      if (request.method === 'HEAD') return response.end();
      createReadStream(file).pipe(response);
    } catch {
      fail(404, 'not found');
    }
  });

  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => resolveListen(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}${base}`,
    requests,
    close: () =>
      new Promise((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose(undefined)));
      }),
  };
}
