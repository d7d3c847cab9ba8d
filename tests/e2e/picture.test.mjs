// End-to-end tests: from picture to puzzle, and export and share.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, onBothSizes, expect, status, paste, solve, boardPixels, exported, shots, shared, root, base, browser, setSpeed } from './lib.mjs';
import { photo, thresholdSlider, setSide } from './scenarios.mjs';
import { picture, POST_003, LAMBDA, png, bmp, gif, crc32, BLACK, WHITE, DISC, SWITCH } from './fixtures.mjs';

const upload = (page, name, mimeType, buffer) => page.setInputFiles('#upload-picture', { name, mimeType, buffer });
const checked = (page, prefix) => page.waitForFunction((p) => document.querySelector('#check')?.textContent.startsWith(p), prefix, { timeout: 20000 });

/// RGBA of the centre of cell (r, c) and of its outline ring on a canvas with data-left/top/cell.
async function cellPixels(page, selector, r, c) {
  return page.evaluate(([sel, r, c]) => {
    const cv = document.querySelector(sel);
    const [left, top, cell] = ['data-left', 'data-top', 'data-cell'].map((a) => Number(cv.getAttribute(a)));
    const dpr = window.devicePixelRatio, g = cv.getContext('2d');
    const at = (fx, fy) => Array.from(g.getImageData(Math.round((left + (c + fx) * cell) * dpr), Math.round((top + (r + fy) * cell) * dpr), 1, 1).data);
    const inset = Math.min(3, Math.max(1, cell / 8));
    return { centre: at(0.5, 0.5), ring: at(0.5, inset / cell) };
  }, [selector, r, c]);
}

await test("upload post 003's 0/1 text picture: the post's clues, solved back to the picture", async (page) => {
  await upload(page, 'seed-003.txt', 'text/plain', Buffer.from(POST_003));
  await checked(page, 'Unique — solvable by line logic alone');
  expect((await page.locator('#picture-note').textContent()) === 'seed-003.txt: 0/1 text picture, 5×5 cells', await page.locator('#picture-note').textContent());
  // The clues went into Clues, which the worker reads.
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 5×5').catch(() => {});
  const detected = await page.locator('#detected').textContent();
  expect(detected === 'Detected: .non, 5×5', `the clues went into Clues: ${detected}`);
  const nin = await exported(page, 'nin');
  expect(nin === '5 5\n3\n2 1\n3\n2\n3\n1\n3\n1 3\n5\n1\n', `clues: ${JSON.stringify(nin)}`);
  await setSpeed(page, '0');
  await solve(page, null, 'Unique solution');
  expect(await page.inputValue('#grid-text') === '.###.\n##.#.\n.###.\n..##.\n..###', 'solving gives the picture back');
  expect(await exported(page, 'picture') === POST_003, 'the picture exports as the file');
});

await test('upload a 300×300 PNG disc at 20×20: round, Otsu, Invert', async (page) => {
  await upload(page, 'disc.png', 'image/png', DISC);
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'disc.png: PNG, 300×300 pixels');
  expect(await page.inputValue('#pic-width') === '30' && await page.inputValue('#pic-height') === '30', 'default: 30 on the longer side');
  await setSide(page, '#pic-width', 20);
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 20×20');
  expect(await page.inputValue('#pic-height') === '20', 'the aspect ratio is kept');
  // A side past 200 is refused by name, the grid left as it was.
  await setSide(page, '#pic-width', 500);
  await page.waitForFunction(() => document.querySelector('#picture-error')?.textContent === 'Width: enter a whole number of cells from 1 to 200');
  expect(await page.locator('#detected').textContent() === 'Detected: .non, 20×20', 'the grid stays 20×20');
  await setSide(page, '#pic-width', 20);
  await page.waitForFunction(() => !document.querySelector('#picture-error')?.textContent);
  await checked(page, 'Unique');
  const otsu = await page.locator('#pic-threshold-value').textContent();
  expect(/^\d+ \(Otsu\)$/.test(otsu), otsu);
  const rows = (await exported(page, 'picture')).trim().split('\n');
  expect(rows.length === 20 && rows.every((r) => r.length === 20), 'a 20×20 picture');
  const at = (r, c) => rows[r][c];
  for (const [r, c, v] of [[10, 10, '1'], [0, 0, '0'], [19, 19, '0'], [0, 10, '0'], [10, 2, '1'], [2, 10, '1'], [3, 3, '0'], [16, 16, '0']]) {
    expect(at(r, c) === v, `cell (${r + 1}, ${c + 1}) is ${at(r, c)}, expected ${v}:\n${rows.join('\n')}`);
  }
  for (let r = 0; r < 20; r++) for (let c = 0; c < 20; c++) {
    expect(at(r, c) === at(c, r) && at(r, c) === at(19 - r, c), `the disc is symmetric at (${r + 1}, ${c + 1}):\n${rows.join('\n')}`);
  }
  const filled = rows.join('').split('1').length - 1;
  expect(filled > 180 && filled < 230, `${filled} cells filled (π·8² ≈ 201)`);
  await page.screenshot({ path: path.join(shots, 'picture-disc-1280.png'), fullPage: true });
  const before = await page.inputValue('#clues');
  await page.click('#pic-invert');
  await page.waitForFunction((b) => document.querySelector('#clues').value !== b, before);
  const inverted = (await exported(page, 'picture')).trim().split('\n');
  expect(inverted.every((row, r) => [...row].every((v, c) => v !== rows[r][c])), 'Invert swaps filled and empty');
});

await test('a 2×2 diagonal switch: multiple solutions, the four cells outlined, a fix makes it unique', async (page) => {
  // A 6×6 PNG, one pixel per cell: converted pixel-exact.
  await upload(page, 'switch.png', 'image/png', png(6, 6, (x, y) => SWITCH[y][x] === '1' ? BLACK : WHITE));
  await checked(page, 'Multiple solutions');
  expect(await page.inputValue('#pic-width') === '6', 'grid-sized: 6×6');
  expect(await exported(page, 'picture') === SWITCH.join('\n') + '\n', 'pixel-exact');
  const diff = await page.locator('#check-diff').textContent();
  expect(diff === 'The two solutions differ in 4 cells, outlined: row 3 column 3, row 3 column 4, row 4 column 3, row 4 column 4.', diff);
  // The outline is drawn: red inside each differing cell's edge, not in others.
  for (const [r, c] of [[2, 2], [2, 3], [3, 2], [3, 3]]) {
    const { ring } = await cellPixels(page, '#picture-canvas', r, c);
    expect(ring[0] > 180 && ring[1] < 90, `outline at (${r + 1}, ${c + 1}): ${ring}`);
  }
  const { ring } = await cellPixels(page, '#picture-canvas', 0, 5);
  expect(!(ring[0] > 180 && ring[1] < 90), `no outline at (1, 6): ${ring}`);
  const own = await page.locator('#solution-own').count(), other = await page.locator('#solution-other').count();
  expect(own === 1 && other === 1, 'both solutions are shown');
  await page.waitForSelector('.fix', { timeout: 20000 });
  await page.waitForFunction(() => document.querySelector('#fix-status').textContent.startsWith('Fixes found'));
  await page.locator('#picture-canvas').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'picture-check-1280.png'), fullPage: true });
  const fix = await page.locator('.fix').first().textContent();
  await page.locator('.fix').first().click();
  await checked(page, 'Unique');
  const edits = await page.locator('.picture .hint').nth(1).textContent();
  expect(edits.includes('1 cell switched by hand'), `${fix}: ${edits}`);
  // Clicking a cell switches it back, and the check follows.
  const m = fix.match(/row (\d+), column (\d+)/);
  const box = await page.locator('#picture-canvas').boundingBox();
  const [left, top, cell] = await page.evaluate(() => ['data-left', 'data-top', 'data-cell'].map((a) => Number(document.querySelector('#picture-canvas').getAttribute(a))));
  await page.mouse.click(box.x + left + (Number(m[2]) - 0.5) * cell, box.y + top + (Number(m[1]) - 0.5) * cell);
  await checked(page, 'Multiple solutions');
});

await test('bad files get clear messages and the previous puzzle stays', async (page) => {
  await upload(page, 'seed-003.txt', 'text/plain', Buffer.from(POST_003));
  await checked(page, 'Unique');
  const clues = await page.inputValue('#clues');
  const cases = [
    ['notes.txt', 'text/plain', Buffer.from('hello world\n'), 'notes.txt: not an image, and not a 0/1 text picture: line 1, column 1: `h` is not a picture cell (use 0/1, ./# or _/X) (to open clues, use Open file)'],
    ['data.bin', 'application/octet-stream', Buffer.from([0x00, 0xff, 0xfe, 0x10, 0x80]), 'data.bin: not a PNG, JPEG, GIF, WebP or BMP image, and not text (a 0/1 picture)'],
    ['empty.png', 'image/png', Buffer.alloc(0), 'empty.png: the file is empty (0 bytes)'],
    ['cut.png', 'image/png', DISC.subarray(0, Math.floor(DISC.length / 2)), 'cut.png: the PNG image could not be decoded'],
    ['huge.png', 'image/png', (() => { const b = png(1, 1, () => BLACK); b.writeUInt32BE(100000, 16); b.writeUInt32BE(100000, 20); return b; })(),
      'huge.png: the PNG image is 100000×100000 pixels; the largest accepted is 16384 pixels a side and 50 megapixels'],
  ];
  for (const [name, type, buffer, message] of cases) {
    await upload(page, name, type, buffer);
    await page.waitForSelector('#picture-error');
    const got = await page.locator('#picture-error').textContent();
    expect(got.startsWith(message), `${name}: ${got}`);
    expect(await page.inputValue('#clues') === clues, `${name}: the puzzle is still there`);
    expect(await page.locator('#picture-canvas').count() === 1, `${name}: the picture is still there`);
  }
});

await test('exports paste back as the same puzzle; PNG and share link round trips', async (page) => {
  await upload(page, 'disc.png', 'image/png', DISC);
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 30×30');
  await checked(page, 'Unique');
  const reference = await exported(page, 'nin');
  const texts = {};
  for (const f of ['non', 'nin', 'plain', 'json']) texts[f] = await exported(page, f);
  const names = { non: '.non', nin: '.nin', plain: 'plain', json: 'JSON' };
  for (const f of Object.keys(texts)) {
    await paste(page, texts[f]);
    await page.waitForFunction((t) => document.querySelector('#detected').textContent === t, `Detected: ${names[f]}, 30×30`);
    expect(await exported(page, 'nin') === reference, `${f}: the same clues`);
  }
  // Download and Copy give the text shown.
  await page.selectOption('#export-format', 'nin');
  const [nin] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  expect(nin.suggestedFilename() === 'disc.nin', nin.suggestedFilename());
  const ninFile = path.join(shots, 'exported.nin');
  await nin.saveAs(ninFile);
  expect(fs.readFileSync(ninFile, 'utf8') === reference, 'the downloaded .nin is the text shown');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.replace(/\/$/, '') });
  await page.selectOption('#export-format', 'json');
  await page.click('#export-copy');
  await page.waitForFunction(() => document.querySelector('#export-note').textContent === 'Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText()) === texts.json, 'the clipboard holds the JSON');
  // The PNG of the picture, uploaded again, is the same picture (pixel-exact blocks).
  await paste(page, texts.non);
  await checked(page, 'Unique');
  const picture = await exported(page, 'picture');
  await page.locator('#pic-use').click().catch(() => {});
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  const file = path.join(shots, 'exported.png');
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString() === 'PNG' && bytes.readUInt32BE(16) === 240 && bytes.readUInt32BE(20) === 240, 'a 240×240 PNG');
  await upload(page, 'exported.png', 'image/png', bytes);
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'exported.png: PNG, 240×240 pixels');
  await checked(page, 'Unique');
  expect(await exported(page, 'picture') === picture, 'the PNG reads back as the same picture');
  // The share link opened in a new page gives the same puzzle, ready to solve.
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  expect(link.startsWith(base) && link.includes('#p=') && link.length < 600, link);
  const other = await browser.newPage();
  await other.goto(link);
  await other.waitForSelector('#detected:has-text("Detected")');
  const opened = await other.locator('[role=status]').textContent();
  expect(opened.startsWith('Opened the shared puzzle “exported” (30×30)'), opened);
  expect(await exported(other, 'nin') === reference, 'the link gives the same clues');
  expect(!other.url().includes('#p='), 'the link is dropped from the address once read');
  await solve(other, null, 'Unique solution');
  await other.close();
});

await onBothSizes('the share link is shown in a selectable field and copied', async (page) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.replace(/\/$/, '') });
  await paste(page, POST_003);
  await page.click('#share');
  await page.waitForFunction(() => document.querySelector('#export-note').textContent === 'Share link copied to the clipboard.');
  const field = await page.evaluate(() => {
    const f = document.querySelector('#share-link');
    f.focus();
    f.select();
    const r = f.getBoundingClientRect();
    return { value: f.value, readOnly: f.readOnly, selected: f.selectionEnd - f.selectionStart, label: document.querySelector('label[for=share-link]')?.textContent,
      fits: r.right <= window.innerWidth };
  });
  expect(field.value.startsWith(base) && field.value.includes('#p=') && field.readOnly && field.label === 'Share link', JSON.stringify(field));
  expect(field.selected === field.value.length && field.fits, `the whole link can be selected, in view: ${JSON.stringify(field)}`);
  expect(await page.evaluate(() => navigator.clipboard.readText()) === field.value, 'the clipboard holds the link shown');
  // A new input is another puzzle: the old link is not shown.
  await paste(page, LAMBDA);
  expect(await page.locator('#share-link').count() === 0, 'no stale link');
});

await test('a 4000×3000 photo converts; the threshold slider moves the largest grid', async (page) => {
  // (The page's long tasks meanwhile, and how long a timer waits:
  // `scripts/bench-page`.)
  await photo(page, browser);
  expect(await page.locator('#detected').textContent() === 'Detected: .non, 30×23', 'the photo is a 30×23 puzzle');
  // The largest grid, and the threshold slider moved: the preview follows.
  const { before, after } = await thresholdSlider(page);
  expect(after.split('1').length > before.split('1').length, 'a higher threshold fills more cells');
});

await test('picture panel screenshots on a phone', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await upload(page, 'switch.png', 'image/png', png(6, 6, (x, y) => SWITCH[y][x] === '1' ? BLACK : WHITE));
  await page.waitForFunction(() => document.querySelector('#fix-status')?.textContent.startsWith('Fixes found'), null, { timeout: 20000 });
  await page.screenshot({ path: path.join(shots, 'picture-check-390x844.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, `the page is ${overflow}px wider than the window`);
  // A GIF, one pixel per cell.
  await upload(page, 'seed.gif', 'image/gif', gif(5, 5, (x, y) => POST_003.split('\n')[y][x] === '1' ? 0 : 1));
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'seed.gif: GIF, 5×5 pixels');
  await checked(page, 'Unique');
  expect(await exported(page, 'picture') === POST_003, 'GIF read pixel-exact');
  // A WebP made by the browser.
  await page.evaluate(async () => {
    const c = new OffscreenCanvas(90, 60), g = c.getContext('2d');
    g.fillStyle = '#fff'; g.fillRect(0, 0, 90, 60); g.fillStyle = '#000'; g.fillRect(30, 15, 30, 30);
    const blob = await c.convertToBlob({ type: 'image/webp', quality: 1 });
    const dt = new DataTransfer();
    dt.items.add(new File([blob], 'square.webp', { type: 'image/webp' }));
    const input = document.querySelector('#upload-picture');
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'square.webp: WebP, 90×60 pixels');
  await checked(page, 'Unique');
  const square = (await exported(page, 'picture')).trim().split('\n');
  // Blocks of 30×15 pixels: a 3×4 grid.
  expect(square.join(',') === '000,010,010,000', `a 3×4 block grid: ${square}`);
  // A BMP of post 003 drawn with 10-pixel cells: read back as the 5×5 grid.
  await upload(page, 'seed.bmp', 'image/bmp', bmp(50, 50, (x, y) => POST_003.split('\n')[Math.floor(y / 10)][Math.floor(x / 10)] === '1' ? BLACK : WHITE));
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'seed.bmp: BMP, 50×50 pixels');
  await checked(page, 'Unique');
  expect(await exported(page, 'picture') === POST_003, 'blocky BMP read pixel-exact');
});


