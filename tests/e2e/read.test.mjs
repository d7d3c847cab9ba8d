// End-to-end tests: a puzzle read from a picture (the picture worker,
// loaded on first use), its review over the picture, and clues typed line
// by line on the board.
import fs from 'node:fs';
import path from 'node:path';
import { test, onBothSizes, expect, paste, settled, rendered, until, root, status, shots } from './lib.mjs';
import { png, POST_003 } from './fixtures.mjs';

const EXAMPLE = fs.readFileSync(path.resolve('docs/screenshots/read-example.png'));
const DEMO = fs.readFileSync(path.resolve('samples/webpbn-00001.non'), 'utf8');

/// The clues of a `.non` text: rows and columns, each line's numbers joined by spaces.
function nonClues(text) {
  const lines = text.split('\n').map((l) => l.trim());
  const block = (name) => {
    const out = [];
    for (let i = lines.indexOf(name) + 1; i < lines.length && /^[0-9, ]*$/.test(lines[i]) && lines[i] !== ''; i++) {
      out.push(lines[i].split(/[ ,]+/).join(' '));
    }
    return out;
  };
  return { rows: block('rows'), columns: block('columns') };
}

/// Reads a picture through the file input; waits for the review or the note.
async function read(page, name, buffer) {
  await page.setInputFiles('#read-picture', { name, mimeType: 'image/png', buffer });
  await page.waitForFunction(() => document.querySelector('#read-summary')
    || (document.querySelector('#read-note') && !document.querySelector('#read-note').textContent.startsWith('Reading')), null, { timeout: 60000 });
}

const fields = (page, kind) => page.$$eval(`.line-fields input[id^="line-${kind}"]`, (inputs) => inputs.map((i) => i.value));

await onBothSizes('a screenshot is read, shown over the picture, and its clues used and solved', async (page) => {
  await read(page, 'puzzle.png', EXAMPLE);
  const summary = await page.locator('#read-summary').textContent();
  expect(summary.startsWith('Read a 15×14 puzzle: every number is certain'), summary);
  // The summary comes into view (on a phone the review is below the board
  // and its tools: nothing seemed to happen).
  await until(page, () => page.evaluate(() => {
    const r = document.querySelector('#read-summary').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }), 'the summary in view');
  const rows = await fields(page, 'r');
  expect(rows.length === 14 && rows[0] === '1 3 1 5' && rows[13] === '2 1 1 1 2', rows.join('|'));
  const columns = await fields(page, 'c');
  expect(columns.length === 15 && columns[0] === '1 3 3' && columns[2] === '2 1 1 1 1', columns.join('|'));
  // Each number read is boxed over the picture; none is in doubt.
  const numbers = [...rows, ...columns].reduce((n, line) => n + line.split(' ').length, 0);
  const marks = await page.locator('.read-mark').count();
  expect(marks === numbers, `${marks} marks for ${numbers} numbers`);
  expect(await page.locator('.read-mark.doubt').count() === 0, 'no doubtful mark');
  // The grid as found: every inner line drawn over the picture (14 + 15
  // cells: 13 and 14 inner lines).
  const lines = await page.locator('.read-line').count();
  expect(lines === 13 + 14, `${lines} grid lines drawn`);
  await page.locator('.read-picture').screenshot({ path: path.join(shots, `read-review-${page.viewportSize().width}.png`) });
  // Nothing to correct: the picture has the room. The board is not pinned
  // over it (on a phone it took half the screen), and the picture's top
  // half is in view under the summary.
  expect(await page.$('main.editing') === null, 'the board is not pinned during a review with nothing in doubt');
  const picture = await page.locator('.read-picture').boundingBox();
  const height = page.viewportSize().height;
  expect(picture && picture.y >= 0 && picture.y + picture.height / 2 <= height,
    `the picture at ${JSON.stringify(picture)} in a window ${height} tall`);
  // The board shows the clues read, before they are used, and its title
  // says so (not the title of the puzzle before).
  const title = await page.locator('#puzzle-title').textContent();
  expect(title === 'Read from the picture, not yet used', title);
  await page.click('#use-reading');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'), null, { timeout: 30000 });
  // Checked, not given away: the board stays blank for a player, in view.
  expect(/check out/.test(await status(page)), await status(page));
  const grid = await page.inputValue('#grid-text');
  expect(grid.length > 0 && !grid.includes('#'), grid.slice(0, 40));
  expect(await page.locator('#verdict').isVisible(), 'the verdict in view');
  // The page comes back to the board (a phone stayed down at the fields).
  await until(page, () => page.evaluate(() => {
    const r = document.querySelector('#puzzle-title').getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight / 2;
  }), 'the board\'s title in view');
  expect((await page.locator('#detected').textContent()) === 'Detected: .non, 15×14', await page.locator('#detected').textContent());
  const clues = await page.inputValue('#clues');
  expect(clues.includes('rows\n1,3,1,5\n2,3,2,2\n'), clues.slice(0, 80));
});

await test('this page\'s own board is read back exactly', async (page) => {
  await paste(page, DEMO);
  await settled(page);
  const shot = await page.locator('.board-stack').screenshot();
  await read(page, 'board.png', shot);
  const summary = await page.locator('#read-summary').textContent();
  expect(summary.startsWith('Read a 5×10 puzzle'), summary);
  const want = nonClues(DEMO);
  const [rows, columns] = [await fields(page, 'r'), await fields(page, 'c')];
  expect(JSON.stringify(rows) === JSON.stringify(want.rows), `rows ${rows.join('|')} want ${want.rows.join('|')}`);
  expect(JSON.stringify(columns) === JSON.stringify(want.columns), `columns ${columns.join('|')} want ${want.columns.join('|')}`);
});

await test('a doubtful reading is marked, a click on a number goes to its line, and nothing is used unasked', async (page) => {
  // The example with column 1's last number rubbed out: the totals cannot agree.
  const rubbed = await page.evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(146, 160, 28, 30);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())];
  }, [...EXAMPLE]);
  const before = await page.inputValue('#clues');
  await read(page, 'rubbed.png', Buffer.from(rubbed));
  const summary = await page.locator('#read-summary').textContent();
  expect(!summary.includes('every number is certain'), summary);
  expect(await page.locator('.read-summary.doubtful').count() === 1, 'the summary says it is in doubt');
  // It points at the lines it doubts, or, when no line is in doubt (a
  // number lost whole), at the picture.
  const marked = await page.locator('.line-field.doubt').count();
  expect(summary.includes(marked ? 'the marked lines' : 'the numbers read against the picture'), `${marked} marked: ${summary}`);
  // Clues is untouched until the reading is used.
  expect((await page.inputValue('#clues')) === before, 'Clues kept');
  await page.locator('.read-mark').nth(20).click();
  await page.waitForFunction(() => document.activeElement?.id?.startsWith('line-'));
  const focused = await page.evaluate(() => document.activeElement.id);
  const title = await page.locator('.read-mark').nth(20).locator('title').textContent();
  const [, kind, n] = title.match(/^(Row|Column) (\d+)/);
  expect(focused === `line-${kind === 'Row' ? 'r' : 'c'}${n}`, `${focused} after clicking ${title}`);
  // Corrected in its field, then used.
  await page.fill('#line-c1', '1 3 3');
  await page.click('#use-reading');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'), null, { timeout: 30000 });
});

await test('a picture pasted or dropped on the page is read', async (page) => {
  for (const how of ['paste', 'drop']) {
    await page.evaluate(async ([bytes, how]) => {
      const file = new File([new Uint8Array(bytes)], `${how}.png`, { type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(file);
      const event = how === 'paste'
        ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
        : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
    }, [[...EXAMPLE], how]);
    await until(page, async () => (await page.locator('#read-summary').textContent().catch(() => '')).startsWith('Read a 15×14'), `${how}: read`);
    await page.click('#drop-reading');
    expect(await page.locator('#read-summary').count() === 0, `${how}: Cancel puts the reading away`);
  }
});

await test('a clue file dropped on the page is opened, not left to the browser', async (page) => {
  const dropped = await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'demo.non', { type: '' }));
    const event = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  }, DEMO);
  expect(dropped, 'the drop is the page\'s');
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 5×10');
  expect(page.url().startsWith('http'), page.url());
});

await test('a picture with no puzzle in it says so, and keeps the clues', async (page) => {
  const before = await page.inputValue('#clues');
  const blank = png(300, 200, (x, y) => [250, 250, 250, 255]);
  await read(page, 'blank.png', blank);
  const note = await page.locator('#read-note').textContent();
  expect(note.startsWith('No puzzle found'), note);
  await read(page, 'notapicture.png', Buffer.from('hello'));
  const again = await page.locator('#read-note').textContent();
  expect(again.startsWith('The browser could not decode the picture'), again);
  expect((await page.inputValue('#clues')) === before, 'Clues kept');
});

/// The board's field and the board's geometry, in the page's pixels.
const boardField = (page) => page.evaluate(() => {
  const c = document.querySelector('.board canvas.cells');
  const r = c.getBoundingClientRect();
  const at = (a) => Number(c.getAttribute(a));
  const f = document.querySelector('#board-field').getBoundingClientRect();
  return { left: f.left, right: f.right, top: f.top, bottom: f.bottom, boardLeft: r.left, gridLeft: r.left + at('data-left'),
    gridTop: r.top + at('data-top'), cell: at('data-cell') };
});

await onBothSizes('a clue is typed on the board itself, over its line; Enter and Tab go on to the next line', async (page) => {
  await paste(page, POST_003);
  await page.click('#edit-lines');
  await page.focus('#line-r2');
  await settled(page);
  // Over row 2's clue area: left of the grid, centred on the row.
  let g = await boardField(page);
  const middle = (g.top + g.bottom) / 2;
  expect(g.right <= g.gridLeft + 1 && Math.abs(middle - (g.gridTop + 1.5 * g.cell)) < 2, JSON.stringify(g));
  // It covers row 2's clue and no other's: within the board, a cell high.
  expect(g.left >= g.boardLeft - 1 && g.bottom - g.top <= Math.max(g.cell, 18) + 1, JSON.stringify(g));
  expect(await page.inputValue('#board-field') === '2 1', await page.inputValue('#board-field'));
  // Typed there: the list and Clues keep in step; the board keeps the keys.
  await page.fill('#board-field', '1 1');
  expect(await page.inputValue('#line-r2') === '1 1', await page.inputValue('#line-r2'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#board-field')?.getAttribute('aria-label').startsWith('Row 3'));
  expect(await page.evaluate(() => document.activeElement.id) === 'board-field', 'the field on the board has the keys');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelector('#board-field')?.getAttribute('aria-label').startsWith('Row 4'));
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => document.querySelector('#board-field')?.getAttribute('aria-label').startsWith('Row 3'));
  expect((await page.inputValue('#clues')).includes('rows\n3\n1,1\n3\n'), await page.inputValue('#clues'));
  // A line that cannot fit is marked on the board as in the list.
  await page.fill('#board-field', '9');
  expect(await page.locator('#board-field.wrong').count() === 1, 'marked wrong');
  await page.fill('#board-field', '3');
  // A column's field is above its column, over its clue.
  await page.focus('#line-c4');
  await settled(page);
  g = await boardField(page);
  const centre = g.gridLeft + 3.5 * g.cell;
  expect(g.bottom <= g.gridTop + 1 && g.left <= centre && g.right >= centre, JSON.stringify(g));
  // Over column 4's clue only: a cell wide, centred on it, its numbers
  // running down as the column's do.
  expect(g.right - g.left <= Math.max(g.cell, 18) + 1 && Math.abs((g.left + g.right) / 2 - centre) < 2, JSON.stringify(g));
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('#board-field')).writingMode) === 'vertical-lr', 'vertical');
  expect(await page.inputValue('#board-field') === '5', await page.inputValue('#board-field'));
  await page.screenshot({ path: path.join(shots, `board-field-${page.viewportSize().width}.png`) });
});

// A puzzle of one's own typed from a blank editor, as fast as a person
// types who knows the keys: Enter goes to the next line with its clue
// selected, and no key lands in the line before (a focus moved by a timer
// came after keys already waiting).
await onBothSizes('a puzzle typed from Clear all at full speed: every key lands in its line, Enter replaces the next clue', async (page) => {
  await paste(page, POST_003);
  await page.click('#edit-lines');
  await page.waitForFunction(() => document.activeElement?.id === 'line-r1');
  await page.click('#clear-lines');
  await page.waitForFunction(() => document.activeElement?.id === 'line-r1' && document.querySelector('#line-r1').value === '');
  const rows = ['1 1', '5', '1 1 1', '2 2', '1'];
  const columns = ['4', '1 1', '3 1', '1 1', '3'];
  // No delay between keys: Enter and the next clue's digits come at once.
  await page.keyboard.type([...rows, ...columns].join('\n'), { delay: 0 });
  await page.waitForFunction(() => document.activeElement?.id === 'line-c5');
  expect((await fields(page, 'r')).join('|') === rows.join('|'), (await fields(page, 'r')).join('|'));
  expect((await fields(page, 'c')).join('|') === columns.join('|'), (await fields(page, 'c')).join('|'));
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 5×5');
  // Back to a line with Shift+Enter: its clue is selected, typing replaces it.
  await page.keyboard.press('Shift+Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'line-c4');
  await page.keyboard.type('3', { delay: 0 });
  await page.waitForFunction(() => document.querySelector('#line-c4').value === '3');
});

await onBothSizes('clues typed line by line are checked as typed, highlighted on the board and kept in Clues', async (page) => {
  await paste(page, POST_003);
  await page.click('#edit-lines');
  await page.waitForFunction(() => document.activeElement?.id === 'line-r1');
  expect((await fields(page, 'r')).join('|') === '3|2 1|3|2|3', (await fields(page, 'r')).join('|'));
  // A line too long for its row, said beside it; Clues names the same line.
  await page.fill('#line-r3', '3 9');
  const note = await page.locator('#line-r3-note').textContent();
  expect(note === 'needs 13 cells with its gaps; the line has 5', note);
  expect((await page.locator('#lines-totals').textContent()).startsWith('The rows fill 23 cells, the columns 14'), await page.locator('#lines-totals').textContent());
  await page.waitForFunction(() => [...document.querySelectorAll('.error')].some((e) => e.textContent.startsWith('row 3:')));
  // The line being typed is highlighted on the board.
  await rendered(page);
  const band = await page.locator('.board-stack > .band-row').boundingBox();
  expect(band && band.height > 0, 'a row band is shown');
  // Enter goes to the next line; a fitting line makes the puzzle again.
  await page.fill('#line-r3', '1 1');
  await page.press('#line-r3', 'Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'line-r4');
  // The board stays in view above the field being typed (a phone too).
  await settled(page);
  const board = await page.locator('canvas.cells').boundingBox();
  const field = await page.locator('#line-r4').boundingBox();
  // Pinned in half a phone's window, the board fits there whole: no row cut off.
  const pinned = await page.evaluate(() => { const s = document.querySelector('section.board'); return [s.scrollHeight, s.clientHeight]; });
  expect(pinned[0] <= pinned[1] + 1, `the board's box scrolls: ${pinned.join(' of ')}`);
  const height = page.viewportSize().height;
  expect(board.y + board.height > 20 && board.y < height && field.y > board.y && field.y < height,
    `board at ${Math.round(board.y)}+${Math.round(board.height)}, field at ${Math.round(field.y)}, window ${height}`);
  await page.fill('#line-r3', '3');
  await page.waitForFunction(() => document.querySelector('#detected').textContent === 'Detected: .non, 5×5');
  const clues = await page.inputValue('#clues');
  expect(clues === 'width 5\nheight 5\n\nrows\n3\n2,1\n3\n2\n3\n\ncolumns\n1\n3\n1,3\n5\n1\n', JSON.stringify(clues));
  // A clue clicked on the board is the line to type.
  await page.locator('section.board').scrollIntoViewIfNeeded();
  await settled(page);
  const strip = await page.locator('.clue-top canvas').boundingBox();
  await page.mouse.click(strip.x + strip.width * 0.9, strip.y + strip.height - 4);
  await page.waitForFunction(() => document.activeElement?.id === 'line-c5');
  // A new size adds empty lines.
  await page.fill('#lines-width', '6');
  await page.press('#lines-width', 'Enter');
  await page.waitForSelector('#line-c6');
  await page.click('#close-lines');
  expect(await page.locator('.line-fields').count() === 0, 'Done closes the fields');
});
