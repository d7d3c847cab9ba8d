// End-to-end tests: colour puzzles: detected with their colours, solved in
// the worker with the board painted in the goal's colours, exported.
import fs from 'node:fs';
import path from 'node:path';
import { test, onBothSizes, expect, status, paste, solve, exported, shots, shared, base, browser, setSpeed } from './lib.mjs';
import { png } from './fixtures.mjs';

/// `.rr.` / `rbbr` / `.bb.` in red (1) and blue (2), as webpbn XML.
const SMALL_XML = `<puzzleset><puzzle><color name="red" char="r">DC2828</color><color name="blue" char="b">3250DC</color>
<clues type="columns"><line><count color="red">1</count></line><line><count color="red">1</count><count color="blue">2</count></line>
<line><count color="red">1</count><count color="blue">2</count></line><line><count color="red">1</count></line></clues>
<clues type="rows"><line><count color="red">2</count></line><line><count color="red">1</count><count color="blue">2</count><count color="red">1</count></line>
<line><count color="blue">2</count></line></clues></puzzle></puzzleset>`;

const webpbn47 = () => fs.readFileSync(path.join(shared, 'survey-colour/webpbn-color-00047.xml'), 'utf8');

/// The goal image's rows, and each character's RGB, from the XML itself.
function goalOf(xml) {
  const rows = xml.match(/<image>([\s\S]*?)<\/image>/)[1].split('\n').map((l) => l.trim())
    .filter((l) => l.startsWith('|')).map((l) => l.slice(1, -1));
  const rgb = {};
  for (const m of xml.matchAll(/<color name="[^"]*" char="(.)">([0-9A-Fa-f]{6})<\/color>/g)) {
    rgb[m[1]] = [0, 2, 4].map((i) => parseInt(m[2].slice(i, i + 2), 16));
  }
  return { rows, rgb };
}

/// The canvas pixel at fraction f across and down cell (r, c).
const cellPixels = (page, cells) => page.evaluate((cells) => {
  const c = document.querySelector('canvas');
  const [left, top, cell, dpr] = ['data-left', 'data-top', 'data-cell', 'data-scale'].map((a) => Number(c.getAttribute(a)));
  const ctx = c.getContext('2d');
  return cells.map(([r, col, f]) => Array.from(ctx.getImageData(
    Math.round((left + (col + f) * cell) * dpr), Math.round((top + (r + f) * cell) * dpr), 1, 1).data).slice(0, 3));
}, cells);

await onBothSizes('webpbn #47: detected with its 4 colours and white, solved unique, painted in the goal\'s colours', async (page) => {
  const xml = webpbn47();
  await paste(page, xml);
  await page.waitForFunction(() => document.querySelector('#detected').textContent.includes('31×18')).catch(() => {});
  const detected = await page.locator('#detected').textContent();
  expect(detected === 'Detected: webpbn XML, 31×18, 4 colours and white', detected);
  await setSpeed(page, '0');
  await solve(page, null, 'Unique solution');
  const s = await status(page);
  expect(s.includes('solved by line logic alone'), s);
  const { rows, rgb } = goalOf(xml);
  // Grid as text: the goal, character for character.
  const grid = await page.inputValue('#grid-text');
  expect(grid === rows.join('\n'), `grid as text:\n${grid}\n---\n${rows.join('\n')}`);
  // Two cells of each colour (background included) read back from the canvas.
  const picks = [];
  for (const ch of Object.keys(rgb)) {
    let found = 0;
    rows.forEach((row, r) => [...row].forEach((x, c) => {
      if (x === ch && found < 2 && (found === 0 || (r + c) % 7 === 0)) { picks.push([r, c, ch]); found++; }
    }));
    expect(found > 0, `the goal has no ${ch}`);
  }
  // A background cell's middle holds the empty mark: read its corner.
  const got = await cellPixels(page, picks.map(([r, c, ch]) => [r, c, ch === '.' ? 0.2 : 0.5]));
  picks.forEach(([r, c, ch], i) => {
    const want = rgb[ch];
    const near = got[i].every((v, k) => Math.abs(v - want[k]) <= 8);
    expect(near, `row ${r + 1} column ${c + 1} (${ch}): canvas ${got[i]}, goal ${want}`);
  });
  await page.locator('canvas.cells').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `colour-47-${page.viewportSize().width}.png`) });
});

await test('a colour puzzle exports as webpbn XML and JSON that read back the same', async (page) => {
  const xml = webpbn47();
  await solve(page, xml, 'Unique solution');
  const before = await page.inputValue('#grid-text');
  const written = await exported(page, 'xml');
  expect(written.includes('<color name="blue" char="@">4040FF</color>'), written.slice(0, 400));
  // Formats without colours say so rather than export the shape alone.
  await page.selectOption('#export-format', 'non');
  const hint = await page.locator('.export .hint').textContent();
  expect(hint === 'A colour puzzle is written as webpbn XML or JSON: choose one of them.', hint);
  const json = await exported(page, 'json');
  for (const text of [written, json]) {
    await solve(page, text, 'Unique solution');
    const detected = await page.locator('#detected').textContent();
    expect(detected.endsWith('31×18, 4 colours and white'), detected);
    const grid = await page.inputValue('#grid-text');
    // JSON keeps names and values, not characters: compare the shapes of colour.
    const shape = (g) => g.replace(/[^.\n]/g, '#');
    expect(shape(grid) === shape(before), `read back:\n${grid}`);
  }
  // A share link holds the colours too: opened in a new page, the same puzzle.
  const current = await page.inputValue('#grid-text');
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  expect(link.startsWith(base) && link.includes('#p=') && link.length < 1200, link);
  const other = await browser.newPage();
  await other.goto(link);
  await other.waitForSelector('#detected:has-text("Detected")');
  const opened = await other.locator('[role=status]').textContent();
  expect(opened.startsWith('Opened the shared puzzle “Not To Scale” (31×18)'), opened);
  expect((await other.locator('#detected').textContent()).endsWith('31×18, 4 colours and white'), 'with its colours');
  await solve(other, null, 'Unique solution');
  expect(await other.inputValue('#grid-text') === current, 'the same picture, in the same characters');
  await other.close();
});

await test('a 3-colour PNG: Colours 3 gives its colour puzzle, unique; its XML reads back the same', async (page) => {
  // Pixel art, 6 pixels a cell: a red ring and a blue block on white.
  const rows = ['........', '.rrrr...', '.rbbbbb.', '.rbbbbb.', '..rrrr..', '........'];
  const rgb = { '.': [255, 255, 255], r: [200, 30, 40], b: [30, 60, 200] };
  const image = png(8 * 6, 6 * 6, (x, y) => [...rgb[rows[Math.floor(y / 6)][Math.floor(x / 6)]], 255]);
  await page.setInputFiles('#upload-picture', { name: 'flag.png', mimeType: 'image/png', buffer: image });
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'flag.png: PNG, 48×36 pixels');
  expect(await page.inputValue('#pic-width') === '8', 'the blocks give the grid');
  await page.selectOption('#pic-colours', '3');
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: webpbn XML, 8×6, 2 colours and white');
  await page.waitForFunction(() => document.querySelector('#check').textContent.startsWith('Unique — solvable by line logic alone'));
  // The swatches: the background first (white), then the others by size (blue 10 cells, red 9).
  const swatches = await page.$$eval('.swatch-value', (inputs) => inputs.map((i) => i.value));
  expect(JSON.stringify(swatches) === JSON.stringify(['#ffffff', '#1e3cc8', '#c81e28']), `swatches ${swatches}`);
  await setSpeed(page, '0');
  await solve(page, null, 'Unique solution');
  const grid = await page.inputValue('#grid-text');
  expect(grid === rows.join('\n'), `solved:\n${grid}`);
  const xml = await exported(page, 'xml');
  expect(xml.includes('<title>flag</title>') && xml.includes('char="r">C81E28</color>'), xml.slice(0, 500));
  await page.screenshot({ path: path.join(shots, 'colour-picture-1280.png'), fullPage: true });
  // Pasted back: the same puzzle, solved to the same picture.
  await solve(page, xml, 'Unique solution');
  expect(await page.inputValue('#grid-text') === rows.join('\n'), 'the same puzzle');
  expect(await exported(page, 'xml') === xml, 'the same XML');
  // A cell painted by hand changes the clues: blue over a white corner.
  await page.click('.swatch-pick >> nth=1');
  const box = await page.$eval('#picture-canvas', (c) => [c.getAttribute('data-left'), c.getAttribute('data-top'), c.getAttribute('data-cell')].map(Number));
  await page.click('#picture-canvas', { position: { x: box[0] + box[2] * 0.5, y: box[1] + box[2] * 0.5 } });
  await page.waitForFunction(() => [...document.querySelectorAll('.picture .hint')].some((e) => e.textContent.includes('1 cell painted by hand')));
  await solve(page, null, 'Unique solution');
  const painted = await page.inputValue('#grid-text');
  expect(painted.split('\n')[0] === 'b.......', `painted:\n${painted}`);
});

await onBothSizes('a colour puzzle played by hand: keys pick colours, Solved!', async (page) => {
  await paste(page, SMALL_XML);
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: webpbn XML, 4×3, 2 colours and white');
  await page.click('#play-mode');
  const s = await status(page);
  expect(s.startsWith('Playing: pick a colour'), s);
  expect(await page.locator('.play-colours .swatch-pick').count() === 2, 'two colours to pick');
  const cellAt = (r, c) => page.$eval('canvas', (cv, [r, c]) => {
    const [left, top, cell] = ['data-left', 'data-top', 'data-cell'].map((a) => Number(cv.getAttribute(a)));
    return { x: left + (c + 0.5) * cell, y: top + (r + 0.5) * cell };
  }, [r, c]);
  const press = async (r, c) => page.click('canvas', { position: await cellAt(r, c) });
  // Red by default: the red cells; then key 2 on the board picks blue.
  for (const [r, c] of [[0, 1], [0, 2], [1, 0], [1, 3]]) await press(r, c);
  await page.focus('.board .canvas-wrap');
  await page.keyboard.press('2');
  expect(await page.getAttribute('.play-colours .swatch-pick >> nth=1', 'aria-checked') === 'true', 'blue picked');
  for (const [r, c] of [[1, 1], [1, 2], [2, 1]]) await press(r, c);
  expect(!(await status(page)).startsWith('Solved!'), 'one cell to go');
  const picked = await cellPixels(page, [[1, 1, 0.5], [0, 1, 0.5]]);
  expect(picked[0][2] > 150 && picked[0][0] < 100, `a blue cell: ${picked[0]}`);
  expect(picked[1][0] > 150 && picked[1][2] < 100, `a red cell: ${picked[1]}`);
  await press(2, 2);
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Solved!'));
  await page.screenshot({ path: path.join(shots, `colour-play-${page.viewportSize().width}.png`) });
});

await onBothSizes('a colour puzzle: Check outlines a wrong cell, Hint names it, then Hint and Apply hint alone solve it', async (page) => {
  await paste(page, SMALL_XML);
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: webpbn XML, 4×3, 2 colours and white');
  await page.click('#play-mode');
  await page.waitForSelector('#hint');
  const cellAt = (r, c) => page.$eval('canvas', (cv, [r, c]) => {
    const [left, top, cell] = ['data-left', 'data-top', 'data-cell'].map((a) => Number(cv.getAttribute(a)));
    return { x: left + (c + 0.5) * cell, y: top + (r + 0.5) * cell };
  }, [r, c]);
  const ask = async (button) => {
    await page.click(button);
    await page.waitForFunction(() => !['', 'Thinking…'].includes(document.querySelector('#hint-text').textContent));
    return page.locator('#hint-text').textContent();
  };
  // Red in the top-left corner, which is the background in the solution.
  await page.click('canvas', { position: await cellAt(0, 0) });
  const checked = await ask('#check');
  expect(checked === 'Check: 1 cell is wrong, outlined.', checked);
  const named = await ask('#hint');
  expect(named.startsWith('A mistake: row 1, column 1 is not as in the solution'), named);
  await page.click('canvas', { position: await cellAt(0, 0), button: 'right' });
  let hints = 0;
  while (!(await status(page)).startsWith('Solved!')) {
    const words = await ask('#hint');
    // Black and white's words: the ways the runs fit, and where they agree.
    expect(/^(Row|Column) \d+, clue [^:]+: (its runs fit its cells one way only: |its runs fit its cells \d+ ways, and in every one )/.test(words), `a line hint: ${words}`);
    if (hints === 0) await page.screenshot({ path: path.join(shots, `colour-hint-${page.viewportSize().width}.png`) });
    await page.click('#apply-hint');
    hints++;
    expect(hints < 10, 'at most 10 hints');
  }
  const cells = await cellPixels(page, [[1, 1, 0.5], [0, 1, 0.5]]);
  expect(cells[0][2] > 150 && cells[0][0] < 100, `a blue cell: ${cells[0]}`);
  expect(cells[1][0] > 150 && cells[1][2] < 100, `a red cell: ${cells[1]}`);
});

await test('a colour picture with two solutions: the other shown, single-cell fixes offered and applied', async (page) => {
  // A red diagonal under a blue row, on a white frame: the other diagonal fits the clues too.
  const rows = ['....', '.r..', '..r.', '.bb.', '....'];
  const rgb = { '.': [255, 255, 255], r: [210, 30, 30], b: [30, 50, 210] };
  const image = png(4 * 8, 5 * 8, (x, y) => [...rgb[rows[Math.floor(y / 8)][Math.floor(x / 8)]], 255]);
  await page.setInputFiles('#upload-picture', { name: 'twice.png', mimeType: 'image/png', buffer: image });
  await page.waitForFunction(() => document.querySelector('#picture-note').textContent === 'twice.png: PNG, 32×40 pixels');
  await page.selectOption('#pic-colours', '3');
  await page.waitForFunction(() => document.querySelector('p#check').textContent === 'Multiple solutions');
  const diff = await page.locator('#check-diff').textContent();
  expect(diff.startsWith('The two solutions differ in 4 cells'), diff);
  await page.waitForFunction(() => document.querySelector('#fix-status').textContent.startsWith('Fixes found'), null, { timeout: 20000 });
  const fixes = await page.$$eval('#fixes button.fix', (b) => b.map((x) => x.textContent));
  expect(fixes.length > 0 && fixes.every((f) => f.startsWith('Paint row ')), fixes.join(' | '));
  await page.click('#fixes button.fix >> nth=0');
  await page.waitForFunction(() => document.querySelector('p#check').textContent.startsWith('Unique'));
  await page.screenshot({ path: path.join(shots, 'colour-fix-1280.png'), fullPage: true });
});
