// Serves a built app (dist/) as a host would: each file with its type,
// compressed with gzip for a browser that asks (wasm, JavaScript, CSS,
// HTML, JSON: compressed once, then kept), index.html and the service
// worker never cached by the browser (a new build is picked up), hashed
// files cached for a year. No live reload: the page is the release build,
// offline after a first visit. Used by scripts/serve; `node
// scripts/serve.mjs DIST [PORT] [HOST]`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.png': 'image/png', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.txt': 'text/plain; charset=utf-8' };
const COMPRESSED = new Set(['.html', '.js', '.wasm', '.css', '.json', '.webmanifest', '.txt']);

/// Starts serving `root` on `port` of `host` (0: a free port); resolves to
/// the server and its base URL.
export async function serveBuild(root, port = 0, host = '127.0.0.1') {
  root = path.resolve(root);
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    let pathname;
    try { pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch { res.writeHead(400); res.end(); return; }
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const ext = path.extname(file);
    const fresh = ext === '.html' || path.basename(file) === 'service-worker.js' || ext === '.webmanifest';
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': fresh ? 'no-cache' : 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    let body = fs.readFileSync(file);
    if (COMPRESSED.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const key = `${file}:${fs.statSync(file).mtimeMs}`;
      if (!gzipped.has(key)) gzipped.set(key, zlib.gzipSync(body, { level: 9 }));
      body = gzipped.get(key);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((ok, fail) => { server.once('error', fail); server.listen(port, host, ok); });
  return { server, base: `http://${host}:${server.address().port}/` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = 'dist', port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  const { base } = await serveBuild(root, Number(port), host);
  console.log(`Serving Nonogram Studio (the release build in ${root}, gzipped) on ${base} — Ctrl+C stops it`);
}
