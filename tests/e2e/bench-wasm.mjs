// The solver in the browser against the solver native, on the same puzzles:
// each puzzle is solved (up to 2 solutions) by the page's worker script in
// headless Chromium, through its `Time` request (no streaming, batches of
// 30 ms with yields, time counted while solving), and by `nonogram bench`.
// Usage: node tests/e2e/bench-wasm.mjs DIST PUZZLE_FILE...  (see scripts/bench-wasm)
// Environment: ROUNDS (default 3, medians), TIMEOUT (native, default 60 s).
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch } from './harness.mjs';

const [distArg, ...files] = process.argv.slice(2);
const root = path.resolve(distArg ?? 'dist');
const nonogram = path.resolve('target/release/nonogram');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
// The native solve's time limit in seconds (Knotty and Faase need more than the default).
const TIMEOUT = process.env.TIMEOUT ?? '60';
const { server, base } = await serve(root);
const browser = await launch();
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
try {
  const page = await browser.newPage();
  await page.goto(base);
  await page.waitForSelector('#detected:has-text("Detected")');
  await page.evaluate(() => new Promise((ready) => {
    // The worker speaks the wire format of src/protocol/wire.rs: a tag
    // byte, then fields in order; numbers as LEB128 varints, f64 as 8 bytes.
    window.__encodeTime = (id, rows, columns) => {
      const out = [4];
      const num = (v) => { while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); } out.push(v); };
      num(id);
      for (const lines of [rows, columns]) { num(lines.length); for (const l of lines) { num(l.length); l.forEach(num); } }
      out.push(0); // no colours: a black-and-white puzzle
      return new Uint8Array(out);
    };
    // Reads `Done` (its verdict, ms and memory) or `Error`; null for other messages.
    window.__decodeDone = (bytes) => {
      let at = 0;
      const num = () => { let v = 0, f = 1, b; do { b = bytes[at++]; v += (b & 0x7f) * f; f *= 128; } while (b & 0x80); return v; };
      const skip = (n) => { at += n; };
      const tag = bytes[at++];
      if (tag === 3) { num(); const n = num(); return { error: new TextDecoder().decode(bytes.slice(at, at + n)) }; }
      if (tag !== 2) return null;
      num();
      const verdict = ['unique', 'multiple', 'none', 'timeout'][bytes[at++]];
      // Each solution's cells: a colour flag, then colour sets or a byte a cell.
      for (let k = num(); k > 0; k--) { if (bytes[at++]) { for (let m = num(); m > 0; m--) num(); } else skip(num()); }
      if (bytes[at++]) { at++; num(); }
      at++; num(); num();
      for (let k = num(); k > 0; k--) skip(num());
      const ms = new DataView(bytes.buffer, bytes.byteOffset + at, 8).getFloat64(0, true);
      at += 8;
      return { verdict, ms, memory: num() };
    };
    window.__worker = new Worker(document.querySelector('meta[name=nonogram-worker]')?.content ?? './worker_loader.js');
    window.__worker.onmessage = (e) => { if (e.data[0] === 0) ready(); };
  }));
  console.log('puzzle\tverdict\tnative_ms\twasm_ms\twasm/native\twasm_MB');
  let nativeTotal = 0, wasmTotal = 0;
  for (const file of files) {
    const clues = JSON.parse(execFileSync(nonogram, ['convert', '--to', 'json', file], { encoding: 'utf8' }));
    const native = [];
    for (let r = 0; r < ROUNDS; r++) {
      const tsv = execFileSync(nonogram, ['bench', '--tsv', '--timeout', TIMEOUT, file], { encoding: 'utf8' }).split('\n')[1].split('\t');
      native.push(Number(tsv[7]));
    }
    const wasm = [];
    let verdict = '';
    let memory = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const done = await page.evaluate(([rows, columns, id]) => new Promise((resolve) => {
        window.__worker.onmessage = (e) => { const m = window.__decodeDone(e.data); if (m) resolve(m); };
        window.__worker.postMessage(window.__encodeTime(id, rows, columns));
      }), [clues.rows, clues.columns, r + 1]);
      verdict = done.verdict;
      wasm.push(done.ms);
      memory = Math.max(memory, done.memory ?? 0);
    }
    const [n, w] = [median(native), median(wasm)];
    nativeTotal += n; wasmTotal += w;
    console.log(`${path.basename(file)}\t${verdict}\t${n.toFixed(1)}\t${w.toFixed(1)}\t${n > 0.5 ? (w / n).toFixed(2) : '-'}\t${(memory / 1e6).toFixed(1)}`);
  }
  console.log(`total\t\t${nativeTotal.toFixed(1)}\t${wasmTotal.toFixed(1)}\t${(wasmTotal / nativeTotal).toFixed(2)}`);
} finally {
  await browser.close();
  server.close();
}
