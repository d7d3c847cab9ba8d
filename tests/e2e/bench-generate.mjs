// Puzzles made to order in the browser against native: each order (size,
// grade, seed) is made by the page's worker script in headless Chromium
// (its `Generate` request, as New puzzle sends it) and by `nonogram
// generate`; both must give the same puzzle. Prints the times and the
// wasm/native ratio per order and in all.
// Usage: node tests/e2e/bench-generate.mjs DIST  (see scripts/bench-generate)
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch } from './harness.mjs';

const root = path.resolve(process.argv[2] ?? 'dist');
const nonogram = path.resolve('target/release/nonogram');
const GRADES = ['any', 'easy', 'medium', 'hard', 'very-hard'];
const ORDERS = [];
for (const grade of [1, 2, 3, 4]) for (const seed of [1, 2, 3, 4, 5]) ORDERS.push([20, grade, seed]);
for (const seed of [1, 2, 3]) ORDERS.push([30, 3, seed]);
for (const seed of [1, 2, 3]) ORDERS.push([25, 4, seed]);
// A .non text's clues, line by line ("3 1"; "" for an empty line), rows
// then columns.
const clues = (text) => {
  const lines = [];
  let section = null;
  for (const line of text.split('\n')) {
    if (line === 'rows' || line === 'columns') section = line;
    else if (!line.trim()) section = null;
    else if (section) lines.push(line === '0' ? '' : line.split(',').join(' '));
  }
  return lines.join('/');
};

const { server, base } = await serve(root);
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(base);
  await page.waitForSelector('#detected:has-text("Detected")');
  await page.evaluate(() => new Promise((ready) => {
    window.__worker = new Worker(document.querySelector('meta[name=nonogram-worker]')?.content ?? './worker_loader.js');
    window.__worker.onmessage = (e) => { if (e.data[0] === 0) ready(); };
  }));
  console.log('order\tnative_ms\twasm_ms\twasm/native');
  let nativeTotal = 0, wasmTotal = 0;
  for (const [side, grade, seed] of ORDERS) {
    const name = `${side}x${side}-${GRADES[grade]}-${seed}`;
    const start = process.hrtime.bigint();
    const native = execFileSync(nonogram, ['generate', '--size', `${side}x${side}`, '--difficulty', GRADES[grade], '--seed', String(seed)], { encoding: 'utf8' });
    const nativeMs = Number(process.hrtime.bigint() - start) / 1e6;
    // The wire format of src/protocol/wire.rs: ToWorker::Generate is tag 8,
    // then id, width, height (varints), the grade (a byte), the seed
    // (a varint), no colours (a byte) and an empty title; FromWorker::Generated
    // is tag 12, then the title (its length and bytes) and the clues (a
    // SolveRequest: the id, then rows and columns, each a count of lines
    // and each line a count of runs and their lengths, as varints).
    // FromWorker::Error is tag 3: the id and the message.
    const done = await page.evaluate(([side, grade, seed]) => new Promise((resolve) => {
      const out = [8];
      const num = (v) => { while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); } out.push(v); };
      num(1); num(side); num(side); out.push(grade); num(seed); out.push(0); num(0);
      const t0 = performance.now();
      window.__worker.onmessage = (e) => {
        const bytes = e.data;
        if (bytes[0] !== 12 && bytes[0] !== 3) return;
        const ms = performance.now() - t0;
        let at = 1;
        const read = () => { let v = 0, f = 1, b; do { b = bytes[at++]; v += (b & 0x7f) * f; f *= 128; } while (b & 0x80); return v; };
        const string = () => { const n = read(); at += n; return new TextDecoder().decode(bytes.slice(at - n, at)); };
        const lines = () => Array.from({ length: read() }, () => Array.from({ length: read() }, read).join(' '));
        if (bytes[0] === 3) { read(); resolve({ ok: false, text: string(), ms }); return; }
        string(); // the title
        read(); // the id
        resolve({ ok: true, clues: [...lines(), ...lines()].join('/'), ms });
      };
      window.__worker.postMessage(new Uint8Array(out));
    }), [side, grade, seed]);
    if (!done.ok) throw new Error(`${name}: ${done.text}`);
    if (done.clues !== clues(native)) throw new Error(`${name}: the worker made another puzzle`);
    nativeTotal += nativeMs;
    wasmTotal += done.ms;
    console.log(`${name}\t${nativeMs.toFixed(0)}\t${done.ms.toFixed(0)}\t${(done.ms / nativeMs).toFixed(2)}`);
  }
  console.log(`all\t${nativeTotal.toFixed(0)}\t${wasmTotal.toFixed(0)}\t${(wasmTotal / nativeTotal).toFixed(2)}`);
} finally {
  await browser.close();
  server.close();
}
