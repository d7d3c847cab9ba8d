// End-to-end tests: one look (issue 48 item 4). Every text the page
// shows on its first screen meets WCAG AA contrast (4.5:1, 3:1 for large
// or bold text of 18.66 px and over) against what is behind it, in the
// light and the dark theme, the main action included.
import { test, expect } from './lib.mjs';

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
