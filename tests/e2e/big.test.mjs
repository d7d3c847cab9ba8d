// End-to-end tests: boards of any size on any screen. Pinned clues while
// the cells pan (wheel, fingers), legible clue numbers, the highlighted row
// and column, clue numbers crossed off, the play clock and mistakes, Play
// on a phone, and 40×40 and 100×100 puzzles played to "Solved!" by mouse
// and by touch.
import fs from 'node:fs';
import path from 'node:path';
import { test, onBothSizes, PHONE, expect, status, paste, rendered, settled, until, shots, startPlaying } from './lib.mjs';
import { picture } from './fixtures.mjs';

/// The board's geometry: the cells' canvas, its box and the pinned strips,
/// in the page's coordinates; the layout in CSS pixels.
const geometry = (page) => page.evaluate(() => {
  const c = document.querySelector('canvas.cells');
  const at = (a) => Number(c.getAttribute(a));
  const wrap = document.querySelector('.canvas-wrap');
  const rect = (e) => e.getBoundingClientRect().toJSON();
  return {
    canvas: rect(c), wrap: rect(wrap), top: rect(document.querySelector('.clue-top')),
    left: rect(document.querySelector('.clue-left')),
    scroll: [wrap.scrollLeft, wrap.scrollTop], room: [wrap.scrollWidth - wrap.clientWidth, wrap.scrollHeight - wrap.clientHeight],
    l: { left: at('data-left'), top: at('data-top'), cell: at('data-cell'), font: at('data-font') },
  };
});

/// Scrolls the board's box to (x, y) and waits until it has come to rest.
async function pan(page, x, y) {
  await page.evaluate(([x, y]) => { const w = document.querySelector('.canvas-wrap'); w.scrollLeft = x; w.scrollTop = y; }, [x, y]);
  await rendered(page);
}

/// A picture's text and its rows as '#' and '.'.
function puzzle(size, density, seed) {
  const text = picture(size, size, density, seed);
  return { text, rows: text.trim().split('\n').map((r) => r.replaceAll('1', '#').replaceAll('0', '.')) };
}

await onBothSizes('a 100×100 pans under pinned, legible clues: the strips stay while the cells move', async (page) => {
  await paste(page, puzzle(100, 0.6, 5).text);
  await settled(page);
  let g = await geometry(page);
  expect(g.l.font >= 9 && g.l.cell >= 9, `legible clues at Fit: ${JSON.stringify(g.l)}`);
  expect(g.room[0] > 0 && g.room[1] > 0, `the cells pan both ways: ${g.room}`);
  expect(g.wrap.width >= page.viewportSize().width * 0.55, `the board uses its room: ${g.wrap.width}`);
  // The board pans in its box; the page itself never overflows the window.
  const page_ = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth, innerHeight]);
  expect(page_[0] <= page_[1] && page_[2] === page.viewportSize().height, `no page overflow: ${page_}`);
  await page.locator('.canvas-wrap').scrollIntoViewIfNeeded();
  g = await geometry(page);
  // Past the clues that scroll away first (those far from the grid, where
  // they are wider than the strips' share of the box), both strips stick.
  const pinLeft = g.left.width, pinTop = g.top.height;
  const stuck = [g.l.left - pinLeft + 10, g.l.top - pinTop + 10];
  await pan(page, stuck[0], stuck[1]);
  g = await geometry(page);
  const rowStrip = { x: g.wrap.x, y: g.wrap.y + pinTop, width: pinLeft, height: g.wrap.height - pinTop - 20 };
  const columnStrip = { x: g.wrap.x + pinLeft, y: g.wrap.y, width: g.wrap.width - pinLeft - 20, height: pinTop };
  const shot = (clip) => page.screenshot({ clip });
  const rows = await shot(rowStrip);
  const columns = await shot(columnStrip);
  // Right: the row clues do not move; the column clues do.
  await pan(page, stuck[0] + 200, stuck[1]);
  expect(Buffer.compare(rows, await shot(rowStrip)) === 0, 'panned right, the row clues stay');
  expect(Buffer.compare(columns, await shot(columnStrip)) !== 0, 'panned right, the column clues follow the columns');
  // Down: the column clues (of the columns now in view) do not move.
  const columnsRight = await shot(columnStrip);
  await pan(page, stuck[0] + 200, stuck[1] + 300);
  expect(Buffer.compare(columnsRight, await shot(columnStrip)) === 0, 'panned down, the column clues stay');
  expect(Buffer.compare(rows, await shot(rowStrip)) !== 0, 'panned down, the row clues follow the rows');
  g = await geometry(page);
  expect(g.scroll[0] === stuck[0] + 200 && g.scroll[1] === stuck[1] + 300, `panned: ${g.scroll}`);
  // What is under the pinned areas is the strips, not cells.
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.clue-strip')?.className ?? '',
    [g.wrap.x + 5, g.wrap.y + pinTop + 30]);
  expect(hit.includes('clue-left'), `row clues pinned at the left: ${hit}`);
  const w = page.viewportSize().width;
  await page.screenshot({ path: path.join(shots, `pinned-100-${w}.png`) });
  if (w > 700) {
    // The wheel pans (a touchpad's two-finger scroll is the same event).
    await page.mouse.move(g.wrap.x + g.wrap.width / 2, g.wrap.y + g.wrap.height / 2);
    await page.mouse.wheel(0, 200);
    await until(page, async () => (await geometry(page)).scroll[1] > stuck[1] + 300, 'the wheel to pan');
  }
});

await test('the row and column under the pointer are highlighted with their clues', async (page) => {
  await paste(page, puzzle(20, 0.6, 3).text);
  await settled(page);
  const g = await geometry(page);
  const x = g.canvas.x + g.l.left + 7.5 * g.l.cell, y = g.canvas.y + g.l.top + 4.5 * g.l.cell;
  await page.mouse.move(x, y);
  await rendered(page);
  const bands = await page.evaluate(() => [...document.querySelectorAll('.band')].map((b) => {
    const r = b.getBoundingClientRect();
    return { shown: getComputedStyle(b).display !== 'none', x: r.x, y: r.y, w: r.width, h: r.height, strip: !!b.closest('.clue-strip') };
  }));
  expect(bands.every((b) => b.shown), `four bands: ${JSON.stringify(bands)}`);
  const near = (a, b) => Math.abs(a - b) < 1;
  const row = bands.filter((b) => near(b.h, g.l.cell) && near(b.y, g.canvas.y + g.l.top + 4 * g.l.cell));
  const column = bands.filter((b) => near(b.w, g.l.cell) && near(b.x, g.canvas.x + g.l.left + 7 * g.l.cell));
  expect(row.length === 2 && row.some((b) => b.strip), 'row 5 and its clue');
  expect(column.length === 2 && column.some((b) => b.strip), 'column 8 and its clue');
  await page.mouse.move(5, 5);
  await until(page, () => page.evaluate(() => [...document.querySelectorAll('.band')].every((b) => getComputedStyle(b).display === 'none')),
    'the bands to go when the pointer leaves');
});

await onBothSizes('play: a clue number is crossed off and back, the clock runs, mistakes are counted and shown at once', async (page) => {
  const { text, rows } = puzzle(15, 0.6, 4);
  await startPlaying(page, text);
  const touch = page.viewportSize().width < 700;
  const tap = (x, y) => touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y);
  // The clock: role=timer, m:ss, running.
  const clock = () => page.locator('[role=timer]').textContent();
  expect(/^0:0\d$/.test(await clock()), await clock());
  await until(page, async () => (await clock()) !== '0:00', 'the clock to tick');
  // Cross off row 1's first number: struck through in the alert colour.
  const g = await geometry(page);
  const red = () => page.evaluate(() => {
    const c = document.querySelector('.clue-left canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 180 && d[i + 1] < 90 && d[i + 2] < 90) n++;
    return n;
  });
  expect(await red() === 0, 'nothing crossed off yet');
  // The row's numbers end a quarter cell and 4 pixels left of the grid: the last one.
  const x = g.canvas.x + g.l.left - 4 - 0.25 * g.l.cell - 0.3 * g.l.font, y = g.canvas.y + g.l.top + 0.5 * g.l.cell;
  await tap(x, y);
  await until(page, async () => (await red()) > 0, 'the number to be struck through');
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('nonogram-studio.play.'))
    .map((k) => localStorage.getItem(k)));
  expect(kept.some((v) => /;0\.\d+$/.test(v)), `kept with the progress: ${kept}`);
  await tap(x, y);
  await until(page, async () => (await red()) === 0, 'the number back on');
  // Show mistakes at once: a wrong fill is outlined and counted.
  await page.click('#show-mistakes');
  // The switch lies below a phone's fold (its board as wide as the
  // window): the click scrolled the page, and the player scrolls back.
  await page.locator('canvas.cells').scrollIntoViewIfNeeded();
  const h = await geometry(page);
  const wrongColumn = rows[0].indexOf('.');
  await tap(h.canvas.x + h.l.left + (wrongColumn + 0.5) * h.l.cell, h.canvas.y + h.l.top + 0.5 * h.l.cell);
  await page.waitForFunction(() => document.querySelector('#mistakes').textContent === '1 mistake so far');
  await page.screenshot({ path: path.join(shots, `play-tools-${page.viewportSize().width}.png`) });
});

await test('on a phone, Play brings the board and its tools into view together', async (page) => {
  await paste(page, puzzle(25, 0.6, 6).text);
  await page.tap('#play-mode');
  await page.waitForSelector('#hint');
  await settled(page);
  const inView = (sel) => page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  }, sel);
  for (const sel of ['#hint', '#undo', '#cross', '.canvas-wrap']) expect(await inView(sel), `${sel} in view`);
  const help = await status(page);
  expect(help.includes('tap') && !help.includes('click'), `touch words: ${help}`);
  await page.screenshot({ path: path.join(shots, 'play-phone-in-view.png') });
}, PHONE);

await test('on a phone, the first tap on a button after a drag on the board counts', async (page) => {
  const { text } = puzzle(10, 0.6, 2);
  await startPlaying(page, text);
  const g = await geometry(page);
  const at = (r, c) => ({ x: g.canvas.x + g.l.left + (c + 0.5) * g.l.cell, y: g.canvas.y + g.l.top + (r + 0.5) * g.l.cell });
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await touch('touchStart', at(1, 1));
  for (let c = 2; c <= 4; c++) await touch('touchMove', at(1, c));
  await touch('touchEnd');
  await page.waitForFunction(() => document.querySelector('#grid-text').value.split('\n')[1].slice(1, 5) === '####');
  await page.tap('#undo');
  await page.waitForFunction(() => !document.querySelector('#grid-text').value.includes('#'), null, { timeout: 5000 });
}, PHONE);

await test('on a phone, two fingers pan the board in play mode and paint nothing', async (page) => {
  await startPlaying(page, puzzle(60, 0.6, 8).text);
  const g = await geometry(page);
  expect(g.room[0] > 0 && g.room[1] > 0, 'the board pans');
  const cx = g.wrap.x + g.wrap.width * 0.7, cy = g.wrap.y + g.wrap.height * 0.7;
  await page.evaluate(([cx, cy]) => {
    const c = document.querySelector('canvas.cells');
    const send = (type, id, x, y) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    send('pointerdown', 1, cx - 30, cy);
    send('pointerdown', 2, cx + 30, cy);
    for (let k = 1; k <= 10; k++) { send('pointermove', 1, cx - 30 - 8 * k, cy - 6 * k); send('pointermove', 2, cx + 30 - 8 * k, cy - 6 * k); }
    send('pointerup', 1, cx - 110, cy - 60);
    send('pointerup', 2, cx - 50, cy - 60);
  }, [cx, cy]);
  await rendered(page);
  const after = await geometry(page);
  expect(after.scroll[0] >= 70 && after.scroll[1] >= 50, `panned with the fingers: ${after.scroll}`);
  expect(!(await page.inputValue('#grid-text')).includes('#'), 'no cell painted');
}, PHONE);

/// Plays a puzzle to "Solved!" by strokes along each row's runs, panning
/// the board so that each stroke's cells are in view right of and below
/// the pinned clues (as a player does), by mouse or by touch.
async function playToSolved(page, rows, touch) {
  const cdp = touch ? await page.context().newCDPSession(page) : null;
  const g = await geometry(page);
  const pinLeft = g.left.width, pinTop = g.top.bottom - g.top.top;
  const viewW = g.wrap.width - pinLeft - 16, viewH = g.wrap.height - pinTop - 16;
  const stroke = async (from, to) => {
    if (touch) {
      const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
      await send('touchStart', from);
      if (to.x !== from.x) await send('touchMove', to);
      await send('touchEnd');
    } else {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      if (to.x !== from.x) await page.mouse.move(to.x, to.y, { steps: 2 });
      await page.mouse.up();
    }
  };
  let scroll = [-1, -1];
  for (let r = 0; r < rows.length; r++) {
    for (const m of rows[r].matchAll(/#+/g)) {
      // A run, in pieces as wide as the view.
      const perView = Math.max(1, Math.floor(viewW / g.l.cell) - 1);
      for (let start = m.index; start < m.index + m[0].length; start += perView) {
        const end = Math.min(m.index + m[0].length, start + perView) - 1;
        // Pan so that cells start..end of row r are in view.
        const want = [
          Math.max(0, Math.min(g.room[0], g.l.left + start * g.l.cell - pinLeft - 4)),
          Math.max(0, Math.min(g.room[1], g.l.top + r * g.l.cell - pinTop - viewH / 2)),
        ];
        const x0 = g.l.left + start * g.l.cell, y0 = g.l.top + r * g.l.cell;
        const visible = x0 - scroll[0] >= pinLeft && x0 + (end - start + 1) * g.l.cell - scroll[0] <= g.wrap.width - 16
          && y0 - scroll[1] >= pinTop && y0 + g.l.cell - scroll[1] <= g.wrap.height - 16;
        if (!visible) {
          await pan(page, want[0], want[1]);
          scroll = (await geometry(page)).scroll;
        }
        const c = (await page.locator('canvas.cells').boundingBox());
        const point = (col) => ({ x: c.x + g.l.left + (col + 0.5) * g.l.cell, y: c.y + g.l.top + (r + 0.5) * g.l.cell });
        await stroke(point(start), point(end));
      }
    }
  }
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Solved!'), null, { timeout: 60000 });
}

for (const size of [40, 100]) {
  await onBothSizes(`a ${size}×${size} is played to Solved! by ${'pointer on the desktop, touch on the phone'}`, async (page) => {
    const { text, rows } = puzzle(size, size === 100 ? 0.35 : 0.55, 11);
    await startPlaying(page, text);
    const touch = page.viewportSize().width < 700;
    await playToSolved(page, rows, touch);
    expect((await status(page)).startsWith('Solved!'), await status(page));
    const g = await geometry(page);
    expect(g.l.font >= 9, 'legible clues throughout');
    await page.locator('.canvas-wrap').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `solved-${size}-${page.viewportSize().width}.png`) });
  });
}

// Board first (issue 48): a solved 25×25 and 40×40 at Fit fill at least
// 80 % of the window's height, whole, with the verdict beside them; so
// does webpbn #65 (34×40, column clues 11 numbers deep), the zoom buttons
// and the status line sharing a row above it (79 % when they were two).
const MUM = fs.readFileSync(path.resolve('samples/webpbn-00065.non'), 'utf8');
for (const [width, height] of [[1280, 800], [1920, 1080]]) {
  await test(`board first: a solved 25×25, 40×40 and 34×40 take 80 % of a ${width}×${height} window, the verdict beside`, async (page) => {
    for (const [side, text] of [[25, picture(25, 25, 0.6, 2525)], [40, picture(40, 40, 0.6, 4040)], ['34×40', MUM]]) {
      await paste(page, text);
      await page.click('#solve');
      await page.waitForFunction(() => /solution/i.test(document.querySelector('#verdict').textContent), null, { timeout: 60000 });
      await rendered(page);
      const board = await page.locator('canvas.cells').boundingBox();
      const verdict = await page.locator('#verdict').boundingBox();
      const [zoom, note] = [await page.locator('.zoom').boundingBox(), await page.locator('#progress').boundingBox()];
      expect(Math.abs(zoom.y - note.y) < zoom.height, `zoom and status share a row: ${zoom.y}, ${note.y}`);
      expect(board.height >= 0.8 * height, `${side}×${side}: ${Math.round(board.height)} px of ${height}`);
      expect(board.y >= 0 && board.y + board.height <= height && board.x + board.width <= width, `whole: ${JSON.stringify(board)}`);
      expect(verdict.x >= board.x + board.width && verdict.y + verdict.height <= height, `the verdict beside: ${JSON.stringify(verdict)}`);
    }
    await page.screenshot({ path: path.join(shots, `board-first-${width}.png`) });
  }, { viewport: { width, height } });
}

// A 15×15 in Play on a phone (devicePixelRatio 2 and 3) spans the width:
// its cells are whole device pixels, not whole CSS pixels (17 px cells
// had left it 342 px wide of 390).
for (const dpr of [2, 3]) {
await test(`on a phone, a 15×15 in Play spans the width (devicePixelRatio ${dpr})`, async (page) => {
  await paste(page, puzzle(15, 0.6, 4).text);
  await page.tap('#play-mode');
  await page.waitForSelector('#hint');
  await settled(page);
  const got = await page.evaluate(() => {
    const c = document.querySelector('canvas.cells');
    return { width: c.getBoundingClientRect().width, cell: Number(c.getAttribute('data-cell')), scale: Number(c.getAttribute('data-scale')) };
  });
  expect(got.width >= 350 && got.width <= 390, JSON.stringify(got));
  expect(Math.abs(got.cell * got.scale - Math.round(got.cell * got.scale)) < 1e-6, `whole device pixels: ${JSON.stringify(got)}`);
  await page.screenshot({ path: path.join(shots, `play-phone-15x15-dpr${dpr}.png`) });
}, { ...PHONE, deviceScaleFactor: dpr });
}

// After Hint on a phone the board stays whole in view, its clues' top
// rows too, and the hint's words with it (they stand under the board).
await test('on a phone, Hint keeps the whole board in view with its words', async (page) => {
  await paste(page, puzzle(15, 0.6, 4).text);
  await page.tap('#play-mode');
  await page.waitForSelector('#hint');
  await settled(page);
  await page.tap('#hint');
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent.startsWith('Row') || document.querySelector('#hint-text').textContent.startsWith('Column'));
  await settled(page);
  const got = await page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
    return { board: box(document.querySelector('.board-stack')), words: box(document.querySelector('#hint-text')), height: innerHeight };
  });
  expect(got.board[0] >= 0 && got.board[1] <= got.height, `the board (its clues too) in view: ${JSON.stringify(got)}`);
  expect(got.words[0] >= 0 && got.words[1] <= got.height, `the hint's words in view: ${JSON.stringify(got)}`);
  await page.screenshot({ path: path.join(shots, 'play-phone-hint.png') });
}, PHONE);
