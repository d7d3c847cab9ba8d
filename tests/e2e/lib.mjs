// The end-to-end tests' runner and page helpers: each test gets a fresh
// page (1280×800 unless told), its errors are collected, and a failure
// leaves a screenshot in target/e2e/.
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch } from './harness.mjs';

export const root = path.resolve(process.argv[2] ?? 'dist');
export const shots = path.resolve('target/e2e');
fs.mkdirSync(shots, { recursive: true });
export const shared = path.resolve(process.env.NONOGRAM_SHARED ?? '../shared', 'puzzles');
export const { server, base } = await serve(root);
export const browser = await launch();
let passed = 0, failed = 0;
const errors = [];

export async function test(name, body, options = {}) {
  // E2E_ONLY=text runs only the tests whose name contains it (while developing).
  if (process.env.E2E_ONLY && !name.includes(process.env.E2E_ONLY)) return;
  // `init`: a script to run in the page before its own (a browser's make-up).
  const { init, ...pageOptions } = options;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...pageOptions });
  if (init) await page.addInitScript(init);
  page.on('pageerror', (e) => errors.push(`${name}: page error: ${e.message}`));
  // E2E_CONSOLE=1 prints the page's console (while developing).
  page.on('console', (m) => { if (process.env.E2E_CONSOLE) console.log('   console:', m.text()); if (m.type() === 'error') errors.push(`${name}: console: ${m.text()}`); });
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

/// A phone: 390×844 at devicePixelRatio 2, touch.
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/// The same test on a 1280×800 window and on a phone.
export async function onBothSizes(name, body, options = {}) {
  await test(`${name} (1280×800)`, body, options);
  await test(`${name} (390×844)`, body, { ...PHONE, ...options });
}

export function expect(cond, message) { if (!cond) throw new Error(message); }
export const status = (page) => page.locator('[role=status]').textContent();
/// Types `text` into Clues and waits until the worker has read it (the
/// detected format or the error shown, no longer "Reading…").
export async function paste(page, text) {
  await page.fill('#clues', text);
  await page.waitForFunction(() => !document.querySelector('#detected').textContent.startsWith('Reading'));
}
/// Sets playback's speed (steps a second, 0 the fastest); its control is
/// hidden until there is something to play back, so it is set as the
/// page's own change event would.
export async function setSpeed(page, value) {
  await page.evaluate((v) => {
    const select = document.querySelector('#speed');
    select.value = v;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, String(value));
}
export async function solve(page, text, verdict) {
  if (text !== null) await paste(page, text);
  await page.click('#solve');
  await page.waitForFunction((v) => document.querySelector('[role=status]').textContent.startsWith(v), verdict, { timeout: 30000 });
  await page.click('#end');
}

/// Waits until the page has drawn what the last action changed: two
/// animation frames (Yew renders on the event; the board is drawn by the
/// next frame). A condition, not a time: a loaded machine waits longer.
export async function rendered(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/// Waits until the layout has come to rest: the scroll, the board's place,
/// size and cell size, and the page's height the same on three frames in a
/// row (a smooth scroll, a resize or a zoom has ended).
export async function settled(page) {
  await page.evaluate(async () => {
    const measure = () => {
      const c = document.querySelector('canvas');
      const r = c?.getBoundingClientRect();
      return JSON.stringify([window.scrollX, window.scrollY, r?.top, r?.left, r?.width, r?.height, c?.width, c?.height,
        c?.getAttribute('data-cell'), document.documentElement.scrollHeight]);
    };
    let last = measure();
    for (let same = 0; same < 3;) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = measure();
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

/// Polls `check` (an async function of the test's side) once a frame until
/// it is true; fails after `timeout` ms naming `what`.
/** Pastes `text`, presses Play and waits for the play bar and a settled board. */
export async function startPlaying(page, text) {
  await paste(page, text);
  await page.click('#play-mode');
  await page.waitForSelector('#hint');
  expect(await page.getAttribute('#play-mode', 'aria-pressed') === 'true', 'Play is pressed');
  await settled(page);
}

export async function until(page, check, what, timeout = 30000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeout) throw new Error(`waited ${timeout} ms for ${what}`);
    await rendered(page);
  }
}

/// Sets Clues to `text` as a paste does, at once (playwright's fill waits
/// long on a box that holds a large text).
export async function replaceClues(page, text) {
  await page.evaluate((t) => { const a = document.querySelector('#clues'); a.value = t; a.dispatchEvent(new InputEvent('input', { bubbles: true })); }, text);
}

/// The board's cell size in CSS pixels, as the canvas says it.
export const cellSize = (page) => page.evaluate(() => Number(document.querySelector('canvas').getAttribute('data-cell')));

/// Puts a large text in Clues as a paste does (playwright's fill types it
/// slowly), then records the page's long tasks in `window.__long` as
/// [start, ms] from the input event on: the browser's own work to hold the
/// text in the box (about 160 ms for 5 MB) comes first, unmeasured.
export async function pasteLarge(page, text) {
  await page.evaluate((t) => { document.querySelector('#clues').value = t; }, text);
  await rendered(page);
  await settled(page);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); })
      .observe({ type: 'longtask' });
  });
  await page.evaluate(() => document.querySelector('#clues').dispatchEvent(new InputEvent('input', { bubbles: true })));
}

/// The board's canvas: its size in device pixels, and how many of its
/// pixels are dark (filled cells, clues, grid lines), read back.
export const boardPixels = (page) => page.evaluate(() => {
  const c = document.querySelector('canvas');
  if (c.width === 0 || c.height === 0) return { width: c.width, height: c.height, dark: 0 };
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const [left, top, scale] = ['data-left', 'data-top', 'data-scale'].map((a) => Number(c.getAttribute(a)));
  let dark = 0, ink = 0, clueInk = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] < 80 && d[i + 1] < 80 && d[i + 2] < 80 && d[i + 3] > 0) dark++;
    if (d[i] < 200 && d[i + 3] > 0) {
      ink++;
      // Row clues: left of the grid, below the column clues.
      const x = (i / 4) % c.width, y = Math.floor(i / 4 / c.width);
      if (x < (left - 4) * scale && y > top * scale) clueInk++;
    }
  }
  return { width: c.width, height: c.height, dark, ink, clueInk, cell: Number(c.getAttribute('data-cell')), scale };
});

/// The export text in a format.
export async function exported(page, format) {
  await page.selectOption('#export-format', format);
  return page.inputValue('#export-text');
}

/// Closes everything; prints the count; the exit status says whether all passed.
export async function finish() {
  await browser.close();
  server.close();
  for (const e of errors) console.log(`error seen: ${e}`);
  if (errors.length) failed++;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
