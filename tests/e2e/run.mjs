// End-to-end tests of the page in headless Chromium (Debian's, driven by
// playwright-core). Serves dist/ itself on 127.0.0.1 and stops everything it
// started. Prints "N passed, N failed"; exits 1 on any failure.
import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'dist');
const shots = path.resolve('target/e2e');
fs.mkdirSync(shots, { recursive: true });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const file = path.join(root, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname));
  if (!file.startsWith(root) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run'],
});
const shared = path.resolve(process.env.NONOGRAM_SHARED ?? '../shared', 'puzzles');
let passed = 0, failed = 0;
const errors = [];

async function test(name, body) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => errors.push(`${name}: page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${name}: console: ${m.text()}`); });
  try {
    await page.goto(base);
    await page.waitForSelector('#detected:has-text("Detected")');
    await body(page);
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAILED - ${name}: ${e.message.split('\n')[0]}`);
    await page.screenshot({ path: path.join(shots, `failed-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  } finally {
    await page.close();
  }
}

function expect(cond, message) { if (!cond) throw new Error(message); }
const status = (page) => page.locator('[role=status]').textContent();
async function paste(page, text) { await page.fill('#clues', text); }
async function solve(page, text, verdict) {
  if (text !== null) await paste(page, text);
  await page.click('#solve');
  await page.waitForFunction((v) => document.querySelector('[role=status]').textContent.startsWith(v), verdict, { timeout: 30000 });
  await page.click('#end');
}

/// A pseudo-random picture (xorshift), as 0/1 text: dense pictures are line-solvable.
function picture(w, h, density, seed) {
  let s = BigInt(seed), rows = [];
  const next = () => { s ^= (s << 13n) & 0xffffffffffffffffn; s ^= s >> 7n; s ^= (s << 17n) & 0xffffffffffffffffn; return Number(s % 1000n) / 1000; };
  for (let r = 0; r < h; r++) { let row = ''; for (let c = 0; c < w; c++) row += next() < density ? '1' : '0'; rows.push(row); }
  return rows.join('\n') + '\n';
}

const SEED_003 = '01110\n11010\n01110\n00110\n00111\n';
const LAMBDA = '2\n1 2\n1 1\n2\n1\n3\n3\n2 2\n2 1\n2 2 1\n2 3\n2 2\n\n2 1\n1 3\n2 4\n3 4\n4\n3\n3\n3\n2\n2\n';

await test('the page is interactive within 1 s of load', async (page) => {
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForSelector('#detected:has-text("Detected")');
  const loadToReady = await page.evaluate(() => performance.now());
  console.log(`  time to interactive: ${Math.round(loadToReady)} ms after navigation start (${Date.now() - t0} ms wall)`);
  expect(loadToReady < 1000, `${loadToReady} ms`);
});

await test('every format is detected', async (page) => {
  const cases = [
    ['5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n', 'Detected: seed (n, rows, columns), 5×5'],
    ['5 5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n', 'Detected: .nin, 5×5'],
    [fs.readFileSync(path.join(shared, 'survey/webpbn-00001.non'), 'utf8'), 'Detected: .non, 5×10'],
    ['3\n2 1\n3\n2\n3\n\n1\n3\n1 3\n5\n1\n', 'Detected: plain, 5×5'],
    ['{"rows": [[3],[2,1],[3],[2],[3]], "cols": [[1],[3],[1,3],[5],[1]]}', 'Detected: JSON, 5×5'],
    [fs.readFileSync(path.join(shared, 'webpbn-xml/1.xml'), 'utf8'), 'Detected: webpbn XML, 5×10'],
    [SEED_003, 'Detected: 0/1 picture, 5×5'],
    ['$1\n1\n3\n1\t3\n5\n1\n3\n2\t1\n3\n2\n3\n', 'Detected: TAAI batch, 5×5'],
  ];
  for (const [text, detected] of cases) {
    await paste(page, text);
    const got = await page.locator('#detected').textContent();
    expect(got === detected, `expected "${detected}", got "${got}"`);
  }
});

await test('seed 003 picture solves to itself; canvas shows it', async (page) => {
  await solve(page, SEED_003, 'Unique solution');
  const s = await status(page);
  expect(s.includes('solved by line logic alone'), s);
  const grid = await page.inputValue('#grid-text');
  expect(grid === '.###.\n##.#.\n.###.\n..##.\n..###', `grid as text: ${JSON.stringify(grid)}`);
  const pixels = await page.evaluate(() => {
    const c = document.querySelector('canvas');
    const [left, top, cell] = ['data-left', 'data-top', 'data-cell'].map((a) => Number(c.getAttribute(a)));
    const dpr = window.devicePixelRatio;
    const at = (r, col, fx, fy) => Array.from(c.getContext('2d').getImageData(
      Math.round((left + (col + fx) * cell) * dpr), Math.round((top + (r + fy) * cell) * dpr), 1, 1).data);
    return { filled: at(0, 1, 0.5, 0.5), emptyCorner: at(0, 0, 0.25, 0.25), emptyDot: at(0, 0, 0.5, 0.5) };
  });
  expect(pixels.filled[0] < 60 && pixels.filled[1] < 60, `filled cell pixel ${pixels.filled}`);
  expect(pixels.emptyCorner[0] > 240, `empty cell corner ${pixels.emptyCorner}`);
  expect(pixels.emptyDot[0] > 120 && pixels.emptyDot[0] < 200, `empty cell mark ${pixels.emptyDot}`);
  await page.screenshot({ path: path.join(shots, 'seed-003-1280.png') });
});

await test('lambda needs search', async (page) => {
  await solve(page, LAMBDA, 'Unique solution');
  const s = await status(page);
  expect(s.includes('needed search'), s);
});

await test('2×2 diagonal has multiple solutions', async (page) => {
  await solve(page, '2 2\n1\n1\n1\n1\n', 'Multiple solutions');
});

await test('contradictory clues name the line', async (page) => {
  await solve(page, '2 2\n2\n0\n0\n2\n', 'No solution: column 1 contradicts');
});

await test('malformed text shows a located error and the page stays usable', async (page) => {
  await paste(page, '2 2\n1\n1 x\n1\n1\n');
  const e = await page.locator('#input-error').textContent();
  expect(e === 'line 3, column 3: `x` is not a run length (a whole number)', e);
  expect(await page.isDisabled('#solve'), 'Solve is disabled while the input is wrong');
  await solve(page, SEED_003, 'Unique solution');
});

await test('Stop cancels a long solve within 100 ms; the next solve works', async (page) => {
  await paste(page, fs.readFileSync(path.join(shared, 'survey/knotty.non'), 'utf8'));
  await page.click('#solve');
  await page.waitForSelector('#stop:not([disabled])');
  await page.waitForTimeout(300);
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('#stop').click();
    while (document.querySelector('[role=status]').textContent !== 'Stopped') {
      await new Promise((r) => setTimeout(r, 1));
      if (performance.now() - t0 > 2000) break;
    }
    return performance.now() - t0;
  });
  expect(ms < 100, `Stopped after ${ms.toFixed(1)} ms`);
  await solve(page, SEED_003, 'Unique solution');
});

await test('Ctrl+Enter solves', async (page) => {
  await paste(page, SEED_003);
  await page.focus('#clues');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'));
});

await test('streaming is visible at a slow speed; step back and forward', async (page) => {
  await page.selectOption('#speed', '10');
  await paste(page, fs.readFileSync(path.join(shared, 'nonogram-db/db/qnonograms/collection1/100.non'), 'utf8'));
  await page.click('#solve');
  // An intermediate state: some cells known, some unknown, while playback runs.
  await page.waitForFunction(() => {
    const g = document.querySelector('#grid-text').value;
    return g.includes('?') && (g.includes('#') || g.includes('.'));
  });
  await page.waitForTimeout(500);
  await page.click('#play'); // pause
  const frame = await page.locator('#frame').textContent();
  const here = await page.inputValue('#grid-text');
  expect(here.includes('?'), 'paused before the end');
  await page.click('#back');
  const before = await page.inputValue('#grid-text');
  expect(before !== here, 'step back changes the grid');
  expect(before.split('?').length > here.split('?').length, 'one step back has more unknown cells');
  await page.click('#forward');
  expect(await page.inputValue('#grid-text') === here, `step forward returns to ${frame}`);
  await page.click('#end');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'));
  await page.click('#end');
  expect(!(await page.inputValue('#grid-text')).includes('?'), 'the end is the solution');
});

await test("stepping through seed 003 shows its sweeps as the seed reports them", async (page) => {
  await page.selectOption('#speed', '0');
  await solve(page, SEED_003, 'Unique solution');
  const notes = [];
  for (let i = 0; i < 40; i++) {
    await page.click('#back');
    notes.push(await page.locator('#progress').textContent());
  }
  expect(notes.includes('Sweep 1 has 0 errors and 12 unknown cells'), notes.join(' | '));
  expect(notes.includes('Sweep 2 has 0 errors and 0 unknown cells'), notes.join(' | '));
  expect(notes.includes('Start: every cell unknown'), 'back to the start');
});

await test('both solutions of a multiple verdict can be viewed', async (page) => {
  await solve(page, '2 2\n1\n1\n1\n1\n', 'Multiple solutions');
  await page.click('text=Show solution 1');
  const one = await page.inputValue('#grid-text');
  await page.click('text=Show solution 2');
  const two = await page.inputValue('#grid-text');
  expect(one !== two && !one.includes('?') && !two.includes('?'), `${one} / ${two}`);
});

await test('no long task while a 100×100 puzzle streams at full speed', async (page) => {
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
      .observe({ type: 'longtask' });
  });
  await page.selectOption('#speed', '0');
  await paste(page, picture(100, 100, 0.85, 12345));
  await page.waitForTimeout(200);
  await page.evaluate(() => { window.__long = []; });
  await solve(page, null, 'Unique solution');
  await page.waitForTimeout(300);
  const long = await page.evaluate(() => window.__long);
  console.log(`  long tasks during the 100×100 solve: ${JSON.stringify(long.map((d) => Math.round(d)))}`);
  expect(long.every((d) => d <= 50), `long tasks over 50 ms: ${long}`);
});

for (const [w, h] of [[1280, 800], [390, 844]]) {
  await test(`screenshots at ${w}×${h}`, async (page) => {
    await page.setViewportSize({ width: w, height: h });
    await page.selectOption('#speed', '0');
    await solve(page, SEED_003, 'Unique solution');
    await page.screenshot({ path: path.join(shots, `small-${w}x${h}.png`), fullPage: true });
    await solve(page, picture(50, 50, 0.8, 777), 'Unique solution');
    await page.screenshot({ path: path.join(shots, `50x50-${w}x${h}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the page is ${overflow}px wider than the window`);
  });
}

await test('samples, open file, and the input kept across a reload', async (page) => {
  await page.selectOption('#samples', { label: 'Seed 002: the lambda (needs search)' });
  expect(await page.locator('#detected').textContent() === 'Detected: plain, 10×12', 'lambda sample');
  await page.setInputFiles('#open-file', path.join(shared, 'webpbn-xml/6574.xml'));
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: webpbn XML, 25×25');
  await paste(page, '2 2\n1\n1\n1\n1\n');
  await page.reload();
  await page.waitForSelector('#detected:has-text("Detected")');
  expect(await page.inputValue('#clues') === '2 2\n1\n1\n1\n1\n', 'the input survives a reload');
  await page.setViewportSize({ width: 500, height: 800 });
  await page.waitForTimeout(100);
  const width = await page.evaluate(() => document.querySelector('canvas').getBoundingClientRect().right);
  expect(width <= 500, `the board follows the window: ${width}`);
});

await test('a worker that crashes is reported and replaced', async (page) => {
  await page.waitForFunction(() => true);
  for (let i = 0; i < 50 && page.workers().length === 0; i++) await page.waitForTimeout(50);
  const worker = page.workers()[0];
  expect(worker, 'the solver worker is running');
  // An uncaught error inside the worker, as a crash of the solver would raise.
  await worker.evaluate(() => { setTimeout(() => { throw new Error('simulated crash'); }, 0); });
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('The solver stopped unexpectedly'));
  await solve(page, SEED_003, 'Unique solution');
});

await test("the line lab reproduces seed 001's resultant fixes", async (page) => {
  const expected = [
    '|.|.|1|1|1|1|1|1|.|.|', '|.|.|1|1|.|.|.|1|.|.|', '|_|.|.|1|.|.|_|_|1|_|', '|.|1|1|.|_|_|_|.|1|.|',
    '|.|.|1|1|1|.|.|_|_|_|', '|1|_|_|.|1|1|.|_|_|_|', '|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|',
  ];
  for (let i = 0; i < expected.length; i++) {
    await page.selectOption('#lab-cases', String(i));
    const fixes = await page.locator('#lab-fixes').textContent();
    expect(fixes === expected[i], `case ${i + 1}: ${fixes}`);
  }
  await page.fill('#lab-clue', '[3 2]');
  await page.fill('#lab-line', '....x.x...');
  const placements = (await page.locator('#lab-placements').textContent()).split('\n');
  expect(placements.length === 4 && placements[0] === '|A|A|A|.|_|.|_|B|B|.|', placements.join(' / '));
  await page.fill('#lab-line', '#x#');
  await page.fill('#lab-clue', '2');
  expect((await page.locator('#lab-error').textContent()) === 'no placement of the clue fits this line', 'lab error');
});

await test('clicking a row clue opens its line in the lab', async (page) => {
  await page.selectOption('#speed', '0');
  await solve(page, SEED_003, 'Unique solution');
  const box = await page.locator('canvas').boundingBox();
  const [left, top, cell] = await page.evaluate(() =>
    ['data-left', 'data-top', 'data-cell'].map((a) => Number(document.querySelector('canvas').getAttribute(a))));
  await page.mouse.click(box.x + left / 2, box.y + top + 1.5 * cell); // row 2's clue
  expect(await page.inputValue('#lab-clue') === '[2 1]', await page.inputValue('#lab-clue'));
  expect(await page.inputValue('#lab-line') === '##x#x', await page.inputValue('#lab-line'));
  const note = await page.locator('#lab-note').textContent();
  expect(note.startsWith('row 2 as shown at step'), note);
  await page.mouse.click(box.x + left + 3.5 * cell, box.y + top / 2); // column 4's clue
  expect(await page.inputValue('#lab-clue') === '[5]', await page.inputValue('#lab-clue'));
});

await browser.close();
server.close();
for (const e of errors) console.log(`error seen: ${e}`);
if (errors.length) failed++;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
