// End-to-end tests: play mode (solve it yourself), hints, checks, progress.
import path from 'node:path';
import { test, onBothSizes, PHONE, expect, status, paste, solve, shots, startPlaying, browser, base, settled, until } from './lib.mjs';
import { picture, LAMBDA, colourJson } from './fixtures.mjs';
import { hints50 } from './scenarios.mjs';

/// A 10×10 picture whose puzzle is unique (`nonogram solve --stats`: easy).
const TEN = picture(10, 10, 0.6, 2);
const TEN_SOLUTION = TEN.trim().split('\n').map((r) => r.replaceAll('1', '#').replaceAll('0', '.'));

/// The centre of cell (row, column) in the page's coordinates.
async function cell(page, row, column) {
  const c = await page.evaluate(() => {
    const canvas = document.querySelector('.board canvas.cells');
    const r = canvas.getBoundingClientRect();
    const at = (a) => Number(canvas.getAttribute(a));
    return { x: r.left, y: r.top, left: at('data-left'), top: at('data-top'), cell: at('data-cell') };
  });
  return { x: c.x + c.left + (column + 0.5) * c.cell, y: c.y + c.top + (row + 0.5) * c.cell };
}

const board = (page) => page.inputValue('#grid-text');

/// Dark (black-ink) pixels among the clue numbers: greyed clues have none.
const clueInk = (page) => page.evaluate(() => {
  const c = document.querySelector('.board canvas.cells');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const [left, top, scale] = ['data-left', 'data-top', 'data-scale'].map((a) => Number(c.getAttribute(a)));
  let dark = 0;
  for (let i = 0; i < d.length; i += 4) {
    const x = (i / 4) % c.width, y = Math.floor(i / 4 / c.width);
    const clue = (x < (left - 4) * scale && y > top * scale) || (y < (top - 4) * scale && x > left * scale);
    if (clue && d[i] < 80 && d[i + 1] < 80 && d[i + 2] < 80) dark++;
  }
  return dark;
});
const hintText = (page) => page.locator('#hint-text').textContent();

/// Asks for a hint and waits for its words.
async function askHint(page, button = '#hint') {
  await page.click(button);
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent !== 'Thinking…');
  return hintText(page);
}

await onBothSizes('play a 10×10 puzzle to Solved! with Hint and Apply hint alone', async (page) => {
  await startPlaying(page, TEN);
  expect(!(await board(page)).includes('#'), 'the play board starts empty');
  const inkBefore = await clueInk(page);
  // The first hint finds the grade: its line is kept, the tools stay put
  // (a quick second click once landed on Cross).
  const hintTop = () => page.evaluate(() => document.querySelector('#hint').getBoundingClientRect().top + window.scrollY);
  const hintAt = await hintTop();
  let hints = 0;
  let shot = false;
  while (!(await status(page)).startsWith('Solved!')) {
    const words = await askHint(page);
    expect(/^(Row|Column) \d+, clue [\d ]+: /.test(words), `a line hint: ${words}`);
    if (hints === 0) {
      // Its words come into view (a phone's lie under the board and the
      // tools, past the window's foot).
      await until(page, () => page.evaluate(() => {
        const r = document.querySelector('#hint-text').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }), 'the hint\'s words in view');
    }
    // The hint is in an aria-live element labelled Hint, its line outlined.
    if (!shot) {
      const w = page.viewportSize().width;
      await page.locator('.board canvas.cells').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `play-hint-${w}.png`) });
      shot = true;
    }
    if (hints === 0) {
      // The worker graded the puzzle as it solved it for the first hint.
      const grade = await page.locator('#difficulty').textContent();
      expect(grade === 'Difficulty — Easy: simple line logic', grade);
      const moved = await hintTop();
      expect(moved === hintAt, `Hint moved from ${hintAt} to ${moved}`);
    }
    await page.click('#apply-hint');
    hints++;
    expect(hints < 60, 'at most 60 hints');
  }
  const solved = await status(page);
  expect(new RegExp(`^Solved! In \\d+ seconds?, with ${hints} hints\\.$`).test(solved), solved);
  // The clock stopped at the time said.
  const clock = (await page.locator('#clock').textContent()).split(':').map(Number);
  expect(clock[0] * 60 + clock[1] === Number(/In (\d+) second/.exec(solved)[1]), `${clock.join(':')} beside ${solved}`);
  // Grid as text is the play board: the picture.
  expect((await board(page)).replaceAll('?', '.') === TEN_SOLUTION.join('\n'), 'the board is the picture');
  // Every clue is satisfied: every clue number is greyed.
  const inkAfter = await clueInk(page);
  expect(inkBefore > 100 && inkAfter === 0, `black clue pixels: ${inkBefore} before, ${inkAfter} once solved`);
  expect(await page.getAttribute('#hint-text', 'aria-live') === 'polite' && await page.getAttribute('#hint-text', 'aria-label') === 'Hint', 'live Hint region');
});

await test('play by clicking the solution\'s cells; undo, redo, a dragged run, Check, progress after reload', async (page) => {
  await startPlaying(page, TEN);
  // A wrong cell, caught by Check.
  const wrong = TEN_SOLUTION[0].indexOf('.');
  let p = await cell(page, 0, wrong);
  await page.mouse.click(p.x, p.y);
  const checked = await askHint(page, '#check');
  expect(checked === 'Check: 1 cell is wrong, outlined.', checked);
  // A hint names the mistake first.
  const hinted = await askHint(page);
  expect(hinted.startsWith(`A mistake: row 1, column ${wrong + 1} is not as in the solution`), hinted);
  await page.click('#undo');
  expect(!(await board(page)).includes('#'), 'undone');
  await page.click('#redo');
  expect((await board(page)).split('\n')[0][wrong] === '#', 'redone');
  await page.click('#undo');
  // Drag a run along row 1's first filled run.
  const row = TEN_SOLUTION[0];
  const start = row.indexOf('#');
  let end = start;
  while (row[end + 1] === '#') end++;
  const a = await cell(page, 0, start), b = await cell(page, 0, end);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y + 3, { steps: 4 });
  const counted = await hintText(page);
  if (end > start) expect(counted === `A run of ${end - start + 1} cells`, counted);
  await page.mouse.up();
  expect((await board(page)).split('\n')[0].slice(start, end + 1) === '#'.repeat(end - start + 1), `dragged ${start}..${end}`);
  // A right click marks a cell empty.
  p = await cell(page, 0, wrong);
  await page.mouse.click(p.x, p.y, { button: 'right' });
  expect((await board(page)).split('\n')[0][wrong] === '.', 'crossed out');
  // Progress survives a reload, which comes back in play.
  const before = await board(page);
  await page.reload();
  await page.waitForSelector('#hint');
  await page.waitForFunction((b) => document.querySelector('#grid-text').value === b, before).catch(() => {});
  expect(await board(page) === before, 'the progress is back after a reload');
  // So is the history: Undo takes the cross-out back, Redo puts it again.
  expect(!(await page.isDisabled('#undo')), 'Undo after a reload');
  await page.click('#undo');
  expect((await board(page)).split('\n')[0][wrong] === '?', 'the cross-out undone after a reload');
  await page.click('#redo');
  expect(await board(page) === before, 'and redone');
  // The rest of the solution's cells, clicked.
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      if (TEN_SOLUTION[r][c] !== '#' || (await board(page)).split('\n')[r][c] === '#') continue;
      const q = await cell(page, r, c);
      await page.mouse.click(q.x, q.y);
    }
  }
  expect((await status(page)).startsWith('Solved!'), await status(page));
  // Restart empties the board (and can be undone).
  await page.click('#restart');
  expect(!(await board(page)).includes('#'), 'restarted');
});

await test('the grade\'s line says the first hint finds the grade until the puzzle is solved', async (page) => {
  await startPlaying(page, TEN);
  const gradeLine = () => page.locator('#difficulty').textContent();
  const pending = await gradeLine();
  expect(pending === 'Difficulty — the first hint tells it', pending);
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      if (TEN_SOLUTION[r][c] !== '#') continue;
      const q = await cell(page, r, c);
      await page.mouse.click(q.x, q.y);
    }
  }
  expect((await status(page)).startsWith('Solved!'), await status(page));
  // Solved without a hint: the line no longer promises one.
  const after = await gradeLine();
  expect(after === '', `after Solved!: ${after}`);
});

await onBothSizes('keyboard-only play: arrows, F, X, Backspace, Ctrl+Z', async (page) => {
  await startPlaying(page, TEN);
  // Play puts the keyboard on the board: no click first (issue 61, item 3).
  await page.waitForFunction(() => document.activeElement?.matches('.board .canvas-wrap'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('f');
  // The board's text says where the cursor is and what its cell holds.
  await page.waitForFunction(() => document.querySelector('canvas.cells').getAttribute('aria-label')
    .includes('Cursor on row 2, column 2: filled; row clue'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('x');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await page.keyboard.press('Backspace');
  expect((await board(page)).split('\n')[1].slice(0, 4) === '?#.?', (await board(page)).split('\n')[1]);
  await page.keyboard.press('Control+z');
  expect((await board(page)).split('\n')[1].slice(0, 4) === '?#.#', 'Ctrl+Z undoes Backspace');
  await page.keyboard.press('Control+y');
  expect((await board(page)).split('\n')[1].slice(0, 4) === '?#.?', 'redo');
});

await onBothSizes('a click on a cell gives the board the keys; leaving play says the board is kept', async (page) => {
  await startPlaying(page, TEN);
  const p = await cell(page, 3, 4);
  await page.mouse.click(p.x, p.y);
  expect(await page.evaluate(() => document.activeElement.classList.contains('canvas-wrap')), 'the board has the keys');
  // The keys go on from the cell clicked: X crosses the next one.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('x');
  expect((await board(page)).split('\n')[3].slice(4, 6) === '#.', (await board(page)).split('\n')[3]);
  await page.click('#play-mode');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Your board is kept'));
  await page.click('#play-mode');
  await page.waitForSelector('#hint');
  expect((await board(page)).split('\n')[3].slice(4, 6) === '#.', 'the board back as it was left');
});

await onBothSizes('a wrong text says beside Play and Solve why they wait; the history waits for a solve', async (page) => {
  await paste(page, TEN);
  expect(!(await page.locator('#frame').isVisible()), 'no "step 0 of 0" before a solve');
  expect(!(await page.locator('#actions-note').isVisible()), 'nothing to fix');
  await paste(page, 'width 2\nheight 2\n\nrows\n3\n1\n\ncolumns\n1\n1\n');
  const note = await page.locator('#actions-note').textContent();
  expect(await page.locator('#solve').isDisabled() && note.includes('wait until the clues are fixed') && note.includes('row 1'), note);
  await page.click('#to-clues');
  expect(await page.evaluate(() => document.activeElement.id) === 'clues', 'the caret in the clues');
  await solve(page, TEN, 'Unique solution');
  expect(await page.locator('#frame').isVisible() && !(await page.locator('#actions-note').isVisible()), 'the history once solved');
});

await test('on a phone, taps fill, and with Cross on they mark empty', async (page) => {
  await startPlaying(page, TEN);
  await page.locator('.board canvas.cells').scrollIntoViewIfNeeded();
  let p = await cell(page, 2, 3);
  await page.touchscreen.tap(p.x, p.y);
  expect((await board(page)).split('\n')[2][3] === '#', 'a tap fills');
  await page.tap('#cross');
  p = await cell(page, 2, 4);
  await page.touchscreen.tap(p.x, p.y);
  expect((await board(page)).split('\n')[2][4] === '.', 'with Cross, a tap marks empty');
  const words = await askHint(page);
  expect(words.length > 10, words);
  await page.screenshot({ path: path.join(shots, 'play-phone-390.png') });
  // Solve ends play mode (the progress is kept) and shows the solver's verdict.
  await page.tap('#solve');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'));
  expect(await page.getAttribute('#play-mode', 'aria-pressed') === 'false', 'play mode ended');
  expect((await board(page)).replaceAll('\n', '') === TEN_SOLUTION.join(''), 'the board shows the solution');
  await page.tap('#play-mode');
  expect((await board(page)).split('\n')[2].slice(3, 5) === '#.', 'the progress is back');
}, PHONE);

await test('a reload comes back to play, with the board as it was left', async (page) => {
  await startPlaying(page, TEN);
  const at = await cell(page, 0, 0);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => document.querySelector('#grid-text').value.startsWith('#'));
  await page.reload();
  await page.waitForSelector('#hint');
  expect(await page.getAttribute('#play-mode', 'aria-pressed') === 'true', 'in play again');
  await page.waitForFunction(() => document.querySelector('#grid-text').value.startsWith('#'));
  // Left out of play: a reload stays out.
  await page.click('#play-mode');
  await page.waitForFunction(() => document.querySelector('#play-mode').getAttribute('aria-pressed') === 'false');
  await page.reload();
  await page.waitForSelector('#detected:has-text("Detected")');
  expect(await page.locator('#hint').count() === 0, 'not in play');
});

await onBothSizes('Make mode: the tools that make a puzzle come first and in view; making one plays it and ends the mode', async (page) => {
  await startPlaying(page, TEN);
  await page.click('#make-mode');
  // Play ends (its progress kept); the solve's verdict and history step aside.
  await page.waitForFunction(() => document.querySelector('#make-mode').getAttribute('aria-pressed') === 'true'
    && document.querySelector('#play-mode').getAttribute('aria-pressed') === 'false');
  expect(!(await page.locator('#verdict').isVisible()) && !(await page.locator('#step').isVisible()), 'verdict and history aside');
  // Make's own panel comes first among the board's tools, before the
  // picture reader, the line editor and Clues, all at hand and in view.
  await settled(page);
  expect(await page.locator('#make-heading').textContent() === 'Make a puzzle', await page.locator('#make-heading').textContent());
  expect(await page.locator('#make-ways').isVisible(), 'the other ways to make a puzzle are named');
  const [make, clues] = [await page.locator('#new-puzzle').boundingBox(), await page.locator('#clues').boundingBox()];
  expect(make.y < clues.y, `New puzzle (${make.y}) above Clues (${clues.y})`);
  const read = await page.locator('label[for="read-picture"]').boundingBox();
  expect(make.y < read.y, `New puzzle (${make.y}) above the reader (${read.y})`);
  const height = page.viewportSize().height;
  expect(read.y >= 0 && read.y + read.height <= height && make.y + make.height <= height,
    `in view: read at ${Math.round(read.y)}, New puzzle at ${Math.round(make.y)} of ${height}`);
  await page.screenshot({ path: path.join(shots, `make-mode-${page.viewportSize().width}.png`) });
  await page.selectOption('#new-size', '10');
  await page.click('#new-puzzle');
  await page.waitForSelector('#hint');
  expect(await page.getAttribute('#make-mode', 'aria-pressed') === 'false', 'Make mode ends with play');
  expect(await page.locator('#verdict').isVisible(), 'the verdict is back');
  // Out of Make mode the panel is a player's New puzzle, after the reader.
  expect(await page.locator('#make-heading').textContent() === 'New puzzle', await page.locator('#make-heading').textContent());
  expect(await page.locator('#make-ways').count() === 0, 'the other ways are Make mode\'s');
  const [after, reader] = [await page.locator('#new-puzzle').boundingBox(), await page.locator('label[for="read-picture"]').boundingBox()];
  expect(after.y > reader.y, `New puzzle (${after.y}) under the reader (${reader.y})`);
});

await onBothSizes('New puzzle: made in the worker at the size and grade chosen, then played to Solved! with hints', async (page) => {
  await page.waitForSelector('#detected:has-text("Detected")');
  await page.selectOption('#new-size', '10');
  await page.selectOption('#new-grade', '2'); // Medium
  await page.click('#new-puzzle');
  // Straight into play: the play bar comes, the clues are the new puzzle's.
  await page.waitForSelector('#hint');
  await page.waitForFunction(() => document.querySelector('#play-mode').getAttribute('aria-pressed') === 'true');
  const detected = await page.locator('#detected').textContent();
  expect(detected.includes('10×10'), detected);
  const clues = await page.inputValue('#clues');
  expect(/^title "Medium 10×10, no. \d+"$/m.test(clues), clues.slice(0, 200));
  if (page.viewportSize().width < 700) await page.screenshot({ path: path.join(shots, 'new-puzzle-390.png') });
  let hints = 0;
  while (!(await status(page)).startsWith('Solved!')) {
    await askHint(page);
    if (hints === 0) {
      // The worker grades it as the generator did.
      await page.waitForFunction(() => document.querySelector('#difficulty')?.textContent.includes('Medium'));
    }
    await page.click('#apply-hint');
    hints++;
    expect(hints < 100, 'at most 100 hints');
  }
  // Your own text comes back.
  expect(await page.locator('#restore-input').count() <= 1, 'restore offered at most once');
});

/// The clue lines of a `.non` text, its title and goal left out.
const cluesOf = (text) => text.split('\n').filter((l) => !/^(title|goal)/.test(l)).join('\n');

/// Waits until the made puzzle is read and play has started.
async function madeAndPlaying(page) {
  await page.waitForSelector('#hint');
  await page.waitForFunction(() => document.querySelector('#play-mode').getAttribute('aria-pressed') === 'true');
}

await onBothSizes('New puzzle in colour: made in the worker, played to Solved! with hints, its address names its colours', async (page) => {
  await page.selectOption('#new-size', '10');
  await page.selectOption('#new-grade', '1'); // Easy
  await page.selectOption('#new-colours', '2');
  await page.click('#new-puzzle');
  await madeAndPlaying(page);
  const detected = await page.locator('#detected').textContent();
  // Two colours on white, as the title says them.
  expect(detected.includes('10×10, 2 colours and white'), detected);
  const title = await page.locator('#puzzle-title').textContent();
  expect(/^Easy 10×10, 2 colours and white, no. \d+$/.test(title), title);
  expect(/^#new=10x10-easy-\d+-2colours$/.test(new URL(page.url()).hash), page.url());
  let hints = 0;
  while (!(await status(page)).startsWith('Solved!')) {
    await askHint(page);
    if (hints === 0) {
      // Graded as black and white's are, by the solve behind the first hint.
      const grade = await page.locator('#difficulty').textContent();
      expect(grade === 'Difficulty — Easy: simple line logic', grade);
    }
    await page.click('#apply-hint');
    hints++;
    expect(hints < 100, 'at most 100 hints');
  }
  await page.screenshot({ path: path.join(shots, `new-colour-${page.viewportSize().width}.png`) });
  // Very hard in colour is refused at once, with the reason.
  await page.selectOption('#new-grade', '4');
  await page.click('#new-puzzle');
  await page.waitForFunction(() => document.querySelector('#new-puzzle-note').textContent.startsWith('Very hard is rare in colour'));
  // Said once, under the controls that were used, in sight where they
  // are (a phone shows the status under the board); not in the status too.
  const note = page.locator('#new-puzzle-note');
  expect(!(await status(page)).includes('rare in colour'), await status(page));
  const [noteBox, buttonBox] = [await note.boundingBox(), await page.locator('#new-puzzle').boundingBox()];
  expect(noteBox && noteBox.y > buttonBox.y && noteBox.y - buttonBox.y < 200, JSON.stringify([noteBox, buttonBox]));
  await page.screenshot({ path: path.join(shots, `new-declined-${page.viewportSize().width}.png`) });
  // Another puzzle opened: the note goes.
  await page.selectOption('#new-grade', '1');
  await page.click('#new-puzzle');
  await madeAndPlaying(page);
  await page.waitForSelector('#new-puzzle-note', { state: 'hidden' });
});

await test('while a puzzle is made the board it replaces is dimmed and busy; Stop ends the making', async (page) => {
  // Very hard never comes at 5×5: the worker would try for its whole limit.
  await page.goto(`${base}#new=5x5-very-hard-1`);
  await page.waitForSelector('section.board.making[aria-busy=true]');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Making a 5×5 puzzle'));
  expect((await page.locator('#new-puzzle-note').textContent()).startsWith('Making a 5×5 puzzle'), 'said under New puzzle too');
  // The size menu offers the address's side while its puzzle is made or shown.
  expect(await page.inputValue('#new-size') === '5', await page.inputValue('#new-size'));
  await page.screenshot({ path: path.join(shots, 'making-1280.png') });
  await page.click('#stop');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent === 'Stopped making the puzzle.');
  expect(await page.locator('section.board.making').count() === 0, 'the board is no longer dimmed');
  expect(await page.getAttribute('section.board', 'aria-busy') === 'false', 'nor busy');
  expect(new URL(page.url()).hash === '', page.url());
});

await test('a made puzzle\'s address and share link make it again, in another browser and after a reload', async (page) => {
  const own = '2\n2\n\n2\n2\n';
  await paste(page, own);
  await page.selectOption('#new-size', '15');
  await page.selectOption('#new-grade', '3'); // Hard
  await page.click('#new-puzzle');
  await madeAndPlaying(page);
  const clues = await page.inputValue('#clues');
  const seed = /no. (\d+)"/.exec(clues)[1];
  const address = new URL(page.url());
  expect(address.hash === `#new=15x15-hard-${seed}`, address.hash);
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  expect(link === `${base}#new=15x15-hard-${seed}`, link);
  // Another browser (no storage of this one's) makes the same puzzle and plays it.
  const other = await browser.newPage();
  await other.goto(link);
  await madeAndPlaying(other);
  expect(await other.inputValue('#clues') === clues, 'the same puzzle from the link');
  // New puzzle's menus follow the puzzle shown (the next one is made alike).
  expect(await other.inputValue('#new-grade') === '3', await other.inputValue('#new-grade'));
  await other.close();
  // A reload comes back to it.
  await page.reload();
  await madeAndPlaying(page);
  expect(await page.inputValue('#clues') === clues, 'the same puzzle after a reload');
  // The text it replaced is still offered back after the reload; brought
  // back, it is your own text again: the address forgets the made puzzle.
  await page.click('#restore-input');
  await page.waitForFunction((own) => document.querySelector('#clues').value === own, own);
  await page.waitForFunction(() => location.hash === '');
  expect(await page.locator('#restore-input').count() === 0, 'offered once');
});

await onBothSizes('the puzzle of the day: the same for everyone on that date, its grade shown', async (page) => {
  await page.click('#puzzle-of-the-day');
  await madeAndPlaying(page);
  const today = await page.evaluate(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getDay()]; });
  const iso = `${today[0]}-${String(today[1]).padStart(2, '0')}-${String(today[2]).padStart(2, '0')}`;
  expect(new URL(page.url()).hash === `#day=${iso}`, page.url());
  const clues = await page.inputValue('#clues');
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  expect(clues.includes(`title "Puzzle of the day, ${today[2]} ${months[today[1] - 1]} ${today[0]} · `), clues.slice(0, 120));
  // Its size and grade follow the day of the week (Sunday is 0 in JavaScript).
  const week = { 1: [10, 'easy'], 2: [15, 'easy'], 3: [15, 'medium'], 4: [20, 'medium'], 5: [15, 'hard'], 6: [20, 'hard'], 0: [15, 'very-hard'] };
  const [side, grade] = week[today[3]];
  const detected = await page.locator('#detected').textContent();
  expect(detected.includes(`${side}×${side}`), detected);
  const title = await page.locator('#puzzle-title').textContent();
  const word = { easy: 'Easy', medium: 'Medium', hard: 'Hard', 'very-hard': 'Very hard' }[grade];
  expect(title === `Puzzle of the day, ${today[2]} ${months[today[1] - 1]} ${today[0]} · ${word}`, title);
  // Made to order, its grade is known from the start: the grade's line
  // says it (not that the first hint will), and again after a reload.
  const graded = () => page.waitForFunction((w) => document.querySelector('#difficulty')?.textContent.startsWith(`Difficulty — ${w}:`), word);
  await graded();
  // The grade is in the title itself: a reload keeps it (it was the
  // order's, which a reload does not bring back).
  await page.reload();
  await page.waitForFunction((t) => document.querySelector('#puzzle-title')?.textContent === t, title, { timeout: 30000 })
    .catch(() => {});
  const again = await page.locator('#puzzle-title').textContent();
  expect(again === title, `after a reload: ${again}`);
  await graded();
  await page.screenshot({ path: path.join(shots, `day-${page.viewportSize().width}.png`) });
  // The same puzzle as New puzzle at that size and grade with the date as seed
  // (`nonogram generate --size 15x15 --difficulty medium --seed 20261126`).
  const other = await browser.newPage();
  await other.goto(`${base}#new=${side}x${side}-${grade}-${iso.replaceAll('-', '')}`);
  await madeAndPlaying(other);
  expect(cluesOf(await other.inputValue('#clues')) === cluesOf(clues), 'the date is the seed');
  await other.close();
  // The worker grades it as the generator did, on the first hint.
  await page.click('#hint');
  await page.waitForFunction((w) => document.querySelector('#difficulty')?.textContent.includes(w), word);
});

await test('an address that names no puzzle says why and leaves the input', async (page) => {
  const before = await page.inputValue('#clues');
  await page.evaluate(() => { location.hash = '#new=15x15-tricky-1'; });
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('The link names no puzzle'));
  const said = await status(page);
  expect(said.includes('“tricky” is not a grade'), said);
  expect(await page.inputValue('#clues') === before, 'input unchanged');
  expect(new URL(page.url()).hash === '', page.url());
});

await test('a puzzle that needs looking ahead gets a hint that explains the contradiction', async (page) => {
  await startPlaying(page, LAMBDA);
  for (let i = 0; i < 80; i++) {
    const words = await askHint(page);
    if (words.startsWith('Looking ahead: if row')) {
      expect(/, (row|column) \d+ could not (fit its clue|be finished), so it is (filled|empty)\.$/.test(words), words);
      return;
    }
    await page.click('#apply-hint');
  }
  throw new Error('no look-ahead hint');
});

await test('a colour puzzle that needs looking ahead gets a colour look-ahead hint', async (page) => {
  // 7×7 in red and blue, unique, graded Hard: line logic stalls, looking
  // ahead one cell goes on.
  const hard = ['br.b...', 'rbb..b.', 'bb..rrb', 'bbb.bb.', 'b..rrr.', 'b.r...r', 'r..br..'];
  await startPlaying(page, colourJson(hard));
  for (let i = 0; i < 60; i++) {
    const words = await askHint(page);
    if (words.startsWith('Looking ahead')) {
      // One colour ruled out ("if … were red, …") or several ("as red, …; as white, …").
      const one = /^Looking ahead: if row \d+, column \d+ were (red|blue|white), .*could not (fit its clue|be finished), so it is (red|blue|white)\.$/;
      const several = /^Looking ahead at row \d+, column \d+: as (red|blue|white), .*could not (fit its clue|be finished).*; so it is (red|blue|white)\.$/;
      expect(one.test(words) || several.test(words), words);
      // Applied, the cell is as in the picture.
      const [, r, c] = words.match(/^Looking ahead(?:: if| at) row (\d+), column (\d+)/).map(Number);
      const colour = words.match(/so it is (\w+)\.$/)[1];
      expect({ r: 'red', b: 'blue', '.': 'white' }[hard[r - 1][c - 1]] === colour, `${words} (the picture has ${hard[r - 1][c - 1]})`);
      return;
    }
    await page.click('#apply-hint');
  }
  throw new Error('no look-ahead hint');
});

await test('hints on a 50×50 board come from the worker, one after another', async (page) => {
  // (How long each takes: `scripts/bench-page`.)
  const { words } = await hints50(page);
  // Each is a deduction in words ("Row 3, clue 2 1: …", "Looking ahead: …").
  expect(words.length === 3 && words.every((w) => /^(Row|Column|Looking ahead)/.test(w)), words.join(" | "));
});

await onBothSizes('a hand-made puzzle from the built-in list, played with its attribution shown', async (page) => {
  // The list is not part of the first download: fetched when opened.
  const fetched = [];
  page.on('request', (r) => { if (r.url().includes('builtin.json')) fetched.push(r.url()); });
  expect(fetched.length === 0, 'not fetched before it is opened');
  await page.click('#builtins > summary');
  await page.waitForSelector('#builtins .grade');
  const grades = await page.locator('#builtins .grade > summary').allTextContents();
  expect(grades.length === 4 && grades[0].startsWith('Easy (') && grades[3].startsWith('Very hard ('), grades.join(' | '));
  // Each entry names its size, grade, author and licence.
  const first = await page.locator('#builtins .grade li').first().textContent();
  expect(/^Play.+ \d+×\d+, easy — by .+; .+$/.test(first), first);
  // The licences' own words are there to read.
  await page.click('#builtins .licences > summary');
  const licences = await page.locator('#builtins .licence').allTextContents();
  expect(licences.some((l) => l.includes('Permission is hereby granted')), 'the Expat notice');
  // Play the webpbn survey's "Lasts Forever" (Very hard).
  await page.locator('#builtins .grade > summary').nth(3).click();
  await page.click('button[aria-label="Play Lasts Forever"]');
  await page.waitForSelector('#hint');
  await page.waitForFunction(() => document.querySelector('#play-mode').getAttribute('aria-pressed') === 'true');
  const title = await page.locator('#puzzle-title').textContent();
  expect(title === 'Lasts Forever · by Gator · Copyright 2009 by Gator · Free to pass on with attribution (webpbn survey)', title);
  expect((await page.locator('#detected').textContent()).includes('25×25'), 'its size');
  await page.screenshot({ path: path.join(shots, `builtin-${page.viewportSize().width}.png`) });
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#difficulty')?.textContent.includes('Very hard'));
  expect(fetched.length === 1, `fetched once: ${fetched.length}`);
  // Its share link carries the attribution too.
  if (page.viewportSize().width > 500) {
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('#puzzle-title');
    const shared = await other.locator('#puzzle-title').textContent();
    expect(shared === title, shared);
    await other.close();
  }
});

await onBothSizes('hand-made puzzles filtered by size and grade; a solved one shows its picture, the others a blank grid of their shape', async (page) => {
  await page.click('#builtins > summary');
  await page.waitForSelector('#builtin-size');
  const sides = () => page.$$eval('#builtins .grade[open] li', (items) => items.map((li) => {
    const [, w, h] = /(\d+)×(\d+)/.exec(li.textContent);
    return Math.max(Number(w), Number(h));
  }));
  await page.selectOption('#builtin-size', { label: 'Up to 10×10' });
  await page.selectOption('#builtin-grade', { label: 'Easy' });
  const small = await sides();
  expect(small.length > 0 && small.every((s) => s <= 10), `up to 10: ${small.join(' ')}`);
  const groups = await page.locator('#builtins .grade > summary').allTextContents();
  expect(groups.length === 1 && groups[0].startsWith('Easy ('), groups.join(' | '));
  // Each entry names its size and grade, and titles differ (a plain
  // "Puzzle N" where the source gave none).
  const about = await page.locator('#builtins .grade[open] li .builtin-about').allTextContents();
  expect(about.every((t) => /\d+×\d+, easy/.test(t)), about.join(' | '));
  const titles = await page.locator('#builtins .grade[open] li .builtin-title').allTextContents();
  expect(new Set(titles).size === titles.length, titles.join(' | '));
  // None solved yet: blank grids, no picture given away.
  expect(await page.locator('#builtins .thumb-ink').count() === 0, 'no picture before it is solved');
  expect(await page.locator('#builtins .thumb-paper').count() === small.length, 'a blank grid each');
  await page.selectOption('#builtin-size', { label: 'Larger' });
  await page.selectOption('#builtin-grade', { label: 'Very hard' });
  await page.waitForSelector('#builtins .hint:has-text("No puzzle of this size and grade.")');
  // Play the first small easy one to Solved! with hints alone.
  await page.selectOption('#builtin-size', { label: 'Up to 10×10' });
  await page.selectOption('#builtin-grade', { label: 'Easy' });
  const title = await page.locator('#builtins .grade[open] li .builtin-title').first().textContent();
  await page.locator('#builtins .grade[open] li .play-builtin').first().click();
  await page.waitForSelector('#hint');
  // Chosen with the page scrolled down to the list: the board (sticky
  // beside it) still gets the window's height, not what was left of it.
  if (page.viewportSize().width > 700) {
    await settled(page);
    const cell = await page.evaluate(() => Number(document.querySelector('canvas').getAttribute('data-cell')));
    expect(cell >= 36, `cells of ${cell} px for a 10-cell board at 1280×800`);
  }
  // Play's tools come into view with the board (the board is sticky and
  // stayed; Hint, at the top of the column beside it, had scrolled away).
  await until(page, () => page.evaluate(() => {
    const r = document.querySelector('#hint').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }), 'Hint in view');
  for (let i = 0; !(await status(page)).startsWith('Solved!'); i++) {
    expect(i < 60, 'at most 60 hints');
    await askHint(page);
    await page.click('#apply-hint');
  }
  // Its entry now shows the picture: as many filled cells as the board has.
  const entry = page.locator('#builtins .grade[open] li')
    .filter({ has: page.locator('.builtin-title', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  expect((await entry.textContent()).includes(', solved'), await entry.textContent());
  const ink = await entry.locator('.thumb-ink').getAttribute('d');
  const cells = [...ink.matchAll(/h(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  const filled = [...(await board(page))].filter((c) => c === '#').length;
  expect(cells === filled && filled > 0, `${cells} cells drawn, ${filled} filled`);
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `builtin-thumbnails-${page.viewportSize().width}.png`) });
});

await onBothSizes('My progress lists the puzzles played, solved ✓ with time and hints, after a reload; Continue plays on', async (page) => {
  // One solved with hints…
  await startPlaying(page, TEN);
  let hints = 0;
  while (!(await status(page)).startsWith('Solved!')) {
    await askHint(page);
    await page.click('#apply-hint');
    hints++;
  }
  // …and one made to order, begun: a cell filled.
  await page.selectOption('#new-size', '10');
  await page.selectOption('#new-grade', '1');
  await page.click('#new-puzzle');
  await page.waitForFunction(() => document.querySelector('#clues').value.includes("10×10, no. "));
  await page.waitForSelector('#hint');
  const made = /title "([^"]+)"/.exec(await page.inputValue('#clues'))[1];
  await askHint(page);
  await page.click('#apply-hint');
  const marked = await page.locator('#progress').textContent();
  expect(!marked.includes(': 0 cells'), marked);
  await page.reload();
  await page.waitForSelector('#detected:has-text("Detected")');
  await page.click('#my-progress > summary');
  const entries = await page.locator('#my-progress li').allTextContents();
  expect(entries.length === 2, entries.join(' | '));
  expect(entries[0].includes(made) && entries[0].startsWith('Continue') && entries[0].includes('1 hint;'), entries[0]);
  expect(entries[1].startsWith('Open✓ Untitled 10×10 — ') && entries[1].includes(`${hints} hint`), entries[1]);
  expect((await page.locator('#my-progress > summary').textContent()) === 'My progress (2 played, 1 solved)', 'summary');
  await page.screenshot({ path: path.join(shots, `progress-${page.viewportSize().width}.png`) });
  // Other text in Clues, then Continue: the made puzzle again, its cells kept.
  await paste(page, '1\n1\n\n1\n1\n');
  await page.click(`#my-progress button[aria-label="Continue ${made}"]`);
  await page.waitForSelector('#hint');
  await page.waitForFunction(() => document.querySelector('#play-mode').getAttribute('aria-pressed') === 'true');
  expect((await page.inputValue('#clues')).includes(made), 'the made puzzle in Clues');
  expect((await page.locator('#progress').textContent()) === marked, `progress kept: ${marked}`);
});

/// `nonogram generate --size 8x8 --difficulty very-hard --seed 1`: unique,
/// and no line or single look-ahead goes on from the empty board alone.
const VERY_HARD = 'width 8\nheight 8\n\nrows\n6\n6\n0\n1,1\n2,2\n2\n2,2\n2\n\ncolumns\n1\n2,1,1\n2,2\n2,1,1\n2,1,1\n2,2\n2,1,1\n1\n';

await onBothSizes('a Very hard puzzle: Hint offers a guess with a checkpoint, and is played to Solved! with it', async (page) => {
  await startPlaying(page, VERY_HARD);
  let guesses = 0, backs = 0, shot = false;
  for (let step = 0; !(await status(page)).startsWith('Solved!'); step++) {
    expect(step < 80, 'at most 80 hints');
    const words = await askHint(page);
    expect(!words.includes('mistake'), `no mistake is named while following a guess: ${words}`);
    if (words.startsWith('A dead end at')) {
      // Said as a player would, its cell ringed on the board (nothing to apply).
      expect(!/placement|line logic/.test(words), words);
      expect(await page.isDisabled('#apply-hint'), 'a dead end deduces nothing');
      await page.locator('.board canvas.cells').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `play-dead-end-${page.viewportSize().width}.png`) });
    }
    if (words.includes('led here')) {
      // A contradiction from the guess, which it names: back to the board
      // before it.
      expect(/The guess at row \d+, column \d+ led here: go back to the checkpoint/.test(words), words);
      expect(await page.locator('#back-to-checkpoint').isVisible(), 'Back to checkpoint is offered');
      await page.click('#back-to-checkpoint');
      backs++;
      continue;
    }
    if (words.includes('time for a guess')) {
      expect(/Try row \d+, column \d+ (filled|empty)/.test(words), words);
      guesses++;
    }
    await page.click('#apply-hint');
    if (guesses > 0 && !shot) {
      expect(await page.locator('#back-to-checkpoint').isVisible(), 'a checkpoint is kept after the guess');
      const w = page.viewportSize().width;
      await page.screenshot({ path: path.join(shots, `play-guess-${w}.png`) });
      shot = true;
    }
  }
  expect(guesses >= 1, `${guesses} guesses, ${backs} times back`);
  // Solved: the checkpoint is gone with the rest of play's work.
  expect(!(await page.locator('#back-to-checkpoint').isVisible()), 'no checkpoint once solved');
  console.log(`   ${guesses} guesses, ${backs} times back to a checkpoint`);
});
