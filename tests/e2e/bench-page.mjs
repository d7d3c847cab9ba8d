// The page's times, printed and asserted by no test (a loaded machine
// would fail a budget an idle one meets): time to interactive, the long
// tasks of the page while it reads large texts and pictures and streams a
// solve, how soon Stop stops, how long hints and a photo take. Run by
// `scripts/bench-page`; each scenario is the one the end-to-end tests run
// for what it does (scenarios.mjs). Figures: docs/BENCHMARKS.md.
import { test, finish, base, browser } from './lib.mjs';
import { taaiBatch, largePaste, stream100, stopLongSolve, hints50, photo, thresholdSlider } from './scenarios.mjs';

const longest = (long) => (long.length ? `${long.length} over 50 ms, the longest ${Math.max(...long)} ms` : 'none over 50 ms');
const say = (what, value) => console.log(`  ${what}: ${value}`);

await test('time to interactive', async (page) => {
  await page.goto(base);
  await page.waitForSelector('#detected:has-text("Detected")');
  say('time to interactive', `${Math.round(await page.evaluate(() => performance.now()))} ms after navigation start`);
});

await test('TAAI batch pasted, puzzles 2 and 1000 picked', async (page) => {
  say('long tasks while 1000 puzzles are read and picked', longest((await taaiBatch(page)).long));
});

await test('5 MB pasted', async (page) => {
  const { bytes, long } = await largePaste(page);
  say(`long tasks while ${(bytes / 1e6).toFixed(1)} MB are read`, longest(long));
});

await test('100×100 streamed at full speed', async (page) => {
  say('long tasks while a 100×100 puzzle streams', longest((await stream100(page)).long));
});

await test('Stop', async (page) => {
  const { ms, stopped } = await stopLongSolve(page);
  say('Stop to "Stopped" on Faase', `${ms.toFixed(1)} ms${stopped ? '' : ' (did not stop)'}`);
});

await test('hints on 50×50', async (page) => {
  say('three hints on a 50×50 board, click to words', `${(await hints50(page)).times.map(Math.round).join(', ')} ms`);
});

await test('photo and threshold slider', async (page) => {
  const p = await photo(page, browser);
  say(`a ${p.bytes}-byte 4000×3000 JPEG to a 30×23 puzzle`, `${Math.round(p.ms)} ms; long tasks ${longest(p.long)}; a timer waited ${p.timer.toFixed(1)} ms`);
  say('long tasks while the threshold slider moves a 200×150 grid', longest((await thresholdSlider(page)).long));
});

await test('a 30×30 board read from its screenshot', async (page) => {
  // A random 30×30 puzzle (fixed seed), drawn by the page, screenshotted,
  // and read back by the picture worker: the first read starts the worker
  // (its wasm fetched and compiled), the second finds it running.
  let seed = 49;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const grid = Array.from({ length: 30 }, () => Array.from({ length: 30 }, () => random() < 0.55));
  const runs = (line) => (line.map((c) => (c ? '#' : '.')).join('').match(/#+/g) ?? []).map((r) => r.length).join(',') || '0';
  const text = `width 30\nheight 30\n\nrows\n${grid.map(runs).join('\n')}\n\ncolumns\n${grid.map((_, c) => runs(grid.map((row) => row[c]))).join('\n')}\n`;
  await page.fill('#clues', text);
  await page.waitForFunction(() => document.querySelector('#detected').textContent.startsWith('Detected'));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const shot = await page.locator('.board-stack').screenshot();
  const times = [];
  for (const name of ['first.png', 'again.png']) {
    const start = Date.now();
    await page.setInputFiles('#read-picture', { name, mimeType: 'image/png', buffer: shot });
    await page.waitForFunction((n) => document.querySelector('#read-summary') && !document.querySelector('#read-note'), name, { timeout: 60000 });
    times.push(Date.now() - start);
    const exact = await page.$$eval('.line-fields input', (inputs) => inputs.map((i) => i.value.split(' ').join(',')).join('\n'));
    const rows = exact.split('\n').slice(0, 30).join('\n');
    const summary = await page.locator('#read-summary').textContent();
    await page.click('#drop-reading');
    if (name === 'again.png') say('  the reading', `${text.includes(`rows\n${rows}\n`) ? 'rows exact' : 'rows NOT exact'}; ${summary}`);
  }
  say('a 30×30 board\'s screenshot read in the page', `${times[0]} ms with the worker's start, ${times[1]} ms once running`);
}, { viewport: { width: 1600, height: 1200 } });

await test('a 45×65 phone photo read in the page', async (page) => {
  // The photo `--example speed` of nonogram-read writes (a magazine page
  // photographed, 45×65 cells, 12 MP scaled to a phone's 4 MP), read by
  // the picture worker once it runs (a first small read starts it).
  const path = process.env.READ_PHOTO ?? '/tmp/speed-45x65.jpg';
  const { existsSync, readFileSync } = await import('node:fs');
  if (!existsSync(path)) {
    say('a 45×65 photo read in the page', `skipped: no ${path} (run the reader's --example speed first)`);
    return;
  }
  const buffer = readFileSync(path);
  const times = [];
  for (const name of ['first.jpg', 'again.jpg']) {
    const start = Date.now();
    await page.setInputFiles('#read-picture', { name, mimeType: 'image/jpeg', buffer });
    await page.waitForFunction(() => document.querySelector('#read-summary') && !document.querySelector('#read-note'), null, { timeout: 120000 });
    times.push(Date.now() - start);
    const summary = await page.locator('#read-summary').textContent();
    await page.click('#drop-reading');
    if (name === 'again.jpg') say('  the reading', summary);
  }
  say('a 45×65 photo read in the page', `${times[0]} ms with the worker's start, ${times[1]} ms once running`);
}, { viewport: { width: 1600, height: 1200 } });

await finish();
