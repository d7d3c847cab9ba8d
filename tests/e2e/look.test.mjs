// End-to-end tests: one look (issue 48 item 4). Every text the page
// shows on its first screen meets WCAG AA contrast (4.5:1, 3:1 for large
// or bold text of 18.66 px and over) against what is behind it, in the
// light and the dark theme, the main action included.
import path from 'node:path';
import { test, expect, settled, shots } from './lib.mjs';

/// Each visible element's text colour, the colour behind it (the first
/// opaque background up its ancestors, the page's at the root), its
/// size and weight, and a name for it.
const texts = (page) => page.evaluate(() => {
  const rgba = (s) => (s.match(/[\d.]+/g) ?? []).map(Number);
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.99)) return c.slice(0, 3);
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
  };
  const out = [];
  for (const el of document.querySelectorAll('h1, p, label, summary, button, select, textarea, .welcome strong')) {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (!el.textContent.trim() || box.width === 0 || box.height === 0 || box.top > innerHeight) continue;
    if (el.disabled) continue; // WCAG: inactive controls are exempt
    const name = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 24)}"`;
    out.push({ name, fg: rgba(style.color).slice(0, 3), bg: behind(el), size: parseFloat(style.fontSize), bold: Number(style.fontWeight) >= 700 });
  }
  return out;
});

const luminance = (rgb) => {
  const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

for (const scheme of ['light', 'dark']) {
  await test(`every text on the first screen meets WCAG AA contrast (${scheme})`, async (page) => {
    const found = await texts(page);
    expect(found.length >= 10, `${found.length} texts`);
    const poor = found
      .map((t) => ({ ...t, ratio: contrast(t.fg, t.bg), need: t.size >= 24 || (t.bold && t.size >= 18.66) ? 3 : 4.5 }))
      .filter((t) => t.ratio < t.need)
      .map((t) => `${t.name} ${t.ratio.toFixed(2)}:1 (needs ${t.need}: ${t.fg} on ${t.bg})`);
    expect(poor.length === 0, poor.join('; '));
    expect(found.some((t) => t.name === '#play-mode'), 'Play is checked');
  }, { colorScheme: scheme });
}

// Every size and both themes (issue 48's "done when"): at 1280×800,
// 1920×1080 and a 390×844 phone at DPR 3, light and dark, the first visit
// shows the puzzle of the day's board whole and Play in view without a
// scroll, with the one-line welcome; Play brings the play tools into view
// beside or under a board still in view; Make's panel comes into view;
// and in each of the three states every text on the screen meets WCAG
// AA. Screenshots of each for a person to look at.
const SIZES = [
  ['1280', { viewport: { width: 1280, height: 800 } }],
  ['1920', { viewport: { width: 1920, height: 1080 } }],
  ['390', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
];
const inView = async (page, selector) => {
  const box = await page.locator(selector).first().boundingBox();
  const { width, height } = page.viewportSize();
  // Half a pixel either way: scrolled into view, a box's edge lands on a
  // fraction of a pixel (-0.42 under a title that wraps to two lines).
  return box !== null && box.y >= -0.5 && box.x >= -0.5 && box.y + box.height <= height + 0.5 && box.x + box.width <= width + 0.5;
};
const poorContrast = async (page) => (await texts(page))
  .map((t) => ({ ...t, ratio: contrast(t.fg, t.bg), need: t.size >= 24 || (t.bold && t.size >= 18.66) ? 3 : 4.5 }))
  .filter((t) => t.ratio < t.need)
  .map((t) => `${t.name} ${t.ratio.toFixed(2)}:1 (needs ${t.need})`);
for (const [size, options] of SIZES) {
  for (const scheme of ['light', 'dark']) {
    await test(`at ${size} px in ${scheme}: the first visit, Play and Make each in view and legible`, async (page) => {
      // The first visit: the puzzle of the day drawn, whole, and Play in view.
      await page.waitForSelector('#puzzle-title');
      await settled(page);
      expect(await inView(page, '#welcome'), 'the welcome is in view');
      expect(await inView(page, 'canvas.cells'), 'the board is whole and in view');
      expect(await inView(page, '#play-mode'), 'Play is in view');
      expect(await page.evaluate(() => window.scrollY) === 0, 'no scroll');
      let poor = await poorContrast(page);
      expect(poor.length === 0, `first visit: ${poor.join('; ')}`);
      await page.screenshot({ path: path.join(shots, `every-${size}-${scheme}-first.png`) });
      // Play: its tools in view with the board.
      await page.click('#play-mode');
      await page.waitForSelector('#hint');
      await settled(page);
      expect(await inView(page, '#hint'), 'Hint is in view');
      const board = await page.locator('canvas.cells').boundingBox();
      const { height } = page.viewportSize();
      expect(board.y < height && board.y + board.height > 0, `the board in view in play: ${JSON.stringify(board)}`);
      poor = await poorContrast(page);
      expect(poor.length === 0, `play: ${poor.join('; ')}`);
      await page.screenshot({ path: path.join(shots, `every-${size}-${scheme}-play.png`) });
      // Make: its own panel in view.
      await page.click('#make-mode');
      await page.waitForFunction(() => document.querySelector('#make-heading')?.textContent === 'Make a puzzle');
      await settled(page);
      expect(await inView(page, '#make-heading') && await inView(page, '#new-puzzle'), 'Make\'s panel is in view');
      poor = await poorContrast(page);
      expect(poor.length === 0, `make: ${poor.join('; ')}`);
      await page.screenshot({ path: path.join(shots, `every-${size}-${scheme}-make.png`) });
    }, { ...options, colorScheme: scheme });
  }
}
