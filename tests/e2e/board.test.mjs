// End-to-end tests: the board: never stale, fit and zoom, any size, colour schemes, layouts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, onBothSizes, PHONE, expect, status, paste, solve, boardPixels, exported, shots, shared, root, base, browser, settled, cellSize, replaceClues, setSpeed } from './lib.mjs';
import { picture, POST_003, LAMBDA, png, bmp, gif, crc32, BLACK, WHITE, DISC, SWITCH } from './fixtures.mjs';

await onBothSizes('invalid text after a solved puzzle clears the board', async (page) => {
  await solve(page, POST_003, 'Unique solution');
  const dark = () => page.evaluate(() => {
    const c = document.querySelector('canvas');
    if (c.width === 0 || c.height === 0) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 80 && d[i + 1] < 80 && d[i + 2] < 80 && d[i + 3] > 0) n++;
    return n;
  });
  expect(await dark() > 100, 'the solved board has filled cells');
  await paste(page, '2 2\n1\n1 x\n1\n1\n');
  await page.waitForSelector('#input-error', { state: 'visible' });
  await settled(page);
  expect(await dark() === 0, 'no filled cell on the canvas');
  // Nor the old puzzle's clues: the pinned clue strips are cleared too.
  const strips = await page.$$eval('.clue-strip canvas', (cs) => cs.map((c) => c.width * c.height));
  expect(strips.every((n) => n === 0), `clue strips still drawn: ${strips.join(', ')}`);
  expect(await page.inputValue('#grid-text') === '', 'Grid as text is empty');
  expect(await status(page) === '', 'no verdict');
  expect(await page.locator('#input-error').isVisible(), 'the error is shown');
  const described = await page.getAttribute('#clues', 'aria-describedby');
  expect(described.split(' ').includes('input-error'), `the error is tied to the text box: ${described}`);
  expect(await page.getAttribute('#clues', 'aria-invalid') === 'true', 'aria-invalid');
  const alt = await page.evaluate(() => document.querySelector('canvas').getAttribute('aria-label'));
  expect(alt === 'Board: no puzzle (the clues are not valid)', alt);
  // No empty paper where the board was (its room is kept), and a word why.
  expect(!(await page.locator('.board-stack').isVisible()), 'the empty board is not drawn');
  expect(await page.locator('#progress').textContent() === 'No puzzle to draw: the clues have an error',
    await page.locator('#progress').textContent());
  await paste(page, POST_003);
  await solve(page, null, 'Unique solution');
  expect(await dark() > 100, 'a valid puzzle is drawn again');
  expect(await page.locator('.board-stack').isVisible(), 'the board shown again');
});


// The board stays in view beside its tools, but never over the sections
// below them: at the page's foot a click on Share link reaches it.
for (const [w, h] of [[1280, 800], [1920, 1080]]) {
  await test(`the sticky board never covers the sections below it (${w}×${h})`, async (page) => {
    await solve(page, picture(34, 34, 0.75, 3434), 'Unique solution');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settled(page);
    for (const id of ['share', 'lab-details']) {
      const hit = await page.evaluate((id) => {
        const e = document.getElementById(id);
        const r = (id === 'lab-details' ? e.querySelector('summary') : e).getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { inView: r.top >= 0 && r.bottom <= innerHeight, reached: e.contains(at), at: at?.tagName + '.' + at?.className };
      }, id);
      expect(!hit.inView || hit.reached, `${id} is covered by ${hit.at}`);
    }
    const board = await page.locator('canvas.cells').boundingBox();
    const exported = await page.locator('section.export').boundingBox();
    expect(board.y + board.height <= exported.y, `the board (to ${Math.round(board.y + board.height)}) ends above export (${Math.round(exported.y)})`);
  }, { viewport: { width: w, height: h } });
}

await test('a 34×34 puzzle fits a 1280×800 window: the verdict is in view after Solve; zoom pans in the box', async (page) => {
  await paste(page, picture(34, 34, 0.75, 3434));
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'), null, { timeout: 30000 });
  const view = await page.evaluate(() => ({
    verdict: document.querySelector('#verdict').getBoundingClientRect().bottom,
    scrollY: window.scrollY, overflow: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(view.scrollY === 0 && view.verdict <= 800, `verdict at ${view.verdict} px, page scrolled ${view.scrollY}`);
  expect(view.overflow <= 0, `the page is ${view.overflow} px wider than the window`);
  await page.screenshot({ path: path.join(shots, 'fit-34x34-1280.png') });
  const fitted = await boardPixels(page);
  expect(fitted.cell >= 8 && fitted.clueInk > 100, `cells of ${fitted.cell} px, row clues drawn (${fitted.clueInk} px)`);
  for (let i = 0; i < 4; i++) await page.click('#zoom-in');
  const zoomed = await page.evaluate(() => {
    const wrap = document.querySelector('.canvas-wrap');
    return { cell: Number(document.querySelector('canvas').getAttribute('data-cell')), pans: wrap.scrollWidth > wrap.clientWidth && wrap.scrollHeight > wrap.clientHeight,
      overflow: document.documentElement.scrollWidth - window.innerWidth, verdict: document.querySelector('#verdict').getBoundingClientRect().bottom };
  });
  expect(zoomed.cell > fitted.cell * 2, `zoomed from ${fitted.cell} to ${zoomed.cell} px`);
  expect(zoomed.pans && zoomed.overflow <= 0 && zoomed.verdict <= 800, `the board pans in its box, not the page: ${JSON.stringify(zoomed)}`);
  await page.screenshot({ path: path.join(shots, 'zoomed-34x34-1280.png') });
  // Ctrl+wheel zooms the board (out), not the page.
  await page.mouse.move(700, 400);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Control');
  await page.waitForFunction((c) => Number(document.querySelector('canvas').getAttribute('data-cell')) !== c, zoomed.cell);
  const wheeled = await cellSize(page);
  expect(wheeled < zoomed.cell, `Ctrl+wheel zooms out: ${zoomed.cell} → ${wheeled}`);
  await page.click('#fit');
  expect((await boardPixels(page)).cell === fitted.cell, 'Fit fits again');
});

await test('a 25×25 puzzle on a phone: the board fits and the verdict is in view after Solve', async (page) => {
  await paste(page, picture(25, 25, 0.75, 2525));
  await page.tap('#solve');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'), null, { timeout: 30000 });
  await settled(page);
  const view = await page.evaluate(() => {
    const c = document.querySelector('canvas').getBoundingClientRect();
    const v = document.querySelector('#verdict').getBoundingClientRect();
    return { right: c.right, top: c.top, verdict: [v.top, v.bottom], overflow: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(view.right <= 390 && view.overflow <= 0, `the board fits the width: ${JSON.stringify(view)}`);
  expect(view.top >= 0 && view.verdict[0] >= 0 && view.verdict[1] <= 844, `board and verdict in view: ${JSON.stringify(view)}`);
  const board = await boardPixels(page);
  expect(board.cell >= 8 && board.scale === 2 && board.clueInk > 100, `cells of ${board.cell} px at scale ${board.scale}, row clues drawn (${board.clueInk} px)`);
  await page.screenshot({ path: path.join(shots, 'fit-25x25-390x844.png') });
  // Two fingers moving apart on the board zoom it in; the page stays.
  const pinch = await page.evaluate(() => {
    const wrap = document.querySelector('.canvas-wrap');
    const ev = (type, id, x) => wrap.dispatchEvent(new PointerEvent(type,
      { pointerId: id, pointerType: 'touch', clientX: x, clientY: 300, bubbles: true, cancelable: true }));
    ev('pointerdown', 1, 150);
    ev('pointerdown', 2, 200);
    for (let x = 210; x <= 300; x += 10) ev('pointermove', 2, x);
    ev('pointerup', 1, 150);
    ev('pointerup', 2, 300);
    return window.scrollX;
  });
  await page.waitForFunction((c) => Number(document.querySelector('canvas').getAttribute('data-cell')) > c, board.cell);
  await settled(page);
  const pinched = await boardPixels(page);
  expect(pinched.cell > board.cell * 2 && pinch === 0, `a pinch zooms ${board.cell} → ${pinched.cell} px`);
}, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

// At devicePixelRatio 1, 2 (the desktop) and 3 (the phone).
for (const [name, options] of [
  ['1280×800, devicePixelRatio 1', { deviceScaleFactor: 1 }],
  ['1280×800, devicePixelRatio 2', { deviceScaleFactor: 2 }],
  ['390×844, devicePixelRatio 3', { ...PHONE, deviceScaleFactor: 3 }],
]) {
await test(`a 1000×1000 board draws fitted and zoomed (${name})`, async (page) => {
  const dpr = options.deviceScaleFactor;
  const text = picture(1000, 1000, 0.5, 1000);
  await replaceClues(page, text);
  await page.waitForSelector('#detected:has-text("Detected: 0/1 picture, 1000×1000")', { timeout: 30000 });
  await page.waitForFunction(() => Number(document.querySelector('canvas').getAttribute('data-cell')) > 0);
  await settled(page);
  for (const zoom of ['fitted', 'zoomed']) {
    const board = await boardPixels(page);
    const fits = board.width <= 16384 && board.height <= 16384 && board.width * board.height <= 16777216;
    expect(board.width > 0 && fits, `${zoom}: a ${board.width}×${board.height} canvas`);
    // Clues and grid lines, but no filled cell yet: it is not solved.
    expect(board.ink > 10000, `${zoom}: not blank (${board.ink} inked pixels)`);
    await page.locator('canvas.cells').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `1000x1000-${zoom}-${options.viewport?.width ?? 1280}-dpr${dpr}.png`) });
    for (let i = 0; i < 12; i++) await page.click('#zoom-in');
    await settled(page);
  }
}, options);
}


await onBothSizes('dark colour scheme: a dark board with light cells', async (page) => {
  await solve(page, POST_003, 'Unique solution');
  const px = await page.evaluate(() => {
    const c = document.querySelector('canvas');
    const [left, top, cell] = ['data-left', 'data-top', 'data-cell'].map((a) => Number(c.getAttribute(a)));
    const dpr = Number(c.getAttribute('data-scale'));
    const at = (r, col, fx, fy) => Array.from(c.getContext('2d').getImageData(
      Math.round((left + (col + fx) * cell) * dpr), Math.round((top + (r + fy) * cell) * dpr), 1, 1).data);
    return { filled: at(0, 1, 0.5, 0.5), empty: at(0, 0, 0.25, 0.25), page: getComputedStyle(document.documentElement).backgroundColor };
  });
  expect(px.filled[0] > 200 && px.empty[0] < 40, `filled ${px.filled}, empty ${px.empty}`);
  expect(px.page === 'rgb(15, 17, 21)', px.page);
  await page.screenshot({ path: path.join(shots, `dark-${page.viewportSize().width}.png`) });
}, { colorScheme: 'dark' });

await onBothSizes('reduced motion: no animated playback by default; Play steps at Fastest replays to the end', async (page) => {
  expect(await page.inputValue('#speed') === '0', 'Fastest');
  await solve(page, LAMBDA, 'Unique solution');
  expect(await page.isVisible('#speed'), 'the speed shown once there is something to play back');
  const last = Number(await page.evaluate(() => document.querySelector('#step').max));
  expect(last > 2, `${last} steps`);
  // Play steps replays the history from the start (it stayed at step 0,
  // Pause shown, at Fastest before) and ends at the last step.
  await page.click('#play');
  await page.waitForFunction((l) => document.querySelector('#frame').textContent === `step ${l} of ${l}`
    && document.querySelector('#play').textContent === 'Play steps', last, { timeout: 10000 });
}, { reducedMotion: 'reduce' });


for (const [w, h] of [[1280, 800], [390, 844]]) {
  await test(`screenshots at ${w}×${h}`, async (page) => {
    await page.setViewportSize({ width: w, height: h });
    await setSpeed(page, '0');
    await solve(page, POST_003, 'Unique solution');
    await page.screenshot({ path: path.join(shots, `small-${w}x${h}.png`), fullPage: true });
    await solve(page, picture(50, 50, 0.8, 777), 'Unique solution');
    await page.screenshot({ path: path.join(shots, `50x50-${w}x${h}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the page is ${overflow}px wider than the window`);
  });
}



// Faase (80×95) partly solved, at its fitted cells and zoomed in: every
// fifth grid line is whole pixels all along (two wide, one either side of
// the cells' boundary, from cells of 8 px; one otherwise), however often
// the cells beside it were painted again (a 1.5 px line drawn again over
// repainted cells darkened its part-covered pixels unevenly).
await test('the 5-cell block lines of an 80×95 are whole pixels all along, fitted and zoomed', async (page) => {
  await paste(page, fs.readFileSync(path.join(shared, 'survey/faase.non'), 'utf8'));
  await page.click('#solve');
  await page.waitForFunction(() => /clause learning: [1-9]/.test(document.querySelector('#counts').textContent), null, { timeout: 60000 });
  await page.click('#stop');
  await settled(page);
  for (const zoom of ['fitted', 'zoomed']) {
    const got = await page.evaluate(() => {
      const c = document.querySelector('canvas.cells');
      const [left, top, cell, scale] = ['data-left', 'data-top', 'data-cell', 'data-scale'].map((a) => Number(c.getAttribute(a)));
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      // The device pixel whose square holds (x, y).
      const px = (x, y) => { const i = (Math.floor(y * scale) * c.width + Math.floor(x * scale)) * 4; return [data[i], data[i + 1], data[i + 2]]; };
      // The pixels a bold line covers, left (above) of the boundary and right (below).
      const sides = cell >= 8 ? [-1, 0] : [0];
      const seen = [];
      for (let k = 0; k <= 80; k += 5) {
        for (let y = top + 2; y < top + 95 * cell - 2; y += 1) for (const d of sides) seen.push(px(left + k * cell + d + 0.5 / scale, y));
      }
      for (let k = 0; k <= 95; k += 5) {
        for (let x = left + 2; x < left + 80 * cell - 2; x += 1) for (const d of sides) seen.push(px(x, top + k * cell + d + 0.5 / scale));
      }
      const key = (p) => p.join(',');
      const counts = new Map();
      for (const p of seen) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
      const [common] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
      const bold = common.split(',').map(Number);
      // The line the last step worked on is outlined in blue over the
      // grid: not a grid line's pixel.
      const worked = (p) => p[2] - p[0] > 60;
      const off = seen.filter((p) => !worked(p) && p.some((v, i) => Math.abs(v - bold[i]) > 8));
      return { cell, scale, looked: seen.length, off: off.length, bold, examples: off.slice(0, 5) };
    });
    expect(got.looked > 1000 && got.off === 0, `${zoom}: ${JSON.stringify(got)}`);
    await page.screenshot({ path: path.join(shots, `faase-lines-${zoom}.png`) });
    for (let i = 0; i < 3; i++) await page.click('#zoom-in');
    await settled(page);
  }
});
