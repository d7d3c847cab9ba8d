// What a person does that takes the page or the worker a while: each runs
// in a page and returns what happened with its times. The tests assert
// what happened (a verdict, a puzzle read); `bench-page.mjs` prints the
// times (long tasks, latencies), which no test asserts: a loaded machine
// would fail a time budget that an idle one meets.
import fs from 'node:fs';
import path from 'node:path';
import { shared, paste, pasteLarge, solve, settled, until, exported, setSpeed } from './lib.mjs';
import { picture } from './fixtures.mjs';

/// Starts recording the page's long tasks (ms) in `window.__long`.
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
      .observe({ type: 'longtask' });
  });
}

/// The long tasks recorded since `watchLongTasks` (or the last reset), as
/// ms, once the page has rendered what it was doing.
export async function longTasks(page) {
  await settled(page);
  return page.evaluate(() => window.__long.map((t) => (Array.isArray(t) ? t[1] : t)));
}

export const taaiText = () => fs.readFileSync(path.join(shared, 'taai2011/puzzles.txt'), 'utf8');

/// TAAI's 1000 puzzles pasted, puzzle 2 then 1000 picked: the long tasks
/// meanwhile (the batch is read in the worker). `onRead` runs once the
/// batch is read, before the picking.
export async function taaiBatch(page, onRead = async () => {}) {
  await pasteLarge(page, taaiText());
  await page.waitForSelector('#puzzle-count:has-text("of 1000")', { timeout: 20000 });
  await onRead();
  await page.click('#next-puzzle');
  await page.waitForFunction(() => document.querySelector('#puzzle-number').value === '2' && document.querySelector('#detected').textContent.startsWith('Detected'));
  await page.fill('#puzzle-number', '1000');
  await page.press('#puzzle-number', 'Enter');
  await page.waitForFunction(() => document.querySelector('#puzzle-number').value === '1000' && document.querySelector('#detected').textContent.startsWith('Detected'));
  return { long: await longTasks(page) };
}

/// 5 MB of clues (TAAI eight times over) pasted and read: the long tasks.
export async function largePaste(page) {
  const text = taaiText().repeat(8);
  await pasteLarge(page, text);
  await page.waitForSelector('#detected:has-text("Detected: TAAI batch, 25×25")', { timeout: 20000 });
  return { bytes: text.length, long: await longTasks(page) };
}

/// A 100×100 puzzle solved at the fastest speed (every step streamed to
/// the page): the long tasks of the solve.
export async function stream100(page) {
  await setSpeed(page, '0');
  await paste(page, picture(100, 100, 0.85, 12345));
  await page.waitForSelector('#detected:has-text("100×100")');
  await watchLongTasks(page);
  await solve(page, null, 'Unique solution');
  return { long: await longTasks(page) };
}

/// Faase (minutes to solve) started, then Stop: ms from the click to
/// "Stopped", and whether it stopped.
export async function stopLongSolve(page, whileRunning = async () => {}) {
  await paste(page, fs.readFileSync(path.join(shared, 'survey/faase.non'), 'utf8'));
  await page.click('#solve');
  await page.waitForSelector('#stop:not([disabled])');
  // Under way: clause learning has met contradictions.
  await page.waitForFunction(() => /clause learning: [1-9]/.test(document.querySelector('#counts').textContent), null, { timeout: 60000 });
  await whileRunning();
  // Timed from the click to the words "Stopped", seen as they change.
  return page.evaluate(() => new Promise((done) => {
    const status = document.querySelector('[role=status]');
    const t0 = performance.now();
    let observer;
    const finish = (stopped) => { observer.disconnect(); done({ ms: performance.now() - t0, stopped }); };
    observer = new MutationObserver(() => { if (status.textContent === 'Stopped') finish(true); });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    // A bound, not a wait: a Stop that never stops fails the test.
    setTimeout(() => finish(status.textContent === 'Stopped'), 30000);
    document.querySelector('#stop').click();
    if (status.textContent === 'Stopped') finish(true);
  }));
}

/// Three hints asked for (and applied) on a 50×50 board in Play: ms from
/// each click to its words, the first solving the puzzle once.
export async function hints50(page) {
  await paste(page, picture(50, 50, 0.6, 5050));
  await page.click('#play-mode');
  await page.waitForSelector('#hint');
  const times = [], words = [];
  for (let i = 0; i < 3; i++) {
    const t0 = await page.evaluate(() => performance.now());
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelector('#hint-text').textContent !== 'Thinking…');
    times.push(await page.evaluate((t) => performance.now() - t, t0));
    words.push(await page.locator('#hint-text').textContent());
    await page.click('#apply-hint');
  }
  return { times, words };
}

/// Sets a picture side as a person types it.
export async function setSide(page, id, value) {
  await page.fill(id, String(value));
  await page.$eval(id, (e) => e.dispatchEvent(new Event('change', { bubbles: true })));
}

/// A 4000×3000 photo-like JPEG (made by the browser in another page, so
/// that making it costs the page under test nothing) uploaded: ms to its
/// puzzle, the long tasks meanwhile, and how long a timer waited then.
export async function photo(page, browser) {
  await watchLongTasks(page);
  const maker = await browser.newPage();
  const jpeg = await maker.evaluate(async () => {
    const c = new OffscreenCanvas(4000, 3000), g = c.getContext('2d');
    const grad = g.createLinearGradient(0, 0, 4000, 3000);
    grad.addColorStop(0, '#f4e2c0'); grad.addColorStop(1, '#203040');
    g.fillStyle = grad; g.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsl(${(i * 37) % 360} 60% ${20 + (i * 13) % 60}%)`;
      g.beginPath(); g.arc((i * 997) % 4000, (i * 613) % 3000, 40 + (i * 7) % 200, 0, 7); g.fill();
    }
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  await maker.close();
  // Handed to the input as a File made in the page (Playwright's own
  // setInputFiles decodes the bytes on the page's main thread).
  await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'photo.jpg', { type: 'image/jpeg' }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    window.__long = [];
    window.__t0 = performance.now();
    const input = document.querySelector('#upload-picture');
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, jpeg);
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'photo.jpg: JPEG, 4000×3000 pixels', null, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 30×23', null, { timeout: 30000 });
  const ms = await page.evaluate(() => performance.now() - window.__t0);
  // The page answers while the worker reads the photo: how late a timer
  // of 0 ms fires (a measurement, not a wait).
  const timer = await page.evaluate(async () => {
    const t = performance.now();
    await new Promise((fired) => setTimeout(fired, 0));
    return performance.now() - t;
  });
  return { bytes: Math.floor(jpeg.length * 3 / 4), ms, timer, long: await longTasks(page) };
}

/// After `photo`: the largest grid (200 wide), then the threshold slider
/// moved in ten steps: the picture before and after, and the long tasks.
export async function thresholdSlider(page) {
  await setSide(page, '#pic-width', 200);
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 200×150', null, { timeout: 30000 });
  const before = await exported(page, 'picture');
  await page.evaluate(() => { window.__long = []; });
  for (let v = 60; v < 200; v += 14) {
    await page.$eval('#pic-threshold', (e, v) => { e.value = String(v); e.dispatchEvent(new Event('input', { bubbles: true })); }, v);
  }
  await page.waitForFunction(() => document.querySelector('#pic-threshold-value').textContent.startsWith('186 (Otsu: '));
  // The last threshold's puzzle, once read: the picture has changed and
  // stays the same across frames (earlier steps' puzzles may show first).
  let after = before;
  await until(page, async () => {
    const seen = await exported(page, 'picture');
    await settled(page);
    after = await exported(page, 'picture');
    return after !== before && after === seen;
  }, 'the picture of the last threshold');
  return { before, after, long: await longTasks(page) };
}
